import { describe, expect, it } from 'vitest';
import { analyzeTestFile, type Marker } from '../../../src/lang/index.js';

const markers = (text: string, path = 'x.test.ts'): Omit<Marker, 'line'>[] =>
  (analyzeTestFile(path, text)?.markers ?? []).map(({ kind, text: t }) => ({ kind, text: t }));

// [framework, source, expected markers as "kind text"]
const POSITIVE: [string, string, string[]][] = [
  ['vitest/jest it.only', "it.only('a', () => {});", ['focus it.only']],
  ['describe.only', "describe.only('a', () => {});", ['focus describe.only']],
  ['test.only.each', "test.only.each([1])('a %i', () => {});", ['focus test.only']],
  ['test.concurrent.only', "test.concurrent.only('a', async () => {});", ['focus test.concurrent.only']],
  ['describe.sequential.only', "describe.sequential.only('a', () => {});", ['focus describe.sequential.only']],
  ['split over lines', "it\n  .only('a', () => {});", ['focus it.only']],
  ['bench.only / suite.only', "bench.only('a', () => {}); suite.only('b', () => {});", ['focus bench.only', 'focus suite.only']],
  ['jasmine fit / fdescribe', "fdescribe('a', () => { fit('b', () => {}); });", ['focus fdescribe', 'focus fit']],
  ['fit.each', "fit.each([1])('a', () => {});", ['focus fit']],
  ['it.skip / describe.skip / test.skip', "it.skip('a'); describe.skip('b'); test.skip('c');", ['skip it.skip', 'skip describe.skip', 'skip test.skip']],
  ['context.skip / specify.skip (mocha)', "context.skip('a'); specify.skip('b');", ['skip context.skip', 'skip specify.skip']],
  [
    'xit / xdescribe / xtest / xcontext / xspecify',
    "xdescribe('a'); xit('b'); xtest('c'); xcontext('d'); xspecify('e');",
    ['skip xdescribe', 'skip xit', 'skip xtest', 'skip xcontext', 'skip xspecify'],
  ],
  ['test.skip.each / concurrent.skip', "test.skip.each([1])('a'); it.concurrent.skip('b');", ['skip test.skip', 'skip it.concurrent.skip']],
  ['vitest skipIf / runIf', "test.skipIf(isWin)('a'); describe.runIf(isCI)('b');", ['skip test.skipIf', 'skip describe.runIf']],
  ['bun test.if', "test.if(isMac)('a', () => {});", ['skip test.if']],
  [
    'playwright fixme / describe.skip',
    "test.fixme('a'); test.describe.skip('b'); test.describe.fixme('c');",
    ['skip test.fixme', 'skip test.describe.skip', 'skip test.describe.fixme'],
  ],
  ['playwright describe.serial.only', "test.describe.serial.only('a', () => {});", ['focus test.describe.serial.only']],
  ['todo', "test.todo('a'); it.todo('b'); describe.todo('c');", ['todo test.todo', 'todo it.todo', 'todo describe.todo']],
  [
    'inverted tests are expected failures',
    "test.fails('a'); test.failing('b'); test.fail('c'); test.expectFailure('d');",
    ['xfail test.fails', 'xfail test.failing', 'xfail test.fail', 'xfail test.expectFailure'],
  ],
  ['two markers in one chain', "test.failing.only('a', () => {});", ['xfail test.failing', 'focus test.failing.only']],
  ['vitest ctx.skip()', "test('a', (ctx) => { ctx.skip(); });", ['skip ctx.skip']],
  ['vitest context.skip()', "test('a', (context) => { context.skip(); });", ['skip context.skip']],
  ['vitest destructured skip()', "test('a', ({ skip }) => { skip(); });", ['skip skip']],
  ['mocha this.skip()', "it('a', function () { this.skip(); });", ['skip this.skip']],
  ['node t.skip() / t.todo()', "test('a', (t) => { t.skip('later'); t.todo(); });", ['skip t.skip', 'todo t.todo']],
  ['node t.runOnly(true)', 't.runOnly(true);', ['focus t.runOnly']],
  ['AVA skipped assertion', 't.is.skip(a, 1);', ['skip t.is.skip']],
  ['jasmine pending()', "it('a', () => { pending('not yet'); });", ['skip pending']],
  ['node options { skip: true }', "test('a', { skip: true }, () => {});", ['skip skip: true']],
  ['node options { skip: "reason" }', "test('a', { skip: 'flaky on windows' }, () => {});", ["skip skip: 'flaky on windows'"]],
  ['node options { only: true }', "it('a', { only: true }, () => {});", ['focus only: true']],
  ['node options { todo }', "describe('a', { todo: 'later' }, () => {});", ["todo todo: 'later'"]],
  ['node options, condition', "test('a', { skip: process.platform === 'win32' }, () => {});", ['skip skip: process.platform']],
  ['node options, shorthand', "test('a', { timeout: 5, skip }, () => {});", ['skip skip']],
  ['node options, name as template', 'test(`adds ${a}`, { skip: true }, () => {});', ['skip skip: true']],
  ['vitest options { fails: true }', "test('a', { fails: true }, () => {});", ['xfail fails: true']],
  ['tap t.test options', "t.test('a', { todo: true }, (t) => {});", ['todo todo: true']],
  [
    'node:test top-level only/skip/todo',
    "import { only, skip as later, todo } from 'node:test';\nonly('a', () => {}); later('b'); todo('c');",
    ['focus only', 'skip later', 'todo todo'],
  ],
  ['renamed test root', "import { test as base } from '@playwright/test';\nbase.only('a', () => {});", ['focus base.only']],
  ['QUnit', "QUnit.only('a'); QUnit.module.skip('b'); QUnit.todo('c');", ['focus QUnit.only', 'skip QUnit.module.skip', 'todo QUnit.todo']],
];

const NEGATIVE: [string, string][] = [
  ['in a line comment', "// it.only('a')\n// fit('b')"],
  ['in a block comment', "/* describe.skip('a'); xit('b'); test.todo('c'); */"],
  ['in a string', 'const s = \'it.only("x")\'; const t = "xdescribe(\'y\')";'],
  ['in template text', 'const s = `test.skip fit(1) ${x}`;'],
  ['in a regex', 'const r = /it\\.only\\(/;'],
  ['profit( and benefit(', 'profit(1); benefit(2); outfit(3);'],
  ['.fit( and .xit(', 'model.fit(data); chart.xit(2);'],
  ['fit as a plain identifier or definition', 'const fit = 1; function fit(x) {}'],
  ['array.only / obj.skip / list.todo', 'array.only; obj.skip(1); list.todo(); res.fails;'],
  ['test-like words', 'mytest.only(); attest.skip(); describer.skip();'],
  ['a regex .test() call', 'if (/x/.test(s)) {}'],
  [
    'ordinary test API use',
    "test.each([1])('a', () => {}); it.concurrent('b'); describe.sequential('c'); test.extend({}); test.describe.configure({ mode: 'serial' });",
  ],
  ['query option skip', 'await db.user.findMany({ skip: 10, take: 5 }); find({ skip: offset });'],
  ['skip: false and friends', "test('a', { skip: false }, () => {}); test('b', { only: undefined, todo: null }, () => {});"],
  ['nested options object', "test('a', { meta: { skip: true } }, () => {});"],
  ['destructuring and returns', "const { skip, only } = opts; test('a', () => { return { skip: true }; });"],
  ['bare skip( not from node:test', "import { skip } from './helpers.js';\nskip(3);"],
  ['pending with arguments other than a reason', 'pending(promise, 3);'],
  ['t.skip on another receiver', 'st.skip(); it.t.skip(); reader.skip(4);'],
  ['t.runOnly(false)', 't.runOnly(false);'],
  // Markers are calls: a test API's member assigned, stored or passed is none.
  ['it.only assigned', 'it.only = function (name, fn) { return it(name, fn); };'],
  ['it.only stored or exported as a value', 'const focus = it.only;\nexport const skipper = describe.skip;'],
  ['it.only passed as an argument', 'sinon.assert.calledWith(spy, it.only);\nexpect(wrap(test.skip, 1)).toBe(2);'],
  ['a method of a stubbed it.only', 'it.only.resetHistory();\nRuleTester.it.only.calledOnce;'],
];

describe('skip / focus / todo markers', () => {
  it.each(POSITIVE)('finds %s', (_name, text, expected) => {
    expect(markers(text).map((m) => `${m.kind} ${m.text}`)).toEqual(expected);
  });

  it.each(NEGATIVE)('ignores %s', (_name, text) => {
    expect(markers(text)).toEqual([]);
  });

  it('a marker chosen at run time is conditional (a warning at most), one called is not', () => {
    const text = "(isCI ? it.only : it)('a', () => {});\nconst t = slow ? test.skip : test;\nit.only('b', () => {});\n";
    expect(analyzeTestFile('x.test.js', text)?.markers).toEqual([
      { kind: 'focus', line: 1, text: 'it.only', conditional: true },
      { kind: 'skip', line: 2, text: 'test.skip', conditional: true },
      { kind: 'focus', line: 3, text: 'it.only' },
    ]);
  });

  it('reports the 1-based line', () => {
    const text = "/* it.only(\n'x') */\n\ndescribe('a', () => {\n  it.skip('b', () => {});\n});\n";
    expect(analyzeTestFile('x.test.js', text)?.markers).toEqual([{ kind: 'skip', line: 5, text: 'it.skip' }]);
  });
});
