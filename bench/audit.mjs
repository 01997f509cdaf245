#!/usr/bin/env node
// How long does `tdd audit` (no replay) take over 1,000 commits, against `git log --raw -z` over
// the same range? The budget (DESIGN §7) is 2×. The repository is built with git fast-import: a
// skeleton commit (tagged `base`) of --files files (tests, implementation, fixtures, docs in nested
// folders), then --commits honest RED → GREEN → REFACTOR commits, one task per three. Two ranges:
// `base..HEAD` (the 1,000 commits, as CI audits a branch over its base) and `HEAD` (the whole
// history, the skeleton's thousands of added files included). Interleaved runs in one process,
// medians, NODE_EXTRA_CA_CERTS unset (these machines set it; it adds ~50 ms to every node start).
//
// Also a pull request (2 commits) on a 30,000-commit adopted history, against `node -e 0`: the
// CI case, where the history before the range must not be read when the range does not need it.
//
// Usage: node bench/audit.mjs [--runs N] [--commits N] [--files N] [--bin path/to/tdd.js]
//
// --repo DIR: a real history instead (a clone of eslint/eslint, prettier/prettier, pallets/click…):
// the last --sizes (default 1000,10000) first-parent commits, `HEAD~N..HEAD` (a size beyond the
// history: all of HEAD), each against `git log --raw -z` over the same range, and the slope (ms per
// 1,000 commits between the sizes; per commit, the larger size over the smaller: 1.0 is linear).
// --shard n: also each of n shards of the largest range (`tdd audit --shard i/n`).
// --adopt: the same history as if it had adopted tdd-hooks before the largest range: a shared
// clone in /tmp whose commits of that range are rewritten (git fast-export --no-data | fast-import,
// the same trees and blobs) with a `.tddrc.json` added where the range starts, so every commit is
// judged (a commit without trailers is a finding, the integrity rules run on all of them) instead
// of being "made before the hooks were in use".
// --cpu: CPU time (user + system, the process and the children it waited for, /usr/bin/time)
// instead of the wall clock: on a loaded machine the ratio of CPU times holds where the wall's does not.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '9' },
    commits: { type: 'string', default: '1000' },
    files: { type: 'string', default: '2000' },
    bin: { type: 'string' },
    repo: { type: 'string' },
    sizes: { type: 'string', default: '1000,10000' },
    shard: { type: 'string' },
    adopt: { type: 'boolean' },
    cpu: { type: 'boolean' },
    check: { type: 'boolean' },
    'markdown-rows': { type: 'boolean' },
  },
});
const RUNS = Number(values.runs);
/** The adopted history under the pull request's row (commits with TDD trailers). */
const PR_HISTORY = 30_000;
const PR_ROW = `a pull request: tdd audit main..pr, 2 commits on a ${PR_HISTORY.toLocaleString('en')}-commit adopted history`;
const COMMITS = Number(values.commits);
const FILES = Number(values.files);
const BIN = values.bin ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'bin', 'tdd.js');

const timeFile = join(tmpdir(), `tdd-bench-time-${process.pid}`);
/** Runs `cmd` through `spawn`: [result, ms] (the wall clock, or with --cpu the CPU time git and node spent). */
function timed(spawn, cmd, args) {
  if (!values.cpu) {
    const t = process.hrtime.bigint();
    const r = spawn(cmd, args);
    return [r, Number(process.hrtime.bigint() - t) / 1e6];
  }
  const r = spawn('/usr/bin/time', ['-f', '%U %S', '-o', timeFile, cmd, ...args]);
  const [user, sys] = readFileSync(timeFile, 'utf8').trim().split('\n').at(-1).split(' ').map(Number);
  return [r, (user + sys) * 1000];
}

const home = realpathSync(mkdtempSync(join(tmpdir(), 'tdd-bench-home-')));
writeFileSync(join(home, '.gitconfig'), '[user]\n\tname = b\n\temail = b@example.invalid\n[init]\n\tdefaultBranch = main\n[gc]\n\tauto = 0\n');
const env = { ...process.env, HOME: home, GIT_CONFIG_GLOBAL: join(home, '.gitconfig'), GIT_CONFIG_NOSYSTEM: '1', NO_COLOR: '1' };
delete env.NODE_EXTRA_CA_CERTS;
for (const k of Object.keys(env)) if (k.startsWith('GIT_') && !k.startsWith('GIT_CONFIG')) delete env[k];

if (values.repo) {
  const repo = realpathSync(values.repo);
  const adopted = values.adopt ? adopt(repo) : undefined;
  benchRepo(adopted ?? repo, adopted ? `${repo}, adopted` : repo);
  if (adopted && !process.env.KEEP_ADOPTED) rmSync(adopted, { recursive: true, force: true });
  if (adopted && process.env.KEEP_ADOPTED) console.log(`kept: ${adopted}`);
  rmSync(home, { recursive: true, force: true });
  process.exit(process.exitCode ?? 0);
}

const dir = realpathSync(mkdtempSync(join(tmpdir(), 'tdd-bench-audit-')));
const run = (cmd, args, input) => spawnSync(cmd, args, { cwd: dir, env, input, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });

/** fast-import stream: a skeleton commit (phase off) with FILES files, then RED/GREEN/REFACTOR per task. */
function stream() {
  const out = [];
  let time = 1_700_000_000;
  const data = (text) => `data ${Buffer.byteLength(text)}\n${text}\n`;
  const commit = (message, files) => {
    out.push(`commit refs/heads/main\ncommitter B <b@example.invalid> ${time++} +0000\n${data(message)}`);
    for (const [path, text] of files) out.push(`M 100644 inline ${path}\n${data(text)}`);
  };
  const area = (i) => `m${i % 40}/p${i % 7}`;
  const skeleton = [
    ['package.json', '{"name":"b","type":"module","scripts":{"test":"node --test"}}\n'],
    ['README.md', '# b\n'],
    // The skeleton is the history's one off commit: the configuration it adds allows it (tdd audit fails
    // off commits the configuration at the range's base does not allow).
    ['.tddrc.json', '{ "audit": { "allowOff": 1 } }\n'],
  ];
  for (let i = 0; i < FILES; i++) {
    const k = i % 10;
    if (k < 5) skeleton.push([`src/${area(i)}/f${i}.js`, `export const f${i} = ${i};\n`]);
    else if (k < 8)
      skeleton.push([
        `test/${area(i)}/f${i}.test.js`,
        `import { test } from 'node:test';\nimport assert from 'node:assert/strict';\ntest('f${i}', () => assert.equal(${i}, ${i}));\n`,
      ]);
    else if (k < 9) skeleton.push([`test/fixtures/${area(i)}/d${i}.json`, `{"i":${i}}\n`]);
    else skeleton.push([`docs/${area(i)}/d${i}.md`, `# ${i}\n`]);
  }
  commit('chore: skeleton\n\nTDD-Phase: off\nTDD-Reason: skeleton\n', skeleton);
  for (let i = 1; i <= COMMITS; i++) {
    const task = Math.floor((i - 1) / 3);
    const phase = ['red', 'green', 'refactor'][(i - 1) % 3];
    const trailers = `TDD-Phase: ${phase}\nTDD-Task: ${task}\nTDD-Evidence: node: ${phase === 'red' ? '0 passed, 1 failed (missing-symbol 1)' : '1 passed, 0 failed'}\n`;
    const src = `src/${area(task)}/t${task}.js`;
    const files =
      phase === 'red'
        ? [
            [
              `test/${area(task)}/t${task}.test.js`,
              `import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport { t${task} } from '../../../${src}';\n\ntest('t${task} answers', () => {\n  assert.equal(t${task}(), ${task});\n});\n`,
            ],
          ]
        : [[src, phase === 'green' ? `export function t${task}() {\n  return ${task};\n}\n` : `export const t${task} = () => ${task};\n`]];
    commit(`${phase}: task ${task}\n\n${trailers}`, files);
  }
  return out.join('');
}

run('git', ['init', '-q']);
const fi = run('git', ['fast-import', '--quiet'], stream());
if (fi.status !== 0) throw new Error(`fast-import failed: ${fi.stderr}`);
run('git', ['reset', '-q', '--hard', 'main']);
run('git', ['tag', 'base', `HEAD~${COMMITS}`]);
const count = run('git', ['rev-list', '--count', 'HEAD']).stdout.trim();

const probe = run(process.execPath, [BIN, 'audit', 'base..HEAD']);
if (probe.status !== 0) {
  console.error(`tdd audit base..HEAD exited ${probe.status}:\n${probe.stdout}${probe.stderr}`);
  console.error(probe.stderr.includes('unknown command') ? 'the CLI does not list `audit` yet: add it to COMMANDS in src/cli/main.ts and `npm run build`' : '');
  process.exit(1);
}

// A pull request on a long adopted history (the CI case): its two commits against node's own start.
// The history before it holds TDD trailers throughout, so the look-back's question is answered at
// once, and the history is read only if the range needs it (it does not).
const prDir = realpathSync(mkdtempSync(join(tmpdir(), 'tdd-bench-pr-')));
const inPr = (cmd, args, input) => spawnSync(cmd, args, { cwd: prDir, env, input, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
{
  const out = [];
  const data = (text) => `data ${Buffer.byteLength(text)}\n${text}\n`;
  const commit = (ref, message, files, t) => {
    out.push(`commit ${ref}\ncommitter B <b@example.invalid> ${t} +0000\n${data(message)}`);
    for (const [path, text] of files) out.push(`M 100644 inline ${path}\n${data(text)}`);
  };
  commit(
    'refs/heads/main',
    'chore: setup\n\nTDD-Phase: off\nTDD-Reason: setup\n',
    [
      ['package.json', '{"name":"b","type":"module","scripts":{"test":"node --test"}}\n'],
      ['.tddrc.json', '{ "audit": { "allowOff": 1 } }\n'],
    ],
    1_600_000_000,
  );
  for (let i = 1; i <= PR_HISTORY; i++) {
    const phase = ['red', 'green', 'refactor'][i % 3];
    const files = phase === 'red' ? [[`test/t${i % 50}.test.js`, `// ${i}\n`]] : [[`src/t${i % 50}.js`, `export const t = ${i};\n`]];
    commit('refs/heads/main', `${phase}: ${i}\n\nTDD-Phase: ${phase}\nTDD-Task: ${Math.floor(i / 3)}\n`, files, 1_600_000_000 + i);
  }
  const test =
    "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport { f } from '../src/f.js';\n\ntest('f', () => {\n  assert.equal(f(), 1);\n});\n";
  out.push('reset refs/heads/pr\nfrom refs/heads/main\n');
  commit('refs/heads/pr', 'test: f\n\nTDD-Phase: red\nTDD-Task: pr\n', [['test/f.test.js', test]], 1_700_000_000);
  commit('refs/heads/pr', 'feat: f\n\nTDD-Phase: green\nTDD-Task: pr\n', [['src/f.js', 'export const f = () => 1;\n']], 1_700_000_001);
  inPr('git', ['init', '-q']);
  const r = inPr('git', ['fast-import', '--quiet'], out.join(''));
  if (r.status !== 0) throw new Error(`fast-import failed: ${r.stderr}`);
  inPr('git', ['checkout', '-q', '-f', 'pr']);
}

const variants = {
  'git log --raw -z base..HEAD': ['git', ['log', '--raw', '-z', 'base..HEAD']],
  'tdd audit base..HEAD': [process.execPath, [BIN, 'audit', 'base..HEAD']],
  'git log --raw -z HEAD': ['git', ['log', '--raw', '-z', 'HEAD']],
  'tdd audit HEAD': [process.execPath, [BIN, 'audit', 'HEAD']],
  'node -e 0': [process.execPath, ['-e', '0']],
  'tdd audit main..pr': [process.execPath, [BIN, 'audit', 'main..pr'], inPr],
};
const samples = Object.fromEntries(Object.keys(variants).map((k) => [k, []]));
for (let i = 0; i < RUNS + 2; i++) {
  for (const [name, [cmd, args, where = run]] of Object.entries(variants)) {
    const [r, ms] = timed(where, cmd, args);
    if (r.status !== 0) throw new Error(`${name}: exit ${r.status}: ${r.stderr}`);
    if (i >= 2) samples[name].push(ms);
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (name) => median(samples[name]);
if (values['markdown-rows']) {
  // For bench/run.mjs: ROW<TAB>what<TAB>ms<TAB>ratio (against git log over the same range).
  for (const range of ['base..HEAD', 'HEAD']) {
    const base = ms(`git log --raw -z ${range}`);
    console.log(`ROW\tgit log --raw -z ${range} (synthetic, ${range === 'HEAD' ? count : COMMITS} commits)\t${base.toFixed(1)}\t1`);
    console.log(
      `ROW\ttdd audit ${range} (synthetic, ${range === 'HEAD' ? count : COMMITS} commits)\t${ms(`tdd audit ${range}`).toFixed(1)}\t${(ms(`tdd audit ${range}`) / base).toFixed(3)}`,
    );
  }
  console.log(`ROW\tnode -e 0 (node's own start)\t${ms('node -e 0').toFixed(1)}\t`);
  console.log(`ROW\t${PR_ROW}\t${ms('tdd audit main..pr').toFixed(1)}\t${(ms('tdd audit main..pr') / ms('node -e 0')).toFixed(3)}`);
}
console.log(
  `${count} commits (${COMMITS} above base) over ${FILES + 2} files; ${RUNS} runs, median ${values.cpu ? 'CPU time' : 'wall clock'}; NODE_EXTRA_CA_CERTS unset`,
);
console.log('| command | ms | ratio |');
console.log('|---|---|---|');
for (const range of ['base..HEAD', 'HEAD']) {
  const base = ms(`git log --raw -z ${range}`);
  console.log(`| git log --raw -z ${range} | ${base.toFixed(1)} | 1.00× |`);
  console.log(`| tdd audit ${range} | ${ms(`tdd audit ${range}`).toFixed(1)} | **${(ms(`tdd audit ${range}`) / base).toFixed(2)}×** (budget 2×) |`);
}
console.log(
  `| node -e 0 (node's own start) | ${ms('node -e 0').toFixed(1)} | ${(ms('node -e 0') / ms('git log --raw -z base..HEAD')).toFixed(2)}× of git log base..HEAD |`,
);
console.log(`| ${PR_ROW} | ${ms('tdd audit main..pr').toFixed(1)} | ${(ms('tdd audit main..pr') / ms('node -e 0')).toFixed(2)}× of node -e 0 |`);
rmSync(dir, { recursive: true, force: true });
rmSync(prDir, { recursive: true, force: true });
rmSync(home, { recursive: true, force: true });

/**
 * `--adopt`: a shared clone of `repoDir` whose last max(--sizes) first-parent commits (and what
 * they merge) are rewritten with `.tddrc.json` added at every commit whose parent lies before
 * them: the same history, as if tdd-hooks had been set up there.
 */
function adopt(repoDir) {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'tdd-bench-adopted-')));
  const git = (args, input) => {
    const r = spawnSync('git', args, { cwd: dir, env, input, maxBuffer: 1024 * 1024 * 1024 });
    if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
    return r.stdout;
  };
  spawnSync('git', ['clone', '-q', '--shared', '--no-checkout', repoDir, dir], { env });
  const max = Math.max(...values.sizes.split(',').map(Number));
  const firstParents = Number(git(['rev-list', '--first-parent', '--count', 'HEAD']).toString().trim());
  const range = max < firstParents ? `HEAD~${max}..HEAD` : 'HEAD';
  const stream = git(['fast-export', '--no-data', '--reference-excluded-parents', '--signed-tags=strip', '--tag-of-filtered-object=drop', range]).toString(
    'latin1',
  );
  const config = 'M 100644 inline .tddrc.json\ndata 3\n{}\n\n';
  // After a commit's message (`data <bytes>`, latin1: one char a byte) and its from/merge lines: the file added where the parent is outside.
  let out = '';
  let at = 0;
  for (let c = stream.indexOf('commit ', at); c !== -1; c = stream.indexOf('\ncommit ', at)) {
    const d = stream.indexOf('\ndata ', c);
    const eol = stream.indexOf('\n', d + 1);
    let end = eol + 1 + Number(stream.slice(d + 6, eol));
    if (stream[end] === '\n') end++;
    const lines = [];
    while (/^(?:from|merge) /.test(stream.slice(end, end + 6))) {
      const next = stream.indexOf('\n', end) + 1;
      lines.push(stream.slice(end, next));
      end = next;
    }
    const from = lines.find((l) => l.startsWith('from '));
    out += stream.slice(at, end) + (!from || !from.startsWith('from :') ? config : '');
    at = end;
  }
  out += stream.slice(at);
  git(['fast-import', '--quiet', '--force'], Buffer.from(out, 'latin1'));
  const branch = /^commit (\S+)/.exec(stream)?.[1] ?? 'HEAD';
  git(['symbolic-ref', 'HEAD', branch]);
  return dir;
}

/** `--repo DIR`: the audit over a real history's last N first-parent commits, against git log over the same range. */
function benchRepo(repoDir, label = repoDir) {
  const at = (cmd, args) => spawnSync(cmd, args, { cwd: repoDir, env, encoding: 'utf8', maxBuffer: 1024 * 1024 * 1024 });
  const firstParents = Number(at('git', ['rev-list', '--first-parent', '--count', 'HEAD']).stdout.trim());
  const ranges = values.sizes.split(',').map((n) => {
    const want = Number(n);
    const range = want < firstParents ? `HEAD~${want}..HEAD` : 'HEAD';
    const count = Number(at('git', ['rev-list', '--count', range]).stdout.trim());
    return { want, range, count, firstParent: Math.min(want, firstParents) };
  });
  const shards = values.shard ? Number(values.shard) : 0;
  const variants = {};
  for (const r of ranges) {
    variants[`git log --raw -z ${r.range}`] = ['git', ['log', '--raw', '-z', r.range]];
    variants[`tdd audit ${r.range}`] = [process.execPath, [BIN, 'audit', r.range]];
  }
  // --adopt: what reading the integrity rules' blobs costs git alone (a floor: the rules need the texts).
  const floors = values.adopt ? ranges.map((r) => implBlobList(at, r.range)) : [];
  floors.forEach((f, k) => (variants[`cat-file ${ranges[k].range}`] = ['sh', ['-c', `git cat-file --batch < ${f.file}`]]));
  const largest = ranges[ranges.length - 1];
  for (let i = 1; i <= shards; i++)
    variants[`tdd audit ${largest.range} --shard ${i}/${shards}`] = [process.execPath, [BIN, 'audit', largest.range, '--shard', `${i}/${shards}`]];
  const samples = Object.fromEntries(Object.keys(variants).map((k) => [k, []]));
  for (let i = 0; i < RUNS + 1; i++) {
    for (const [name, [cmd, args]] of Object.entries(variants)) {
      const [r, ms] = timed(at, cmd, args);
      // The audit of a history made without the hooks exits 1 (its commits carry no trailers).
      if (r.status !== 0 && r.status !== 1) throw new Error(`${name}: exit ${r.status}: ${r.stderr}`);
      if (i >= 1) samples[name].push(ms);
    }
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const ms = (name) => median(samples[name]);
  const head = at('git', ['rev-parse', '--short', 'HEAD']).stdout.trim();
  if (values['markdown-rows']) {
    // For bench/run.mjs --repos: ROW<TAB>what<TAB>ms<TAB>ratio (against git log over the same range).
    for (const r of ranges) {
      const base = ms(`git log --raw -z ${r.range}`);
      const what = `last ${r.firstParent} first-parent commits (${r.range}, ${r.count} commits)`;
      console.log(`ROW\tgit log --raw -z, ${what}\t${base.toFixed(1)}\t1`);
      console.log(`ROW\ttdd audit, ${what}\t${ms(`tdd audit ${r.range}`).toFixed(1)}\t${(ms(`tdd audit ${r.range}`) / base).toFixed(3)}`);
    }
  }
  console.log(
    `${label} at ${head} (${firstParents} first-parent commits); ${RUNS} interleaved runs, median ${values.cpu ? 'CPU time' : 'wall clock'}; NODE_EXTRA_CA_CERTS unset`,
  );
  console.log('| range | commits | git log --raw -z | tdd audit | ratio | budget |');
  console.log('|---|---|---|---|---|---|');
  let failed = false;
  for (const r of ranges) {
    const base = ms(`git log --raw -z ${r.range}`);
    const audit = ms(`tdd audit ${r.range}`);
    const ratio = audit / base;
    failed ||= ratio > 2;
    console.log(
      `| last ${r.firstParent} first-parent (${r.range}) | ${r.count} | ${base.toFixed(0)} ms | ${audit.toFixed(0)} ms | **${ratio.toFixed(2)}×** | ≤ 2× |`,
    );
  }
  if (ranges.length > 1) {
    const [a, b] = [ranges[0], largest];
    const [ta, tb] = [ms(`tdd audit ${a.range}`), ms(`tdd audit ${b.range}`)];
    const slope = ((tb - ta) / (b.count - a.count)) * 1000;
    const gitSlope = ((ms(`git log --raw -z ${b.range}`) - ms(`git log --raw -z ${a.range}`)) / (b.count - a.count)) * 1000;
    const perCommit = tb / b.count / (ta / a.count);
    console.log(
      `| slope, ${a.count} → ${b.count} commits | | ${gitSlope.toFixed(1)} ms / 1,000 | ${slope.toFixed(1)} ms / 1,000 | per commit ${perCommit.toFixed(2)}× | linear (≤ 1.0×) |`,
    );
  }
  for (let i = 1; i <= shards; i++) {
    const name = `tdd audit ${largest.range} --shard ${i}/${shards}`;
    console.log(
      `| shard ${i}/${shards} of ${largest.range} | ${largest.count} | | ${ms(name).toFixed(0)} ms | ${(ms(name) / ms(`tdd audit ${largest.range}`)).toFixed(2)}× of the whole | |`,
    );
  }
  floors.forEach((f, k) => {
    const r = ranges[k];
    const floor = ms(`git log --raw -z ${r.range}`) + ms(`cat-file ${r.range}`);
    console.log(
      `| floor of ${r.range}: git log + cat-file of its ${f.count} implementation blobs (${(f.bytes / 1e6).toFixed(0)} MB) | | | ${floor.toFixed(0)} ms | ${(floor / ms(`git log --raw -z ${r.range}`)).toFixed(2)}× | |`,
    );
    rmSync(f.file, { force: true });
  });
  if (values.check && failed) process.exitCode = 1;
}

/**
 * The blobs the integrity rules read over `range` (both sides of each change to a file a lexer
 * reads, tests aside by their usual names: an estimate of what the classifier calls
 * implementation), listed in a file for `git cat-file --batch`, and their size.
 */
function implBlobList(at, range) {
  const raw = at('git', ['log', '--raw', '--no-renames', '--no-abbrev', '--format=', range]).stdout;
  const source = /\.(?:[cm]?[jt]sx?|py|go|rs|java|kt|cs|rb|php)$/;
  const testLike = /(?:^|\/)(?:tests?|__tests__|spec|fixtures?)\/|\.(?:test|spec)\.|(?:^|\/)test_[^/]*\.py$|_test\.(?:py|go)$/;
  const oids = new Set();
  for (const m of raw.matchAll(/^:\d+ (\d+) ([0-9a-f]+) ([0-9a-f]+) ([AMT])\t(.*)$/gm)) {
    if (!m[1].startsWith('100') || !source.test(m[5]) || testLike.test(m[5])) continue;
    oids.add(m[3]);
    if (!/^0+$/.test(m[2])) oids.add(m[2]);
  }
  const file = join(tmpdir(), `tdd-bench-blobs-${process.pid}-${range.replace(/\W/g, '_')}`);
  writeFileSync(file, [...oids].join('\n') + '\n');
  const sizes = at('sh', ['-c', `git cat-file --batch-check='%(objectsize)' < ${file}`]).stdout;
  return { file, count: oids.size, bytes: sizes.split('\n').reduce((a, n) => a + (Number(n) || 0), 0) };
}
