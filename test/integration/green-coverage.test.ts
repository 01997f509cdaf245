/**
 * GREEN's coverage (greenCoverage) and the tests it can break (greenRuns), through real `git
 * commit` with the installed hooks and the real `node --test` (raw V8 coverage, NODE_V8_COVERAGE):
 * Fake It is accepted in refuse mode; a branch no test takes is refused there and named, recorded
 * and accepted in warn mode; a GREEN that breaks an older passing test is refused. The tree is
 * fingerprinted around every refusal (attemptCommit).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { attemptCommit, codesOf, trailersOf } from '../helpers/cycle.js';
import { makeRepo, type Repo } from '../helpers/repo.js';

const TEST = `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sum } from '../src/sum.js';

test('sums', () => {
  assert.equal(sum(1, 2), 3);
});
`;
const FAKE_IT = '// Fake It: the one answer the test asks for\nexport function sum(a, b) {\n  return 3;\n}\n';
const BRANCHY_ONE_LINE = 'export function sum(a, b) {\n  if (a === 1 && b === 2) return 3; return 0;\n}\n';
const BRANCHY = 'export function sum(a, b) {\n  if (a === 1 && b === 2) {\n    return 3;\n  }\n  return 0;\n}\n';

let repo: Repo;
afterEach(() => repo?.cleanup());

function toGreen(config: Record<string, unknown>, extra: Record<string, string> = {}): Repo {
  const r = makeRepo({
    'package.json': JSON.stringify({ name: 'p', type: 'module', scripts: { test: 'node --test' } }) + '\n',
    '.tddrc.json': JSON.stringify({ runner: 'node', ...config }) + '\n',
    ...extra,
  });
  expect(r.tdd('install').status).toBe(0);
  r.git('add', '-A');
  r.tdd('phase', 'off', '--reason', 'skeleton');
  attemptCommit(r, 0);
  r.tdd('phase', 'red');
  r.write({ 'test/sum.test.js': TEST });
  r.git('add', 'test/sum.test.js');
  attemptCommit(r, 0);
  return r;
}

describe('greenCoverage with node --test', () => {
  it('refuse: Fake It is fully covered and accepted', () => {
    repo = toGreen({ greenCoverage: 'refuse' });
    repo.write({ 'src/sum.js': FAKE_IT });
    repo.git('add', 'src/sum.js');
    const out = attemptCommit(repo, 0);
    expect(out).not.toContain('GREEN_UNCOVERED_CODE');
    expect(trailersOf(repo)['TDD-Uncovered']).toBeUndefined();
  });

  it.each([
    ['on one line', BRANCHY_ONE_LINE, [2]],
    ['on several lines', BRANCHY, [5]],
  ])('refuse: a branch no test takes is refused (%s), the lines named', (_, impl, lines) => {
    repo = toGreen({ greenCoverage: 'refuse' });
    repo.write({ 'src/sum.js': impl });
    repo.git('add', 'src/sum.js');
    const out = attemptCommit(repo, 1, 'GREEN_UNCOVERED_CODE');
    expect(out).toContain(`src/sum.js: line ${lines.join(', ')}`);
  });

  it('warn (the default): the same commit is accepted, the lines recorded in TDD-Uncovered', () => {
    repo = toGreen({});
    repo.write({ 'src/sum.js': BRANCHY });
    repo.git('add', 'src/sum.js');
    const c = repo.commit('feat: sum');
    expect(c.status, c.stdout + c.stderr).toBe(0);
    expect(codesOf(c)).toContain('GREEN_UNCOVERED_CODE');
    expect(trailersOf(repo)['TDD-Uncovered']).toBe('src/sum.js:5');
  });

  it('off: nothing is measured', () => {
    repo = toGreen({ greenCoverage: 'off' });
    repo.write({ 'src/sum.js': BRANCHY });
    repo.git('add', 'src/sum.js');
    const out = attemptCommit(repo, 0);
    expect(out).not.toContain('GREEN_UNCOVERED_CODE');
  });
});

describe('greenRuns with node --test: the tests a GREEN can break', () => {
  const LOWER = 'export const lower = (s) => s.toLowerCase();\n';
  const TITLE = "import { lower } from './slug.js';\n\nexport const title = (s) => lower(s).replace(/^./, (c) => c.toUpperCase());\n";
  const TITLE_TEST =
    "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport { title } from '../src/title.js';\n\ntest('title', () => {\n  assert.equal(title('HELLO'), 'Hello');\n});\n";
  const SLUG_TEST =
    "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport { slugify } from '../src/slug.js';\n\ntest('slugify', () => {\n  assert.equal(slugify('a b'), 'a-b');\n});\n";

  function toSlugGreen(): Repo {
    const r = makeRepo({
      'package.json': JSON.stringify({ name: 'p', type: 'module', scripts: { test: 'node --test' } }) + '\n',
      '.tddrc.json': JSON.stringify({ runner: 'node', greenCoverage: 'refuse' }) + '\n',
      'src/slug.js': LOWER,
      'src/title.js': TITLE,
      'test/title.test.js': TITLE_TEST,
    });
    expect(r.tdd('install').status).toBe(0);
    r.git('add', '-A');
    r.tdd('phase', 'off', '--reason', 'skeleton');
    attemptCommit(r, 0);
    r.tdd('phase', 'red');
    r.write({ 'test/slug.test.js': SLUG_TEST });
    r.git('add', 'test/slug.test.js');
    attemptCommit(r, 0);
    return r;
  }

  it("refuses a GREEN that breaks another task's passing test, named; accepts the honest one and says how it chose", () => {
    repo = toSlugGreen();
    // slugify passes; `lower` no longer lowers: title's test, which passed at the parent, fails.
    repo.write({ 'src/slug.js': "export const lower = (s) => s;\nexport const slugify = (s) => s.split(' ').join('-');\n" });
    repo.git('add', 'src/slug.js');
    const out = attemptCommit(repo, 1, 'GREEN_BREAKS_TEST');
    expect(out).toContain('test/title.test.js > title');

    repo.write({ 'src/slug.js': `${LOWER}export const slugify = (s) => s.split(' ').join('-');\n` });
    repo.git('add', 'src/slug.js');
    attemptCommit(repo, 0);
    expect(trailersOf(repo)['TDD-Tests']).toMatch(/^related: .*import graph/);
  });

  it('a related test that already failed at the parent is not counted against the GREEN', () => {
    repo = toSlugGreen();
    // An older test broken past the hooks: it fails at the parent and now.
    repo.write({ 'src/title.js': "import { lower } from './slug.js';\n\nexport const title = (s) => lower(s);\n" });
    repo.git('commit', '-q', '--no-verify', '-m', 'broken past the hooks', 'src/title.js');
    repo.write({ 'src/slug.js': `${LOWER}export const slugify = (s) => s.split(' ').join('-');\n` });
    repo.git('add', 'src/slug.js');
    const c = repo.commit('feat: slugify');
    expect(c.status, c.stdout + c.stderr).toBe(0);
    expect(codesOf(c)).not.toContain('GREEN_BREAKS_TEST');
    expect(codesOf(c), c.stdout + c.stderr).toContain('GREEN_RELATED_FAILING_BEFORE');
  });
});
