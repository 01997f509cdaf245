/**
 * vitest's test files, read without running the configuration: the first of vitest.config.* and
 * vite.config.* (vitest's own order), where `test: { include: [...] }` (and `exclude`) is an array
 * of string literals, the one such property in the file. Anything else — an include built by code,
 * one merged from another file, `projects`, a `root` or `dir` elsewhere than the file's folder —
 * is unknown, and so is a file without `include` (it may come from a shared configuration).
 * Pure; a scanner that knows strings, comments, regular expressions and brackets, nothing more.
 */
import type { TestMatch } from '../schema.js';
import { VITEST_FILES } from './files.js';
import { cleanRelative, under, type RunnerFolder } from './paths.js';

export type Token = { kind: 'name' | 'string' | 'punct' | 'other'; text: string };

/** Strings (a template without `${`), names, one-character punctuation; comments and regular expressions dropped. */
export function tokenize(code: string): Token[] {
  const tokens: Token[] = [];
  const re =
    /\/\/[^\n]*|\/\*[\s\S]*?\*\/|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\$]|\\.|\$(?!\{))*`|`|[A-Za-z_$][\w$]*|\.\.\.|\/(?:[^/\\\n[]|\\.|\[(?:[^\]\\\n]|\\.)*\])+\/[a-z]*|\S/g;
  for (const m of code.matchAll(re)) {
    const t = m[0];
    if (t.startsWith('//') || t.startsWith('/*')) continue;
    const prev = tokens[tokens.length - 1];
    // A `/` where a value starts is a regular expression, elsewhere a division.
    if (t.length > 1 && t.startsWith('/') && prev && !/^[(,=:[!&|?{};]$/.test(prev.text) && prev.text !== 'return') {
      tokens.push({ kind: 'punct', text: '/' });
      continue;
    }
    if (/^["'`]/.test(t)) tokens.push(t === '`' ? { kind: 'other', text: t } : { kind: 'string', text: t });
    else if (/^[A-Za-z_$]/.test(t)) tokens.push({ kind: 'name', text: t });
    else tokens.push({ kind: t.length === 1 ? 'punct' : 'other', text: t });
  }
  return tokens;
}

export function stringValue(t: Token): string | undefined {
  if (t.kind !== 'string') return undefined;
  if (t.text.startsWith('`')) return t.text.slice(1, -1);
  if (t.text.startsWith("'")) return t.text.slice(1, -1).replace(/\\(.)/g, '$1');
  try {
    return JSON.parse(t.text) as string;
  } catch {
    return undefined;
  }
}

interface Found {
  include: (string[] | null)[];
  exclude: (string[] | null)[];
  /** Something that makes the file's own properties not the whole story. */
  doubt: boolean;
}

/** The `test.include` / `test.exclude` arrays of a configuration file (null: not a literal). */
export function scanVitestConfig(code: string): Found {
  const tokens = tokenize(code);
  const found: Found = { include: [], exclude: [], doubt: false };
  // Each open bracket with the property name it is the value of.
  const stack: { open: string; key?: string }[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const prev = tokens[i - 1];
    const key =
      prev?.text === ':' && (tokens[i - 2]?.kind === 'name' || tokens[i - 2]?.kind === 'string')
        ? (stringValue(tokens[i - 2]!) ?? tokens[i - 2]!.text)
        : undefined;
    const parent = stack[stack.length - 1];
    if (t.text === '...' || (t.kind === 'name' && t.text === 'mergeConfig')) found.doubt = true;
    if (key && parent?.open === '{' && stack.some((s) => s.key === 'test')) {
      if (['projects', 'workspace', 'root', 'dir'].includes(key)) found.doubt = true;
    }
    if (key === 'root' && parent?.open === '{' && !stack.some((s) => s.key === 'test')) found.doubt = true;
    if (t.text === '[' && key && (key === 'include' || key === 'exclude') && parent?.open === '{' && parent.key === 'test') {
      const items: string[] = [];
      let j = i + 1;
      let literal = true;
      for (; j < tokens.length && tokens[j]!.text !== ']'; j++) {
        const s = stringValue(tokens[j]!);
        if (s !== undefined) items.push(s);
        else if (tokens[j]!.text !== ',') literal = false;
      }
      found[key].push(literal ? items : null);
      i = j;
      continue;
    }
    if (t.text === '{' || t.text === '[' || t.text === '(') stack.push({ open: t.text, ...(key ? { key } : {}) });
    else if (t.text === '}' || t.text === ']' || t.text === ')') stack.pop();
    else if (key && t.kind !== 'punct' && (key === 'include' || key === 'exclude') && parent?.key === 'test') found[key].push(null);
  }
  return found;
}

/** vitest's test files in `folder`, or undefined when its configuration cannot be read as data. */
export function readVitestTests(folder: RunnerFolder): TestMatch | undefined {
  const name = VITEST_FILES.find((n) => folder.read(n) !== null);
  if (!name) return undefined;
  const found = scanVitestConfig(folder.read(name)!);
  if (found.doubt || found.include.length !== 1 || found.exclude.length > 1) return undefined;
  const [include] = found.include;
  const exclude = found.exclude[0] ?? [];
  if (!include || exclude === null) return undefined;
  const globs = (list: string[]) => list.map((g) => cleanRelative(g));
  const [tests, ignore] = [globs(include), globs(exclude)];
  if (tests.some((g) => g === undefined) || ignore.some((g) => g === undefined)) return undefined;
  return {
    tests: tests.map((g) => under(folder.root, g!)),
    ...(ignore.length > 0 ? { ignore: ignore.map((g) => under(folder.root, g!)) } : {}),
  };
}
