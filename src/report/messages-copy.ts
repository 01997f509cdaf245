/**
 * The words of the private copy's findings (isolation.build, linked folders, the related set's
 * bounds, a workspace package the copy lacks built): part of report/messages.ts's table (spread into it), apart only for that file's size.
 * Same rules: what is wrong, then the next legal step; each reads its code's typed data.
 */
import type { Finding } from '../types.js';

type CopyCode = 'ISOLATION_BUILD' | 'ISOLATION_BUILD_FAILED' | 'LINK_STALE' | 'RELATED_OVER_BUDGET' | 'RELATED_PROJECTS_UNREAD';
type Words<C extends CopyCode> = (f: Finding<C>) => { what: string; next?: string };

const d = <D extends object>(data: D | undefined, key: keyof D): string => String(data?.[key] ?? '');
const indented = (text: string): string =>
  text
    .split('\n')
    .slice(-20)
    .map((l) => `      ${l}`)
    .join('\n');

/** RED_WRONG_REASON's next step for a missing module: a workspace package of the repository that is not built (runners/classify, `unbuiltPackage`) is not one to install. */
export function missingModuleNext(unbuiltPackage: string | undefined): string {
  return unbuiltPackage !== undefined
    ? 'build that workspace package in the private copy from what is committed (isolation.build, e.g. "npm run build:test"), or let the tests load its sources (an alias in the runner config), then commit again'
    : "install the package the test imports, or fix the import; if it is the project's own new module, add it as an empty file in this commit, so the test fails on what the module lacks";
}

/** A browser a test needs and this machine lacks (Playwright's, Puppeteer's, WebdriverIO's words). */
const MISSING_BROWSER =
  /\b(chrom(e|ium)|firefox|webkit|browser)\b[^\n]*\b(not found|not installed|doesn't exist|does not exist|could not (find|be found)|failed to launch|no browser)\b|executable doesn't exist|browserType\.launch/i;
/** The next step for a failure of the environment, not the code (gates/false-fail.ts). */
const environmentNext =
  "name its message in falseFailPatterns: a failure matching it is accepted as an environment false-fail when the task's tests pass (recorded in the trailers; CI has the final word)";

/** GREEN_TESTS_FAIL's next step: a browser this machine lacks is the environment's. */
export function greenFailNext(message: string): string {
  const fix = 'change the implementation until the tests pass, then stage it again';
  return MISSING_BROWSER.test(message) ? `${fix}; if it fails only for want of a browser this machine lacks, ${environmentNext}` : fix;
}

/** GREEN_FILE_ERROR's next step: a third-party package this machine lacks is the environment's. */
export function fileErrorNext(kind: string): string {
  return kind === 'missing-module'
    ? `fix the implementation the test file loads (a new module of the project: stage it); a third-party package this machine lacks: install it, or ${environmentNext}`
    : 'fix the implementation the test file loads';
}

/** RUN_UNVERIFIED's next step when the run that timed out was the runner's related-tests mode (`data.related`): the set was too large. */
const relatedTooLargeNext =
  'the tests related to this change were too many to run within timeoutSeconds: leave out projects a developer does not run locally (relatedProjects keeps only those it names among e2e/browser ones), run the task\'s tests only ("refactorRuns": "targeted", "greenRuns": "targeted"), or raise timeoutSeconds, then commit again';

/** RUN_UNVERIFIED's next step when isolation.build itself outlived timeoutSeconds (`data.buildTimeout`): nothing of the commit was judged. */
const buildTooSlowNext =
  'the build in the private copy needs more than timeoutSeconds (it is timed apart from the test run): raise timeoutSeconds in the configuration (an off commit: `tdd phase off --reason "..."`), or narrow isolation.build to what the tests load (its inputs let a commit that changes none of them reuse the last build), then commit again';

/** RUN_UNVERIFIED's next step when what ran out of time was the related set or the build (none otherwise). */
export const tooLongNext = (data: { related?: unknown; buildTimeout?: unknown } | undefined): string | undefined =>
  data?.related ? relatedTooLargeNext : data?.buildTimeout ? buildTooSlowNext : undefined;

export const COPY_MESSAGES: { [C in CopyCode]: Words<C> } = {
  ISOLATION_BUILD: (f) => ({
    what: `${f.data?.cached ? 'reused the last build in the private copy (its inputs unchanged)' : 'built in the private copy from the staged sources'}: \`${d(f.data, 'command')}\``,
  }),
  ISOLATION_BUILD_FAILED: (f) => ({
    what: `isolation.build \`${d(f.data, 'command')}\` failed on the staged sources (exit ${d(f.data, 'exitCode')}), so no test ran:\n${indented(d(f.data, 'output'))}`,
    next: 'fix what it reports and stage it (a build that compiles the tests too: narrow it to the sources), then commit again',
  }),
  LINK_STALE: (f) => ({
    what:
      d(f.data, 'reason') === 'unstaged'
        ? `could not verify: ${f.path} (isolation.link) was built after ${f.data?.untracked ? `${d(f.data, 'source')} was written, which is untracked and which the build read` : `your unstaged edit of ${d(f.data, 'source')}`}, so the tests would read code this commit does not hold`
        : `could not verify: ${f.path} (isolation.link) is older than ${d(f.data, 'source')}, which this commit changes, so the tests would read a build without the change`,
    next:
      d(f.data, 'reason') === 'unstaged'
        ? `stage ${d(f.data, 'source')} (or set it aside with the rest of what is not staged: \`git stash push --keep-index --include-untracked\`) and rebuild, then commit again; isolation.build builds in the private copy from what is staged instead`
        : `rebuild ${f.path}, then commit again; isolation.build builds in the private copy from what is staged instead`,
  }),
  RELATED_OVER_BUDGET: (f) => ({
    what: `could not verify: this change reaches ${d(f.data, 'count')} test files beside the task's (${d(f.data, 'by')}), more than relatedFileLimit (${d(f.data, 'limit')}), so they were not run`,
    next: 'raise relatedFileLimit to run them all in this commit, or run the task\'s tests only ("refactorRuns": "targeted"; `tdd audit --replay` runs the related ones later), then commit again',
  }),
  RELATED_PROJECTS_UNREAD: (f) => ({
    what: `vitest related ran every project: which of them run in a browser or end to end could not be read from ${(f.data?.entries ?? []).join(', ')}, so none was left out`,
    next: 'give those projects a literal name in their configuration (test: { name: "…" }) or list them inline in test.projects, so browser and e2e projects stay out of the related run',
  }),
};
