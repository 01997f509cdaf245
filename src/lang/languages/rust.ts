import { blankCLike } from '../lex/c-like.js';
import { RUST } from '../lex/c-syntax.js';
import { matchMarkers, matchOffsets, type MarkerRule } from '../scan/match.js';
import type { LanguageProfile } from '../profile.js';

/**
 * Rust: the std assertion macros and the crates that follow their naming (pretty_assertions,
 * assert_matches, proptest's prop_assert*, insta's assert_*snapshot!), and `#[should_panic]`,
 * which makes the test assert a panic (research test-runners.md §5.4, §6). Macro calls may use
 * any delimiter: `assert!(…)`, `assert![…]`, `assert!{…}`.
 */

const ASSERTIONS = [
  // assert!( assert_eq!( debug_assert_ne!( prop_assert_eq!( insta::assert_snapshot!( assert_matches!(
  /(?<![\w])(?:(?:debug|prop)_)?assert\w*\s*!\s*[([{]/g,
  /#\s*\[\s*should_panic\b/g,
  // Methods named assert*: assert_cmd's cmd.assert().success(), a harness's te.assert_output(…), cmd.assert_err().
  /assert(?<=\.\s*assert)\w*\s*(?:::\s*<[^<>()]*>\s*)?\(/g,
];

const PRINT = /(?<![\w])(?:println|print|eprintln|eprint|dbg)\s*!\s*[([{]/g;

const RULES: MarkerRule[] = [
  // #[ignore] · #[ignore = "slow"] — shown as written, reason included.
  // (An attribute holds no `[`: an unclosed `#[ignore` is not read to the end of the line again from each.)
  { re: /#\s*\[\s*ignore\b[^[\]\n]*\]/g, kind: 'skip' },
  // #[cfg_attr(not(feature = "net"), ignore)]
  { re: /#\s*\[\s*cfg_attr\s*\([^[\]\n]*\bignore\b[^[\]\n]*\]/g, kind: 'skip' },
  // #[cfg(any())] · #[cfg(FALSE)]: the item is never compiled.
  { re: /#\s*\[\s*cfg\s*\(\s*(?:any\s*\(\s*\)|FALSE)\s*\)\s*\]/g, kind: 'skip' },
];

// #[test] · #[tokio::test] · #[rstest] · #[test_case(1)], then attributes, then `fn name`.
const TEST_FN =
  /#\s*\[\s*(?:\w+\s*::\s*)*(?:test|rstest|test_case|quickcheck|proptest)\b[^[\]]*(?:\[[^[\]]*\][^[\]]*)*\](?:\s*#\s*!?\s*\[[^[\]]*(?:\[[^[\]]*\][^[\]]*)*\])*\s*(?:pub(?:\s*\([^)]*\))?\s+)?(?:(?:async|const|unsafe)\s+)*fn\s+(\w+)/g;

export const rustProfile: LanguageProfile = {
  id: 'rust',
  name: 'Rust',
  extensions: ['.rs'],
  blank: (_path, text) => blankCLike(text, RUST),
  imports: () => [],
  assertions: (blanked) => matchOffsets(blanked, ASSERTIONS),
  prints: (blanked) => matchOffsets(blanked, [PRINT]),
  markers: (blanked, text) => matchMarkers(blanked, text, RULES),
  titles: (blanked) => Array.from(blanked.matchAll(TEST_FN), (m) => m[1]!),
};
