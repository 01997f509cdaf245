import { describe, expect, it } from 'vitest';
import { matchBrackets, scanCalls } from '../../../src/lang/scan/calls.js';

const names = (s: string, macros = false): string[] => scanCalls(s, macros).map((c) => `${c.name}${c.continued ? ' →' : ''}`);

// [case, blanked code, calls (→: a member is read from the result)]
const CASES: [string, string, string[], boolean?][] = [
  ['a chain with the arguments dropped', "request(app).get('/').expect(200);", ['request →', 'request.get →', 'request.get.expect']],
  ['a bare call is not continued', 'expect(x);\nexpect(y).toBe(1);', ['expect', 'expect →', 'expect.toBe']],
  ['keywords open no call', 'if (a) { while (b) {} } return (c);', []],
  [
    'a member named like a keyword is a call',
    'return ListTestSuiteBuilder.using(g).named("x");',
    ['ListTestSuiteBuilder.using →', 'ListTestSuiteBuilder.using.named'],
  ],
  ['declarations are not calls', 'function check(x) {}\ndef verify(self):\nfn eq(a: u8) {}', []],
  ['a Go method declaration: the receiver is no call', 'func (h *harness) check(t *testing.T) {}', ['check']],
  ['TypeScript type arguments', 'expect<number>(x).toBe(1); a < b && c > (d);', ['expect →', 'expect.toBe']],
  ['optional chaining and ::', 'a?.b(); insta::assert_snapshot!(x);', ['a.b', 'insta.assert_snapshot!'], true],
  ['a macro, and macro_rules! is no call', 'eqnice!(a, b); macro_rules! eqnice { () => {} }', ['eqnice!'], true],
  ['an index continues a chain', 'suites[0].run(x);', ['suites.run']],
  ['unclosed and stray brackets', 'a(b(c]; d)', ['a', 'b']],
];

describe('scanCalls', () => {
  it.each(CASES)('%s', (_name, code, expected, macros) => {
    expect(names(code, macros)).toEqual(expected);
  });

  it('gives each call the offsets of its start and brackets', () => {
    const [c] = scanCalls('  run(a, (b));');
    expect([c?.start, c?.open, c?.close]).toEqual([2, 5, 12]);
  });
});

describe('matchBrackets', () => {
  it('matches every kind, leaves unclosed ones at -1, and a stray closer closes nothing', () => {
    const m = matchBrackets('({[]}) ( ]');
    expect([m[0], m[1], m[2], m[7]]).toEqual([5, 4, 3, -1]);
  });
});
