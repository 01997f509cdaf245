#!/usr/bin/env node
// `tdd waves` on 10,000 tasks: the budget is under a second, with byte-identical output for the
// same tasks in any order (DESIGN §7). Times the pure planner and the whole pipeline in process
// (parse → plan → JSON and text), then the CLI end to end when the build has the command.
// Medians; NODE_EXTRA_CA_CERTS unset for the CLI runs. Build first: `npx tsc -p tsconfig.json`
// (and `npm run build` for the CLI row). Usage: node bench/waves.mjs [tasks] [runs]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const { planWaves } = await import(join(ROOT, 'dist/plan/waves.js'));
const { parsePlanText } = await import(join(ROOT, 'dist/plan/parse.js'));
const { formatPlanText, planJson } = await import(join(ROOT, 'dist/plan/format.js'));

const N = Number(process.argv[2] ?? 10_000);
const RUNS = Number(process.argv[3] ?? 15);

/** Seeded PRNG (mulberry32): the same plans on every run. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const shuffle = (items, seed) => {
  const r = rng(seed);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
};

/** A random DAG: 0–3 deps on the previous 300 tasks; each task its own source and test file, and
 *  one task in five also edits one of 100 shared source files. Input order shuffled. */
function randomDag(n) {
  const r = rng(42);
  const tasks = [];
  for (let i = 0; i < n; i++) {
    const deps = new Set();
    for (let k = Math.floor(r() * 4); k > 0 && i > 0; k--) deps.add(`task-${Math.max(0, i - 1 - Math.floor(r() * 300))}`);
    const files = [`src/mod${i}.ts`];
    if (r() < 0.2) files.push(`src/shared/${Math.floor(r() * 100)}.ts`);
    tasks.push({ id: `task-${i}`, title: `task ${i}`, files, tests: [`test/mod${i}.test.ts`], deps: [...deps] });
  }
  return shuffle(tasks, 7);
}
const chain = (n) =>
  shuffle(
    Array.from({ length: n }, (_, i) => ({ id: i, files: [`src/${i}.ts`], tests: [`test/${i}.test.ts`], deps: i ? [i - 1] : [] })),
    7,
  );
const oneSharedFile = (n) => Array.from({ length: n }, (_, i) => ({ id: i, files: ['src/index.ts', `src/${i}.ts`], tests: [`test/${i}.test.ts`] }));
/** The random DAG with 50 random extra deps (some close cycles), 50 unknown deps and 50 shared test files. */
function broken(n) {
  const tasks = randomDag(n).map((t) => ({ ...t, deps: [...t.deps], tests: [...t.tests] }));
  const r = rng(9);
  const pick = () => tasks[Math.floor(r() * tasks.length)];
  for (let k = 0; k < 50; k++) {
    pick().deps.push(pick().id);
    pick().deps.push(`missing-${k}`);
    pick().tests.push(pick().tests[0]);
  }
  return tasks;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
function time(fn) {
  for (let i = 0; i < 3; i++) fn();
  const ms = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    fn();
    ms.push(performance.now() - t0);
  }
  return median(ms);
}
const pipeline = (text) => {
  const { tasks, problems } = parsePlanText(text, 'bench.json');
  if (problems.length) throw new Error(`bench plan invalid: ${JSON.stringify(problems[0])}`);
  const plan = planWaves(tasks);
  return { plan, json: JSON.stringify({ exitCode: plan.errors.length ? 1 : 0, ...planJson(plan) }, null, 2), text: formatPlanText(plan, false) };
};

const env = { ...process.env };
delete env.NODE_EXTRA_CA_CERTS;
const dir = mkdtempSync(join(tmpdir(), 'tdd-bench-waves-'));
const BIN = join(ROOT, 'bin', 'tdd.js');
const cli = spawnSync(process.execPath, [BIN, 'waves', '--help'], { env, encoding: 'utf8' }).status === 0;
const wall = (args) => {
  const ms = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    spawnSync(process.execPath, args, { env, cwd: dir, encoding: 'utf8', maxBuffer: 1 << 28 });
    ms.push(performance.now() - t0);
  }
  return median(ms);
};

console.log(`tdd waves, ${N} tasks, median of ${RUNS} runs (node ${process.version})`);
console.log('plan                          waves errors  planWaves  parse+plan+print  CLI (node -e 0)  deterministic');
let allOk = true;
for (const [name, make] of [
  ['random DAG', randomDag],
  ['chain', chain],
  ['one file shared by all', oneSharedFile],
  ['random DAG with errors', broken],
]) {
  const tasks = make(N);
  const text = JSON.stringify({ title: name, tasks });
  const parsed = parsePlanText(text, 'bench.json').tasks;
  const plannerMs = time(() => planWaves(parsed));
  const pipelineMs = time(() => pipeline(text));
  const first = pipeline(text);
  const again = pipeline(JSON.stringify({ title: name, tasks: shuffle(tasks, 123).map((t) => ({ ...t, deps: shuffle(t.deps ?? [], 5) })) }));
  const same = first.json === again.json && first.text === again.text;
  allOk &&= same;
  let cliCell = 'not built';
  if (cli) {
    const file = join(dir, 'plan.json');
    writeFileSync(file, text);
    cliCell = `${wall([BIN, 'waves', file, '--json']).toFixed(0)} ms (${wall(['-e', '0']).toFixed(0)} ms)`;
  }
  const row = [
    name.padEnd(29),
    String(first.plan.waves.length || '-').padStart(5),
    String(first.plan.errors.length).padStart(6),
    `${plannerMs.toFixed(1)} ms`.padStart(10),
    `${pipelineMs.toFixed(1)} ms`.padStart(17),
    cliCell.padStart(16),
    same ? '  yes' : '  NO',
  ];
  console.log(row.join(' '));
}
rmSync(dir, { recursive: true, force: true });
if (!cli) console.log('(the CLI row needs `waves` in src/cli/main.ts COMMANDS and `npm run build`)');
if (!allOk) {
  console.error('output differs for the same tasks in another order');
  process.exitCode = 1;
}
