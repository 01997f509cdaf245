/**
 * commit-msg: add the trailers, but only when the tree pre-commit verified is still the tree being
 * committed (plain `git commit` does not lock the index: another `git add` can slip in between).
 */
import { copyFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { writeMessageTrailers } from '../git/message.js';
import { readOperation, stripMessageComments, writeTreeFromIndexCopy, type RepoContext } from '../git/queries.js';
import { readPending, removePending } from '../state/store.js';
import { TRAILER } from '../state/trailers.js';
import type { Pending } from '../state/types.js';
import type { Finding } from '../types.js';

export interface CommitMsgResult {
  exitCode: 0 | 1;
  findings: Finding[];
  trailers: string[];
}

export function trailersFor(p: Pending): string[] {
  const t = [`${TRAILER.phase}: ${p.phase}`];
  if (p.task) t.push(`${TRAILER.task}: ${p.task}`);
  if (p.phase === 'red' && p.regression) t.push(`${TRAILER.regression}: true`);
  if (p.phase === 'off' && p.reason) t.push(`${TRAILER.reason}: ${p.reason.replace(/\s+/g, ' ')}`);
  if (p.phase === 'off' && p.until) t.push(`${TRAILER.offUntil}: ${p.until}`);
  if (p.phase === 'red' && p.revise) t.push(`${TRAILER.revise}: ${p.revise.replace(/\s+/g, ' ')}`);
  if (p.phase !== 'off' && p.summary) t.push(`${TRAILER.evidence}: ${p.summary}`);
  if (p.tests) t.push(`${TRAILER.tests}: ${p.tests}`);
  if (p.falseFail) t.push(`${TRAILER.falseFail}: ${p.falseFail}`);
  if (p.attempts) t.push(`${TRAILER.attempts}: ${p.attempts}`);
  if (p.uncovered) t.push(`${TRAILER.uncovered}: ${p.uncovered}`);
  return t;
}

export async function runCommitMsg(repo: RepoContext, messageFile: string): Promise<CommitMsgResult> {
  const pending = await readPending(repo.stateDir);
  if (!pending) return { exitCode: 0, findings: [], trailers: [] };
  // A clean `git merge` runs commit-msg without pre-commit: a pending verdict then belongs to an
  // earlier, aborted commit, not to this one. Merges are not TDD steps; tdd audit judges them.
  if (readOperation(repo.gitDir) === 'merge' || /^merge\b/.test(repo.env.GIT_REFLOG_ACTION ?? '')) {
    return { exitCode: 0, findings: [], trailers: [] };
  }
  const copy = join(repo.stateDir, `index-copy.${process.pid}.${Date.now()}`);
  let tree: string;
  try {
    copyFileSync(repo.indexFile, copy);
    tree = await writeTreeFromIndexCopy(repo, copy);
  } finally {
    rmSync(copy, { force: true });
  }
  if (tree !== pending.tree) {
    await removePending(repo.stateDir);
    return { exitCode: 1, findings: [{ code: 'INDEX_CHANGED', severity: 'error', data: { verified: pending.tree, now: tree } }], trailers: [] };
  }
  const file = resolve(repo.top, messageFile);
  // An empty message (all comments) aborts the commit; trailers must not rescue it. With
  // `commit -v` everything below the scissors line is the diff, not the message.
  const message = cutAtScissors(readMessage(file));
  const stripped = await stripMessageComments(repo, message);
  if (stripped.trim() === '') return { exitCode: 0, findings: [], trailers: [] };
  if (pending.subject) {
    const { text, mode } = pending.subject;
    if (!stripped.trimStart().startsWith(text)) {
      if (mode === 'enforce') {
        return { exitCode: 1, findings: [{ code: 'COMMIT_MESSAGE_TEMPLATE', severity: 'error', data: { expected: text } }], trailers: [] };
      }
      writeFileSync(file, `${text}\n\n${readMessage(file)}`);
    }
  }
  const trailers = trailersFor(pending);
  // The TDD-* block says exactly this verdict: a key it does not set, left by a reused message
  // (`-C` of an off commit's TDD-Reason) or typed by hand (TDD-Regression), is emptied, then trimmed.
  const set = new Set(trailers.map((t) => t.slice(0, t.indexOf(':'))));
  const cleared = Object.values(TRAILER)
    .filter((key) => !set.has(key))
    .map((key) => `${key}:`);
  await writeMessageTrailers(repo, file, [...cleared, ...trailers]);
  return { exitCode: 0, findings: [], trailers };
}

/** The message above git's scissors line (`# ------------------------ >8 ------------------------`). */
export function cutAtScissors(message: string): string {
  const m = /^\S ------------------------ >8 ------------------------$/m.exec(message);
  return m ? message.slice(0, m.index) : message;
}

/** Synchronous, like every read on the hook's path: a thread-pool round trip costs more than the read. */
function readMessage(file: string): string {
  return readFileSync(file, 'utf8');
}
