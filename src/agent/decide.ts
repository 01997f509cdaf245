/**
 * The one decision: (phase, task, the paths a call would change, what its command would do) →
 * allow | deny. The commit-time rules, applied before the write: RED holds tests and test support,
 * GREEN and REFACTOR leave them frozen, off allows all, no phase is a deny that says to declare one;
 * the task's scope when a plan is in use; the git dir, the files that carry the hooks and
 * tdd-hooks' own configuration are never the agent's to change, in any phase. Pure.
 */
import type { Decision, GuardContext, GuardFinding, ResolvedChange } from './types.js';

/** A declared path covers itself and, for a folder, everything below it (as gates/task-scope). */
const covers = (declared: string, path: string): boolean => path === declared || path.startsWith(`${declared}/`);

function changeFindings(ctx: GuardContext, c: ResolvedChange): GuardFinding[] {
  if (c.place.where === 'git-dir') return [{ code: 'GIT_DIR_WRITE', path: c.place.rel }];
  if (c.place.where !== 'repo') return [];
  const path = c.place.rel;
  if (c.holdsHooks) return [{ code: 'HOOKS_EDIT', path }];
  if (c.tddConfig) return [{ code: 'CONFIG_EDIT', path }];
  const phase = ctx.phase;
  // Nothing the commit holds: ignored by git, or by the configuration (docs, CI, alwaysAllowed).
  if (phase === 'off' || c.gitIgnored || c.kind === 'ignored') return [];
  const out: GuardFinding[] = [];
  if (phase === null) {
    out.push({ code: 'PHASE_UNSET', path });
  } else if (phase === 'red') {
    if (c.kind === 'impl' && !c.emptyNew) out.push({ code: 'RED_IMPL_WRITE', path, data: { op: c.op } });
    if (c.kind === 'test' && c.op === 'delete' && ctx.redFiles.includes(path)) out.push({ code: 'RED_TEST_REMOVED', path });
  } else {
    if (c.kind === 'test' || c.kind === 'support') out.push({ code: 'TESTS_FROZEN', path, data: { kind: c.kind, op: c.op } });
    else if (phase === 'green' && !ctx.openRed) out.push({ code: 'GREEN_WITHOUT_RED', path });
  }
  const scope = ctx.taskScope;
  if (phase !== null && scope && scope.paths.length > 0 && !scope.always.includes(path) && !scope.paths.some((p) => covers(p, path))) {
    const owner = Object.entries(scope.owners).find(([p]) => covers(p, path))?.[1];
    out.push({ code: 'TASK_SCOPE', path, data: { task: scope.task, ...(owner ? { owner } : {}) } });
  }
  return out;
}

/** Paths whose deny would fall if git ignores them (the shell asks git only for these). */
export function dependsOnIgnore(ctx: GuardContext, changes: ResolvedChange[]): ResolvedChange[] {
  return changes.filter((c) => c.place.where === 'repo' && !c.holdsHooks && !c.tddConfig && !c.gitIgnored && changeFindings(ctx, c).length > 0);
}

/** The decision on a call: the findings of its command (bypasses) and of each path it changes. */
export function decide(ctx: GuardContext, changes: ResolvedChange[], commandFindings: GuardFinding[] = []): Decision {
  const findings: GuardFinding[] = [...commandFindings];
  const seen = new Set<string>();
  for (const c of changes) {
    for (const f of changeFindings(ctx, c)) {
      const key = `${f.code}\0${f.path}`;
      if (!seen.has(key)) findings.push(f);
      seen.add(key);
    }
  }
  return { allow: findings.length === 0, findings, phase: ctx.phase, task: ctx.task };
}
