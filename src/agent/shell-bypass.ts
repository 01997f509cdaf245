/**
 * The shell commands that would bypass the commit layer: `git commit --no-verify` (or `-n` in any
 * flag bundle), `git commit-tree`, `TDD_HOOKS=0` and `HUSKY=0`, `core.hooksPath` set by `-c`,
 * `--config-env`, `git config` or `GIT_CONFIG_KEY_n`, and `tdd-hooks uninstall`. Pure.
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

/** git's own options (-c, --config-env), then `commit`, `commit-tree` and `config` as above. */
export function analyzeGit(a: Analysis, args: Word[]): void {
  const g = readArgs(args, GIT);
  for (const [name, value] of g.options) {
    if (value === true) continue;
    if ((name === '-c' || name === '--config-env') && HOOKS_PATH_KEY.test(value.split('=')[0]!)) a.deny('HOOKS_PATH', `git ${name} ${value}`);
  }
  const [sub, ...rest] = g.operands;
  if (!sub || sub.dynamic) return;
  if (sub.text === 'commit') {
    let skip = false;
    for (const [name] of readArgs(rest, GIT_COMMIT).options) {
      // git takes an unambiguous prefix of a long option: --no-veri is --no-verify.
      if (name === '-n' || (name.length >= 9 && '--no-verify'.startsWith(name))) skip = true;
      else if (name === '--verify') skip = false;
    }
    if (skip) a.deny('NO_VERIFY', 'git commit --no-verify');
  } else if (sub.text === 'commit-tree') {
    a.deny('NO_VERIFY', 'git commit-tree');
  } else if (sub.text === 'config') {
    const c = readArgs(rest, GIT_CONFIG);
    if (!c.operands.some((w) => HOOKS_PATH_KEY.test(w.text))) return;
    const reads = has(c, '--get', '--get-all', '--get-regexp', '--get-urlmatch', '--list', '-l') || ['get', 'list'].includes(c.operands[0]?.text ?? '');
    if (!reads) a.deny('HOOKS_PATH', 'git config core.hooksPath');
  }
}

/** `tdd-hooks uninstall`, `npx tdd-hooks uninstall`, `node …/bin/tdd.js uninstall`. */
export function checkUninstall(a: Analysis, words: Word[]): void {
  for (let i = 0; i + 1 < words.length; i++) {
    if (['tdd', 'tdd-hooks', 'tdd.js'].includes(basename(words[i]!.text)) && words[i + 1]!.text === 'uninstall')
      a.deny('HOOKS_DISABLED', 'tdd-hooks uninstall');
  }
}
