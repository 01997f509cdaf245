/**
 * istanbul's coverage-final.json, as vitest's and jest's v8 providers write it (V8's counts mapped
 * back to the source through the transform's source map). One file of it:
 *
 *   { "/copy/src/sum.ts": { "path": "/copy/src/sum.ts",
 *     "statementMap": { "0": { "start": { "line": 2, "column": 2 }, "end": { "line": 2, "column": 35 } } },
 *     "fnMap": { "0": { "name": "sum", "decl": {…}, "loc": { "start": {…}, "end": {…} } } },
 *     "branchMap": { "0": { "type": "binary-expr", "locations": [{…}, {…}] } },
 *     "s": { "0": 1 }, "f": { "0": 1 }, "b": { "0": [1, 0] } } }
 *
 * Statements, functions and the arms of expressions (`a ? b : c`, `a && b`, a default argument)
 * become regions; an `if`/`switch` arm is located at the whole statement in istanbul's model, so
 * it says nothing a statement inside it does not. Pure.
 */
import type { CoverageRegion } from './types.js';

interface Loc {
  start?: { line?: number; column?: number | null };
  end?: { line?: number; column?: number | null };
}
interface IstanbulFile {
  statementMap?: Record<string, Loc>;
  fnMap?: Record<string, { loc?: Loc }>;
  branchMap?: Record<string, { type?: string; locations?: Loc[] }>;
  s?: Record<string, number>;
  f?: Record<string, number>;
  b?: Record<string, number[]>;
}

/** Arms located at the statement that holds them (istanbul's `if`, `switch`): not regions of their own. */
const STATEMENT_ARMS = new Set(['if', 'switch']);

/** Each file's regions, by the absolute path the report names; malformed input gives nothing. */
export function parseIstanbul(json: string): Map<string, CoverageRegion[]> {
  const files = new Map<string, CoverageRegion[]>();
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return files;
  }
  if (parsed === null || typeof parsed !== 'object') return files;
  for (const [path, value] of Object.entries(parsed as Record<string, IstanbulFile>)) {
    if (value === null || typeof value !== 'object') continue;
    files.set(path, regionsOf(value));
  }
  return files;
}

function regionsOf(file: IstanbulFile): CoverageRegion[] {
  const regions: CoverageRegion[] = [];
  const add = (loc: Loc | undefined, count: number | undefined) => {
    const r = toRegion(loc, count);
    if (r) regions.push(r);
  };
  for (const [id, loc] of Object.entries(file.statementMap ?? {})) add(loc, file.s?.[id]);
  for (const [id, fn] of Object.entries(file.fnMap ?? {})) add(fn?.loc, file.f?.[id]);
  for (const [id, branch] of Object.entries(file.branchMap ?? {})) {
    if (STATEMENT_ARMS.has(branch?.type ?? '')) continue;
    (branch?.locations ?? []).forEach((loc, i) => add(loc, file.b?.[id]?.[i]));
  }
  return regions;
}

function toRegion(loc: Loc | undefined, count: number | undefined): CoverageRegion | undefined {
  const sl = loc?.start?.line;
  const el = loc?.end?.line;
  if (typeof sl !== 'number' || typeof el !== 'number' || typeof count !== 'number') return undefined;
  const sc = typeof loc?.start?.column === 'number' ? loc.start.column : 0;
  // An end column istanbul does not know (null, or v8-to-istanbul's Infinity) is the line's end.
  const ec = typeof loc?.end?.column === 'number' && Number.isFinite(loc.end.column) ? loc.end.column : Number.MAX_SAFE_INTEGER;
  return { sl, sc, el, ec, count };
}
