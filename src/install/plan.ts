/**
 * What install and uninstall do to one hook, decided from what is on disk (read beforehand) and the
 * rendered script. Pure: returns file operations and a report line, or a problem. Nothing is written
 * until every hook has a plan, so a refusal leaves everything as it was.
 */
import { removeBlocks, upsertBlock } from './block.js';
import { callsTddHook, CHAIN_SUFFIX, classifyHookOwner, isTddShim, type HookName, type HookOwner } from './shim.js';
import { findTestLines, replaceTestLines, restoreTestLines, type TestLine } from './test-line.js';

export type FileState =
  | { kind: 'absent' }
  | { kind: 'file'; content: string; mode: number }
  /** A symlink, a directory…: moved aside and back, never read or written through. */
  | { kind: 'other' };

export type FileOp = { op: 'write'; path: string; content: string; mode: number } | { op: 'rename'; from: string; to: string } | { op: 'delete'; path: string };

export type InstallAction = 'installed' | 'updated' | 'chained' | 'unchanged';
/** 'edited': our shim with the user's edits in it, left in place (and any hook it chained beside it). */
export type UninstallAction = 'removed' | 'restored' | 'block-removed' | 'deleted' | 'absent' | 'foreign' | 'edited';

export interface HookInstall {
  hook: HookName;
  /** The file written or edited. */
  path: string;
  action: InstallAction;
  /** The hook that was there before: kept under CHAIN_SUFFIX, run first by the shim. */
  chained?: string;
  /** Which tool wrote that hook, when it can be told. */
  owner?: HookOwner;
  /** husky: lines ahead of the block that run the test suite on the working tree (see test-line.ts); replaced with --replace-test-line. */
  testLines?: (TestLine & { replaced: boolean })[];
}

export interface HookUninstall {
  hook: HookName;
  path: string;
  action: UninstallAction;
  /** With 'foreign' or 'edited': a hook install had moved aside, left where it is. */
  chained?: string;
  /** husky: test lines install had replaced, given back. */
  restoredLines?: number;
}

export interface InstallProblem {
  code: 'CHAIN_BACKUP_EXISTS' | 'BLOCK_MALFORMED' | 'NOT_A_FILE';
  path: string;
  line?: number;
}

export type Planned<T> = { ok: true; report: T; ops: FileOp[] } | { ok: false; problem: InstallProblem };

/** What a husky script tdd-hooks creates starts with (husky v4–v8 run the file itself). */
export const HUSKY_SHEBANG = '#!/usr/bin/env sh\n';
export const HOOK_MODE = 0o755;

const isExecutable = (mode: number): boolean => (mode & 0o111) === 0o111;
const sameFile = (a: FileState, b: FileState): boolean => a.kind === 'file' && b.kind === 'file' && a.content === b.content && a.mode === b.mode;

/** A plain hooks directory: write our shim; a hook that is not ours is moved aside and chained. */
export function planShimInstall(hook: HookName, path: string, current: FileState, backup: FileState, shim: string): Planned<HookInstall> {
  const chainedPath = path + CHAIN_SUFFIX;
  const chained = backup.kind === 'absent' ? {} : { chained: chainedPath };
  const write: FileOp = { op: 'write', path, content: shim, mode: HOOK_MODE };
  if (current.kind === 'absent') return { ok: true, report: { hook, path, action: 'installed', ...chained }, ops: [write] };
  if (current.kind === 'file' && isTddShim(current.content)) {
    const same = current.content === shim && isExecutable(current.mode);
    return { ok: true, report: { hook, path, action: same ? 'unchanged' : 'updated', ...chained }, ops: same ? [] : [write] };
  }
  const owner = current.kind === 'file' ? classifyHookOwner(current.content) : 'unknown';
  // A hook that runs our CLI itself (simple-git-hooks' from a configuration with our line): chaining it would run tdd-hooks twice.
  if (current.kind === 'file' && callsTddHook(current.content, hook)) return { ok: true, report: { hook, path, action: 'unchanged', owner }, ops: [] };
  if (backup.kind !== 'absent') {
    // A hook manager put back the very hook we had chained (lefthook install, pre-commit install…).
    if (!sameFile(current, backup)) return { ok: false, problem: { code: 'CHAIN_BACKUP_EXISTS', path: chainedPath } };
    return { ok: true, report: { hook, path, action: 'chained', chained: chainedPath, owner }, ops: [write] };
  }
  return {
    ok: true,
    report: { hook, path, action: 'chained', chained: chainedPath, owner },
    ops: [{ op: 'rename', from: path, to: chainedPath }, write],
  };
}

/**
 * husky: our block at the end of `.husky/<hook>` (the file made if missing), or updated in place.
 * A line ahead of it that runs the test suite is reported, and with `replaceTestLine` commented out.
 */
export function planBlockInstall(
  hook: HookName,
  path: string,
  current: FileState,
  block: string,
  opts: { replaceTestLine?: boolean } = {},
): Planned<HookInstall> {
  if (current.kind === 'other') return { ok: false, problem: { code: 'NOT_A_FILE', path } };
  if (current.kind === 'absent') {
    return { ok: true, report: { hook, path, action: 'installed' }, ops: [{ op: 'write', path, content: HUSKY_SHEBANG + block, mode: HOOK_MODE }] };
  }
  const found = findTestLines(current.content);
  const replace = Boolean(opts.replaceTestLine) && found.length > 0;
  const testLines = found.length > 0 ? { testLines: found.map((l) => ({ ...l, replaced: replace })) } : {};
  const edit = upsertBlock(replace ? replaceTestLines(current.content, found) : current.content, block);
  if (!edit.ok) return { ok: false, problem: { code: 'BLOCK_MALFORMED', path, line: edit.line } };
  if (edit.content === current.content) return { ok: true, report: { hook, path, action: 'unchanged', ...testLines }, ops: [] };
  return {
    ok: true,
    report: { hook, path, action: edit.found === 0 ? 'installed' : 'updated', ...testLines },
    ops: [{ op: 'write', path, content: edit.content, mode: current.mode }],
  };
}

/**
 * Deletes our shim and puts the chained hook back; anything else stays — a shim of ours that the
 * user edited too (`isPristine` tells: it is exactly what install writes), with the chained hook beside it.
 */
export function planShimUninstall(
  hook: HookName,
  path: string,
  current: FileState,
  backup: FileState,
  isPristine: (content: string) => boolean = () => true,
): Planned<HookUninstall> {
  const chainedPath = path + CHAIN_SUFFIX;
  const restore: FileOp[] = backup.kind === 'absent' ? [] : [{ op: 'rename', from: chainedPath, to: path }];
  const action = backup.kind === 'absent' ? 'removed' : 'restored';
  if (current.kind === 'file' && isTddShim(current.content) && !isPristine(current.content)) {
    return { ok: true, report: { hook, path, action: 'edited', ...(backup.kind === 'absent' ? {} : { chained: chainedPath }) }, ops: [] };
  }
  if (current.kind === 'file' && isTddShim(current.content)) {
    return { ok: true, report: { hook, path, action }, ops: [{ op: 'delete', path }, ...restore] };
  }
  // An install interrupted between moving the old hook aside and writing ours.
  if (current.kind === 'absent') return { ok: true, report: { hook, path, action: restore.length ? 'restored' : 'absent' }, ops: restore };
  return { ok: true, report: { hook, path, action: 'foreign', ...(backup.kind === 'absent' ? {} : { chained: chainedPath }) }, ops: [] };
}

/** Takes our block out of a husky script, and gives back the test lines install replaced; a script install created goes when nothing else is left. */
export function planBlockUninstall(hook: HookName, path: string, current: FileState): Planned<HookUninstall> {
  if (current.kind !== 'file') return { ok: true, report: { hook, path, action: 'absent' }, ops: [] };
  const edit = removeBlocks(current.content);
  if (!edit.ok) return { ok: false, problem: { code: 'BLOCK_MALFORMED', path, line: edit.line } };
  const { content, restored } = restoreTestLines(edit.content);
  if (edit.found === 0 && restored === 0) return { ok: true, report: { hook, path, action: 'absent' }, ops: [] };
  const lines = restored > 0 ? { restoredLines: restored } : {};
  if (content === '' || content === HUSKY_SHEBANG) {
    return { ok: true, report: { hook, path, action: 'deleted' }, ops: [{ op: 'delete', path }] };
  }
  return { ok: true, report: { hook, path, action: 'block-removed', ...lines }, ops: [{ op: 'write', path, content, mode: current.mode }] };
}
