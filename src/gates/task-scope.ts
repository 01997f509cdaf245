import type { Finding } from '../types.js';
import { testFileOfSnapshot } from '../lang/snapshots.js';
import type { GateInput } from './types.js';

/** A declared path covers itself and, for a folder, everything below it. */
export function covers(declared: string, path: string): boolean {
  return path === declared || path.startsWith(`${declared}/`);
}

/** Declared, or the snapshot file of a declared test file (the runner writes it beside the test). */
export function inTask(declared: readonly string[], path: string): boolean {
  const test = testFileOfSnapshot(path);
  return declared.some((p) => covers(p, path) || (test !== undefined && covers(p, test)));
}

/**
 * Per-task staging: while a task that declares its files is active, the commit holds only
 * `task.files ∪ task.tests` (ignored paths — docs, `alwaysAllowed` — and the configuration aside).
 * A path another task declares is named with its owner: never `git add -A` a sibling's work.
 */
export function evaluateTaskScope(input: GateInput): Finding[] {
  const scope = input.taskScope;
  if (!scope || input.phase === 'off' || scope.paths.length === 0) return [];
  const findings: Finding[] = [];
  for (const e of input.entries) {
    if (e.kind === 'ignored' || scope.always.includes(e.path)) continue;
    if (inTask(scope.paths, e.path)) continue;
    const owner = Object.entries(scope.owners).find(([p]) => covers(p, e.path))?.[1];
    findings.push({ code: 'TASK_SCOPE', severity: 'error', path: e.path, data: { task: scope.task, ...(owner ? { owner } : {}) } });
  }
  return findings;
}
