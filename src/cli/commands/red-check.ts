import { resolve } from 'node:path';
import { diskSourceReader, findWorkTreeTop, readDiskAssertNames, readTestFileOnDisk, type DiskChecking } from '../../config/disk.js';
import { usageError } from '../../errors.js';
import { evaluateRedCheckFile } from '../../gates/red-check.js';
import { knownLanguages, type AssertionVia, type LanguageId, type Marker } from '../../lang/index.js';
import { findingJson, paint } from '../../report/format.js';
import { formatFinding } from '../../report/messages.js';
import type { Finding } from '../../types.js';
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
(data.kind: skip, todo or xfail; data.origin "unknown": whether this change adds it is not known
without the history), FILE_MISSING, LANGUAGE_UNKNOWN, CONFIG_INVALID.
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

function formatProblem(p: Finding, color: boolean): string[] {
  const { what, next } = formatFinding(p);
  const [mark, style] = p.severity === 'error' ? (['✗', 'red'] as const) : (['!', 'yellow'] as const);
  return [`${paint(color, style, mark)} ${what} ${paint(color, 'dim', `[${p.code}]`)}`, ...(next ? [`    ${paint(color, 'cyan', 'next:')} ${next}`] : [])];
}

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
    const root = findWorkTreeTop(ctx.cwd);
    const config = readDiskAssertNames(root);
    const how: DiskChecking = { cwd: ctx.cwd, root, reader: diskSourceReader(root), assertFunctionNames: config.names };
    const reads = await Promise.all(paths.map((p) => readTestFileOnDisk(how, p)));
    const files: RedCheckFile[] = [];
    const problems: Finding[] = [];
    if (config.problem) {
      const { file, key, expected } = config.problem;
      problems.push({ code: 'CONFIG_INVALID', severity: 'error', path: file, data: { detail: `${key} is not ${expected}`, key, expected } });
    }
    const lines = problems.flatMap((p) => formatProblem(p, ctx.color));
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
      for (const p of mine) lines.push(...formatProblem(p, ctx.color));
      problems.push(...mine);
    }
    const exitCode = problems.some((p) => p.code === 'FILE_MISSING' || p.code === 'LANGUAGE_UNKNOWN' || p.code === 'CONFIG_INVALID')
      ? 2
      : problems.some((p) => p.severity === 'error')
        ? 1
        : 0;
    const json = { files, problems: problems.map(findingJson) };
    return { exitCode, text: lines.join('\n'), json };
  },
};
export default redCheck;
