import type { Finding } from '../types.js';

/** REFACTOR's related set chosen by name past relatedFileLimit (verify/test-files.ts): not run. */
export interface RelatedOverBudget {
  count: number;
  limit: number;
  by: string;
}

/** REFACTOR: related tests over the file budget were not run, so the commit is not verified (exit 3, named). */
export function evaluateRelatedOverBudget(input: { overBudget?: RelatedOverBudget }): Finding[] {
  const o = input.overBudget;
  return o ? [{ code: 'RELATED_OVER_BUDGET', severity: 'error', data: { count: o.count, limit: o.limit, by: o.by } }] : [];
}
