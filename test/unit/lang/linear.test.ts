import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeTestFileWithHelpers, type SourceReader } from '../../../src/lang/index.js';
import { cpuMsOf } from '../../helpers/linear.js';

// Every lexer and pattern is linear in the file's size: adversarial texts of 128 KB — long strings
// and template literals, unterminated comments and literals, deep nesting, long chains, heads
// without bodies, many openers of one construct — go through the whole analysis (a file with no
// assertion of its own, so the helper search runs too) well inside a second of CPU (test/helpers/linear.ts: CPU time, not the wall clock, so a loaded
// machine passes too). A quadratic path
// takes tens of seconds at this size: the import scanner took 11–18 s on a 41 KB file with one
// long string after `, key:`.

const SIZE = 128 * 1024;
const BUDGET_MS = 1_000;

const nothing: SourceReader = { read: async () => new Map(), list: async () => [] };

// Fragments that open what a scanner may chase to the end of the file; each is repeated to SIZE,
// or placed once before SIZE of filler.
const COMMON = ['(', '[', '{', ')', '"', "'", '/*', '<', 'a.', 'f(', 'a, ', ' ', '\n', 'x = ', '=> ', ': '];
const FRAGMENTS: Record<string, { path: string; fragments: string[] }> = {
  js: {
    path: 'test/x.test.ts',
    fragments: [
      ', key: "',
      ', k: x',
      'const a = require(',
      'import a ',
      'a from ',
      '`${',
      '`a ${b} ',
      'expect(',
      'expect<',
      'it.only ',
      'c ? it.only : ',
      'test("x", { skip: ',
      'function f(',
      'const f = (a) => ',
      'run(a) ',
      '.b()',
      'assert.',
      'f<a, ',
      '/x/',
      '//',
    ],
  },
  python: {
    path: 'tests/test_x.py',
    fragments: ['"""', "'''", 'f"{', 'from a import (b, ', '@pytest.mark.', 'def test_', 'def f(x):\n ', 'self.check(', 'assert', 'import ', '#'],
  },
  go: { path: 'x_test.go', fragments: ['`', 'import (', 'func Test', 'func (r *T) f(', 'f := func(', 't.Errorf(', 't.', '//'] },
  rust: {
    path: 'tests/x.rs',
    fragments: ['r###"', 'r#"', '/*', '#[test]', '#[ignore', 'macro_rules! m { ', 'let f = |x| ', 'm!(', 'fn f(', 'mod m;', 'x.assert'],
  },
  java: {
    path: 'src/test/java/XTest.java',
    fragments: ['"""', '@Test ', 'assertEquals<', 'void f(int a) ', '@Disabled(', '() -> ', 'a b ', 'then(', '@Test(expected ', 'ExpectedException x.expect('],
  },
  kotlin: { path: 'src/test/kotlin/XTest.kt', fragments: ['"""', '"${', 'test("', 'fun f(', 'x shouldBe '] },
  csharp: {
    path: 'tests/XTests.cs',
    fragments: ['@"', '$"{', '"""', '[Fact(', '[', 'Assert.', 'void F(int a) ', '() => ', '[Ignore]', 'AssertX(', '[ExpectedException('],
  },
  ruby: { path: 'spec/x_spec.rb', fragments: ['<<~EOS\n', '%q(', '%w[', 'x =~ /', '"#{', 'it "a" do ', ':'] },
  php: { path: 'tests/XTest.php', fragments: ['<?php ', '<<<EOT\n', "<<<'EOT'\n", '"{$', '/**', '#[', 'expect(', 'it(', ')->', '?>'] },
  abap: { path: 'src/zcl_x.clas.testclasses.abap', fragments: ['|', "'", '`', '"', '*', 'cl_abap_unit_assert=>', 'METHOD m. '] },
};

function build(pieces: string[], once: boolean): string {
  if (once) return pieces.join('') + 'a '.repeat(SIZE / 2);
  const unit = pieces.join('');
  return unit.repeat(Math.ceil(SIZE / unit.length)).slice(0, SIZE);
}

describe.each(Object.entries(FRAGMENTS))('%s: linear on adversarial input', (_language, { path, fragments }) => {
  it(`analyses ${SIZE / 1024} KB of any mix of its openers in under ${BUDGET_MS} ms`, async () => {
    const worst = { ms: 0, sample: '' };
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom(...fragments, ...COMMON), { minLength: 1, maxLength: 4 }), fc.boolean(), async (pieces, once) => {
        const text = build(pieces, once);
        const ms = await cpuMsOf(() => analyzeTestFileWithHelpers(path, text, nothing));
        if (ms > worst.ms) Object.assign(worst, { ms, sample: JSON.stringify(pieces) + (once ? ' once' : ' repeated') });
        return ms < BUDGET_MS;
      }),
      { numRuns: 12, seed: 12 },
    );
    // Each fragment alone, repeated: the cases a random mix may miss.
    for (const f of fragments) {
      const ms = await cpuMsOf(() => analyzeTestFileWithHelpers(path, build([f], false), nothing));
      if (ms > worst.ms) Object.assign(worst, { ms, sample: JSON.stringify([f]) + ' repeated' });
    }
    console.log(`linear ${_language}: slowest ${worst.ms.toFixed(0)} ms for ${worst.sample}`);
    expect(worst.ms).toBeLessThan(BUDGET_MS);
  });
});
