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
