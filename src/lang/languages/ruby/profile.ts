import { blankRuby } from '../../lex/ruby.js';
import { isDeclared, matchOffsets } from '../../scan/match.js';
import type { LanguageProfile } from '../../profile.js';
import { findRubyMarkers, NOT_A_CALL, NOT_A_CALL_BUT_RSPEC } from './markers.js';

/**
 * Ruby: RSpec, Minitest (assertions and spec expectations) and Test::Unit (research
 * test-runners.md §5.4, §6). An RSpec expectation counts where `.to`, `.not_to` or `.to_not`
 * follows `expect(…)`, `expect {…}`, `expect do … end` or `is_expected`: a bare `expect(x)`
 * verifies nothing, and `allow(x).to receive(:y)` is a stub.
 */

const ASSERTIONS = [
  // Minitest and Test::Unit: assert x · assert_equal a, b · refute_nil x · assert_raises(E) { … }
  new RegExp(String.raw`${NOT_A_CALL}(?:assert|refute)(?:_\w+)?(?![\w?!:])`, 'g'),
  new RegExp(String.raw`${NOT_A_CALL}flunk(?![\w?!:])`, 'g'),
  // Minitest::Spec: _(x).must_equal 1 · value(y).wont_be_nil · proc { … }.must_raise E
  /\.\s*(?:must|wont)_\w+/g,
  // RSpec's should syntax: x.should eq 1 · it { should be_valid } · should_receive; not shoulda's `should "title" do`.
  /(?<![\w:@$])should(?:_not)?(?:_receive)?(?![\w?!:]|\s*\(?\s*["'])/g,
];

const MATCHER_CALL = /\.\s*(?:to|not_to|to_not)(?![\w?!])/g;
const EXPECT_DO = new RegExp(String.raw`${NOT_A_CALL}expect\s+do\b`, 'g');

/** Offsets of real assertions, ascending. */
export function findRubyAssertions(blanked: string): number[] {
  const keep = (at: number): boolean => !isDeclared(blanked, at, false);
  return [...new Set([...matchOffsets(blanked, ASSERTIONS, keep), ...rspecExpectations(blanked)])].sort((a, b) => a - b);
}

/** Each `.to`/`.not_to`/`.to_not` whose receiver is an expectation, at the offset of its `expect`. */
function rspecExpectations(b: string): number[] {
  const calls = Array.from(b.matchAll(MATCHER_CALL), (m) => m.index);
  if (calls.length === 0) return [];
  const openers = bracketOpeners(b);
  const blocks = Array.from(b.matchAll(EXPECT_DO), (m) => m.index);
  const found: number[] = [];
  let block = -1;
  for (const dot of calls) {
    let j = dot - 1;
    while (j >= 0 && (b[j] === ' ' || b[j] === '\t' || b[j] === '\n' || b[j] === '\r')) j--;
    if (b[j] === ')' || b[j] === '}') {
      const open = openers.get(j);
      const name = open === undefined ? undefined : nameBefore(b, open);
      if (name && /^expect(?:_any_instance_of)?$/.test(name.word)) found.push(name.start);
      continue;
    }
    const name = nameBefore(b, j + 1);
    if (name?.word === 'is_expected' || name?.word === 'are_expected') found.push(name.start);
    else if (name?.word === 'end') {
      // `expect do … end.to raise_error`: the nearest `expect do` before the `end`.
      while (block + 1 < blocks.length && blocks[block + 1]! < name.start) block++;
      if (block >= 0) found.push(blocks[block]!);
    }
  }
  return found;
}

/**
 * The `(` or `{` that each `)` or `}` closes, in one pass (strings are blanked, so only code
 * brackets are left): any number of `.to` costs the same.
 */
function bracketOpeners(b: string): Map<number, number> {
  const openers = new Map<number, number>();
  const parens: number[] = [];
  const braces: number[] = [];
  for (let i = 0; i < b.length; i++) {
    const c = b.charCodeAt(i);
    if (c === 40) parens.push(i);
    else if (c === 123) braces.push(i);
    else if (c === 41 || c === 125) {
      const open = (c === 41 ? parens : braces).pop();
      if (open !== undefined) openers.set(i, open);
    }
  }
  return openers;
}

/** The name that ends just before `end` (spaces skipped), unless it is a method of another object or a symbol. */
function nameBefore(b: string, end: number): { word: string; start: number } | undefined {
  const m = /(?<![\w.:@$])([A-Za-z_]\w*)[ \t]*$/.exec(b.slice(Math.max(0, end - 80), end));
  return m ? { word: m[1]!, start: end - m[0].length } : undefined;
}

const PRINTS = [
  // puts x · print "y" · printf(…) · warn "z"
  new RegExp(String.raw`${NOT_A_CALL}(?:puts|print|printf|warn)(?![\w?!:])`, 'g'),
  // p x · pp(y): with an argument (a bare `p` prints nothing; `p = 1` is a variable).
  new RegExp(String.raw`${NOT_A_CALL}pp?(?=\(|[ \t]+[\w@$:"'\`[(%?])`, 'g'),
  /(?:\$std(?:out|err)|STD(?:OUT|ERR))\s*\.\s*(?:puts|print|printf|write)(?![\w?!])/g,
];

// it "adds" · RSpec.describe "Math" · test "adds" (Rails) — titles as string literals.
const TITLED = new RegExp(
  String.raw`${NOT_A_CALL_BUT_RSPEC}(?:[xf]?(?:describe|context|it|specify|example|feature|scenario)|test)(?:[ \t]*\([ \t]*|[ \t]+)(["'])`,
  'g',
);
// def test_adds — Minitest and Test::Unit run every public method named test_*.
const TEST_DEF = /def(?<=^[ \t]*def)[ \t]+(test_\w*[?!]?)/gm;

/** The literal titles of examples and groups and the test_ methods, in source order; interpolated titles are left out. */
export function findRubyTestTitles(blanked: string, text: string): string[] {
  const found: [number, string][] = [];
  for (const m of blanked.matchAll(TITLED)) {
    const open = m.index + m[0].length - 1;
    const close = blanked.indexOf(m[1]!, open + 1);
    if (close === -1 || blanked.slice(open + 1, close).includes('#{')) continue;
    found.push([m.index, text.slice(open + 1, close).replace(/\\(.)/g, '$1')]);
  }
  for (const m of blanked.matchAll(TEST_DEF)) found.push([m.index, m[1]!]);
  return found.sort((a, b) => a[0] - b[0]).map(([, title]) => title);
}

export const rubyProfile: LanguageProfile = {
  id: 'ruby',
  name: 'Ruby',
  extensions: ['.rb'],
  blank: (_path, text) => blankRuby(text),
  imports: () => [],
  assertions: (blanked) => findRubyAssertions(blanked),
  prints: (blanked) => matchOffsets(blanked, PRINTS, (at) => !isDeclared(blanked, at, false)),
  markers: (blanked, text) => findRubyMarkers(blanked, text),
  titles: findRubyTestTitles,
};
