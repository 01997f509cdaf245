/**
 * `tdd audit`: read the range → assemble → evaluate (looking back before the range only when a
 * GREEN or REFACTOR needs its task's RED from there) → optionally replay the tests. Decides no
 * exit code and prints nothing (cli/ does).
 */
import { usageError } from '../errors.js';
import { anyTrailer } from '../git/history.js';
import { readRepoContext, type RepoContext } from '../git/queries.js';
import { TRAILER } from '../state/trailers.js';
import { evaluateAudit } from './evaluate.js';
import { emptyLine, isUnread } from './lineage.js';
import { auditExitCode, type AuditReport } from './format.js';
import { BlobReader, type HistoryCommit } from './history.js';
import { readAuditInput, readBareHistory, readDefaultRange, readShallow } from './read.js';
import { assignShards, type Shard } from './shard.js';
import { AUDIT_DEFAULTS, type AuditFinding, type AuditOptions, type LineState } from './types.js';

export interface AuditRunOptions {
  /** git revision arguments (`origin/main..HEAD`); default: upstream or origin/HEAD to HEAD. */
  range?: string[];
  replay?: boolean;
  /** This job's part of the range (--shard i/n): its commits' findings and replays only. */
  shard?: Shard;
}

export interface AuditResult {
  report: AuditReport;
  exitCode: 0 | 1 | 3;
}

/**
 * Audit the repository at `cwd`. With a range and no replay, `git log` is the first git call:
 * where the repository is, and whether the clone is shallow, are asked only when needed (a
 * commit without parents, an error, the default range, a replay).
 */
export async function runAudit(where: { cwd: string; env: NodeJS.ProcessEnv }, opts: AuditRunOptions = {}): Promise<AuditResult> {
  const guess: RepoContext = { top: where.cwd, gitDir: '', stateDir: '', indexFile: '', head: null, env: where.env };
  let repoP: Promise<RepoContext> | undefined;
  const repoOf = async (): Promise<RepoContext> => {
    const repo = await (repoP ??= readRepoContext(where.cwd, where.env));
    if (!repo.head) throw usageError('no commits yet: nothing to audit', 'commit first, then: tdd audit main..HEAD');
    return repo;
  };
  let shallowP: Promise<Set<string>> | undefined;
  const shallow = () => (shallowP ??= readShallow(repoOf()));
  const given = opts.range?.length ? opts.range : undefined;
  const range = given ?? (await readDefaultRange(await repoOf()));
  const blobs = new BlobReader(guess);
  try {
    return await auditRange({ guess, repoOf, shallow, blobs }, range, opts);
  } finally {
    blobs.close();
  }
}

interface AuditWorld {
  guess: RepoContext;
  repoOf: () => Promise<RepoContext>;
  shallow: () => Promise<Set<string>>;
  /** The audit's one `git cat-file --batch`. */
  blobs: BlobReader;
}

/**
 * The look-back: the TDD state at the range's base, asked as soon as the base is known (beside the
 * range's rules and facts). First whether any commit there declares a TDD step (one walk, a few
 * bytes a commit); only then is its history read (no diffs) and evaluated. When none does and the
 * clone is complete, every line there is closed at its root with nothing on it: what reading and
 * evaluating it would find. For `A..B` the base's history is within A's, so that is asked of A at
 * once, beside the range's own read.
 */
function lookBack({ guess, shallow, blobs }: Pick<AuditWorld, 'guess' | 'shallow' | 'blobs'>, range: string[]) {
  const within = excludedSide(range);
  const ask = (revs: string[]) => anyTrailer(guess, TRAILER.phase, revs).catch(() => true);
  const asked = within ? ask([within]) : undefined;
  let stepped: Promise<boolean> | undefined;
  let early: Promise<HistoryCommit[] | null> | undefined;
  // The history is read before it is known to be needed, and stopped once it is known not to be (a long adopted history: ~350 ms for 30,000 commits).
  const stop = new AbortController();
  return {
    /** Not needed: a history being read is stopped. */
    drop: (): void => stop.abort(),
    onBase(base: string[]): void {
      if (base.length === 0) return;
      stepped = Promise.all([asked ?? ask(base), shallow()]).then(([any, cuts]) => any || cuts.size > 0);
      early = stepped.then((s) => (s ? readBareHistory(guess, base, [], shallow, stop.signal) : null));
      early.catch(() => undefined);
    },
    /** The base's lines carry nothing (see AuditReadOptions.quietBase). */
    quietBase: async (): Promise<boolean> => !(await (stepped ?? false)),
    /** The state at each of `base`, back to the start of the history (a setup commit with thousands of commits before it is still one); undefined when it knows no more than "unread". */
    async states(base: string[], options: AuditOptions): Promise<ReadonlyMap<string, LineState> | undefined> {
      const bare = early ? await early : readBareHistory(guess, base, [], shallow);
      if (bare === null) return new Map(base.map((p) => [p, emptyLine()]));
      const before = await readAuditInput(guess, base, { content: 'none', shallow, stateOnly: true, blobs, bare });
      const back = evaluateAudit({ commits: before.commits, options, keep: new Set(base) });
      return [...back.kept.values()].some((s) => !isUnread(s)) ? back.kept : undefined;
    },
  };
}

async function auditRange({ guess, repoOf, shallow, blobs }: AuditWorld, range: string[], opts: AuditRunOptions): Promise<AuditResult> {
  const content = opts.replay ? 'all' : 'frozen';
  const back = lookBack({ guess, shallow, blobs }, range);
  // A failed `git log` may mean no repository or no commit yet: say that rather than "bad range".
  const input = await readAuditInput(guess, range, { shallow, content, blobs, onBase: back.onBase, quietBase: back.quietBase }).catch(async (e: unknown) => {
    await repoOf();
    throw e;
  });
  // The audit's own options come from the rules at the range's start: a branch cannot loosen its audit.
  // On a line that had no configuration at its start, the policy is the setup commit's (the first configuration it adopted).
  const first = input.commits.find((c) => input.rulesOf.get(c.sha)?.source !== 'defaults') ?? input.commits[0];
  const options = (first && input.rulesOf.get(first.sha)?.audit) ?? AUDIT_DEFAULTS;
  const plan = Boolean(opts.replay);
  let outside: ReadonlyMap<string, LineState> | undefined;
  const evaluate = () => evaluateAudit({ commits: input.commits, options, plan, ...(outside ? { outside } : {}) });
  let evaluation = evaluate();
  const base = input.outside.filter((p) => !input.cut.has(p));
  if (evaluation.needsLookback && base.length > 0) {
    outside = await back.states(base, options);
    if (outside) evaluation = evaluate();
  } else back.drop();
  // The shards are dealt by the commits and their replays, which the integrity rules do not change.
  const owner = opts.shard
    ? assignShards(
        input.commits.map((c) => c.sha),
        new Set(evaluation.plans.map((p) => p.commit)),
        opts.shard.total,
      )
    : undefined;
  // A finding about a commit outside the range (none today) stays with the first shard.
  const mine = (sha: string) => !opts.shard || (owner!.get(sha) ?? 1) === opts.shard.index;
  // The integrity rules, on the commits judged (and this shard's): the evaluation again when they found anything.
  if (await input.addIntegrity(new Set([...evaluation.judged].filter(mine)))) evaluation = evaluate();
  let findings = evaluation.findings;
  let plans = evaluation.plans;
  let shard: AuditReport['shard'];
  if (opts.shard) {
    const { index, total } = opts.shard;
    findings = findings.filter((f) => mine(f.commit));
    plans = plans.filter((p) => mine(p.commit));
    shard = { index, total, commits: [...owner!.values()].filter((k) => k === index).length };
  }
  let replayed: number | undefined;
  if (opts.replay) {
    const { replayPlans } = await import('./replay.js');
    const r = await replayPlans(await repoOf(), { plans, rulesOf: input.rulesOf, texts: input.texts });
    findings = [...findings, ...r.findings];
    replayed = r.replayed;
  }
  // Commit order (parents first); a shallow cut says how much deeper to fetch.
  const position = new Map(input.commits.map((c, i) => [c.sha, i]));
  const deepen = Math.max(100, 2 * input.commits.length);
  findings = findings
    .map((f, i) => [f, i] as const)
    .sort(([a, i], [b, j]) => (position.get(a.commit) ?? 0) - (position.get(b.commit) ?? 0) || i - j)
    .map(([f]): AuditFinding => (f.code === 'AUDIT_SHALLOW' ? { ...f, data: { ...f.data, deepen } } : f));
  const report: AuditReport = { range, counts: evaluation.counts, findings, ...(replayed === undefined ? {} : { replayed }), ...(shard ? { shard } : {}) };
  return { report, exitCode: auditExitCode(findings) };
}

/**
 * `A` of a range given as one `A..B` (B may be empty, for HEAD): every commit outside the range
 * that one of its commits has as a parent is reachable from A. Anything else (`A...B`, several
 * arguments, `:/text` searches, a missing A): undefined.
 */
export function excludedSide(range: readonly string[]): string | undefined {
  if (range.length !== 1) return undefined;
  const m = /^([^.:\s-][^\s]*?[^.\s]|[^.:\s-])\.\.(?!\.)[^\s]*$/.exec(range[0]!);
  if (!m || m[1]!.includes('..')) return undefined;
  return m[1];
}
