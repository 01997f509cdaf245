/**
 * GREEN's coverage facts: the lines the commit adds to each changed source file (`git diff -U0`
 * of the parent's blob and the staged one; every line of an added file), and which of them the
 * task's tests never ran, by the run's own coverage (coverage/uncovered.ts).
 */
import { NULL_OID } from '../git/ids.js';
import { readBlobDiff, readObjects, type RepoContext } from '../git/queries.js';
import type { CoverageFacts } from '../gates/types.js';
import type { Config } from '../config/schema.js';
import type { RunResult, StagedEntry } from '../types.js';
import { SOURCE_CODE } from '../coverage/measure.js';

/** The implementation files a GREEN's coverage is measured for (source code, not data or manifests); undefined when greenCoverage is off. */
export function coverageTargets(config: Config, entries: StagedEntry[]): string[] | undefined {
  if (config.greenCoverage === 'off') return undefined;
  return entries.filter((e) => e.kind === 'impl' && e.status !== 'D' && e.newMode.startsWith('100') && SOURCE_CODE.test(e.path)).map((e) => e.path);
}

/** `known`: staged texts by blob id already read (verify/green-run.ts reads them while the runner runs). */
export async function readCoverageFacts(
  repo: RepoContext,
  config: Config,
  entries: StagedEntry[],
  run: RunResult,
  known?: ReadonlyMap<string, string>,
): Promise<CoverageFacts | undefined> {
  const coverage = run.coverage;
  if (!coverage || config.greenCoverage === 'off') return undefined;
  const [{ parseAddedLines, allLines }, { findUncoveredLines }, { declarationTest }] = await Promise.all([
    import('../coverage/added-lines.js'),
    import('../coverage/uncovered.js'),
    import('../coverage/measure.js'),
  ]);
  const measured = entries.filter((e) => coverage.measured.includes(e.path));
  const unknown = measured.filter((e) => !known?.has(e.newBlob));
  const read =
    unknown.length === 0
      ? []
      : await readObjects(
          repo,
          unknown.map((e) => e.newBlob),
        );
  const texts = new Map(known);
  unknown.forEach((e, i) => texts.set(e.newBlob, read[i]?.toString('utf8') ?? ''));
  const files = await Promise.all(
    measured.map(async (e) => {
      const text = texts.get(e.newBlob) ?? '';
      const uncoveredIn = (added: number[], blanked: string) =>
        findUncoveredLines({ added, blanked, coverage: coverage.files[e.path], isDeclaration: declarationTest(e.path) });
      // The text as it is counts comments as code: a superset of the answer. When it finds nothing
      // (an honest GREEN), neither the diff nor the lexer is needed.
      const candidates = uncoveredIn(allLines(text), text);
      if (candidates.length === 0) return { path: e.path, uncovered: [] };
      const added = new Set(isNew(e) ? candidates : parseAddedLines(await readBlobDiff(repo, e.oldBlob, e.newBlob)));
      const inAdded = candidates.filter((n) => added.has(n));
      if (inAdded.length === 0) return { path: e.path, uncovered: [] };
      const { blank } = await import('../lang/index.js');
      return { path: e.path, uncovered: uncoveredIn(inAdded, blank(e.path, text)) };
    }),
  );
  return { mode: config.greenCoverage, files, unmeasured: coverage.unmeasured };
}

const isNew = (e: StagedEntry): boolean => e.status === 'A' || e.oldBlob === NULL_OID || !e.oldMode.startsWith('100');
