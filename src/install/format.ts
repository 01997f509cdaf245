/** Reports → the lines install and uninstall print. Pure. */
import { isAbsolute, relative } from 'node:path';
import type { AgentName } from '../agent/types.js';
import type { AgentFileAction, AgentsReport } from './agents.js';
import type { InstallReport } from './install.js';
import type { HookInstall, HookUninstall } from './plan.js';
import type { SkipReason } from './context.js';
import { toPosix } from './paths.js';
import type { UninstallReport } from './uninstall.js';

export const NEXT_STEP = 'npx tdd phase red';

/** Relative to the top level when inside it (`.git/hooks/pre-commit`), absolute otherwise. */
export function displayPath(top: string, path: string): string {
  const rel = relative(top, path);
  return rel === '' || rel.startsWith('..') || isAbsolute(rel) ? path : toPosix(rel);
}

const base = (p: string): string => p.slice(Math.max(p.lastIndexOf('/'), p.lastIndexOf('\\')) + 1);

function installWords(h: HookInstall): string {
  if (h.action === 'chained') return `chained existing hook (kept as ${base(h.chained ?? '')}, runs first)`;
  if (h.chained) return `${h.action} (runs ${base(h.chained)} first)`;
  return h.action;
}

const MANAGED = new Set(['lefthook', 'pre-commit', 'simple-git-hooks', 'husky']);

function table(rows: [string, string][]): string[] {
  const width = Math.max(...rows.map(([k]) => k.length));
  return rows.map(([k, v]) => `  ${k.padEnd(width)}  ${v}`);
}

/** `runner: vitest`, or `runners: vitest, pytest in api/` */
function runnerWords(c: InstallReport['config']): string {
  if (!c.runners) return `runner: ${c.runner}`;
  return `runners: ${c.runners.map((r) => (r.root === '.' ? r.runner : `${r.runner} in ${r.root}/`)).join(', ')}`;
}

export function formatInstall(r: InstallReport): string {
  const where = displayPath(r.top, r.dir);
  const lines = [
    r.dryRun
      ? `tdd-hooks: dry run, nothing written; install would do this in ${where}:`
      : r.mode === 'husky'
        ? `tdd-hooks: added to husky's scripts in ${where}`
        : `tdd-hooks: hooks in ${where}`,
  ];
  const config = displayPath(r.top, r.config.path);
  lines.push(
    ...table([
      ...r.hooks.map((h): [string, string] => [r.mode === 'husky' ? displayPath(r.top, h.path) : h.hook, installWords(h)]),
      [config, r.config.action === 'created' ? `created (${runnerWords(r.config)})` : 'kept as it is'],
    ]),
  );
  for (const h of r.hooks) {
    if (h.action === 'chained' && h.owner && MANAGED.has(h.owner)) {
      lines.push(`  note: ${h.owner} wrote the ${h.hook} hook now chained; if ${h.owner} rewrites it, run npx tdd-hooks install again`);
    }
  }
  lines.push(...sghWords(r));
  for (const h of r.hooks) {
    for (const t of h.testLines ?? []) {
      const at = `${displayPath(r.top, h.path)}:${t.line}`;
      lines.push(
        t.replaced
          ? `  replaced ${at} \`${t.text.trim()}\`: it ran the suite on the working tree ahead of tdd-hooks (uninstall gives it back)`
          : `  warning: ${at} \`${t.text.trim()}\` runs the whole suite on the working tree before tdd-hooks: every RED commit fails there` +
              `\n    fix: npx tdd-hooks install --replace-test-line   (comments it out; tdd-hooks runs the tests on what is staged)`,
      );
    }
  }
  if (r.mode === 'husky' && r.hooks.some((h) => h.action !== 'unchanged')) lines.push(`  commit ${where}/ so everyone who clones gets the hooks`);
  if (r.setup.length > 0) {
    lines.push(`next: git add ${r.setup.join(' ')} && git commit -m "chore: add tdd-hooks"   (the setup commit: no phase needed)`);
    lines.push(`then: ${NEXT_STEP}   (declare that you are writing a failing test)`);
  } else lines.push(`next: ${NEXT_STEP}   (declare that you are writing a failing test)`);
  return lines.join('\n');
}

/** simple-git-hooks: what its configuration got, or the lines to put in a configuration in code. */
function sghWords(r: InstallReport): string[] {
  const s = r.simpleGitHooks;
  if (!s) return [];
  if (s.action === 'updated')
    return [`  ${s.file}: simple-git-hooks' ${s.hooks.join(', ')} now run tdd-hooks after your commands (its next install keeps them)`];
  if (s.action === 'unchanged') return [`  ${s.file}: simple-git-hooks already runs tdd-hooks in every hook`];
  return [
    `  warning: simple-git-hooks' configuration ${s.file} is code, not edited: its next install (npm install) deletes tdd-hooks' hooks.`,
    `    fix: add to each hook's command in ${s.file}, after yours (\`&&\`):`,
    ...Object.entries(s.lines).map(([hook, line]) => `      ${hook}: ${line}`),
  ];
}

const UNINSTALL_WORDS: Record<HookUninstall['action'], string> = {
  removed: 'removed',
  restored: 'removed; the hook that was there before is back',
  'block-removed': 'tdd-hooks block removed',
  deleted: 'deleted (tdd-hooks had created it)',
  absent: '',
  foreign: '',
  edited: '',
};

export function formatUninstall(r: UninstallReport): string {
  const done = r.hooks.filter((h) => UNINSTALL_WORDS[h.action] !== '');
  const lines: string[] = [];
  if (done.length === 0 && !r.simpleGitHooks)
    lines.push(r.hooks.some((h) => h.action === 'edited') ? 'tdd-hooks: nothing removed' : 'tdd-hooks: no tdd-hooks hooks here; nothing to remove');
  else {
    lines.push(r.dryRun ? 'tdd-hooks: dry run, nothing written; uninstall would do this:' : 'tdd-hooks: uninstalled');
    lines.push(...table(done.map((h): [string, string] => [displayPath(r.top, h.path), UNINSTALL_WORDS[h.action]])));
  }
  for (const h of r.hooks) {
    if (h.action === 'edited') {
      const beside = h.chained ? `; ${base(h.chained)} beside it is the hook that was there before install` : '';
      lines.push(
        `  note: ${displayPath(r.top, h.path)} is a tdd-hooks shim with your edits in it: left as it is (delete it yourself when you are done with it)${beside}`,
      );
    }
    if (h.action === 'foreign' && h.chained) {
      lines.push(`  note: ${displayPath(r.top, h.path)} is not tdd-hooks' any more; ${base(h.chained)} beside it was left too`);
    }
  }
  if (r.simpleGitHooks) {
    lines.push(
      `  ${r.simpleGitHooks.file}: tdd-hooks' line taken out of simple-git-hooks' ${r.simpleGitHooks.hooks.join(', ')} (run npx simple-git-hooks to rewrite the hooks without it: until then they still call tdd-hooks)`,
    );
  }
  if (r.config) lines.push(`${displayPath(r.top, r.config)} kept: delete it if you are done with tdd-hooks`);
  return lines.join('\n');
}

const SKIP_TEXT: Record<SkipReason, string> = {
  disabled: 'tdd-hooks: TDD_HOOKS=0, install skipped',
  ci: 'tdd-hooks: CI is set, hooks not installed during a package install (run npx tdd-hooks install to install them anyway)',
};

export function formatSkip(reason: SkipReason): string {
  return SKIP_TEXT[reason];
}

const AGENT_WORDS: Record<AgentFileAction, string> = {
  created: 'created',
  updated: 'updated',
  unchanged: 'unchanged',
  removed: 'tdd-hooks entries removed (the rest kept)',
  deleted: 'deleted (it held only tdd-hooks entries)',
  absent: 'no tdd-hooks entries',
};

/** What the agent itself needs before it runs the new hooks. */
const AGENT_NOTES: Partial<Record<AgentName, string>> = {
  codex: 'Codex runs a new or changed hook only once you trust it: run /hooks in codex',
  copilot: 'the Copilot cloud agent reads hooks from the default branch: commit .github/hooks/tdd-hooks.json and merge it',
  cursor: 'Cursor loads .cursor/hooks.json at start: restart it',
  gemini: 'Gemini CLI runs project hooks in a trusted folder (hooksConfig.enabled, on by default)',
  cline: 'Cline runs .clinerules/hooks when its hooks feature is on',
};

export function formatAgents(r: AgentsReport, verb: 'install' | 'uninstall'): string {
  const lines = [
    r.dryRun
      ? `tdd-hooks: dry run, nothing written; ${verb} --agent would do this:`
      : verb === 'install'
        ? `tdd-hooks: the edit-time guard for ${r.agents.join(', ')}`
        : `tdd-hooks: the edit-time guard taken out for ${r.agents.join(', ')}`,
  ];
  lines.push(...table(r.files.map((f): [string, string] => [f.path, AGENT_WORDS[f.action]])));
  if (verb === 'install') {
    if (r.gitHooks === 'installed' || r.gitHooks === 'would-install')
      lines.push(
        `  git hooks: this clone had none, so the guard would judge against no recorded RED commit: ${r.gitHooks === 'installed' ? 'installed them too' : 'would install them too'} (npx tdd-hooks install)`,
      );
    if (!r.cliFound) lines.push(`  note: the hooks run ${r.cli}, which is not there: npm i -D tdd-hooks (until then the guard denies each call it sees)`);
    for (const a of r.agents) if (AGENT_NOTES[a]) lines.push(`  note: ${AGENT_NOTES[a]}`);
    if (!r.dryRun) lines.push("  check: npx tdd doctor (each agent's hook file, the CLI it runs, Codex's trust of this project)");
    lines.push('the commit hooks stay what holds: npx tdd-hooks install (if not done yet), and tdd audit in CI');
  }
  return lines.join('\n');
}
