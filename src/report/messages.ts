/**
 * All user-facing wording of findings lives here. Each message says what is wrong, then the next
 * legal step. Tests assert codes, never these sentences. Each code's words read that code's typed
 * data (types.ts FindingData), and still say something when a field is missing.
 */
import type { Finding, FindingCode } from '../types.js';

type Words<C extends FindingCode> = (f: Finding<C>) => { what: string; next?: string };

/** A field of a finding's data as text ('' when absent). */
const d = <D extends object>(data: D | undefined, key: keyof D): string => String(data?.[key] ?? '');
const indentOutput = (text: string): string =>
  text
    .split('\n')
    .slice(-20)
    .map((l) => `      ${l}`)
    .join('\n');

// How each marker kind reads in a sentence (data.kind of MARKER_SKIP).
const MARKER_WORDS: Record<string, string> = {
  skip: 'a skip marker',
  todo: 'a todo marker',
  xfail: 'an expected-failure marker (a test that passes while the code is broken)',
};

const MESSAGES: { [C in FindingCode]: Words<C> } = {
  CONFIG_INVALID: (f) => ({ what: `invalid configuration: ${d(f.data, 'detail')}`, next: 'fix the file named above, stage it and commit again' }),
  CONFIG_UNSTAGED: (f) =>
    d(f.data, 'state') === 'untracked'
      ? { what: `${f.path} is not committed: until it is, the committed rules (or the defaults) apply`, next: `git add ${f.path} and commit it` }
      : { what: `${f.path} has unstaged edits: they change nothing until committed`, next: `git add ${f.path} and commit it` },
  CONFIG_PENDING: (f) =>
    f.data?.broken
      ? { what: 'the committed configuration is invalid (it entered past the hooks): this commit is judged by its staged fix' }
      : { what: `this commit changes ${f.path}: it is judged by the rules already committed, and the new ones apply from the next commit` },
  PHASE_UNSET: () => ({
    what: 'no TDD phase is declared for this commit',
    next: 'declare one: `tdd phase red` to commit a failing test, or `tdd phase off --reason "..."` to commit outside TDD',
  }),
  UNMERGED_PATHS: (f) => ({ what: `unresolved merge conflict in ${f.path}`, next: 'resolve the conflicts and `git add` the files' }),
  OPERATION_IN_PROGRESS: (f) => ({ what: `${d(f.data, 'operation')} in progress: commit not checked (tdd audit still sees it)` }),
  IGNORED_ONLY: () => ({ what: 'only ignored files (docs, CI config) staged: no test run' }),
  EMPTY_COMMIT: () => ({ what: 'nothing staged: no test run' }),
  SETUP_COMMIT: () => ({ what: 'setup: only the configuration, manifests and ignored files, before any task: no phase needed, no test run' }),
  VERDICT_CACHED: (f) => ({ what: `the same staged content was verified at ${d(f.data, 'at')}: no test run` }),
  PHASE_OFF: (f) => ({ what: `phase off (${d(f.data, 'reason')}): commit recorded, not checked` }),
  TASK_SCOPE: (f) => ({
    what: `${f.path} is outside task ${d(f.data, 'task')}'s files and tests${f.data?.owner ? ` (task ${d(f.data, 'owner')} declares it)` : ''}`,
    next: `unstage it (git restore --staged -- '${f.path}'), or \`tdd stage\` to stage exactly task ${d(f.data, 'task')}'s files`,
  }),
  COMMIT_MESSAGE_TEMPLATE: (f) => ({
    what: `the commit message must start with "${d(f.data, 'expected')}"`,
    next: `git commit -m "${d(f.data, 'expected')}"`,
  }),
  RED_IMPL_STAGED: (f) => ({
    what: `${f.path} is implementation, and a RED commit holds only tests`,
    next: `unstage it (git restore --staged -- '${f.path}'), or \`tdd phase green\` if the failing tests are already committed`,
  }),
  RED_NO_TESTS_STAGED: () => ({
    what: 'a RED commit adds or changes a test file, and none is staged',
    next: 'write a failing test and `git add` it (test files match the `tests` globs in .tddrc.json)',
  }),
  TESTS_CHANGED: (f) => testsChanged(f),
  SNAPSHOTS_ADDED: (f) => {
    const added = f.data?.added ?? [];
    return {
      what: `${f.path}: ${added.length} snapshot${added.length === 1 ? '' : 's'} of the task's RED tests written (${added.slice(0, 3).join(', ')}${added.length > 3 ? ', …' : ''}); frozen from now on, like the tests`,
    };
  },
  TEST_CONFIG_CHANGED: (f) => ({
    what: `the test settings of ${f.path ?? 'package.json'} changed (test scripts, the runner's configuration): GREEN and REFACTOR keep them`,
    next: 'keep the test settings as they were, or `tdd phase red` to change them with the tests',
  }),
  GREEN_WITHOUT_RED: (f) => ({
    what: `no RED commit is recorded for ${f.data?.task ? `task ${d(f.data, 'task')}` : 'this work'}: nothing proves the tests came first`,
    next: '`tdd phase red` and commit the failing tests first',
  }),
  ASSERTION_MISSING: (f) => ({
    what: `${f.path} has no real assertion (outside comments and strings), and calls no helper of the project that asserts`,
    next:
      'assert the behaviour (expect(...).toBe(...), assert.equal(...)), then stage the file again; if it asserts through a helper ' +
      'defined outside the project (a global, a package), name it in assertFunctionNames in .tddrc.json (e.g. ["ruleTester.run", "request.**.expect"])',
  }),
  ASSERTION_UNCHECKED: (f) => ({ what: `${f.path}: no assertion patterns are known for this language; assertions not checked` }),
  RED_TEST_REMOVED: (f) => ({
    what: `${f.path} holds the failing tests of the open RED record; it stays until GREEN`,
    next: `keep it: git restore --staged -- '${f.path}' unstages the deletion (your files stay as they are; if the file is gone from disk, git restore -- '${f.path}' brings it back), or make those tests pass first`,
  }),
  CONFIG_CHANGED: (f) => ({
    what: `${f.path} changes the tdd-hooks configuration in a RED commit: the rules would change beside the tests they judge`,
    next: `unstage it (git restore --staged -- '${f.path}'; your file stays as it is) and commit the tests; commit the configuration on its own, declared: \`tdd phase off --reason "…"\` (tdd audit lists it), then \`tdd phase red\``,
  }),
  ASSERTION_PRINT_ONLY: (f) => ({
    what: `${f.path} only prints; printing verifies nothing`,
    next: 'replace the console output with assertions, then stage the file again',
  }),
  MARKER_FOCUS: (f) => ({
    what: f.data?.conditional
      ? `${f.path}:${f.line} may focus tests (${d(f.data, 'marker')}, chosen at run time): then every other test is silently skipped`
      : `${f.path}:${f.line} focuses tests (${d(f.data, 'marker')}): every other test is silently skipped`,
    next: 'remove the focus marker and stage the file again',
  }),
  MARKER_SKIP: (f) => ({
    what: `${f.path}:${f.line} adds ${MARKER_WORDS[d(f.data, 'kind')] ?? `a ${d(f.data, 'kind')} marker`} (${d(f.data, 'marker')}): a skipped test proves nothing`,
    next: 'remove the marker and stage the file again',
  }),
  RED_WRONG_REASON: (f) => ({
    what: `${f.path}${f.data?.test ? ` > ${d(f.data, 'test')}` : ''} fails for the wrong reason (${d(f.data, 'kind')}): ${d(f.data, 'message')}`,
    next:
      d(f.data, 'kind') === 'missing-module'
        ? "install the package the test imports, or fix the import; if it is the project's own new module, add it as an empty file in this commit, so the test fails on what the module lacks"
        : d(f.data, 'kind') === 'no-tests'
          ? 'the file must define at least one test that runs'
          : d(f.data, 'kind') === 'snapshot-missing'
            ? 'a snapshot nobody has written proves nothing yet: let the test fail on the missing function (a symbol that does not exist yet), write the expected snapshot by hand and stage it, or assert the value (toEqual, toMatchInlineSnapshot)'
            : 'a RED test must fail on an assertion or a missing symbol of the project; fix the test and stage it again',
  }),
  RED_TESTS_PASS: () => ({
    what: 'the staged tests pass: nothing is RED',
    next: 'make the test express behaviour that does not exist yet, or `tdd phase red --regression` if the behaviour already exists',
  }),
  RED_NEW_TEST_PASSES: (f) => ({
    what: `${f.path} > ${d(f.data, 'test')} is new and already passes`,
    next: 'every test a RED commit adds must fail; change it, or `tdd phase red --regression` for tests of existing behaviour',
  }),
  RED_REGRESSION_ACCEPTED: () => ({ what: 'regression tests: they pass, as declared (recorded in the trailers)' }),
  GREEN_TESTS_FAIL: (f) => ({
    what: `${f.path} > ${d(f.data, 'test')} fails (${d(f.data, 'kind')}): ${d(f.data, 'message')}`,
    next: 'change the implementation until the tests pass, then stage it again',
  }),
  GREEN_SNAPSHOT_MISSING: (f) => ({
    what: `${f.path} > ${d(f.data, 'test')} compares with a snapshot nobody has written yet (${d(f.data, 'message')}); it is missing, not mismatched`,
    next: `run your tests once (outside CI the runner writes new snapshots), check ${d(f.data, 'snapshot')}, and stage it with the implementation: GREEN may add the RED tests' snapshots, never change one`,
  }),
  GREEN_FILE_ERROR: (f) => ({
    what: `${f.path} could not run (${d(f.data, 'kind')}): ${d(f.data, 'message')}`,
    next: 'fix the implementation the test file loads',
  }),
  GREEN_NO_TESTS_RAN: (f) =>
    f.path
      ? { what: `no test ran in ${f.path}`, next: 'a test file must run at least one test; check it is not filtered out' }
      : { what: 'no test ran: nothing proves this commit', next: '`tdd phase red` and commit a failing test first, or `tdd phase off --reason "..."`' },
  GREEN_TEST_SKIPPED: (f) => ({ what: `${f.path} > ${d(f.data, 'test')} was ${d(f.data, 'status')}: a skipped test proves nothing`, next: 'make it run' }),
  GREEN_RED_TEST_MISSING: (f) => ({
    what: `${f.path} > ${d(f.data, 'test')} failed at RED and did not run now`,
    next: 'the tests of the RED commit must all run and pass',
  }),
  RUN_UNVERIFIED: (f) => ({
    what: `could not verify: the ${d(f.data, 'runner')} run ${d(f.data, 'reason')}`,
    // A missing runner: the command doctor gives (RUNNER_MISSING), added by the hook (cli/commands/hook.ts).
    next: f.data?.fix
      ? `${d(f.data, 'fix')}, then commit again (\`tdd doctor\` checks the whole setup)`
      : 'fix the cause and commit again; `TDD_HOOKS=0 git commit` skips the hook (tdd audit will list the commit)',
  }),
  RUN_LEAKED: (f) => {
    const leaks = f.data?.leaks ?? [];
    const shown = leaks.slice(0, 3).map((l) => (l.via ? `${l.path} (${l.via})` : l.path));
    const more = leaks.length > 3 ? ` and ${leaks.length - 3} more` : '';
    return {
      what: `could not verify: the ${d(f.data, 'runner')} run loaded ${shown.join(', ')}${more} from your working tree, not the staged content`,
      next: leaks.some((l) => l.via)
        ? 'make that path relative to the repository, stage it, and commit again'
        : 'stage those files, or set their changes aside (`git stash push --keep-index --include-untracked`), and commit again; a config that loads them by an absolute path should use a relative one',
    };
  },
  STATIC_CHECK_FAILED: (f) => ({
    what: `static check \`${d(f.data, 'command')}\` failed (exit ${d(f.data, 'exitCode')}):\n${indentOutput(d(f.data, 'output'))}`,
    next: 'fix what it reports in the implementation, stage it, and commit again',
  }),
  IMPORT_NEAR_MISS: (f) => ({
    what: `${f.path} imports ${d(f.data, 'specifier')}, which does not exist; ${d(f.data, 'nearest')} does (one letter away)`,
    next:
      d(f.data, 'phase') === 'red'
        ? `if that is a typo: \`tdd phase red\`, fix the import and commit the test again; if ${d(f.data, 'specifier')} is the new module the test is about, carry on`
        : `if the test is wrong, \`tdd phase red\` and fix its import (then GREEN again); if not, the implementation goes in the file the test imports`,
  }),
  FALSE_FAIL_ACCEPTED: (f) => ({
    what: `accepted as an environment false-fail: the task's tests pass and every other failure matches falseFailPatterns (${f.data?.patterns?.join(', ') ?? ''}); recorded in the trailers, CI has the final word`,
  }),
  INDEX_CHANGED: () => ({
    what: 'the staged content changed after the pre-commit check (another process ran git add?)',
    next: 'run git commit again to check what is staged now',
  }),
  SKIPS_NOT_ADDED: (f) => ({
    what: `${f.data?.count ?? 0} skipped or todo test(s) in ${f.data?.files?.length ?? 0} file(s) this commit does not change (${(f.data?.files ?? []).slice(0, 3).join(', ')}${(f.data?.files?.length ?? 0) > 3 ? ', …' : ''}): skips it did not add, not counted as proof`,
  }),
};

/**
 * Tests are frozen: the safe step first (unstaging keeps your edit on disk); a step that would
 * discard the edit says so.
 */
function testsChanged(f: Finding<'TESTS_CHANGED'>): { what: string; next: string } {
  const path = `'${f.path}'`;
  const base = d(f.data, 'base');
  const unstage = `unstage it (git restore --staged -- ${path}; your file stays as it is on disk)`;
  const snapshots = f.data?.snapshots;
  if (snapshots) {
    const keys = [...snapshots.changed, ...snapshots.removed];
    return {
      what: `${f.path} changes or removes ${keys.length} snapshot${keys.length === 1 ? '' : 's'} (${keys.slice(0, 3).join(', ')}${keys.length > 3 ? ', …' : ''}); a GREEN or REFACTOR commit may add snapshots, never change one`,
      next: `${unstage} and stage only new entries, or \`tdd phase red\` to change the expected values with the tests`,
    };
  }
  if (d(f.data, 'since') === 'red') {
    return {
      what: `${f.path} (test) was ${d(f.data, 'change')} after the task's RED commit ${base}; tests are frozen until the task is done`,
      next: `stage the RED version (git restore --staged --source=${base} -- ${path}; your file on disk stays as it is), or \`tdd phase red\` to change the tests first; adding --worktree also puts the file on disk back and discards its changes`,
    };
  }
  const what = `${f.path} (${d(f.data, 'kind') === 'support' ? 'test support' : 'test'}) is ${d(f.data, 'change')} by this commit; tests are frozen in GREEN and REFACTOR`;
  if (d(f.data, 'change') === 'added') return { what, next: `${unstage}, or \`tdd phase red\` to commit new tests first` };
  return {
    what,
    next: `${unstage}, or \`tdd phase red\` to change the tests first; git restore --staged --worktree --source=${base} -- ${path} also puts it back on disk and discards your edit`,
  };
}

export function formatFinding(f: Finding): { what: string; next?: string } {
  // Each code's words take that code's finding: the table is indexed by the finding's own code.
  return (MESSAGES[f.code] as Words<FindingCode>)(f);
}

/** Every finding code, for documentation checks. */
export const FINDING_CODES = Object.keys(MESSAGES) as FindingCode[];

/** What a refusal's message adds from around the commit (verify/refusal-notes.ts reads them). */
export type RefusalNote = { code: 'COMMIT_ALL' } | { code: 'STAGED_VERSION'; paths: string[] };

export function formatRefusalNote(n: RefusalNote): string {
  switch (n.code) {
    case 'COMMIT_ALL':
      return 'this was `git commit -a`: it staged every tracked change, unrelated ones too; to commit only what you staged (`git add`), commit without -a';
    case 'STAGED_VERSION': {
      const shown = n.paths.slice(0, 3).join(', ') + (n.paths.length > 3 ? ` and ${n.paths.length - 3} more` : '');
      return `the tests ran on the staged version of ${shown}, not on your unstaged edits: \`git add\` them if they are the fix`;
    }
  }
}
