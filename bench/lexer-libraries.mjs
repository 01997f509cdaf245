#!/usr/bin/env node
// The libraries DESIGN §7 asks to measure before more regexes are written for reading imports and
// calls: es-module-lexer, cjs-module-lexer, oxc-parser, against js-tokens (what src/lang/languages/js/
// uses). None is a dependency: install them outside the project first, e.g.
//   npm i --prefix /tmp/lexers --no-save es-module-lexer@2.3.2 cjs-module-lexer@2.3.0 oxc-parser@0.158.0 js-tokens@10.0.1
//   node bench/lexer-libraries.mjs /tmp/lexers
// Prints: the start-up cost of a fresh node that loads each and lexes a line (median of 15, against
// `node -e 0`; NODE_EXTRA_CA_CERTS unset), the time on a 1 MB test file, and on adversarial inputs
// at 250 KB and 1 MB (a ratio near 4 is linear). oxc-parser is kept off the nesting input past
// 10,000 levels: it overflows the native stack there and the process dies (SIGSEGV).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

const prefix = process.argv[2];
if (!prefix) {
  console.error('usage: node bench/lexer-libraries.mjs <folder where they are installed>');
  process.exit(2);
}
const require = createRequire(join(prefix, 'node_modules', 'x.js'));
const env = { ...process.env, NODE_PATH: join(prefix, 'node_modules') };
delete env.NODE_EXTRA_CA_CERTS;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
function start(code) {
  const ms = [];
  for (let i = 0; i < 15; i++) {
    const t0 = performance.now();
    const r = spawnSync(process.execPath, ['-e', code], { env, cwd: prefix });
    ms.push(performance.now() - t0);
    if (r.status !== 0) return NaN;
  }
  return median(ms);
}
const base = start('0');
console.log(`start-up, median of 15 (node -e 0: ${base.toFixed(1)} ms)`);
for (const [name, code] of [
  ['js-tokens', 'for (const t of require("js-tokens")("import a from \\"./b\\"")) {}'],
  ['cjs-module-lexer (JS)', 'require("cjs-module-lexer").parse("const a = require(\\"./b\\")")'],
  ['es-module-lexer (wasm)', 'import("es-module-lexer").then(async (m) => { await m.init; m.parse("import a from \\"./b\\"") })'],
  ['oxc-parser (native)', 'require("oxc-parser").parseSync("a.ts", "import a from \\"./b\\"")'],
]) {
  const ms = start(code);
  console.log(`  ${name.padEnd(24)} ${ms.toFixed(1)} ms (+${(ms - base).toFixed(1)})`);
}

const oxc = require('oxc-parser');
const esl = await import(join(prefix, 'node_modules', 'es-module-lexer', 'dist', 'lexer.js'));
await esl.init;
const cjs = require('cjs-module-lexer');
const jsTokens = require('js-tokens');
const rep = (s, n) => s.repeat(Math.ceil(n / s.length)).slice(0, n);
const block = (i) =>
  `import { a${i} } from './h${i}.js';\ndescribe('s${i}', () => {\n  it('adds ${i}', () => {\n    const s = "expect(nope)" + 'x';\n    expect(add(${i}, 1)).toBe(${i + 1});\n    assert.equal(s.length, 1);\n  });\n});\n`;
let real = '';
for (let i = 0; real.length < 1_048_576; i++) real += block(i);
const inputs = {
  'a 1 MB test file': () => real,
  'a long string after , key:': (n) => `const x = { a: 1, key: "${rep('a', n)}" };\n`,
  'many , k: x': (n) => 'f(' + rep(', k: x', n) + ')',
  'a long template': (n) => '`' + rep('a ${b} ', n) + '`',
  'deep nesting': (n) => rep('(', n / 2) + rep(')', n / 2),
  'an unterminated comment': (n) => '/*' + rep('x ', n),
};
const libraries = {
  'js-tokens (every token)': (t) => {
    for (const _ of jsTokens(t));
  },
  'es-module-lexer parse': (t) => {
    try {
      esl.parse(t);
    } catch {
      /* a file it cannot parse: timed all the same */
    }
  },
  'cjs-module-lexer parse': (t) => {
    try {
      cjs.parse(t);
    } catch {
      /* a file it cannot parse: timed all the same */
    }
  },
  'oxc-parser parseSync': (t) => oxc.parseSync('a.test.ts', t),
};
console.log('\ntime per input, mean of 3 after one (250 KB → 1 MB)');
for (const [library, run] of Object.entries(libraries)) {
  for (const [name, make] of Object.entries(inputs)) {
    if (library.startsWith('oxc') && name === 'deep nesting') {
      console.log(`  ${library.padEnd(24)} ${name.padEnd(28)} not run: SIGSEGV at 100,000 levels`);
      continue;
    }
    const times = [];
    for (const n of name.startsWith('a 1 MB') ? [0] : [250_000, 1_000_000]) {
      const text = make(n);
      run(text);
      const t0 = performance.now();
      for (let r = 0; r < 3; r++) run(text);
      times.push((performance.now() - t0) / 3);
    }
    const ratio = times.length === 2 ? `  ×${(times[1] / Math.max(times[0], 0.05)).toFixed(1)}` : '';
    console.log(`  ${library.padEnd(24)} ${name.padEnd(28)} ${times.map((x) => `${x.toFixed(1)} ms`).join(' → ')}${ratio}`);
  }
}
