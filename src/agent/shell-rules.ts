/**
 * What a shell command line would do that the guard cares about: turn the commit layer off
 * (`git commit --no-verify`, `TDD_HOOKS=0`, `core.hooksPath`), or write files it can read from the
 * command (`>`, `tee`, `sed -i`, `cp`, `mv`, `rm`…). Pure: paths come back absolute against the
 * command's working directory (followed through `cd`), or null where only the run would know
 * them ($VAR, globs); the shell resolves them against the repository.
 */
import { basename, isAbsolute, resolve } from 'node:path';
import { has, readArgs, valueOf, type OptionSpec } from './shell-args.js';
import { parseShell, type SimpleCommand, type Word } from './shell.js';
import type { GuardFinding } from './types.js';

export interface ShellTarget {
  /** Absolute, or null when the command builds it at run time. */
  path: string | null;
  op: 'write' | 'delete';
  /** cp/mv/ln onto a folder: the files land as `<path>/<basename of each>`. */
  into?: string[];
}

export interface ShellAnalysis {
  findings: GuardFinding[];
  targets: ShellTarget[];
  /** The command line cannot be read (bash could not run it either). */
  error?: string;
}

const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'ash']);
const WRITE_REDIRS = new Set(['>', '>>', '>|', '&>', '&>>', '<>', '>&']);
const HOOKS_PATH_KEY = /^core\.hookspath$/i;
const MAX_DEPTH = 6;

/** Wrappers that run the rest of their words as a command, with the options each takes a value for. */
const WRAPPERS: Record<string, OptionSpec> = {
  command: {},
  builtin: {},
  exec: { short: 'a' },
  nohup: {},
  nice: { short: 'n', long: ['--adjustment'] },
  time: {},
  timeout: { short: 'sk', long: ['--signal', '--kill-after'] },
  sudo: { short: 'ugCDhpRrtT', long: ['--user', '--group', '--chdir', '--host', '--prompt'] },
  doas: { short: 'uC' },
  stdbuf: { short: 'ioe', long: ['--input', '--output', '--error'] },
  xargs: { short: 'IELnPsdae', long: ['--replace', '--max-lines', '--max-args', '--max-procs', '--max-chars', '--delimiter', '--arg-file', '--eof'] },
};

const COPIES: Record<string, OptionSpec> = {
  cp: { short: 'tS', long: ['--target-directory', '--suffix'] },
  mv: { short: 'tS', long: ['--target-directory', '--suffix'] },
  ln: { short: 'tS', long: ['--target-directory', '--suffix'] },
  install: { short: 'tSmog', long: ['--target-directory', '--suffix', '--mode', '--owner', '--group'] },
};

const SED: OptionSpec = { short: 'efl', shortAttached: 'i', long: ['--expression', '--file', '--line-length'] };
const GIT: OptionSpec = { short: 'Cc', long: ['--git-dir', '--work-tree', '--namespace', '--super-prefix', '--config-env'], stopAtOperand: true };
const GIT_COMMIT: OptionSpec = {
  short: 'mFCct',
  shortAttached: 'Su',
  long: ['--message', '--file', '--reuse-message', '--reedit-message', '--fixup', '--squash', '--author', '--date', '--template', '--cleanup', '--trailer', '--pathspec-from-file'],
};
const GIT_CONFIG: OptionSpec = { short: 'f', long: ['--file', '--blob', '--type', '--default', '--comment', '--value'] };

class Analysis {
  findings: GuardFinding[] = [];
  targets: ShellTarget[] = [];
  error?: string;
  constructor(public cwd: string | null) {}

  deny(code: GuardFinding['code'], what: string): void {
    if (!this.findings.some((f) => f.code === code && f.data?.command === what)) this.findings.push({ code, data: { command: what } });
  }

  /** A word as a path: absolute, or null when only the run knows it (or it is a device). */
  path(w: Word | undefined, cwd = this.cwd): string | null {
    if (!w || w.dynamic || w.glob || w.text === '') return null;
    if (w.text.startsWith('/dev/')) return null;
    if (isAbsolute(w.text)) return resolve(w.text);
    return cwd === null ? null : resolve(cwd, w.text);
  }

  write(w: Word | undefined, op: 'write' | 'delete' = 'write', into?: Word[]): void {
    if (w && !w.dynamic && w.text.startsWith('/dev/')) return;
    const path = this.path(w);
    this.targets.push({ path, op, ...(into && into.length ? { into: into.map((s) => basename(s.text)) } : {}) });
  }
}

function checkAssignment(a: Analysis, name: string, value: Word): void {
  if (value.dynamic) return;
  if ((name === 'TDD_HOOKS' || name === 'HUSKY') && value.text === '0') a.deny('HOOKS_DISABLED', `${name}=0`);
  if (/^GIT_CONFIG_KEY_\d+$/.test(name) && HOOKS_PATH_KEY.test(value.text)) a.deny('HOOKS_PATH', `${name}=${value.text}`);
  if (name === 'GIT_CONFIG_PARAMETERS' && /core\.hookspath/i.test(value.text)) a.deny('HOOKS_PATH', name);
}

/** `NAME=value` words given to export/env/declare. */
function checkAssignmentWords(a: Analysis, words: Word[]): void {
  for (const w of words) {
    const m = /^([A-Za-z_][A-Za-z0-9_]*)=/.exec(w.text);
    if (m) checkAssignment(a, m[1]!, { ...w, text: w.text.slice(m[0].length) });
  }
}

function analyzeGit(a: Analysis, args: Word[]): void {
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

function analyzeCopy(a: Analysis, name: string, args: Word[]): void {
  const r = readArgs(args, COPIES[name]!);
  if (name === 'install' && has(r, '-d', '--directory')) return;
  const dir = valueOf(r, '-t', '--target-directory');
  const ops = r.operands;
  if (typeof dir === 'string') {
    for (const src of ops) a.targets.push({ path: a.path({ text: `${dir}/${basename(src.text)}`, dynamic: src.dynamic, glob: src.glob, type: 'word' }), op: 'write' });
  } else if (name === 'ln' && ops.length === 1) {
    a.write({ ...ops[0]!, text: basename(ops[0]!.text) });
  } else if (ops.length >= 2) {
    a.write(ops.at(-1), 'write', ops.slice(0, -1));
  }
  if (name === 'mv') for (const src of dir === undefined ? ops.slice(0, -1) : ops) a.write(src, 'delete');
}

function analyzeCommand(a: Analysis, words: Word[], depth: number): void {
  const [head, ...args] = words;
  if (!head || head.dynamic) return;
  const name = basename(head.text);
  if (name in WRAPPERS) {
    const r = readArgs(args, { ...WRAPPERS[name], stopAtOperand: true });
    let rest = r.operands;
    if (name === 'timeout') rest = rest.slice(1);
    return analyzeCommand(a, rest, depth);
  }
  switch (name) {
    case 'env': {
      const r = readArgs(args, { short: 'uCS', long: ['--unset', '--chdir', '--split-string'], stopAtOperand: true });
      let i = 0;
      const ops = r.operands;
      while (i < ops.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(ops[i]!.text)) i++;
      checkAssignmentWords(a, ops.slice(0, i));
      return analyzeCommand(a, ops.slice(i), depth);
    }
    case 'export':
    case 'declare':
    case 'typeset':
    case 'readonly':
    case 'local':
      return checkAssignmentWords(a, args);
    case 'git':
      return analyzeGit(a, args);
    case 'eval':
      if (args.every((w) => !w.dynamic)) nestedScript(a, args.map((w) => w.text).join(' '), depth);
      return;
    case 'cd':
    case 'pushd': {
      const dir = args.find((w) => !/^-[LPe@]$/.test(w.text));
      a.cwd = dir && dir.text !== '-' ? a.path(dir) : null;
      return;
    }
    case 'tee':
      for (const w of readArgs(args, {}).operands) a.write(w);
      return;
    case 'sed': {
      const r = readArgs(args, SED);
      if (!has(r, '-i', '--in-place')) return;
      let files = r.operands;
      // BSD sed: `-i ''` (an empty suffix as its own word).
      if (valueOf(r, '-i') === '' && files[0]?.text === '' && !files[0].dynamic) files = files.slice(1);
      if (!has(r, '-e', '--expression', '-f', '--file')) files = files.slice(1);
      for (const w of files) a.write(w);
      return;
    }
    case 'cp':
    case 'mv':
    case 'ln':
    case 'install':
      return analyzeCopy(a, name, args);
    case 'rm':
    case 'unlink':
    case 'shred':
      for (const w of readArgs(args, name === 'shred' ? { short: 'ns', long: ['--iterations', '--size'] } : {}).operands) a.write(w, 'delete');
      return;
    case 'truncate':
      for (const w of readArgs(args, { short: 'sr', long: ['--size', '--reference'] }).operands) a.write(w);
      return;
    case 'chmod': {
      // The mode may look like an option (chmod -x f): it is the first word that is not a flag.
      const words = args.filter((w) => !/^(-[RvcfhH]+|--(recursive|verbose|changes|silent|quiet|dereference|no-dereference|preserve-root|no-preserve-root))$/.test(w.text));
      const ref = words.findIndex((w) => w.text.startsWith('--reference='));
      for (const w of ref >= 0 ? words.filter((_, i) => i !== ref) : words.slice(1)) a.write(w);
      return;
    }
    case 'dd':
      for (const w of args) if (w.text.startsWith('of=')) a.write({ ...w, text: w.text.slice(3) });
      return;
    case 'find': {
      const at = args.findIndex((w) => ['-exec', '-execdir', '-ok', '-okdir'].includes(w.text));
      if (at >= 0) {
        const stop = args.findIndex((w, i) => i > at && (w.text === ';' || w.text === '+'));
        analyzeCommand(a, args.slice(at + 1, stop < 0 ? undefined : stop), depth);
      }
      return;
    }
  }
  if (SHELLS.has(name)) {
    const r = readArgs(args, { short: 'oO', stopAtOperand: true });
    const script = r.operands[0];
    if (has(r, '-c') && script && !script.dynamic) nestedScript(a, script.text, depth);
    return;
  }
  // `tdd-hooks uninstall`, `npx tdd-hooks uninstall`, `node …/bin/tdd.js uninstall`.
  for (let i = 0; i + 1 < words.length; i++) {
    if (['tdd', 'tdd-hooks', 'tdd.js'].includes(basename(words[i]!.text)) && words[i + 1]!.text === 'uninstall') a.deny('HOOKS_DISABLED', 'tdd-hooks uninstall');
  }
}

function nestedScript(a: Analysis, script: string, depth: number): void {
  if (depth >= MAX_DEPTH) return;
  run(a, script, depth + 1);
}

function run(a: Analysis, source: string, depth: number): void {
  const parsed = parseShell(source);
  if (parsed.error) {
    a.error ??= parsed.error;
    return;
  }
  for (const cmd of parsed.commands) analyzeSimple(a, cmd, depth);
}

function analyzeSimple(a: Analysis, cmd: SimpleCommand, depth: number): void {
  for (const { name, value } of cmd.assignments) checkAssignment(a, name, value);
  for (const r of cmd.redirects) {
    if (!WRITE_REDIRS.has(r.op)) continue;
    // >&2, 2>&1, >&-: a file descriptor, not a file.
    if ((r.op === '>&' || r.op === '<>') && /^([0-9]+|-)$/.test(r.target.text)) continue;
    a.write(r.target);
  }
  analyzeCommand(a, cmd.words, depth);
}

/** A command line, run in `cwd` (null when unknown), → what it would do that the guard judges. */
export function analyzeShell(command: string, cwd: string | null): ShellAnalysis {
  const a = new Analysis(cwd);
  run(a, command, 0);
  return { findings: a.findings, targets: a.targets, ...(a.error ? { error: a.error } : {}) };
}
