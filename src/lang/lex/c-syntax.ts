/**
 * The C-like family: `//` and `/* *\/` comments, "…" strings, 'x' character literals, and each
 * language's special literals (research test-runners.md §5.3; scanned in lex/c-literals.ts).
 * Literals are blanked whole, interpolations (`${…}`, C# `{…}`) included, but those are lexed as
 * code to find the literal's real end: `"${map["key"]}"` is one string.
 */
export interface CSyntax {
  /** Block comments nest: Rust, Kotlin, Swift, Scala, Dart. */
  nestedComments?: boolean;
  /** Go: `…` is a raw string (no escapes, spans lines). */
  backtickStrings?: boolean;
  /** Kotlin, Scala, Swift: `…` is an identifier (`fun \`adds // two\`()`), kept as code. */
  backtickNames?: boolean;
  /** Rust: r"…" r#"…"# b"…" br"…" c"…" cr"…" b'x', and "…" spans lines. */
  rust?: boolean;
  /** What """ opens: Java text blocks (escapes), Kotlin raw strings (no escapes, `${}`), C# raw strings (n ≥ 3 quotes). */
  tripleQuotes?: 'java' | 'kotlin' | 'csharp';
  /** Kotlin, Dart, Scala, Groovy: `${…}` inside "…". */
  dollarTemplates?: boolean;
  /** C#: @"…" verbatim ("" escapes a quote), $"…{expr}…" interpolated, and $@ / @$ / $$""" mixes. */
  csharp?: boolean;
}

export const GO: CSyntax = { backtickStrings: true };
export const RUST: CSyntax = { rust: true, nestedComments: true };
export const JAVA: CSyntax = { tripleQuotes: 'java' };
export const KOTLIN: CSyntax = { tripleQuotes: 'kotlin', dollarTemplates: true, nestedComments: true, backtickNames: true };
export const CSHARP: CSyntax = { tripleQuotes: 'csharp', csharp: true };
