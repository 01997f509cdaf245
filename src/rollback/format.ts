/** Pure: what rollback and undo did, in words and as JSON. Every path with its action; the way back. */
import { paint } from '../report/format.js';
import { ROLLBACK_REFS } from './meta.js';
import type { RollbackOutcome } from './rollback.js';
import type { Backup, KeptPath, RollbackAction } from './types.js';
import type { UndoOutcome } from './undo.js';

const short = (oid: string) => oid.slice(0, 12);

/** A path on one line: quoted when it holds control characters, quotes, or edge spaces. */
export function formatPath(path: string): string {
  return /[\x00-\x1f\x7f"]/.test(path) || path !== path.trim() ? JSON.stringify(path) : path;
}

const SOURCE: Record<RollbackOutcome['target']['source'], string> = {
  state: 'the last green commit the state records',
  trailers: 'the newest commit with a TDD-Phase: green or refactor trailer',
  argument: 'given with --to',
};

const KEPT: Record<KeptPath['reason'], string> = {
  test: 'test',
  support: 'test support',
  manifest: 'manifest',
  config: 'project configuration',
  ignored: 'ignored by the configuration',
  gitignored: 'untracked, gitignored',
  untracked: 'untracked: rollback touches tracked files only',
  'other-task': "not the active task's files",
  submodule: 'submodule',
};

function pathLine(color: boolean, action: RollbackAction, path: string, changes: { index: boolean; worktree: boolean }): string {
  const side = changes.worktree ? '' : paint(color, 'dim', ' (index only)');
  return `  ${paint(color, action === 'removed' ? 'yellow' : 'green', action.padEnd(10))} ${formatPath(path)}${side}`;
}

/** `git checkout <ref> -- :/` overlays, from any folder: it writes the saved files (and stages them), it removes nothing. */
export function plainGitCommand(ref: string): string {
  return `git checkout ${ref} -- :/`;
}

export function formatRollback(o: RollbackOutcome, color: boolean): string {
  const target = `${short(o.target.commit)} "${o.target.subject}" (${SOURCE[o.target.source]})`;
  if (o.entries.length === 0) return `nothing to roll back: the implementation files already match ${target}`;
  const lines = [
    o.dryRun
      ? `dry run — nothing was changed. tdd rollback would put ${o.entries.length} implementation file(s) back as they are at ${target}:`
      : `rolled back ${o.entries.length} implementation file(s) to ${target}:`,
    ...o.entries.map((e) => pathLine(color, e.action, e.path, e.changes)),
  ];
  if (o.kept.length > 0) {
    lines.push(`left as they are (rollback changes tracked implementation files only): ${o.kept.length} path(s)`);
    lines.push(...o.kept.slice(0, 10).map((k) => `  ${paint(color, 'dim', 'kept'.padEnd(10))} ${formatPath(k.path)} (${KEPT[k.reason]})`));
    if (o.kept.length > 10) lines.push(`  … and ${o.kept.length - 10} more (--json lists them all)`);
  }
  if (o.dryRun) {
    lines.push(`it would first save the files and index entries it overwrites under ${ROLLBACK_REFS}<n>, for tdd rollback --undo`);
  } else if (o.backup) {
    lines.push(`saved first in ${o.backup.ref}: the overwritten files, and their index entries in ${o.backup.ref}^`);
    lines.push(`  undo:       ${paint(color, 'cyan', 'tdd rollback --undo')}`);
    lines.push(`  plain git:  ${plainGitCommand(o.backup.ref)}   (writes the saved files over those paths, staged; removes nothing)`);
    lines.push(`  next: run the tests; commit the rollback, or undo it`);
  }
  return lines.join('\n');
}

export function rollbackJson(o: RollbackOutcome): Record<string, unknown> {
  return {
    action: 'rollback',
    dryRun: o.dryRun,
    target: o.target,
    head: o.head,
    paths: o.entries.map((e) => ({
      path: e.path,
      action: e.action,
      index: e.changes.index,
      worktree: e.changes.worktree,
      target: e.target,
      before: { index: e.index, worktree: e.worktree },
    })),
    kept: o.kept,
    backup: o.backup,
    ...(o.backup ? { undo: 'tdd rollback --undo', plainGit: plainGitCommand(o.backup.ref), indexRef: `${o.backup.ref}^` } : {}),
  };
}

export function formatUndo(o: UndoOutcome, color: boolean): string {
  const lines = [
    o.dryRun
      ? `dry run — nothing was changed. tdd rollback --undo would put ${o.paths.length} path(s) back as ${o.backup.ref} saved them (before the rollback to ${short(o.backup.meta.target)}):`
      : `undid the rollback to ${short(o.backup.meta.target)}: ${o.paths.length} path(s) put back as ${o.backup.ref} saved them:`,
    ...o.paths.map((p) => pathLine(color, p.action, p.path, p.changes)),
  ];
  if (o.changed.length > 0) {
    lines.push(`${o.dryRun ? 'would overwrite' : 'overwrote (--force)'} changes made since the rollback to: ${o.changed.map(formatPath).join(', ')}`);
    if (o.overwritten) lines.push(`  saved first in ${o.overwritten.ref}; plain git brings them back: ${plainGitCommand(o.overwritten.ref)}`);
  }
  if (o.headWas) lines.push(`note: HEAD moved since the rollback (it was ${short(o.headWas)}): the files put back show as changes against the new HEAD`);
  if (!o.dryRun) {
    lines.push(`dropped ${o.backup.ref}`);
    if (o.remaining.length > 0) lines.push(`  ${o.remaining.length} older backup(s) remain: \`tdd rollback --undo\` again undoes ${o.remaining[0]}`);
  }
  return lines.join('\n');
}

export function undoJson(o: UndoOutcome): Record<string, unknown> {
  return {
    action: 'undo',
    dryRun: o.dryRun,
    backup: { ref: o.backup.ref, commit: o.backup.commit, target: o.backup.meta.target },
    paths: o.paths.map((p) => ({ path: p.path, action: p.action, index: p.changes.index, worktree: p.changes.worktree })),
    changed: o.changed,
    overwritten: o.overwritten,
    headWas: o.headWas,
    dropped: !o.dryRun,
    remaining: o.remaining,
  };
}

export function formatList(backups: Backup[]): string {
  if (backups.length === 0) return `no rollback backups (${ROLLBACK_REFS}<n>)`;
  return [
    `${backups.length} rollback backup(s), newest first (tdd rollback --undo takes the first):`,
    ...backups.map(
      (b) =>
        `  ${b.ref}  ${b.meta.at}  to ${short(b.meta.target)}  ${b.meta.paths.length} path(s): ${b.meta.paths
          .slice(0, 3)
          .map((p) => formatPath(p.path))
          .join(', ')}${b.meta.paths.length > 3 ? ', …' : ''}`,
    ),
  ].join('\n');
}

export function listJson(backups: Backup[]): Record<string, unknown> {
  return {
    action: 'list',
    backups: backups.map((b) => ({
      ref: b.ref,
      commit: b.commit,
      target: b.meta.target,
      head: b.meta.head,
      at: b.meta.at,
      paths: b.meta.paths.map((p) => ({ path: p.path, action: p.action })),
    })),
  };
}
