/**
 * `tdd demo`: a scratch repository (node --test, so nothing to install), the hooks installed, an
 * honest RED → GREEN → REFACTOR cycle and the cheats the hooks refuse, each printed as it happens;
 * then, where vitest is installed, the snapshot cycle in a second one. Every step states what it
 * expects; a step that does not get it makes the demo fail (exit 1).
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { commitAs, readTrailerHistory } from '../../git/scratch.js';
import { PACKAGE_ROOT } from '../../paths.js';
import { paint } from '../../report/format.js';
import { argsOf } from '../options.js';
import type { CommandModule } from '../types.js';
import { indent, makeScratch, walkSteps, type Scratch, type StepOutcome } from './demo-run.js';
import { findVitestModules, snapshotSteps, SNAPSHOT_PROJECT } from './demo-snapshots.js';
import { DEMO_BYPASS_TEST, DEMO_STEPS } from './demo-steps.js';

const help = `Usage: tdd demo [--keep] [--json]

Creates a scratch git repository (using node --test, so it needs nothing installed), installs the
hooks, and walks an honest RED → GREEN → REFACTOR cycle plus the cheats the hooks refuse, printing
what happened at each commit; then, where vitest is installed (as in this repository), the
snapshot cycle in a second one. Exits 1 if any step did not get the verdict it expects.
  --keep   keep the scratch repositories and print their paths`;

const OPTIONS = { options: { keep: { type: 'boolean' } } } as const;

const demo: CommandModule = {
  help,
  options: OPTIONS,
  async run(ctx) {
    const { values } = argsOf(ctx, 'demo', OPTIONS);
    const dir = realpathSync(mkdtempSync(join(tmpdir(), 'tdd-demo-')));
    const env = demoEnv(ctx.env, dir);
    const c = ctx.color;
    const outcomes: StepOutcome[] = [];
    const failed: string[] = [];
    const kept: string[] = [];
    const lines: string[] = [];
    try {
      const main = await makeScratch(dir, 'repo', env);
      kept.push(main.repo);
      lines.push(`tdd demo: scratch repository ${main.repo}`, '', '$ npx tdd-hooks install', indent(main.install), '');
      await walkSteps(DEMO_STEPS, main, c, lines, outcomes);
      await auditHistory(main, c, lines, failed);
      await snapshotCycle(dir, env, [ctx.cwd, PACKAGE_ROOT], { c, lines, outcomes, failed, kept });
    } finally {
      if (!values.keep) rmSync(dir, { recursive: true, force: true });
    }
    failed.unshift(...outcomes.filter((o) => !o.ok).map((o) => o.title));
    const refused = outcomes.filter((o) => o.got === 'refused').length;
    lines.push(
      failed.length === 0
        ? paint(
            c,
            'green',
            `demo passed: ${outcomes.length - refused} commits accepted, ${refused} refused, the working tree untouched by every check; tdd audit caught the --no-verify bypass.`,
          )
        : paint(c, 'red', `demo FAILED: ${failed.join('; ')}`),
    );
    if (values.keep) lines.push(`kept: ${kept.join(' ')}`);
    return {
      exitCode: failed.length === 0 ? 0 : 1,
      text: lines.join('\n'),
      json: {
        repo: values.keep ? (kept[0] ?? null) : null,
        steps: outcomes.map(({ output, ...o }) => o),
        passed: failed.length === 0,
        transcript: lines.slice(2).join('\n'),
      },
    };
  },
};
export default demo;

/** A private HOME and git configuration, git's variables of any outer commit dropped, one commit date. */
function demoEnv(outer: NodeJS.ProcessEnv, dir: string): NodeJS.ProcessEnv {
  const home = join(dir, '.home');
  mkdirSync(home);
  writeFileSync(
    join(home, '.gitconfig'),
    '[user]\n\tname = TDD Demo\n\temail = demo@example.invalid\n[init]\n\tdefaultBranch = main\n[commit]\n\tgpgsign = false\n',
  );
  const env: NodeJS.ProcessEnv = { ...outer, HOME: home, GIT_CONFIG_GLOBAL: join(home, '.gitconfig'), GIT_CONFIG_NOSYSTEM: '1', NO_COLOR: '1' };
  for (const k of Object.keys(env)) if (k.startsWith('GIT_') && !k.startsWith('GIT_CONFIG')) delete env[k];
  delete env.TDD_HOOKS;
  delete env.CI; // outside CI, as a user runs it: vitest writes new snapshots
  // One date for every commit: the same demo makes the same commit ids, so its transcript (the
  // README's sample output, test/integration/demo.test.ts) reads the same on every run.
  env.GIT_AUTHOR_DATE = env.GIT_COMMITTER_DATE = '2026-01-01T12:00:00Z';
  return env;
}

/** The history's trailers, tdd audit on it, then a --no-verify bypass the audit catches. */
async function auditHistory(main: Scratch, c: boolean, lines: string[], failed: string[]): Promise<void> {
  const log = await readTrailerHistory(main.repo, main.env, ['TDD-Phase', 'TDD-Evidence', 'TDD-Regression', 'TDD-Reason']);
  lines.push(paint(c, 'bold', '## The history: every commit carries its phase and evidence'), '$ git log', indent(log.replace(/\n\n/g, '\n')), '');
  // In CI, where --no-verify cannot reach: the same invariants, from the history alone.
  const audit = main.tdd('audit', 'HEAD');
  if (audit.status !== 0) failed.push(`tdd audit of the honest history exited ${audit.status}`);
  lines.push(paint(c, 'bold', '## In CI: tdd audit re-checks the history'), '$ npx tdd audit HEAD', indent(audit.stdout + audit.stderr), '');
  // Hooks are advisory: a bypass lands, and the audit finds it.
  writeFileSync(join(main.repo, 'test/slug.test.js'), DEMO_BYPASS_TEST);
  await commitAs(main.repo, main.env, 'fix: flaky test', { all: true, verify: false });
  const caught = main.tdd('audit', 'HEAD');
  if (!(caught.status === 1 && /AUDIT_NO_TRAILERS/.test(caught.stdout))) failed.push('tdd audit did not catch the --no-verify commit');
  lines.push(
    paint(c, 'bold', '## A bypass: git commit --no-verify weakens a frozen test'),
    paint(c, 'dim', 'The hooks cannot stop it; the history cannot hide it.'),
    '$ git commit -am "fix: flaky test" --no-verify',
    '$ npx tdd audit HEAD',
    indent(caught.stdout + caught.stderr),
    `→ ${caught.status === 1 ? paint(c, 'red', 'audit fails (exit 1)') : `exit ${caught.status}`}`,
    '',
  );
}

/** The snapshot cycle, in a second scratch repository, when vitest is installed beside us. */
async function snapshotCycle(
  dir: string,
  env: NodeJS.ProcessEnv,
  from: string[],
  out: { c: boolean; lines: string[]; outcomes: StepOutcome[]; failed: string[]; kept: string[] },
): Promise<void> {
  const { c, lines, outcomes, failed, kept } = out;
  const vitest = findVitestModules(from);
  if (vitest) {
    const snaps = await makeScratch(dir, 'snapshots', env, { files: SNAPSHOT_PROJECT, nodeModules: vitest });
    kept.push(snaps.repo);
    lines.push(paint(c, 'bold', `# Snapshot tests, with vitest: scratch repository ${snaps.repo}`), '');
    await walkSteps(snapshotSteps(vitest), snaps, c, lines, outcomes);
    const audited = snaps.tdd('audit', 'HEAD');
    if (audited.status !== 0) failed.push(`tdd audit of the snapshot history exited ${audited.status}`);
    lines.push(
      paint(c, 'bold', '## tdd audit: adding the snapshot was allowed; changing it never is'),
      '$ npx tdd audit HEAD',
      indent(audited.stdout + audited.stderr),
      '',
    );
  } else lines.push(paint(c, 'dim', 'snapshot cycle skipped: vitest is not installed here (npm i -D vitest shows it)'), '');
}
