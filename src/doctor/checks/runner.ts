/**
 * runner: the configured test runner can start. A package runner (vitest…) is the project's own
 * entry in node_modules (never npx); node --test uses tdd-hooks' compiled reporter. Without it
 * every verdict is "could not verify".
 */
import { addDevDependency, atTop, installDependencies } from '../fixes.js';
import type { CheckResult, DoctorFacts } from '../types.js';

export function checkRunner({ config, runner: r, project, layout }: DoctorFacts): CheckResult | null {
  if (!config.ok || !r) return null;
  const id = 'runner';
  const pm = project.packageManager;
  if (r.name === 'node') {
    // Part of the tdd-hooks package: a broken or unbuilt install of it.
    if (!r.nodeReporter) return { id, status: 'fail', code: 'RUNNER_REPORTER_MISSING', data: { runner: 'node' }, fix: atTop(layout, addDevDependency(pm, 'tdd-hooks')) };
    return { id, status: 'ok', code: 'RUNNER_OK', data: { runner: 'node' } };
  }
  // A runner doctor does not know how to locate: not judged.
  if (r.entry === null) return null;
  const declared = project.dependencies.includes(r.name);
  const data = { runner: r.name, entry: r.entry, version: r.version, declared };
  if (r.present) return { id, status: 'ok', code: 'RUNNER_OK', data };
  return { id, status: 'fail', code: 'RUNNER_MISSING', data, fix: atTop(layout, declared ? installDependencies(pm) : addDevDependency(pm, r.name)) };
}
