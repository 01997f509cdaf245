/** Facts → statuses and codes, one table per check (the wording is messages.ts', not asserted here). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../helpers/repo.js';
import { STATE_HISTORY_CODES } from './state-history-codes.js';
import { evaluateChecks, exitCodeOf } from '../../../src/doctor/checks/index.js';
import { checkAgents } from '../../../src/doctor/checks/agents.js';
import { checkCli } from '../../../src/doctor/checks/cli.js';
import { agentFiles } from '../../../src/install/agent-entries.js';
import { mergeEntries, renderSettings } from '../../../src/install/agent-merge.js';
import type { AgentName } from '../../../src/agent/types.js';
import type { AgentFileFact, AgentHookFacts } from '../../../src/doctor/types.js';
import { checkConfig } from '../../../src/doctor/checks/config.js';
import { checkEnv } from '../../../src/doctor/checks/env.js';
import { checkGitLock } from '../../../src/doctor/checks/git-lock.js';
import { checkHooks } from '../../../src/doctor/checks/hooks.js';
import { checkHooksDir } from '../../../src/doctor/checks/hooks-dir.js';
import { checkHooksPath } from '../../../src/doctor/checks/hooks-path.js';
import { checkNode, MIN_NODE } from '../../../src/doctor/checks/node.js';
import { checkPending } from '../../../src/doctor/checks/pending.js';
import { checkRunner } from '../../../src/doctor/checks/runner.js';
import { checkState } from '../../../src/doctor/checks/state.js';
import { DOCTOR_CODES, formatMessage } from '../../../src/doctor/messages.js';
import type { CheckResult, DoctorFacts } from '../../../src/doctor/types.js';
import { ABSENT, facts, file, HEAD, huskyFacts, huskyHooks, huskyScript, layout, node, NODE, shim, shimHooks, TOP } from './literal.js';

type Row = [name: string, facts: DoctorFacts, expected: Partial<CheckResult>];
const pick = (r: CheckResult | CheckResult[] | null) => (Array.isArray(r) ? r[0] : r);
/** Every result the tables produced, for the wording test at the end. */
const seen: CheckResult[] = [];

function table(check: (f: DoctorFacts) => CheckResult | CheckResult[] | null, rows: Row[]) {
  it.each(rows)('%s', (_, f, expected) => {
    const result = pick(check(f));
    if (result) seen.push(result);
    // `fix: undefined` in a row: there is no command to give.
    if ('fix' in expected && expected.fix === undefined) expect(result).not.toHaveProperty('fix');
    const { fix, ...rest } = expected;
    expect(result).toMatchObject(fix === undefined ? rest : expected);
  });
}

it("MIN_NODE is package.json's engines.node", () => {
  const pkg = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { engines: { node: string } };
  expect(`>=${MIN_NODE}`.startsWith(pkg.engines.node)).toBe(true);
});

describe('a healthy checkout', () => {
  it('passes every check, git hooks and husky alike', () => {
    for (const f of [facts(), huskyFacts()]) {
      const results = evaluateChecks(f);
      expect(results.filter((r) => r.status !== 'ok')).toEqual([]);
      expect(results.map((r) => r.id)).toEqual([
        'hooks-path',
        'hooks-dir',
        'hook-pre-commit',
        'hook-commit-msg',
        'hook-post-commit',
        'cli',
        'node',
        'config',
        'runner',
        'state',
        'state-history',
        'pending',
        'env',
      ]);
      expect(exitCodeOf(results)).toBe(0);
    }
  });
});

describe('hooks-path', () => {
  const l = layout({ hooksDir: '/home/u/.githooks', hooksDirPlace: 'outside' });
  table(checkHooksPath, [
    ['unset', facts(), { status: 'ok', code: 'HOOKS_PATH_UNSET' }],
    ['set in .git/config', huskyFacts(), { status: 'ok', code: 'HOOKS_PATH_LOCAL' }],
    [
      'set in ~/.gitconfig to a folder outside the repository',
      facts({ layout: l, hooksPath: { value: '~/.githooks', origin: 'file:/home/u/.gitconfig', scope: 'global' } }),
      { status: 'fail', code: 'HOOKS_PATH_SHARED', fix: `git config --local core.hooksPath ${TOP}/.git/hooks && npx tdd-hooks install` },
    ],
    [
      'set by -c',
      facts({ layout: l, hooksPath: { value: '/dev/null', origin: 'command line:', scope: 'command' } }),
      { status: 'fail', code: 'HOOKS_PATH_SHARED' },
    ],
    [
      'a relative value in ~/.gitconfig (each repository its own folder)',
      facts({
        layout: layout({ hooksDir: `${TOP}/.githooks`, hooksDirPlace: 'worktree' }),
        hooksPath: { value: '.githooks', origin: 'file:/home/u/.gitconfig', scope: 'global' },
      }),
      { status: 'warn', code: 'HOOKS_PATH_SHARED' },
    ],
    [
      'an absolute path into the main worktree, seen from a linked one',
      facts({
        layout: layout({
          top: '/r-wt',
          cwd: '/r-wt',
          gitDir: `${TOP}/.git/worktrees/r-wt`,
          hooksDir: `${TOP}/.husky/_`,
          hooksDirPlace: 'outside',
          linkedWorktree: true,
        }),
        hooksPath: { value: `${TOP}/.husky/_`, origin: 'file:.git/config', scope: 'local' },
      }),
      { status: 'warn', code: 'HOOKS_PATH_ABSOLUTE', fix: 'git config core.hooksPath .husky/_' },
    ],
    [
      'husky in the project, not run in this clone',
      huskyFacts({
        layout: layout({ huskyDir: `${TOP}/.husky` }),
        hooksPath: null,
        project: { packageManager: 'pnpm', dependencies: ['husky', 'tdd-hooks'], huskyInstalled: false },
      }),
      { status: 'fail', code: 'HOOKS_PATH_HUSKY_UNSET', fix: 'pnpm install' },
    ],
  ]);
});

describe('hooks-dir', () => {
  const wt = {
    top: '/r-wt',
    cwd: '/r-wt/src',
    gitDir: `${TOP}/.git/worktrees/r-wt`,
    hooksDir: '/r-wt/.husky/_',
    huskyDir: '/r-wt/.husky',
    hooksDirPlace: 'worktree' as const,
    linkedWorktree: true,
  };
  table(checkHooksDir, [
    ['there', facts(), { status: 'ok', code: 'HOOKS_DIR_OK' }],
    [
      "husky's .husky/_ missing in a new worktree, husky installed there",
      huskyFacts({ layout: layout({ ...wt, hooksDirKind: 'absent' }) }),
      { status: 'fail', code: 'HOOKS_DIR_MISSING', fix: 'cd /r-wt && npx --no-install husky' },
    ],
    [
      'the same without node_modules',
      huskyFacts({
        layout: layout({ ...wt, hooksDirKind: 'absent' }),
        project: { packageManager: 'yarn', dependencies: ['husky', 'tdd-hooks'], huskyInstalled: false },
      }),
      { status: 'fail', code: 'HOOKS_DIR_MISSING', fix: 'cd /r-wt && yarn install' },
    ],
    [
      'an untracked core.hooksPath folder',
      facts({ layout: layout({ hooksDir: `${TOP}/.hooks`, hooksDirPlace: 'worktree', hooksDirKind: 'absent' }) }),
      { status: 'fail', code: 'HOOKS_DIR_MISSING', fix: 'npx tdd-hooks install' },
    ],
  ]);
});

describe('hook-<name>', () => {
  const pre = (over: Parameters<typeof shimHooks>[0]) => facts({ hooks: shimHooks(over) });
  const lefthook = '#!/bin/sh\nif [ "$LEFTHOOK" = "0" ]; then exit 0; fi\nlefthook run "pre-commit" "$@"\n';
  table(checkHooks, [
    ['our shim, executable', facts(), { id: 'hook-pre-commit', status: 'ok', code: 'HOOK_OK' }],
    ['missing', pre(() => ({ run: ABSENT })), { status: 'fail', code: 'HOOK_MISSING', fix: 'npx tdd-hooks install' }],
    ['chmod 644', pre((h) => ({ run: file(shim(h), 0o644) })), { status: 'fail', code: 'HOOK_NOT_EXECUTABLE', fix: 'chmod +x .git/hooks/pre-commit' }],
    [
      'chmod 644, seen from a subfolder',
      facts({ layout: layout({ cwd: `${TOP}/src` }), hooks: shimHooks((h) => ({ run: file(shim(h), 0o644) })) }),
      { fix: 'chmod +x ../.git/hooks/pre-commit' },
    ],
    [
      'replaced by lefthook',
      pre(() => ({ run: file(lefthook) })),
      { status: 'fail', code: 'HOOK_FOREIGN', data: { path: `${TOP}/.git/hooks/pre-commit`, owner: 'lefthook' }, fix: 'npx tdd-hooks install' },
    ],
    [
      'replaced by lefthook while another hook is chained: no command can keep both',
      pre(() => ({ run: file(lefthook), chained: file('#!/bin/sh\necho mine\n') })),
      { status: 'fail', code: 'HOOK_FOREIGN', data: { chained: `${TOP}/.git/hooks/pre-commit.pre-tdd-hooks` }, fix: undefined },
    ],
    [
      'a hand-written hook that runs the CLI',
      pre((h) => ({ run: file(`#!/bin/sh\nexec npx tdd hook ${h} "$@"\n`) })),
      { status: 'ok', code: 'HOOK_CALLS_TDD' },
    ],
    ['a directory', pre(() => ({ run: { kind: 'other' } })), { status: 'fail', code: 'HOOK_NOT_A_FILE' }],
    [
      'the chained hook not executable',
      pre(() => ({ chained: file('#!/bin/sh\n', 0o644) })),
      { status: 'warn', code: 'HOOK_CHAINED_NOT_EXECUTABLE', fix: 'chmod +x .git/hooks/pre-commit.pre-tdd-hooks' },
    ],
    ['the hooks folder missing', facts({ layout: layout({ hooksDirKind: 'absent' }) }), { status: 'fail', code: 'HOOK_NOT_REACHED' }],
    [
      'husky ran after install: our shim left in .git/hooks, husky script without the block',
      huskyFacts({ hooks: huskyHooks((h) => ({ script: file('npm test\n'), stranded: `${TOP}/.git/hooks/${h}` })) }),
      {
        status: 'fail',
        code: 'HUSKY_BLOCK_MISSING',
        data: { stranded: `${TOP}/.git/hooks/pre-commit` },
        fix: 'npx tdd-hooks install && git add .husky/pre-commit',
      },
    ],
    [
      "husky init's `npm test` ahead of the block: it stops every RED commit before tdd-hooks",
      huskyFacts({ hooks: huskyHooks((h) => ({ script: file(`npm test\n# >>> tdd-hooks >>>\nnode x hook ${h} "$@" || exit $?\n# <<< tdd-hooks <<<\n`) })) }),
      {
        status: 'fail',
        code: 'HUSKY_TEST_LINE',
        data: { line: 1, text: 'npm test' },
        fix: 'npx tdd-hooks install --replace-test-line && git add .husky/pre-commit',
      },
    ],
    [
      'husky: a stray marker',
      huskyFacts({ hooks: huskyHooks(() => ({ script: file('# >>> tdd-hooks >>>\n') })) }),
      { status: 'fail', code: 'HUSKY_BLOCK_MALFORMED', data: { line: 1 } },
    ],
    [
      'husky: the stub missing',
      huskyFacts({ hooks: huskyHooks(() => ({ run: ABSENT })) }),
      { status: 'fail', code: 'HUSKY_STUB_MISSING', fix: 'npx --no-install husky' },
    ],
    [
      'husky: the stub not executable',
      huskyFacts({ hooks: huskyHooks(() => ({ run: file('x', 0o644) })) }),
      { status: 'fail', code: 'HOOK_NOT_EXECUTABLE', fix: 'chmod +x .husky/_/pre-commit' },
    ],
    [
      'husky ≤ 8 (core.hooksPath=.husky): the script itself must be executable',
      huskyFacts({
        layout: layout({ hooksDir: `${TOP}/.husky`, hooksDirPlace: 'worktree', huskyDir: `${TOP}/.husky` }),
        hooks: huskyHooks((h) => ({ run: file(huskyScript(h), 0o644), script: file(huskyScript(h), 0o644) })),
      }),
      { status: 'fail', code: 'HOOK_NOT_EXECUTABLE', fix: 'chmod +x .husky/pre-commit' },
    ],
    [
      'husky: .husky/_ missing',
      huskyFacts({ layout: layout({ hooksDir: `${TOP}/.husky/_`, huskyDir: `${TOP}/.husky`, hooksDirKind: 'absent' }) }),
      { status: 'fail', code: 'HOOK_NOT_REACHED' },
    ],
  ]);

  it('gives one result per hook', () => {
    expect(checkHooks(facts({ hooks: shimHooks((h) => (h === 'commit-msg' ? { run: file(shim(h), 0o600) } : {})) })).map((r) => [r.id, r.status])).toEqual([
      ['hook-pre-commit', 'ok'],
      ['hook-commit-msg', 'fail'],
      ['hook-post-commit', 'ok'],
    ]);
  });
});

describe('cli', () => {
  const cli = (over: Partial<DoctorFacts['cli'][number]>) =>
    facts({ cli: [{ cli: 'node_modules/tdd-hooks/bin/tdd.js', present: true, fallback: null, fallbackPresent: false, hooks: ['pre-commit'], ...over }] });
  table(checkCli, [
    ['present', facts(), { status: 'ok', code: 'CLI_OK' }],
    [
      'a linked worktree without node_modules: the fallback',
      cli({ present: false, fallback: '/r/node_modules/tdd-hooks/bin/tdd.js', fallbackPresent: true }),
      { status: 'ok', code: 'CLI_FALLBACK' },
    ],
    ['missing, tdd-hooks in package.json', cli({ present: false }), { status: 'fail', code: 'CLI_MISSING', fix: 'npm install' }],
    [
      'missing, not in package.json',
      facts({ ...cli({ present: false }), project: { packageManager: 'pnpm', dependencies: [], huskyInstalled: false } }),
      { fix: 'pnpm add -D tdd-hooks' },
    ],
  ]);
  it('does not apply without a hook of ours', () => expect(checkCli(facts({ cli: [] }))).toBeNull());
});

describe('node', () => {
  table(checkNode, [
    ['on PATH; GUI clients use the recorded fallback', facts(), { status: 'ok', code: 'NODE_OK', data: { gui: NODE } }],
    [
      'on the GUI PATH too',
      facts({ node: node({ onGuiPath: { path: '/usr/bin/node', version: 'v22.1.0' } }) }),
      { status: 'ok', data: { gui: '/usr/bin/node' } },
    ],
    [
      'the recorded fallback gone',
      facts({ node: node({ fallbacks: [{ path: '/old/node', version: null }] }) }),
      { status: 'fail', code: 'NODE_FALLBACK_BROKEN', fix: 'npx tdd-hooks install' },
    ],
    ['not on PATH, the fallback runs', facts({ node: node({ onPath: null }) }), { status: 'ok', code: 'NODE_OK' }],
    ['nowhere', facts({ node: node({ onPath: null, fallbacks: [] }) }), { status: 'fail', code: 'NODE_NOT_ON_PATH' }],
    ['too old', facts({ node: node({ onPath: { path: '/usr/bin/node', version: 'v18.19.0' } }) }), { status: 'fail', code: 'NODE_TOO_OLD' }],
    [
      'husky, no init file: GUI clients find no node',
      huskyFacts({ node: node({ fallbacks: [], huskyInit: { path: '/home/u/.config/husky/init.sh', exists: false, node: null } }) }),
      {
        status: 'warn',
        code: 'NODE_GUI_MISSING',
        fix: `mkdir -p /home/u/.config/husky && echo 'export PATH="/home/u/.nvm/versions/node/v20.12.2/bin:$PATH"' >> /home/u/.config/husky/init.sh`,
      },
    ],
    [
      'husky, not on PATH, the init file puts it there',
      huskyFacts({ node: node({ onPath: null, fallbacks: [], huskyInit: { path: '/h/init.sh', exists: true, node: NODE } }) }),
      { status: 'ok', code: 'NODE_OK' },
    ],
    [
      'husky, the init file puts node on PATH',
      huskyFacts({ node: node({ fallbacks: [], huskyInit: { path: '/h/init.sh', exists: true, node: NODE } }) }),
      { status: 'ok', code: 'NODE_OK' },
    ],
    [
      'shims in a tracked folder record no node',
      facts({ layout: layout({ hooksDir: `${TOP}/.githooks`, hooksDirPlace: 'worktree' }), node: node({ fallbacks: [] }) }),
      { status: 'warn', code: 'NODE_GUI_MISSING', fix: undefined },
    ],
    ['Windows: no GUI probe', facts({ node: node({ platform: 'win32', fallbacks: [] }) }), { status: 'ok', code: 'NODE_OK' }],
  ]);
});

describe('config and runner', () => {
  const invalid = facts({
    config: {
      ok: false,
      code: 'CONFIG_INVALID',
      message: 'invalid configuration:\n  .tddrc.json: runner: expected one of "vitest", "node", found "mocha"',
      problems: [{ file: '.tddrc.json', key: 'runner', expected: 'one of', found: '"mocha"' }],
    },
    runners: [],
  });
  table(checkConfig, [
    ['valid', facts(), { status: 'ok', code: 'CONFIG_OK' }],
    [
      'invalid, committed',
      invalid,
      {
        status: 'fail',
        code: 'CONFIG_INVALID',
        fix: `"\${EDITOR:-vi}" .tddrc.json && git add .tddrc.json && npx tdd phase off --reason 'fix .tddrc.json' && git commit -m 'fix .tddrc.json'`,
      },
    ],
    [
      'an unstaged edit',
      facts({
        config: {
          ok: true,
          source: '.tddrc.json',
          runner: 'node',
          autoAdvance: true,
          warnings: [{ code: 'CONFIG_UNSTAGED', severity: 'warn', path: '.tddrc.json', data: { state: 'modified' } }],
        },
      }),
      { status: 'warn', code: 'CONFIG_WARNINGS', fix: 'git add .tddrc.json' },
    ],
    [
      'the working copy not JSON: named with line:column, fixed in place (never git add)',
      facts({
        config: {
          ok: true,
          source: '.tddrc.json',
          runner: 'node',
          autoAdvance: true,
          warnings: [],
          worktree: { file: '.tddrc.json', line: 3, column: 8, message: 'Unexpected number' },
        },
      }),
      { status: 'fail', code: 'CONFIG_WORKTREE_INVALID', fix: '"${EDITOR:-vi}" +3 .tddrc.json' },
    ],
    [
      'the committed rules load, the working copy has an unknown key: named, with the nearest',
      facts({
        config: {
          ok: true,
          source: '.tddrc.json',
          runner: 'node',
          autoAdvance: true,
          warnings: [],
          worktree: {
            file: '.tddrc.json',
            problems: [
              {
                file: '.tddrc.json',
                key: 'timeoutSecs',
                expected: 'a known key: did you mean "timeoutSeconds"?',
                found: 'unknown key',
                suggestion: 'timeoutSeconds',
              },
            ],
          },
        },
      }),
      { status: 'fail', code: 'CONFIG_WORKTREE_INVALID', fix: '"${EDITOR:-vi}" .tddrc.json' },
    ],
  ]);
  const vitest = (present: boolean, declared: boolean) =>
    facts({
      config: { ok: true, source: '.tddrc.json', runner: 'vitest', autoAdvance: true, warnings: [] },
      runners: [{ name: 'vitest', root: '.', entry: `${TOP}/node_modules/vitest/vitest.mjs`, present, version: present ? '4.1.12' : null, nodeReporter: true }],
      project: { packageManager: 'npm', dependencies: declared ? ['vitest', 'tdd-hooks'] : ['tdd-hooks'], huskyInstalled: false },
    });
  table(checkRunner, [
    ['node', facts(), { status: 'ok', code: 'RUNNER_OK' }],
    ['vitest installed', vitest(true, true), { status: 'ok', code: 'RUNNER_OK', data: { version: '4.1.12' } }],
    ['vitest listed, not installed', vitest(false, true), { status: 'fail', code: 'RUNNER_MISSING', fix: 'npm install' }],
    ['vitest not even listed', vitest(false, false), { status: 'fail', code: 'RUNNER_MISSING', fix: 'npm install --save-dev vitest' }],
    [
      'the node reporter missing',
      facts({ runners: [{ name: 'node', root: '.', entry: null, present: false, version: null, nodeReporter: false }] }),
      { status: 'fail', code: 'RUNNER_REPORTER_MISSING' },
    ],
    [
      'go found',
      facts({
        runners: [
          { name: 'go', root: 'svc', entry: null, present: true, version: 'go version go1.19.8 linux/amd64', nodeReporter: true, probe: ['go', 'version'] },
        ],
      }),
      { status: 'ok', code: 'RUNNER_OK', data: { root: 'svc', version: 'go version go1.19.8 linux/amd64' } },
    ],
    [
      'cargo not on PATH',
      facts({
        runners: [
          {
            name: 'cargo',
            root: '.',
            entry: null,
            present: false,
            version: null,
            nodeReporter: true,
            probe: ['cargo', '--version'],
            probeError: 'cargo is not on PATH',
          },
        ],
      }),
      { status: 'fail', code: 'RUNNER_TOOL_MISSING', fix: 'install Rust: https://rustup.rs' },
    ],
    [
      "a command runner's program missing",
      facts({
        runners: [
          { name: 'command', root: '.', entry: null, present: false, version: null, nodeReporter: true, probe: ['rspec'], probeError: 'rspec is not on PATH' },
        ],
      }),
      { status: 'fail', code: 'RUNNER_TOOL_MISSING', data: { error: 'rspec is not on PATH' } },
    ],
  ]);
  it('judges every runner of a repository with several', () => {
    const two = facts({
      runners: [
        { name: 'node', root: '.', entry: null, present: false, version: null, nodeReporter: true },
        {
          name: 'pytest',
          root: 'api',
          entry: null,
          present: false,
          version: null,
          nodeReporter: true,
          probe: ['python3', '-m', 'pytest', '--version'],
          probeError: '`python3 -m pytest --version` failed: No module named pytest',
        },
      ],
    });
    expect(checkRunner(two)?.map((r) => [r.status, r.code])).toEqual([
      ['ok', 'RUNNER_OK'],
      ['fail', 'RUNNER_TOOL_MISSING'],
    ]);
  });
  it('the runner is not judged when the configuration does not load', () => expect(checkRunner(invalid)).toBeNull());
});

describe('state, pending, env', () => {
  table(checkState, [
    ['readable', facts(), { status: 'ok', code: 'STATE_OK' }],
    ['absent', facts({ state: { kind: 'absent', path: `${TOP}/.git/tdd/state.json` } }), { status: 'ok', code: 'STATE_ABSENT' }],
    [
      'corrupt',
      facts({ state: { kind: 'corrupt', path: `${TOP}/.git/tdd/state.json`, reason: 'json' } }),
      { status: 'fail', code: 'STATE_CORRUPT', fix: 'rm .git/tdd/state.json && npx tdd status' },
    ],
  ]);
  const pending = (head: string | null | undefined) =>
    facts({ pending: { kind: 'ok', path: `${TOP}/.git/tdd/pending.json`, head, tree: 't', at: '2024-01-01T00:00:00Z', phase: 'red' } });
  table(checkPending, [
    ['none', facts(), { status: 'ok', code: 'PENDING_NONE' }],
    ['for HEAD (an aborted commit)', pending(HEAD), { status: 'ok', code: 'PENDING_CURRENT' }],
    ['for another HEAD', pending('b'.repeat(40)), { status: 'warn', code: 'PENDING_STALE', fix: 'rm .git/tdd/pending.json' }],
    ['from an unborn branch, HEAD born since', pending(null), { status: 'warn', code: 'PENDING_STALE' }],
    ['an older verdict without head', pending(undefined), { status: 'ok', code: 'PENDING_CURRENT' }],
    ['unreadable', facts({ pending: { kind: 'corrupt', path: `${TOP}/.git/tdd/pending.json` } }), { status: 'warn', code: 'PENDING_CORRUPT' }],
  ]);
  table(checkEnv, [
    ['clean', facts(), { status: 'ok', code: 'ENV_OK' }],
    ['TDD_HOOKS=0', facts({ env: { TDD_HOOKS: '0' } }), { status: 'warn', code: 'ENV_SKIPS', fix: 'unset TDD_HOOKS' }],
    ['HUSKY=0 without husky', facts({ env: { HUSKY: '0' } }), { status: 'ok' }],
    ['HUSKY=0 with husky', huskyFacts({ env: { HUSKY: '0' } }), { status: 'warn', fix: 'unset HUSKY' }],
  ]);
  const lock = (ageSeconds: number) => facts({ indexLock: { path: `${TOP}/.git/index.lock`, size: 0, ageSeconds } });
  table(checkGitLock, [
    ['a second old (a git command may hold it)', lock(1), { status: 'warn', code: 'INDEX_LOCK_LEFT', fix: 'rm .git/index.lock' }],
    ['a minute old: left by an interrupted git', lock(60), { status: 'fail', code: 'INDEX_LOCK_LEFT', fix: 'rm .git/index.lock' }],
  ]);
  it('no index.lock: the check does not show', () => expect(checkGitLock(facts())).toBeNull());
});

describe('agent-<name>', () => {
  const CLI = 'node_modules/tdd-hooks/bin/tdd.js';
  /** The files install writes for `agent`, as they are right after it; `edit` changes them. */
  function installed(agent: AgentName, edit: (files: AgentFileFact[]) => void = () => {}, clis: Record<string, boolean> = { [CLI]: true }): AgentHookFacts {
    const files: AgentFileFact[] = agentFiles(agent, CLI).map((f) => {
      const content = f.kind === 'own' ? f.content : renderSettings(mergeEntries(f, agent, {}).root, null);
      const mode = f.kind === 'own' ? f.mode : 0o644;
      return { path: f.path, fact: { kind: 'file', content, mode, executable: (mode & 0o111) !== 0 } };
    });
    edit(files);
    return { agent, files, clis };
  }
  const codexHome = '/home/u/.codex/config.toml';
  const withAgents = (a: AgentHookFacts, over: Partial<DoctorFacts['agents']> = {}) =>
    facts({ agents: { installed: [a], cli: { rel: CLI, present: true }, ...over } });
  const codex = (user: string | null) => withAgents(installed('codex'), { codex: { userConfig: codexHome, user, project: null, folders: [TOP] } });
  const plugin = (present: boolean, globalCli: boolean) =>
    facts({
      agents: {
        installed: [],
        cli: { rel: CLI, present },
        plugins: [{ agent: 'gemini', path: '/home/u/.gemini/extensions/tdd-hooks/gemini-extension.json' }],
        globalCli,
      },
    });
  const content = (files: AgentFileFact[], path: string, change: (text: string) => string) => {
    const f = files.find((x) => x.path === path)!;
    if (f.fact.kind === 'file') f.fact = { ...f.fact, content: change(f.fact.content) };
  };
  table(checkAgents, [
    ['claude as installed', withAgents(installed('claude')), { status: 'ok', code: 'AGENT_HOOK_OK', fix: undefined }],
    [
      'claude: not JSON',
      withAgents(installed('claude', (f) => content(f, '.claude/settings.json', (t) => t.replace(/}\s*$/, ',}')))),
      { status: 'fail', code: 'AGENT_HOOK_UNREADABLE', fix: undefined },
    ],
    [
      'claude: its matcher narrowed',
      withAgents(installed('claude', (f) => content(f, '.claude/settings.json', (t) => t.replace('Write|Edit|', '')))),
      { status: 'fail', code: 'AGENT_HOOK_CHANGED', fix: 'npx tdd-hooks install --agent claude' },
    ],
    [
      // An install from before ${…}: Gemini puts a shell-quoted path into the bare variable, inside our quotes.
      'gemini: the bare $GEMINI_PROJECT_DIR of an older install',
      withAgents(
        installed('gemini', (f) =>
          content(f, '.gemini/settings.json', (t) => t.replaceAll('${GEMINI_PROJECT_DIR:-$(git rev-parse --show-toplevel)}', '$GEMINI_PROJECT_DIR')),
        ),
      ),
      { status: 'fail', code: 'AGENT_HOOK_CHANGED', fix: 'npx tdd-hooks install --agent gemini' },
    ],
    [
      'cline: a script not executable',
      withAgents(installed('cline', (f) => (f[0]!.fact = { ...(f[0]!.fact as { kind: 'file'; content: string }), mode: 0o644, executable: false }))),
      { status: 'fail', code: 'AGENT_HOOK_NOT_EXECUTABLE', fix: 'chmod +x .clinerules/hooks/PreToolUse' },
    ],
    [
      'the CLI named is gone, and so is the package',
      facts({ agents: { installed: [installed('cursor', () => {}, { [CLI]: false })], cli: { rel: CLI, present: false } } }),
      { status: 'fail', code: 'AGENT_HOOK_CLI_MISSING', fix: 'npm install' },
    ],
    [
      'claude with disableAllHooks in a settings file it merges',
      withAgents({ ...installed('claude'), switchedOff: [{ file: `${TOP}/.claude/settings.local.json`, key: 'disableAllHooks' }] }),
      { status: 'warn', code: 'AGENT_HOOKS_SWITCHED_OFF', fix: undefined },
    ],
    ['codex in a trusted project', codex(`[projects."${TOP}"]\ntrust_level = "trusted"\n`), { status: 'ok', code: 'AGENT_HOOK_OK' }],
    ['codex, no config', codex(null), { status: 'warn', code: 'AGENT_CODEX_UNTRUSTED' }],
    [
      'codex, hooks off',
      codex(`[projects."${TOP}"]\ntrust_level = "trusted"\n[features]\nhooks = false\n`),
      { status: 'warn', code: 'AGENT_CODEX_HOOKS_OFF', fix: undefined },
    ],
    ['the Gemini extension, user-wide, the CLI here', plugin(true, false), { status: 'ok', code: 'AGENT_PLUGIN_OK', fix: undefined }],
    ['the Gemini extension, no CLI here but tdd-hooks on PATH', plugin(false, true), { status: 'ok', code: 'AGENT_PLUGIN_OK', fix: undefined }],
    [
      'the Gemini extension, no CLI at all: it denies every call',
      plugin(false, false),
      { status: 'fail', code: 'AGENT_PLUGIN_CLI_MISSING', fix: 'npm install' },
    ],
  ]);
  const twice = (f: DoctorFacts) => checkAgents(f)?.filter((c) => c.code === 'AGENT_GUARD_TWICE') ?? null;
  const claudePlugin = { agent: 'claude' as const, path: '/home/u/.claude/settings.json' };
  table(twice, [
    [
      'the Claude Code plugin and install --agent claude: the guard runs twice',
      withAgents(installed('claude'), { plugins: [claudePlugin], globalCli: false }),
      { status: 'warn', code: 'AGENT_GUARD_TWICE', fix: 'npx tdd-hooks uninstall --agent claude', data: { agent: 'claude', path: claudePlugin.path } },
    ],
  ]);
  it.each([
    ['the plugin alone', facts({ agents: { installed: [], cli: { rel: CLI, present: true }, plugins: [claudePlugin], globalCli: false } })],
    ["the plugin and another agent's hooks", withAgents(installed('cursor'), { plugins: [claudePlugin], globalCli: false })],
  ])('%s: once, no warning', (_, f) => expect(twice(f)).toEqual([]));
  it('no agent installed: the check does not show', () => expect(checkAgents(facts())).toBeNull());
  it('every agent as installed is healthy', () => {
    for (const agent of ['claude', 'gemini', 'cursor', 'copilot', 'windsurf', 'cline', 'qwen', 'factory', 'augment', 'opencode', 'kiro'] as const)
      expect(checkAgents(withAgents(installed(agent))), agent).toMatchObject([{ status: 'ok', code: 'AGENT_HOOK_OK' }]);
  });
});

describe('wording', () => {
  it('every code is given by some row here (state-history has its own file), and reads without holes', () => {
    const codes = new Set(seen.map((r) => r.code));
    expect(DOCTOR_CODES.filter((c) => !codes.has(c) && !STATE_HISTORY_CODES.includes(c))).toEqual([]);
    for (const r of seen) expect(formatMessage(r, { cwd: TOP, top: TOP }), r.code).not.toMatch(/undefined|\[object|NaN/);
  });
});
