import type { Call } from './calls.js';

/**
 * Calls without parentheses, which scanCalls (a name and a bracket) never sees: Ruby's command
 * calls (`expect_offense <<~RUBY`, `assert_valid record`, `it_behaves_like "a thing"`, `check do`)
 * and a trailing lambda in Kotlin or Groovy (`check { … }`, `verifyAll { … }`). Only at the
 * start of a statement (a line's first word, a receiver chain allowed: `helper.expect_ok x`), so
 * `x = y z` or an operator after a name is no call. For `assertFunctionNames`: the names given
 * decide what counts, this only finds the calls. Linear: one regex pass over the lines.
 */
export type CommandStyle = 'ruby' | 'lambda';

// Keywords that start a statement but call nothing.
// prettier-ignore
const KEYWORDS = new Set([
  'if', 'unless', 'while', 'until', 'for', 'in', 'case', 'when', 'else', 'elsif', 'begin', 'end', 'rescue', 'ensure',
  'return', 'next', 'break', 'redo', 'retry', 'yield', 'def', 'class', 'module', 'do', 'then', 'and', 'or', 'not',
  'super', 'self', 'nil', 'true', 'false', 'alias', 'undef', 'defined', 'require', 'require_relative', 'include',
  'extend', 'puts', 'print', 'p', 'pp', 'raise', 'loop', 'lambda', 'proc', 'private', 'protected', 'public', 'attr_reader',
  'attr_accessor', 'attr_writer', 'let', 'subject', 'before', 'after', 'around', 'describe', 'context', 'it', 'specify',
  'try', 'catch', 'finally', 'throw', 'fun', 'val', 'var', 'object', 'init', 'interface', 'import', 'package', 'new',
  'synchronized', 'static', 'companion', 'get', 'set', 'with', 'apply', 'also', 'run', 'use', 'repeat', 'switch',
]);

// Ruby: a name (a receiver chain allowed) then spaces and what starts an argument: a word, a
// literal, a symbol, a heredoc, an array, a variable, a block. Not `x = 1`, `x + 1`, `x ? a : b`, `x.y`.
const RUBY_COMMAND =
  /^[ \t]*((?:[A-Za-z_]\w*[?!]?[ \t]*\.[ \t]*)*[A-Za-z_]\w*[?!]?)(?:[ \t]+(?=[\w"'`:@$[]|<<[~-]?["'A-Z_]|-\d|%[qQwWiI]?[^\w\s=])|[ \t]*(?=\{|\bdo\b))/gm;
// Kotlin and Groovy: a name (a receiver chain allowed) and a block: `check { … }`.
const LAMBDA_COMMAND = /^[ \t]*((?:[A-Za-z_$][\w$]*[ \t]*\.[ \t]*)*[A-Za-z_$][\w$]*)[ \t]*(?=\{)/gm;

/** The calls without parentheses in `blanked`, as Calls whose `open` is where the arguments start and `close` -1. */
export function scanCommandCalls(blanked: string, style: CommandStyle): Call[] {
  const re = new RegExp(style === 'ruby' ? RUBY_COMMAND : LAMBDA_COMMAND);
  const calls: Call[] = [];
  for (const m of blanked.matchAll(re)) {
    const written = m[1]!;
    const first = /^[\w$]+/.exec(written)![0];
    if (KEYWORDS.has(first) || (written === first && KEYWORDS.has(written))) continue;
    const name = written.replace(/[ \t]+/g, '').replace(/[?!](?=\.|$)/g, '');
    const start = m.index + m[0].length - m[0].trimStart().length;
    calls.push({ name, start, open: m.index + m[0].length, close: -1, continued: false });
  }
  return calls;
}
