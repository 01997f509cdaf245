import { readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { usageError } from '../../errors.js';
import { analyzeTestFile, knownLanguages, languageOf, type LanguageId, type Marker, type TestFileAnalysis } from '../../lang/index.js';
import { paint } from '../../report/format.js';
import type { CommandModule } from '../types.js';

const LANGUAGES = knownLanguages();
const LANGUAGE_LIST = LANGUAGES.map((l) => `${l.name} (${l.extensions.join(' ')})`).join(', ');
// The list, wrapped for --help.
const LANGUAGE_LINES = `Languages, by extension: ${LANGUAGE_LIST}.`.replace(/(.{1,96})(?: |$)/g, '$1\n').trimEnd();

const help = `Usage: tdd red-check <file>... [--strict] [--json]

The RED gate's static check on files on disk, with no git and no test run (for orchestrators and
editors that want to know before they stage): every file must hold at least one real assertion
outside comments and strings, must not only print, and must not focus tests.
  --strict   skip and todo markers fail too. By default they are warnings: without the history,
             red-check cannot tell a marker this change adds (which the pre-commit hook refuses)
             from one the file already had (which it allows).
Focus markers (it.only, fit, @pytest.mark.only, Ginkgo FIt…) always fail: they silently disable
every other test, and the pre-commit hook refuses them wherever they are.
${LANGUAGE_LINES}
Output: one line per file; with --json, {"files": [{path, language, assertions, assertionLines,
printOnly, markers}], "problems": [{code, severity, path, line?, data?, message, next?}]} — files
lists only the files that were analysed. Codes: ASSERTION_MISSING, ASSERTION_PRINT_ONLY,
MARKER_FOCUS, MARKER_SKIP (data.kind: skip or todo), FILE_MISSING, LANGUAGE_UNKNOWN.
Exit codes: 0 every file has a real assertion (warnings may be printed), 1 a file has none, only
prints, or focuses tests (or, with --strict, skips), 2 a file is missing or unreadable or of an
unknown language (every other file is still checked and reported).`;

export interface RedCheckFile {
  path: string;
  language: LanguageId;
  assertions: number;
  assertionLines: number[];
  printOnly: boolean;
  markers: Marker[];
}

export type RedCheckProblem =
  | { code: 'ASSERTION_MISSING' | 'ASSERTION_PRINT_ONLY'; severity: 'error'; path: string; data: { language: LanguageId } }
  | { code: 'MARKER_FOCUS' | 'MARKER_SKIP'; severity: 'error' | 'warn'; path: string; line: number; data: { marker: string; kind: Marker['kind'] } }
  | { code: 'FILE_MISSING'; severity: 'error'; path: string; data: { reason: 'missing' | 'directory' | 'unreadable'; detail?: string } }
  | { code: 'LANGUAGE_UNKNOWN'; severity: 'error'; path: string; data: { known: string[] } };

type Read = { path: string; analysis: TestFileAnalysis } | { path: string; problem: RedCheckProblem };

async function readOne(cwd: string, path: string): Promise<Read> {
  const missing = (reason: 'missing' | 'directory' | 'unreadable', detail?: string): Read => ({
    path,
    problem: { code: 'FILE_MISSING', severity: 'error', path, data: { reason, ...(detail ? { detail } : {}) } },
  });
  const full = resolve(cwd, path);
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
  return { path, analysis: analyzeTestFile(path, text)! };
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
      severity: focus || strict ? 'error' : 'warn',
      path,
      line: m.line,
      data: { marker: m.text, kind: m.kind },
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
};

/** Words for a problem: what is wrong, then the next step. */
export function describeRedCheckProblem(p: RedCheckProblem): { what: string; next?: string } {
  switch (p.code) {
    case 'ASSERTION_MISSING':
      return { what: `${p.path} has no real assertion (outside comments and strings)`, next: `assert the behaviour, e.g. ${EXAMPLE[p.data.language]}` };
    case 'ASSERTION_PRINT_ONLY':
      return { what: `${p.path} only prints; printing verifies nothing`, next: `replace the output with assertions, e.g. ${EXAMPLE[p.data.language]}` };
    case 'MARKER_FOCUS':
      return { what: `${p.path}:${p.line} focuses tests (${p.data.marker}): every other test is silently skipped`, next: 'remove the focus marker' };
    case 'MARKER_SKIP':
      return {
        what: `${p.path}:${p.line} has a ${p.data.kind} marker (${p.data.marker}): a skipped test proves nothing`,
        next: 'remove the marker (the pre-commit hook refuses one a commit adds)',
      };
    case 'FILE_MISSING':
      return {
        what: `${p.path}: ${p.data.reason === 'missing' ? 'no such file' : p.data.reason === 'directory' ? 'a directory, not a file' : `unreadable (${p.data.detail ?? ''})`}`,
        next: 'pass the test files themselves, relative to the working directory',
      };
    case 'LANGUAGE_UNKNOWN':
      return { what: `${p.path}: no assertion patterns are known for this language`, next: `red-check knows ${LANGUAGE_LIST}` };
  }
}

const MARK = { error: ['✗', 'red'], warn: ['!', 'yellow'] } as const;

const redCheck: CommandModule = {
  help,
  async run(ctx) {
    const { values, positionals } = parseArgs({
      args: ctx.argv,
      allowPositionals: true,
      options: { strict: { type: 'boolean' }, json: { type: 'boolean' } },
    });
    if (positionals.length === 0) throw usageError('no file given', 'tdd red-check <file>... [--strict] [--json]');
    // The same file twice is checked once, under the first spelling given.
    const byFile = new Map<string, string>();
    for (const p of positionals) if (!byFile.has(resolve(ctx.cwd, p))) byFile.set(resolve(ctx.cwd, p), p);
    const paths = [...byFile.values()];
    const reads = await Promise.all(paths.map((p) => readOne(ctx.cwd, p)));
    const files: RedCheckFile[] = [];
    const problems: RedCheckProblem[] = [];
    const lines: string[] = [];
    for (const r of reads) {
      const mine = 'problem' in r ? [r.problem] : evaluateRedCheckFile(r.path, r.analysis, Boolean(values.strict));
      if ('analysis' in r) {
        const { language, assertions, assertionLines, printOnly, markers } = r.analysis;
        files.push({ path: r.path, language, assertions, assertionLines, printOnly, markers });
        if (assertions > 0 && !mine.some((p) => p.severity === 'error')) {
          lines.push(`${paint(ctx.color, 'green', '✓')} ${r.path}: ${assertions} assertion${assertions === 1 ? '' : 's'}`);
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
    const exitCode = problems.some((p) => p.code === 'FILE_MISSING' || p.code === 'LANGUAGE_UNKNOWN')
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
