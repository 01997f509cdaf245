import { existsSync, readFileSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { usageError } from '../../errors.js';
import { ASSERT_NAME_PATTERN } from '../../lang/scan/assert-names.js';
import {
  analyzeTestFileWithHelpers,
  knownLanguages,
  languageOf,
  type AssertionVia,
  type LanguageId,
  type Marker,
  type SourceReader,
  type TestFileAnalysis,
} from '../../lang/index.js';
import { paint } from '../../report/format.js';
import { argsOf } from '../options.js';
import type { CommandModule } from '../types.js';

const LANGUAGES = knownLanguages();
const LANGUAGE_LIST = LANGUAGES.map((l) => `${l.name} (${l.extensions.join(' ')})`).join(', ');
// The list, wrapped for --help.
const LANGUAGE_LINES = `Languages, by extension: ${LANGUAGE_LIST}.`.replace(/(.{1,96})(?: |$)/g, '$1\n').trimEnd();

const help = `Usage: tdd red-check <file>... [--strict] [--json]

The RED gate's static check on files on disk, with no git and no test run (for orchestrators and
editors that want to know before they stage): every file must hold at least one real assertion
outside comments and strings, must not only print, and must not focus tests.
  --strict   skip, todo and expected-failure markers fail too. By default they are warnings:
             without the history, red-check cannot tell a marker this change adds (which the
             pre-commit hook refuses) from one the file already had (which it allows).
Focus markers (it.only, fit, @pytest.mark.only, Ginkgo FIt…) always fail: they silently disable
every other test, and the pre-commit hook refuses them wherever they are (one chosen at run time,
\`(ci ? it.only : it)(…)\`, is a warning).
A file that asserts through the project's own helpers passes: a call of a function (method,
macro) defined in the same file, in a file it imports (JS/TS relative imports, Python project
modules), in its Go package or its Rust crate folder, whose body asserts, followed a few calls
deep (JS/TS, Python, Go and Rust), and a Java, Kotlin, C# or PHP test class that inherits the
tests of a project base class in another file whose tests assert (an empty subclass of an
abstract test class). Helpers from elsewhere (a global, a package) are named in
assertFunctionNames in the repository's .tddrc.json, e.g. ["ruleTester.run", "request.**.expect",
"eqnice!"]; in Ruby and Kotlin a call without parentheses counts too (expect_offense <<~RUBY,
check { … }). A bare
\`expect(x)\` with no matcher, and expect.assertions(n) alone, assert nothing.
${LANGUAGE_LINES}
Output: one line per file; with --json, {"files": [{path, language, assertions, assertionLines,
printOnly, markers, via?}], "problems": [{code, severity, path, line?, data?, message, next?}]} —
files lists only the files that were analysed; via lists the helper calls that carried the
assertions ({call, line, kind: helper|config, helper?, path?, pattern?}). Codes: ASSERTION_MISSING,
ASSERTION_PRINT_ONLY, MARKER_FOCUS (data.conditional when chosen at run time), MARKER_SKIP
(data.kind: skip, todo or xfail), FILE_MISSING, LANGUAGE_UNKNOWN, CONFIG_INVALID.
Exit codes: 0 every file has a real assertion (warnings may be printed), 1 a file has none, only
prints, or focuses tests (or, with --strict, skips), 2 a file is missing or unreadable or of an
unknown language, or assertFunctionNames is not a list of call names (every file is still
checked and reported).`;

export interface RedCheckFile {
  path: string;
  language: LanguageId;
  assertions: number;
  assertionLines: number[];
  printOnly: boolean;
  markers: Marker[];
  via?: AssertionVia[];
}

export type RedCheckProblem =
  | { code: 'ASSERTION_MISSING' | 'ASSERTION_PRINT_ONLY'; severity: 'error'; path: string; data: { language: LanguageId } }
  | {
      code: 'MARKER_FOCUS' | 'MARKER_SKIP';
      severity: 'error' | 'warn';
      path: string;
      line: number;
      data: { marker: string; kind: Marker['kind']; conditional?: true };
    }
  | { code: 'CONFIG_INVALID'; severity: 'error'; path: string; data: { key: 'assertFunctionNames'; expected: string } }
  | { code: 'FILE_MISSING'; severity: 'error'; path: string; data: { reason: 'missing' | 'directory' | 'unreadable'; detail?: string } }
  | { code: 'LANGUAGE_UNKNOWN'; severity: 'error'; path: string; data: { known: string[] } };

type Read = { path: string; analysis: TestFileAnalysis } | { path: string; problem: RedCheckProblem };

/**
 * The files red-check reads besides the ones it checks, for helpers: by repository path under
 * `root` (the nearest folder above the working directory holding .git, else the working directory).
 */
function diskReader(root: string): SourceReader {
  return {
    async read(paths) {
      const texts = new Map<string, string>();
      await Promise.all(
        paths.map(async (p) => {
          try {
            texts.set(p, await readFile(join(root, p), 'utf8'));
          } catch {
            // Not there (or a folder): a candidate that does not exist.
          }
        }),
      );
      return texts;
    },
    async list(dir) {
      try {
        const entries = await readdir(join(root, dir), { withFileTypes: true });
        return entries.filter((e) => e.isFile()).map((e) => (dir === '' ? e.name : `${dir}/${e.name}`));
      } catch {
        return [];
      }
    },
  };
}

function findRoot(cwd: string): string {
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    if (existsSync(join(dir, '.git'))) return dir;
    if (dirname(dir) === dir) return resolve(cwd);
  }
}

const CONFIG_FILES = ['.tddrc.json', '.tddrc'];

/** assertFunctionNames from the repository's configuration file on disk (red-check reads the disk). */
function readAssertFunctionNames(root: string): { names: string[]; problem?: RedCheckProblem } {
  for (const file of [...CONFIG_FILES, 'package.json']) {
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(join(root, file), 'utf8'));
    } catch {
      continue;
    }
    const config = file === 'package.json' ? (raw as { tdd?: unknown } | null)?.tdd : raw;
    if (typeof config !== 'object' || config === null) continue;
    const names = (config as { assertFunctionNames?: unknown }).assertFunctionNames;
    if (names === undefined) return { names: [] };
    if (Array.isArray(names) && names.every((n) => typeof n === 'string' && ASSERT_NAME_PATTERN.test(n))) return { names };
    const expected = 'an array of call names such as "ruleTester.run", "request.**.expect" or "eqnice!"';
    return { names: [], problem: { code: 'CONFIG_INVALID', severity: 'error', path: file, data: { key: 'assertFunctionNames', expected } } };
  }
  return { names: [] };
}

interface Checking {
  cwd: string;
  root: string;
  reader: SourceReader;
  assertFunctionNames: string[];
}

async function readOne(how: Checking, path: string): Promise<Read> {
  const missing = (reason: 'missing' | 'directory' | 'unreadable', detail?: string): Read => ({
    path,
    problem: { code: 'FILE_MISSING', severity: 'error', path, data: { reason, ...(detail ? { detail } : {}) } },
  });
  const full = resolve(how.cwd, path);
  try {
    if ((await stat(full)).isDirectory()) return missing('directory');
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ENOENT' ? missing('missing') : missing('unreadable', (e as Error).message);
  }
  // The language is known from the name alone: no need to read a file we cannot check.
  if (languageOf(path) === undefined) {
    const known = LANGUAGES.flatMap((l) => l.extensions);
    return { path, problem: { code: 'LANGUAGE_UNKNOWN', severity: 'error', path, data: { known } } };
  }
  let text: string;
  try {
    text = await readFile(full, 'utf8');
  } catch (e) {
    return missing('unreadable', (e as Error).message);
  }
  // Helpers are looked up by repository path; a file outside the repository is its own root.
  const inRepo = relative(how.root, full);
  const outside = inRepo.startsWith('..') || resolve(inRepo) === inRepo;
  const repoPath = outside ? full.slice(dirname(full).length + 1) : inRepo.split(sep).join('/');
  const reader = outside ? diskReader(dirname(full)) : how.reader;
  const analysis = await analyzeTestFileWithHelpers(repoPath, text, reader, { assertFunctionNames: how.assertFunctionNames });
  return { path, analysis: analysis! };
}

/** The problems of one analysed file: pure, in source order. */
export function evaluateRedCheckFile(path: string, a: TestFileAnalysis, strict: boolean): RedCheckProblem[] {
  const problems: RedCheckProblem[] = [];
  if (a.assertions === 0) {
    problems.push({ code: a.printOnly ? 'ASSERTION_PRINT_ONLY' : 'ASSERTION_MISSING', severity: 'error', path, data: { language: a.language } });
  }
  for (const m of a.markers) {
    const focus = m.kind === 'focus';
    problems.push({
      code: focus ? 'MARKER_FOCUS' : 'MARKER_SKIP',
      // A focus chosen at run time (`(ci ? it.only : it)(…)`) may focus nothing: a warning, as in the hook.
      severity: (focus && !m.conditional) || strict ? 'error' : 'warn',
      path,
      line: m.line,
      data: { marker: m.text, kind: m.kind, ...(m.conditional ? { conditional: true as const } : {}) },
    });
  }
  return problems;
}

// What a real assertion looks like, per language, for the next step.
const EXAMPLE: Record<LanguageId, string> = {
  js: 'expect(add(1, 2)).toBe(3)',
  python: 'assert add(1, 2) == 3',
  go: 't.Errorf("got %d", got)',
  rust: 'assert_eq!(add(1, 2), 3)',
  java: 'assertEquals(3, add(1, 2))',
  kotlin: 'assertEquals(3, add(1, 2))',
  csharp: 'Assert.Equal(3, Add(1, 2))',
  ruby: 'expect(add(1, 2)).to eq(3)',
  abap: 'cl_abap_unit_assert=>assert_equals( act = add( 1 ) exp = 3 )',
  php: '$this->assertSame(3, add(1, 2))',
};

/** Words for a problem: what is wrong, then the next step. */
export function describeRedCheckProblem(p: RedCheckProblem): { what: string; next?: string } {
  switch (p.code) {
    case 'ASSERTION_MISSING':
      return {
        what: `${p.path} has no real assertion (outside comments and strings), and calls no helper of the project that asserts`,
        next: `assert the behaviour, e.g. ${EXAMPLE[p.data.language]}; a helper from outside the project (a global, a package) is named in assertFunctionNames in .tddrc.json`,
      };
    case 'ASSERTION_PRINT_ONLY':
      return { what: `${p.path} only prints; printing verifies nothing`, next: `replace the output with assertions, e.g. ${EXAMPLE[p.data.language]}` };
    case 'MARKER_FOCUS':
      return {
        what: `${p.path}:${p.line} ${p.data.conditional ? 'may focus tests (chosen at run time' : 'focuses tests ('}${p.data.conditional ? ', ' : ''}${p.data.marker}): every other test is silently skipped`,
        next: 'remove the focus marker',
      };
    case 'MARKER_SKIP':
      return {
        what: `${p.path}:${p.line} has ${p.data.kind === 'xfail' ? 'an expected-failure' : `a ${p.data.kind}`} marker (${p.data.marker}): a skipped test proves nothing`,
        next: 'remove the marker (the pre-commit hook refuses one a commit adds)',
      };
    case 'FILE_MISSING':
      return {
        what: `${p.path}: ${p.data.reason === 'missing' ? 'no such file' : p.data.reason === 'directory' ? 'a directory, not a file' : `unreadable (${p.data.detail ?? ''})`}`,
        next: 'pass the test files themselves, relative to the working directory',
      };
    case 'CONFIG_INVALID':
      return { what: `${p.path}: ${p.data.key} is not ${p.data.expected}`, next: `fix ${p.data.key} in ${p.path}` };
    case 'LANGUAGE_UNKNOWN':
      return { what: `${p.path}: no assertion patterns are known for this language`, next: `red-check knows ${LANGUAGE_LIST}` };
  }
}

const MARK = { error: ['✗', 'red'], warn: ['!', 'yellow'] } as const;

const OPTIONS = { options: { strict: { type: 'boolean' } }, positionals: Infinity } as const;

const redCheck: CommandModule = {
  help,
  options: OPTIONS,
  async run(ctx) {
    const { values, positionals } = argsOf(ctx, 'red-check', OPTIONS);
    if (positionals.length === 0) throw usageError('no file given', 'tdd red-check <file>... [--strict] [--json]');
    // The same file twice is checked once, under the first spelling given.
    const byFile = new Map<string, string>();
    for (const p of positionals) if (!byFile.has(resolve(ctx.cwd, p))) byFile.set(resolve(ctx.cwd, p), p);
    const paths = [...byFile.values()];
    const root = findRoot(ctx.cwd);
    const config = readAssertFunctionNames(root);
    const how: Checking = { cwd: ctx.cwd, root, reader: diskReader(root), assertFunctionNames: config.names };
    const reads = await Promise.all(paths.map((p) => readOne(how, p)));
    const files: RedCheckFile[] = [];
    const problems: RedCheckProblem[] = config.problem ? [config.problem] : [];
    const lines: string[] = [];
    if (config.problem) {
      const { what, next } = describeRedCheckProblem(config.problem);
      lines.push(
        `${paint(ctx.color, 'red', '✗')} ${what} ${paint(ctx.color, 'dim', `[${config.problem.code}]`)}`,
        `    ${paint(ctx.color, 'cyan', 'next:')} ${next}`,
      );
    }
    for (const r of reads) {
      const mine = 'problem' in r ? [r.problem] : evaluateRedCheckFile(r.path, r.analysis, Boolean(values.strict));
      if ('analysis' in r) {
        const { language, assertions, assertionLines, printOnly, markers, via } = r.analysis;
        files.push({ path: r.path, language, assertions, assertionLines, printOnly, markers, ...(via ? { via } : {}) });
        if (assertions > 0 && !mine.some((p) => p.severity === 'error')) {
          const through = via ? ` (through ${[...new Set(via.map((v) => v.helper ?? v.pattern))].join(', ')})` : '';
          lines.push(`${paint(ctx.color, 'green', '✓')} ${r.path}: ${assertions} assertion${assertions === 1 ? '' : 's'}${through}`);
        }
      }
      for (const p of mine) {
        const { what, next } = describeRedCheckProblem(p);
        const [mark, style] = MARK[p.severity];
        lines.push(`${paint(ctx.color, style, mark)} ${what} ${paint(ctx.color, 'dim', `[${p.code}]`)}`);
        if (next) lines.push(`    ${paint(ctx.color, 'cyan', 'next:')} ${next}`);
      }
      problems.push(...mine);
    }
    const exitCode = problems.some((p) => p.code === 'FILE_MISSING' || p.code === 'LANGUAGE_UNKNOWN' || p.code === 'CONFIG_INVALID')
      ? 2
      : problems.some((p) => p.severity === 'error')
        ? 1
        : 0;
    const json = { files, problems: problems.map((p) => ({ ...p, ...withWords(p) })) };
    return { exitCode, text: lines.join('\n'), json };
  },
};
export default redCheck;

function withWords(p: RedCheckProblem): { message: string; next?: string } {
  const { what, next } = describeRedCheckProblem(p);
  return { message: what, ...(next ? { next } : {}) };
}
