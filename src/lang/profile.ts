/**
 * What a language profile provides. Adding a language is one file that exports a
 * `LanguageProfile`, plus its id here and a line in the registry (`index.ts`).
 * Everything here is a pure function of (path, text): no I/O, no runner.
 */

export type LanguageId = 'js' | 'python' | 'go' | 'rust' | 'java' | 'kotlin' | 'csharp' | 'ruby' | 'abap' | 'php';

/**
 * `skip` disables tests (incl. conditional `skipIf`/`runIf`, `fixme`, `pending()`), `focus`
 * silently disables every other test (`.only`, `fit`), `todo` is a test not written yet
 * (`.todo`), `xfail` an expected failure (`.fails`/`.failing`/`test.fail`/`expectFailure`,
 * `@pytest.mark.xfail`, `@unittest.expectedFailure`, RSpec `pending`): a test that passes when its
 * code is broken is no evidence of GREEN.
 */
export type MarkerKind = 'skip' | 'focus' | 'todo' | 'xfail';

export interface Marker {
  kind: MarkerKind;
  /** 1-based. */
  line: number;
  /** The marker as written, whitespace removed: `it.only`, `fit`, `t.skip`, `skip: true`. */
  text: string;
  /** Chosen at run time, not called where it stands: `(isCI ? it.only : it)('x', …)`. A warning at most. */
  conditional?: true;
}

/** `import { a as b } from 'x'` → `{ local: 'b', imported: 'a', specifier: 'x' }`. */
export interface ImportBinding {
  local: string;
  /** The exported name; `default` for a default import, `*` for a namespace or a whole `require()`. */
  imported: string;
  specifier: string;
}

/** A match before line numbers are known; `offset` indexes the original text (UTF-16 units). */
export interface MarkerHit {
  kind: MarkerKind;
  offset: number;
  text: string;
  conditional?: true;
}

export interface LanguageProfile {
  readonly id: LanguageId;
  /** For people: `Python`, `JavaScript/TypeScript`. */
  readonly name: string;
  /** Lower-case, with the dot. */
  readonly extensions: readonly string[];
  /** Comments, string contents, regex literals etc. become spaces; every '\n' stays put. */
  blank(path: string, text: string): string;
  imports(blanked: string, text: string): ImportBinding[];
  /** Offsets of real assertions, one per assertion, ascending (`text`: for what lives in comments, Go's `// Output:`). */
  assertions(blanked: string, imports: readonly ImportBinding[], text: string): number[];
  /** Offsets of print calls (`console.log(`…), ascending. */
  prints(blanked: string): number[];
  markers(blanked: string, text: string, imports: readonly ImportBinding[]): MarkerHit[];
  /** The test names the file declares as literals (`it('adds')` → adds, `def test_adds(` → test_adds). */
  titles(blanked: string, text: string): string[];
}

/** Maps an offset to its 1-based line; '\n' is the only line break (as git and editors count). */
export function lineIndex(text: string): (offset: number) => number {
  const breaks: number[] = [];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) breaks.push(i);
  return (offset) => {
    let lo = 0;
    let hi = breaks.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (breaks[mid]! < offset) lo = mid + 1;
      else hi = mid;
    }
    return lo + 1;
  };
}

/** Start offsets of every match of a global regex. */
export function offsetsOf(re: RegExp, text: string): number[] {
  const out: number[] = [];
  for (const m of text.matchAll(re)) out.push(m.index);
  return out;
}

/** Escapes an identifier (which may contain `$`) for use inside a RegExp. */
export function escapeRegExp(s: string): string {
  return s.replace(/[$.*+?^(){}[\]|\\]/g, '\\$&');
}
