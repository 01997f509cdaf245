import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeTestFile, blank, declaredTestTitles, languageOf } from '../../../src/lang/index.js';
import { cpuMsOf } from '../../helpers/linear.js';

const P = 'spec/math_spec.rb';
const count = (text: string): number | undefined => analyzeTestFile(P, text)?.assertions;
const markers = (text: string): string[] => (analyzeTestFile(P, text)?.markers ?? []).map((m) => `${m.kind} ${m.text}`);

// research/test-runners.md §5.2 (Ruby row) and the rest of Ruby's comment and literal forms.
const EDGE: [string, string, number][] = [
  ['# comment', '# expect(x).to eq 1\nassert_equal 1, 2 # assert y\n', 1],
  ['=begin … =end', '=begin expect(a).to eq 1\nexpect(b).to eq 2\n=end expect(c).to eq 3\nexpect(d).to eq 4\n', 1],
  ['=end only closes at a line start', '=begin\n  =end\nexpect(a).to eq 1\n=end\nexpect(b).to eq 2\n', 1],
  ['a # in a string is no comment', 's = "a # b"; assert s\n', 1],
  ['strings, escaped quotes, backticks, quoted symbols', 'a = \'it\\\'s expect(x).to eq 1\'; b = "\\" assert x"; c = `assert y`; d = :"refute z"\n', 0],
  ['a string spans lines', 's = "one\nassert x\nthree"\n', 0],
  ['interpolation is code', 's = "#{expect(x).to eq 1}"\n', 1],
  ['the text around an interpolation is not', 's = "expect(x).to #{y} assert z"\n', 0],
  ['nested interpolation', 's = "a #{"b #{expect(1).to eq 1} expect(2).to eq 2"} assert c"\n', 1],
  ["an interpolation's own strings are strings", 's = "#{\'expect(x).to eq 1\'}"\n', 0],
  ['braces inside an interpolation', 's = "#{ {a: 1}.map { |k, v| k } } assert x"\nassert y\n', 1],
  ['%q() nests its delimiters', 's = %q(a (nested) expect(x).to eq 1) + %q!assert x!\n', 0],
  ['%w[] %i{} %s<> %r{}', 'a = %w[assert x] + %i{refute y} + [%s<flunk>] if s =~ %r{expect(z).to}\n', 0],
  ['%Q and %() interpolate', 'a = %Q|#{expect(x).to eq 1} assert y|; b = %(#{assert z} flunk)\n', 2],
  ['% after a value is modulo', 'n = "%d" % [assert(x)]; m = count % (assert y)\n', 2],
  ['<<~ heredoc: body blanked, the opening line code', 'expect(<<~EOS.strip).to eq "x"\n  expect(body).to eq 1\nEOS\n', 1],
  ['two heredocs on one line', 'a, b = <<~A, <<-B\n  assert x\nA\n  assert y\n  B\nassert z\n', 1],
  ['<<EOS ends only at an unindented terminator', 'x = <<EOS\n  EOS\nassert a\nEOS\nassert b\n', 1],
  ['<<\'EOS\' and <<"EOS"', 'x = <<\'EOS\' + <<"EOT"\nassert a\nEOS\n#{assert b}\nEOT\nassert c\n', 1],
  ['interpolation in a heredoc body is blanked too', 'x = <<~EOS\n  #{assert y}\nEOS\n', 0],
  ['<< that appends', 'list << item; list <<ITEM\nclass << self; end\nassert x\n', 1],
  ['regex literal', 'r = /expect(x).to eq 1/; ok = s =~ /assert y/ || s.match?(/flunk/)\n', 0],
  ['a regex argument after a name and a space', 'parts = s.split /assert,/\n', 0],
  ['division; a slash that does not close on its line divides', 'x = a / b; assert(c / d)\nn = total /2; assert y\nm = a / b\n', 2],
  ['after a number, a variable or a ) it divides', 'x = 10 /assert(a)/ 2\ny = @n /assert(b)/ 2\nz = f(x) /assert(c)/ 2\n', 3],
  ['?x character literals', 'q = ?"; assert x\nh = ?#; assert y\nb = ?\\\'; assert z\n', 3],
  ['the ternary ? is no character literal', 'x = ok ? "assert y" : assert(z)\nw = ok ?"a":"b"; assert v\n', 2],
  ['$\' $" $/ are variables', 'm = $\' + $" + $/; assert x\n', 1],
  ['__END__: what follows is data', 'assert x\n__END__\nassert y\nexpect(z).to eq 1\n', 1],
  ['an indented __END__ is a name', 'assert x\n  __END__\nassert y\n', 2],
  ['unterminated string', 'assert x\ns = "expect(y).to eq 1\n', 1],
];

// research §5.4: RSpec, Minitest and Test::Unit, and what must not count.
const PATTERNS: [string, string, number][] = [
  ['expect(…).to / not_to / to_not', 'expect(a).to eq 1\nexpect(b).not_to be_nil\nexpect(c).to_not be_empty\n', 3],
  ['expect { } and expect do … end', 'expect { f }.to raise_error(E)\nexpect do\n  g\nend.to change { x }.by(1)\n', 2],
  ['is_expected and should one-liners', 'it { is_expected.to eq 1 }\nit { should be_valid }\nx.should_not be_nil\nobj.should_receive(:y)\n', 4],
  ['an expectation over lines', 'expect(x)\n  .to eq 1\n', 1],
  ['expect_any_instance_of', 'expect_any_instance_of(Foo).to receive(:bar)\n', 1],
  ['mail.to inside an expectation', 'expect(mail.to).to eq(["a@b.c"])\n', 1],
  ['a bare expect verifies nothing; allow is a stub', 'expect(add(1, 2))\nallow(x).to receive(:y)\nallow_any_instance_of(Foo).to receive(:z)\n', 0],
  ['Minitest assertions', 'assert x\nassert_equal 1, y\nrefute z\nrefute_nil w\nassert_raises(E) { f }\nflunk "no"\n', 6],
  ['Minitest expectations', '_(x).must_equal 1\nvalue(y).wont_be_nil\nexpect(z).must_be :>, 1\nproc { f }.must_raise E\n', 4],
  ['Test::Unit', 'assert_true(x)\nassert_nothing_raised { f }\nassert_block { g }\n', 3],
  [
    'look-alikes',
    'def assert_valid(x); end\nassertion = 1\nopts.assert_valid_keys(:a)\nsend(:assert, x)\nreassert(x)\nshould "be titled" do\nend\nexpected = 1\nx.to_s\ns.to eq 1\nsubject.to\n',
    0,
  ],
];

describe('Ruby assertions', () => {
  it('is the language of .rb files', () => expect(languageOf('test/test_math.rb')).toBe('ruby'));
  it.each(EDGE)('edge case: %s', (_name, text, expected) => expect(count(text)).toBe(expected));
  it.each(PATTERNS)('%s', (_name, text, expected) => expect(count(text)).toBe(expected));

  it('reports the line of each assertion; expect do … end at its expect', () => {
    const text = '=begin\nassert no\n=end\nexpect do\n  f\nend.to raise_error\nassert a; refute b\n';
    expect(analyzeTestFile(P, text)?.assertionLines).toEqual([4, 7, 7]);
  });
});

describe('Ruby print-only', () => {
  const cases: [string, string, boolean, number][] = [
    ['puts p pp print', 'it "adds" do\n  puts add(1, 2)\n  p x\n  pp(y)\n  print "z"\nend\n', true, 4],
    ['$stdout, STDERR and warn', '$stdout.puts x\nSTDERR.write y\nwarn "z"\n', true, 3],
    ['prints and an assertion', 'puts x\nassert x\n', false, 1],
    ['not prints', 'p = 1\np.name\nlogger.puts x\ndef puts(x); end\n# puts y\ns = "p z"\n', false, 0],
  ];
  it.each(cases)('%s', (_name, text, printOnly, prints) => {
    const a = analyzeTestFile(P, text)!;
    expect({ printOnly: a.printOnly, prints: a.prints }).toEqual({ printOnly, prints });
  });
});

describe('Ruby markers', () => {
  const POSITIVE: [string, string, string[]][] = [
    [
      'x-prefixed examples and groups',
      'xdescribe "a" do\n  xcontext "b" do\n    xit "c" do end\n    xspecify { }\n    xexample "d" do end\n  end\nend\n',
      ['skip xdescribe', 'skip xcontext', 'skip xit', 'skip xspecify', 'skip xexample'],
    ],
    [
      'f-prefixed examples and groups',
      'fdescribe "a" do\n  fcontext "b" do\n    fit "c" do end\n  end\nend\n',
      ['focus fdescribe', 'focus fcontext', 'focus fit'],
    ],
    ['RSpec.xdescribe / RSpec.fdescribe', 'RSpec.xdescribe Foo do end\nRSpec.fdescribe Bar do end\n', ['skip xdescribe', 'focus fdescribe']],
    ['focus as a method, and minitest-focus', 'focus "x" do end\nfocus\ndef test_y; end\n', ['focus focus', 'focus focus']],
    [
      'skip calls',
      'it "a" do\n  skip "later"\nend\nit "b" do skip end\nbefore { skip("slow") if ci? }\nskip_until 2030, 1, 1, "x"\n',
      ['skip skip', 'skip skip', 'skip skip', 'skip skip_until'],
    ],
    ['pending: the example must fail', 'it "a" do\n  pending "bug 12"\n  expect(x).to eq 1\nend\n', ['xfail pending']],
    [
      'skip / pending / focus metadata',
      'it "a", skip: true do end\nit "b", skip: "why" do end\ndescribe Foo, :skip do end\nit "c", :pending do end\nit "d", focus: true do end\ncontext "e", :focus => true do end\n',
      ['skip skip: true', 'skip skip: "why"', 'skip :skip', 'xfail :pending', 'focus focus: true', 'focus :focus => true'],
    ],
    ['metadata on a continued line', 'it "a",\n   :slow,\n   focus: true do\nend\n', ['focus focus: true']],
    [
      'Test::Unit omit, omit_if, omit_unless and pend',
      'def test_a\n  omit "no"\n  omit_if(windows?)\n  omit_unless linux?, "x"\n  pend\n  pend do\n    assert false\n  end\nend\n',
      ['skip omit', 'skip omit_if', 'skip omit_unless', 'skip pend', 'xfail pend'],
    ],
    ['an example without a block', 'it "does x"\nspecify("does y")\n', ['todo it "does x"', 'todo specify("does y")']],
  ];
  const NEGATIVE: [string, string][] = [
    ['in comments, strings, heredocs and =begin', '# xit "a"\ns = "fit :focus skip"\nx = <<~EOS\n  fdescribe "b"\nEOS\n=begin\nskip\n=end\n'],
    ['metadata that is off', 'it "a", skip: false do end\nit "b", focus: nil do end\nit "c", :focus => false do end\n'],
    ['names that contain a marker', 'model.fit(x)\nprofit(1)\noutfit = 2\ndef xit; end\nx.fdescribe\n'],
    ['omit and pend as values or methods', 'x = omit\nlist.pend\nomit: 1\nf(pend)\n'],
    ['skip and pending as values or methods', 'items.drop(skip)\nskip = 3\nnext if skipped\nreader.skip(4)\nx.pending?\njob.pending\nh = { skip: 10 }\n'],
    ['focus metadata outside an example', 'config.filter_run_when_matching :focus\nUser.where(x).find(skip: 1, focus: true)\n'],
    ['a table of hashes after an example', 'it "reads rows" do\n  rows = [\n' + '    { name: "a", skip: true },\n'.repeat(12) + '  ]\nend\n'],
    ['examples with blocks', 'it "x" do\nend\nit("y") { }\nit "z", :aggregate_failures do\nend\nit { is_expected.to be_valid }\n'],
  ];
  it.each(POSITIVE)('finds %s', (_name, text, expected) => expect(markers(text)).toEqual(expected));
  it.each(NEGATIVE)('ignores %s', (_name, text) => expect(markers(text)).toEqual([]));

  it('reports the 1-based line', () => {
    expect(analyzeTestFile(P, '=begin\nxit\n=end\n\nxit "a" do end\n')?.markers).toEqual([{ kind: 'skip', line: 5, text: 'xit' }]);
  });
});

describe('Ruby titles and blanking', () => {
  it('declares example and group titles and test_ methods, not interpolated titles', () => {
    const text =
      'RSpec.describe "Math" do\n  context \'with ints\' do\n    it "adds" do end\n    xit("it\\\'s skipped") { }\n    it "adds #{n}" do end\n  end\nend\nclass MathTest < Minitest::Test\n  def test_adds; end\n  def helper; end\n  test "subtracts" do end\nend\n# it "commented" do end\n';
    expect(declaredTestTitles(P, text)).toEqual(['Math', 'with ints', 'adds', "it's skipped", 'test_adds', 'subtracts']);
  });

  const BLANK: [string, string, string][] = [
    ['comment; # in a string', 's = "a#b" # c', 's = "   "    '],
    ['interpolation stays', '"a#{b}c"', '" #{b} "'],
    ['%-literal keeps its delimiters', '%w[a b] + %q(x (y))', '%w[   ] + %q(     )'],
    ['heredoc: opener and terminator stay', 'f(<<~A, 1)\n  body\nA\nz', 'f(<<~A, 1)\n      \nA\nz'],
    ['character literal', '?a + ?"', '?  + ? '],
    ['=begin … =end whole lines', '=begin x\ny\n=end z\nw', '        \n \n      \nw'],
    ['__END__', 'a\n__END__\ndata', 'a\n__END__\n    '],
    ['regex', 'x =~ /a b/i', 'x =~ /   /i'],
  ];
  it.each(BLANK)('blank: %s', (_name, text, expected) => expect(blank(P, text)).toBe(expected));

  // Ruby's own delimiters (blank-families.test.ts has the shared ones), mostly unterminated and interleaved.
  const FRAGMENTS = [
    '"',
    "'",
    '`',
    '#',
    '#{',
    '{',
    '}',
    '(',
    ')',
    ']',
    '=begin',
    '=end',
    '__END__',
    '<<~EOS',
    '<<-A',
    "<<'B'",
    'EOS',
    'A',
    'B',
    '%q(',
    '%w[',
    '%(',
    '%r{',
    '/',
    ' / ',
    '?',
    '?"',
    '$"',
    '\\',
    '\n',
    '\r\n',
    ' ',
    'x',
    'expect(a).to eq 1',
    'assert x',
    'skip',
    ':focus',
    '😀',
  ];
  it('keeps the length and every newline of any text, and never throws', () => {
    const text = fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 60 }).map((parts) => parts.join(''));
    const newlines = (s: string): number[] => Array.from(s.matchAll(/\n/g), (m) => m.index);
    fc.assert(
      fc.property(text, (t) => {
        const out = blank(P, t);
        expect(out.length).toBe(t.length);
        expect(newlines(out)).toEqual(newlines(t));
        expect(() => analyzeTestFile(P, t)).not.toThrow();
      }),
      { numRuns: 500 },
    );
  });

  // Each input repeats what makes a naive lexer or matcher look back or ahead over the whole file.
  it.each([
    ['deep interpolation', '"#{'.repeat(20_000)],
    ['unclosed heredocs', 'x = <<~EOS + <<EOT\n'.repeat(10_000)],
    ['unbalanced receivers of .to', 'x).to eq 1\n'.repeat(20_000)],
    ['metadata in a long table', 'it "a",\n' + '  { skip: true },\n'.repeat(20_000)],
    ['slashes that never close', 'a = b /#{c\n'.repeat(20_000)],
  ])('is linear on %s, and neither throws nor changes the length', async (_name, text) => {
    const ms = await cpuMsOf(() => {
      expect(blank(P, text).length).toBe(text.length);
      expect(analyzeTestFile(P, text)?.language).toBe('ruby');
    });
    expect(ms).toBeLessThan(500);
  });
});
