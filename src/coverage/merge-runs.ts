/**
 * The coverage of one verifying run made of several runner processes run apart (PHPUnit takes one
 * test file a process: runners/run.ts runs the others again, one by one), as one RunCoverage: a
 * line ran if any run ran it; a file is measured if any run measured it. Pure.
 */
import type { FileCoverage, RunCoverage } from './types.js';

export function mergeRunCoverage(a: RunCoverage, b: RunCoverage): RunCoverage {
  const measured = [...new Set([...a.measured, ...b.measured])];
  const files: Record<string, FileCoverage> = { ...a.files };
  for (const [path, cov] of Object.entries(b.files)) {
    const had = files[path];
    files[path] = had ? mergeFile(had, cov) : cov;
  }
  // What one run could not measure, another may have: only the files no run measured stay unmeasured.
  const unmeasured = [...a.unmeasured, ...b.unmeasured]
    .map((u) => ({ ...u, files: u.files.filter((f) => !measured.includes(f)) }))
    .filter((u, i, all) => u.files.length > 0 && all.findIndex((v) => v.runner === u.runner && v.reason === u.reason) === i);
  return { measured, files, unmeasured, ...(a.mixed || b.mixed ? { mixed: true as const } : {}) };
}

function mergeFile(a: FileCoverage, b: FileCoverage): FileCoverage {
  if (a.kind === 'regions' && b.kind === 'regions') return { kind: 'regions', runs: [...a.runs, ...b.runs] };
  if (a.kind === 'lines' && b.kind === 'lines') {
    const sorted = (xs: number[]) => [...new Set(xs)].sort((x, y) => x - y);
    return { kind: 'lines', code: sorted([...a.code, ...b.code]), run: sorted([...a.run, ...b.run]) };
  }
  return a;
}
