#!/usr/bin/env node
// The agent guard's shell reader (analyzeShell) on long command lines: `echo "i" > /tmp/fi`
// joined by `&&`, 5,000 and 20,000 commands. Linear means the 20,000-command line takes about 4×
// the 5,000-command one (a quadratic reader: 16×). The fastest of 7 warm runs after a first one.
// Build first (`npx tsc -p tsconfig.json`; `npm run bench` does). Moved here from
// test/unit/agent/shell.test.ts, which keeps the counts: a time is measured, never asserted, in the suite.
//   node bench/shell.mjs [--markdown-rows]
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const { analyzeShell } = await import(join(ROOT, 'dist/agent/shell-rules.js'));
const rows = process.argv.includes('--markdown-rows');
const line = (n) => Array.from({ length: n }, (_, i) => `echo "${i}" > /tmp/f${i}`).join(' && ');

function best(n) {
  const command = line(n);
  const got = analyzeShell(command, '/repo').targets.length;
  if (got !== n) throw new Error(`${n} commands read as ${got} targets`);
  const runs = [];
  for (let i = 0; i < 7; i++) {
    const t = performance.now();
    analyzeShell(command, '/repo');
    runs.push(performance.now() - t);
  }
  return Math.min(...runs);
}

const small = best(5_000);
const large = best(20_000);
if (rows) {
  console.log(`ROW\ta command line of 5,000 commands (best of 7)\t${small.toFixed(1)}\t`);
  console.log(`ROW\ta command line of 20,000 commands (ratio against 5,000: linear ≈ 4)\t${large.toFixed(1)}\t${(large / small).toFixed(3)}`);
} else {
  console.log(
    `analyzeShell, best of 7 warm runs\n 5,000 commands  ${small.toFixed(1)} ms\n20,000 commands  ${large.toFixed(1)} ms  (${(large / small).toFixed(1)}×; linear ≈ 4×)`,
  );
}
