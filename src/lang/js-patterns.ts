import { escapeRegExp, type ImportBinding } from './profile.js';

/**
 * Assertion and print patterns for JS/TS test files, matched on blanked text (research
 * test-runners.md §5.4). Every pattern demands the call paren, so `expected`, `assertion` or
 * `const expect = …` never count; `(?<![\w$])` keeps `myexpect(` out while still counting
 * member calls such as supertest's `.expect(200)` or `t.assert.ok(`.
 */

// Optional TypeScript type arguments before the call paren: `expect<number>(x)`, `assert.equal<T>(`.
const CALL = String.raw`(?:\s*<[^()<>;=]*(?:<[^()<>;=]*>[^()<>;=]*)*>)?\s*\(`;

// tap, tape and AVA assertion methods on the test object `t` (not `t.pass`/`t.plan`/`t.end`, which verify nothing).
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
      // jest/vitest/jasmine/playwright/bun; expectTypeOf is type-level but vitest --typecheck fails on it.
      String.raw`expect(?:Async|TypeOf)?${CALL}`,
      // Not expect.any/objectContaining/extend: those are matchers and setup, not assertions.
      String.raw`expect\s*\.\s*(?:soft|poll|assertions|hasAssertions|element|unreachable|fail)${CALL}`,
      String.raw`assertType${CALL}`,
      // assert( · assert.equal( · assert.strict.equal( · t.assert.ok( · sinon.assert.calledOnce( · QUnit assert.ok(
      String.raw`(?<!\bconsole\s*\.\s*)assert(?:\s*\.\s*[\w$]+)*${CALL}`,
      // should(x) · should.exist( · x.should.equal( · cy.get(…).should('be.visible'); not chai.should() setup
      String.raw`(?<!\bchai\s*\.\s*)should(?=\s*[.(])`,
      String.raw`(?<!\.\s*)t\s*\.\s*(?:${T_METHODS})${CALL}`,
    ].join('|') +
    ')',
  'g',
);

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
  const aliases = assertionAliases(imports);
  if (aliases) for (const m of blanked.matchAll(aliases)) offsets.add(m.index);
  return [...offsets].sort((a, b) => a - b);
}

/** Offsets of print calls, ascending. */
export function findJsPrints(blanked: string): number[] {
  return Array.from(blanked.matchAll(PRINT), (m) => m.index);
}

// Renamed or bare assertion imports: `import { expect as e } from 'chai'`, `import { ok } from 'node:assert'`.
function assertionAliases(imports: readonly ImportBinding[]): RegExp | undefined {
  const calls: string[] = [];
  for (const { local, imported, specifier } of imports) {
    const name = escapeRegExp(local);
    if (ASSERT_MODULE.test(specifier) || imported === 'assert') {
      calls.push(String.raw`${name}(?:\s*\.\s*[\w$]+)*`);
    } else if (imported === 'expect' || imported === 'should') {
      calls.push(name);
    }
  }
  if (calls.length === 0) return undefined;
  return new RegExp(String.raw`(?<![\w$.])(?<!\bfunction\s+)(?:${calls.join('|')})${CALL}`, 'g');
}
