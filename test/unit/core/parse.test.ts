import { describe, expect, it } from 'vitest';
import { parseCatFileBatch, parseRawDiff, parseStatusV2 } from '../../../src/git/parse.js';
import { isEmptyBlob } from '../../../src/git/ids.js';
import { mayBeIntentToAdd } from '../../../src/snapshot/read.js';
import { parseTrailerLog } from '../../../src/state/trailers.js';
import { validateConfig } from '../../../src/config/validate.js';
import { applyCommit, nextPhase } from '../../../src/state/machine.js';
import { emptyState, type Pending } from '../../../src/state/types.js';
import { makeClassifier } from '../../../src/snapshot/classify.js';
import { DEFAULTS } from '../../../src/config/schema.js';

const A = '78981922613b2afb6025042ff6bd878ac1994e85';
const B = '422c2b7ab3b3c668038da977e4e93a5fc623169c';
const Z = '0000000000000000000000000000000000000000';

describe('parseRawDiff', () => {
  it('reads -z raw records, names with spaces, newlines and a leading dash intact', () => {
    const out = `:100644 100755 ${A} ${B} M\0a\0:000000 100644 ${Z} ${B} A\0sp ace\0:100644 000000 ${A} ${Z} D\0new\nline\0:000000 100644 ${Z} ${A} A\0-x.test.js\0`;
    expect(parseRawDiff(out)).toEqual([
      { path: 'a', status: 'M', oldMode: '100644', newMode: '100755', oldBlob: A, newBlob: B },
      { path: 'sp ace', status: 'A', oldMode: '000000', newMode: '100644', oldBlob: Z, newBlob: B },
      { path: 'new\nline', status: 'D', oldMode: '100644', newMode: '000000', oldBlob: A, newBlob: Z },
      { path: '-x.test.js', status: 'A', oldMode: '000000', newMode: '100644', oldBlob: Z, newBlob: A },
    ]);
  });
  it('reads unmerged entries', () => {
    expect(parseRawDiff(`:000000 000000 ${Z} ${Z} U\0c.js\0`)[0]?.status).toBe('U');
  });
  it('is empty for no output', () => expect(parseRawDiff('')).toEqual([]));
});

describe('git/ids', () => {
  it('knows the empty blob in both object formats (git hash-object -t blob /dev/null, and with --object-format=sha256)', () => {
    expect(isEmptyBlob('e69de29bb2d1d6434b8b29ae775ad8c2e48c5391')).toBe(true);
    expect(isEmptyBlob('473a0f4c3be8a93681a267e3b1e9a7dcda1185436fe141f7749120a303721813')).toBe(true);
    expect(isEmptyBlob(A)).toBe(false);
  });

  it('an added empty file may be intent-to-add in either format (the tree tells)', () => {
    const added = (newBlob: string) => ({ path: 'a', status: 'A' as const, oldMode: '000000', newMode: '100644', oldBlob: Z, newBlob, kind: 'impl' as const });
    expect(mayBeIntentToAdd(added('473a0f4c3be8a93681a267e3b1e9a7dcda1185436fe141f7749120a303721813'))).toBe(true);
    expect(mayBeIntentToAdd(added(B))).toBe(false);
  });
});

describe('parseStatusV2', () => {
  it('reads staged, unstaged, intent-to-add, unmerged and untracked paths (spaces kept)', () => {
    // git 2.39: `git status --porcelain=v2 -z --untracked-files=all --no-renames`
    const A = '78981922613b2afb6025042ff6bd878ac1994e85';
    const B = 'c1827f07e114c20547dc6a7296588870a4b5b62c';
    const out =
      `1 MM N... 100644 100644 100644 ${A} ${B} a b.js\0` +
      `1 .A N... 000000 000000 100644 ${Z} ${Z} ita\0` +
      `u UU N... 100644 100644 100644 100644 ${A} ${B} ${A} both\0` +
      `? new file\0`;
    expect(parseStatusV2(out)).toEqual([
      { path: 'a b.js', x: 'M', y: 'M', indexBlob: B },
      { path: 'ita', x: '.', y: 'A', indexBlob: Z },
      { path: 'both', x: 'U', y: 'U', indexBlob: B },
      { path: 'new file', x: '?', y: '?', indexBlob: '' },
    ]);
  });
});

describe('parseCatFileBatch', () => {
  it('reads blobs (binary-safe) and missing names in order', () => {
    const out = Buffer.concat([Buffer.from(`${A} blob 3\n`), Buffer.from([0, 10, 255]), Buffer.from(`\n:nope missing\n${B} blob 2\nhi\n`)]);
    const [a, missing, b] = parseCatFileBatch(out, 3);
    expect([...a!]).toEqual([0, 10, 255]);
    expect(missing).toBeNull();
    expect(b!.toString()).toBe('hi');
  });
});

describe('parseTrailerLog', () => {
  it('reads our trailers and ignores others', () => {
    const out = `${A}\x1fTDD-Phase: red\nTDD-Task: 12\nTDD-Regression: true\nSigned-off-by: x\n\x1e\n${B}\x1f\x1e\n`;
    expect(parseTrailerLog(out)).toEqual([
      { commit: A, phase: 'red', task: '12', regression: true },
      { commit: B, regression: false },
    ]);
  });
});

describe('validateConfig', () => {
  it('fills defaults', () => {
    const { config, problems } = validateConfig({ runner: 'vitest' }, '.tddrc.json');
    expect(problems).toEqual([]);
    expect(config.runner).toBe('vitest');
    expect(config.tests).toEqual(DEFAULTS.tests);
  });
  it('names every problem with its key', () => {
    const { problems } = validateConfig({ runner: 'karma', tests: 'x', autoAdvance: 'yes', nope: 1, isolation: { link: [1] } }, '.tddrc.json');
    expect(problems.map((p) => p.key).sort()).toEqual(['autoAdvance', 'isolation.link', 'nope', 'runner', 'tests']);
    expect(problems.every((p) => p.file === '.tddrc.json')).toBe(true);
  });
  it('rejects a non-object', () => {
    expect(validateConfig([], 'package.json#tdd').problems[0]?.key).toBe('(root)');
  });
});

describe('phase machine', () => {
  const pending = (phase: Pending['phase'], extra: Partial<Pending> = {}): Pending => ({
    tree: 't',
    phase,
    task: '1',
    regression: false,
    reason: null,
    testFiles: ['a.test.js'],
    blobs: { 'a.test.js': A },
    failing: ['a.test.js > x'],
    summary: '',
    at: '',
    ...extra,
  });
  const now = new Date(0);
  it('advances red → green → refactor, and stays in refactor', () => {
    expect([nextPhase('red', false), nextPhase('green', false), nextPhase('refactor', false), nextPhase('red', true)]).toEqual([
      'green',
      'refactor',
      'refactor',
      'refactor',
    ]);
  });
  it('records RED, accumulates a second RED, closes on GREEN', () => {
    let s = { ...emptyState(now), phase: 'red' as const, task: '1' };
    s = applyCommit(s, pending('red'), 'c1', { autoAdvance: false, now });
    s = applyCommit(s, pending('red', { testFiles: ['b.test.js'], failing: ['b.test.js > y'] }), 'c2', { autoAdvance: true, now });
    expect(s.red['1']).toMatchObject({ commit: 'c2', files: ['a.test.js', 'b.test.js'], failing: ['a.test.js > x', 'b.test.js > y'] });
    expect(s.phase).toBe('green');
    s = applyCommit(s, pending('green'), 'c3', { autoAdvance: true, now });
    expect(s.red['1']?.greenCommit).toBe('c3');
    expect(s.phase).toBe('refactor');
    s = { ...s, phase: 'red' };
    s = applyCommit(s, pending('red', { testFiles: ['c.test.js'], failing: [] }), 'c4', { autoAdvance: true, now });
    expect(s.red['1']).toMatchObject({ commit: 'c4', files: ['c.test.js'] });
  });
  it('does not advance without autoAdvance', () => {
    const s = applyCommit({ ...emptyState(now), phase: 'red' }, pending('red'), 'c1', { autoAdvance: false, now });
    expect(s.phase).toBe('red');
  });
});

describe('classifier', () => {
  const classify = makeClassifier(DEFAULTS);
  it.each([
    ['src/a.test.ts', 'test'],
    ['src/__tests__/a.tsx', 'test'],
    ['test/a_test.js', 'test'],
    ['test/helpers/db.js', 'support'],
    // A workspace package's own test folders, not only the top's.
    ['packages/app/test/setup.js', 'support'],
    ['services/api/tests/conftest_data.json', 'support'],
    ['packages/app/src/index.js', 'impl'],
    ['src/__snapshots__/a.test.ts.snap', 'support'],
    ['vitest.config.ts', 'support'],
    ['.tddrc.json', 'support'],
    ['package.json', 'manifest'],
    ['web/package-lock.json', 'manifest'],
    ['README.md', 'ignored'],
    // The plan file is the tool's own: never implementation.
    ['tdd-plan.json', 'ignored'],
    ['.github/workflows/ci.yml', 'ignored'],
    ['src/a.ts', 'impl'],
    ['src/latest.ts', 'impl'],
    ['src/contest.js', 'impl'],
    // A newline is a character of a name like any other (picomatch writes "any" as `.`).
    ['test/\n&&;.test.js', 'test'],
    ['src/\nx.test.js', 'test'],
    ['src/\nx.js', 'impl'],
    ['docs/\nnotes.md', 'ignored'],
  ])('%j is %s', (path, kind) => expect(classify(path)).toBe(kind));
});
