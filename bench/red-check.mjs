#!/usr/bin/env node
// `tdd red-check` on a generated 2,000-line test file per language, then on a 1 MB one (below) (test/unit/lang/generated-files.mjs:
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
const wall = (args, cwd = dir) => {
  const ms = [];
  for (let i = 0; i < 7; i++) {
    const t0 = performance.now();
    spawnSync(process.execPath, args, { env, cwd, encoding: 'utf8' });
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

// A 1 MB test file per language (the same blocks, repeated), budget 200 ms: red-check in process and
// end to end, and the pre-commit hook's gates on it staged (`tdd verify` in a RED repository). The
// print-only variant asserts nothing, so the helper search runs as well; the hook refuses it before
// any test run, so its time is the gates' (node's start-up included, as in the CLI column).
const MB = 1_048_576;
const MB_BUDGET_MS = 200;
const git = (cwd, ...args) => spawnSync('git', args, { cwd, env, encoding: 'utf8' });
console.log(`\ntdd red-check and the hook's gates on a 1 MB test file per language (budget ${MB_BUDGET_MS} ms; median of ${RUNS} in process, 7 end to end)`);
console.log('(+N: what the 1 MB file adds to the same command on a one-block file of the language)');
console.log('language  variant     size  assertions  red-check (in process)        red-check CLI  tdd verify (hook gates)  node -e 0');
const nodeOnly = wall(['-e', '0']);
for (const language of Object.keys(LANGUAGES)) {
  const { path } = LANGUAGES[language];
  const per = generate(language, false, 2).length - generate(language, false, 1).length;
  const blocks = Math.ceil(MB / per);
  for (const real of [true, false]) {
    const text = generate(language, real, blocks);
    const repo = mkdtempSync(join(tmpdir(), 'tdd-bench-1mb-'));
    git(repo, 'init', '-q');
    git(repo, 'config', 'user.email', 'bench@example.com');
    git(repo, 'config', 'user.name', 'bench');
    writeFileSync(join(repo, 'package.json'), '{"name":"b","type":"module"}\n');
    // The file is a test file in every language (the default globs are JavaScript's).
    writeFileSync(join(repo, '.tddrc.json'), JSON.stringify({ tests: [path] }) + '\n');
    spawnSync(process.execPath, [BIN, 'install'], { cwd: repo, env, encoding: 'utf8' });
    git(repo, 'add', '-A');
    spawnSync(process.execPath, [BIN, 'phase', 'off', '--reason', 'bench'], { cwd: repo, env });
    git(repo, 'commit', '-qm', 'skeleton');
    spawnSync(process.execPath, [BIN, 'phase', 'red'], { cwd: repo, env });
    mkdirSync(dirname(join(repo, path)), { recursive: true });
    // The same commands on a one-block file first: what they cost whatever the file's size.
    writeFileSync(join(repo, path), generate(language, real, 1));
    git(repo, 'add', '-A');
    const smallCli = wall([BIN, 'red-check', path], repo);
    const smallVerify = real ? undefined : wall([BIN, 'verify'], repo);
    writeFileSync(join(repo, path), text);
    git(repo, 'add', '-A');
    const inProcess = await time(() => redCheck.run({ argv: [path], cwd: repo, env, json: false, color: false }));
    const r = await redCheck.run({ argv: [path, '--json'], cwd: repo, env, json: true, color: false });
    const assertions = r.json.files[0].assertions;
    const cliMs = wall([BIN, 'red-check', path], repo);
    // The gates refuse the print-only file before any test run; an asserting one would go on to run its tests.
    const verify = [];
    for (let i = 0; i < 7 && !real; i++) {
      const t0 = performance.now();
      const v = spawnSync(process.execPath, [BIN, 'verify', '--json'], { cwd: repo, env, encoding: 'utf8' });
      verify.push(performance.now() - t0);
      const codes = JSON.parse(v.stdout || '{}').findings?.map((f) => f.code) ?? [];
      if (v.status !== 1 || !codes.includes('ASSERTION_PRINT_ONLY')) console.error(`${language}: tdd verify exit ${v.status} (${codes}) on a print-only file`);
    }
    const verifyMs = real ? undefined : median(verify);
    // The budget holds what the 1 MB file adds to each command (its lexing, cold, in a fresh process).
    const cliAdds = cliMs - smallCli;
    const verifyAdds = verifyMs === undefined ? undefined : verifyMs - smallVerify;
    const ok =
      inProcess < MB_BUDGET_MS &&
      cliAdds < MB_BUDGET_MS &&
      (verifyAdds === undefined || verifyAdds < MB_BUDGET_MS) &&
      (real ? assertions > 0 : assertions === 0);
    allOk &&= ok;
    console.log(
      [
        language.padEnd(8),
        (real ? 'asserts' : 'print-only').padEnd(10),
        `${(text.length / MB).toFixed(2)} MB`.padStart(8),
        `${assertions}${ok ? '' : ' ✗'}`.padStart(11),
        `${inProcess.toFixed(0)} ms`.padStart(23),
        `${cliMs.toFixed(0)} ms (+${cliAdds.toFixed(0)})`.padStart(20),
        (verifyMs === undefined ? '(runs the tests)' : `${verifyMs.toFixed(0)} ms (+${verifyAdds.toFixed(0)})`).padStart(24),
        `${nodeOnly.toFixed(0)} ms`.padStart(10),
      ].join(' '),
    );
    rmSync(repo, { recursive: true, force: true });
  }
}

rmSync(dir, { recursive: true, force: true });
if (!cli) console.log('(the CLI column needs `red-check` in src/cli/main.ts COMMANDS and `npm run build`)');
if (!allOk) {
  console.error(`a count differs from ${ASSERTIONS_PER_BLOCK * BLOCKS}, a warm command run is over ${BUDGET_MS} ms, or a 1 MB file over ${MB_BUDGET_MS} ms`);
  process.exitCode = 1;
}
