/**
 * cli: the CLI our installed hooks run is there, in this checkout (git runs hooks from the top
 * level of the worktree being committed in) or at the fallback a shim recorded. A linked worktree
 * without node_modules has neither with husky: its hooks exit 127 (catalogue §5.30).
 */
import { join } from 'node:path';
import { atTop, addDevDependency, installDependencies, TDD_INSTALL } from '../fixes.js';
import type { CheckResult, DoctorFacts } from '../types.js';

export function checkCli({ cli, layout: l, project }: DoctorFacts): CheckResult | null {
  if (cli.length === 0) return null;
  const missing = cli.find((c) => !c.present && !c.fallbackPresent);
  if (missing) {
    const fromPackage = missing.cli.startsWith('node_modules/');
    const deps = project.dependencies.includes('tdd-hooks')
      ? installDependencies(project.packageManager)
      : addDevDependency(project.packageManager, 'tdd-hooks');
    return {
      id: 'cli',
      status: 'fail',
      code: 'CLI_MISSING',
      data: { cli: missing.cli, path: join(l.top, missing.cli), fallback: missing.fallback, hooks: missing.hooks },
      fix: fromPackage ? atTop(l, deps) : TDD_INSTALL,
    };
  }
  const viaFallback = cli.find((c) => !c.present);
  if (viaFallback) {
    return { id: 'cli', status: 'ok', code: 'CLI_FALLBACK', data: { cli: viaFallback.cli, fallback: viaFallback.fallback, hooks: viaFallback.hooks } };
  }
  return { id: 'cli', status: 'ok', code: 'CLI_OK', data: { cli: cli.map((c) => c.cli) } };
}
