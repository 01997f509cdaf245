/**
 * The integrity rules over a long history: they run once the evaluation knows which commits it
 * judges (not those made before the hooks were in use, not another shard's), their blobs read a
 * part of the history at a time. A cheat deep in the history, in any part, is still a finding; one
 * made before the hooks were in use is counted, never one.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { makeRepo, type Repo } from '../../helpers/repo.js';
import { findings, runAudit } from './helpers.js';

let repo: Repo;
afterEach(() => repo.cleanup());

const SNIFF = 'export const v = process.env.VITEST ? 1 : 2;\n';
const PATCH = 'export const v = 3;\nObject.is = () => true;\n';

/**
 * `before` commits without tdd-hooks (the `before`-th of them, the cheat `early`, sniffs the
 * runner), the setup commit (`.tddrc.json`, tagged `setup`), then `after` commits past the hooks,
 * each changing one of seven implementation files: `cheats` maps their number (1-based) to what
 * that one writes instead. Built with git fast-import: quick for hundreds.
 */
function history(before: number, after: number, cheats: Record<number, string>): string[] {
  const lines: string[] = [];
  const file = (path: string, body: string) => lines.push(`M 100644 inline ${path}`, `data ${Buffer.byteLength(body)}`, body);
  let mark = 0;
  const commit = (message: string) => {
    mark++;
    lines.push('commit refs/heads/main', `mark :${mark}`, `committer T <t@example.com> ${1700000000 + mark} +0000`, `data ${message.length}`, message);
    if (mark > 1) lines.push(`from :${mark - 1}`);
  };
  for (let i = 1; i <= before; i++) {
    commit(`early ${i}`);
    file(`src/v${i % 7}.js`, i === Math.ceil(before / 2) ? SNIFF : `export const v = ${i};\n`);
  }
  commit('chore: tdd-hooks');
  file('.tddrc.json', '{}\n');
  lines.push(`reset refs/tags/setup`, `from :${mark}`);
  for (let i = 1; i <= after; i++) {
    commit(`work ${i}`);
    file(`src/v${i % 7}.js`, cheats[i] ?? `export const v = ${-i};\n`);
  }
  const r = repo.run('git', ['fast-import', '--quiet'], { input: lines.join('\n') + '\n' });
  expect(r.status, r.stderr).toBe(0);
  repo.git('reset', '-q', '--hard', 'main');
  // The commits of `cheats`, by number.
  const shas = repo.git('rev-list', '--reverse', 'setup..HEAD').trim().split('\n');
  return Object.keys(cheats).map((n) => shas[Number(n) - 1]!);
}

const integrity = (r: Awaited<ReturnType<typeof runAudit>>) =>
  findings(r)
    .filter((f) => f.code === 'AUDIT_IMPL_INTEGRITY')
    .map((f) => `${f.commit} ${String(f.data?.gate)} ${f.path}`);

describe('tdd audit: the integrity rules over a long history', () => {
  it('a cheat in any part of 650 judged commits is a finding; one made before the hooks were in use is not', async () => {
    repo = makeRepo();
    const [first, middle, last] = history(300, 650, { 3: SNIFF, 333: PATCH, 640: SNIFF });
    const r = await runAudit(repo, 'HEAD');
    expect(integrity(r)).toEqual([`${first} IMPL_SNIFFS_RUNNER src/v3.js`, `${middle} IMPL_PATCHES_RUNTIME src/v4.js`, `${last} IMPL_SNIFFS_RUNNER src/v3.js`]);
    expect(r.json.counts).toMatchObject({ commits: 951, beforeHooks: 301, noTrailers: 650 });
    // A range that starts after the setup: the look-back says what came before, the cheats are the same.
    expect(integrity(await runAudit(repo, 'setup..HEAD'))).toEqual(integrity(r));
    // A range past the first cheat: the others.
    expect(integrity(await runAudit(repo, 'HEAD~400..HEAD'))).toEqual(integrity(r).slice(1));
    // Two shards: each cheat in exactly one, and together all of them.
    const shards = await Promise.all([runAudit(repo, 'HEAD', '--shard', '1/2'), runAudit(repo, 'HEAD', '--shard', '2/2')]);
    expect(shards.map(integrity).flat().sort()).toEqual([...integrity(r)].sort());
    expect(shards.every((s) => integrity(s).length > 0)).toBe(true);
  });
});
