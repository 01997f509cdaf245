/**
 * Tokens → simple commands: each with its prefix assignments (FOO=1), its words and its
 * redirections, in the order they appear, the commands of `$( )` and backticks included. Control
 * structure (if/for/while, subshells, groups) only separates commands: a guard asks what each
 * command does, not when it runs. Pure.
 */
import { lexShell, type Token, type Word } from './shell-lex.js';

export type { Word } from './shell-lex.js';

export interface Redirect {
  op: string;
  fd: number | null;
  target: Word;
}

export interface SimpleCommand {
  assignments: { name: string; value: Word }[];
  words: Word[];
  redirects: Redirect[];
}

export interface ParsedShell {
  commands: SimpleCommand[];
  /** Why the command line cannot be read (bash could not run it either). */
  error?: string;
}

/** Words that open or close a construct: dropped from the front of a command. */
const RESERVED = new Set(['if', 'then', 'else', 'elif', 'fi', 'do', 'done', 'while', 'until', 'esac', '{', '}', '!', 'time', 'coproc']);
/** Constructs whose first line holds no command (`for x in a b`, `case x in`, `function f`). */
const HEADERS = new Set(['for', 'select', 'case', 'function']);
const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)\+?=/;

/** Nested command lines parsed too; deep nesting stops at this depth. */
const MAX_DEPTH = 8;

function build(tokens: Token[], out: SimpleCommand[]): void {
  let cmd: SimpleCommand = { assignments: [], words: [], redirects: [] };
  const flush = () => {
    while (cmd.words.length > 0 && !cmd.words[0]!.dynamic && RESERVED.has(cmd.words[0]!.text)) cmd.words.shift();
    const head = cmd.words[0];
    if (head && !head.dynamic && HEADERS.has(head.text)) cmd.words = [];
    if (cmd.words.length || cmd.assignments.length || cmd.redirects.length) out.push(cmd);
    cmd = { assignments: [], words: [], redirects: [] };
  };
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.type === 'op') {
      flush();
    } else if (t.type === 'redir') {
      const target = tokens[i + 1];
      if (target?.type === 'word') {
        cmd.redirects.push({ op: t.op, fd: t.fd, target });
        i++;
      }
    } else {
      const m = ASSIGNMENT.exec(t.text);
      if (cmd.words.length === 0 && m) {
        cmd.assignments.push({ name: m[1]!, value: { ...t, text: t.text.slice(m[0].length) } });
      } else cmd.words.push(t);
    }
  }
  flush();
}

export function parseShell(source: string, depth = 0): ParsedShell {
  const lexed = lexShell(source);
  if (lexed.error) return { commands: [], error: lexed.error };
  const commands: SimpleCommand[] = [];
  build(lexed.tokens, commands);
  if (depth < MAX_DEPTH) {
    for (const inner of lexed.nested) {
      const parsed = parseShell(inner, depth + 1);
      if (parsed.error) return parsed;
      commands.push(...parsed.commands);
    }
  }
  return { commands };
}
