/**
 * `isolation.build`: the build products the tests need (a workspace package's `dist/`, which the
 * commit does not hold), built in the private copy from the staged sources before the tests run —
 * never linked from the working tree, whose build may be of other sources than the commit's.
 *
 * Cached by content: the key is the command and the paths and blob ids of its inputs (the files
 * `inputs` names in the tree being committed; without it, the whole tree). The copy remembers the
 * key of its last build and what that build left there (`<scratch>/build.json`); the copy's
 * cleaning between runs keeps those outputs, and an unchanged key reuses them instead of building
 * again. A changed key removes them first: nothing of an older build can stand in for this one.
 * A build that edits files the commit holds is never reused (the cleaning restores them). The
 * record holds a digest of the outputs as the build left them (each file's path, size and
 * content): outputs changed since (a test or a tool that wrote into dist/) are built again, never
 * reused on the key alone.
 */
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import picomatch from 'picomatch';
import type { Config } from '../config/schema.js';
import { readWholeTree, type RepoContext } from '../git/queries.js';
import { splitCommand } from '../process/command-line.js';
import { scrubbedEnv } from '../process/env.js';
import { runProcess } from '../process/spawn.js';
import type { BuildFacts } from '../types.js';
import { readCopyChanges } from '../git/copy-index.js';
import { copyIndexOf, type Scratch } from './scratch.js';

export interface BuildSpec {
  command: string;
  /** Globs of the files the build reads; null: the whole tree. */
  inputs: string[] | null;
}

interface BuildRecord {
  key: string;
  outputs: string[];
  /** The outputs as the build left them (outputsDigest). */
  digest: string;
}

const RECORD = 'build.json';

/** Pure: the configured build as one shape; null when none is configured. */
export function buildSpecOf(config: Pick<Config, 'isolation'>): BuildSpec | null {
  const b = config.isolation.build;
  if (b === null || b === undefined) return null;
  return typeof b === 'string' ? { command: b, inputs: null } : { command: b.command, inputs: b.inputs ?? null };
}

/** Pure: whether a tree path is one of the build's inputs (a glob's match, or a plain path: that file or anything in that folder). */
export function inputMatcher(inputs: string[]): (path: string) => boolean {
  const globs = picomatch(
    inputs.filter((i) => /[*?[{]/.test(i)),
    { dot: true },
  );
  const plain = inputs.filter((i) => !/[*?[{]/.test(i)).map((i) => i.replace(/\/+$/, ''));
  return (path) => globs(path) || plain.some((p) => path === p || path.startsWith(`${p}/`));
}

/** The inputs' content id: the command, and each input file's path, mode and blob id (the tree id itself without inputs). */
export async function buildKey(repo: RepoContext, spec: BuildSpec, tree: string): Promise<string> {
  const hash = createHash('sha256').update(`${spec.command}\0`);
  if (spec.inputs === null) return hash.update(`tree ${tree}`).digest('hex');
  const isInput = inputMatcher(spec.inputs);
  const entries = [...(await readWholeTree(repo, tree))].filter(([path]) => isInput(path)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [path, e] of entries) hash.update(`${e.mode} ${e.blob} ${path}\0`);
  return hash.digest('hex');
}

/** The last build's outputs in the copy at `dir` (the cleaning keeps them); [] when none is recorded. */
export function recordedOutputs(dir: string): string[] {
  return readRecord(dir)?.outputs ?? [];
}

/** The last build is no longer the copy's (isolation.build is not configured): the cleaning removes its outputs. */
export function forgetBuild(dir: string): void {
  rmSync(join(dir, RECORD), { force: true });
}

function readRecord(dir: string): BuildRecord | undefined {
  try {
    const v = JSON.parse(readFileSync(join(dir, RECORD), 'utf8')) as Partial<BuildRecord> | null;
    return typeof v?.key === 'string' && Array.isArray(v.outputs) && v.outputs.every((o) => typeof o === 'string')
      ? { key: v.key, outputs: v.outputs, digest: typeof v.digest === 'string' ? v.digest : '' }
      : undefined;
  } catch {
    return undefined;
  }
}

/** A build that failed in this process, by key: GREEN's second run of the same tree does not build it again. */
const failed = new Map<string, BuildFacts>();

/**
 * Build in the copy when `isolation.build` is configured (undefined when not): reuse the last
 * build when its key is this tree's and its outputs are all there, else remove them and build.
 */
export async function buildInCopy(repo: RepoContext, config: Config, scratch: Scratch, tree: string): Promise<BuildFacts | undefined> {
  const spec = buildSpecOf(config);
  if (!spec) return undefined;
  const key = await buildKey(repo, spec, tree);
  const known = failed.get(key);
  if (known) return known;
  const record = readRecord(scratch.dir);
  if (record?.key === key && record.outputs.every((o) => existsSync(join(scratch.tree, o))) && outputsDigest(scratch.tree, record.outputs) === record.digest) {
    return { command: spec.command, status: 'cached', key, exitCode: 0, outputs: record.outputs };
  }
  rmSync(join(scratch.dir, RECORD), { force: true });
  for (const o of record?.outputs ?? []) rmSync(join(scratch.tree, o), { recursive: true, force: true });
  const facts = await runBuild(repo, config, spec, scratch, key);
  if (facts.status === 'failed' || facts.status === 'unrun') failed.set(key, facts);
  return facts;
}

async function runBuild(repo: RepoContext, config: Config, spec: BuildSpec, scratch: Scratch, key: string): Promise<BuildFacts> {
  const base = { command: spec.command, key, outputs: [] as string[] };
  let argv: string[];
  try {
    argv = splitCommand(spec.command);
  } catch (e) {
    return { ...base, status: 'unrun', exitCode: null, reason: `isolation.build: ${(e as Error).message}` };
  }
  const env = scrubbedEnv(repo.env);
  // Like an npm script: the project's own binaries first.
  const path = [join(scratch.tree, 'node_modules', '.bin'), env.PATH ?? ''].join(delimiter);
  const r = await runProcess(argv, {
    cwd: scratch.tree,
    env: { ...env, PATH: path, FORCE_COLOR: '0', NO_COLOR: '1' },
    timeoutMs: config.timeoutSeconds * 1000,
  });
  const tail = `${r.stdout}${r.stderr}`.split(`${scratch.tree}/`).join('').trim().slice(-4000);
  if (r.error === 'ENOENT') return { ...base, status: 'unrun', exitCode: null, reason: `${argv[0]}: command not found`, outputTail: tail };
  if (r.timedOut || r.interrupted)
    return {
      ...base,
      status: 'unrun',
      exitCode: r.exitCode,
      reason: r.timedOut ? `timed out after ${config.timeoutSeconds} s (timeoutSeconds)` : 'interrupted',
      outputTail: tail,
      ...(r.timedOut ? { timedOut: true as const } : {}),
    };
  if (r.exitCode !== 0) return { ...base, status: 'failed', exitCode: r.exitCode, outputTail: tail };
  const { untracked, edited } = await readCopyChanges(copyIndexOf(repo, scratch));
  const linked = scratch.linkedFolders;
  const outputs = untracked
    .split('\0')
    .filter((o) => o !== '' && !linked.some((l) => o === l || o === `${l}/` || o.startsWith(`${l}/`)))
    .map((o) => o.replace(/\/$/, ''));
  // A build that edits committed files is not reused: the cleaning before the next run restores them.
  if (edited === '')
    writeFileSync(join(scratch.dir, RECORD), JSON.stringify({ key, outputs, digest: outputsDigest(scratch.tree, outputs) } satisfies BuildRecord));
  return { ...base, status: 'built', exitCode: 0, outputs };
}

/** The outputs' content id: every file below them by path, size and content (a link by its target), in a fixed order. */
export function outputsDigest(root: string, outputs: readonly string[]): string {
  const hash = createHash('sha256');
  const visit = (rel: string): void => {
    const abs = join(root, rel);
    let st;
    try {
      st = lstatSync(abs);
    } catch {
      hash.update(`missing ${rel}\0`);
      return;
    }
    if (st.isSymbolicLink()) hash.update(`link ${rel} ${readlinkSync(abs)}\0`);
    else if (st.isDirectory()) for (const name of readdirSync(abs).sort()) visit(`${rel}/${name}`);
    else hash.update(`file ${rel} ${st.size}\0`).update(readFileSync(abs));
  };
  for (const o of [...outputs].sort()) visit(o);
  return hash.digest('hex');
}
