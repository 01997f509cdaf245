import { escapeRegExp, type ImportBinding, type MarkerHit, type MarkerKind } from '../../profile.js';

/**
 * Skip / focus / todo markers of vitest, jest, mocha, jasmine, node:test, playwright, AVA, tap,
 * QUnit and bun (research test-runners.md §6), matched on blanked text. The receiver is always a
 * test API, so `array.only`, `.fit(`, `profit(` or a `{ skip: 10 }` query option never count.
 */

// Roots whose `.only`/`.skip`/… are markers; an import renamed from one of them joins (`test as base`).
const ROOT_NAMES = ['test', 'it', 'describe', 'suite', 'context', 'specify', 'bench'];
const ROOTS = new Set([...ROOT_NAMES, 'QUnit']);

const MODIFIERS = new Map<string, MarkerKind | 'neutral'>([
  ['only', 'focus'],
  ['skip', 'skip'],
  ['skipIf', 'skip'],
  ['runIf', 'skip'],
  ['if', 'skip'],
  ['fixme', 'skip'],
  ['todo', 'todo'],
  ['fails', 'xfail'],
  ['failing', 'xfail'],
  ['fail', 'xfail'],
  ['expectFailure', 'xfail'],
  // Links that may precede a marker: test.concurrent.only, test.describe.serial.skip, QUnit.module.todo.
  ...['concurrent', 'sequential', 'shuffle', 'serial', 'parallel', 'describe', 'module', 'test'].map((name) => [name, 'neutral'] as const),
]);

// Jasmine/jest/mocha: fit( fdescribe( xit( xtest( xdescribe( xcontext( xspecify(, and their `.each`.
const PREFIXED = /(?<![\w$.])(?<!\bfunction\s+)(fit|fdescribe|xit|xtest|xdescribe|xcontext|xspecify)(?=\s*(?:\(|\.\s*each\b))/g;
// The running test's context: node/tap t.skip() t.todo() t.only(), vitest ctx.skip(), mocha
// this.skip(), AVA's skipped assertion t.is.skip(…); node t.runOnly(true).
const CONTEXT = /(?<![\w$.])(?:t|ctx|this)(?:\s*\.\s*[\w$]+)?\s*\.\s*(?:(skip|todo|only)\s*\(|runOnly\s*\(\s*true\b)/g;
// Jasmine: pending() or pending('reason') inside a spec.
const PENDING = /(?<![\w$.])(?<!\bfunction\s+)pending\s*\(\s*(?:(['"`])[^'"`]*\1\s*)?\)/g;
// node:test / tap / vitest options: test('x', { skip: true }), { skip: 'reason' }, { only: !isCI }, { todo }, { fails: true }.
const OPTION = /(?<![\w$.])(skip|only|todo|fails)\s*(?::\s*(?!false\b|null\b|undefined\b)(?:true\b|'[^'\n]*'|"[^"\n]*"|`[^`]*`|[A-Za-z_$!(][\w$.]*)|(?=[,}]))/g;
const OPTION_KIND = new Map<string, MarkerKind>([
  ['skip', 'skip'],
  ['only', 'focus'],
  ['todo', 'todo'],
  ['fails', 'xfail'],
]);

export function findJsMarkers(blanked: string, text: string, imports: readonly ImportBinding[]): MarkerHit[] {
  const hits = new Map<string, MarkerHit>();
  // The marker as written, whitespace removed: `it\n  .only` reads `it.only`.
  const hit = (kind: MarkerKind, offset: number, end: number, conditional = false): void => {
    const key = `${offset}:${kind}`;
    const shown = text.slice(offset, end).replace(/\s+/g, '');
    if (!hits.has(key)) hits.set(key, { kind, offset, text: shown, ...(conditional ? { conditional: true as const } : {}) });
  };
  const roots = new Set(ROOTS);
  for (const b of imports) if (ROOT_NAMES.includes(b.imported)) roots.add(b.local);

  const chain = new RegExp(String.raw`(?<![\w$])(?:${[...roots].map(escapeRegExp).join('|')})(?:\s*\.\s*[\w$]+)+`, 'g');
  for (const m of blanked.matchAll(chain)) {
    // A marker is a call (`it.only(`, `test.only.each([…])(`, a tagged template); `it.only = f` or
    // `it.only` passed as a value is none, and a ternary's branch `(ci ? it.only : it)(…)` is conditional.
    const use = usedAs(blanked, m.index, m.index + m[0].length);
    if (use === 'value') continue;
    // A member of the marker is no call of it: `it.only.resetHistory()` (a sinon stub), but
    // `test.only.each([…])(…)` is.
    const found: [MarkerKind, number][] = [];
    let member = false;
    for (const link of m[0].matchAll(/\.\s*([\w$]+)/g)) {
      const kind = MODIFIERS.get(link[1]!);
      if (kind === undefined) {
        member = found.length > 0 && link[1] !== 'each';
        break;
      }
      if (kind !== 'neutral') found.push([kind, link.index + link[0].length]);
    }
    if (!member) for (const [kind, end] of found) hit(kind, m.index, m.index + end, use === 'conditional');
  }
  for (const m of blanked.matchAll(PREFIXED)) {
    hit(m[1]!.startsWith('f') ? 'focus' : 'skip', m.index, m.index + m[1]!.length);
  }
  for (const m of blanked.matchAll(CONTEXT)) {
    hit(m[1] === undefined ? 'focus' : OPTION_KIND.get(m[1])!, m.index, m.index + m[0].indexOf('('));
  }
  for (const m of blanked.matchAll(PENDING)) hit('skip', m.index, m.index + 'pending'.length);
  for (const m of blanked.matchAll(OPTION)) {
    const key = `${m.index}:option`;
    if (hits.has(key) || !isTestOptions(blanked, m.index, roots)) continue;
    // Here the value is worth showing, spaces and all: `skip: 'flaky on windows'`.
    const shown = text
      .slice(m.index, m.index + m[0].length)
      .trim()
      .replace(/\s+/g, ' ');
    hits.set(key, { kind: OPTION_KIND.get(m[1]!)!, offset: m.index, text: shown });
  }
  const bare = bareCalls(blanked, imports);
  if (bare.size > 0) {
    const names = [...bare.keys()].map(escapeRegExp).join('|');
    const re = new RegExp(String.raw`(?<![\w$.])(?<!\bfunction\s+)(${names})\s*\(`, 'g');
    for (const m of blanked.matchAll(re)) hit(bare.get(m[1]!)!, m.index, m.index + m[1]!.length);
  }
  return [...hits.values()].sort((a, b) => a.offset - b.offset);
}

/** How the chain [start, end) is used: called, a ternary's branch, or a value (assigned, passed). */
function usedAs(s: string, start: number, end: number): 'call' | 'conditional' | 'value' {
  let j = end;
  while (j < s.length && j - end < 200 && /\s/.test(s[j]!)) j++;
  if (s[j] === '(' || s[j] === '`') return 'call';
  let i = start - 1;
  while (i >= 0 && start - i < 200 && /\s/.test(s[i]!)) i--;
  return s[i] === '?' || s[i] === ':' ? 'conditional' : 'value';
}

// node:test's top-level `only(`/`skip(`/`todo(` (under any local name), and vitest's context
// destructured in the test's parameters: `test('x', ({ skip }) => { skip() })`.
function bareCalls(blanked: string, imports: readonly ImportBinding[]): Map<string, MarkerKind> {
  const names = new Map<string, MarkerKind>();
  for (const b of imports) {
    const kind = OPTION_KIND.get(b.imported);
    if (b.specifier === 'node:test' && kind !== undefined) names.set(b.local, kind);
  }
  if (/\(\s*\{[^{}()]*\bskip\b[^{}()]*\}\s*\)\s*=>/.test(blanked)) names.set('skip', 'skip');
  return names;
}

/**
 * Is the `skip:` at `at` a key of an options object passed straight to a test call, as in
 * `test('x', { skip: true }, fn)` or `t.test('x', { todo }, fn)`? Keeps `findMany({ skip: 10 })`,
 * `{ a: { skip: true } }` and destructuring out.
 */
function isTestOptions(s: string, at: number, roots: ReadonlySet<string>): boolean {
  const brace = opener(s, at);
  if (s[brace] !== '{') return false;
  const before = previousNonSpace(s, brace);
  const paren = s[before] === '(' ? before : s[before] === ',' ? opener(s, before) : -1;
  if (s[paren] !== '(') return false;
  const callee = /((?:[\w$]+\s*\.\s*)*[\w$]+)\s*$/.exec(s.slice(Math.max(0, paren - 200), paren));
  return callee !== null && roots.has(callee[1]!.split(/\s*\.\s*/).pop()!);
}

// The innermost unclosed bracket before `at`; strings are blank, so every bracket is code. Options
// objects are small: the bound keeps a file with thousands of `skip:` keys linear.
function opener(s: string, at: number): number {
  let depth = 0;
  for (let i = at - 1, stop = Math.max(0, at - 2_000); i >= stop; i--) {
    const c = s[i];
    if (c === ')' || c === ']' || c === '}') depth++;
    else if (c === '(' || c === '[' || c === '{') {
      if (depth === 0) return i;
      depth--;
    }
  }
  return -1;
}

function previousNonSpace(s: string, at: number): number {
  let i = at - 1;
  while (i >= 0 && /\s/.test(s[i]!)) i--;
  return i;
}
