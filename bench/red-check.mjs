#!/usr/bin/env node
// `tdd red-check` on a generated 2,000-line test file per language (test/unit/lang/generated-files.mjs:
// 3 real assertions per 12-line block among decoys in comments, strings and raw literals). The
// budget is 20 ms warm per file. Times the pure analysis (first call and warm), the command in
// process (read + analyse + report), then the CLI end to end when the build has the command.
// Medians; NODE_EXTRA_CA_CERTS unset for the CLI runs. Build first: `npx tsc -p tsconfig.json`
// (and `npm run build` for the CLI column). Usage: node bench/red-check.mjs [runs]
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const { analyzeTestFile } = await import(join(ROOT, 'dist/lang/index.js'));
const { default: redCheck } = await import(join(ROOT, 'dist/cli/commands/red-check.js'));
const { ASSERTIONS_PER_BLOCK, BLOCKS, generate, LANGUAGES } = await import(join(ROOT, 'test/unit/lang/generated-files.mjs'));

const RUNS = Number(process.argv[2] ?? 21);
const BUDGET_MS = 20;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
async function time(fn) {
  for (let i = 0; i < 3; i++) await fn();
  const ms = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await fn();
    ms.push(performance.now() - t0);
  }
  return median(ms);
}

const env = { ...process.env };
delete env.NODE_EXTRA_CA_CERTS;
const dir = mkdtempSync(join(tmpdir(), 'tdd-bench-red-check-'));
const BIN = join(ROOT, 'bin', 'tdd.js');
const cli = spawnSync(process.execPath, [BIN, 'red-check', '--help'], { env, encoding: 'utf8' }).status === 0;
const wall = (args) => {
  const ms = [];
  for (let i = 0; i < 7; i++) {
    const t0 = performance.now();
    spawnSync(process.execPath, args, { env, cwd: dir, encoding: 'utf8' });
    ms.push(performance.now() - t0);
  }
  return median(ms);
};
const ctx = (argv) => ({ argv, cwd: dir, env, json: false, color: false });

console.log(`tdd red-check, a 2,000-line file per language, median of ${RUNS} runs (node ${process.version})`);
console.log('language   lines   chars  assertions  first call  warm analyse  warm command  CLI (node -e 0)');
let allOk = true;
for (const language of Object.keys(LANGUAGES)) {
  const { path } = LANGUAGES[language];
  const text = generate(language, true);
  mkdirSync(dirname(join(dir, path)), { recursive: true });
  writeFileSync(join(dir, path), text);
  const t0 = performance.now();
  const a = analyzeTestFile(path, text);
  const first = performance.now() - t0;
  const warm = await time(() => analyzeTestFile(path, text));
  const command = await time(() => redCheck.run(ctx([path])));
  const ok = a.assertions === ASSERTIONS_PER_BLOCK * BLOCKS && (await redCheck.run(ctx([path]))).exitCode === 0 && command < BUDGET_MS;
  allOk &&= ok;
  const cliCell = cli ? `${wall([BIN, 'red-check', path]).toFixed(0)} ms (${wall(['-e', '0']).toFixed(0)} ms)` : 'not built';
  console.log(
    [
      language.padEnd(8),
      String(text.split('\n').length - 1).padStart(7),
      String(text.length).padStart(7),
      `${a.assertions}${ok ? '' : ' ✗'}`.padStart(11),
      `${first.toFixed(1)} ms`.padStart(11),
      `${warm.toFixed(1)} ms`.padStart(13),
      `${command.toFixed(1)} ms`.padStart(13),
      cliCell.padStart(16),
    ].join(' '),
  );
}
rmSync(dir, { recursive: true, force: true });
if (!cli) console.log('(the CLI column needs `red-check` in src/cli/main.ts COMMANDS and `npm run build`)');
if (!allOk) {
  console.error(`a count differs from ${ASSERTIONS_PER_BLOCK * BLOCKS} or a warm command run is over ${BUDGET_MS} ms`);
  process.exitCode = 1;
}
