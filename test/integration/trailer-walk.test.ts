/**
 * anyTrailer: whether any commit reachable from the revisions carries a trailer, as git reads
 * trailers — the audit's look-back asks it before reading a history it may not need. Real
 * repositories written with git fast-import: thousands of commits, so an answer from the oldest
 * commit comes after git's first buffers.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { anyTrailer } from '../../src/git/history.js';
import { makeRepo, type Repo } from '../helpers/repo.js';

let repo: Repo;
afterEach(() => repo.cleanup());

/** `n` commits, oldest first; `messages[i]` is commit i's message where given. */
function history(n: number, messages: Record<number, string> = {}): void {
  const lines: string[] = [];
  for (let i = 0; i < n; i++) {
    const message = messages[i] ?? `work ${i}`;
    lines.push('commit refs/heads/main', `committer T <t@example.com> ${1700000000 + i} +0000`, `data ${Buffer.byteLength(message)}`, message);
    lines.push(`M 100644 inline f${i % 5}.txt`, `data ${String(i).length + 1}`, `${i}\n`);
  }
  const r = repo.run('git', ['fast-import', '--quiet'], { input: lines.join('\n') + '\n' });
  expect(r.status, r.stderr).toBe(0);
}

const ask = (revs: string[]) => anyTrailer({ top: repo.dir, env: repo.env }, 'TDD-Phase', revs);

describe('anyTrailer', () => {
  it('finds a trailer on the oldest of 3,000 commits, written in any case and spacing git reads as the key', async () => {
    repo = makeRepo();
    history(3000, { 0: 'setup\n\ntdd-phase : red\n' });
    expect(await ask(['main'])).toBe(true);
    expect(await ask(['main~10'])).toBe(true);
  });

  it('none: the trailer only named in a paragraph that is not the trailers, or no commit at all with it', async () => {
    repo = makeRepo();
    history(1200, { 5: 'notes\n\nTDD-Phase: red is what the hook writes.\n\nNothing else.\n' });
    expect(await ask(['main'])).toBe(false);
  });

  it("git's own trailer settings apply: an alias the repository maps to the key is the key", async () => {
    repo = makeRepo();
    history(50, { 10: 'step\n\nph: green\n' });
    expect(await ask(['main'])).toBe(false);
    repo.git('config', 'trailer.ph.key', 'TDD-Phase');
    expect(await ask(['main'])).toBe(true);
  });

  it('a revision git does not know is an error, not an answer', async () => {
    repo = makeRepo();
    history(3);
    await expect(ask(['no-such-branch'])).rejects.toThrow(/no-such-branch|unknown revision|bad revision/);
  });
});
