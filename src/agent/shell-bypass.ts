/**
 * The shell commands that would bypass the commit layer: `git commit --no-verify` (or `-n` in any
 * flag bundle; also through an alias defined by `-c alias.X=…` or `git config alias.X`),
 * `--no-verify` on merge / rebase / am / cherry-pick / pull, `git commit-tree`, `TDD_HOOKS=0` and
 * `HUSKY=0`, `core.hooksPath` set by `-c`, `--config-env`, `git config` or `GIT_CONFIG_KEY_n`,
 * `tdd-hooks uninstall`; and the agent changing its own rules: `tdd phase off`, `tdd phase …
 * --revise`. Pure.
 */
import { basename } from 'node:path';
import type { Analysis } from './shell-analysis.js';
import { has, readArgs, type OptionSpec } from './shell-args.js';
import type { Word } from './shell-lex.js';

const HOOKS_PATH_KEY = /^core\.hookspath$/i;

const GIT: OptionSpec = { short: 'Cc', long: ['--git-dir', '--work-tree', '--namespace', '--super-prefix', '--config-env'], stopAtOperand: true };
const GIT_COMMIT: OptionSpec = {
  short: 'mFCct',
  shortAttached: 'Su',
  long: [
    '--message',
    '--file',
    '--reuse-message',
    '--reedit-message',
    '--fixup',
    '--squash',
    '--author',
    '--date',
    '--template',
    '--cleanup',
    '--trailer',
    '--pathspec-from-file',
  ],
};
const GIT_CONFIG: OptionSpec = { short: 'f', long: ['--file', '--blob', '--type', '--default', '--comment', '--value'] };
/** Subcommands that make commits and take `--no-verify` (git 2.39: it skips pre-merge-commit / commit-msg, or pre-rebase). */
const NO_VERIFY_SUBS = new Set(['merge', 'rebase', 'am', 'cherry-pick', 'pull', 'revert']);
const ALIAS_KEY = /^alias\.(.+)$/i;
const MAX_ALIAS_DEPTH = 4;

/** What runs a package's CLI: `npx tdd`, `node …/tdd.js`, `pnpm exec tdd`, `yarn tdd`. */
const RUNNERS = new Set(['npx', 'pnpx', 'bunx', 'node', 'exec', 'dlx', 'yarn', 'pnpm', 'bun']);

/** A command line run by the caller's reader (an alias starting with `!` is a shell command). */
export type RunScript = (script: string) => void;

/** Git's long option `name` given as an unambiguous prefix of `--no-verify` (git takes `--no-veri`). */
const isNoVerify = (name: string): boolean => name.length >= 9 && '--no-verify'.startsWith(name);

/** An alias's value → its words, as git splits it (whitespace, with single and double quotes). */
function aliasWords(value: string): Word[] {
  const words: Word[] = [];
  for (const m of value.matchAll(/"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S+)/g)) {
    const text = m[1] !== undefined ? m[1].replace(/\\(.)/g, '$1') : (m[2] ?? m[3]!);
    words.push({ type: 'word', text, dynamic: false, glob: false });
  }
  return words;
}

/** `NAME=value` before a command (or given to export, env, declare). */
export function checkAssignment(a: Analysis, name: string, value: Word): void {
  if (value.dynamic) return;
  if ((name === 'TDD_HOOKS' || name === 'HUSKY') && value.text === '0') a.deny('HOOKS_DISABLED', `${name}=0`);
  if (/^GIT_CONFIG_KEY_\d+$/.test(name) && HOOKS_PATH_KEY.test(value.text)) a.deny('HOOKS_PATH', `${name}=${value.text}`);
  if (name === 'GIT_CONFIG_PARAMETERS' && /core\.hookspath/i.test(value.text)) a.deny('HOOKS_PATH', name);
}

/** `NAME=value` words given to export/env/declare. */
export function checkAssignmentWords(a: Analysis, words: Word[]): void {
  for (const w of words) {
    const m = /^([A-Za-z_][A-Za-z0-9_]*)=/.exec(w.text);
    if (m) checkAssignment(a, m[1]!, { ...w, text: w.text.slice(m[0].length) });
  }
}

/** git's own options (-c, --config-env), then `commit`, `commit-tree` and `config` as above; an alias `-c` defines is followed. */
export function analyzeGit(a: Analysis, args: Word[], runScript?: RunScript, depth = 0): void {
  const g = readArgs(args, GIT);
  const aliases = new Map<string, string>();
  for (const [name, value] of g.options) {
    if (value === true) continue;
    const key = value.split('=')[0]!;
    if ((name === '-c' || name === '--config-env') && HOOKS_PATH_KEY.test(key)) a.deny('HOOKS_PATH', `git ${name} ${value}`);
    const alias = ALIAS_KEY.exec(key);
    if (name === '-c' && alias) aliases.set(alias[1]!.toLowerCase(), value.slice(key.length + 1));
  }
  const [sub, ...rest] = g.operands;
  if (!sub) return;
  if (sub.dynamic) {
    // `git $cmd …`: the subcommand is known only at run time; judged as what it could be.
    if (rest.some((w) => isNoVerify(w.text))) a.deny('NO_VERIFY', `git ${sub.text} --no-verify`);
    return;
  }
  const alias = aliases.get(sub.text.toLowerCase());
  if (alias !== undefined && depth < MAX_ALIAS_DEPTH) {
    if (alias.startsWith('!')) {
      runScript?.(`${alias.slice(1)} ${rest.map((w) => w.text).join(' ')}`);
      return;
    }
    const before = a.findings.length;
    analyzeGit(a, [...aliasWords(alias), ...rest], runScript, depth + 1);
    for (const f of a.findings.slice(before)) if (f.data?.command) f.data.command = `git -c alias.${sub.text}=… ${sub.text} (${f.data.command})`;
    return;
  }
  if (sub.text === 'commit') {
    let skip = false;
    for (const [name] of readArgs(rest, GIT_COMMIT).options) {
      // git takes an unambiguous prefix of a long option: --no-veri is --no-verify.
      if (name === '-n' || isNoVerify(name)) skip = true;
      else if (name === '--verify') skip = false;
    }
    if (skip) a.deny('NO_VERIFY', 'git commit --no-verify');
  } else if (NO_VERIFY_SUBS.has(sub.text)) {
    let skip = false;
    for (const w of rest) {
      if (isNoVerify(w.text)) skip = true;
      else if (w.text === '--verify') skip = false;
    }
    if (skip) a.deny('NO_VERIFY', `git ${sub.text} --no-verify`);
  } else if (sub.text === 'commit-tree') {
    a.deny('NO_VERIFY', 'git commit-tree');
  } else if (sub.text === 'config') {
    const c = readArgs(rest, GIT_CONFIG);
    const reads = has(c, '--get', '--get-all', '--get-regexp', '--get-urlmatch', '--list', '-l') || ['get', 'list'].includes(c.operands[0]?.text ?? '');
    if (reads) return;
    if (c.operands.some((w) => HOOKS_PATH_KEY.test(w.text))) a.deny('HOOKS_PATH', 'git config core.hooksPath');
    // `git config alias.ci "commit --no-verify"`: every later `git ci` skips the hooks.
    const at = c.operands.findIndex((w) => ALIAS_KEY.test(w.text));
    const value =
      at >= 0
        ? c.operands
            .slice(at + 1)
            .map((w) => w.text)
            .join(' ')
        : '';
    if (at >= 0 && (/(^|\s)--no-veri/.test(value) || /(^|\s)commit-tree\b/.test(value) || (/\bcommit\b/.test(value) && /(^|\s)-[a-zA-Z]*n/.test(value))))
      a.deny('NO_VERIFY', `git config ${c.operands[at]!.text} "${value}"`);
  }
}

/**
 * `tdd-hooks uninstall` (`npx tdd-hooks uninstall`, `node …/bin/tdd.js uninstall`), and the agent's
 * own `tdd phase off` or `tdd phase … --revise`: the rules it is judged by are not its to change.
 */
export function checkUninstall(a: Analysis, words: Word[]): void {
  for (let i = 0; i + 1 < words.length; i++) {
    if (!['tdd', 'tdd-hooks', 'tdd.js'].includes(basename(words[i]!.text))) continue;
    const sub = words[i + 1]!.text;
    if (sub === 'uninstall') a.deny('HOOKS_DISABLED', 'tdd-hooks uninstall');
    // `tdd phase …` as the command run (itself, or through npx, node, a package manager), not words an `echo` prints.
    const prev = i > 0 ? words[i - 1]!.text : undefined;
    if (sub !== 'phase' || (prev !== undefined && !RUNNERS.has(basename(prev)) && !prev.startsWith('-'))) continue;
    const rest = words.slice(i + 2);
    // The phase named by a value only the run knows may be `off`.
    if (rest[0]?.dynamic) a.deny('PHASE_SELF_CHANGE', `tdd phase ${rest[0].text}`);
    else if (rest.find((w) => !w.text.startsWith('-'))?.text === 'off') a.deny('PHASE_SELF_CHANGE', 'tdd phase off');
    else if (rest.some((w) => w.text === '--revise' || w.text.startsWith('--revise='))) a.deny('PHASE_SELF_CHANGE', 'tdd phase --revise');
  }
}
