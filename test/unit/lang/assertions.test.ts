import { describe, expect, it } from 'vitest';
import { analyzeTestFile } from '../../../src/lang/index.js';

const count = (text: string, path = 'x.test.ts'): number | undefined => analyzeTestFile(path, text)?.assertions;

// research/test-runners.md §5.2: the JS/TS edge cases, with the expected count.
const EDGE: [string, string, number, string?][] = [
  ['regex literal', 'const r = /expect\\(x\\)/;', 0],
  ['division', 'const a = b / expect(c).value / 2;', 1],
  ['template expression is code', 'const s = `a ${expect(x).toBe(1)} b`;', 1],
  ['template text is not', 'const s = `expect(x) ${y} assert.ok(z)`;', 0],
  ['nested template', 'const s = `a ${`b ${expect(1).toBe(1)} c`} expect(2).toBe(2) d`;', 1],
  ['// inside a string', 'const u = "http://x//expect("; expect(u).toBe(1);', 1],
  ['block comment', '/* expect(a)\n assert.ok(b) */\nconst x = 1;', 0],
  ['line comment with a quote', "// don't expect(x)\nexpect(y).toBe(1);", 1],
  ['regex after return', 'function f(s) { return /expect(x)/.test(s); }', 0],
  ['regex after )', 'if (ok) /expect(x)/.test(s);', 0],
  ['JSX text', 'const el = <div>expect(x)</div>;\nexpect(el).toBeTruthy();', 1, 'x.test.tsx'],
  ['JSX attribute string', 'const el = <a title="expect(x)" />;', 0, 'x.test.jsx'],
  ['JSX in .js', 'const el = <p>assert(x)</p>; expect(el).toBeTruthy();', 1, 'x.test.js'],
  ['hashbang', '#!/usr/bin/env node expect(x)\nexpect(y).toBe(1);', 1, 'x.test.mjs'],
  ['unterminated string', 'const s = "expect(x)\nexpect(y).toBe(1);', 1],
  ['comparisons in a .js file lexed with JSX on', 'for (let i = 0; i < n; i++) expect(x).toBe(1);\nif (a < b && c > d) expect(c).toBe(1);', 2, 'x.test.js'],
  ['TS non-null then division', 'const r = x! / 2; expect(r).toBe(1);', 1],
  ['JS: `!` before a regex is logical not', 'a\n!/expect(x)/.test(s);', 0, 'x.test.js'],
];

// research §5.4: what counts, and the look-alikes that must not.
const PATTERNS: [string, string, number][] = [
  ['expect(', 'expect(a).toBe(b);', 1],
  ['expect with type arguments', 'expect<number>(a).toBe(1); expectTypeOf<string>().toBeString();', 2],
  ['expect.soft / poll with a matcher', 'expect.soft(a).toBe(1); expect.poll(() => a).toBe(1);', 2],
  ['expect.unreachable / expect.fail assert on their own', 'expect.unreachable(); expect.fail("no");', 2],
  ['asymmetric matchers are not extra assertions', 'expect(a).toEqual(expect.any(Number)); expect(b).toEqual(expect.objectContaining({}));', 2],
  ['expect.extend is setup', 'expect.extend({ toBeX() { return { pass: true, message: () => "" }; } });', 0],
  ['jasmine expectAsync', 'await expectAsync(p).toBeResolved();', 1],
  ['vitest assertType', 'assertType<string>(s);', 1],
  ['assert( and assert.<m>(', 'assert(a); assert.equal(a, b); assert.strict.deepEqual(a, b);', 3],
  ['node:test t.assert', 't.assert.ok(a); t.assert.snapshot(b);', 2],
  ['sinon.assert', 'sinon.assert.calledOnce(spy);', 1],
  ['should forms', 'x.should.equal(1); should(y).be.ok(); should.exist(z); cy.get("a").should("be.visible");', 4],
  ['chai.should() is setup', 'chai.should();', 0],
  ['supertest .expect(', 'await request(app).get("/").expect(200);', 1],
  ['tap / tape / AVA on t', 't.equal(a, 1); t.is(a, 1); t.deepEqual(a, b); t.throws(f); t.true(c); t.same(a, b);', 6],
  ['t.pass / t.plan / t.end verify nothing', 't.plan(1); t.pass(); t.end();', 0],
  ['identifiers without the call paren', 'const expected = 1; const assertion = x; let expect = 2; const shouldRender = true;', 0],
  ['longer names', 'myexpect(a); expectation(b); assertion(c); assertEquals(d, e); reassert(f);', 0],
  ['a local helper definition is not a call', 'function expect(x) { return x; }\nfunction assert(c) {}', 0],
  ['console.assert does not throw', 'console.assert(x);', 0],
  ['two on one line', 'expect(a).toBe(expect(b).toBe(c));', 2],
  ['whitespace before the paren', 'expect (a).toBe(1);\nassert\n  .ok(b);', 2],
  ['renamed chai import', "import { expect as chaiExpect } from 'chai';\nchaiExpect(a).to.equal(1);", 1],
  ['bare node:assert import', "import { strictEqual, ok as yes } from 'node:assert/strict';\nstrictEqual(a, 1); yes(b);", 2],
  ['namespace import of uvu/assert', "import * as a from 'uvu/assert';\na.is(x, 1);", 1],
  ['renamed import in use twice is counted once', "import assert from 'node:assert';\nassert.equal(a, 1);", 1],
  [
    'TS generics around',
    'const m = new Map<string, RegExp>();\nconst r = /expect(/;\nfunction id<T>(x: T): T { return x; }\nexpect(id<number>(1)).toBe(1);',
    1,
  ],
  ['TS generic arrow', 'const f = <T,>(x: T) => x;\nexpect(f(1)).toBe(1);', 1],
];

describe('assertion counting', () => {
  it.each(EDGE)('edge case: %s', (_name, text, expected, path) => {
    expect(count(text, path)).toBe(expected);
  });

  it.each(PATTERNS)('%s', (_name, text, expected) => {
    expect(count(text)).toBe(expected);
  });

  it('reports the line of each assertion, once per assertion', () => {
    const text = '// expect(no)\nexpect(a).toBe(1);\n\n`\n${expect(b).ok}`; expect(c).toBe(1);\n';
    expect(analyzeTestFile('x.test.ts', text)?.assertionLines).toEqual([2, 5, 5]);
  });
});

describe('print-only', () => {
  const cases: [string, string, { printOnly: boolean; prints: number; assertions: number }][] = [
    ['only console.log', "test('a', () => { console.log(add(1, 2)); });", { printOnly: true, prints: 1, assertions: 0 }],
    ['console variants and stdout', 'console.error(x); console.table(y); process.stdout.write("z");', { printOnly: true, prints: 3, assertions: 0 }],
    ['node/AVA/tap diagnostics', 't.diagnostic("x"); t.log(y); t.comment("z");', { printOnly: true, prints: 3, assertions: 0 }],
    ['prints and assertions', 'console.log(x); expect(x).toBe(1);', { printOnly: false, prints: 1, assertions: 1 }],
    ['nothing at all', "test('a', () => { add(1, 2); });", { printOnly: false, prints: 0, assertions: 0 }],
    ['print in a comment only', '// console.log(x)\nconst y = "console.log(z)";', { printOnly: false, prints: 0, assertions: 0 }],
    ['a custom logger is not a print', 'logger.log(x); myconsole.log(y);', { printOnly: false, prints: 0, assertions: 0 }],
  ];
  it.each(cases)('%s', (_name, text, expected) => {
    const a = analyzeTestFile('x.test.js', text);
    expect({ printOnly: a?.printOnly, prints: a?.prints, assertions: a?.assertions }).toEqual(expected);
  });
});
