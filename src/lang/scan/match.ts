import type { MarkerHit, MarkerKind } from '../profile.js';

/**
 * Matching helpers for the table-driven profiles (languages/: python/, ruby/, go.ts, rust.ts, jvm.ts, csharp.ts, php.ts, abap.ts):
 * every rule is a global RegExp run on the blanked text, whose match starts where the assertion
 * or marker starts (lookbehinds, never consumed context, so offsets are exact).
 */

/** Start offsets of the matches of all `patterns`, each offset once, ascending; `keep` filters. */
export function matchOffsets(blanked: string, patterns: readonly RegExp[], keep?: (at: number) => boolean): number[] {
  const offsets = new Set<number>();
  for (const re of patterns) {
    for (const m of blanked.matchAll(re)) if (keep === undefined || keep(m.index)) offsets.add(m.index);
  }
  return [...offsets].sort((a, b) => a - b);
}

export interface MarkerRule {
  re: RegExp;
  /** A kind, or one chosen by the match (its groups); undefined drops the match. */
  kind: MarkerKind | ((m: RegExpExecArray) => MarkerKind | undefined);
}

/**
 * Markers of every rule, one per offset and kind, in source order. The text shown is the match
 * read from the original (so a skip reason in a blanked string shows), whitespace squeezed:
 * `pytest . mark\n .skip` reads `pytest.mark.skip`.
 */
export function matchMarkers(blanked: string, text: string, rules: readonly MarkerRule[]): MarkerHit[] {
  const hits = new Map<string, MarkerHit>();
  for (const rule of rules) {
    for (const m of blanked.matchAll(rule.re)) {
      const kind = typeof rule.kind === 'function' ? rule.kind(m as RegExpExecArray) : rule.kind;
      const key = `${m.index}:${kind}`;
      if (kind === undefined || hits.has(key)) continue;
      hits.set(key, { kind, offset: m.index, text: squeeze(text.slice(m.index, m.index + m[0].length)) });
    }
  }
  return [...hits.values()].sort((a, b) => a.offset - b.offset);
}

/** Whitespace (and line continuations) squeezed to one space, and none around `.` and `::`. */
export function squeeze(raw: string): string {
  return raw
    .replace(/\\\r?\n|\s+/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/ ?(\.|::) ?/g, '$1')
    .trim();
}

// `fun assertValid(`, `def fail(`, `func Expect(`, `func (m *M) Expect(`, `fn assert_ok(`, `void verify(` — on the same line.
const KEYWORD_DECLARATION = /\b(?:fun|def|func|fn|void|function)\b[^=(){};]*$|\bfunc\s*\([^()]*\)\s*$/;
// `boolean assertValid(`, `Task<bool> ShouldPass(`: a type, then the name. Not `return assertX(`.
// A lambda's arrow is no type: `() => Assert.Equal(3, 1 + 2)`, `x -> assertTrue(x > 0)` call.
const TYPED_DECLARATION = /(?:^|[^\w$])([\w$]+|(?<![=-])>|[\]?])[ \t]+$/;
const NOT_TYPES = new Set(['return', 'else', 'throw', 'yield', 'await', 'case', 'do', 'in', 'is', 'new', 'not', 'and', 'or']);

/** Is the name at `at` being declared (`fun assertX(`), not called? Looks at its own line only. */
export function isDeclared(blanked: string, at: number, typed: boolean): boolean {
  // Its own line, at most 200 characters back: a declaration's head is short, and a bounded look keeps a long line linear.
  const near = blanked.slice(Math.max(0, at - 200), at);
  const before = near.slice(near.lastIndexOf('\n') + 1);
  if (KEYWORD_DECLARATION.test(before)) return true;
  if (!typed) return false;
  const m = TYPED_DECLARATION.exec(before);
  return m !== null && !NOT_TYPES.has(m[1]!);
}

/**
 * The name of the method declared after the annotation or attribute that ends at `at`: further
 * `@Annotations(…)` and `[Attributes]` are skipped, then the identifier (or Kotlin `backtick
 * name`) before the first `(` is read from `text`. Undefined when a `{`, `;` or `=` comes first.
 */
export function methodNameAfter(blanked: string, text: string, at: number): string | undefined {
  let i = at;
  for (let guard = 0; guard < 20; guard++) {
    const skip = /^\s*(?:@\s*[\w$.]+(?:\s*\((?:[^()]|\([^()]*\))*\))?|\[[^[\]]*\])/.exec(blanked.slice(i, i + 500));
    if (!skip) break;
    i += skip[0].length;
  }
  const head = /^[^({;=]*\(/.exec(blanked.slice(i, i + 300));
  if (!head) return undefined;
  const before = text.slice(i, i + head[0].length - 1).trimEnd();
  const name = /(?:`([^`\n]+)`|([\w$]+))$/.exec(before);
  return name ? (name[1] ?? name[2]) : undefined;
}

/** The `)` that closes each `(`, in one pass over blanked text (strings and comments are spaces). */
export function closers(b: string): Map<number, number> {
  const close = new Map<number, number>();
  const open: number[] = [];
  for (let i = 0; i < b.length; i++) {
    const c = b.charCodeAt(i);
    if (c === 40) open.push(i);
    else if (c === 41) {
      const o = open.pop();
      if (o !== undefined) close.set(o, i);
    }
  }
  return close;
}
