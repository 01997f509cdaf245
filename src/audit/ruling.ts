/**
 * Pure: the rules each commit is judged by — its parent's configuration (its own for a root
 * commit), found by following the configuration files' blob ids through the diffs: no git call
 * per commit, one parse per distinct set of blobs.
 */
import { runnerSpecs } from '../config/resolve.js';
import { ALL_RUNNER_FILES } from '../config/runner-tests/files.js';
import { under } from '../config/runner-tests/paths.js';
import type { ConfigProblem } from '../config/validate.js';
import { PACKAGE_TEST_SCRIPT } from '../config/schema.js';
import { allowedOffs, CONFIG_PATHS, parseRules } from './config.js';
import type { HistoryCommit } from './history.js';
import type { AuditOptions, Rules } from './types.js';

/** Blob ids of CONFIG_PATHS (or of another list of paths) at a commit (null: absent). */
export type ConfigOids = (string | null)[];

const NONE: ConfigOids = CONFIG_PATHS.map(() => null);
const PKG = CONFIG_PATHS.length - 1;

/**
 * The blob ids of `paths` (the configuration files by default) at every commit, from those at the
 * parents outside the list (`outside`) and each commit's changes against its first parent.
 * `commits` are parents first.
 */
export function trackConfigOids(
  commits: HistoryCommit[],
  outside: ReadonlyMap<string, ConfigOids>,
  cut: ReadonlySet<string> = new Set(),
  paths: readonly string[] = CONFIG_PATHS,
  /** Whether a commit's changes of these paths are taken (default: every commit's). */
  adopts: (c: HistoryCommit) => boolean = () => true,
): Map<string, ConfigOids> {
  const none: ConfigOids = paths.map(() => null);
  const index = new Map(paths.map((p, i) => [p, i]));
  const at = new Map<string, ConfigOids>();
  for (const c of commits) {
    const parent = c.parents[0];
    const base = parent && !cut.has(c.sha) ? (at.get(parent) ?? outside.get(parent) ?? none) : none;
    let oids = base;
    if (!adopts(c)) {
      at.set(c.sha, oids);
      continue;
    }
    for (const e of c.changes) {
      const i = index.get(e.path) ?? -1;
      if (i < 0) continue;
      if (oids === base) oids = [...base];
      oids[i] = e.status === 'D' ? null : e.newBlob;
    }
    at.set(c.sha, oids);
  }
  return at;
}

/**
 * The runners' own files a commit's rules read (.mocharc.yml, pyproject.toml… in each runner's
 * folder): the paths, and their blob ids at each commit (see trackConfigOids).
 */
export interface RunnerFileOids {
  paths: readonly string[];
  at: ReadonlyMap<string, ConfigOids>;
}

/** The paths of the runners' own files that rules may read: each runner's folder × the names a reader asks for, and its package.json. */
export function runnerFilePaths(rules: Iterable<Rules>): string[] {
  const roots = new Set<string>();
  for (const r of rules) for (const s of runnerSpecs(r.config)) roots.add(s.root);
  return [...roots].sort().flatMap((root) => ['package.json', ...ALL_RUNNER_FILES].map((n) => under(root, n)));
}

/** What the rules of a range are resolved from. */
export interface RulingInput {
  /** The range's commits, parents first. */
  commits: HistoryCommit[];
  /** Each commit's tdd-hooks configuration blobs (trackConfigOids). */
  oidsAt: ReadonlyMap<string, ConfigOids>;
  /** The same for the parents outside the range. */
  outside: ReadonlyMap<string, ConfigOids>;
  /** Blob texts by id. */
  texts: ReadonlyMap<string, string>;
  /** Commits at a shallow clone's cut (judged by their own configuration). */
  cut?: ReadonlySet<string>;
  /** The runners' own files (their folders' configuration), followed like the configuration. */
  runnerFiles?: RunnerFileOids;
  /** Parsed configurations shared between resolutions (default: a new one over `texts`). */
  ids?: ConfigIds;
  /** resolveRules: the configuration each commit's parent rules by (default: `oidsAt`; resolveBaseRules passes the adopted one). */
  rulingAt?: ReadonlyMap<string, ConfigOids>;
}

export interface RulesResolution {
  rulesOf: Map<string, Rules>;
  /** Commits that bring a malformed configuration, with its problems. */
  problems: Map<string, ConfigProblem[]>;
}

/**
 * The rules of each commit: its parent's configuration, the runner detected from its own
 * package.json (as the hook does with the staged one). Committed rules that are malformed (they
 * entered past the hooks) give way to the commit's own when those are valid, else to the defaults.
 */
export function resolveRules(input: RulingInput): RulesResolution {
  const { commits, oidsAt, outside, texts, cut = new Set<string>(), runnerFiles, rulingAt = oidsAt } = input;
  const ids = input.ids ?? new ConfigIds(texts);
  const cache = new Map<string, ReturnType<typeof parseRules>>();
  const interned = new Map<string, Rules>();
  const pkgAt = (runnerFiles?.paths ?? []).map((p) => p === 'package.json' || p.endsWith('/package.json'));
  const index = new Map(runnerFiles?.paths.map((p, i) => [p, i]));
  const parsed = (oids: ConfigOids, detectOid: string | null, files: ConfigOids | undefined) => {
    const detect = ids.idOf(detectOid, true);
    const key = `${ids.keyOf(oids, CONFIG_PKG)}|${detect}|${files ? ids.keyOf(files, pkgAt) : ''}`;
    let r = cache.get(key);
    if (!r) {
      const text = (oid: string | null | undefined, pkg: boolean) => ids.text(ids.idOf(oid ?? null, pkg));
      const readFile = files ? (path: string) => text(files[index.get(path) ?? -1], path.endsWith('package.json')) : undefined;
      r = parseRules({ files: oids.map((o, i) => text(o, i === PKG)), detectFrom: ids.text(detect), ...(readFile ? { readFile } : {}) });
      if ('rules' in r) {
        // Rules alike are one object, so a classifier is compiled once per distinct set of rules.
        const same = JSON.stringify(r.rules);
        const seen = interned.get(same);
        if (seen) r = { rules: seen };
        else interned.set(same, r.rules);
      }
      cache.set(key, r);
    }
    return r;
  };
  const fallback = parsed(NONE, null, undefined) as { rules: Rules };
  const rulesOf = new Map<string, Rules>();
  const problems = new Map<string, ConfigProblem[]>();
  // One array for "none of the runners' files" (ConfigIds keys an array once: a new one per commit was a new key).
  const noFiles = runnerFiles?.paths.map(() => null);
  for (const c of commits) {
    const own = oidsAt.get(c.sha) ?? NONE;
    const parent = cut.has(c.sha) ? undefined : c.parents[0];
    const ruling = parent ? (rulingAt.get(parent) ?? outside.get(parent) ?? NONE) : own;
    // The runners' own files are the commit's, as the hook reads the staged ones.
    const files = runnerFiles ? (runnerFiles.at.get(c.sha) ?? noFiles) : undefined;
    const mine = parsed(own, own[PKG] ?? null, files);
    // Reported on the commit that brings the malformed file (or a root commit that has it).
    if ('problems' in mine && (!parent || (ruling !== own && ruling.join() !== own.join()))) problems.set(c.sha, mine.problems);
    const judged = ruling === own ? mine : parsed(ruling, own[PKG] ?? null, files);
    rulesOf.set(c.sha, 'rules' in judged ? judged.rules : 'rules' in mine ? mine.rules : fallback.rules);
  }
  return { rulesOf, problems };
}

/**
 * Whether none of these configuration blob lists (trackConfigOids' `at` and `outside`) holds a
 * tdd-hooks configuration as parseRules reads one: no .tddrc.json or .tddrc, no package.json
 * with a "tdd" key. Every commit's rules are then the defaults, whatever runner is detected.
 * A package.json text missing from `texts` counts as a configuration (unknown).
 */
export function noConfiguration(lists: Iterable<ConfigOids>, texts: ReadonlyMap<string, string>): boolean {
  const seen = new Set<ConfigOids>();
  const pkgs = new Set<string>();
  for (const oids of lists) {
    if (seen.has(oids)) continue;
    seen.add(oids);
    if (oids.some((o, i) => o !== null && i !== PKG)) return false;
    if (oids[PKG]) pkgs.add(oids[PKG]);
  }
  for (const oid of pkgs) if (hasTddKey(texts.get(oid))) return false;
  return true;
}

/** A package.json's "tdd" key, as config.ts pick reads it: a key can only be written `"tdd"` or with a `\u` escape. */
function hasTddKey(text: string | undefined): boolean {
  if (text === undefined) return true;
  if (!text.includes('"tdd"') && !text.includes('\\u')) return false;
  try {
    const v: unknown = JSON.parse(text);
    return Boolean(v) && typeof v === 'object' && !Array.isArray(v) && 'tdd' in (v as object);
  } catch {
    return false;
  }
}

/** A commit's own tdd-hooks configuration, read as the rules read it (parseRules); undefined when it has none. */
function configOf(oids: ConfigOids | undefined, ids: ConfigIds, seen: Map<string, { audit?: AuditOptions } | undefined>): { audit?: AuditOptions } | undefined {
  if (!oids) return undefined;
  // Asked of every commit until one brings a configuration: a long history that never adopts the
  // hooks has one parse per distinct set of files (package.json by its shape), not one per commit.
  const key = ids.keyOf(oids, CONFIG_PKG);
  if (seen.has(key)) return seen.get(key);
  const r = parseRules({ files: oids.map((o, i) => ids.text(ids.idOf(o, i === PKG))), detectFrom: null });
  // A malformed file is a configuration too: its problems are reported where it entered.
  const own = 'problems' in r ? {} : r.rules.source === 'defaults' ? undefined : { audit: r.rules.audit };
  seen.set(key, own);
  return own;
}

/**
 * The rules are the base's, not the commit's: the configuration at the range's base (a root
 * commit's own), changed only by the `off` commits the base's policy allows (`audit.allowOff`, in
 * order; none with `audit.failOnOff`). Each commit's rules are those, as its line of history has
 * adopted them; `declaredOf` holds, where they differ, the rules the history itself declared (its
 * parent's configuration), so the rule AUDIT_RULES_WIDENED can name what the difference turns
 * into "ignored" or "support".
 */
export function resolveBaseRules(
  input: Omit<RulingInput, 'rulingAt'> & { /** The audit's policy when given (default: the base's). */ policy?: AuditOptions },
): RulesResolution & { declaredOf: Map<string, Rules> } {
  const { commits, oidsAt, outside, texts, cut = new Set<string>(), policy } = input;
  const ids = input.ids ?? new ConfigIds(texts);
  const declared = resolveRules({ ...input, ids });
  const first = commits[0];
  const audit = policy ?? (first ? declared.rulesOf.get(first.sha)?.audit : undefined);
  let allowed = allowedOffs(audit);
  let offs = 0;
  // A line with no configuration at its base adopts the first one it brings: the setup commit is
  // where the project's rules (and its audit policy) start; later changes need an allowed off commit.
  let configured = first ? declared.rulesOf.get(first.sha)?.source !== 'defaults' : false;
  // Only before the line's first TDD step: a project on the defaults cannot widen them later by bringing a file.
  let tddSeen = false;
  // Off commits are counted in order, as the audit counts them (evaluate.ts allowOffCommits); a root's own configuration is the base.
  const configs = new Map<string, { audit?: AuditOptions } | undefined>();
  const adopts = (c: HistoryCommit): boolean => {
    const before = !tddSeen;
    if (c.trailers.phase) tddSeen = true;
    if (!configured && before) {
      const own = configOf(oidsAt.get(c.sha), ids, configs);
      if (own) {
        configured = true;
        if (!policy) allowed = allowedOffs(own.audit);
        return true;
      }
    }
    const allowedOff = c.trailers.phase === 'off' && ++offs <= allowed;
    return c.parents.length === 0 || cut.has(c.sha) || allowedOff;
  };
  const adoptedAt = trackConfigOids(commits, outside, cut, CONFIG_PATHS, adopts);
  const base = resolveRules({ ...input, ids, rulingAt: adoptedAt });
  const declaredOf = new Map<string, Rules>();
  for (const c of commits) {
    const parent = cut.has(c.sha) ? undefined : c.parents[0];
    if (!parent) continue;
    const [own, adopted] = [oidsAt.get(parent) ?? outside.get(parent), adoptedAt.get(parent) ?? outside.get(parent)];
    const mine = declared.rulesOf.get(c.sha);
    if (mine && (own ?? NONE).join() !== (adopted ?? NONE).join()) declaredOf.set(c.sha, mine);
  }
  // A malformed configuration is reported where the history brought it, as declared.
  return { rulesOf: base.rulesOf, problems: declared.problems, declaredOf };
}

const DEPENDENCY_KEYS = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'];

/**
 * A package.json as the rules read it: without its version, its scripts other than the test
 * scripts (PACKAGE_TEST_SCRIPT: the only ones detection and the runners' readers look at) and its
 * dependencies' version ranges (only names are read: the runner a project depends on), so the
 * releases, build-script edits and dependency bumps of a long history share one parse. Undefined: not a JSON object (read as it is).
 */
export function packageShape(text: string): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const o: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  delete o.version;
  const scripts = o.scripts;
  if (scripts && typeof scripts === 'object' && !Array.isArray(scripts))
    o.scripts = Object.fromEntries(Object.entries(scripts).filter(([k]) => PACKAGE_TEST_SCRIPT.test(k)));
  for (const k of DEPENDENCY_KEYS) {
    const d = o[k];
    if (d && typeof d === 'object' && !Array.isArray(d)) o[k] = Object.fromEntries(Object.keys(d).map((n) => [n, '']));
  }
  return JSON.stringify(o);
}

const CONFIG_PKG = CONFIG_PATHS.map((_, i) => i === PKG);

/**
 * Short ids for the configuration blobs of resolveRules' cache keys: a package.json by its shape
 * (packageShape), any other blob by its id; a list of blob ids keyed once per array (trackConfigOids
 * hands the same array on until a commit changes one of them). One serves several resolveRules
 * over the same texts (a blob added to them later is read as it is).
 */
export class ConfigIds {
  private readonly shapeOf = new Map<string, string>();
  private readonly shapes = new Map<string, string>();
  private readonly shapeTexts = new Map<string, string>();
  private readonly keys = new WeakMap<ConfigOids, string>();

  constructor(private readonly texts: ReadonlyMap<string, string>) {}

  /** A blob's id for the rules: a package.json's shape id (`#n`) when it has one. */
  idOf(oid: string | null, pkg: boolean): string {
    if (oid === null) return '';
    if (!pkg) return oid;
    let id = this.shapeOf.get(oid);
    if (id === undefined) {
      const text = this.texts.get(oid);
      const shape = text === undefined ? undefined : packageShape(text);
      id = shape === undefined ? oid : this.shapes.get(shape);
      if (id === undefined) {
        id = `#${this.shapes.size}`;
        this.shapes.set(shape!, id);
        this.shapeTexts.set(id, shape!);
      }
      this.shapeOf.set(oid, id);
    }
    return id;
  }

  text(id: string): string | null {
    if (id === '') return null;
    return this.shapeTexts.get(id) ?? this.texts.get(id) ?? null;
  }

  /** `pkgAt`: which of the list's paths are a package.json (read by shape). */
  keyOf(oids: ConfigOids, pkgAt: readonly boolean[]): string {
    let key = this.keys.get(oids);
    if (key === undefined) {
      key = oids.map((o, i) => this.idOf(o, pkgAt[i] ?? false)).join(',');
      this.keys.set(oids, key);
    }
    return key;
  }
}
