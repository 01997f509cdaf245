/**
 * Several runners' coverage of one commit as one (a file measured by any runner is measured; two
 * runners' ranges of one file are two runs of it), with paths made repository-relative. Pure.
 */
import type { FileCoverage, RunCoverage } from './types.js';

export function mergeCoverage(parts: RunCoverage[]): RunCoverage {
  const measured = [...new Set(parts.flatMap((p) => p.measured))];
  const files: Record<string, FileCoverage> = {};
  for (const p of parts) {
    for (const [path, c] of Object.entries(p.files)) {
      const before = files[path];
      if (!before) files[path] = c;
      else if (before.kind === 'regions' && c.kind === 'regions') files[path] = { kind: 'regions', runs: [...before.runs, ...c.runs] };
      else if (before.kind === 'lines' && c.kind === 'lines') files[path] = { kind: 'lines', code: before.code, run: [...new Set([...before.run, ...c.run])] };
    }
  }
  const unmeasured = parts
    .flatMap((p) => p.unmeasured)
    .map((u) => ({ ...u, files: u.files.filter((f) => !measured.includes(f)) }))
    .filter((u) => u.files.length > 0);
  return { measured, files, unmeasured, ...(parts.some((p) => p.mixed) ? { mixed: true as const } : {}) };
}

/** The same coverage with `prefix` before every path (a runner in a folder names files from there). */
export function prefixCoverage(c: RunCoverage, prefix: string): RunCoverage {
  if (prefix === '') return c;
  return {
    measured: c.measured.map((f) => prefix + f),
    files: Object.fromEntries(Object.entries(c.files).map(([f, v]) => [prefix + f, v])),
    unmeasured: c.unmeasured.map((u) => ({ ...u, files: u.files.map((f) => prefix + f) })),
    ...(c.mixed ? { mixed: true as const } : {}),
  };
}
