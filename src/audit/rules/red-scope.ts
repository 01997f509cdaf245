import { CONFIG_FILES } from '../../config/schema.js';
import { evaluateConfigChanged } from '../../gates/config-changed.js';
import { evaluateRedScope as redScopeGate } from '../../gates/red-scope.js';
import type { RedRecord } from '../../state/types.js';
import { openRecord, taskOf } from '../lineage.js';
import type { AuditFinding } from '../types.js';
import { restateGates, type GateTable, type RuleInput } from './types.js';

const CODES = {
  RED_IMPL_STAGED: 'AUDIT_RED_TOUCHES_IMPL',
  CONFIG_CHANGED: 'AUDIT_RED_CHANGES_CONFIG',
  RED_NO_TESTS_STAGED: 'AUDIT_RED_WITHOUT_TESTS',
  RED_TEST_REMOVED: 'AUDIT_RED_TEST_REMOVED',
} as const satisfies GateTable;

/**
 * RED holds tests and test support only (manifests and ignored paths allowed), adds or changes a
 * test file, keeps the task's open RED tests, and leaves the tdd-hooks configuration file as it
 * was — the commit-time scope gates, run on the diff. A forged `TDD-Phase: red` does not make
 * implementation a test. (package.json's "tdd" key is the hook's to watch: its diff is not read here.)
 */
export function evaluateRedScope({ commit: c, before }: RuleInput): AuditFinding[] {
  if (c.kind !== 'tdd' || c.phase !== 'red') return [];
  const open = openRecord(before, taskOf(c));
  const red: RedRecord | undefined = open && {
    commit: open.commit,
    tree: '',
    files: [...open.files.keys()],
    blobs: {},
    failing: [],
    regression: open.regression,
  };
  const configChanges = c.entries.filter((e) => (CONFIG_FILES as readonly string[]).includes(e.path)).map((e) => e.path);
  const input = { phase: 'red' as const, regression: c.regression, entries: c.entries, configChanges, ...(red ? { red } : {}) };
  return restateGates(CODES, c, [...redScopeGate(input), ...evaluateConfigChanged(input)]);
}
