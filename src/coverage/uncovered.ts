/**
 * The first law of TDD as a pure rule: which lines a GREEN commit adds to a source file that its
 * tests never ran. A line counts when it holds code — after the lexer has blanked comments and
 * string text, something besides brackets, `;` and `,` — and is not a declaration (an import, a
 * type); it is uncovered when one of its code characters ran in no process of the run (the
 * innermost range holding it has count 0: a branch not taken, the right side of an `&&` that never
 * ran, a function never called), or, for line coverage, when it holds bytecode and never ran. A
 * file the run never loaded has every such line uncovered.
 */
import type { CoverageRegion, FileCoverage } from './types.js';

/** Brackets and separators alone are not code (the `}` that closes a block, a trailing `,`). */
const NOT_CODE = /[\s{}()[\];,]/;

export interface UncoveredInput {
  /** The 1-based lines the commit adds to the file. */
  added: number[];
  /** The file's text with comments and string text blanked (lang/ blank), same line structure. */
  blanked: string;
  /** The file's coverage; undefined: the run never loaded it. */
  coverage: FileCoverage | undefined;
  /** A line that declares rather than runs (an import, a type): never counted. */
  isDeclaration?: (line: string) => boolean;
}

/** The added lines no test ran, ascending. */
export function findUncoveredLines(o: UncoveredInput): number[] {
  const lines = o.blanked.split('\n');
  const code = [...new Set(o.added)]
    .sort((a, b) => a - b)
    .filter((n) => {
      const text = lines[n - 1];
      return text !== undefined && [...text].some((c) => !NOT_CODE.test(c)) && !o.isDeclaration?.(text);
    });
  const cov = o.coverage;
  if (!cov) return code;
  if (cov.kind === 'lines') {
    const hasCode = new Set(cov.code);
    const ran = new Set(cov.run);
    return code.filter((n) => hasCode.has(n) && !ran.has(n));
  }
  return code.filter((n) => lineUnrun(cov.runs, n, lines[n - 1]!));
}

/** A code character of line `n` that every process left unrun. */
function lineUnrun(runs: CoverageRegion[][], n: number, text: string): boolean {
  const onLine = runs.map((regions) => regions.filter((r) => r.sl <= n && r.el >= n));
  for (let col = 0; col < text.length; col++) {
    if (NOT_CODE.test(text[col]!)) continue;
    if (onLine.every((regions) => innermostCount(regions, n, col) === 0)) return true;
  }
  return false;
}

/**
 * The count of the innermost region holding (line, col): the one that starts last, then ends
 * first (nested ranges, as V8's are; and for ranges that overlap without nesting, as jest's
 * per-line statements and V8's blocks do, the later one is the more specific); equal ranges of
 * several sources, the highest count. Undefined when none holds it (no code the runner measured).
 */
export function innermostCount(regions: CoverageRegion[], line: number, col: number): number | undefined {
  let best: CoverageRegion | undefined;
  for (const r of regions) {
    if (!holds(r, line, col)) continue;
    if (!best) best = r;
    else {
      const order = compare(r.sl, r.sc, best.sl, best.sc) || compare(best.el, best.ec, r.el, r.ec);
      if (order > 0 || (order === 0 && r.count > best.count)) best = r;
    }
  }
  return best?.count;
}

/** > 0 when (l1, c1) comes after (l2, c2). */
const compare = (l1: number, c1: number, l2: number, c2: number): number => l1 - l2 || c1 - c2;

function holds(r: CoverageRegion, line: number, col: number): boolean {
  const afterStart = line > r.sl || (line === r.sl && col >= r.sc);
  const beforeEnd = line < r.el || (line === r.el && col < r.ec);
  return afterStart && beforeEnd;
}
