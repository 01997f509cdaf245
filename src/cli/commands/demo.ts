/**
 * `tdd demo`: a scratch repository (node --test, so nothing to install), the hooks installed, an
 * honest RED → GREEN → REFACTOR cycle and the cheats the hooks refuse, each printed as it happens.
 * Every step states what it expects; a step that does not get it makes the demo fail (exit 1).
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PACKAGE_BIN as BIN } from '../../paths.js';
import { paint } from '../../report/format.js';
import { argsOf } from '../options.js';
import type { CommandModule } from '../types.js';
import { DEMO_BYPASS_TEST, DEMO_STEPS, type DemoStep } from './demo-steps.js';

const help = `Usage: tdd demo [--keep] [--json]

Creates a scratch git repository (using node --test, so it needs nothing installed), installs the
hooks, and walks an honest RED → GREEN → REFACTOR cycle plus the cheats the hooks refuse, printing
what happened at each commit. Exits 1 if any step did not get the verdict it expects.
  --keep   keep the scratch repository and print its path`;


interface StepOutcome {
  title: string;
  command: string;
  expected: 'accepted' | 'refused';
  got: 'accepted' | 'refused';
  codes: string[];
  ok: boolean;
  output: string;
}

const OPTIONS = { options: { keep: { type: 'boolean' } } } as const;

const demo: CommandModule = {
  help,
  options: OPTIONS,
  async run(ctx) {
    const { values } = argsOf(ctx, 'demo', OPTIONS);
    const dir = realpathSync(mkdtempSync(join(tmpdir(), 'tdd-demo-')));
    const home = join(dir, '.home');
    const repo = join(dir, 'repo');
    mkdirSync(home);
    mkdirSync(repo);
    writeFileSync(join(home, '.gitconfig'), '[user]\n\tname = TDD Demo\n\temail = demo@example.invalid\n[init]\n\tdefaultBranch = main\n[commit]\n\tgpgsign = false\n');
    const env: NodeJS.ProcessEnv = { ...ctx.env, HOME: home, GIT_CONFIG_GLOBAL: join(home, '.gitconfig'), GIT_CONFIG_NOSYSTEM: '1', NO_COLOR: '1' };
    for (const k of Object.keys(env)) if (k.startsWith('GIT_') && !k.startsWith('GIT_CONFIG')) delete env[k];
    delete env.TDD_HOOKS;
    // One date for every commit: the same demo makes the same commit ids, so its transcript (the
    // README's sample output, test/integration/demo.test.ts) reads the same on every run.
    env.GIT_AUTHOR_DATE = env.GIT_COMMITTER_DATE = '2026-01-01T12:00:00Z';
    const sh = (cmd: string, args: string[]) => spawnSync(cmd, args, { cwd: repo, env, encoding: 'utf8' });
    const tdd = (...args: string[]) => sh(process.execPath, [BIN, ...args]);
    const c = ctx.color;
    const lines: string[] = [`tdd demo: scratch repository ${repo}`, ''];
    const outcomes: StepOutcome[] = [];
    let auditStatus: number | null = null;
    let bypassCaught = false;
    try {
      sh('git', ['init', '-q']);
      const install = tdd('install');
      lines.push('$ npx tdd-hooks install', indent(install.stdout + install.stderr), '');
      for (const step of DEMO_STEPS) {
        const outcome = runStep(step, repo, sh, tdd);
        outcomes.push(outcome);
        const verdict = outcome.got === 'accepted' ? paint(c, 'green', 'accepted') : paint(c, 'red', 'refused');
        lines.push(paint(c, 'bold', `## ${step.title}`));
        if (step.explain) lines.push(paint(c, 'dim', step.explain));
        lines.push(...(step.phase ? [`$ tdd phase ${step.phase.map(shellWord).join(' ')}`] : []), `$ ${outcome.command}`, indent(outcome.output));
        lines.push(`→ ${verdict}${outcome.ok ? '' : paint(c, 'red', ` (expected ${outcome.expected}${step.code ? ` with ${step.code}` : ''})`)}`, '');
      }
      const log = sh('git', ['log', '--format=%h %s%n%(trailers:key=TDD-Phase,key=TDD-Evidence,key=TDD-Regression,key=TDD-Reason,separator=%x3B )', '--reverse']);
      lines.push(paint(c, 'bold', '## The history: every commit carries its phase and evidence'), '$ git log', indent(log.stdout.replace(/\n\n/g, '\n')), '');
      // In CI, where --no-verify cannot reach: the same invariants, from the history alone.
      const audit = tdd('audit', 'HEAD');
      auditStatus = audit.status;
      lines.push(paint(c, 'bold', '## In CI: tdd audit re-checks the history'), '$ npx tdd audit HEAD', indent(audit.stdout + audit.stderr), '');
      // Hooks are advisory: a bypass lands, and the audit finds it.
      writeFileSync(join(repo, 'test/slug.test.js'), DEMO_BYPASS_TEST);
      sh('git', ['commit', '-qam', 'fix: flaky test', '--no-verify']);
      const caught = tdd('audit', 'HEAD');
      bypassCaught = caught.status === 1 && /AUDIT_NO_TRAILERS/.test(caught.stdout);
      lines.push(
        paint(c, 'bold', '## A bypass: git commit --no-verify weakens a frozen test'),
        paint(c, 'dim', 'The hooks cannot stop it; the history cannot hide it.'),
        '$ git commit -am "fix: flaky test" --no-verify',
        '$ npx tdd audit HEAD',
        indent(caught.stdout + caught.stderr),
        `→ ${caught.status === 1 ? paint(c, 'red', 'audit fails (exit 1)') : `exit ${caught.status}`}`,
        '',
      );
    } finally {
      if (!values.keep) rmSync(dir, { recursive: true, force: true });
    }
    const failed = outcomes.filter((o) => !o.ok);
    if (auditStatus !== 0) failed.push({ title: `tdd audit of the honest history exited ${auditStatus}` } as StepOutcome);
    if (!bypassCaught) failed.push({ title: 'tdd audit did not catch the --no-verify commit' } as StepOutcome);
    const refused = outcomes.filter((o) => o.got === 'refused').length;
    lines.push(
      failed.length === 0
        ? paint(c, 'green', `demo passed: ${outcomes.length - refused} commits accepted, ${refused} cheats refused, the working tree untouched by every check; tdd audit caught the --no-verify bypass.`)
        : paint(c, 'red', `demo FAILED: ${failed.map((f) => f.title).join('; ')}`),
    );
    if (values.keep) lines.push(`kept: ${repo}`);
    return {
      exitCode: failed.length === 0 ? 0 : 1,
      text: lines.join('\n'),
      json: { repo: values.keep ? repo : null, steps: outcomes.map(({ output, ...o }) => o), passed: failed.length === 0, transcript: lines.slice(2).join('\n') },
    };
  },
};
export default demo;

/** A word of a command line as it can be pasted: quoted when it holds a space or a shell character. */
function shellWord(word: string): string {
  return /^[\w./@%+=:,-]+$/.test(word) ? word : `"${word.replace(/["\\$`]/g, (ch) => `\\${ch}`)}"`;
}

function indent(text: string): string {
  return text
    .trimEnd()
    .split('\n')
    .filter((l) => l.length > 0)
    .map((l) => `    ${l}`)
    .join('\n');
}

type Run = (cmd: string, args: string[]) => SpawnSyncReturns<string>;

function runStep(step: DemoStep, repo: string, sh: Run, tdd: (...a: string[]) => ReturnType<Run>): StepOutcome {
  if (step.phase) tdd('phase', ...step.phase);
  for (const [path, content] of Object.entries(step.write ?? {})) {
    mkdirSync(dirname(join(repo, path)), { recursive: true });
    writeFileSync(join(repo, path), content);
  }
  if (step.stage.length) sh('git', ['add', '--', ...step.stage]);
  for (const [path, content] of Object.entries(step.afterStage ?? {})) writeFileSync(join(repo, path), content);
  const status = sh('git', ['status', '--porcelain=v1', '-z', '--untracked-files=all']).stdout;
  const r = sh('git', ['commit', '-q', '-m', step.message]);
  const after = sh('git', ['status', '--porcelain=v1', '-z', '--untracked-files=all']).stdout;
  const got = r.status === 0 ? 'accepted' : 'refused';
  const output = (r.stdout + r.stderr).trimEnd();
  const codes = [...output.matchAll(/\[([A-Z_]+)\]/g)].map((m) => m[1]!);
  // A refused commit leaves everything exactly as it was; the demo resets it for the next step.
  const untouched = got === 'accepted' || status === after;
  if (got === 'refused') {
    sh('git', ['reset', '-q']);
    for (const path of step.undo ?? []) rmSync(join(repo, path), { force: true });
    if (step.restore) sh('git', ['checkout', '-q', '--', ...step.restore]);
  }
  const ok = got === step.expect && untouched && (!step.code || codes.includes(step.code));
  return { title: step.title, command: `git commit -m "${step.message}"`, expected: step.expect, got, codes, ok, output };
}
