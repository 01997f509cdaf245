#!/usr/bin/env node
// How long does a commit take with our hooks on a path that runs no tests, against a hook that
// only starts node? Interleaved runs in one process, medians, NODE_EXTRA_CA_CERTS unset (these
// machines set it; it adds ~50 ms to every node start). Usage: node bench/hook-overhead.mjs [runs]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, chmodSync, rmSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const RUNS = Number(process.argv[2] ?? 10);
const BIN = join(dirname(fileURLToPath(import.meta.url)), '..', 'bin', 'tdd.js');
const home = realpathSync(mkdtempSync(join(tmpdir(), 'tdd-bench-home-')));
writeFileSync(join(home, '.gitconfig'), '[user]\n\tname = b\n\temail = b@example.invalid\n[init]\n\tdefaultBranch = main\n[commit]\n\tgpgsign = false\n');
const env = { ...process.env, HOME: home, GIT_CONFIG_GLOBAL: join(home, '.gitconfig'), GIT_CONFIG_NOSYSTEM: '1', NO_COLOR: '1' };
delete env.NODE_EXTRA_CA_CERTS;
for (const k of Object.keys(env)) if (k.startsWith('GIT_') && !k.startsWith('GIT_CONFIG')) delete env[k];

function repo(name, setup) {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), `tdd-bench-${name}-`)));
  const run = (cmd, args) => {
    const r = spawnSync(cmd, args, { cwd: dir, env, encoding: 'utf8' });
    return r;
  };
  run('git', ['init', '-q']);
  writeFileSync(join(dir, 'package.json'), '{"name":"b","type":"module"}\n');
  writeFileSync(join(dir, 'README.md'), '# b\n');
  run('git', ['add', '-A']);
  run('git', ['commit', '-qm', 'init', '--no-verify']);
  setup(dir, run);
  return { dir, run };
}

const variants = {
  'no hook': repo('none', () => {}),
  'hook: node -e 0': repo('node', (dir) => {
    writeFileSync(join(dir, '.git/hooks/pre-commit'), '#!/bin/sh\nexec node -e 0\n');
    chmodSync(join(dir, '.git/hooks/pre-commit'), 0o755);
  }),
  'tdd-hooks: docs-only commit': repo('docs', (dir, run) => {
    run(process.execPath, [BIN, 'install']);
    run('git', ['add', '-A']);
    run('git', ['commit', '-qm', 'setup', '--no-verify']);
    run(process.execPath, [BIN, 'phase', 'red']);
  }),
  'tdd-hooks: RED refused before any test run': repo('refused', (dir, run) => {
    run(process.execPath, [BIN, 'install']);
    run('git', ['add', '-A']);
    run('git', ['commit', '-qm', 'setup', '--no-verify']);
    run(process.execPath, [BIN, 'phase', 'red']);
  }),
};

const samples = Object.fromEntries(Object.keys(variants).map((k) => [k, []]));
for (let i = 0; i < RUNS + 2; i++) {
  for (const [name, { dir, run }] of Object.entries(variants)) {
    const refused = name.includes('refused');
    writeFileSync(join(dir, refused ? 'src.js' : 'README.md'), `# b ${i}\n`);
    run('git', ['add', '-A']);
    const t = process.hrtime.bigint();
    const r = run('git', ['commit', '-qm', `c${i}`]);
    const ms = Number(process.hrtime.bigint() - t) / 1e6;
    if ((r.status === 0) === refused) throw new Error(`${name}: unexpected exit ${r.status}: ${r.stderr}`);
    if (refused) run('git', ['reset', '-q']);
    if (i >= 2) samples[name].push(ms);
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const base = median(samples['hook: node -e 0']);
console.log(`| commit (${RUNS} runs, median) | ms | vs node -e 0 hook |`);
console.log('|---|---|---|');
for (const [name, xs] of Object.entries(samples)) console.log(`| ${name} | ${median(xs).toFixed(1)} | ${(median(xs) / base).toFixed(2)}× |`);
for (const { dir } of Object.values(variants)) rmSync(dir, { recursive: true, force: true });
rmSync(home, { recursive: true, force: true });
