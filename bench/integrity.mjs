#!/usr/bin/env node
// What the integrity rules (src/gates/integrity) cost a GREEN commit that adds a 1,000-line
// implementation diff: the rules in process (the staged and HEAD blobs lexed, then the seven
// rules), against `tdd verify` of the same GREEN (node --test on one test file) — the hook's
// verification with the rules. The budget (issue 19) is 1.1×: verification with the rules over
// the same verification without them (its time less theirs). Two diffs: a JS file and a Python
// file of 1,000 lines each, edited (HEAD has 1,000 lines too; its side is lexed only when the staged
// one has a match, which honest code has not).
// Build first (`npm run build`). Usage: node bench/integrity.mjs [--runs N] [--markdown-rows]
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '9' }, 'markdown-rows': { type: 'boolean' } } });
const RUNS = Number(values.runs);
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const BIN = join(ROOT, 'bin', 'tdd.js');
const { buildImplSources } = await import(join(ROOT, 'dist/gates/integrity/build.js'));
const { evaluateIntegrity } = await import(join(ROOT, 'dist/gates/integrity/index.js'));
const { makeClassifier } = await import(join(ROOT, 'dist/snapshot/classify.js'));
const { DEFAULTS } = await import(join(ROOT, 'dist/config/schema.js'));

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** 1,000 lines of ordinary code: functions, strings, templates, regexes, comments, imports (`k` varies one line). */
function jsSource(k) {
  const blocks = [];
  for (let i = 0; blocks.join('').split('\n').length < 1000; i++) {
    blocks.push(
      `// Formats entry ${i}: see docs/format.md (process.env.NODE_ENV decides the colours).\n` +
        `export function format${i}(entry, options = {}) {\n` +
        `  const name = options.name ?? 'entry-${i}';\n` +
        `  if (!/^[a-z][\\w-]*$/i.test(name)) throw new Error(\`bad name: \${name} (\${${k} + ${i}})\`);\n` +
        `  const parts = [name, String(entry.value), entry.tags.join(', ')];\n` +
        `  return parts.filter(Boolean).map((p) => p.trim()).join(' | ');\n` +
        `}\n\n`,
    );
  }
  return `import { join } from 'node:path';\nimport { readFileSync } from 'node:fs';\n\nexport const root = join('src', 'data');\n\n${blocks.join('')}`;
}

function pySource(k) {
  const blocks = [];
  for (let i = 0; blocks.join('').split('\n').length < 1000; i++) {
    blocks.push(
      `def format_${i}(entry, name=None):\n` +
        `    """Format entry ${i}: see docs/format.md."""\n` +
        `    name = name or "entry-${i}"\n` +
        `    if not name.isidentifier():\n` +
        `        raise ValueError(f"bad name: {name} ({${k} + ${i}})")\n` +
        `    parts = [name, str(entry.value), ", ".join(entry.tags)]\n` +
        `    return " | ".join(p.strip() for p in parts if p)\n\n\n`,
    );
  }
  return `import os\nimport sys\n\nROOT = os.path.join("src", "data")\n\n\n${blocks.join('')}`;
}

const classify = makeClassifier({ ...DEFAULTS, tests: [...DEFAULTS.tests, '**/test_*.py'] });
async function rulesMs(path, before, now) {
  const entry = { path, status: 'M', oldMode: '100644', newMode: '100644', oldBlob: 'a'.repeat(40), newBlob: 'b'.repeat(40), kind: 'impl' };
  const texts = { ['a'.repeat(40)]: before, ['b'.repeat(40)]: now };
  const t0 = performance.now();
  const sources = await buildImplSources([entry], async (oids) => oids.map((o) => texts[o]));
  const found = evaluateIntegrity({ sources, kindOf: classify, allow: {} });
  const t = performance.now() - t0;
  if (found.length > 0) throw new Error(`${path}: the honest bench file is flagged: ${JSON.stringify(found)}`);
  return t;
}

async function inProcess(path, source) {
  const ms = [];
  for (let i = 0; i < RUNS + 3; i++) {
    const t = await rulesMs(path, source(i), source(i + 1));
    if (i >= 3) ms.push(t);
  }
  return median(ms);
}

// The verification: a real repository, node --test, a GREEN whose implementation is the 1,000-line file.
const env = { ...process.env, NO_COLOR: '1' };
delete env.NODE_EXTRA_CA_CERTS;
const dir = realpathSync(mkdtempSync(join(tmpdir(), 'tdd-bench-integrity-')));
const run = (cmd, args) => spawnSync(cmd, args, { cwd: dir, env, encoding: 'utf8' });
const write = (p, c) => {
  mkdirSync(dirname(join(dir, p)), { recursive: true });
  writeFileSync(join(dir, p), c);
};
function verifyMs() {
  run('git', ['init', '-q']);
  run('git', ['config', 'user.email', 'b@example.invalid']);
  run('git', ['config', 'user.name', 'b']);
  write('package.json', JSON.stringify({ name: 'b', type: 'module', private: true }) + '\n');
  write('.tddrc.json', JSON.stringify({ runner: 'node' }) + '\n');
  write('src/big.js', jsSource(0));
  write(
    'test/big.test.js',
    "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport { format0 } from '../src/big.js';\n\ntest('formats', () => {\n  assert.equal(format0({ value: 1, tags: [] }), 'entry-0 | 1');\n});\n",
  );
  run('git', ['add', '-A']);
  run('git', ['commit', '-qm', 'red', '--no-verify', '-m', 'TDD-Phase: red']);
  run(process.execPath, [BIN, 'install']);
  const ms = [];
  for (let i = 0; i < RUNS + 2; i++) {
    write('src/big.js', jsSource(i + 1));
    run('git', ['add', 'src/big.js']);
    const t0 = performance.now();
    const r = run(process.execPath, [BIN, 'verify']);
    const t = performance.now() - t0;
    if (r.status !== 0) throw new Error(`tdd verify: ${r.status}\n${r.stdout}${r.stderr}`);
    if (i >= 2) ms.push(t);
  }
  return median(ms);
}

try {
  const js = await inProcess('src/big.js', jsSource);
  const py = await inProcess('pkg/big.py', pySource);
  const verify = verifyMs();
  const rows = [
    ['the rules in process, 1,000-line JS file edited (lexed, seven rules)', js, ''],
    ['the rules in process, 1,000-line Python file edited (lexed, seven rules)', py, ''],
    ['tdd verify, GREEN of the 1,000-line JS diff (node --test), rules included', verify, ''],
    ['… over the same verification without the rules (budget 1.1×)', verify, verify / (verify - js)],
  ];
  for (const [what, v, ratio] of rows) {
    if (values['markdown-rows']) console.log(`ROW\t${what}\t${v.toFixed(1)}\t${ratio === '' ? '' : ratio.toFixed(3)}`);
    else console.log(`${what}: ${v.toFixed(1)} ms${ratio === '' ? '' : ` (${ratio.toFixed(3)}×)`}`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
