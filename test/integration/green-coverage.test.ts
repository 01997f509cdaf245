/**
 * GREEN's coverage (greenCoverage) and the tests it can break (greenRuns), through real `git
 * commit` with the installed hooks and the real `node --test` (raw V8 coverage, NODE_V8_COVERAGE):
 * Fake It is accepted in refuse mode; a branch no test takes is refused there and named, recorded
 * and accepted in warn mode; a GREEN that breaks an older passing test is refused. The tree is
 * fingerprinted around every refusal (attemptCommit).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { attemptCommit, codesOf, trailersOf } from '../helpers/cycle.js';
import { copyRepo, makeRepo, type Repo } from '../helpers/repo.js';

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

/** Each configuration's skeleton and RED, built once: every case that starts there gets a cp -a copy. */
const templates = new Map<string, Repo>();
afterAll(() => {
  for (const t of templates.values()) t.cleanup();
});

function toGreen(config: Record<string, unknown>, extra: Record<string, string> = {}): Repo {
  const key = JSON.stringify([config, extra]);
  let t = templates.get(key);
  if (!t) templates.set(key, (t = buildGreen(config, extra)));
  return copyRepo(t);
}

function buildGreen(config: Record<string, unknown>, extra: Record<string, string>): Repo {
  const r = makeRepo({
    'package.json': JSON.stringify({ name: 'p', type: 'module', scripts: { test: 'node --test' } }) + '\n',
    // The skeleton is the one off commit this project's audit policy allows (audit.allowOff, at the base).
    '.tddrc.json': JSON.stringify({ runner: 'node', audit: { allowOff: 1 }, ...config }) + '\n',
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
    // Data beside the code is no source code: nothing to measure, nothing "not measured".
    repo.write({ 'src/sum.js': FAKE_IT, 'src/rates.json': '{"eur": 1}\n' });
    repo.git('add', 'src/sum.js', 'src/rates.json');
    const out = attemptCommit(repo, 0);
    expect(out).not.toContain('GREEN_COVERAGE_UNMEASURED');
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
    // The history keeps it: the audit counts it (listed, exit 0), the report shows it.
    const audit = repo.tdd('audit', 'HEAD', '--json');
    expect(audit.status, audit.stdout + audit.stderr).toBe(0);
    expect(audit.stdout).toContain('AUDIT_UNCOVERED');
    const report = repo.tdd('report', '--all');
    expect(report.stdout).toContain('uncovered: src/sum.js:5');
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

  let slugTemplate: Repo | undefined;
  afterAll(() => slugTemplate?.cleanup());
  /** Built once (skeleton, slug's RED), a cp -a copy per case. */
  const toSlugGreen = (): Repo => copyRepo((slugTemplate ??= buildSlugGreen()));

  function buildSlugGreen(): Repo {
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

    // The same GREEN made past the hooks: the replay runs the whole suite at a GREEN and sees it.
    repo.git('add', 'src/slug.js');
    repo.git('commit', '-q', '--no-verify', '-m', 'feat: slugify', '-m', 'TDD-Phase: green');
    const replay = repo.tdd('audit', 'HEAD~1..HEAD', '--replay', '--json');
    expect(replay.stdout).toContain('AUDIT_REPLAY_GREEN_FAILED');
    expect(replay.stdout).toContain('test/title.test.js');
    repo.git('reset', '-q', 'HEAD~1');

    repo.write({ 'src/slug.js': `${LOWER}export const slugify = (s) => s.split(' ').join('-');\n` });
    repo.git('add', 'src/slug.js');
    attemptCommit(repo, 0);
    expect(trailersOf(repo)['TDD-Tests']).toMatch(/^related: .*import graph/);
  });

  it("one run of both files, and the task's coverage is its own: a line only the other task's test runs is refused", () => {
    repo = toSlugGreen();
    // slug's test and title's test run in one `node --test`: title's test runs the changed `lower`
    // whole, slug's never calls it. Counting every process would accept it.
    repo.write({ 'src/slug.js': "export const lower = (s) => String(s).toLowerCase();\nexport const slugify = (s) => s.split(' ').join('-');\n" });
    repo.git('add', 'src/slug.js');
    const out = attemptCommit(repo, 1, 'GREEN_UNCOVERED_CODE');
    expect(out).toContain('src/slug.js: line 1');
    expect(out).not.toContain('GREEN_BREAKS_TEST');
  });

  it("a related test the one run cannot trust (it loads the work tree) warns; the task's GREEN stands on its own run", () => {
    repo = toSlugGreen();
    const leaking = TITLE_TEST.replace('import { title }', `import '${repo.dir}/src/title.js';\nimport { title }`);
    repo.write({ 'test/title.test.js': leaking });
    repo.git('commit', '-q', '--no-verify', '-m', 'a test past the hooks', 'test/title.test.js');
    // What it loads from the work tree is not what is committed (an unstaged edit): a leak.
    repo.write({ 'src/title.js': `${TITLE}// unstaged\n` });
    repo.write({ 'src/slug.js': `${LOWER}export const slugify = (s) => s.split(' ').join('-');\n` });
    repo.git('add', 'src/slug.js');
    const verified = repo.tdd('verify');
    expect(verified.status, verified.stdout + verified.stderr).toBe(0);
    expect(codesOf(verified)).toContain('GREEN_RELATED_UNRUN');
    // The commit reuses that verdict: its warning is said again and recorded, not dropped.
    const c = repo.commit('feat: slugify');
    expect(c.status, c.stdout + c.stderr).toBe(0);
    expect(codesOf(c), c.stdout + c.stderr).toContain('VERDICT_CACHED');
    expect(codesOf(c), c.stdout + c.stderr).toContain('GREEN_RELATED_UNRUN');
    expect(codesOf(c)).not.toContain('RUN_LEAKED');
    const events = readFileSync(join(repo.dir, '.git/tdd/events.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { event: string; codes?: string[] });
    expect(events.filter((e) => e.event === 'pre-commit').at(-1)?.codes).toEqual(expect.arrayContaining(['VERDICT_CACHED', 'GREEN_RELATED_UNRUN']));
    // TDD-Tests claims no related run that did not complete.
    const tests = trailersOf(repo)['TDD-Tests'];
    expect(tests).not.toMatch(/then import graph/);
    expect(tests).toMatch(/^related: the task's tests; import graph did not complete/);
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

/** A project of `runner` with `skeleton`, its RED (`red`) committed. */
function toRedOf(runner: string, config: Record<string, unknown>, skeleton: Record<string, string>, red: Record<string, string>): Repo {
  const r = makeRepo({ ...skeleton, '.tddrc.json': JSON.stringify({ runner, ...config }) + '\n' });
  expect(r.tdd('install').status).toBe(0);
  r.write({ '.tddrc.json': JSON.stringify({ runner, ...config }) + '\n' });
  r.git('add', '-A');
  r.tdd('phase', 'off', '--reason', 'skeleton');
  attemptCommit(r, 0);
  r.tdd('phase', 'red');
  r.write(red);
  r.git('add', '-A');
  attemptCommit(r, 0);
  return r;
}

describe('greenCoverage with pytest (the closed site traces the changed files)', () => {
  const PY_TEST = 'from calc import total\n\n\ndef test_total():\n    assert total(1, 2) == 3\n';
  const skeleton = { 'pytest.ini': '[pytest]\n', 'calc.py': '"""Arithmetic."""\n' };
  it('refuse: Fake It accepted; a branch no test takes refused, named; warn records it', () => {
    repo = toRedOf('pytest', { greenCoverage: 'refuse' }, skeleton, { 'test_calc.py': PY_TEST });
    repo.write({ 'calc.py': '"""Arithmetic."""\n\n\ndef total(a, b):\n    if a == 1 and b == 2:\n        return 3\n    # anything else\n    return 0\n' });
    repo.git('add', 'calc.py');
    expect(attemptCommit(repo, 1, 'GREEN_UNCOVERED_CODE')).toContain('calc.py: line 8');
    repo.write({ 'calc.py': '"""Arithmetic."""\nimport math\n\n\ndef total(a, b):\n    # Fake It\n    return 3\n' });
    repo.git('add', 'calc.py');
    expect(attemptCommit(repo, 0)).not.toContain('GREEN_UNCOVERED_CODE');
  });

  it('warn: a function no test calls is named and recorded', () => {
    repo = toRedOf('pytest', {}, skeleton, { 'test_calc.py': PY_TEST });
    repo.write({ 'calc.py': '"""Arithmetic."""\n\n\ndef total(a, b):\n    return a + b\n\n\ndef unused(a):\n    return a * 2\n' });
    repo.git('add', 'calc.py');
    const c = repo.commit('feat: total');
    expect(c.status, c.stdout + c.stderr).toBe(0);
    expect(trailersOf(repo)['TDD-Uncovered']).toBe('calc.py:9');
  });
});

describe('greenCoverage with go test -coverprofile', () => {
  const GO_TEST = 'package calc\n\nimport "testing"\n\nfunc TestTotal(t *testing.T) {\n\tif Total(1, 2) != 3 {\n\t\tt.Fatal("want 3")\n\t}\n}\n';
  const skeleton = { 'go.mod': 'module example.com/calc\n\ngo 1.19\n', 'calc.go': 'package calc\n' };
  const hasGo = spawnSync('go', ['version']).status === 0;
  it.skipIf(!hasGo)('refuse: Fake It accepted; the branchy fake refused, its line named', () => {
    repo = toRedOf('go', { greenCoverage: 'refuse' }, skeleton, { 'calc_test.go': GO_TEST });
    repo.write({ 'calc.go': 'package calc\n\n// Total adds.\nfunc Total(a, b int) int {\n\tif a == 1 && b == 2 {\n\t\treturn 3\n\t}\n\treturn 0\n}\n' });
    repo.git('add', 'calc.go');
    expect(attemptCommit(repo, 1, 'GREEN_UNCOVERED_CODE')).toContain('calc.go: line 8');
    repo.write({ 'calc.go': 'package calc\n\n// Total adds.\nfunc Total(a, b int) int {\n\treturn 3\n}\n' });
    repo.git('add', 'calc.go');
    expect(attemptCommit(repo, 0)).not.toContain('GREEN_UNCOVERED_CODE');
  });
});
