/** env: variables in this shell that make the hooks skip tdd-hooks (TDD_HOOKS=0) or all of husky (HUSKY=0). */
import type { CheckResult, DoctorFacts } from '../types.js';

export function checkEnv({ env, layout }: DoctorFacts): CheckResult {
  const vars: ('TDD_HOOKS' | 'HUSKY')[] = [];
  if (env.TDD_HOOKS === '0') vars.push('TDD_HOOKS');
  if (layout.huskyDir && env.HUSKY === '0') vars.push('HUSKY');
  if (vars.length === 0) return { id: 'env', status: 'ok', code: 'ENV_OK', data: {} };
  return { id: 'env', status: 'warn', code: 'ENV_SKIPS', data: { vars }, fix: `unset ${vars.join(' ')}` };
}
