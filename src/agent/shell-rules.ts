/**
 * What a shell command line would do that the guard cares about: turn the commit layer off
 * (`git commit --no-verify`, `TDD_HOOKS=0`, `core.hooksPath`), or write files it can read from the
 * command (`>`, `tee`, `sed -i`, `cp`, `mv`, `rm`…). Pure: paths come back absolute against the
 * command's working directory (followed through `cd`), or null where only the run would know
 * them ($VAR, globs); the shell resolves them against the repository.
 */
import { basename } from 'node:path';
import { Analysis, type ShellTarget } from './shell-analysis.js';
import { has, readArgs, type OptionSpec } from './shell-args.js';
import { analyzeGit, checkAssignment, checkAssignmentWords, checkUninstall } from './shell-bypass.js';
import { analyzeRedirects, analyzeWrites } from './shell-writes.js';
import { parseShell, type SimpleCommand, type Word } from './shell.js';
import type { GuardFinding } from './types.js';

export type { ShellTarget } from './shell-analysis.js';

export interface ShellAnalysis {
  findings: GuardFinding[];
  targets: ShellTarget[];
  /** What the reader could not be certain of (eval of a variable, a script it did not see). */
  notes: string[];
  /** The command line cannot be read (bash could not run it either). */
  error?: string;
}

const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'ash']);
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

/** Words a commit-making git run would hold: a command word built at run time is judged as git when they are there. */
const GIT_SUBS = new Set(['commit', 'merge', 'rebase', 'am', 'cherry-pick', 'pull', 'revert', 'commit-tree', 'config']);
/** `$(echo git)`, `` `printf git` ``: a substitution whose output is one word written in it. */
const ECHOED = /^(?:\$\(|`)\s*(?:echo|printf)\s+(?:'([^']*)'|"([^"$`\\]*)"|([\w./-]+))\s*(?:\)|`)$/;
/** `$NAME` or `${NAME}`, the whole word. */
const VARIABLE = /^\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))$/;

/** The words with the variables the line set itself put in (unquoted: split at blanks). */
function expand(a: Analysis, words: Word[]): Word[] {
  if (a.vars.size === 0 || !words.some((w) => w.dynamic)) return words;
  return words.flatMap((w): Word[] => {
    const m = w.dynamic ? VARIABLE.exec(w.text) : null;
    const value = m ? a.vars.get(m[1] ?? m[2]!) : undefined;
    if (value === undefined) return [w];
    return value
      .split(/[ \t\n]+/)
      .filter(Boolean)
      .map((text) => ({ type: 'word', text, dynamic: false, glob: false }));
  });
}

/** A command word only the run knows: what it would be, when the line says; else judged as git if it looks like a git run. */
function dynamicHead(a: Analysis, head: Word, args: Word[], depth: number): void {
  const echoed = ECHOED.exec(head.text);
  const word = echoed ? (echoed[1] ?? echoed[2] ?? echoed[3]!) : undefined;
  if (word !== undefined) return analyzeCommand(a, [{ type: 'word', text: word, dynamic: false, glob: false }, ...args], depth);
  const first = args.find((w) => !w.text.startsWith('-'));
  if (first && GIT_SUBS.has(first.text)) {
    analyzeGit(a, args, (script) => nestedScript(a, script, depth));
    a.note(`the command word \`${head.text}\` is known only when it runs; it was judged as git`);
  } else a.note(`the command word \`${head.text}\` is known only when it runs`);
}

function analyzeCommand(a: Analysis, words: Word[], depth: number): void {
  const [head, ...args] = expand(a, words);
  if (!head) return;
  if (head.dynamic) return dynamicHead(a, head, args, depth);
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
      for (const w of args) {
        const m = /^([A-Za-z_][A-Za-z0-9_]*)=/.exec(w.text);
        if (m && !w.dynamic) a.vars.set(m[1]!, w.text.slice(m[0].length));
      }
      return checkAssignmentWords(a, args);
    case 'git':
      return analyzeGit(a, args, (script) => nestedScript(a, script, depth));
    case 'eval':
      if (args.every((w) => !w.dynamic)) nestedScript(a, args.map((w) => w.text).join(' '), depth);
      else a.note(`\`eval ${args.map((w) => w.text).join(' ')}\` runs a command known only when it runs`);
      return;
    case 'source':
    case '.':
      if (args[0]) a.note(`\`${name} ${args[0].text}\` runs a script the guard did not read`);
      return;
    case 'cd':
    case 'pushd': {
      const dir = args.find((w) => !/^-[LPe@]$/.test(w.text));
      a.cwd = dir && dir.text !== '-' ? a.path(dir) : null;
      return;
    }
    case 'tee':
    case 'sed':
    case 'cp':
    case 'mv':
    case 'ln':
    case 'install':
    case 'rm':
    case 'unlink':
    case 'shred':
    case 'truncate':
    case 'chmod':
    case 'dd':
      return analyzeWrites(a, name, args);
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
    else if (has(r, '-c') && script) a.note(`\`${name} -c ${script.text}\` runs a command known only when it runs`);
    else if (script) a.note(`\`${name} ${script.text}\` runs a script the guard did not read`);
    return;
  }
  checkUninstall(a, words);
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
  for (const { name, value } of cmd.assignments) {
    checkAssignment(a, name, value);
    // `G=git` alone sets a variable of the line's shell; before a command, only that command's.
    if (cmd.words.length === 0) {
      if (value.dynamic) a.vars.delete(name);
      else a.vars.set(name, value.text);
    }
  }
  analyzeRedirects(a, cmd.redirects);
  analyzeCommand(a, cmd.words, depth);
}

/** A command line, run in `cwd` (null when unknown), → what it would do that the guard judges. */
export function analyzeShell(command: string, cwd: string | null): ShellAnalysis {
  const a = new Analysis(cwd);
  run(a, command, 0);
  return { findings: a.findings, targets: a.targets, notes: a.notes, ...(a.error ? { error: a.error } : {}) };
}
