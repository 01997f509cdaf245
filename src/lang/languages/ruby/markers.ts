import { matchMarkers, type MarkerRule } from '../../scan/match.js';
import type { MarkerHit, MarkerKind } from '../../profile.js';

/**
 * RSpec and Minitest skip / focus / todo markers (research test-runners.md §6), on blanked text.
 * `pending` is an expected failure: RSpec runs a pending example and fails it when it passes.
 */

// Not a method of another object, a symbol, an instance or a global variable.
export const NOT_A_CALL = String.raw`(?<![\w.:@$])`;
// The same, but a method of RSpec is a call too: RSpec.describe, RSpec.xdescribe.
export const NOT_A_CALL_BUT_RSPEC = String.raw`(?<![\w:@$])(?<!(?<!\bRSpec\s*)\.\s*)`;

// Where a statement starts: `skip` there is a call, elsewhere it may be a variable (`next if skip`).
const STATEMENT = String.raw`(?:^|[;{|]|\b(?:then|else|do))[ \t]*`;
// Not followed by what makes the name a variable or a hash key: `skip = 1`, `skip: 1`, `f(skip)`.
const NOT_A_VALUE = String.raw`(?![\w?!:]|\s*(?:=[^=~]|[.,)\]]))`;
const METADATA_KIND: Record<string, MarkerKind> = { skip: 'skip', pending: 'xfail', focus: 'focus' };

const RULES: MarkerRule[] = [
  // xit · xdescribe · fit · fcontext · RSpec.fdescribe · Capybara's xscenario / fscenario
  {
    re: new RegExp(String.raw`${NOT_A_CALL_BUT_RSPEC}(?<!\bdef\s+)([xf])(?:it|specify|example|describe|context|feature|scenario)(?![\w?!:])`, 'g'),
    kind: (m) => (m[1] === 'f' ? 'focus' : 'skip'),
  },
  // skip · skip "why" if … · skip_until(…) (Minitest) · pending "why" (RSpec: the example runs and must fail).
  {
    re: new RegExp(String.raw`(skip(?:_until)?|pending)(?<=${STATEMENT}(?:skip(?:_until)?|pending))${NOT_A_VALUE}`, 'gm'),
    kind: (m) => (m[1] === 'pending' ? 'xfail' : 'skip'),
  },
  // Test::Unit: omit "why" · omit_if(cond) · omit_unless cond · pend "why" (each stops the test; pend { … } expects a failure)
  {
    re: new RegExp(String.raw`(omit(?:_if|_unless)?|pend)(?<=${STATEMENT}(?:omit(?:_if|_unless)?|pend))${NOT_A_VALUE}`, 'gm'),
    kind: (m) => (m[1] === 'pend' && /^\s*(?:\{|do\b)/.test(m.input.slice(m.index + 4, m.index + 40)) ? 'xfail' : 'skip'),
  },
  // focus "x" do (RSpec's alias of fit) · a bare `focus` line before a test (minitest-focus)
  { re: new RegExp(String.raw`focus(?<=(?:^|;)[ \t]*focus)${NOT_A_VALUE}`, 'gm'), kind: 'focus' },
  // Metadata of an example or group: skip: true · pending: "why" · focus: true · :skip => true · :focus
  {
    re: /(?<![\w.:@$])(skip|pending|focus):(?!:)(?!\s*(?:false|nil)\b)\s*(?:true\b|(["'])[^\n]*?\2|[\w.:@$!]+)/g,
    kind: (m) => (isExampleCall(m.input, m.index) ? METADATA_KIND[m[1]!] : undefined),
  },
  {
    re: /(?<![\w.:@$]):(skip|pending|focus)\s*=>(?!\s*(?:false|nil)\b)\s*(?:true\b|(["'])[^\n]*?\2|[\w.:@$!]+)/g,
    kind: (m) => (isExampleCall(m.input, m.index) ? METADATA_KIND[m[1]!] : undefined),
  },
  {
    re: /(?<![\w.:@$]):(skip|pending|focus)\b(?![?!]|\s*=>)/g,
    kind: (m) => (isExampleCall(m.input, m.index) ? METADATA_KIND[m[1]!] : undefined),
  },
  // An example without a block: `it "does x"` — RSpec reports it not yet implemented, Minitest skips it.
  { re: /(?<![\w.:@$])(?:it|specify|example|scenario)(?:[ \t]*\([ \t]*|[ \t]+)(["'])[^"'\n]*\1[ \t]*\)?[ \t]*$/gm, kind: 'todo' },
];

const EXAMPLE_CALL =
  /^[ \t]*(?:RSpec\s*\.\s*)?[xf]?(?:describe|context|it|its|specify|example|feature|scenario|shared_examples(?:_for)?|shared_context|it_behaves_like|it_should_behave_like|include_examples|include_context|focus|skip|pending)\b/;

/**
 * Is `at` among the arguments of an example or group call (`it "x", :focus do`), on its line or
 * on one continued from the lines before (a few: a long table of hashes is no call's arguments)?
 */
function isExampleCall(blanked: string, at: number): boolean {
  let start = blanked.lastIndexOf('\n', at - 1) + 1;
  for (let lines = 0; start > 0 && lines < 8; lines++) {
    const prev = blanked.lastIndexOf('\n', start - 2) + 1;
    if (!/[,(\\][ \t]*$/.test(blanked.slice(prev, start - 1))) break;
    start = prev;
  }
  return EXAMPLE_CALL.test(blanked.slice(start, at));
}

export function findRubyMarkers(blanked: string, text: string): MarkerHit[] {
  return matchMarkers(blanked, text, RULES);
}
