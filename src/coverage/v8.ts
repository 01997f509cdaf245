/**
 * node's raw V8 coverage (NODE_V8_COVERAGE: one JSON file per process). One script of it:
 *
 *   { "url": "file:///copy/src/sum.js", "functions": [
 *     { "functionName": "sum", "isBlockCoverage": true, "ranges": [
 *       { "startOffset": 13, "endOffset": 78, "count": 1 },
 *       { "startOffset": 68, "endOffset": 77, "count": 0 } ] } ] }
 *
 * Offsets are UTF-16 positions in the script's source; the first range of a function is the
 * function, the others its blocks (a branch not taken, the right side of `&&`, the code after a
 * `return`). Pure: the caller reads the files and the sources.
 */
import type { CoverageRegion } from './types.js';

interface V8Script {
  url?: string;
  functions?: { ranges?: { startOffset: number; endOffset: number; count: number }[] }[];
}

/** The scripts of one process's coverage file, by URL; malformed input gives nothing (the file is then "never loaded"). */
export function parseV8Scripts(json: string): Map<string, V8Script['functions']> {
  const scripts = new Map<string, V8Script['functions']>();
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return scripts;
  }
  const result = (parsed as { result?: unknown })?.result;
  if (!Array.isArray(result)) return scripts;
  for (const s of result as V8Script[]) {
    if (typeof s?.url !== 'string' || !Array.isArray(s.functions)) continue;
    scripts.set(s.url, s.functions);
  }
  return scripts;
}

/** One process's ranges of a script as regions of `source` (the file's text). */
export function v8Regions(functions: V8Script['functions'], source: string): CoverageRegion[] {
  const starts = lineStarts(source);
  const at = (offset: number): [number, number] => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return [lo + 1, offset - starts[lo]!];
  };
  const regions: CoverageRegion[] = [];
  for (const fn of functions ?? []) {
    for (const r of fn.ranges ?? []) {
      if (typeof r?.startOffset !== 'number' || typeof r.endOffset !== 'number' || typeof r.count !== 'number') continue;
      const [sl, sc] = at(r.startOffset);
      const [el, ec] = at(r.endOffset);
      regions.push({ sl, sc, el, ec, count: r.count });
    }
  }
  return regions;
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/** Whose coverage one process's file is, when the task's test files ran beside others in one run (see RunCoverage.mixed). */
export type Attribution = 'task' | 'other' | 'mixed' | 'none';

/**
 * Pure. `urls`: the scripts one process loaded. A process that loaded a task's test file and no
 * other test file is the task's; one that loaded only other test files is theirs; both is mixed
 * (one process ran several files: nothing tells their lines apart); none of them but an asked
 * source is mixed too (a process some test spawned — which one, nothing says); else nothing of
 * interest (the runner's own process).
 */
export function attributeProcess(
  urls: Iterable<string>,
  of: { task: ReadonlySet<string>; others: ReadonlySet<string>; asked: ReadonlySet<string> },
): Attribution {
  let task = false;
  let other = false;
  let asked = false;
  for (const u of urls) {
    if (of.task.has(u)) task = true;
    else if (of.others.has(u)) other = true;
    else if (of.asked.has(u)) asked = true;
  }
  if (task && other) return 'mixed';
  if (task) return 'task';
  if (other) return 'other';
  return asked ? 'mixed' : 'none';
}
