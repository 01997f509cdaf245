/**
 * The snapshot workflow through real `git commit`, with real vitest and jest: RED with
 * `toMatchSnapshot()` on a function that does not exist yet; a GREEN without the snapshot is told
 * it is missing (not mismatched); the snapshot the runner wrote in the working tree goes in with
 * the implementation; a REFACTOR that rewrites a stored snapshot is refused, one that adds an
 * entry for the task's tests is not; `tdd audit` agrees on the history. REFACTOR runs the tests the
 * change can affect by the runner's own related-tests mode (`vitest related`, `jest
 * --findRelatedTests`): breaking another file's test is refused, and TDD-Tests says how they were chosen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptCommit, trailersOf } from '../helpers/cycle.js';
import { makeRepo, PROJECT_ROOT, type Repo } from '../helpers/repo.js';
import { join } from 'node:path';

interface Flavour {
  runner: 'vitest' | 'jest';
  type: 'module' | 'commonjs';
  test: (cases: string) => string;
  impl: string;
  /** The runner, as the user runs it: outside CI it writes new snapshots. */
  runArgv: string[];
  /** Another module with its own test, there before the task: src/title.js, test/title.test.js; then a refactor of it that breaks that test, and one that does not. */
  title: { impl: string; test: string; broken: string; refactored: string };
  related: string;
}

const VITEST = join(PROJECT_ROOT, 'node_modules', 'vitest', 'vitest.mjs');
const JEST = join(PROJECT_ROOT, 'node_modules', 'jest', 'bin', 'jest.js');
const CASE = "  it('makes a slug', () => {\n    expect(slugify('Hello World')).toMatchSnapshot();\n  });\n";
const EXTRA = "  it('keeps digits', () => {\n    expect(slugify('Top 10')).toMatchSnapshot();\n  });\n";

const FLAVOURS: Flavour[] = [
  {
    runner: 'vitest',
    type: 'module',
    test: (cases) =>
      `import { describe, expect, it } from 'vitest';\nimport { slugify } from '../src/slugify.js';\n\ndescribe('slugify', () => {\n${cases}});\n`,
    impl: "export function slugify(text) {\n  return text.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean).join('-');\n}\n",
    runArgv: [VITEST, 'run'],
    title: {
      impl: 'export const title = (s) => s.toUpperCase();\n',
      test: "import { expect, it } from 'vitest';\nimport { title } from '../src/title.js';\n\nit('capitalises', () => {\n  expect(title('a b')).toBe('A B');\n});\n",
      broken: "import { slugify } from './slugify.js';\n\nexport const title = (s) => slugify(s).toUpperCase();\n",
      refactored: 'const upper = (s) => s.toUpperCase();\n\nexport const title = upper;\n',
    },
    related: 'related: vitest related',
  },
  {
    runner: 'jest',
    type: 'commonjs',
    test: (cases) => `const { slugify } = require('../src/slugify');\n\ndescribe('slugify', () => {\n${cases}});\n`,
    impl: "function slugify(text) {\n  return text.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean).join('-');\n}\nmodule.exports = { slugify };\n",
    runArgv: [JEST, '--no-watchman'],
    title: {
      impl: 'exports.title = (s) => s.toUpperCase();\n',
      test: "const { title } = require('../src/title');\n\nit('capitalises', () => {\n  expect(title('a b')).toBe('A B');\n});\n",
      broken: "const { slugify } = require('./slugify');\n\nexports.title = (s) => slugify(s).toUpperCase();\n",
      refactored: 'const upper = (s) => s.toUpperCase();\n\nexports.title = upper;\n',
    },
    related: 'related: jest --findRelatedTests',
  },
];

const SNAP = 'test/__snapshots__/slugify.test.js.snap';

describe.each(FLAVOURS)('snapshots with $runner, through git commit', (f) => {
  let r: Repo;
  beforeAll(() => {
    r = makeRepo(
      {
        'package.json': JSON.stringify({ name: 'p', private: true, type: f.type, devDependencies: { [f.runner]: '*' } }) + '\n',
        '.gitignore': 'node_modules\n',
      },
      { linkNodeModules: true },
    );
    expect(r.tdd('install').status).toBe(0);
    // The one off commit below is what this project's audit policy allows (audit.allowOff, at the base).
    r.write({ '.tddrc.json': JSON.stringify({ ...JSON.parse(r.read('.tddrc.json')), audit: { allowOff: 1 } }) + '\n' });
    // The setup commit right after install: no phase needed.
    r.git('add', '-A');
    attemptCommit(r, 0, 'SETUP_COMMIT');
    r.tdd('phase', 'off', '--reason', 'before the task');
    r.write({ 'src/title.js': f.title.impl, 'test/title.test.js': f.title.test });
    r.git('add', '-A');
    attemptCommit(r, 0, 'PHASE_OFF');
    r.tdd('phase', 'red');
  });
  afterAll(() => r.cleanup());

  it('adds the snapshot with GREEN, refuses a rewritten one, and the audit agrees', () => {
    // RED: the function does not exist yet.
    r.write({ 'test/slugify.test.js': f.test(CASE) });
    r.git('add', 'test/slugify.test.js');
    attemptCommit(r, 0);
    expect(trailersOf(r)['TDD-Phase']).toBe('red');

    // GREEN without the snapshot: missing, not mismatched.
    r.write({ 'src/slugify.js': f.impl });
    r.git('add', 'src/slugify.js');
    attemptCommit(r, 1, 'GREEN_SNAPSHOT_MISSING');

    // The user's own run writes it (no CI here); it goes in with the implementation.
    const ran = r.run(process.execPath, f.runArgv);
    expect(ran.status, ran.stdout + ran.stderr).toBe(0);
    expect(r.read(SNAP)).toContain('hello-world');
    r.git('add', 'src/slugify.js', SNAP);
    const green = attemptCommit(r, 0, 'SNAPSHOTS_ADDED');
    expect(trailersOf(r)['TDD-Phase'], green).toBe('green');

    // REFACTOR that rewrites the stored value: refused before any test runs.
    r.write({ [SNAP]: r.read(SNAP).replace('hello-world', 'hello_world') });
    r.git('add', SNAP);
    attemptCommit(r, 1, 'TESTS_CHANGED');
    r.git('checkout', '--', SNAP);

    // REFACTOR of another module that breaks its own test: the runner's related mode finds that test.
    r.write({ 'src/title.js': f.title.broken });
    r.git('add', 'src/title.js');
    const broken = attemptCommit(r, 1, 'GREEN_TESTS_FAIL');
    expect(broken).toContain('test/title.test.js');
    r.write({ 'src/title.js': f.title.refactored });
    r.git('add', 'src/title.js');
    attemptCommit(r, 0);
    expect(trailersOf(r)['TDD-Tests']).toBe(f.related);

    // The audit re-checks the history by the same rule.
    const audit = r.tdd('audit', 'HEAD', '--json');
    expect(audit.status, audit.stdout + audit.stderr).toBe(0);
  });

  it('RED refuses a test whose only failure is a snapshot nobody wrote', () => {
    r.tdd('phase', 'red');
    r.write({ 'test/slugify.test.js': f.test(CASE + EXTRA) });
    r.git('add', 'test/slugify.test.js');
    const out = attemptCommit(r, 1, 'RED_WRONG_REASON');
    expect(out).toContain('snapshot-missing');
    r.git('checkout', '--', 'test/slugify.test.js');
  });
});
