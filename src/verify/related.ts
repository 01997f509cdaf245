/**
 * Which tests a REFACTOR commit runs with `refactorRuns: "related"` (the default): the task's RED
 * test files, and every test file the change can affect — by the runner's own related-tests mode
 * where it has one (`vitest related`, `jest --findRelatedTests`), else by the static import graph of
 * the staged tree (runners/import-graph), else every test file of that runner — each runner whose
 * folder the commit changes. The evidence says which (TDD-Tests).
 */
import { readObjects, readWholeTree, type RepoContext } from '../git/queries.js';
import { runnerSpecs } from '../config/resolve.js';
import type { Config } from '../config/schema.js';
import { findAffectedTests, isGraphSource, workspacePackagesOf } from '../runners/import-graph.js';
import { getAdapter } from '../runners/index.js';
import { assignRunners, specKey } from './run-staged.js';

/** JS runners whose tests the import graph can follow. */
const JS_RUNNERS = new Set(['vitest', 'jest', 'node', 'mocha']);
/** Past this, reading every source of the tree costs more than running every test is worth guessing at. */
const GRAPH_LIMIT = { files: 20_000, bytes: 64 * 1024 * 1024 };

export interface RelatedRun {
  /** Test files to run by name: the task's, and those the import graph (or "every test file") chose. */
  files: string[];
  /** Per runner (specKey): the changed sources its related-tests mode starts from. */
  related: Map<string, string[]>;
  /** How, per runner: "vitest related", "import graph", "every test file". */
  by: string[];
  /** The tree's JS/TS texts by path, when the import graph read them (GREEN's coverage reads the changed ones from here). */
  sources?: ReadonlyMap<string, string>;
  /** How many of `files` the import graph chose beside `must` (REFACTOR's file budget, relatedFileLimit). */
  byGraph: number;
}

/**
 * `changed`: the implementation paths the commit changes (a deleted one too: its importers break);
 * `must`: the task's RED test files, which always run; `isTest`: the classifier's answer; `ran`:
 * test files that run anyway (GREEN's task files): a runner with no other test file has nothing to choose.
 */
export async function planRelatedRun(
  repo: RepoContext,
  config: Config,
  tree: string,
  changed: { path: string; deleted: boolean }[],
  must: string[],
  isTest: (path: string) => boolean,
  ran?: ReadonlySet<string>,
): Promise<RelatedRun> {
  const entries = await readWholeTree(repo, tree);
  const tests = [...entries.keys()].filter(isTest);
  const specs = runnerSpecs(config);
  const files = new Set(must);
  const related = new Map<string, string[]>();
  const by = new Set<string>();
  const graph = new Set<string>();
  // A deleted file is in no runner's graph any more: the static graph still sees who imported it.
  const deleted = changed.some((c) => c.deleted);
  let sources: { texts: Map<string, string>; packages: Map<string, string> } | null | undefined;
  for (const { spec, files: owned } of assignRunners(specs, tests)) {
    const adapter = await getAdapter(spec.runner);
    if (adapter.relatedMode && !deleted) {
      // Every change: a workspace package elsewhere may be what its tests import.
      related.set(
        specKey(spec),
        changed.map((c) => c.path),
      );
      by.add(adapter.relatedMode);
      continue;
    }
    // The graph sees a workspace package another folder's tests import by name: a JS runner's folder
    // need not be touched. Without a graph, a runner in a folder the commit does not touch runs its RED tests only.
    const touched = spec.root === '.' || changed.some((c) => c.path.startsWith(`${spec.root}/`));
    if (ran && owned.every((t) => ran.has(t))) continue;
    if (JS_RUNNERS.has(spec.runner)) {
      sources ??= await readGraphSources(repo, entries);
      if (sources) {
        for (const t of findAffectedTests(sources.texts, new Set(changed.map((c) => c.path)), owned, sources.packages)) {
          files.add(t);
          graph.add(t);
        }
        by.add('import graph');
        continue;
      }
    }
    if (!touched) continue;
    for (const t of owned) files.add(t);
    by.add('every test file');
  }
  const byGraph = [...graph].filter((t) => !must.includes(t)).length;
  return { files: [...files].sort(), related, by: [...by], byGraph, ...(sources ? { sources: sources.texts } : {}) };
}

const isManifest = (p: string): boolean => p.endsWith('/package.json') && !/(^|\/)node_modules\//.test(p);

/** The JS/TS files of the tree, by path, and its workspace packages (name → folder, from the package.json files below the top); null past GRAPH_LIMIT. */
async function readGraphSources(
  repo: RepoContext,
  entries: Map<string, { mode: string; blob: string }>,
): Promise<{ texts: Map<string, string>; packages: Map<string, string> } | null> {
  const regular = (p: string) => entries.get(p)!.mode.startsWith('100');
  const paths = [...entries.keys()].filter((p) => isGraphSource(p) && regular(p));
  if (paths.length > GRAPH_LIMIT.files) return null;
  const manifests = [...entries.keys()].filter((p) => isManifest(p) && regular(p));
  const blobs = await readObjects(
    repo,
    [...paths, ...manifests].map((p) => entries.get(p)!.blob),
  );
  let bytes = 0;
  const texts = new Map<string, string>();
  for (const [i, p] of paths.entries()) {
    const b = blobs[i];
    if (!b) continue;
    bytes += b.length;
    if (bytes > GRAPH_LIMIT.bytes) return null;
    texts.set(p, b.toString('utf8'));
  }
  const manifestTexts = new Map<string, string>();
  for (const [i, p] of manifests.entries()) {
    const b = blobs[paths.length + i];
    if (b) manifestTexts.set(p, b.toString('utf8'));
  }
  return { texts, packages: workspacePackagesOf(manifestTexts) };
}
