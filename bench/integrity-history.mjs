#!/usr/bin/env node
// The integrity rules over a real project's history, for false flags: each non-merge commit of the
// last N (its diff against its first parent, classified by the runner's default test globs), the
// rules run over its implementation changes as `tdd audit` would; prints every flag (commit, code,
// file:line, what was found) for reading by hand, and a count on stderr.
// Build first (`npx tsc -p tsconfig.json`). Usage: node bench/integrity-history.mjs <clone> <runner> [N=500]
import { execFileSync } from 'node:child_process';
const D = new URL('../dist', import.meta.url).pathname;
const { evaluateIntegrity } = await import(`${D}/gates/integrity/index.js`);
const { buildImplSources } = await import(`${D}/gates/integrity/build.js`);
const { makeClassifier } = await import(`${D}/snapshot/classify.js`);
const { DEFAULTS, RUNNER_TESTS } = await import(`${D}/config/schema.js`);

const [repo, runner, n = '500'] = process.argv.slice(2);
const git = (args, input) => execFileSync('git', ['-C', repo, ...args], { input, maxBuffer: 1 << 30 });
const config = { ...DEFAULTS, tests: RUNNER_TESTS[runner] ?? DEFAULTS.tests };
const classify = makeClassifier(config);
const shas = git(['log', '-n', n, '--no-merges', '--format=%H %P'])
  .toString()
  .trim()
  .split('\n')
  .map((l) => l.split(' '));
const commits = [];
for (const [sha, parent] of shas) {
  if (!parent) continue;
  const raw = git(['diff-tree', '-r', '--raw', '-z', '--no-renames', '--no-abbrev', parent, sha]).toString().split('\0');
  const entries = [];
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const m = /^:(\d+) (\d+) (\w+) (\w+) (\w)/.exec(raw[i]);
    if (!m) break;
    const path = raw[i + 1];
    entries.push({ path, status: m[5], oldMode: m[1], newMode: m[2], oldBlob: m[3], newBlob: m[4], kind: classify(path) });
  }
  commits.push({ sha, entries });
}
const oids = [
  ...new Set(commits.flatMap((c) => c.entries.filter((e) => e.kind === 'impl').flatMap((e) => [e.oldBlob, e.newBlob])).filter((o) => !/^0+$/.test(o))),
];
const out = git(['cat-file', '--batch'], oids.join('\n') + '\n');
const texts = new Map();
let pos = 0;
for (const oid of oids) {
  const eol = out.indexOf(10, pos);
  const [, type, size] = out.subarray(pos, eol).toString().split(' ');
  pos = eol + 1;
  if (type === 'missing' || !size) continue;
  const b = out.subarray(pos, pos + Number(size));
  texts.set(oid, b.includes(0) ? null : b.toString('utf8'));
  pos += Number(size) + 1;
}
let withImpl = 0,
  flags = 0,
  ms = 0;
for (const c of commits) {
  const sources = await buildImplSources(c.entries, async (o) => o.map((x) => texts.get(x) ?? null));
  if (sources.size === 0) continue;
  withImpl++;
  const t0 = performance.now();
  const found = evaluateIntegrity({ sources, kindOf: classify, allow: {} });
  ms += performance.now() - t0;
  for (const f of found) {
    flags++;
    console.log(`${c.sha.slice(0, 10)}\t${f.code}\t${f.path}:${f.line}\t${JSON.stringify(f.data)}`);
  }
}
console.error(`${repo}: ${commits.length} commits, ${withImpl} change implementation a lexer reads, ${flags} flags, rules ${ms.toFixed(0)} ms`);
