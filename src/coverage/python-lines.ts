/**
 * Our Python tracer's output (runners/python/closed-site/tdd_hooks_coverage.py), one JSON file per
 * process:
 *
 *   { "src/calc.py": { "code": [1, 2, 4, 5], "run": [1, 2, 4] } }
 *
 * `code`: the lines that hold bytecode (what the compiler makes of the file); `run`: those that
 * ran. Paths relative to the runner's folder. Several processes: a line ran if any ran it. Pure.
 */
import type { FileCoverage } from './types.js';

export function mergePythonLines(jsons: string[]): Map<string, FileCoverage> {
  const files = new Map<string, { code: Set<number>; run: Set<number> }>();
  for (const json of jsons) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(json);
    } catch {
      continue;
    }
    if (parsed === null || typeof parsed !== 'object') continue;
    for (const [path, value] of Object.entries(parsed as Record<string, { code?: unknown; run?: unknown }>)) {
      const entry = files.get(path) ?? { code: new Set<number>(), run: new Set<number>() };
      files.set(path, entry);
      for (const n of Array.isArray(value?.code) ? value.code : []) if (typeof n === 'number') entry.code.add(n);
      for (const n of Array.isArray(value?.run) ? value.run : []) if (typeof n === 'number') entry.run.add(n);
    }
  }
  return new Map([...files].map(([p, e]) => [p, { kind: 'lines', code: [...e.code].sort((a, b) => a - b), run: [...e.run].sort((a, b) => a - b) }]));
}
