#!/usr/bin/env node
// How a hook should ask git its first questions (src/git/exec.ts GitOptions.sync, hooks/shim.sh).
// Each variant is a fresh node process that loads child_process and asks what pre-commit asks:
// where we are, the staged changes, the configuration blobs. Interleaved runs, medians, in a
// scratch repository, NODE_EXTRA_CA_CERTS unset.
//   node bench/git-calls.mjs [--runs N]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { runs: { type: 'string' } } });
const RUNS = Number(values.runs ?? 40);
const dir = realpathSync(mkdtempSync(join(tmpdir(), 'tdd-bench-git-calls-')));
const env = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: join(dir, '.gitconfig'), HOME: dir };
delete env.NODE_EXTRA_CA_CERTS;
writeFileSync(join(dir, '.gitconfig'), '[user]\n\tname = b\n\temail = b@example.invalid\n');
const git = (...args) => spawnSync('git', args, { cwd: dir, env, encoding: 'utf8' });
git('init', '-q');
writeFileSync(join(dir, 'package.json'), '{"name":"b","private":true}\n');
writeFileSync(join(dir, '.tddrc.json'), '{"runner":"node"}\n');
writeFileSync(join(dir, 'README.md'), '# b\n');
git('add', '-A');
git('commit', '-qm', 'init');
writeFileSync(join(dir, 'README.md'), '# b 1\n');
git('add', 'README.md');

const PRELUDE = `const cp = require('node:child_process');
const F = ['-c', 'core.quotePath=false', '-c', 'submodule.recurse=false', '--no-pager'];
const env = { ...process.env, GIT_OPTIONAL_LOCKS: '0' };
const REV = [...F, 'rev-parse', '--show-toplevel', '--absolute-git-dir', '--git-path', 'tdd', '--git-path', 'index', '--verify', '-q', 'HEAD^{commit}'];
const DIFF = [...F, 'diff-index', '--cached', '--raw', '-z', '--no-renames', '--no-ext-diff', '--no-relative', '--ignore-submodules=none', 'HEAD', '--'];
const CAT = [...F, 'cat-file', '--batch'];
const NAMES = 'HEAD^{commit}\\nHEAD:.tddrc.json\\nHEAD:.tddrc\\nHEAD:package.json\\n:.tddrc.json\\n:.tddrc\\n:package.json\\n';
const sync = (args, input = '') => cp.spawnSync('git', args, { env, input, maxBuffer: Infinity });
const spawnAsync = (args, input = '') => new Promise((resolve) => {
  const c = cp.spawn('git', args, { env, stdio: ['pipe', 'pipe', 'pipe'] });
  const out = [];
  c.stdout.on('data', (b) => out.push(b));
  c.stderr.on('data', () => {});
  c.on('close', () => resolve(Buffer.concat(out)));
  c.stdin.on('error', () => {});
  c.stdin.end(input);
});
`;
const variants = {
  'node -e 0': ['-e', '0'],
  'node, child_process loaded, no git': ['-e', PRELUDE],
  '3 git processes at once (spawn)': ['-e', `${PRELUDE}Promise.all([spawnAsync(REV), spawnAsync(DIFF), spawnAsync(CAT, NAMES)]);`],
  '3 git processes one after the other (spawnSync)': ['-e', `${PRELUDE}sync(REV); sync(DIFF); sync(CAT, NAMES);`],
  '2 git processes (spawnSync; HEAD from cat-file)': ['-e', `${PRELUDE}sync(DIFF); sync(CAT, NAMES);`],
};
const samples = Object.fromEntries(Object.keys(variants).map((k) => [k, []]));
try {
  for (let i = 0; i < RUNS + 2; i++) {
    for (const [name, args] of Object.entries(variants)) {
      const t = process.hrtime.bigint();
      const r = spawnSync(process.execPath, args, { cwd: dir, env, stdio: 'ignore' });
      const ms = Number(process.hrtime.bigint() - t) / 1e6;
      if (r.status !== 0) throw new Error(`${name}: exit ${r.status}`);
      if (i >= 2) samples[name].push(ms);
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const base = median(samples['node, child_process loaded, no git']);
console.log(`${RUNS} interleaved runs, medians, Node ${process.version}`);
for (const [name, xs] of Object.entries(samples)) {
  const m = median(xs);
  console.log(`${m.toFixed(1).padStart(7)} ms  ${(m - base >= 0 ? '+' : '') + (m - base).toFixed(1).padStart(5)} ms vs child_process alone  ${name}`);
}
