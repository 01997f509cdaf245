/**
 * The integrity rules: what a GREEN or REFACTOR commit adds to implementation files, judged from
 * its text alone. Each is pure, `(IntegrityInput) → Finding[]`, one per file, and flags only what
 * the file has now and had not before. The hook runs them over the staged diff (verify/gate-input),
 * `tdd audit` over every commit that changes implementation (audit/rules/integrity), and the agent
 * guard may call `evaluateIntegrity` on an edit before it lands.
 */
import type { Finding } from '../../types.js';
import type { GateInput } from '../types.js';
import { evaluateImplAlwaysEqual } from './impl-always-equal.js';
import { evaluateImplExitAtImport } from './impl-exit-at-import.js';
import { evaluateImplImportsTestSupport } from './impl-imports-test-support.js';
import { evaluateImplPatchesRuntime } from './impl-patches-runtime.js';
import { evaluateImplReadsTests } from './impl-reads-tests.js';
import { evaluateImplSniffsRunner } from './impl-sniffs-runner.js';
import { evaluateImplTestFramework } from './impl-test-framework.js';
import type { IntegrityCode } from './rule.js';
import type { IntegrityInput } from './source.js';

export { INTEGRITY_CODES, type IntegrityCode } from './rule.js';
export { buildImplSources, type ReadTexts } from './build.js';
export type { ImplSource, ImplSources, ImplText, IntegrityInput } from './source.js';
export {
  evaluateImplAlwaysEqual,
  evaluateImplExitAtImport,
  evaluateImplImportsTestSupport,
  evaluateImplPatchesRuntime,
  evaluateImplReadsTests,
  evaluateImplSniffsRunner,
  evaluateImplTestFramework,
};

/** The rules, in the order their findings are shown. */
export const INTEGRITY_RULES: readonly ((input: IntegrityInput) => Finding<IntegrityCode>[])[] = [
  evaluateImplTestFramework,
  evaluateImplSniffsRunner,
  evaluateImplPatchesRuntime,
  evaluateImplReadsTests,
  evaluateImplAlwaysEqual,
  evaluateImplExitAtImport,
  evaluateImplImportsTestSupport,
];

/** Every integrity rule over one commit's implementation sources. */
export function evaluateIntegrity(input: IntegrityInput): Finding<IntegrityCode>[] {
  if (input.sources.size === 0) return [];
  return INTEGRITY_RULES.flatMap((rule) => rule(input));
}

/** The gate: GREEN and REFACTOR, over what the staged implementation adds (verify/gate-input builds `integrity`). */
export function evaluateImplIntegrity(input: GateInput): Finding<IntegrityCode>[] {
  if ((input.phase !== 'green' && input.phase !== 'refactor') || !input.integrity) return [];
  return evaluateIntegrity(input.integrity);
}
