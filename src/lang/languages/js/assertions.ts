import { scanCalls } from '../../scan/calls.js';
import { escapeRegExp, type ImportBinding } from '../../profile.js';

/**
 * Assertion and print patterns for JS/TS test files, matched on blanked text (research
 * test-runners.md §5.4). Every pattern demands the call paren, so `expected`, `assertion` or
 * `const expect = …` never count; `(?<![\w$])` keeps `myexpect(` out while still counting
 * member calls such as supertest's `.expect(200)` or `t.assert.ok(`.
 */

// Optional TypeScript type arguments before the call paren: `expect<number>(x)`, `assert.equal<T>(`.
const CALL = String.raw`(?:\s*<[^()<>;=]*(?:<[^()<>;=]*>[^()<>;=]*)*>)?\s*\(`;

// tap, tape and AVA assertion methods on the test object `t` (not `t.pass`/`t.plan`/`t.end`, which verify nothing).
// prettier-ignore
const T_METHODS = [
  'equal', 'equals', 'isEqual', 'strictEqual', 'strictEquals', 'notEqual', 'notEquals', 'notStrictEqual',
  'not', 'ok', 'notOk', 'true', 'false', 'truthy', 'falsy', 'is', 'isNot', 'same', 'notSame', 'strictSame',
  'strictNotSame', 'deepEqual', 'deepEquals', 'notDeepEqual', 'deepLooseEqual', 'looseEqual', 'notLooseEqual',
  'match', 'notMatch', 'regex', 'notRegex', 'throws', 'throwsAsync', 'notThrows', 'notThrowsAsync',
  'doesNotThrow', 'rejects', 'resolves', 'resolveMatch', 'error', 'ifError', 'ifErr', 'fail', 'type', 'has',
  'hasStrict', 'notHas', 'like', 'snapshot', 'matchSnapshot',
].join('|');

const ASSERTION = new RegExp(
  String.raw`(?<![\w$])(?<!\bfunction\s+)(?:` +
    [
      // Assert on their own: expect.unreachable() · expect.fail('…'). Not expect.assertions(n) or
      // expect.hasAssertions(): they count assertions, they make none.
      String.raw`expect\s*\.\s*(?:unreachable|fail)${CALL}`,
      // A method named expect asserts on its receiver: supertest's request(app).get('/').expect(200).
      String.raw`expect(?<=\.\s*expect)${CALL}`,
      String.raw`assertType${CALL}`,
      // assert( · assert.equal( · assert.strict.equal( · t.assert.ok( · sinon.assert.calledOnce( · QUnit assert.ok(
      // (A bounded chain: `assert.assert.assert…` with no call would be read again from each link.)
      String.raw`(?<!\bconsole\s*\.\s*)assert(?:\s*\.\s*[\w$]+){0,8}${CALL}`,
      // should(x) · should.exist( · x.should.equal( · cy.get(…).should('be.visible'); not chai.should() setup
      String.raw`(?<!\bchai\s*\.\s*)should(?=\s*[.(])`,
      String.raw`(?<!\.\s*)t\s*\.\s*(?:${T_METHODS})${CALL}`,
    ].join('|') +
    ')',
  'g',
);

// jest/vitest/jasmine/playwright/bun/chai: `expect(x)` asserts only with a matcher or property after it
// (`.toBe(1)`, `.to.be.true`); expectTypeOf is type-level but vitest --typecheck fails on it. Not
// expect.any/objectContaining/extend: those are matchers and setup.
const EXPECT = new RegExp(String.raw`(?<![\w$.])(?<!\bfunction\s+)(?:expect(?:Async|TypeOf)?|expect\s*\.\s*(?:soft|poll|element))${CALL}`, 'g');

const PRINT =
  /(?<![\w$.])(?:console\s*\.\s*(?:log|info|debug|warn|error|table|dir|dirxml|trace)|process\s*\.\s*std(?:out|err)\s*\.\s*write|t\s*\.\s*(?:log|diagnostic|comment))\s*\(/g;

// Modules whose every export is an assertion, so any call through their bindings counts:
// `import { equal } from 'node:assert'` → `equal(a, b)`, `import * as a from 'uvu/assert'` → `a.is(`.
const ASSERT_MODULE =
  /^(?:node:)?assert(?:\/strict)?$|^(?:power-assert|uvu\/assert)$|(?:^|[/:])@std\/assert(?:@|\/|$)|\/std@[^/]*\/(?:testing\/)?asserts?(?:\.ts)?$/;

/** Offsets of real assertions, one per call, ascending. */
export function findJsAssertions(blanked: string, imports: readonly ImportBinding[]): number[] {
  const offsets = new Set<number>();
  for (const m of blanked.matchAll(ASSERTION)) offsets.add(m.index);
  const { calls, expects } = assertionAliases(imports);
  if (calls) for (const m of blanked.matchAll(calls)) offsets.add(m.index);
  // `expect(x)` and its aliases count only when something reads the result: one scan of the calls, when there are any.
  const opens: number[] = [];
  const starts: number[] = [];
  for (const re of expects ? [EXPECT, expects] : [EXPECT]) {
    for (const m of blanked.matchAll(re)) (opens.push(m.index + m[0].length - 1), starts.push(m.index));
  }
  if (opens.length > 0) {
    const continued = new Set(scanCalls(blanked).flatMap((c) => (c.continued ? [c.open] : [])));
    opens.forEach((open, k) => continued.has(open) && offsets.add(starts[k]!));
  }
  return [...offsets].sort((a, b) => a - b);
}

/** Offsets of print calls, ascending. */
export function findJsPrints(blanked: string): number[] {
  return Array.from(blanked.matchAll(PRINT), (m) => m.index);
}

// Renamed or bare assertion imports: `import { expect as e } from 'chai'` (which, like expect, needs
// a matcher after it), `import { ok } from 'node:assert'`.
function assertionAliases(imports: readonly ImportBinding[]): { calls?: RegExp; expects?: RegExp } {
  const calls: string[] = [];
  const expects: string[] = [];
  for (const { local, imported, specifier } of imports) {
    const name = escapeRegExp(local);
    if (ASSERT_MODULE.test(specifier) || imported === 'assert') calls.push(String.raw`${name}(?:\s*\.\s*[\w$]+){0,8}`);
    else if (imported === 'should') calls.push(name);
    else if (imported === 'expect' && local !== 'expect') expects.push(name);
  }
  const compile = (names: string[]) =>
    names.length === 0 ? undefined : new RegExp(String.raw`(?<![\w$.])(?<!\bfunction\s+)(?:${names.join('|')})${CALL}`, 'g');
  return { calls: compile(calls), expects: compile(expects) };
}
