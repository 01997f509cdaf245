/**
 * All user-facing wording of findings lives here. Each message says what is wrong, then the next
 * legal step. Tests assert codes, never these sentences. Each code's words read that code's typed
 * data (types.ts FindingData), and still say something when a field is missing.
 */
import type { Finding, FindingCode } from '../types.js';
import { COPY_MESSAGES, fileErrorNext, greenFailNext, missingModuleNext, tooLongNext } from './messages-copy.js';

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

// What a real assertion looks like, per language (data.language of ASSERTION_MISSING), for the next step.
const EXAMPLE: Record<string, string> = {
  js: 'expect(add(1, 2)).toBe(3)',
  python: 'assert add(1, 2) == 3',
  go: 't.Errorf("got %d", got)',
  rust: 'assert_eq!(add(1, 2), 3)',
  java: 'assertEquals(3, add(1, 2))',
  kotlin: 'assertEquals(3, add(1, 2))',
  csharp: 'Assert.Equal(3, Add(1, 2))',
  ruby: 'expect(add(1, 2)).to eq(3)',
  abap: 'cl_abap_unit_assert=>assert_equals( act = add( 1 ) exp = 3 )',
  php: '$this->assertSame(3, add(1, 2))',
};
const exampleOf = (language: string | undefined): string => EXAMPLE[language ?? ''] ?? 'expect(...).toBe(...), assert.equal(...)';
const FILE_MISSING_WORDS = { missing: 'no such file', directory: 'a directory, not a file', unreadable: 'unreadable' };

const MESSAGES: { [C in FindingCode]: Words<C> } = {
  CONFIG_INVALID: (f) =>
    f.data?.key
      ? { what: `${f.path}: ${d(f.data, 'key')} is not ${d(f.data, 'expected')}`, next: `fix ${d(f.data, 'key')} in ${f.path}` }
      : { what: `invalid configuration: ${d(f.data, 'detail')}`, next: 'fix the file named above, stage it and commit again' },
  CONFIG_UNSTAGED: (f) =>
    d(f.data, 'state') === 'untracked'
      ? { what: `${f.path} is not committed: until it is, the committed rules (or the defaults) apply`, next: `git add ${f.path} and commit it` }
      : { what: `${f.path} has unstaged edits: they change nothing until committed`, next: `git add ${f.path} and commit it` },
  CONFIG_PENDING: (f) =>
    f.data?.broken
      ? { what: 'the committed configuration is invalid (it entered past the hooks): this commit is judged by its staged fix' }
      : f.data?.rules?.length
        ? {
            what: `this commit changes ${f.path}, and with it ${f.data.rules.join(', ')}: what counts as a test, test support or ignored. It is judged by the rules already committed; the new ones apply from the next commit, and \`tdd audit\` keeps the range base's rules unless this is an off commit that audit.allowOff allows (else AUDIT_RULES_WIDENED)`,
          }
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
      `assert the behaviour, e.g. ${exampleOf(f.data?.language)}; if it asserts through a helper ` +
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
    next: `replace the output with assertions, e.g. ${exampleOf(f.data?.language)}`,
  }),
  MARKER_FOCUS: (f) => ({
    what: f.data?.conditional
      ? `${f.path}:${f.line} may focus tests (${d(f.data, 'marker')}, chosen at run time): then every other test is silently skipped`
      : `${f.path}:${f.line} focuses tests (${d(f.data, 'marker')}): every other test is silently skipped`,
    next: 'remove the focus marker and stage the file again',
  }),
  MARKER_SKIP: (f) =>
    f.data?.origin === 'unknown'
      ? {
          what: `${f.path}:${f.line} has ${f.data.kind === 'xfail' ? 'an expected-failure' : `a ${d(f.data, 'kind')}`} marker (${d(f.data, 'marker')}): a skipped test proves nothing`,
          next: 'remove the marker (the pre-commit hook refuses one a commit adds)',
        }
      : {
          what: `${f.path}:${f.line} adds ${MARKER_WORDS[d(f.data, 'kind')] ?? `a ${d(f.data, 'kind')} marker`} (${d(f.data, 'marker')}): a skipped test proves nothing`,
          next: 'remove the marker and stage the file again',
        },
  RED_WRONG_REASON: (f) => ({
    what: `${f.path}${f.data?.test ? ` > ${d(f.data, 'test')}` : ''} fails for the wrong reason (${d(f.data, 'kind')}): ${d(f.data, 'message')}`,
    next:
      d(f.data, 'kind') === 'missing-module'
        ? missingModuleNext(f.data.unbuiltPackage)
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
    next: greenFailNext(d(f.data, 'message')),
  }),
  GREEN_SNAPSHOT_MISSING: (f) => ({
    what: `${f.path} > ${d(f.data, 'test')} compares with a snapshot nobody has written yet (${d(f.data, 'message')}); it is missing, not mismatched`,
    next: `run your tests once (outside CI the runner writes new snapshots), check ${d(f.data, 'snapshot')}, and stage it with the implementation: GREEN may add the RED tests' snapshots, never change one`,
  }),
  GREEN_FILE_ERROR: (f) => ({
    what: `${f.path} could not run (${d(f.data, 'kind')}): ${d(f.data, 'message')}`,
    next: fileErrorNext(d(f.data, 'kind')),
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
    what: f.data?.symlink
      ? `could not verify: the test run would read ${f.path} through a symbolic link to ${f.data.symlink}, outside the committed tree (make it a file, or a link inside the repository)`
      : `could not verify: the ${d(f.data, 'runner')} run ${d(f.data, 'reason')}`,
    // A missing runner: the command doctor gives (RUNNER_MISSING), added by the hook (cli/commands/hook.ts).
    next: f.data?.fix
      ? `${d(f.data, 'fix')}, then commit again (\`tdd doctor\` checks the whole setup)`
      : (tooLongNext(f.data) ?? 'fix the cause and commit again; `TDD_HOOKS=0 git commit` skips the hook (tdd audit will list the commit)'),
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
  FILE_MISSING: (f) => ({
    what: `${f.path}: ${FILE_MISSING_WORDS[f.data?.reason] ?? 'cannot be read'}${f.data?.detail ? ` (${f.data.detail})` : ''}`,
    next: 'pass the test files themselves, relative to the working directory',
  }),
  LANGUAGE_UNKNOWN: (f) => ({
    what: `${f.path}: no assertion patterns are known for this language`,
    next: `name a test file ending in one of ${(f.data?.known ?? []).join(' ') || 'the known extensions'}`,
  }),
  INDEX_CHANGED: () => ({
    what: 'the staged content changed after the pre-commit check (another process ran git add?)',
    next: 'run git commit again to check what is staged now',
  }),
  IMPL_TEST_FRAMEWORK: (f) => ({
    what: `${f.path}:${f.line ?? ''} reaches for the test framework ${d(f.data, 'found')} (an import, or a class declared in the framework's own package, which shadows its classes): implementation runs without one, and code that holds one can bend the assertions`,
    next: integrityNext(
      'IMPL_TEST_FRAMEWORK',
      f.path,
      "remove the import, or the class from the framework's package (a test-utilities package says so in the configuration)",
    ),
  }),
  IMPL_SNIFFS_RUNNER: (f) => ({
    what: `${f.path}:${f.line ?? ''} asks whether a test runner is running it (${d(f.data, 'found')}): code that answers the tests differently from everyone else passes nothing`,
    next: integrityNext('IMPL_SNIFFS_RUNNER', f.path, 'remove the check and make the code do what the test asks for every caller'),
  }),
  IMPL_PATCHES_RUNTIME: (f) => ({
    what: `${f.path}:${f.line ?? ''} rewrites a built-in or the assertion library (${d(f.data, 'found')}): the tests' comparisons would no longer compare`,
    next: integrityNext('IMPL_PATCHES_RUNTIME', f.path, 'remove the patch and implement the behaviour the test asks for'),
  }),
  IMPL_READS_TESTS: (f) => ({
    what: `${f.path}:${f.line ?? ''} names the test file ${d(f.data, 'target')} (${d(f.data, 'found')}): implementation that reads the tests can copy their expected values`,
    next: integrityNext('IMPL_READS_TESTS', f.path, 'remove the path; the implementation computes the answer, the test checks it'),
  }),
  IMPL_ALWAYS_EQUAL: (f) => ({
    what: `${f.path}:${f.line ?? ''} defines an equality that equals everything (${d(f.data, 'found')}): every assertion that compares with it passes`,
    next: integrityNext('IMPL_ALWAYS_EQUAL', f.path, 'compare the fields that make two values equal'),
  }),
  IMPL_EXIT_AT_IMPORT: (f) => ({
    what: `${f.path}:${f.line ?? ''} ends the process when it is loaded (${d(f.data, 'found')}): a test run that stops before its tests report proves nothing`,
    next: integrityNext('IMPL_EXIT_AT_IMPORT', f.path, 'move the exit into the program\'s entry point (a main function, or `if __name__ == "__main__":`)'),
  }),
  IMPL_IMPORTS_TEST_SUPPORT: (f) => ({
    what: `${f.path}:${f.line ?? ''} imports ${d(f.data, 'target')}, which is test support or a test (${d(f.data, 'found')}): support is frozen with the tests, so code there is implementation no GREEN showed`,
    next: integrityNext('IMPL_IMPORTS_TEST_SUPPORT', f.path, 'move the code into the implementation and import it from there'),
  }),
  STATE_FOLLOWED: (f) => stateFollowed(f),
  RED_UNTRACKED_IMPORT: (f) => ({
    what: `${f.path}${f.data?.test ? ` > ${d(f.data, 'test')}` : ''} fails on ${d(f.data, 'file')} (${d(f.data, 'kind')}), which is in your working tree but ${f.data?.state === 'modified' ? 'modified and not staged' : 'untracked'}: GREEN could never add it (test support is frozen from this commit on)`,
    next: `git add '${d(f.data, 'file')}' and commit again`,
  }),
  RED_CHANGES_PASSING_TEST: (f) => ({
    what:
      d(f.data, 'change') === 'outside'
        ? `${f.path}: this RED takes something away from the code beside its old tests (an import, a helper, a shared expected value): the tests that passed at the parent would run against something else`
        : `${f.path} > ${d(f.data, 'test')} passed at the parent and this RED ${d(f.data, 'change') === 'deleted' ? 'deletes it (or renames it away)' : 'edits it'}: a RED adds tests; it does not weaken or remove the ones that pass`,
    next: `stage the old test as it was (git restore --staged --source=HEAD -- '${f.path}', then add the new tests beside it), or, if the behaviour really changes, declare it for this commit: \`tdd phase red --revise "why"\``,
  }),
  HARNESS_UNREAD: (f) => ({
    what: `${f.path}: \`${d(f.data, 'key')}\` is built by code, so the harness files it names are not known; they are frozen only if testSupport names them`,
    next: `write it as string literals, or add those files to testSupport in .tddrc.json`,
  }),
  RED_REVISED: (f) => ({
    what: `declared revision (${d(f.data, 'why')}): this RED changes ${(f.data?.tests ?? []).length} old test(s): ${(f.data?.tests ?? []).slice(0, 5).join(', ')}; recorded in TDD-Revise`,
  }),
  GREEN_UNCOVERED_CODE: (f) => ({
    what: `${f.path}: line${f.data?.lines?.length === 1 ? '' : 's'} ${formatLines(f.data?.lines ?? [])} ${f.data?.lines?.length === 1 ? 'is' : 'are'} code this GREEN adds that no test of the task ran (a branch not taken, a function never called)${f.data?.mode === 'refuse' ? '' : '; accepted, recorded in TDD-Uncovered'}${f.data?.more ? ` (and ${f.data.more} more file${f.data.more === 1 ? '' : 's'} like it)` : ''}`,
    next:
      f.data?.mode === 'refuse'
        ? 'remove what no failing test demands (Fake It is fine), or `tdd phase red` and write the test that demands it first'
        : 'write the test that demands it in a RED, or remove it; `"greenCoverage": "refuse"` refuses such commits',
  }),
  GREEN_COVERAGE_UNMEASURED: (f) => ({
    what: `coverage not measured for ${(f.data?.files ?? []).join(', ')}: ${d(f.data, 'reason')}${f.data?.install ? ` (to measure it: ${f.data.install})` : ''}`,
    ...(f.data?.mode === 'refuse'
      ? {
          next: f.data?.install ? `${f.data.install}, then commit again (or "greenCoverage": "warn")` : 'set "greenCoverage": "warn" or "off" for this project',
        }
      : {}),
  }),
  GREEN_BREAKS_TEST: (f) => ({
    what: `${f.path}${f.data?.test ? ` > ${d(f.data, 'test')}` : ''} passed before this commit and fails with it (${d(f.data, 'kind')}): ${d(f.data, 'message')}`,
    next: 'change the implementation so the older tests pass too; if that test is wrong now, `tdd phase red` to change it first',
  }),
  GREEN_RELATED_UNRUN: (f) => ({
    what:
      d(f.data, 'reason') === 'too-many'
        ? `the tests related to this change were not run: ${d(f.data, 'count')} test files, more than the ${d(f.data, 'limit')} a GREEN runs`
        : `the tests related to this change did not finish: ${d(f.data, 'detail')}`,
    next: 'run the whole suite before you push (`tdd audit --replay` runs it at each GREEN), or `"greenRuns": "targeted"` to skip this step',
  }),
  GREEN_RELATED_FAILING_BEFORE: (f) => ({ what: `${f.path} > ${d(f.data, 'test')} fails before this commit too: not counted against it` }),
  SKIPS_NOT_ADDED: (f) => ({
    what: `${f.data?.count ?? 0} skipped or todo test(s) in ${f.data?.files?.length ?? 0} file(s) this commit does not change (${(f.data?.files ?? []).slice(0, 3).join(', ')}${(f.data?.files?.length ?? 0) > 3 ? ', …' : ''}): skips it did not add, not counted as proof`,
  }),
  ...COPY_MESSAGES,
};

/** The integrity rules' next step: the fix, else the declared exception (a configuration change, so an `off` commit). */
function integrityNext(code: string, path: string | undefined, fix: string): string {
  return `${fix}; if this file legitimately needs it, list it in the configuration's integrity.allow["${code}"] (e.g. "${path ?? 'packages/test-utils/**'}") in a \`tdd phase off --reason\` commit`;
}

/** The state followed HEAD outside the hooks: what it dropped, and the phase the history gave back. */
function stateFollowed(f: Finding<'STATE_FOLLOWED'>): { what: string } {
  const short = (c: string | null | undefined) => (c ? c.slice(0, 12) : '?');
  const task = (t: string | null) => (t ? `task ${t}` : 'this work');
  const words = { red: 'RED record', green: 'GREEN', 'last-green': 'last GREEN' } as const;
  const dropped = (f.data?.dropped ?? []).map((x) => `the ${words[x.record]} of ${task(x.task)} (${short(x.commit)}) left the history: dropped`);
  const p = f.data?.phase;
  const phase = p ? [`phase ${p.from ?? 'none'} → ${p.to ?? 'none'}${p.task ? ` (task ${p.task})` : ''}, as ${short(p.commit)} says`] : [];
  const found = f.data?.refound ? [`this branch's open RED is ${short(f.data.refound)}`] : [];
  return {
    what: `HEAD moved outside the hooks (${short(f.data?.from)} → ${short(f.data?.to)}): ${[...dropped, ...phase, ...found].join('; ') || 'nothing to change'}`,
  };
}

/** 3, 5-7, 9 */
function formatLines(lines: number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    let j = i;
    while (j + 1 < lines.length && lines[j + 1] === lines[j]! + 1) j++;
    parts.push(j === i ? String(lines[i]) : `${lines[i]}-${lines[j]}`);
    i = j;
  }
  return parts.join(', ');
}

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
export type RefusalNote =
  { code: 'COMMIT_ALL' } | { code: 'STAGED_VERSION'; paths: string[] } | { code: 'UNTRACKED'; files: { path: string; state: 'untracked' | 'modified' }[] };

export function formatRefusalNote(n: RefusalNote): string {
  switch (n.code) {
    case 'COMMIT_ALL':
      return 'this was `git commit -a`: it staged every tracked change, unrelated ones too; to commit only what you staged (`git add`), commit without -a';
    case 'STAGED_VERSION': {
      const shown = n.paths.slice(0, 3).join(', ') + (n.paths.length > 3 ? ` and ${n.paths.length - 3} more` : '');
      return `the tests ran on the staged version of ${shown}, not on your unstaged edits: \`git add\` them if they are the fix`;
    }
    case 'UNTRACKED': {
      const shown = n.files.slice(0, 3).map((f) => `${f.path} (${f.state === 'untracked' ? 'untracked' : 'edited, not staged'})`);
      const more = n.files.length > 3 ? ` and ${n.files.length - 3} more` : '';
      return `the run failed on what is in your working tree but not in this commit: ${shown.join(', ')}${more}; \`git add ${n.files
        .slice(0, 3)
        .map((f) => `'${f.path}'`)
        .join(' ')}\` if the commit needs it`;
    }
  }
}
