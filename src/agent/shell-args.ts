/**
 * getopt-style reading of a command's arguments: short option bundles (`-rf`, `-m msg`, `-mmsg`),
 * long options (`--file=x`, `--file x`), `--` ending the options. Pure.
 */
import type { Word } from './shell-lex.js';

export interface OptionSpec {
  /** Short letters that take a value: the rest of the bundle, else the next word. */
  short?: string;
  /** Short letters whose value is optional and only ever attached (`sed -i.bak`, `git commit -S<key>`). */
  shortAttached?: string;
  /** Long options that take a value (`--file x` as well as `--file=x`). */
  long?: string[];
  /** Options stop at the first operand (git's subcommand, a shell's script). */
  stopAtOperand?: boolean;
}

export interface ReadArgs {
  /** Each option as written, with its value: ['-m', 'msg'], ['--in-place', ''], ['-n', true]. */
  options: [string, string | true][];
  operands: Word[];
}

export function readArgs(args: Word[], spec: OptionSpec): ReadArgs {
  const options: [string, string | true][] = [];
  const operands: Word[] = [];
  const takes = new Set(spec.short ?? '');
  const attached = new Set(spec.shortAttached ?? '');
  const longTakes = new Set(spec.long ?? []);
  let i = 0;
  for (; i < args.length; i++) {
    const w = args[i]!;
    const t = w.text;
    if (w.dynamic || t === '-' || !t.startsWith('-')) {
      operands.push(w);
      if (spec.stopAtOperand) {
        i++;
        break;
      }
      continue;
    }
    if (t === '--') {
      i++;
      break;
    }
    if (t.startsWith('--')) {
      const eq = t.indexOf('=');
      if (eq > 0) options.push([t.slice(0, eq), t.slice(eq + 1)]);
      else if (longTakes.has(t)) options.push([t, args[++i]?.text ?? '']);
      else options.push([t, true]);
      continue;
    }
    for (let j = 1; j < t.length; j++) {
      const c = t[j]!;
      if (takes.has(c)) {
        const rest = t.slice(j + 1);
        options.push([`-${c}`, rest !== '' ? rest : (args[++i]?.text ?? '')]);
        break;
      }
      if (attached.has(c)) {
        options.push([`-${c}`, t.slice(j + 1)]);
        break;
      }
      options.push([`-${c}`, true]);
    }
  }
  operands.push(...args.slice(i));
  return { options, operands };
}

/** Whether an option was given (any of its spellings). */
export function has(r: ReadArgs, ...names: string[]): boolean {
  return r.options.some(([n]) => names.includes(n));
}

/** The last value of an option (the one the command uses). */
export function valueOf(r: ReadArgs, ...names: string[]): string | true | undefined {
  let v: string | true | undefined;
  for (const [n, value] of r.options) if (names.includes(n)) v = value;
  return v;
}
