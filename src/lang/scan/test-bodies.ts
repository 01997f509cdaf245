/**
 * What a test file's tests are, to tell whether a commit changed one (RED adds; it does not take
 * away): each test by its key (its title, under the titles of the groups around it) with a
 * fingerprint of its whole text — code and string contents, comments and layout left out — and
 * the tokens of everything outside the tests (imports, helpers, shared constants), which a commit
 * may add to but not change. Pure and linear: one pass over the blanked text per step.
 */

/** A test's key → its fingerprint; `outside`: the tokens of the file outside every test. */
export interface TestBodies {
  tests: Map<string, string>;
  outside: string[];
}

/** A test's extent in the text: the key it is known by and its first and last offsets. */
export interface TestExtent {
  key: string;
  start: number;
  end: number;
}

/**
 * The text between `start` and `end` (inclusive) as it counts: string contents from the original
 * (an expected value is the test), everything else from the blanked text (comments are not),
 * whitespace only where it parts two words. Relies on the lexers keeping string quotes in the blanked text.
 */
export function fingerprintOf(blanked: string, text: string, start: number, end: number): string {
  // Chunks joined once, and the last character remembered: indexing a string being built is quadratic in V8.
  const out: string[] = [];
  let quote = '';
  let space = false;
  let lastWord = false;
  for (let i = start; i <= end && i < blanked.length; i++) {
    const b = blanked[i]!;
    if (quote) {
      if (b === quote) quote = '';
      out.push(quote ? text[i]! : b);
      lastWord = false;
      continue;
    }
    if (b === '"' || b === "'" || b === '`') {
      quote = b;
      out.push(b);
      space = false;
      lastWord = false;
      continue;
    }
    if (b === ' ' || b === '\n' || b === '\t' || b === '\r' || b === '\f') {
      space = true;
      continue;
    }
    // Layout is not the test: a space is kept only where it separates two words (`return x`).
    const word = isWordChar(b.charCodeAt(0));
    if (space && word && lastWord) out.push(' ');
    space = false;
    lastWord = word;
    out.push(b);
  }
  return out.join('');
}

const TOKEN = /[\w$]+|\S/g;
/** `[\w$]`, by code: one call per character of the file. */
function isWordChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36;
}

/** Tests and the tokens outside them, from their extents (keys made unique: a repeated title gets `#2`, `#3`…). */
export function bodiesOf(blanked: string, text: string, extents: readonly TestExtent[]): TestBodies {
  const tests = new Map<string, string>();
  const seen = new Map<string, number>();
  const sorted = [...extents].sort((a, b) => a.start - b.start);
  let outsideText = '';
  let at = 0;
  for (const e of sorted) {
    const n = (seen.get(e.key) ?? 0) + 1;
    seen.set(e.key, n);
    tests.set(n === 1 ? e.key : `${e.key}#${n}`, fingerprintOf(blanked, text, e.start, e.end));
    if (e.start >= at) {
      outsideText += fingerprintOf(blanked, text, at, e.start - 1) + ' ';
      at = e.end + 1;
    }
  }
  outsideText += fingerprintOf(blanked, text, at, blanked.length - 1);
  return { tests, outside: outsideText.match(TOKEN) ?? [] };
}

/** Whether every token of `before` is in `after`, in order (what a commit only added to): one greedy pass. */
export function isSubsequence(before: readonly string[], after: readonly string[]): boolean {
  let i = 0;
  for (const t of after) {
    if (i === before.length) return true;
    if (t === before[i]) i++;
  }
  return i === before.length;
}

/** The tokens of a file no profile can split into tests: a commit may add to it, not change it. */
export function wholeFileTokens(text: string): string[] {
  return text.match(TOKEN) ?? [];
}

/** How a commit changed the tests a file had: each old test edited or gone (not found anywhere in the commit), and whether code outside the tests lost anything. */
export interface TestBodyChange {
  test: string;
  change: 'edited' | 'deleted' | 'outside';
}

/**
 * The old tests of one file that a commit changes: `before` (the file at the parent), `after` (now;
 * undefined: deleted), `elsewhere`: fingerprints of every test in the commit's test files (a test
 * moved, unchanged, to another file or group is no change).
 */
export function compareBodies(before: TestBodies, after: TestBodies | undefined, elsewhere: ReadonlySet<string>): TestBodyChange[] {
  const out: TestBodyChange[] = [];
  for (const [key, print] of before.tests) {
    const now = after?.tests.get(key);
    if (now === print || (now === undefined && elsewhere.has(print))) continue;
    out.push({ test: key, change: now === undefined ? 'deleted' : 'edited' });
  }
  // What lies outside the tests is named only when no test is: removing a test removes its own surroundings too.
  if (out.length === 0 && after && !isSubsequence(before.outside, after.outside)) out.push({ test: '', change: 'outside' });
  return out;
}

/** A test file's change as git gives it (the fields of a StagedEntry this needs). */
export interface TestFileChange {
  path: string;
  status: string;
  oldBlob: string;
  newBlob: string;
}

const NULL_BLOB = /^0+$/;

/**
 * The old tests a commit's test-file changes edit or take away, from the blob texts (by id): the
 * hook (verify/old-tests.ts) and tdd audit (audit/rules/red-changes-passing-test.ts) alike.
 * `before`: the blob the old tests are read from, per path (default: the change's old blob). A
 * language whose tests cannot be delimited is judged as a whole file: its old tokens must all
 * still be there, in order.
 */
export function oldTestChangesOf(
  files: readonly TestFileChange[],
  texts: ReadonlyMap<string, string>,
  declare: (path: string, text: string) => TestBodies | undefined,
  before: ReadonlyMap<string, string> = new Map(),
): (TestBodyChange & { path: string })[] {
  const bodies = new Map<string, TestBodies | undefined>();
  const bodiesOf = (path: string, oid: string) => {
    const key = `${oid}\0${path.slice(path.lastIndexOf('.'))}`;
    if (!bodies.has(key)) {
      const text = texts.get(oid);
      bodies.set(key, text === undefined ? undefined : declare(path, text));
    }
    return bodies.get(key);
  };
  // Every test the commit's test files hold now, by fingerprint: a test moved unchanged is no change.
  const elsewhere = new Set<string>();
  for (const e of files) if (e.status !== 'D') for (const print of bodiesOf(e.path, e.newBlob)?.tests.values() ?? []) elsewhere.add(print);
  const out: (TestBodyChange & { path: string })[] = [];
  for (const e of files) {
    const base = before.get(e.path) ?? e.oldBlob;
    if (NULL_BLOB.test(base) || base === e.newBlob) continue;
    const old = texts.get(base);
    if (old === undefined) continue;
    const now = e.status === 'D' ? undefined : texts.get(e.newBlob);
    const was = bodiesOf(e.path, base);
    if (!was) {
      // No way to delimit its tests: the whole file may only grow.
      if (now === undefined || !isSubsequence(wholeFileTokens(old), wholeFileTokens(now)))
        out.push({ path: e.path, test: '', change: now === undefined ? 'deleted' : 'edited' });
      continue;
    }
    for (const c of compareBodies(was, e.status === 'D' ? undefined : bodiesOf(e.path, e.newBlob), elsewhere)) out.push({ path: e.path, ...c });
  }
  return out;
}
