/**
 * What the integrity rules read: each implementation file a commit adds or changes, as text and
 * as blanked text (comments and string contents replaced by spaces, offsets and '\n' kept, see
 * lang/), now and before. A rule finds a shape in the blanked text (`os.environ[`), reads a
 * literal at the same offsets in the text, and flags what `now` has and `before` had not.
 */
import type { LanguageId } from '../../lang/index.js';
import type { FileKind } from '../../types.js';

export interface ImplText {
  readonly text: string;
  readonly blanked: string;
}

/** One implementation file of the commit: `before` absent when the commit adds it. */
export interface ImplSource {
  readonly language: LanguageId;
  readonly now: ImplText;
  readonly before?: ImplText;
}

/** Repository path → its source (verify/gate-input builds it once per commit; the audit per commit). */
export type ImplSources = ReadonlyMap<string, ImplSource>;

const kindMemo = new WeakMap<IntegrityInput, Map<string, FileKind>>();

/** `input.kindOf`, asked once per path per commit (several rules resolve the same paths). */
export function kindOf(input: IntegrityInput, path: string): FileKind {
  let memo = kindMemo.get(input);
  if (!memo) kindMemo.set(input, (memo = new Map()));
  let kind = memo.get(path);
  if (kind === undefined) memo.set(path, (kind = input.kindOf(path)));
  return kind;
}

export interface IntegrityInput {
  readonly sources: ImplSources;
  /** What the project's configuration calls a path (test, support, impl…), for the rules that resolve paths. */
  readonly kindOf: (path: string) => FileKind;
  /** `integrity.allow`: code → path globs where that rule does not apply. */
  readonly allow?: Readonly<Record<string, readonly string[]>>;
}

/** A match in one text: where, and what (the key that tells it from the file's earlier matches). */
export interface Hit {
  readonly offset: number;
  readonly text: string;
  /** What the match reaches when that is not what it says (the test file a path resolves to). */
  readonly target?: string;
}

export type Scan = (src: ImplText, path: string) => Hit[];

/** The hits of `now` that `before` had not (by text: a match `before` had as often is not this commit's doing). */
export function addedHits(source: ImplSource, path: string, scan: Scan): Hit[] {
  const now = scan(source.now, path);
  if (now.length === 0 || !source.before) return now;
  const seen = new Map<string, number>();
  for (const h of scan(source.before, path)) seen.set(h.text, (seen.get(h.text) ?? 0) + 1);
  return now.filter((h) => {
    const left = seen.get(h.text) ?? 0;
    if (left > 0) seen.set(h.text, left - 1);
    return left === 0;
  });
}

/** Maps an offset to its 1-based line. */
export function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/**
 * What `/^…/gm` finds in `text`, for a pattern whose every match lies on one line and holds `word`:
 * `sticky` is the pattern without its `^`, with the `y` flag, tried only at the start of each line
 * that holds `word` (the `m` flag's lines: after \n, \r, U+2028 or U+2029), in order. A regex
 * anchored by `^` under `m` is otherwise tried at every offset of the text.
 */
export function lineStartMatches(text: string, word: string, sticky: RegExp): RegExpExecArray[] {
  const out: RegExpExecArray[] = [];
  let done = -1;
  for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + word.length)) {
    let start = at;
    while (start > 0 && !isLineBreak(text.charCodeAt(start - 1))) start--;
    if (start <= done) continue;
    done = start;
    sticky.lastIndex = start;
    const m = sticky.exec(text);
    if (m) out.push(m);
  }
  return out;
}

function isLineBreak(c: number): boolean {
  return c === 10 || c === 13 || c === 0x2028 || c === 0x2029;
}

/** A string literal: `open` is the offset of its opening quote, `value` its text as written (escapes kept). */
export interface Literal {
  readonly open: number;
  readonly close: number;
  readonly value: string;
}

const literalMemo = new WeakMap<ImplText, Literal[]>();

/** Every quoted literal: the blanked text keeps the quotes and blanks what is between them (once per text). */
export function literalsOf(src: ImplText): Literal[] {
  let found = literalMemo.get(src);
  if (!found) literalMemo.set(src, (found = scanLiterals(src)));
  return found;
}

// The next quote, found by the regex engine (a character loop over a file's length cost ~25 ms per MB).
const QUOTE = /['"`]/g;

function scanLiterals(src: ImplText): Literal[] {
  const out: Literal[] = [];
  const b = src.blanked;
  QUOTE.lastIndex = 0;
  for (let m = QUOTE.exec(b); m; m = QUOTE.exec(b)) {
    const i = m.index;
    const q = m[0];
    // Python's and Go's triple/raw forms: the literal runs to the next same quote that closes it.
    let open = i;
    while (b[open + 1] === q && b[open + 2] === q) open += 2;
    const close = b.indexOf(q, open + 1);
    if (close === -1) break;
    out.push({ open: i, close, value: src.text.slice(open + 1, close) });
    let last = close;
    while (b[last + 1] === q) last++;
    QUOTE.lastIndex = last + 1;
  }
  return out;
}

/** The literal whose opening quote is at `offset`, or the first one that opens at or after it on the same line. */
export function literalFrom(literals: readonly Literal[], offset: number, src: ImplText): Literal | undefined {
  const lit = literals.find((l) => l.open >= offset);
  return lit && !src.blanked.slice(offset, lit.open).includes('\n') ? lit : undefined;
}

/** Literals joined by `+` (`'VIT' + 'EST'`): their values as one, at the first one's offset. */
export function joinedLiterals(src: ImplText, literals: readonly Literal[]): Literal[] {
  const out: Literal[] = [];
  for (let i = 0; i < literals.length; i++) {
    let j = i;
    let value = literals[i]!.value;
    while (j + 1 < literals.length && /^\s*\+\s*$/.test(src.blanked.slice(literals[j]!.close + 1, literals[j + 1]!.open))) {
      j++;
      value += literals[j]!.value;
    }
    if (j > i) out.push({ open: literals[i]!.open, close: literals[j]!.close, value });
  }
  return out;
}
