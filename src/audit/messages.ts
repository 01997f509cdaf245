/**
 * All wording of the audit's findings. Each says what the history shows, then the next step.
 * Tests assert codes, never these sentences.
 */
import { FINDING_CODES, formatFinding } from '../report/messages.js';
import type { Finding } from '../types.js';
import type { AuditCode, AuditFinding } from './types.js';

type Words<A extends AuditCode> = (f: AuditFinding<A>) => { what: string; next?: string };

/** The keys of any variant of a data union. */
type KeyOf<D> = D extends unknown ? keyof D : never;
/** A field of a finding's data as text ('' when absent; data read back from JSON may lack it). */
const d = <D extends object>(data: D | undefined, key: KeyOf<D>): string => String((data as Record<PropertyKey, unknown> | undefined)?.[key] ?? '');
const short = (sha: unknown): string => (typeof sha === 'string' ? sha.slice(0, 12) : '');
const task = (name: string | null | undefined): string => (name ? `task ${name}` : 'its task');
/** Said once after the findings: what to do about a commit that is already in the history. */
export const REWRITE_STEP =
  'a commit in the history stays there: on a branch not yet merged, redo it through the hooks (git rebase -i, then commit the steps again); on a merged branch, fix forward in new commits';

const MESSAGES: { [A in AuditCode]: Words<A> } = {
  AUDIT_NO_TRAILERS: (f) => ({
    what: `changes ${d(f.data, 'files')} file(s) beyond docs (${f.path} …) and has no TDD trailers: it was made past the hooks (--no-verify, TDD_HOOKS=0, or a rewrite)`,
    next: `redo it through the hooks, or declare it: \`tdd phase off --reason "..."\` before committing`,
  }),
  AUDIT_RED_TOUCHES_IMPL: (f) => ({
    what: `RED commit changes implementation ${f.path}; a RED commit holds only tests`,
    next: `split it: the failing tests first (RED), then ${f.path} (GREEN)`,
  }),
  AUDIT_RED_CHANGES_CONFIG: (f) => ({
    what: `RED commit changes the tdd-hooks configuration ${f.path}: the rules changed beside the tests they judge (a widened ignore lets later commits through untested)`,
    next: 'a configuration change is a commit of its own, declared with `tdd phase off --reason "..."`',
  }),
  AUDIT_RED_WITHOUT_TESTS: () => ({
    what: 'RED commit adds or changes no test file',
    next: 'a RED commit adds a failing test',
  }),
  AUDIT_RED_TEST_REMOVED: (f) => ({
    what: `RED commit deletes ${f.path}, a test of its task's open RED record`,
    next: 'the open RED tests stay until GREEN makes them pass',
  }),
  AUDIT_ASSERTION_MISSING: (f) => ({
    what: `${f.path} ${f.data?.gate === 'ASSERTION_PRINT_ONLY' ? 'only prints' : 'has no real assertion'}: the RED test verifies nothing`,
    next: 'assert the behaviour (expect(...), assert.equal(...)) in a new RED commit',
  }),
  AUDIT_MARKER_ADDED: (f) => ({
    what: `${f.path}${f.line ? `:${f.line}` : ''} ${d(f.data, 'kind') === 'focus' ? 'focuses tests' : `adds a ${d(f.data, 'kind')} marker`} (${d(f.data, 'marker')})`,
    next: 'remove the marker: a skipped test proves nothing, and a focused one silently skips the others',
  }),
  AUDIT_FROZEN_TEST_CHANGED: (f) => {
    const by = f.data && 'by' in f.data ? f.data.by : undefined;
    const red = f.data && 'red' in f.data ? f.data.red : f.data?.base;
    return {
      what:
        d(f.data, 'since') === 'red'
          ? `${f.path} (test) was ${d(f.data, 'change')}${by ? ` by ${short(by)}` : ''} after the RED commit ${short(red)}; tests are frozen until the task is done`
          : `${f.path} (${d(f.data, 'kind') === 'support' ? 'test support' : 'test'}) is ${d(f.data, 'change')} by this ${f.phase ?? ''} commit; tests are frozen in GREEN and REFACTOR`,
      next: `change tests in a RED commit (\`tdd phase red\`), never with the implementation`,
    };
  },
  AUDIT_TEST_CONFIG_CHANGED: (f) => ({
    what: `the test settings of ${f.path ?? 'package.json'} (test scripts, the runner's configuration) change in a GREEN/REFACTOR commit`,
    next: `change the test settings with the tests, in a RED commit`,
  }),
  AUDIT_GREEN_WITHOUT_RED: (f) => ({
    what: `GREEN commit, and no open RED commit of ${task(f.data?.task)} precedes it in its history${f.data?.closedBy ? ` (the last one was closed by ${short(f.data.closedBy)})` : ''}${f.data?.beyond ? ' (looked back 1000 commits before the range)' : ''}`,
    next: '`tdd phase red` and commit the failing tests before the implementation',
  }),
  AUDIT_MERGE_CHANGES: (f) => ({
    what: `the merge itself changes ${d(f.data, 'files')} file(s) (${f.path} …): a conflict resolution or an edit no hook checked`,
    next: 'review those changes; make edits in ordinary commits, not in the merge',
  }),
  AUDIT_CONFIG_INVALID: (f) => ({
    what: `brings a malformed configuration (${f.data?.problems?.map((p) => `${p.file}: ${p.key}: expected ${p.expected}`).join('; ') ?? ''}); later commits are judged by the last valid rules or the defaults`,
    next: 'fix the file in a new commit',
  }),
  AUDIT_SHALLOW: (f) => ({
    what:
      d(f.data, 'reason') === 'cut'
        ? `the clone is shallow and the history stops at this commit: its parents, and the changes it made, are not here`
        : `GREEN commit of ${task(f.data && 'task' in f.data ? f.data.task : null)}: its RED commit lies beyond the shallow clone's cut`,
    next: `fetch the rest of the history: \`git fetch --deepen=${d(f.data, 'deepen') || 100}\` (repeat until this goes), or \`git fetch --unshallow\`; in GitHub Actions, actions/checkout with \`fetch-depth: 0\``,
  }),
  AUDIT_OFF: (f) => ({
    what: `committed outside TDD${f.data?.reason ? `: ${d(f.data, 'reason')}` : ''}`,
    next:
      f.severity === 'error'
        ? `off commits fail the audit unless the configuration at the range's base allows them: \`"audit": { "allowOff": <count or true> }\` (this is off commit ${d(f.data, 'nth') || 1}, allowed ${String(f.data?.allowOff ?? 0)}); or redo it as RED → GREEN`
        : `allowed by audit.allowOff (${String(f.data?.allowOff ?? 0)}), and listed`,
  }),
  AUDIT_REGRESSION: (f) => ({
    what: `regression tests of ${task(f.data?.task)}: they passed at RED, as declared`,
    next: 'listed; `audit.failOnRegression` makes it a failure',
  }),
  AUDIT_FALSE_FAIL: (f) => ({
    what: `GREEN-impossible accepted: remaining failures matched falseFailPatterns (${d(f.data, 'patterns')})`,
    next: 'listed; `audit.failOnFalseFail` makes it a failure',
  }),
  AUDIT_REPLAY_RED_PASSED: (f) => ({
    what: `replayed RED: ${f.data && 'test' in f.data && f.data.test ? `${f.path} > ${d(f.data, 'test')} passes` : 'nothing fails'} — the test never was RED`,
    next: 'a RED commit must fail; if the behaviour already existed, it was a regression test (`tdd phase red --regression`)',
  }),
  AUDIT_REPLAY_RED_WRONG_REASON: (f) => ({
    what: `replayed RED: ${f.path ?? 'a test'}${f.data?.test ? ` > ${d(f.data, 'test')}` : ''} fails for the wrong reason (${d(f.data, 'kind')}): ${d(f.data, 'message')}`,
    next: 'a RED test fails on an assertion or a missing symbol of the project',
  }),
  AUDIT_REPLAY_GREEN_FAILED: (f) => ({
    what: `replayed ${f.phase ?? ''}: ${f.path ?? 'the tests'}${f.data && 'test' in f.data && f.data.test ? ` > ${d(f.data, 'test')}` : ''} ${failure(f)}`,
    next: 'the tests must pass at every GREEN and REFACTOR commit; fix it in a new commit',
  }),
  AUDIT_REPLAY_UNVERIFIED: (f) => ({
    what: `could not replay: the ${d(f.data, 'runner')} run ${
      f.data && 'leaks' in f.data
        ? `read files of the work tree, not the commit (${f.data.leaks
            .map((l) => l.path)
            .slice(0, 3)
            .join(', ')})`
        : f.data && 'command' in f.data
          ? `had no build: \`${f.data.command}\` failed (exit ${f.data.exitCode ?? 'none'})`
          : d(f.data, 'reason')
    }`,
    next: 'install what the tests need (npm ci) and run the audit again; the tests of old commits run with the dependencies installed now',
  }),
  AUDIT_IMPL_INTEGRITY: (f) => {
    // The data is the integrity rule's finding's, with its code as `gate`.
    const gate = { code: f.data?.gate, severity: f.severity, path: f.path, line: f.line, data: f.data } as Finding;
    const words = FINDING_CODES.includes(gate.code)
      ? formatFinding(gate)
      : { what: `${f.path} adds to implementation what an integrity rule refuses (${d(f.data, 'gate')} ${d(f.data, 'found')})` };
    return { what: `${words.what} [${d(f.data, 'gate')}]`, next: words.next ?? 'redo the commit without it, or declare the exception in integrity.allow' };
  },
  AUDIT_RED_CHANGES_PASSING_TEST: (f) => ({
    what:
      d(f.data, 'change') === 'outside'
        ? `RED commit takes code away from beside the old tests of ${f.path ?? 'a test file'} (an import, a helper, a shared expected value)`
        : `RED commit ${d(f.data, 'change') === 'deleted' ? 'deletes (or renames away)' : 'edits'} ${f.path ?? ''} > ${d(f.data, 'test')}, a test that passed at its parent`,
    next: 'a RED adds tests; a change of the old ones is declared (`tdd phase red --revise "why"`, its TDD-Revise trailer); restore the test in a new commit, or have the change reviewed',
  }),
  AUDIT_RULES_WIDENED: (f) => ({
    what: `the rules this history declared call ${d(f.data, 'files')} implementation file(s) ${(f.data?.as ?? []).join(' or ')} (${(f.data?.paths ?? []).slice(0, 3).join(', ')}): a widened ignore, tests or testSupport the policy at the range's base never allowed`,
    next: "the audit judges by the rules at the range's base plus the changes of the off commits audit.allowOff allows: restore the configuration in a new commit, or make the change an allowed off commit of its own",
  }),
  AUDIT_RED_REVISED: (f) => ({
    what: `declared revision (${d(f.data, 'why')}): ${(f.data?.tests ?? []).slice(0, 5).join(', ')}`,
    next: 'listed: the RED changed tests that passed at its parent, as its TDD-Revise trailer says',
  }),
  AUDIT_UNCOVERED: (f) => ({
    what: `GREEN added code no test of its task ran: ${d(f.data, 'lines')} (TDD-Uncovered)`,
    next: 'listed; a RED that demands it, or its removal, settles it; `"greenCoverage": "refuse"` refuses such commits',
  }),
};

function failure(f: AuditFinding<'AUDIT_REPLAY_GREEN_FAILED'>): string {
  const gate: string = f.data?.gate ?? '';
  switch (gate) {
    case 'GREEN_TESTS_FAIL':
      return `fails (${d(f.data, 'kind')}): ${d(f.data, 'message')}`;
    case 'GREEN_FILE_ERROR':
      return `does not load (${d(f.data, 'kind')}): ${d(f.data, 'message')}`;
    case 'GREEN_NO_TESTS_RAN':
      return 'ran no test';
    case 'GREEN_TEST_SKIPPED':
      return `was ${d(f.data, 'status')}`;
    case 'GREEN_RED_TEST_MISSING':
      return 'failed at RED and did not run';
    case 'GREEN_SNAPSHOT_MISSING':
      return `needs a snapshot nobody wrote (${d(f.data, 'snapshot')})`;
    default:
      return `failed (${gate})`;
  }
}

export function formatAuditFinding(f: AuditFinding): { what: string; next?: string } {
  return (MESSAGES[f.code] as Words<AuditCode>)(f);
}

/** Every audit code, for documentation checks. */
export const AUDIT_CODES = Object.keys(MESSAGES) as AuditCode[];
