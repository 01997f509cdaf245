/**
 * Any file name reaches the runner and a `{files}` check verbatim, as one argument of its own
 * that can never be an option, and is classified by what it is (a test under test/, an
 * implementation under src/) — the argv half of test/integration/hostile-names.test.ts, at many
 * runs with no process: there, one real RED → GREEN of these names together.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../../src/config/schema.js';
import { expandCommand, splitCommand } from '../../../src/process/command-line.js';
import { buildNodeArgv } from '../../../src/runners/node.js';
import { makeClassifier } from '../../../src/snapshot/classify.js';
import { HOSTILE_EXAMPLES, hostileName } from '../../helpers/hostile-names.js';

const classify = makeClassifier(DEFAULTS);
const CHECK = splitCommand('node ./check.js {files}');

describe('hostile file names, argv and classification', () => {
  it('a test file and an implementation with any name: classified as test and impl; in the runner and the {files} check one argument each, byte for byte as ./path', () => {
    fc.assert(
      fc.property(hostileName, (name) => {
        const testFile = `test/${name}.test.js`;
        const implFile = `src/${name}.js`;
        expect(classify(testFile)).toBe('test');
        expect(classify(implFile)).toBe('impl');
        expect(expandCommand(CHECK, [implFile, testFile])).toEqual([['node', './check.js', `./${implFile}`, `./${testFile}`]]);
        const { argv } = buildNodeArgv({ root: '/r', files: [testFile], reportPath: '/t/r.json', nodePath: 'node', runnerPath: '/t/rep.js', cacheDir: '/t/c' });
        const files = argv.slice(argv.indexOf('--test-reporter-destination=stdout') + 1);
        expect(files).toHaveLength(1);
        expect(files[0]!.startsWith('-')).toBe(false);
        expect(files[0]!.endsWith(testFile)).toBe(true);
      }),
      { numRuns: 1000, examples: HOSTILE_EXAMPLES.map((n) => [n] as [string]) },
    );
  });
});
