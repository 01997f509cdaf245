#!/usr/bin/env node
// `npm run bench`: every figure a ratio against a baseline measured in the same run, medians of
// several interleaved runs (these machines are noisy), NODE_EXTRA_CA_CERTS unset (it adds ~50 ms
// to every node start). Writes docs/benchmarks.md and prints the same table.
//   node bench/run.mjs [--runs N] [--quick] [--check] [--only guard|hook|coverage|run] [--repos DIR,DIR…]
// Every row is printed with its budget (DESIGN §7) beside it. A full run also writes
// bench/baseline.json: each checked row's ratio (against the row its section measures from).
// --check: exit 1 on a 2× regression of any checked row against bench/baseline.json, or a gross
// one (see CHECKS), for CI. Ratios, never absolute times (a loaded machine slows both sides
// alike); a row over the limit is measured once more, and only a second failure fails (noise never does).
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const BIN = join(ROOT, 'bin', 'tdd.js');
const { values } = parseArgs({
  options: { runs: { type: 'string' }, quick: { type: 'boolean' }, check: { type: 'boolean' }, only: { type: 'string' }, repos: { type: 'string' } },
});
const BASELINE = join(ROOT, 'bench', 'baseline.json');
const LOAD_START = loadavg()[0].toFixed(1);
const RUNS = Number(values.runs ?? (values.quick || values.check ? 7 : 15));

// Static: the measurements behind the design, and how to repeat them.
const NOTES = `
## Where a hook's time goes

A commit whose hook runs no tests (docs only): git starts \`hooks/shim.sh\`, which starts git's
answers to the hook's first questions in the background (HEAD, the configuration files at HEAD and
in the index, the staged changes: \`git cat-file --batch\` and \`git diff-index\`) and \`exec\`s node.
Those two git processes run while node starts (~20 ms on its own), so node spawns nothing: it
reads their answers from \`.git/tdd/hook-inputs.<pid>\` (src/verify/context.ts). What node does
after its own start-up, measured with \`performance.now()\` marks (2026-11-29, quiet runs, before
the reads below became synchronous, ms):

| step | ms |
|---|---|
| bin/tdd.js: the code-cache loader and dist/tdd.cjs | ~1.7 |
| the hook chunk, fd 2 writer, Ctrl-C trap | ~0.9 |
| the pre-commit chunk (80 KB; code cache) and its top-level code, \`node:fs/promises\` among it | ~2.4 |
| git's answers: read, parsed, the file removed | ~0.9 |
| configuration: the work tree's \`.tddrc.json\`/\`.tddrc\` read with \`fs/promises\` (started libuv's thread pool: 0.8–6 ms; now synchronous) | ~1.1 |
| classifier, state, classify the staged paths, print | ~1.0 |

Not loaded on that path any more: \`node:fs/promises\` and the thread pool (every hook-path read and
write is synchronous: a few hundred bytes each), \`node:child_process\` (~2.5 ms: net, stream, dgram), \`node:tty\`
(net and stream again, ~2 ms), \`process.stderr\` (~1 ms), the lexers' chunk for a RED with no test
staged (~5 ms). Each bundle is compiled from V8's code cache (dist/.cache, written next to the
bundles by bin/tdd.js on Node 20; \`module.enableCompileCache\` on Node ≥ 22.1): −2 to −3 ms.
The pre-commit chunk holds step 1 only (69 KB, was 239 KB): the gates, the integrity rules
(picomatch through them) and the run facts are \`verify/judge.ts\`'s chunk, loaded only when a
commit has something to judge (2026-12-02: −6 to −7 ms of CPU per docs-only pre-commit at load
~19, \`perf stat -e task-clock\`, 118 → 111 ms against 96 ms for \`sh -c 'exec node -e 0'\`).
\`hook pre-commit --prefetched\` is parsed without node's \`parseArgs\`, and the one-line verdict is
not scanned for command names it cannot hold. The first commit after \`tdd install\`: on Node 20
install runs the start of a no-test commit once (bin/tdd.js, \`warmHookPath\`), so the hook's
chunks are compiled from the cache (\`<chunk>.partial.bin\`); that commit writes the whole cache.

2026-12-03, counted in instructions (valgrind's callgrind, \`setarch -R\`, node's
\`--single-threaded --hash-seed=1 --random-seed=1\`, repeatable to ~10 k; the docs-only commit's node
through the shim, its answers prefetched): 129.0 M → 116.8 M, against 93.3 M for \`node -e 0\` and
88.2 M for node running an empty file. What went: \`node:module\` (4.9 M: it loads the ES module
loader; bin/tdd.js now wraps the chunks itself and requires through its own \`require\` on Node 20),
\`node:url\` (2.4 M: each bundle's \`import.meta.url\` was a \`pathToFileURL\` at load; it is computed
when asked, and src/paths.ts reads \`import.meta.dirname\`), a lazy \`import('node:fs')\` (2.4 M: the
bundle copied its ~100 exports into a namespace object), the ~40 glob expressions compiled to find
README.md is a doc (3.8 M: src/snapshot/glob-needs.ts asks a glob's expression only where the path
holds its literal pieces), and the follow-read chunk (0.6 M, its 10 KB of pre-commit's own modules).
Left over \`node -e 0\`: V8 compiling node's own lazy functions (fs, buffer, path: ~9 M), the chunks'
code cache read and deserialised (~5 M), bin/tdd.js compiled without a cache (~2 M), first-run
object literals and regular expressions (~3 M), garbage collection (~2 M).

Reproduce: \`node bench/git-calls.mjs\` (one vs several git processes, spawn vs spawnSync), and
\`TDD_COMPILE_CACHE=0\` to measure without the code cache.

## Where \`tdd audit\`'s time goes

One \`git log --raw -z\` over the range, parsed as it streams (src/audit/history.ts); one \`git
cat-file --batch\` for every blob any rule's facts need (the configuration at the range's base and
as the diffs change it, the runners' own files, the test files GREEN/REFACTOR change; facts.ts
FACT_SOURCES); one \`diff-tree -c --stdin\` for the merges' own changes; then the pure rules. The
rules of a commit are parsed once per distinct set of configuration blobs, a package.json by its
shape (no version, no dependency ranges, test scripts only), and rules alike share one classifier:
eslint/eslint's last 1,000 commits hold 178 package.json blobs and one set of rules. When a GREEN
or a commit without trailers needs what came before the range, the look-back first asks whether
any commit there declares a TDD step: one \`git log\` that prints each commit's id and its
\`TDD-Phase\` trailer as git reads trailers, asked of A at once for \`A..B\` and stopped at the
first trailer it meets (a history that uses the hooks answers from its newest commits). None, in a
complete clone: every line there is closed at its root with nothing on it, and a range that then
brings no TDD step and no configuration is counted "made before the hooks" without resolving its
rules or classifying a change. Otherwise that history is read without diffs (with diffs only when
one of its commits declares a step), started beside the range's own read and stopped as soon as
the evaluation shows it is not needed (a 2-commit pull request on a 30,000-commit adopted history:
~500 → ~110–150 ms).

Real histories: \`node bench/audit.mjs --repo DIR\` (a clone of eslint/eslint, prettier/prettier,
pallets/click…; \`--sizes 1000,10000\`, \`--shard n\`), or \`node bench/run.mjs --repos DIR,DIR\` for
their rows in this page. What is left above \`git log\` is node's start and module loading
(~50 ms) and, where the range has a base, git's walk of the history before it: ~60 ms of git's
CPU over eslint's 9,979 commits before its last 1,000 first-parent ones, as much as \`git log
--raw\` over the range itself, so that row's floor is ~2× by git's CPU alone before node starts
(measured 2.8–4×; the whole history, which has no base, 1.3–1.4×). Where git's own diff is heavy
(prettier, with renames) the audit is below \`git log --raw\`. \`--shard i/n\` splits the findings
and the replays (the tests' runs: the work that matters in CI); each shard still reads the whole
range, since a commit's judgement needs the state of its line from the range's start. The
integrity rules run only on the commits the audit judges (after the look-back: a history made
before the hooks is never read or lexed) and only on this shard's; their blobs are read 200
commits at a time. A history that adopted tdd-hooks at the range's start (\`--adopt\`: every
commit judged, every implementation blob lexed and scanned) is the rules' own cost: pallets/click's
last 1,000 commits (1,576 implementation blobs, 52 MB) ~4× \`git log\` for git to hand them over
alone, and ~30× with the rules' lexing and scans (2026-12-03, wall): a ≤ 2× audit holds for a
history judged in part, not for one judged whole.

## Floors

- The guard's first decision after staging a file the rules are read from (package.json) asks
  git: loading \`node:child_process\` alone is ~55 M instructions (net, stream, dgram: 0.6× of node's
  own start of ~93 M), before git's own process. The row's floor is therefore ~1.5× \`node -e 0\`,
  the budget's edge; reading the staged blob without git would need \`node:zlib\` (~33 M) and a
  reader for packed objects.

- A hook that runs node can never cost less than the node-only hook: the rest of the budget
  (0.5× of it, ~15 ms here) is everything tdd-hooks does: what remains is listed above.
- With a test run, the hook is a node process of its own plus at least the git reads and the
  private copy's update (5–7 short git processes): one more node start alone is the row "the
  floor: one more node start". For \`node --test\` on one file (~85–100 ms) that floor is ~25–30 %,
  so 15 % cannot be met by any hook written in node.
- Where a verification with a test run spends its time before the runner starts, \`tdd verify\`
  with vitest (\`performance.now()\` marks, 2026-11-29, ms after node's start): node, the CLI and
  the first git reads ~40 (a hook's shim asks those reads ahead); configuration, state, the index
  copy's \`write-tree\`, the RED drift \`diff-tree\`, the gates, the verdict key ~15; the private
  copy's update (\`clean\` ‖ \`diff-files\` ‖ \`ls-tree\`, then \`read-tree -m -u\`) ~15–20, now started
  with the reads and overlapping them; the runner's own preparation ~4; after it, the report
  parsed and the verdict written ~5. In all 75–100 ms, every git process ~4–5 ms of it on these
  2-vCPU machines: 12–22 % of a ~450–550 ms vitest run across runs here, so 15 % holds on some
  runs and not on others. Below it would take fewer git processes on the test-run path (e.g. one
  \`git status\` for \`clean\` + \`diff-files\`) or a hook that stays resident.
- A GREEN with \`node --test\` on one file (2026-12-02, \`strace -f -e trace=execve\`): 8 git processes
  before the runner starts under \`tdd verify\` (was 12; 3 of them the shim asks in a hook): the RED
  files' drift comes from the staged changes when the RED commit is HEAD (no \`diff-tree\`), object
  reads by id are kept for the process (coverage reads the integrity rules' blobs; the test files
  come with them), and the related plan lists the tree from the index file it was written from (no
  \`ls-tree -r\`). The runner itself costs more than \`node --test\` alone before the hook does
  anything: our reporter beside spec, the leak guard in both node processes and the seal +15–23 % of
  its CPU, GREEN's coverage (\`NODE_V8_COVERAGE\`) +15 % more (38 % in all, paired runs at load ~14):
  with the hook's own node start (~20 %), 40 % beyond \`node --test\` is out of reach with
  greenCoverage on and the runner guarded.
`;

const home = realpathSync(mkdtempSync(join(tmpdir(), 'tdd-bench-home-')));
writeFileSync(
  join(home, '.gitconfig'),
  '[user]\n\tname = b\n\temail = b@example.invalid\n[init]\n\tdefaultBranch = main\n[commit]\n\tgpgsign = false\n[gc]\n\tauto = 0\n',
);
const ENV = { ...process.env, HOME: home, GIT_CONFIG_GLOBAL: join(home, '.gitconfig'), GIT_CONFIG_NOSYSTEM: '1', NO_COLOR: '1' };
delete ENV.NODE_EXTRA_CA_CERTS;
delete ENV.TDD_HOOKS;
for (const k of Object.keys(ENV)) if (k.startsWith('GIT_') && !k.startsWith('GIT_CONFIG')) delete ENV[k];

const dirs = [];
function repo(name, files = {}) {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), `tdd-bench-${name}-`)));
  dirs.push(dir);
  const run = (cmd, args, opts = {}) => {
    const r = spawnSync(cmd, args, { cwd: dir, env: ENV, encoding: 'utf8', maxBuffer: 1 << 28, ...opts });
    if (opts.check !== false && r.status !== 0 && opts.expect === undefined)
      throw new Error(`${name}: ${cmd} ${args.join(' ')} → ${r.status}\n${r.stderr}${r.stdout}`);
    if (opts.expect !== undefined && r.status !== opts.expect)
      throw new Error(`${name}: ${cmd} ${args.join(' ')} → ${r.status}, expected ${opts.expect}\n${r.stderr}${r.stdout}`);
    return r;
  };
  const write = (map) => {
    for (const [p, c] of Object.entries(map)) {
      mkdirSync(dirname(join(dir, p)), { recursive: true });
      writeFileSync(join(dir, p), c);
    }
  };
  run('git', ['init', '-q']);
  write({ 'package.json': JSON.stringify({ name, type: 'module', private: true }) + '\n', 'README.md': '# b\n', ...files });
  run('git', ['add', '-A']);
  run('git', ['commit', '-qm', 'init', '--no-verify']);
  const tdd = (...args) => run(process.execPath, [BIN, ...args]);
  const tddExpect = (code, ...args) => run(process.execPath, [BIN, ...args], { expect: code });
  return { dir, run, write, tdd, tddExpect };
}

const ms = (f) => {
  const t = process.hrtime.bigint();
  f();
  return Number(process.hrtime.bigint() - t) / 1e6;
};
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Interleave the variants run by run, so machine noise hits them all alike. */
function measure(variants, runs = RUNS, warmup = 2) {
  return Object.fromEntries(Object.entries(measureSamples(variants, runs, warmup)).map(([k, xs]) => [k, median(xs)]));
}

/** Each variant's times, run i of every variant back to back (so samples[a][i] and samples[b][i] pair up). */
function measureSamples(variants, runs = RUNS, warmup = 2) {
  const samples = Object.fromEntries(Object.keys(variants).map((k) => [k, []]));
  for (let i = 0; i < runs + warmup; i++) {
    for (const [name, v] of Object.entries(variants)) {
      v.before?.(i);
      const t = ms(() => v.run(i));
      v.after?.(i);
      if (i >= warmup) samples[name].push(t);
    }
  }
  return samples;
}

const rows = [];
/**
 * `budget`: the row's limit and what it limits ({ ratio: 1.3 }: its ratio; { value: 15 }: its
 * value), printed beside it. `checked`: the row measures tdd-hooks itself (not a baseline or a
 * floor), so bench:check compares its ratio with bench/baseline.json.
 */
const row = (section, what, value, base, unit = 'ms', opts = {}) =>
  rows.push({ section, what, value, ratio: base ? value / base : undefined, unit, budget: opts.budget, checked: Boolean(opts.checked && base) });
const budgetOf = (section, what) => BUDGETS.find(([s, w]) => section.startsWith(s) && what.startsWith(w))?.[2];
const isChecked = (section, what) => CHECKED.some(([s, w]) => section.startsWith(s) && what.startsWith(w));
/** row() with the budget and check of BUDGETS / CHECKED. */
const brow = (section, what, value, base, unit = 'ms') =>
  row(section, what, value, base, unit, { budget: budgetOf(section, what), checked: isChecked(section, what) });

// DESIGN §7 and issue 24: [section prefix, row prefix, budget].
const BUDGETS = [
  ['commit, hook runs no tests', 'tdd-hooks: docs-only commit', { ratio: 1.3 }],
  ['commit, hook runs no tests', 'tdd-hooks: RED refused', { ratio: 1.3 }],
  ['commit, hook runs no tests', 'tdd-hooks docs-only vs husky', { ratio: 0.25 }],
  ['agent guard decision', 'guard:', { ratio: 1.5 }],
  ['agent guard decision (the other adapters)', 'guard ', { ratio: 1.5 }],
  ['with a test run (vitest)', 'hook overhead beyond the runner', { value: 15, unit: '%' }],
  ['with a test run (node)', 'hook overhead beyond the runner', { value: 40, unit: '%' }],
  ['tdd audit', 'tdd audit', { ratio: 2 }],
];
// Rows that measure tdd-hooks' own work (against a baseline measured in the same run).
const CHECKED = [
  ['commit, hook runs no tests', 'tdd-hooks'],
  ['agent guard decision', 'guard:'],
  ['agent guard decision (the other adapters)', 'guard '],
  ['with a test run', 'tdd verify'],
  ['gates over many staged files', '1,000 staged files'],
  ['a repository of', 'next verification'],
  ['tdd audit', 'tdd audit'],
  ['tdd audit', 'a pull request'],
];

// 1. A commit whose hook runs no tests, against a hook that only starts node and husky + lint-staged.
function hookPath() {
  const plain = repo('none');
  const nodeOnly = repo('node');
  writeFileSync(join(nodeOnly.dir, '.git/hooks/pre-commit'), '#!/bin/sh\nexec node -e 0\n');
  chmodSync(join(nodeOnly.dir, '.git/hooks/pre-commit'), 0o755);
  const husky = repo('husky', { '.lintstagedrc.json': JSON.stringify({ '*.{js,ts}': 'node -e 0' }) + '\n' });
  symlinkSync(join(ROOT, 'node_modules'), join(husky.dir, 'node_modules'), 'dir');
  husky.run(process.execPath, [join(ROOT, 'node_modules/husky/bin.js')]);
  writeFileSync(join(husky.dir, '.husky/pre-commit'), 'npx --no-install lint-staged\n');
  const ours = (name) => {
    const r = repo(name);
    r.tdd('install');
    r.run('git', ['add', '-A']);
    r.run('git', ['commit', '-qm', 'setup', '--no-verify']);
    r.tdd('phase', 'red');
    return r;
  };
  const docs = ours('docs');
  const refused = ours('refused');
  const commitDocs = (r) => ({
    before: (i) => {
      r.write({ 'README.md': `# b ${i}\n` });
      r.run('git', ['add', 'README.md']);
    },
    run: (i) => r.run('git', ['commit', '-qm', `c${i}`]),
  });
  const m = measure({
    'no hook': commitDocs(plain),
    'hook that only runs `node -e 0`': commitDocs(nodeOnly),
    'husky + lint-staged (no matching files)': commitDocs(husky),
    'tdd-hooks: docs-only commit': commitDocs(docs),
    'tdd-hooks: RED refused before any test run': {
      before: (i) => {
        refused.write({ 'src.js': `export const x = ${i};\n` });
        refused.run('git', ['add', 'src.js']);
      },
      run: (i) => refused.run('git', ['commit', '-qm', `c${i}`], { expect: 1 }),
      after: () => refused.run('git', ['reset', '-q']),
    },
  });
  const base = m['hook that only runs `node -e 0`'];
  const anchor = m['husky + lint-staged (no matching files)'];
  for (const [k, v] of Object.entries(m)) brow('commit, hook runs no tests', k, v, base);
  brow('commit, hook runs no tests', 'tdd-hooks docs-only vs husky + lint-staged', m['tdd-hooks: docs-only commit'], anchor);
  return {
    docsRatio: m['tdd-hooks: docs-only commit'] / base,
    refusedRatio: m['tdd-hooks: RED refused before any test run'] / base,
    anchorRatio: m['tdd-hooks: docs-only commit'] / anchor,
  };
}

// 1b. The agent guard (`tdd guard`): one decision per tool call, against a node that does nothing.
function agentGuard() {
  const r = repo('guard', { '.gitignore': 'out.log\n' });
  r.tdd('install');
  r.run('git', ['add', '-A']);
  r.run('git', ['commit', '-qm', 'setup', '--no-verify']);
  r.tdd('phase', 'red');
  const call = (tool, input) => JSON.stringify({ hook_event_name: 'PreToolUse', cwd: r.dir, tool_name: tool, tool_input: input });
  const guard = (payload) => ({ run: () => r.run(process.execPath, [BIN, 'guard', 'claude'], { input: payload, env: { ...ENV, CLAUDE_PROJECT_DIR: r.dir } }) });
  const m = measure({
    '`node -e 0` (reading the same stdin)': { run: () => r.run(process.execPath, ['-e', '0'], { input: call('Bash', { command: 'npm test' }) }) },
    'guard: Write a test file in RED (allowed)': guard(call('Write', { file_path: join(r.dir, 'test/a.test.js'), content: 'x' })),
    'guard: Write implementation in RED (denied)': guard(call('Write', { file_path: join(r.dir, 'src/a.js'), content: 'x' })),
    'guard: Bash `npm test > out.log` (allowed: git ignores out.log)': guard(call('Bash', { command: 'npm test > out.log 2>&1' })),
    'guard: Bash `git commit --no-verify` (denied)': guard(call('Bash', { command: 'git commit --no-verify -m x' })),
    // The index changed (git add of a doc): the rules' own entries in the index file are the same, so no git.
    'guard: the first decision after `git add` of a doc (reads the index)': {
      before: (i) => {
        r.write({ [`docs/n${i}.md`]: `${i}\n` });
        r.run('git', ['add', `docs/n${i}.md`]);
      },
      ...guard(call('Write', { file_path: join(r.dir, 'test/a.test.js'), content: 'x' })),
    },
    // A file the rules are read from staged (package.json): the committed rules are read from git again, once.
    'guard: the first decision after staging package.json (asks git)': {
      before: (i) => {
        r.write({ 'package.json': `${JSON.stringify({ name: 'guard', description: `run ${i}` })}\n` });
        r.run('git', ['add', 'package.json']);
      },
      ...guard(call('Write', { file_path: join(r.dir, 'test/a.test.js'), content: 'x' })),
    },
  });
  const base = m['`node -e 0` (reading the same stdin)'];
  for (const [k, v] of Object.entries(m)) brow('agent guard decision (tdd guard claude)', k, v, base);
  // Every other agent's adapter: one denied implementation write each, in its own payload shape.
  const as = (agent, payload, env = {}) => ({
    run: () =>
      r.run(process.execPath, [BIN, 'guard', agent], { input: JSON.stringify(payload), env: { ...ENV, ...env }, expect: agent === 'windsurf' ? 2 : 0 }),
  });
  const impl = join(r.dir, 'src/a.js');
  const patch = '*** Begin Patch\n*** Add File: src/a.js\n+x\n*** End Patch\n';
  const others = measure({
    '`node -e 0` (reading the same stdin)': { run: () => r.run(process.execPath, ['-e', '0'], { input: call('Bash', { command: 'npm test' }) }) },
    'guard codex: apply_patch (denied)': as('codex', { hook_event_name: 'PreToolUse', cwd: r.dir, tool_name: 'apply_patch', tool_input: { command: patch } }),
    'guard codex: Bash holding apply_patch <<EOF (denied)': as('codex', {
      hook_event_name: 'PreToolUse',
      cwd: r.dir,
      tool_name: 'Bash',
      tool_input: { command: `apply_patch <<'EOF'\n${patch}EOF\n` },
    }),
    'guard gemini: write_file (denied)': as(
      'gemini',
      { hook_event_name: 'BeforeTool', cwd: r.dir, tool_name: 'write_file', tool_input: { file_path: impl, content: 'x' } },
      { GEMINI_PROJECT_DIR: r.dir },
    ),
    'guard cursor: StrReplace (denied)': as('cursor', {
      hook_event_name: 'preToolUse',
      workspace_roots: [r.dir],
      tool_name: 'StrReplace',
      tool_input: { file_path: impl, old_string: 'a', new_string: 'b' },
    }),
    'guard copilot: create (denied)': as('copilot', { cwd: r.dir, toolName: 'create', toolArgs: { path: impl, file_text: 'x' } }),
    'guard windsurf: pre_write_code (denied)': as('windsurf', {
      agent_action_name: 'pre_write_code',
      tool_info: { file_path: impl, edits: [{ old_string: '', new_string: 'x' }] },
    }),
    'guard cline: editor (denied)': as('cline', {
      hookName: 'PreToolUse',
      workspaceRoots: [r.dir],
      preToolUse: { toolName: 'editor', parameters: { path: impl, new_text: 'x' } },
    }),
    'guard cline: run_commands (allowed)': as('cline', {
      hookName: 'PreToolUse',
      workspaceRoots: [r.dir],
      preToolUse: { toolName: 'run_commands', parameters: { commands: '["npm test"]' } },
    }),
  });
  const otherBase = others['`node -e 0` (reading the same stdin)'];
  for (const [k, v] of Object.entries(others)) brow('agent guard decision (the other adapters)', k, v, otherBase);
  const decisions = [
    ...Object.entries(m)
      .filter(([k]) => k.startsWith('guard:') && !k.includes('asks git'))
      .map(([, v]) => v / base),
    ...Object.entries(others)
      .filter(([k]) => k.startsWith('guard '))
      .map(([, v]) => v / otherBase),
  ];
  return { worst: Math.max(...decisions) };
}

// 2. A verification with a test run against the runner alone on the same file, and a cache hit.
function testRun(runner) {
  const ext = runner === 'vitest' ? 'ts' : 'js';
  const testFile = `test/sum.test.${ext}`;
  const header =
    runner === 'vitest' ? "import { expect, test } from 'vitest';\n" : "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\n";
  const check = runner === 'vitest' ? 'expect(sum(2, 3)).toBe(5);' : 'assert.equal(sum(2, 3), 5);';
  const testSource = `${header}import { sum } from '../src/sum.js';\n\ntest('adds', () => {\n  ${check}\n});\n`;
  const impl = (i) => `export function sum(a, b) {\n  return a + b; // ${i}\n}\n`;
  // `extra`: files committed before the RED (an older test of the same source: GREEN's related run has work).
  const green = (name, extra = {}) => {
    const r = repo(name, { '.tddrc.json': JSON.stringify({ runner }) + '\n', '.gitignore': 'node_modules\n', ...extra });
    if (runner === 'vitest') symlinkSync(join(ROOT, 'node_modules'), join(r.dir, 'node_modules'), 'dir');
    r.tdd('install');
    r.write({ [testFile]: testSource });
    r.run('git', ['add', '-A']);
    r.run('git', ['commit', '-qm', 'red', '--no-verify', '-m', 'TDD-Phase: red']);
    rmSync(join(r.dir, '.git/tdd'), { recursive: true, force: true }); // rebuilt from the trailer: phase green
    r.write({ 'src/sum.js': impl(0) });
    r.run('git', ['add', 'src/sum.js']);
    r.tdd('verify');
    return r;
  };
  const r = green(`run-${runner}`);
  const older = testSource.replace("'adds'", "'adds again'").replace('sum(2, 3), 5', 'sum(1, 1), 2');
  const withOlder = green(`run-${runner}-older`, { [`test/older.test.${ext}`]: older, 'src/sum.js': impl('old') });
  // The runner alone, on a copy of the same tree (what the hook's private copy holds).
  const alone = repo(`alone-${runner}`, { [testFile]: testSource, 'src/sum.js': impl(0) });
  if (runner === 'vitest') symlinkSync(join(ROOT, 'node_modules'), join(alone.dir, 'node_modules'), 'dir');
  const argv =
    runner === 'vitest'
      ? [
          join(ROOT, 'node_modules/vitest/vitest.mjs'),
          'run',
          '--reporter=json',
          `--outputFile.json=${join(alone.dir, 'r.json')}`,
          '--no-cache',
          `./${testFile}`,
        ]
      : ['--test', `./${testFile}`];
  const samples = measureSamples(
    {
      [`${runner} alone on the test file`]: { run: () => alone.run(process.execPath, argv) },
      [`tdd verify (GREEN, tests run on the staged tree)`]: {
        before: (i) => {
          r.write({ 'src/sum.js': impl(i + 1) });
          r.run('git', ['add', 'src/sum.js']);
        },
        run: () => r.tdd('verify'),
      },
      [`tdd verify again, same staged tree (cache hit)`]: { run: () => r.tdd('verify') },
      // An older test of the same source beside the task's: GREEN's related tests run too (greenRuns "related").
      [`tdd verify (GREEN, an older test of the same source beside it)`]: {
        before: (i) => {
          withOlder.write({ 'src/sum.js': impl(i + 1) });
          withOlder.run('git', ['add', 'src/sum.js']);
        },
        run: () => withOlder.tdd('verify'),
      },
      // The floor of any hook: one more node process (see the notes below the tables).
      ['`node -e 0` (one more node start: the floor)']: { run: () => r.run(process.execPath, ['-e', '0']) },
    },
    RUNS,
    1,
  );
  const m = Object.fromEntries(Object.entries(samples).map(([k, xs]) => [k, median(xs)]));
  const base = m[`${runner} alone on the test file`];
  for (const [k, v] of Object.entries(m)) brow(`with a test run (${runner})`, k, v, base);
  // The overhead pairs each verification with the runner run just before it (same moment of a
  // noisy machine): the median of those differences, steadier than a difference of medians.
  const aloneMs = samples[`${runner} alone on the test file`];
  const verifyMs = samples['tdd verify (GREEN, tests run on the staged tree)'];
  return {
    overhead: median(verifyMs.map((v, i) => (v - aloneMs[i]) / aloneMs[i])),
    ms: median(verifyMs.map((v, i) => v - aloneMs[i])),
    floor: m['`node -e 0` (one more node start: the floor)'] / base,
  };
}

// 2b. GREEN's coverage (greenCoverage "warn", the default) against the same verification with
// "off", on the same kind of tree: what measuring adds to the run (budget: ≤ 15 %).
function coverageCost(runner) {
  const py = runner === 'pytest';
  const testFile = py ? 'test_calc.py' : 'test/sum.test.js';
  const testSource = py
    ? 'from calc import total\n\n\ndef test_total():\n    assert total(2, 3) == 5\n'
    : "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport { sum } from '../src/sum.js';\n\ntest('adds', () => {\n  assert.equal(sum(2, 3), 5);\n});\n";
  const implFile = py ? 'calc.py' : 'src/sum.js';
  const impl = py
    ? (i) => `def total(a, b):\n    if a < 0:\n        raise ValueError("negative")  # ${i}\n    return a + b\n`
    : (i) => `export function sum(a, b) {\n  if (a < 0) throw new Error('negative'); // ${i}\n  return a + b;\n}\n`;
  const make = (mode) => {
    const r = repo(`coverage-${runner}-${mode}`, {
      '.tddrc.json': JSON.stringify({ runner, greenCoverage: mode, greenRuns: 'targeted' }) + '\n',
      ...(py ? { 'pytest.ini': '[pytest]\n' } : { 'package.json': JSON.stringify({ name: 'p', type: 'module' }) + '\n' }),
    });
    r.tdd('install');
    r.write({ [testFile]: testSource });
    r.run('git', ['add', '-A']);
    r.run('git', ['commit', '-qm', 'red', '--no-verify', '-m', 'TDD-Phase: red']);
    rmSync(join(r.dir, '.git/tdd'), { recursive: true, force: true });
    r.write({ [implFile]: impl(0) });
    r.run('git', ['add', implFile]);
    r.tdd('verify');
    return r;
  };
  const variants = Object.fromEntries(
    ['off', 'warn'].map((mode) => {
      const r = make(mode);
      return [
        `tdd verify, greenCoverage "${mode}"`,
        {
          before: (i) => {
            r.write({ [implFile]: impl(i + 1) });
            r.run('git', ['add', implFile]);
          },
          run: () => r.tdd('verify'),
        },
      ];
    }),
  );
  const samples = measureSamples(variants, RUNS, 1);
  const [off, warn] = Object.values(samples);
  const section = `GREEN coverage (${runner})`;
  row(section, 'tdd verify, greenCoverage "off"', median(off));
  row(section, 'tdd verify, greenCoverage "warn" (measured)', median(warn), median(off));
  row(section, 'added by coverage (paired runs)', median(warn.map((v, i) => (v - off[i]) / off[i])) * 100, undefined, '%');
}

// 3. The gates over 10 / 1,000 / 10,000 staged files (a RED refused before any test run).
function scaling() {
  const out = {};
  for (const n of values.quick || values.check ? [10, 1000] : [10, 1000, 10000]) {
    const r = repo(`scale-${n}`);
    r.tdd('install');
    r.run('git', ['add', '-A']);
    r.run('git', ['commit', '-qm', 'setup', '--no-verify']);
    r.tdd('phase', 'red');
    const files = {};
    for (let i = 0; i < n; i++) files[`src/m${Math.floor(i / 500)}/f${i}.js`] = `export const v = ${i};\n`;
    r.write(files);
    r.run('git', ['add', '-A']);
    out[n] = measure({ [n]: { run: () => r.tddExpect(1, 'verify') } }, 5, 1)[n];
    brow('gates over many staged files (RED refused, no test run)', `${n.toLocaleString('en')} staged files`, out[n], n === 10 ? undefined : out[10]);
  }
  const ns = Object.keys(out).map(Number);
  const slope = (out[ns.at(-1)] - out[ns[0]]) / ((ns.at(-1) - ns[0]) / 1000);
  row('gates over many staged files (RED refused, no test run)', 'slope per 1,000 files', slope);
}

// 4. A repository of 50,000 files: the first verification fills the private copy, the next updates it.
function bigRepo() {
  const n = values.quick || values.check ? 5000 : 50000;
  const r = repo(`big-${n}`, {
    'test/a.test.js': "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\ntest('a', () => assert.equal(1, 1));\n",
  });
  const blob = r.run('git', ['hash-object', '-w', '--stdin'], { input: 'export const x = 1;\n' }).stdout.trim();
  const lines = [];
  for (let i = 0; i < n; i++) lines.push(`100644 ${blob}\tlib/d${Math.floor(i / 1000)}/f${i}.js`);
  r.run('git', ['update-index', '--add', '--index-info'], { input: lines.join('\n') + '\n' });
  r.run('git', ['commit', '-qm', 'big', '--no-verify']);
  r.tdd('install');
  r.tdd('phase', 'red', '--regression');
  // Each step stages one more regression test (a RED may add tests; it may not edit the one that passes).
  const step = (i) => {
    r.write({
      [`test/a${i}.test.js`]: `import { test } from 'node:test';\nimport assert from 'node:assert/strict';\ntest('a${i}', () => assert.equal(${i + 100}, ${i + 100}));\n`,
    });
    r.run('git', ['add', `test/a${i}.test.js`]);
    return ms(() => r.tdd('verify'));
  };
  const first = step(1);
  const second = median([step(2), step(3), step(4)]);
  row(`a repository of ${n.toLocaleString('en')} files`, 'first verification (fills the private copy)', first);
  brow(`a repository of ${n.toLocaleString('en')} files`, 'next verification (incremental update)', second, first);
}

/** The row scripts that failed: their rows are missing, and `--check` fails. */
const scriptsFailed = [];
function optional(script, section, extra = []) {
  const r = spawnSync(process.execPath, [join(ROOT, 'bench', script), '--markdown-rows', ...extra], { env: ENV, encoding: 'utf8', maxBuffer: 1 << 26 });
  // A script that fails leaves its rows out: said, and in --check a failure (a check that cannot fail is none).
  if (r.status !== 0) {
    console.error(`bench/${script} failed (exit ${r.status}), so its rows are missing:\n${`${r.stderr}${r.stdout}`.slice(-2000)}`);
    scriptsFailed.push(script);
    return;
  }
  for (const line of r.stdout.split('\n')) {
    const m = /^ROW\t(.*)\t([\d.]+)\t(.*)$/.exec(line);
    if (m) brow(section, m[1], Number(m[2]), m[3] ? Number(m[2]) / Number(m[3]) : undefined);
  }
}

// Gross regressions only: noise must never block a merge, a 3× slowdown must.
const CHECKS = [
  ['docs-only commit vs node-only hook', (r) => r.docsRatio, 3],
  ['refused RED vs node-only hook', (r) => r.refusedRatio, 3],
  ['agent guard decision vs node -e 0', (r) => r.guard.worst, 3],
];

// How to measure a section again (againstBaseline).
const SECTIONS = [
  ['commit, hook runs no tests', () => hookPath()],
  ['agent guard decision', () => agentGuard()],
  ['with a test run (node)', () => testRun('node')],
  ['with a test run (vitest)', () => testRun('vitest')],
  ['gates over many staged files', () => scaling()],
  ['tdd audit', () => optional('audit.mjs', 'tdd audit')],
];

try {
  // One section alone (no docs/benchmarks.md written): `node bench/run.mjs --only guard`.
  // GREEN's coverage alone: `node bench/run.mjs --only coverage` (prints its rows, writes nothing).
  if (values.only === 'coverage') {
    for (const runner of ['node', 'pytest']) coverageCost(runner);
  }
  // `--only hook`: the rows of a commit whose hook runs no tests, alone.
  // `--only run`: the test-run rows (node and vitest), alone.
  const only = values.only === 'guard' || values.only === 'hook' || values.only === 'coverage' || values.only === 'run';
  const hook =
    values.only === 'guard'
      ? { guard: agentGuard() }
      : values.only === 'hook'
        ? { ...hookPath(), guard: { worst: 0 } }
        : values.only === 'coverage' || values.only === 'run'
          ? { guard: { worst: 0 } }
          : { ...hookPath(), guard: agentGuard() };
  const overhead = only && values.only !== 'run' ? {} : { node: testRun('node'), vitest: testRun('vitest') };
  for (const [k, v] of Object.entries(overhead)) {
    row(`with a test run (${k})`, 'hook overhead beyond the runner', v.overhead * 100, undefined, '%', {
      budget: budgetOf(`with a test run (${k})`, 'hook overhead beyond the runner'),
    });
    row(`with a test run (${k})`, 'hook overhead beyond the runner, absolute', v.ms);
    row(`with a test run (${k})`, 'of which the floor: one more node start', v.floor * 100, undefined, '%');
  }
  if (!only) {
    if (!values.check) for (const runner of ['node', 'pytest']) coverageCost(runner);
    scaling();
    if (!values.check) bigRepo();
    if (!values.check) optional('waves.mjs', 'tdd waves');
    optional('audit.mjs', 'tdd audit');
    optional('integrity.mjs', 'integrity rules (GREEN, a 1,000-line implementation diff)');
    optional('lang.mjs', 'the test-file analysis');
    optional('shell.mjs', "the agent guard's shell reader");
    // --repos a,b,c: real histories (clones of eslint/eslint, prettier/prettier, pallets/click…).
    for (const dir of values.repos ? values.repos.split(',') : []) {
      optional('audit.mjs', `tdd audit on a real history: ${dir.split('/').pop()}`, ['--repo', dir, '--runs', String(Math.min(RUNS, 7))]);
    }
  }
  const table = formatTable(rows);
  console.log(table);
  const regressions = only ? [] : againstBaseline(values.check);
  if (!values.check && !only) {
    mkdirSync(join(ROOT, 'docs'), { recursive: true });
    writeFileSync(
      join(ROOT, 'docs/benchmarks.md'),
      `# Benchmarks\n\n\`npm run bench\` on ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${RUNS} interleaved runs, medians, NODE_EXTRA_CA_CERTS unset. Load average ${LOAD_START} at the start, ${loadavg()[0].toFixed(1)} at the end (2 cores; a quiet machine is below 1: above it every figure is stretched, ratios less than times). Ratios are against the first row of each section (or as named), measured in the same run. The hook's overhead beyond the runner is the median of paired runs (each verification against the runner's run just before it).\n\n${table}\n\nBudgets (DESIGN §7): a commit whose hook runs no tests ≤ 1.5× a hook that only starts node and ≤ 0.25× husky + lint-staged; an agent guard decision ≤ 1.5× \`node -e 0\`; with a test run, the hook's own time ≤ 15% of the runner's.\n${NOTES}`,
    );
  }
  let failed = CHECKS.filter(([name, f, limit]) => (!only || name.startsWith('agent guard')) && f(hook) > limit);
  let judged = hook;
  if (values.check && failed.length > 0) {
    // Measured once more, as againstBaseline does: only a second failure fails.
    judged = only ? { guard: agentGuard() } : { ...hookPath(), guard: agentGuard() };
    failed = failed.filter(([, f, limit]) => f(judged) > limit);
  }
  for (const [name, f, limit] of failed) console.error(`bench check: ${name} is ${f(judged).toFixed(2)}× (limit ${limit}×, measured twice)`);
  for (const r of regressions)
    console.error(
      `bench check: ${r.key} is ${r.ratio.toFixed(2)}×, ${(r.ratio / r.base).toFixed(2)}× its baseline ${r.base.toFixed(2)}× (limit 2×, measured twice)`,
    );
  process.exitCode = values.check && failed.length + regressions.length + scriptsFailed.length > 0 ? 1 : 0;
} finally {
  // Each repository's private copy lives in the temp dir, named in its state (src/verify/scratch.ts).
  for (const d of dirs) {
    try {
      const { path } = JSON.parse(readFileSync(join(d, '.git/tdd/scratch.json'), 'utf8'));
      if (typeof path === 'string' && path.startsWith(tmpdir())) rmSync(path, { recursive: true, force: true });
    } catch {
      // no test ran there
    }
  }
  for (const d of [...dirs, home]) rmSync(d, { recursive: true, force: true });
}

function formatTable(all) {
  const lines = [];
  let section;
  for (const r of all) {
    if (r.section !== section) {
      section = r.section;
      lines.push('', `| ${section} | time | ratio | budget |`, '|---|---|---|---|');
    }
    const value = r.unit === '%' ? `${r.value.toFixed(1)} %` : `${r.value.toFixed(1)} ms`;
    lines.push(`| ${r.what} | ${value} | ${r.ratio === undefined ? '' : `${r.ratio.toFixed(2)}×`} | ${budgetText(r)} |`);
  }
  return lines.join('\n').trim();
}

/** `≤ 1.3× ✓` / `≤ 15 % ✗`: the budget and whether this run met it. */
function budgetText(r) {
  const b = r.budget;
  if (!b) return '';
  const [limit, got, unit] = b.ratio !== undefined ? [b.ratio, r.ratio, '×'] : [b.value, r.value, ` ${b.unit ?? ''}`.trimEnd()];
  return got === undefined ? '' : `≤ ${limit}${unit} ${got <= limit ? '✓' : '✗'}`;
}

function keyOf(r) {
  return `${r.section} / ${r.what}`;
}

/**
 * The checked rows against bench/baseline.json: a full run writes it; --check returns the rows
 * whose ratio is over 2× their baseline's, each measured again once (their section re-run) and
 * kept only if over again.
 */
function againstBaseline(check) {
  const checked = rows.filter((r) => r.checked);
  if (!check) {
    writeFileSync(BASELINE, JSON.stringify(Object.fromEntries(checked.map((r) => [keyOf(r), Number(r.ratio.toFixed(3))])), null, 2) + '\n');
    return [];
  }
  let base = {};
  try {
    base = JSON.parse(readFileSync(BASELINE, 'utf8'));
  } catch {
    console.error(`bench check: no ${BASELINE} (a full \`npm run bench\` writes it): only the gross checks apply`);
  }
  const over = (list) => list.filter((r) => base[keyOf(r)] !== undefined && r.ratio > 2 * base[keyOf(r)]);
  const first = over(checked);
  if (first.length === 0) return [];
  // Once more, the sections with a row over: noise does not strike the same row twice in a row.
  const again = new Set(first.map((r) => r.section));
  const kept = rows.splice(0);
  for (const section of again) SECTIONS.find(([prefix]) => section.startsWith(prefix))?.[1]();
  const second = over(rows.filter((r) => r.checked && again.has(r.section)));
  rows.push(...kept);
  return second.map((r) => ({ key: keyOf(r), ratio: r.ratio, base: base[keyOf(r)] }));
}
