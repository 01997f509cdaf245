/**
 * Hostile configuration, plan and local state files (catalogue §8 generators), property-based
 * with fast-check, each through the built CLI and real `git commit` with the installed hooks:
 *
 * - `.tddrc.json` committed (hooks bypassed) or staged, `package.json#tdd`, `runners`: any JSON
 *   value, random bytes, deep nesting, huge numbers, wrong types for known keys, prototype names;
 * - `tdd-plan.json` for `tdd waves`, `tdd stage` and a commit with an active task;
 * - the local state under `.git/tdd/` (state.json, pending.json, attempts.json, scratch.json,
 *   globs.json, events.jsonl).
 *
 * Every outcome is exit 2 with a message naming the file (and the key, for configuration and
 * plan), or — for corrupt local state — the state rebuilt from the history's trailers. Never a
 * stack trace, never "internal error", and never exit 0 for a commit that must be refused: the
 * commit attempted here is a RED commit that only adds implementation.
 *
 * The runs are few so that the file stays under a minute; TDD_HOSTILE_RUNS=10 multiplies them.
 * `it.fails` marks a bug found here in a file this change could not touch: the test turns red once
 * the bug is fixed, and the marker comes off.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import fc from 'fast-check';
import picomatch from 'picomatch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fingerprint, trailersOf } from '../helpers/cycle.js';
import { copyRepo, makeRepo, type Repo } from '../helpers/repo.js';
import type { SpawnSyncReturns } from 'node:child_process';

const SKELETON = {
  'package.json': JSON.stringify({ name: 'p', type: 'module' }) + '\n',
  'README.md': '# p\n',
};
const ONE_TEST = `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { one } from '../src/one.js';

test('one gives one', () => {
  assert.equal(one(), 1);
});
`;
const ONE_IMPL = 'export function one() {\n  return 1;\n}\n';
/** The implementation a RED commit must never hold. */
const IMPL = { path: 'src/a.js', content: 'export const a = 1;\n' };

/** A crash: a stack frame, an uncaught JS error at the start of a line, the generic internal-error line. */
const CRASH = /^\s+at |^(TypeError|RangeError|ReferenceError)|internal error|a bug in tdd-hooks/m;
const RUNS = Number(process.env.TDD_HOSTILE_RUNS ?? 1);

const repos: Repo[] = [];
afterAll(() => {
  for (const r of repos.splice(0)) r.cleanup();
});

/** Templates, by whether the configuration is kept: built once per file, copied per test (cp -a). */
const templates = new Map<boolean, Repo>();

/** A repository with the hooks installed and a skeleton committed in phase off. */
function freshRepo(opts: { keepConfig?: boolean } = { keepConfig: true }): Repo {
  const keep = opts.keepConfig ?? false;
  let template = templates.get(keep);
  if (!template) {
    template = makeRepo(SKELETON);
    repos.push(template);
    const inst = template.tdd('install');
    expect(inst.status, inst.stderr + inst.stdout).toBe(0);
    if (!keep) template.remove('.tddrc.json');
    template.git('add', '-A');
    expect(template.tdd('phase', 'off', '--reason', 'skeleton').status).toBe(0);
    const c = template.commit('chore: skeleton');
    expect(c.status, c.stderr).toBe(0);
    templates.set(keep, template);
  }
  const repo = copyRepo(template);
  repos.push(repo);
  return repo;
}

function put(repo: Repo, path: string, content: string | Uint8Array): void {
  mkdirSync(dirname(join(repo.dir, path)), { recursive: true });
  writeFileSync(join(repo.dir, path), content);
}

const head = (repo: Repo): string => repo.git('rev-parse', 'HEAD').trim();
const output = (r: SpawnSyncReturns<string>): string => r.stdout + r.stderr;

function expectNoCrash(r: SpawnSyncReturns<string>): void {
  expect(output(r)).not.toMatch(CRASH);
}

/** `--json` output: the verdict, or `{error}` for a usage or configuration error. */
function jsonOf(r: SpawnSyncReturns<string>): Record<string, any> {
  expect(r.stdout, r.stderr).toMatch(/^\{/);
  return JSON.parse(r.stdout) as Record<string, any>;
}

/** The JSON value a file's bytes hold, as any JSON reader would see them; undefined when it is not JSON. */
function parsed(bytes: Uint8Array | string): unknown {
  try {
    return JSON.parse(typeof bytes === 'string' ? bytes : Buffer.from(bytes).toString('utf8'));
  } catch {
    return undefined;
  }
}

/** A configuration error names the file and, for each problem, a key the file has (or the file as a whole). */
function expectConfigNamed(j: Record<string, any>, raw: unknown, file: string): void {
  expect(j.error?.code).toBe('CONFIG_INVALID');
  expect(j.error.message).toContain(`${file}: `);
  const problems = j.error.problems as { file: string; key: string }[];
  expect(problems.length).toBeGreaterThan(0);
  for (const p of problems) {
    expect(p.file).toBe(file);
    if (p.key === '(root)' || p.key === '(file)') continue;
    // A key path starts with one of the file's own keys (which may hold dots or brackets themselves).
    const keys = typeof raw === 'object' && raw !== null ? Object.keys(raw) : [];
    const named = keys.some((k) => p.key === k || p.key.startsWith(`${k}.`) || p.key.startsWith(`${k}[`));
    expect(named, `${p.key} is not a key of ${JSON.stringify(raw)?.slice(0, 200)}`).toBe(true);
  }
}

/**
 * The commit attempted is refused and changes nothing, without a crash; when `named` is given,
 * git shows the hook's message naming it.
 */
function expectCommitRefused(repo: Repo, named?: string): void {
  const before = fingerprint(repo);
  const h = head(repo);
  const c = repo.commit('attempt');
  expect(c.status, output(c)).not.toBe(0);
  expectNoCrash(c);
  if (named) expect(c.stderr).toContain(named);
  expect(head(repo)).toBe(h);
  expect(fingerprint(repo)).toBe(before);
}

/** `tdd verify` on the staged RED implementation: refused (1, RED_IMPL_STAGED or PHASE_UNSET) or an error (2); then the real commit, refused. */
function verifyRefused(repo: Repo): { status: number; json: Record<string, any> } {
  const v = repo.tdd('verify', '--json');
  expectNoCrash(v);
  const json = jsonOf(v);
  expect([1, 2], output(v)).toContain(v.status);
  if (v.status === 1)
    expect((json.findings as { code: string }[]).map((f) => f.code)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^(RED_IMPL_STAGED|PHASE_UNSET)$/)]),
    );
  return { status: v.status!, json };
}

// ---------------------------------------------------------------------------------------------
// Generators

const CONFIG_KEYS = [
  'runner',
  'testCommand',
  'testTargetedCommand',
  'runners',
  'tests',
  'testSupport',
  'ignore',
  'alwaysAllowed',
  'autoAdvance',
  'refactorRuns',
  'timeoutSeconds',
  'isolation',
  'plan',
  'staticChecks',
  'falseFailPatterns',
  'attempts',
  'budgets',
  'commitMessage',
  'audit',
  '$schema',
  '$comment',
];
const NESTED: Record<string, string[]> = {
  isolation: ['link'],
  attempts: ['red', 'green'],
  budgets: ['perTaskMinutes'],
  commitMessage: ['template', 'mode'],
  audit: ['failOnOff', 'failOnRegression', 'failOnFalseFail', 'failOnMergeChanges', 'allowOff'],
};
const RUNNER_NAMES = ['vitest', 'node', 'jest', 'mocha', 'pytest', 'unittest', 'go', 'cargo', 'command'];

/** Numbers a parser must survive: past 2^53, past 2^31 ms, denormal, negative zero, the largest double. */
// eslint-disable-next-line no-loss-of-precision -- a literal no double holds exactly, on purpose
const oddNumber = fc.constantFrom(1e308, Number.MAX_VALUE, 2 ** 53 + 2, 2 ** 31, 2147483.648, 5e-324, -0, -1, 0, 0.5, 1e21, 123456789012345678901234567890);
const anyJson = fc.jsonValue({ maxDepth: 3 });
const oddValue = fc.oneof(
  anyJson,
  oddNumber,
  fc.constantFrom('', ' ', '..', '/etc', '../x', '\u0000', '**', '(', '\n'),
  fc.array(fc.oneof(fc.string(), oddNumber), { maxLength: 3 }),
);

/** One runner of `runners`: known keys with right or wrong values, sometimes an unknown key. */
const runnerSpec = fc.record(
  {
    runner: fc.oneof(fc.constantFrom(...RUNNER_NAMES), oddValue),
    tests: fc.oneof(fc.array(fc.constantFrom('test/**/*.test.js', 'api/**/test_*.py', '', 'x'), { maxLength: 2 }), oddValue),
    root: fc.oneof(fc.constantFrom('.', 'api', 'a//b/', './web', '..', '/abs', 'a\\b', 'a/../b'), oddValue),
    testCommand: fc.oneof(fc.constantFrom('make test', '  ', null), oddValue),
    testTargetedCommand: fc.oneof(fc.constantFrom('run {files}', null), oddValue),
    extra: oddValue,
  },
  { requiredKeys: [] },
);

/** A configuration: anything, known keys with any value (nested keys too), `runners` of good and bad specs. */
const configValue: fc.Arbitrary<unknown> = fc.oneof(
  anyJson,
  fc.dictionary(fc.constantFrom(...CONFIG_KEYS), oddValue, { maxKeys: 4 }),
  fc.constantFrom(...Object.keys(NESTED)).chain((k) => fc.record({ [k]: fc.dictionary(fc.constantFrom(...NESTED[k]!, 'nope'), oddValue, { maxKeys: 3 }) })),
  fc.record({ runners: fc.oneof(fc.array(runnerSpec, { maxLength: 3 }), oddValue) }, { requiredKeys: ['runners'] }),
);

/** File content: JSON text of a generated value, or bytes. */
const configFile: fc.Arbitrary<string | Uint8Array> = fc.oneof(
  { weight: 4, arbitrary: configValue.map((v) => JSON.stringify(v) ?? 'null') },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 64 }) },
);

/** Whether a valid configuration would put src/a.js out of the verdict's reach (ignored or always allowed): then exit 0 is right. */
function allowsImpl(raw: unknown): boolean {
  if (typeof raw !== 'object' || raw === null) return false;
  const o = raw as Record<string, unknown>;
  return ['ignore', 'alwaysAllowed'].some(
    (k) => Array.isArray(o[k]) && (o[k] as unknown[]).some((g) => typeof g === 'string' && g !== '' && picomatch(g, { dot: true })(IMPL.path)),
  );
}

// ---------------------------------------------------------------------------------------------

describe('.tddrc.json', () => {
  let repo: Repo;
  beforeAll(() => {
    repo = freshRepo();
    expect(repo.tdd('phase', 'red').status).toBe(0);
    put(repo, IMPL.path, IMPL.content);
  });

  it('committed with the hooks bypassed, whatever it holds: the RED implementation commit is refused, or exit 2 names the file and the key', () => {
    fc.assert(
      fc.property(configFile, (bytes) => {
        const raw = parsed(bytes);
        fc.pre(!allowsImpl(raw));
        put(repo, '.tddrc.json', bytes);
        repo.git('add', '.tddrc.json');
        repo.run('git', ['commit', '-q', '--no-verify', '--allow-empty', '-m', 'config'], { env: { TDD_HOOKS: '0' } });
        repo.git('add', IMPL.path);
        const { status, json } = verifyRefused(repo);
        if (status === 2) expectConfigNamed(json, raw, '.tddrc.json');
        expectCommitRefused(repo, status === 2 ? '.tddrc.json: ' : undefined);
        repo.git('reset', '-q', '--', IMPL.path);
      }),
      { numRuns: 12 * RUNS, endOnFailure: true },
    );
  });

  it('staged, whatever it holds: judged by the committed rules (the implementation refused), or exit 2 names the file and the key', () => {
    const repo = freshRepo();
    expect(repo.tdd('phase', 'red').status).toBe(0);
    put(repo, IMPL.path, IMPL.content);
    fc.assert(
      fc.property(configFile, (bytes) => {
        const raw = parsed(bytes);
        put(repo, '.tddrc.json', bytes);
        repo.git('add', '.tddrc.json', IMPL.path);
        const { status, json } = verifyRefused(repo);
        if (status === 2) expectConfigNamed(json, raw, '.tddrc.json');
        else expect(json.findings.map((f: { code: string }) => f.code)).toEqual(expect.arrayContaining(['CONFIG_PENDING', 'RED_IMPL_STAGED']));
        expectCommitRefused(repo, status === 2 ? '.tddrc.json: ' : undefined);
      }),
      { numRuns: 10 * RUNS, endOnFailure: true },
    );
  });

  // JSON.parse reads nesting that JSON.stringify cannot write back: the problem names its type.
  it.each([
    ['deep nesting that JSON.parse reads (5,000 levels)', `{"tests": ${'['.repeat(5000)}${']'.repeat(5000)}}`, 'tests'],
    // V8's JSON.parse reads this too (it does not recurse); the problem is then the root's type.
    ['deep nesting of 100,000 levels at the root', `${'['.repeat(100_000)}${']'.repeat(100_000)}`, '(root)'],
  ])('%s: exit 2 names the file, no crash', (_name, text, key) => {
    put(repo, '.tddrc.json', text);
    repo.git('add', '.tddrc.json', IMPL.path);
    try {
      const v = repo.tdd('verify', '--json');
      expectNoCrash(v);
      expect(v.status).toBe(2);
      expect(jsonOf(v).error.problems.map((p: { key: string }) => p.key)).toContain(key);
      expectCommitRefused(repo, '.tddrc.json: ');
    } finally {
      repo.git('reset', '-q', '--', '.tddrc.json', IMPL.path);
      repo.git('checkout', '--', '.tddrc.json');
    }
  });

  // A key that is also the name of an Object.prototype member is an unknown key like any other.
  it.each([
    ['{"__proto__": 1}', '__proto__'],
    ['{"hasOwnProperty": 1}', 'hasOwnProperty'],
    ['{"isPrototypeOf": true}', 'isPrototypeOf'],
    ['{"__defineGetter__": 1}', '__defineGetter__'],
    ['{"toString": 1}', 'toString'],
    ['{"runners": [{"runner": "node", "__proto__": 1}]}', 'runners[0].__proto__'],
    ['{"runners": [{"runner": "node", "constructor": 1}]}', 'runners[0].constructor'],
  ])('a key named like an Object.prototype member, %s: exit 2 "unknown key", no crash', (text, key) => {
    put(repo, '.tddrc.json', text);
    repo.git('add', '.tddrc.json', IMPL.path);
    try {
      const v = repo.tdd('verify', '--json');
      expectNoCrash(v);
      expect(v.status).toBe(2);
      expect(jsonOf(v).error.problems).toContainEqual(expect.objectContaining({ key, found: 'unknown key' }));
    } finally {
      repo.git('reset', '-q', '--', '.tddrc.json', IMPL.path);
      repo.git('checkout', '--', '.tddrc.json');
    }
  });
});

describe('package.json#tdd', () => {
  // A staged package.json is a configuration change too: its "tdd" key must be valid to enter the history.
  it('a malformed "tdd" key in a staged package.json is refused before it enters the history (exit 2, naming package.json#tdd and the key)', () => {
    const repo = freshRepo({ keepConfig: false });
    expect(repo.tdd('phase', 'off', '--reason', 'config').status).toBe(0);
    repo.write({ 'package.json': JSON.stringify({ name: 'p', type: 'module', tdd: { runner: 'karma' } }) + '\n' });
    repo.git('add', 'package.json');
    const v = repo.tdd('verify', '--json');
    expectNoCrash(v);
    expect(v.status).toBe(2);
    expectConfigNamed(jsonOf(v), { runner: 'karma' }, 'package.json#tdd');
    expectCommitRefused(repo, 'package.json#tdd: runner');
  });

  it('committed, whatever the "tdd" key holds: the RED implementation commit is refused, or exit 2 names package.json#tdd and the key', () => {
    const repo = freshRepo({ keepConfig: false });
    expect(repo.tdd('phase', 'red').status).toBe(0);
    put(repo, IMPL.path, IMPL.content);
    fc.assert(
      fc.property(configValue, (tdd) => {
        fc.pre(!allowsImpl(tdd));
        put(repo, 'package.json', JSON.stringify({ name: 'p', type: 'module', tdd }) + '\n');
        repo.git('add', 'package.json');
        repo.run('git', ['commit', '-q', '--no-verify', '--allow-empty', '-m', 'config'], { env: { TDD_HOOKS: '0' } });
        repo.git('add', IMPL.path);
        const { status, json } = verifyRefused(repo);
        if (status === 2) expectConfigNamed(json, tdd, 'package.json#tdd');
        expectCommitRefused(repo, status === 2 ? 'package.json#tdd: ' : undefined);
        repo.git('reset', '-q', '--', IMPL.path);
      }),
      { numRuns: 8 * RUNS, endOnFailure: true },
    );
  });
});

describe('huge numbers in a configuration', () => {
  // Node's timers hold 2^31 - 1 ms; a longer timeoutSeconds would fire at once ("times out" every run).
  it('timeoutSeconds past 24 days is refused, naming the key and the limit', () => {
    const repo = freshRepo();
    repo.write({ '.tddrc.json': JSON.stringify({ runner: 'node', timeoutSeconds: 1e10 }) + '\n' });
    repo.git('add', '-A');
    const v = repo.tdd('verify', '--json');
    expectNoCrash(v);
    expect(v.status).toBe(2);
    expect(jsonOf(v).error.problems).toContainEqual(expect.objectContaining({ key: 'timeoutSeconds', expected: expect.stringContaining('2147483') }));
  });
});

// ---------------------------------------------------------------------------------------------

const taskId = fc.oneof(fc.constantFrom('1', '2', 'a/b', '__proto__', 'constructor'), fc.integer({ min: -2, max: 12 }), oddValue);
const pathList = fc.oneof(
  fc.array(fc.constantFrom('src/a.js', './src\\a.js', 'test/a.test.js', 'src//./b.js', '/abs', '../up', '', 'C:\\x'), { maxLength: 3 }),
  oddValue,
);
const planTask = fc.record(
  { id: taskId, title: fc.oneof(fc.string(), oddValue), files: pathList, tests: pathList, deps: fc.oneof(fc.array(taskId, { maxLength: 3 }), oddValue) },
  { requiredKeys: [] },
);
const planFile: fc.Arbitrary<string | Uint8Array> = fc.oneof(
  { weight: 1, arbitrary: anyJson.map((v) => JSON.stringify(v) ?? 'null') },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 64 }) },
  { weight: 3, arbitrary: fc.array(planTask, { maxLength: 4 }).map((tasks) => JSON.stringify(tasks)) },
  {
    weight: 3,
    arbitrary: fc
      .record({ tasks: fc.oneof(fc.array(planTask, { maxLength: 4 }), oddValue), title: oddValue }, { requiredKeys: [] })
      .map((p) => JSON.stringify(p)),
  },
);

/** A plan error: PLAN_INVALID naming the file and, per problem, a key; or the task not in the plan. */
function expectPlanNamed(j: Record<string, any>): void {
  expect(j.error?.message).toContain('tdd-plan.json');
  if (j.error.code === 'USAGE') {
    expect(j.error.message).toBe('task 1 is not in tdd-plan.json');
    return;
  }
  expect(j.error.code).toBe('PLAN_INVALID');
  expect(j.error.file).toBe('tdd-plan.json');
  for (const p of j.error.problems as { file: string; key: string }[]) {
    expect(p.file).toBe('tdd-plan.json');
    expect(p.key).toMatch(/^(\(root\)|tasks|(tasks)?\[\d+\](\.\w+(\[\d+\])?)?)$/);
  }
}

describe('tdd-plan.json', () => {
  it('whatever it holds: `tdd waves`, `tdd stage` and a RED commit of task 1 plan, or exit 2 naming the file and the key; the implementation is never committed', () => {
    const repo = freshRepo();
    expect(repo.tdd('phase', 'red', '--task', '1').status).toBe(0);
    put(repo, IMPL.path, IMPL.content);
    repo.git('add', IMPL.path);
    fc.assert(
      fc.property(planFile, (bytes) => {
        put(repo, 'tdd-plan.json', bytes);

        const w = repo.tdd('waves', '--json');
        expectNoCrash(w);
        expect([0, 1, 2], output(w)).toContain(w.status);
        if (w.status === 2) expectPlanNamed(jsonOf(w));
        else expect(Array.isArray(jsonOf(w).waves)).toBe(true);

        const index = repo.git('ls-files', '--stage');
        const s = repo.tdd('stage', '--dry-run', '--json');
        expectNoCrash(s);
        expect([0, 2], output(s)).toContain(s.status);
        if (s.status === 2) expectPlanNamed(jsonOf(s));
        else expect(jsonOf(s).task).toBe('1');
        expect(repo.git('ls-files', '--stage')).toBe(index);

        const { status, json } = verifyRefused(repo);
        if (status === 2) expectPlanNamed(json);
        expectCommitRefused(repo, status === 2 ? 'tdd-plan.json' : undefined);
      }),
      { numRuns: 10 * RUNS, endOnFailure: true },
    );
  });

  it.each([
    ['a task list nested 5,000 levels deep', `${'['.repeat(5000)}${']'.repeat(5000)}`, '[0]'],
    ['files nested 100,000 levels deep', `[{"id": 1, "files": ${'['.repeat(100_000)}${']'.repeat(100_000)}}]`, '[0].files[0]'],
  ])('%s: exit 2 names the file and the key, no crash', (_name, text, key) => {
    const repo = freshRepo();
    put(repo, 'tdd-plan.json', text);
    const w = repo.tdd('waves', '--json');
    expectNoCrash(w);
    expect(w.status).toBe(2);
    expectPlanNamed(jsonOf(w));
    expect(jsonOf(w).error.problems.map((p: { key: string }) => p.key)).toContain(key);
  });
});

// ---------------------------------------------------------------------------------------------

const STATE_FILES = ['state.json', 'pending.json', 'attempts.json', 'scratch.json', 'globs.json', 'events.jsonl'] as const;
const stateFile: fc.Arbitrary<string | Uint8Array> = fc.oneof(
  anyJson.map((v) => JSON.stringify(v) ?? 'null'),
  fc.uint8Array({ maxLength: 64 }),
  fc.constantFrom('', '{', 'null', '[]', '{"version":1}', '{"version":1,"phase":"red"}', '{"path":"/"}', '{"path":".","tree":5}', '{"key":1,"tests":"x"}'),
);

describe('local state under .git/tdd', () => {
  it('any garbage in all of them at once: the state is rebuilt from the trailers and GREEN passes (rows 66, 78)', () => {
    const repo = freshRepo();
    expect(repo.tdd('phase', 'red').status).toBe(0);
    repo.write({ 'test/one.test.js': ONE_TEST });
    repo.git('add', '-A');
    expect(repo.commit('test: one').status).toBe(0);
    const red = head(repo);
    repo.write({ 'src/one.js': ONE_IMPL });
    repo.git('add', '-A');
    const dir = join(repo.dir, '.git', 'tdd');
    fc.assert(
      fc.property(fc.tuple(...STATE_FILES.map(() => stateFile)), (contents) => {
        STATE_FILES.forEach((name, i) => writeFileSync(join(dir, name), contents[i]!));
        const c = repo.commit('feat: one');
        expectNoCrash(c);
        expect(c.status, output(c)).toBe(0);
        expect(trailersOf(repo)).toMatchObject({ 'TDD-Phase': 'green', 'TDD-Evidence': 'node: 1 passed, 0 failed' });
        const state = JSON.parse(readFileSync(join(dir, 'state.json'), 'utf8')) as { phase: string; lastGreen: { commit: string } };
        expect(state).toMatchObject({ phase: 'refactor', lastGreen: { commit: head(repo) } });
        const report = repo.tdd('report', '--all', '--json');
        expectNoCrash(report);
        expect(report.status, output(report)).toBe(0);
        repo.git('reset', '-q', '--soft', red);
      }),
      { numRuns: 4 * RUNS, endOnFailure: true },
    );
  });

  it('garbage state and pending files never let a RED commit of implementation through (PHASE_UNSET after the rebuild)', () => {
    const repo = freshRepo();
    put(repo, IMPL.path, IMPL.content);
    repo.git('add', IMPL.path);
    const dir = join(repo.dir, '.git', 'tdd');
    fc.assert(
      fc.property(stateFile, stateFile, (state, pending) => {
        writeFileSync(join(dir, 'state.json'), state);
        writeFileSync(join(dir, 'pending.json'), pending);
        const { status, json } = verifyRefused(repo);
        expect(status).toBe(1);
        expect(json.findings.map((f: { code: string }) => f.code)).toContain('PHASE_UNSET');
        writeFileSync(join(dir, 'state.json'), state);
        expectCommitRefused(repo);
      }),
      { numRuns: 10 * RUNS, endOnFailure: true },
    );
  });

  /** A state.json that passes the store's top-level test (version, phase, red, regression) with anything below it. */
  const shapedState = fc.record({
    version: fc.constant(1),
    phase: fc.constant('red'),
    regression: fc.boolean(),
    task: fc.oneof(fc.constant(null), taskId),
    reason: oddValue,
    since: oddValue,
    red: fc.dictionary(
      fc.constantFrom('', '1', '__proto__'),
      fc.oneof(
        oddValue,
        fc.record(
          { commit: oddValue, tree: oddValue, files: oddValue, blobs: oddValue, failing: oddValue, regression: oddValue, greenCommit: oddValue },
          { requiredKeys: [] },
        ),
      ),
      { maxKeys: 2 },
    ),
    lastGreen: oddValue,
    lastVerdict: oddValue,
  });

  // state.json and pending.json are checked all the way down (src/state/parse.ts): a red record
  // whose `files` is not a list is a corrupt state (rebuilt), never a crash in a gate.
  it('a state.json right at the top and wrong below: the RED implementation commit is refused, no crash', () => {
    const repo = freshRepo();
    put(repo, IMPL.path, IMPL.content);
    repo.git('add', IMPL.path);
    fc.assert(
      fc.property(shapedState, (state) => {
        writeFileSync(join(repo.dir, '.git', 'tdd', 'state.json'), JSON.stringify(state));
        verifyRefused(repo);
        writeFileSync(join(repo.dir, '.git', 'tdd', 'state.json'), JSON.stringify(state));
        expectCommitRefused(repo);
      }),
      {
        numRuns: 15 * RUNS,
        endOnFailure: true,
        examples: [
          [{ version: 1, phase: 'red', regression: false, task: null, reason: null, since: '', red: { '': { files: 5 } }, lastGreen: null, lastVerdict: null }],
        ],
      },
    );
  });

  it('a pending.json for the very tree committed with --no-verify, wrong below the top: post-commit does not crash', () => {
    const repo = freshRepo();
    expect(repo.tdd('phase', 'red').status).toBe(0);
    put(repo, IMPL.path, IMPL.content);
    repo.git('add', IMPL.path);
    const tree = repo.git('write-tree').trim();
    writeFileSync(join(repo.dir, '.git', 'tdd', 'pending.json'), JSON.stringify({ tree, phase: 'red', testFiles: 5 }));
    const c = repo.commit('bypass', '--no-verify');
    expect(c.status).toBe(0);
    expectNoCrash(c);
    const status = repo.tdd('status');
    expectNoCrash(status);
    expect(status.status).toBe(0);
  });

  it('attempts.json, whatever it holds: `tdd attempt` counts, or exit 2 names the file and the key; a commit of task 1 is still refused; the ledger is never silently reset', () => {
    const repo = freshRepo();
    expect(repo.tdd('phase', 'red', '--task', '1').status).toBe(0);
    put(repo, IMPL.path, IMPL.content);
    repo.git('add', IMPL.path);
    const file = join(repo.dir, '.git', 'tdd', 'attempts.json');
    const record = fc.record(
      {
        phase: fc.oneof(fc.constantFrom('red', 'green'), oddValue),
        at: fc.oneof(fc.constant('2025-01-01T00:00:00Z'), oddValue),
        batch: fc.oneof(fc.boolean(), oddValue),
      },
      { requiredKeys: [] },
    );
    const ledger = fc.record(
      {
        version: fc.oneof(fc.constant(1), oddValue),
        tasks: fc.oneof(
          fc.dictionary(
            fc.constantFrom('1', '2', '__proto__', 'constructor'),
            fc.oneof(
              oddValue,
              fc.record(
                {
                  red: fc.oneof(fc.nat(3), oddValue),
                  green: fc.oneof(fc.nat(4), oddValue),
                  startedAt: fc.oneof(fc.constant(null), oddValue),
                  history: fc.oneof(fc.array(record, { maxLength: 2 }), oddValue),
                },
                { requiredKeys: [] },
              ),
            ),
            { maxKeys: 2 },
          ),
          oddValue,
        ),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(
        fc.oneof(
          stateFile,
          ledger.map((l) => JSON.stringify(l)),
        ),
        (bytes) => {
          writeFileSync(file, bytes);
          const a = repo.tdd('attempt', '1', 'red', '--json');
          expectNoCrash(a);
          expect([0, 1, 2], output(a)).toContain(a.status);
          if (a.status === 2) {
            const { error } = jsonOf(a);
            expect(error.code).toBe('ATTEMPTS_CORRUPT');
            expect(error.message).toContain(file);
            expect(error.reason).toMatch(/^(not valid JSON \(|(\(root\)|version|tasks(\.[^:]+)?): )/);
            expect(readFileSync(file)).toEqual(Buffer.from(bytes));
          }
          const r = repo.tdd('attempt', 'report', '--json');
          expectNoCrash(r);
          expect(r.status).toBe(a.status === 2 ? 2 : 0);
          expectCommitRefused(repo);
        },
      ),
      { numRuns: 8 * RUNS, endOnFailure: true },
    );
  });

  describe('a folder where a state file should be', () => {
    let repo: Repo;
    beforeAll(() => {
      repo = freshRepo();
      put(repo, IMPL.path, IMPL.content);
      repo.git('add', IMPL.path);
    });

    /** The RED implementation commit with a folder at `.git/tdd/<name>`: its verdict, or a refusal naming the path. */
    function withFolder(name: string, more?: (path: string) => void): void {
      expect(repo.tdd('phase', 'red').status).toBe(0);
      const path = join(repo.dir, '.git', 'tdd', name);
      rmSync(path, { recursive: true, force: true });
      mkdirSync(join(path, 'inside'), { recursive: true });
      try {
        const v = repo.tdd('verify', '--json');
        expectNoCrash(v);
        expect([1, 2, 3], output(v)).toContain(v.status);
        if (v.status !== 1) expect(output(v)).toContain(path);
        expectCommitRefused(repo);
        more?.(path);
      } finally {
        rmSync(path, { recursive: true, force: true });
      }
    }

    it.each(['state.json', 'scratch.json', 'globs.json'])('%s: the commit gets its verdict', (name) => withFolder(name));

    it('attempts.json: the commit gets its verdict; `tdd attempt` exit 2 names it, `reset --all` names it (exit 3)', () =>
      withFolder('attempts.json', (path) => {
        const a = repo.tdd('attempt', '1', 'red', '--json');
        expectNoCrash(a);
        expect(a.status).toBe(2);
        expect(jsonOf(a).error).toMatchObject({ code: 'ATTEMPTS_CORRUPT', file: path });
        const r = repo.tdd('attempt', 'reset', '--all');
        expectNoCrash(r);
        expect(r.status).toBe(3);
        expect(r.stderr).toContain(path);
      }));

    // A folder where pending.json or events.jsonl goes: STATE_UNWRITABLE names it and the fix.
    it.each(['pending.json', 'events.jsonl'])('%s: refused naming it, no "internal error"', (name) => withFolder(name));
  });
});
