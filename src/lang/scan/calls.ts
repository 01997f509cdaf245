/**
 * Calls in blanked code, found in one left-to-right pass (linear in the text's length whatever
 * its shape: deep nesting, unclosed brackets, long chains). A call is named by its receiver chain
 * with the arguments dropped, as eslint-plugin-jest's expect-expect names it:
 * `request(app).get('/').expect(200)` holds the calls `request`, `request.get` and
 * `request.get.expect`; `insta::assert_snapshot!(x)` is `insta.assert_snapshot!`.
 */

export interface Call {
  /** Dotted chain; a macro ends with `!`. */
  name: string;
  /** Offset where the chain starts (`request` above). */
  start: number;
  /** Offset of the opening bracket of the arguments. */
  open: number;
  /** Offset of the matching closing bracket; -1 when it never closes. */
  close: number;
  /** A member is read from the call's result: `expect(x).toBe(1)` continues `expect`, `expect(x);` does not. */
  continued: boolean;
}

// Words after which `(` opens no call: `if (`, `func (r *T) Name(` (Go), `return (a)`.
// prettier-ignore
const NOT_CALLEES = new Set([
  'if', 'for', 'while', 'switch', 'catch', 'return', 'typeof', 'void', 'delete', 'in', 'of', 'instanceof',
  'case', 'do', 'else', 'yield', 'await', 'throw', 'new', 'func', 'fn', 'def', 'function', 'class', 'and', 'or',
  'not', 'is', 'lambda', 'with', 'elif', 'match', 'sizeof', 'using', 'lock', 'foreach', 'when', 'assert',
]);

// After these a word is being declared, not called: `function check(`, `def check(`, `fn check(`.
const DECLARING = new Set(['function', 'def', 'fn', 'func', 'class', 'interface', 'struct', 'trait', 'impl', 'fun']);

const MAX_SEGMENTS = 16;
// The empty chain, shared: nothing is ever pushed onto it (a chain grows only when it has a first word).
const NONE: number[] = [];
// How far a TypeScript type-argument list may reach: `expect<number>(x)`, `assert.equal<T>(`.
const MAX_TYPE_ARGS = 200;

function isWordCode(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 36 || c > 127;
}

function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 9 || c === 13 || c === 12;
}

interface Frame {
  /** The chain before the bracket as [start, end] offset pairs, restored when it closes; undefined for a block or a group. */
  chain: number[] | undefined;
  chainStart: number;
  /** Index in `calls` when the bracket opened a call. */
  call: number;
  closer: number;
}

/**
 * Every call in `blanked` (comments and literal contents already spaces), in the order their
 * arguments open. `macros`: a word followed by `!` and a bracket is a macro call (Rust).
 * Declarations (`function check(`, `def check(`, `fn check(`) are not calls. Words are kept as
 * offsets and read into names only where a call opens (a 1 MB file has ~150,000 words).
 */
export function scanCalls(blanked: string, macros = false): Call[] {
  return new CallScanner(blanked, macros).scan();
}

/** The one pass: each step reads the token at `i` and moves past it. */
class CallScanner {
  private readonly calls: Call[] = [];
  private readonly stack: Frame[] = [];
  // The current chain: [start, end] of each segment.
  private chain: number[] = NONE;
  private chainStart = -1;
  // What the last significant token was: a word, a closed call, a closed index, a member dot, other.
  private last: 'word' | 'call' | 'index' | 'dot' | 'other' = 'other';
  // The word before the chain's first one (`function` in `function check(`), as offsets.
  private beforeStart = -1;
  private beforeEnd = -1;
  private wordStart = -1;
  private wordEnd = -1;
  private closedCall = -1;
  private i = 0;

  constructor(
    private readonly blanked: string,
    private readonly macros: boolean,
  ) {}

  scan(): Call[] {
    const { blanked } = this;
    const n = blanked.length;
    while (this.i < n) {
      const c = blanked.charCodeAt(this.i);
      if (isSpace(c)) this.i++;
      else if (isWordCode(c)) this.word(c);
      else if (c === 46 /* . */ || (c === 58 /* : */ && blanked.charCodeAt(this.i + 1) === 58)) this.member(c);
      else if (c === 63 /* ? */ && blanked.charCodeAt(this.i + 1) === 46 && !isDigit(blanked.charCodeAt(this.i + 2))) {
        // Optional chaining `a?.b` reads as `a.b`.
        this.i++;
      } else if (c === 33 /* ! */ && this.macros && this.last === 'word' && this.chain.length > 0 && this.macro()) continue;
      else if (c === 60 /* < */ && this.last === 'word' && this.chain.length > 0 && this.typeArguments()) continue;
      else if (c === 40 /* ( */ || c === 91 /* [ */ || c === 123 /* { */) this.openBracket(c);
      else if (c === 41 /* ) */ || c === 93 /* ] */ || c === 125 /* } */) this.closeBracket(c);
      else {
        this.chain = NONE;
        this.last = 'other';
        this.i++;
      }
    }
    return this.calls;
  }

  private text(a: number, b: number): string {
    return this.blanked.slice(a, b);
  }

  private nameOf(segments: number[]): string {
    let name = this.text(segments[0]!, segments[1]!);
    for (let k = 2; k < segments.length; k += 2) name += '.' + this.text(segments[k]!, segments[k + 1]!);
    return name;
  }

  private word(c: number): void {
    const { blanked, i } = this;
    let j = i + 1;
    while (j < blanked.length && isWordCode(blanked.charCodeAt(j))) j++;
    if (this.last === 'dot' && this.chain.length > 0) {
      if (this.chain.length < 2 * MAX_SEGMENTS) this.chain.push(i, j);
      else this.chain = NONE;
    } else if (c >= 48 && c <= 57) {
      this.chain = NONE;
    } else {
      if (this.last === 'word') {
        this.beforeStart = this.wordStart;
        this.beforeEnd = this.wordEnd;
      } else this.beforeStart = this.beforeEnd = -1;
      this.chain = [i, j];
      this.chainStart = i;
    }
    this.wordStart = i;
    this.wordEnd = j;
    this.last = 'word';
    this.i = j;
  }

  /** `.` or `::`: a member of the chain, and a call continued when it follows one. */
  private member(c: number): void {
    if (this.last === 'call' && this.closedCall !== -1) this.calls[this.closedCall]!.continued = true;
    this.last = this.chain.length > 0 ? 'dot' : 'other';
    this.i += c === 46 ? 1 : 2;
  }

  /** `name!(`, `name![`, `name!{`: a macro call, unless declared (`macro_rules! name {`). False when no bracket follows. */
  private macro(): boolean {
    const { blanked } = this;
    let j = this.i + 1;
    while (j < blanked.length && isSpace(blanked.charCodeAt(j))) j++;
    const b = blanked.charCodeAt(j);
    if (b !== 40 && b !== 91 && b !== 123) return false;
    const before = this.beforeStart === -1 ? '' : this.text(this.beforeStart, this.beforeEnd);
    const name = this.nameOf(this.chain) + '!';
    this.i = j;
    this.open(b, !DECLARING.has(before) && before !== 'macro_rules', name);
    this.i++;
    return true;
  }

  /** `expect<number>(`: the type arguments skipped. False for a comparison. */
  private typeArguments(): boolean {
    const after = typeArgumentsEnd(this.blanked, this.i);
    if (after === -1) return false;
    this.i = after;
    return true;
  }

  private openBracket(c: number): void {
    const { chain, last } = this;
    let isCall = false;
    if (c === 40 && chain.length > 0) {
      if (last === 'call' || last === 'index' || (last === 'word' && chain.length > 2)) isCall = true;
      else if (last === 'word') {
        isCall =
          !NOT_CALLEES.has(this.text(this.wordStart, this.wordEnd)) && !(this.beforeStart !== -1 && DECLARING.has(this.text(this.beforeStart, this.beforeEnd)));
      }
    }
    this.open(c, isCall, isCall ? this.nameOf(chain) : '');
    this.i++;
  }

  private open(bracket: number, isCall: boolean, name: string): void {
    const closer = bracket === 40 ? 41 : bracket === 91 ? 93 : 125;
    if (isCall) {
      this.calls.push({ name, start: this.chainStart, open: this.i, close: -1, continued: false });
      this.stack.push({ chain: this.chain, chainStart: this.chainStart, call: this.calls.length - 1, closer });
    } else {
      this.stack.push({ chain: bracket === 91 ? this.chain : undefined, chainStart: this.chainStart, call: -1, closer });
    }
    this.chain = NONE;
    this.last = 'other';
  }

  /** Closes the innermost frame of this kind; an unmatched closer is ignored. */
  private closeBracket(c: number): void {
    const { stack } = this;
    let k = stack.length - 1;
    while (k >= 0 && stack[k]!.closer !== c && stack.length - k < 64) k--;
    const frame = k >= 0 && stack[k]!.closer === c ? stack[k]! : undefined;
    if (frame) stack.length = k;
    if (frame && frame.call !== -1) {
      this.calls[frame.call]!.close = this.i;
      this.chain = frame.chain ?? NONE;
      this.chainStart = frame.chainStart;
      this.closedCall = frame.call;
      this.last = 'call';
    } else if (frame && c === 93 && frame.chain) {
      this.chain = frame.chain;
      this.chainStart = frame.chainStart;
      this.last = 'index';
    } else {
      this.chain = NONE;
      this.last = 'other';
    }
    this.i++;
  }
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/**
 * Where a type-argument list that starts at `lt` ends, when a call follows it: `<number>(`,
 * `<Map<string, T[]>>(`; -1 otherwise (a comparison). Looks at most MAX_TYPE_ARGS characters ahead.
 */
function typeArgumentsEnd(s: string, lt: number): number {
  let depth = 0;
  const stop = Math.min(s.length, lt + MAX_TYPE_ARGS);
  for (let i = lt; i < stop; i++) {
    const c = s.charCodeAt(i);
    // `a < b && c > (d)` compares: `&&` and `||` are no type operators.
    if ((c === 38 || c === 124) && s.charCodeAt(i - 1) === c) return -1;
    if (c === 60) depth++;
    else if (c === 62) {
      depth--;
      if (depth === 0) {
        let j = i + 1;
        while (j < s.length && isSpace(s.charCodeAt(j))) j++;
        return s.charCodeAt(j) === 40 ? j : -1;
      }
    } else if (!(
      isWordCode(c) ||
      isSpace(c) ||
      c === 44 ||
      c === 46 ||
      c === 91 ||
      c === 93 ||
      c === 124 ||
      c === 38 ||
      c === 63 ||
      c === 58 ||
      c === 39 ||
      c === 34
    )) {
      return -1;
    }
  }
  return -1;
}

/**
 * The matching closer of every opening bracket (`(`, `[`, `{`) in blanked text, by offset; -1 when
 * it never closes. One pass with a stack: linear. A stray closer closes nothing.
 */
export function matchBrackets(blanked: string): Int32Array {
  const match = new Int32Array(blanked.length).fill(-1);
  const stack: number[] = [];
  for (let i = 0; i < blanked.length; i++) {
    const c = blanked.charCodeAt(i);
    if (c === 40 || c === 91 || c === 123) stack.push(i);
    else if (c === 41 || c === 93 || c === 125) {
      const want = c === 41 ? 40 : c === 93 ? 91 : 123;
      // Look a little way down the stack for the right kind: one stray bracket does not undo the rest.
      for (let k = stack.length - 1; k >= 0 && stack.length - k <= 8; k--) {
        if (blanked.charCodeAt(stack[k]!) === want) {
          match[stack[k]!] = i;
          stack.length = k;
          break;
        }
      }
    }
  }
  return match;
}
