/**
 * Pure: what the rules read from blob contents — static facts of test files (assertions, markers),
 * package.json test settings and the entries snapshot files gain or lose.
 */
import { hasTestSettings, testSettingsOf } from '../config/test-settings.js';
import type { TestFileFacts } from '../gates/types.js';
import { NULL_OID } from '../git/ids.js';
import { diffSnapshotEntries, testFileOfSnapshot } from '../lang/snapshots.js';
import type { StagedEntry } from '../types.js';
import type { AuditCommit } from './types.js';

/**
 * Which test files the rules read: none; those a GREEN or REFACTOR commit changes (`frozen`: each
 * is already a finding, the markers say more); or also those a RED commit adds or changes (`all`:
 * assertions and markers, as the hook checked them — with `--replay`, where reading them costs
 * nothing next to the test runs).
 */
export type ContentScope = 'none' | 'frozen' | 'all';

/** Static analysis of a test file (lang/analyzeTestFile), passed in so the lexers load only when used. */
export type AnalyzeTestFile = (path: string, text: string) => TestFileFacts | undefined;

const judgesTests = (c: AuditCommit, scope: ContentScope) =>
  c.kind === 'tdd' && c.phase !== 'off' && c.phase !== null && (scope === 'all' || c.phase !== 'red');
const readable = (e: StagedEntry) => e.kind === 'test' && e.status !== 'D';
const frozenPhase = (c: AuditCommit) => c.kind === 'tdd' && (c.phase === 'green' || c.phase === 'refactor');
const settings = (c: AuditCommit, e: StagedEntry) => frozenPhase(c) && (hasTestSettings(e.path) || testFileOfSnapshot(e.path) !== undefined);

/** The blobs the rules need read: test files (by `scope`); package.json and snapshot files in GREEN/REFACTOR. */
export function blobsNeeded(commits: readonly AuditCommit[], scope: ContentScope): { tests: string[]; settings: string[] } {
  const tests = new Set<string>();
  const manifests = new Set<string>();
  for (const c of commits) {
    for (const e of c.entries) {
      const target = settings(c, e) ? manifests : scope !== 'none' && judgesTests(c, scope) && readable(e) ? tests : undefined;
      if (!target) continue;
      if (e.newBlob !== NULL_OID) target.add(e.newBlob);
      if (e.oldBlob !== NULL_OID) target.add(e.oldBlob);
    }
  }
  return { tests: [...tests], settings: [...manifests] };
}

/**
 * Static facts of the test files and package.json test settings, from the blobs' texts. A blob is
 * analysed once; a file's previous version only when it now has skip or todo markers (the one
 * question it answers: did this commit add them).
 */
export function addFacts(commits: AuditCommit[], texts: ReadonlyMap<string, string>, analyze: AnalyzeTestFile | undefined, scope: ContentScope): void {
  const analysed = new Map<string, TestFileFacts | undefined>();
  const analyse = (path: string, oid: string): TestFileFacts | undefined => {
    const text = texts.get(oid);
    if (text === undefined || !analyze) return undefined;
    const key = `${oid}\0${path.slice(path.lastIndexOf('.'))}`;
    if (!analysed.has(key)) analysed.set(key, analyze(path, text));
    return analysed.get(key);
  };
  for (const c of commits) {
    for (const e of c.entries) {
      if (settings(c, e) && testFileOfSnapshot(e.path) !== undefined) {
        // A snapshot file may gain entries for the task's RED tests (the rule knows which tests those are).
        const change = diffSnapshotEntries(e.path, texts.get(e.oldBlob) ?? null, texts.get(e.newBlob) ?? null);
        if (change) (c.snapshotChanges ??= []).push(change);
      } else if (settings(c, e)) {
        (c.testSettings ??= []).push({
          path: e.path,
          before: testSettingsOf(e.path, texts.get(e.oldBlob) ?? null),
          after: testSettingsOf(e.path, texts.get(e.newBlob) ?? null),
        });
      }
      if (scope === 'none' || !judgesTests(c, scope) || !readable(e)) continue;
      const now = analyse(e.path, e.newBlob);
      const skips = now?.markers.some((m) => m.kind !== 'focus');
      const before = e.oldBlob === NULL_OID || !skips ? undefined : analyse(e.path, e.oldBlob);
      c.testFiles ??= new Map();
      c.testFiles.set(e.path, { now, before });
    }
  }
}

/**
 * What the facts read, at their service (read.ts provides it): objects by name through the
 * audit's one `git cat-file --batch` (a second round, when what to read depends on what was read),
 * and the test-file analysis, loaded on first use.
 */
export interface FactTools {
  scope: ContentScope;
  /** Texts by blob id, and by `<commit>:<path>` for such names. */
  read(names: readonly string[]): Promise<ReadonlyMap<string, string>>;
  analyzer(): Promise<AnalyzeTestFile>;
}

/**
 * A kind of fact the rules read from blob contents. `needs` names the objects to read — blob ids
 * (an entry's oldBlob/newBlob), or `<commit>:<path>` (a file as a commit has it: a test at a RED's
 * parent, the configuration at the range's base) — for all commits at once: every source's needs
 * are read together, in one batch. `add` then sets its facts on the commits (fields of
 * AuditCommit the rules read), from `texts`: by blob id, and by `<commit>:<path>` for such names.
 * A new rule that needs contents adds a source to FACT_SOURCES; the rules stay pure.
 */
export interface FactSource {
  needs(commits: readonly AuditCommit[], scope: ContentScope): Iterable<string>;
  add(commits: AuditCommit[], texts: ReadonlyMap<string, string>, tools: FactTools): void | Promise<void>;
}

/** Test files' static facts, package.json test settings, snapshot entries (blobsNeeded, addFacts). */
export const TEST_FACTS: FactSource = {
  needs: (commits, scope) => {
    const n = blobsNeeded(commits, scope);
    return [...n.tests, ...n.settings];
  },
  async add(commits, texts, tools) {
    const analyze = blobsNeeded(commits, tools.scope).tests.length > 0 ? await tools.analyzer() : undefined;
    addFacts(commits, texts, analyze, tools.scope);
  },
};

/** Every source of facts, read together before the rules run. */
export const FACT_SOURCES: readonly FactSource[] = [TEST_FACTS];
