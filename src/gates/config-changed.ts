import type { Finding } from '../types.js';
import type { GateInput } from './types.js';

/**
 * A RED commit may not change the tdd-hooks configuration (.tddrc.json, .tddrc, package.json's
 * "tdd"): the rules would change beside the tests they judge. A RED that widens `ignore` to
 * `src/**` would let every later implementation commit through as "ignored only", untested — and
 * `tdd audit` would read that history by the same widened rules. A configuration change is a
 * declared step of its own (`tdd phase off --reason "…"`), recorded and listed by the audit.
 * GREEN and REFACTOR refuse it already: the configuration is test support, frozen there.
 */
export function evaluateConfigChanged(input: GateInput): Finding[] {
  if (input.phase !== 'red') return [];
  return (input.configChanges ?? []).map((path) => ({ code: 'CONFIG_CHANGED', severity: 'error', path }) satisfies Finding);
}
