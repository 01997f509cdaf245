/**
 * One option parser for every command. A command declares what it takes as data
 * (`CommandModule.options`); cli/main parses argv against it before the command runs, so every
 * command answers a wrong option or argument the same way: exit 2, one line, the nearest valid
 * option. `--json` and `--help`/`-h` are every command's (main handles them).
 */
import { parseArgs } from 'node:util';
import { TddError } from '../errors.js';
import { nearest } from '../nearest.js';

export interface OptionSpec {
  type: 'boolean' | 'string';
  /** A string option given more than once: every value, in order (`--agent claude --agent codex`). */
  multiple?: boolean;
}

export interface CommandOptions {
  options: Record<string, OptionSpec>;
  /** The most positional arguments the command takes (0 when absent; Infinity for a list). */
  positionals?: number;
  /** What the first positional may be (a phase, a hook, a subcommand), named for the message. */
  words?: { name: string; values: readonly string[] };
}

export type OptionValues = Record<string, string | string[] | boolean | undefined>;

export interface ParsedArgs {
  values: OptionValues;
  positionals: string[];
}

/** Every command's own: main takes them out (--json) or answers them (--help, -h) first. */
const GLOBAL = ['json', 'help'];

/**
 * One line: what is wrong for which command, then the nearest valid word, the valid words, or
 * where they are listed.
 */
function usage(command: string, what: string, data: { suggestion?: string | null; choices?: readonly string[] } & Record<string, unknown>): TddError {
  const tail = data.suggestion
    ? `; did you mean ${data.suggestion}?`
    : data.choices
      ? `; one of ${data.choices.join(', ')}`
      : ` (see \`tdd ${command} --help\`)`;
  return new TddError('USAGE', `${what} for \`tdd ${command}\`${tail}`, 2, { data: { command, ...data } });
}

/** argv (after the command name) → values and positionals, or a usage error naming the nearest valid word. */
export function parseCommandArgs(command: string, argv: string[], spec: CommandOptions): ParsedArgs {
  const { tokens } = plainTokens(argv, spec) ?? parseArgs({ args: argv, strict: false, allowPositionals: true, tokens: true, options: spec.options });
  const values: OptionValues = {};
  const positionals: string[] = [];
  const known = [...Object.keys(spec.options), ...GLOBAL];
  for (const t of tokens) {
    if (t.kind === 'option-terminator') continue;
    if (t.kind === 'positional') {
      positionals.push(t.value);
      continue;
    }
    const option = spec.options[t.name];
    if (!option && !GLOBAL.includes(t.name)) {
      const guess = nearest(t.name, known);
      const meant = guess === undefined ? undefined : `--${guess}`;
      throw usage(command, `unknown option ${t.rawName}`, { option: t.rawName, suggestion: meant ?? null });
    }
    if (option?.type === 'string') {
      // `--task --regression`: parseArgs would take the next option as the value.
      if (t.value === undefined || (!t.inlineValue && t.value.startsWith('-'))) {
        throw usage(command, `${t.rawName} needs a value`, { option: t.rawName });
      }
      const before = values[t.name];
      values[t.name] = option.multiple ? [...(Array.isArray(before) ? before : []), t.value] : t.value;
    } else {
      if (t.inlineValue) throw usage(command, `${t.rawName} takes no value`, { option: t.rawName });
      values[t.name] = true;
    }
  }
  const max = spec.positionals ?? 0;
  const first = positionals[0];
  if (spec.words && first !== undefined && !spec.words.values.includes(first)) {
    const guess = nearest(first, spec.words.values);
    throw usage(command, `unknown ${spec.words.name} "${first}"`, { argument: first, suggestion: guess ?? null, choices: spec.words.values });
  }
  if (positionals.length > max) {
    const extra = positionals[max]!;
    const guess = extra.startsWith('-') ? undefined : nearest(extra, known);
    throw usage(command, `unexpected argument "${extra}"`, { argument: extra, suggestion: guess ? `--${guess}` : null });
  }
  return { values, positionals };
}

type Token = ReturnType<typeof parseArgs>['tokens'] extends (infer T)[] | undefined ? T : never;

/**
 * The tokens parseArgs would give for an argv of plain words and the command's own boolean
 * `--name` flags only (every hook's: `hook pre-commit --prefetched`), without loading node's
 * parser (~1–3 ms of every commit). Anything else (a dash word, `=`, a string option): undefined.
 */
export function plainTokens(argv: string[], spec: CommandOptions): { tokens: Token[] } | undefined {
  const tokens: Token[] = [];
  for (const [index, arg] of argv.entries()) {
    if (!arg.startsWith('-')) tokens.push({ kind: 'positional', index, value: arg });
    else if (/^--[a-z][a-z0-9-]*$/.test(arg) && spec.options[arg.slice(2)]?.type === 'boolean')
      tokens.push({ kind: 'option', index, name: arg.slice(2), rawName: arg, value: undefined, inlineValue: undefined });
    else return undefined;
  }
  return { tokens };
}

export type ValuesOf<O extends Record<string, OptionSpec>> = {
  [K in keyof O]?: O[K]['type'] extends 'string' ? (O[K]['multiple'] extends true ? string[] : string) : boolean;
};

/**
 * A command's arguments, typed by its own declaration: as main parsed them, or parsed here when
 * the command is run directly (the library API, tests).
 */
export function argsOf<S extends CommandOptions>(
  ctx: { argv: string[]; parsed?: ParsedArgs },
  command: string,
  spec: S,
): { values: ValuesOf<S['options']>; positionals: string[] } {
  const parsed =
    ctx.parsed ??
    parseCommandArgs(
      command,
      ctx.argv.filter((a) => a !== '--json'),
      spec,
    );
  return parsed as { values: ValuesOf<S['options']>; positionals: string[] };
}
