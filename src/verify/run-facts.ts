/**
 * The evidence gates' input beyond the run itself: RED's tests that existed before this commit,
 * the near-miss imports of the files that failed to load, the configured false-fail patterns.
 */
import type { RunFacts } from '../gates/types.js';
import { missingFailures } from '../gates/red-untracked-import.js';
import { readCommitTree, readObjects, readUnstagedFiles } from '../git/queries.js';
import { testId, type Phase, type RunResult, type StagedEntry } from '../types.js';
import type { CommitContext } from './context.js';
import { readNearMisses } from './test-files.js';

export async function readRunFacts(cc: CommitContext, commit: { phase: Phase; tree: string; entries: StagedEntry[] }, run: RunResult): Promise<RunFacts> {
  const preexisting = commit.phase === 'red' ? await readPreexisting(cc, run, commit.entries) : undefined;
  const nearMisses = await readNearMisses(cc.repo, commit.tree, run);
  // A RED failing on something missing: the working tree's files it may be missing for want of `git add`.
  const unstaged =
    commit.phase === 'red' && missingFailures(run).length > 0
      ? (await readUnstagedFiles(cc.repo)).map((f) => ({ ...f, kind: cc.classify(f.path) }))
      : undefined;
  return { run, ...(preexisting ? { preexisting } : {}), nearMisses, falseFailPatterns: cc.loaded.config.falseFailPatterns, ...(unstaged ? { unstaged } : {}) };
}

/**
 * RED: which passing tests existed before this commit. A test whose title the file's HEAD version
 * declares (a literal in `it('…')`) was already there; one whose title only the staged version
 * declares is new. A generated title (`test.each`, a template) cannot be read from the source:
 * then HEAD's version of the file is run, and what it reports existed. In an added file every test is new.
 */
async function readPreexisting(cc: CommitContext, run: RunResult, entries: StagedEntry[]): Promise<Set<string>> {
  const { repo } = cc;
  const result = new Set<string>();
  if (!repo.head) return result;
  const modified = new Map(entries.filter((e) => (e.status === 'M' || e.status === 'T') && e.kind === 'test').map((e) => [e.path, e]));
  const passing = run.tests.filter((t) => t.status === 'passed' && modified.has(t.file));
  if (passing.length === 0) return result;
  const { declaredTestTitles } = await import('../lang/index.js');
  const files = [...new Set(passing.map((t) => t.file))];
  const blobs = await readObjects(
    repo,
    files.flatMap((f) => [modified.get(f)!.oldBlob, modified.get(f)!.newBlob]),
  );
  const titles = new Map(
    files.map((f, i) => [
      f,
      {
        before: new Set(declaredTestTitles(f, blobs[2 * i]?.toString('utf8') ?? '')),
        now: new Set(declaredTestTitles(f, blobs[2 * i + 1]?.toString('utf8') ?? '')),
      },
    ]),
  );
  const unknown = new Set<string>();
  for (const t of passing) {
    const leaf = t.name.split(' > ').pop() ?? t.name;
    const { before, now } = titles.get(t.file)!;
    if (before.has(leaf)) result.add(testId(t));
    else if (!now.has(leaf)) unknown.add(t.file);
  }
  if (unknown.size > 0) {
    const { runStaged } = await import('./run-staged.js');
    const headTree = await readCommitTree(repo, repo.head);
    const before = await runStaged(repo, cc.loaded.config, headTree, [...unknown]);
    if (before.status === 'completed') for (const t of before.tests) result.add(testId(t));
  }
  return result;
}
