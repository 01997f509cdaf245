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
  const calls: Call[] = [];
  const stack: Frame[] = [];
  // The current chain: [start, end] of each segment.
  let chain: number[] = NONE;
  let chainStart = -1;
  // What the last significant token was: a word, a closed call, a closed index, a member dot, other.
  let last: 'word' | 'call' | 'index' | 'dot' | 'other' = 'other';
  // The word before the chain's first one (`function` in `function check(`), as offsets.
  let beforeStart = -1;
  let beforeEnd = -1;
  let wordStart = -1;
  let wordEnd = -1;
  let closedCall = -1;
  const n = blanked.length;
  const word = (a: number, b: number): string => blanked.slice(a, b);
  const nameOf = (segments: number[]): string => {
    let name = word(segments[0]!, segments[1]!);
    for (let k = 2; k < segments.length; k += 2) name += '.' + word(segments[k]!, segments[k + 1]!);
    return name;
  };
  let i = 0;
  const open = (bracket: number, isCall: boolean, name: string): void => {
    const closer = bracket === 40 ? 41 : bracket === 91 ? 93 : 125;
    if (isCall) {
      calls.push({ name, start: chainStart, open: i, close: -1, continued: false });
      stack.push({ chain, chainStart, call: calls.length - 1, closer });
    } else {
      stack.push({ chain: bracket === 91 ? chain : undefined, chainStart, call: -1, closer });
    }
    chain = NONE;
    last = 'other';
  };
  while (i < n) {
    const c = blanked.charCodeAt(i);
    if (isSpace(c)) {
      i++;
      continue;
    }
    if (isWordCode(c)) {
      let j = i + 1;
      while (j < n && isWordCode(blanked.charCodeAt(j))) j++;
      if (last === 'dot' && chain.length > 0) {
        if (chain.length < 2 * MAX_SEGMENTS) chain.push(i, j);
        else chain = NONE;
      } else if (c >= 48 && c <= 57) {
        chain = NONE;
      } else {
        if (last === 'word') {
          beforeStart = wordStart;
          beforeEnd = wordEnd;
        } else beforeStart = beforeEnd = -1;
        chain = [i, j];
        chainStart = i;
      }
      wordStart = i;
      wordEnd = j;
      last = 'word';
      i = j;
      continue;
    }
    if (c === 46 /* . */ || (c === 58 /* : */ && blanked.charCodeAt(i + 1) === 58)) {
      if (last === 'call' && closedCall !== -1) calls[closedCall]!.continued = true;
      last = chain.length > 0 ? 'dot' : 'other';
      i += c === 46 ? 1 : 2;
      continue;
    }
    if (c === 63 /* ? */ && blanked.charCodeAt(i + 1) === 46 && !isDigit(blanked.charCodeAt(i + 2))) {
      // Optional chaining `a?.b` reads as `a.b`.
      i++;
      continue;
    }
    if (c === 33 /* ! */ && macros && last === 'word' && chain.length > 0) {
      let j = i + 1;
      while (j < n && isSpace(blanked.charCodeAt(j))) j++;
      const b = blanked.charCodeAt(j);
      if (b === 40 || b === 91 || b === 123) {
        const before = beforeStart === -1 ? '' : word(beforeStart, beforeEnd);
        const name = nameOf(chain) + '!';
        i = j;
        open(b, !DECLARING.has(before) && before !== 'macro_rules', name);
        i++;
        continue;
      }
    }
    if (c === 60 /* < */ && last === 'word' && chain.length > 0) {
      const after = typeArgumentsEnd(blanked, i);
      if (after !== -1) {
        i = after;
        continue;
      }
    }
    if (c === 40 /* ( */ || c === 91 /* [ */ || c === 123 /* { */) {
      let isCall = false;
      if (c === 40 && chain.length > 0) {
        if (last === 'call' || last === 'index' || (last === 'word' && chain.length > 2)) isCall = true;
        else if (last === 'word') {
          isCall = !NOT_CALLEES.has(word(wordStart, wordEnd)) && !(beforeStart !== -1 && DECLARING.has(word(beforeStart, beforeEnd)));
        }
      }
      open(c, isCall, isCall ? nameOf(chain) : '');
      i++;
      continue;
    }
    if (c === 41 /* ) */ || c === 93 /* ] */ || c === 125 /* } */) {
      // Close the innermost frame of this kind; an unmatched closer is ignored.
      let k = stack.length - 1;
      while (k >= 0 && stack[k]!.closer !== c && stack.length - k < 64) k--;
      if (k >= 0 && stack[k]!.closer === c) {
        const frame = stack[k]!;
        stack.length = k;
        if (frame.call !== -1) {
          calls[frame.call]!.close = i;
          chain = frame.chain ?? NONE;
          chainStart = frame.chainStart;
          closedCall = frame.call;
          last = 'call';
        } else if (c === 93 && frame.chain) {
          chain = frame.chain;
          chainStart = frame.chainStart;
          last = 'index';
        } else {
          chain = NONE;
          last = 'other';
        }
      } else {
        chain = NONE;
        last = 'other';
      }
      i++;
      continue;
    }
    chain = NONE;
    last = 'other';
    i++;
  }
  return calls;
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
    } else if (!(isWordCode(c) || isSpace(c) || c === 44 || c === 46 || c === 91 || c === 93 || c === 124 || c === 38 || c === 63 || c === 58 || c === 39 || c === 34)) {
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
