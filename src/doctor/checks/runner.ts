/**
 * runner: the configured test runner can start. A package runner (vitest…) is the project's own
 * entry in node_modules (never npx); node --test uses tdd-hooks' compiled reporter. Without it
 * every verdict is "could not verify".
 */
import { addDevDependency, atTop, installDependencies, TOOL_FIX } from '../fixes.js';
import type { CheckResult, DoctorFacts, RunnerFacts } from '../types.js';

export function checkRunner(facts: DoctorFacts): CheckResult[] | null {
  if (!facts.config.ok) return null;
  return facts.runners.flatMap((r) => checkOne(facts, r) ?? []);
}

function checkOne({ project, layout }: DoctorFacts, r: RunnerFacts): CheckResult | null {
  const id = 'runner';
  const where = r.root === '.' ? {} : { root: r.root };
  if (r.probe) {
    const data = { runner: r.name, ...where, probe: r.probe.join(' '), version: r.version, error: r.probeError ?? null };
    if (r.present) return { id, status: 'ok', code: 'RUNNER_OK', data };
    const fix = TOOL_FIX[r.name] ?? `install ${r.probe[0]}, or fix testTargetedCommand / testCommand in the configuration`;
    return { id, status: 'fail', code: 'RUNNER_TOOL_MISSING', data, fix };
  }
  const pm = project.packageManager;
  if (r.name === 'node') {
    // Part of the tdd-hooks package: a broken or unbuilt install of it.
    if (!r.nodeReporter)
      return { id, status: 'fail', code: 'RUNNER_REPORTER_MISSING', data: { runner: 'node', ...where }, fix: atTop(layout, addDevDependency(pm, 'tdd-hooks')) };
    return { id, status: 'ok', code: 'RUNNER_OK', data: { runner: 'node', ...where } };
  }
  // A runner doctor does not know how to locate: not judged.
  if (r.entry === null) return null;
  const declared = project.dependencies.includes(r.name);
  const data = { runner: r.name, ...where, entry: r.entry, version: r.version, declared };
  if (r.present) return { id, status: 'ok', code: 'RUNNER_OK', data };
  return { id, status: 'fail', code: 'RUNNER_MISSING', data, fix: atTop(layout, declared ? installDependencies(pm) : addDevDependency(pm, r.name)) };
}
