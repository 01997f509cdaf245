import { describe, expect, it } from 'vitest';
import { analyzeTestFile, blank, declaredTestTitles } from '../../../src/lang/index.js';

const P = 'tests/math.rs';
const count = (text: string): number | undefined => analyzeTestFile(P, text)?.assertions;
const markers = (text: string): string[] => (analyzeTestFile(P, text)?.markers ?? []).map((m) => `${m.kind} ${m.text}`);

// research/test-runners.md §5.2 (Rust rows), and the other literal forms.
const EDGE: [string, string, number][] = [
  ["lifetime 'a + char '\"'", "fn f<'a>(s: &'a str) -> char { '\"' }\nassert!(f(\"x\") == '\"');\n", 1],
  ['r#"assert!(x) "quoted""#', 'let s = r#"assert!(x) "quoted""#;\n', 0],
  ['nested /* /* */ assert!(x) */', '/* /* */ assert!(x) */\n', 0],
  ['raw string with more hashes', 'let s = r##"a "# assert!(x) "##;\nassert_eq!(s, "");\n', 1],
  ['byte strings and byte chars', 'let b = b"assert!(x)"; let c = b\'"\'; let d = br"assert!(y)";\nassert!(b.len() > 0);\n', 1],
  ['C strings', 'let c = c"assert!(x)"; let d = cr#"assert!(y)"#;\n', 0],
  ['raw identifier r#match is code', 'let r#match = 1;\nassert_eq!(r#match, 1);\n', 1],
  ["'static and loop labels", "let s: &'static str = \"assert!(no)\";\n'outer: loop { assert!(true); break 'outer; }\n", 1],
  ["chars: '\\'' '\\u{1F600}' '😀'", "let a = '\\''; let b = '\\u{1F600}'; let c = '😀';\nassert_ne!(a, b);\n", 1],
  ['a string spans lines', 'let s = "line one\nassert!(x)\nline three";\n', 0],
  ['doc comments are comments', '/// ```\n/// assert_eq!(add(1, 2), 3);\n/// ```\n//! assert!(x)\nfn add() {}\n', 0],
];

const PATTERNS: [string, string, number][] = [
  ['methods named assert*', 'cmd.arg("x").assert().success();\nte.assert_output(&["a"], "b");\ncmd.assert_err();\n', 3],
  ['assert-like names that are no method call', 'let asserted = 1;\nfn assert_ok(x: u8) {}\nlet a = x.assertion;\n', 0],
  ['assert! assert_eq! assert_ne!', 'assert!(ok);\nassert_eq!(a, b);\nassert_ne!(a, c, "msg");\n', 3],
  ['debug_assert*!', 'debug_assert!(x);\ndebug_assert_eq!(a, b);\ndebug_assert_ne!(a, c);\n', 3],
  ['assert_matches! and prop_assert*!', 'assert_matches!(r, Ok(_));\nprop_assert!(x);\nprop_assert_eq!(a, b);\n', 3],
  ['paths and other delimiters', 'insta::assert_snapshot!(out);\npretty_assertions::assert_eq!(a, b);\nassert![x];\nassert_eq!{a, b};\n', 4],
  ['#[should_panic]', '#[test]\n#[should_panic(expected = "divide by zero")]\nfn panics() { div(1, 0); }\n', 1],
  ['look-alikes', 'let assert_ok = true;\nif assert_ok != false {}\nmy_assert!(x);\nassertion(x);\npanic!("x");\nmacro_rules! assert_small { () => {} }\n', 0],
];

describe('Rust assertions', () => {
  it.each(EDGE)('edge case: %s', (_name, text, expected) => expect(count(text)).toBe(expected));
  it.each(PATTERNS)('%s', (_name, text, expected) => expect(count(text)).toBe(expected));

  it('reports the line of each assertion', () => {
    expect(analyzeTestFile(P, 'let s = r#"\nassert!(no)\n"#;\nassert!(a); assert_eq!(b, c);\n')?.assertionLines).toEqual([4, 4]);
  });
});

describe('Rust print-only', () => {
  const cases: [string, string, boolean, number][] = [
    ['println! print! eprintln! eprint! dbg!', 'println!("{}", add(1, 2));\nprint!("x");\neprintln!("y");\neprint!("z");\ndbg!(v);\n', true, 5],
    ['prints and an assertion', 'println!("x");\nassert!(true);\n', false, 1],
    ['format! is no print', 'let s = format!("{}", x);\n', false, 0],
  ];
  it.each(cases)('%s', (_name, text, printOnly, prints) => {
    const a = analyzeTestFile(P, text)!;
    expect({ printOnly: a.printOnly, prints: a.prints }).toEqual({ printOnly, prints });
  });
});

describe('Rust markers', () => {
  const POSITIVE: [string, string, string[]][] = [
    ['#[ignore]', '#[test]\n#[ignore]\nfn slow() {}\n', ['skip #[ignore]']],
    ['#[ignore = "reason"], shown with its reason', '#[test]\n#[ignore = "needs a ] network"]\nfn slow() {}\n', ['skip #[ignore = "needs a ] network"]']],
    ['#[cfg_attr(…, ignore)]', '#[cfg_attr(not(feature = "net"), ignore)]\nfn f() {}\n', ['skip #[cfg_attr(not(feature = "net"), ignore)]']],
    ['#[cfg(any())] and #[cfg(FALSE)]', '#[cfg(any())]\n#[test]\nfn a() {}\n#[cfg(FALSE)]\nfn b() {}\n', ['skip #[cfg(any())]', 'skip #[cfg(FALSE)]']],
  ];
  const NEGATIVE: [string, string][] = [
    ['in comments and strings', '// #[ignore]\n/* #[ignore] */\nlet s = "#[ignore]";\nlet r = r#"#[ignore]"#;\n'],
    ['other attributes', '#[test]\n#[should_panic]\n#[cfg(test)]\n#[allow(unused)]\nfn f() {}\nlet ignore = 1;\n'],
  ];
  it.each(POSITIVE)('finds %s', (_name, text, expected) => expect(markers(text)).toEqual(expected));
  it.each(NEGATIVE)('ignores %s', (_name, text) => expect(markers(text)).toEqual([]));
});

describe('Rust titles and blanking', () => {
  it('declares the functions under a test attribute', () => {
    const text =
      '#[test]\nfn adds() {}\n#[tokio::test]\nasync fn waits() {}\n#[test]\n#[should_panic(expected = "x")]\npub fn panics() {}\n#[rstest]\n#[case(1)]\nfn cases(#[case] n: u8) {}\nfn helper() {}\n// #[test] fn commented() {}\n';
    expect(declaredTestTitles(P, text)).toEqual(['adds', 'waits', 'panics', 'cases']);
  });

  const BLANK: [string, string, string][] = [
    ['raw string keeps its delimiters', 'r#"a"b"#', 'r#"   "#'],
    ['byte string and char', "b\"xy\" b'z' 'q'", "b\"  \" b' ' ' '"],
    ['lifetimes are code', "&'a str", "&'a str"],
    ['nested comments', 'a /* b /* c */ d */ e', `a${' '.repeat(19)}e`],
  ];
  it.each(BLANK)('blank: %s', (_name, text, expected) => expect(blank(P, text)).toBe(expected));
});
