/** The demo's machinery: a scratch repository isolated from the machine's git setup, and one step through a real `git commit`. */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { readRepoContext, readWorkStatus, stagePaths } from '../../git/queries.js';
import { commitAs, initRepo, restoreFromIndex } from '../../git/scratch.js';
import { PACKAGE_BIN as BIN } from '../../paths.js';
import { paint } from '../../report/format.js';
import type { DemoStep } from './demo-steps.js';

export interface StepOutcome {
  title: string;
  command: string;
  expected: 'accepted' | 'refused';
  got: 'accepted' | 'refused';
  codes: string[];
  ok: boolean;
  output: string;
}

type Run = (cmd: string, args: string[]) => SpawnSyncReturns<string>;

export interface Scratch {
  repo: string;
  /** The environment of every command in the repository, git's included. */
  env: NodeJS.ProcessEnv;
  /** A command that is not git (git goes through src/git). */
  run: Run;
  tdd: (...args: string[]) => SpawnSyncReturns<string>;
}

/** `dir/<name>`: a new repository holding `files` (and `node_modules` linked, when given), the hooks installed; with install's output. */
export async function makeScratch(
  dir: string,
  name: string,
  env: NodeJS.ProcessEnv,
  o: { files?: Record<string, string>; nodeModules?: string } = {},
): Promise<Scratch & { install: string }> {
  const repo = join(dir, name);
  mkdirSync(repo);
  const run: Run = (cmd, args) => spawnSync(cmd, args, { cwd: repo, env, encoding: 'utf8' });
  const tdd = (...args: string[]) => run(process.execPath, [BIN, ...args]);
  await initRepo(repo, env);
  if (o.nodeModules) symlinkSync(o.nodeModules, join(repo, 'node_modules'), 'dir');
  for (const [path, content] of Object.entries(o.files ?? {})) writeFileSync(join(repo, path), content);
  const install = tdd('install');
  return { repo, env, run, tdd, install: install.stdout + install.stderr };
}

/** A word of a command line as it can be pasted: quoted when it holds a space or a shell character. */
function shellWord(word: string): string {
  return /^[\w./@%+=:,-]+$/.test(word) ? word : `"${word.replace(/["\\$`]/g, (ch) => `\\${ch}`)}"`;
}

export function indent(text: string): string {
  return text
    .trimEnd()
    .split('\n')
    .filter((l) => l.length > 0)
    .map((l) => `    ${l}`)
    .join('\n');
}

/** Each step through a real commit, printed into `lines` as it happens. */
export async function walkSteps(steps: DemoStep[], s: Scratch, color: boolean, lines: string[], outcomes: StepOutcome[]): Promise<void> {
  for (const step of steps) {
    const outcome = await runStep(step, s);
    outcomes.push(outcome);
    const verdict = outcome.got === 'accepted' ? paint(color, 'green', 'accepted') : paint(color, 'red', 'refused');
    lines.push(paint(color, 'bold', `## ${step.title}`));
    if (step.explain) lines.push(paint(color, 'dim', step.explain));
    lines.push(...(step.phase ? [`$ tdd phase ${step.phase.map(shellWord).join(' ')}`] : []), `$ ${outcome.command}`, indent(outcome.output));
    lines.push(`→ ${verdict}${outcome.ok ? '' : paint(color, 'red', ` (expected ${outcome.expected}${step.code ? ` with ${step.code}` : ''})`)}`, '');
  }
}

async function runStep(step: DemoStep, { repo, env, run, tdd }: Scratch): Promise<StepOutcome> {
  if (step.phase) tdd('phase', ...step.phase);
  for (const [path, content] of Object.entries(step.write ?? {})) {
    mkdirSync(dirname(join(repo, path)), { recursive: true });
    writeFileSync(join(repo, path), content);
  }
  if (step.rewrite)
    writeFileSync(join(repo, step.rewrite.path), readFileSync(join(repo, step.rewrite.path), 'utf8').replace(step.rewrite.from, step.rewrite.to));
  const before = step.before ? run(step.before.argv[0]!, step.before.argv.slice(1)) : undefined;
  const ctx = await readRepoContext(repo, env);
  await stagePaths(ctx, 'add', step.stage);
  for (const [path, content] of Object.entries(step.afterStage ?? {})) writeFileSync(join(repo, path), content);
  const status = JSON.stringify(await readWorkStatus(ctx));
  const r = await commitAs(repo, env, step.message);
  const got = r.accepted ? 'accepted' : 'refused';
  const output = r.output;
  const codes = [...output.matchAll(/\[([A-Z_]+)\]/g)].map((m) => m[1]!);
  // A refused commit leaves everything exactly as it was; the demo resets it for the next step.
  const untouched = got === 'accepted' || status === JSON.stringify(await readWorkStatus(ctx));
  if (got === 'refused') {
    await stagePaths(ctx, 'unstage', step.stage);
    for (const path of step.undo ?? []) rmSync(join(repo, path), { force: true });
    await restoreFromIndex(repo, env, step.restore ?? []);
  }
  const ok = got === step.expect && untouched && (!step.code || codes.includes(step.code)) && (before?.status ?? 0) === 0;
  const ran = step.before ? `${step.before.show}   (exit ${before?.status})\n$ ` : '';
  return { title: step.title, command: `${ran}git commit -m "${step.message}"`, expected: step.expect, got, codes, ok, output };
}
