/**
 * pytest through its built-in JUnit XML (`--junitxml`, `-o junit_family=xunit2`), as pytest 9.0.3
 * writes it (one line, split here):
 *
 *   <testsuites name="pytest tests"><testsuite name="pytest" errors="1" failures="1" skipped="2" tests="5" …>
 *   <testcase classname="tests.test_math.TestSub" name="test_neg" time="0.000">
 *     <failure message="assert -2 == 2&#10; +  where -2 = sub(1, 3)">tests/test_math.py:9: in test_neg …</failure></testcase>
 *   <testcase classname="tests.test_math" name="test_later"><skipped type="pytest.skip" message="later">…</skipped></testcase>
 *   <testcase classname="tests.test_math" name="test_bug"><skipped type="pytest.xfail" message="bug" /></testcase>
 *   <testcase classname="" name="tests.test_add"><error message="collection failure">ImportError while importing …
 *   E   ImportError: cannot import name 'add' from 'mathlib' (/scratch/tree/mathlib.py)</error></testcase>
 *
 * The file is only in the classname: its path from pytest's rootdir, dotted, without `.py`, then
 * the test's classes. A file that failed to import is a testcase with classname "" named by that
 * path. `message` is pytest's one-line crash summary: `AttributeError: module 'm' has no attribute
 * 'add'`, or `assert 2 == 3` for its own asserts (it drops `AssertionError: ` there).
 *
 * "A module of the project" (missing-symbol rather than missing-module): a module whose file the
 * error names inside the root (not in site-packages), or one whose top-level package the caller's
 * `isProjectImport(file, dottedModule)` knows (run.ts: a `.py` file or folder of that name in the
 * root, `src/` or a test file's folder). So `No module named 'shapes.circle'` is the project's
 * next module when `shapes/` is there; `No module named 'notyet'` is a missing module: a new
 * top-level module must exist (even empty) before a test can fail on its contents.
 */
import { dirname, isAbsolute, join } from 'node:path';
import type { FailureClass, FileError, FileErrorKind, TestCaseResult } from '../types.js';
import { firstLine } from './classify.js';
import { parseXml, type XmlElement } from './junit.js';
import { asArg, isProjectFile, toRepoPath } from './paths.js';
import { unknownRun } from './result.js';
import type { BuildArgvInput, BuiltCommand, ParseInput, ParsedRun, RunnerAdapter } from './types.js';

// The reader moved to junit.ts; its tests in test/unit/runners/pytest.test.ts still import it from here.
export { parseXml } from './junit.js';

export function buildPytestArgv(o: BuildArgvInput): BuiltCommand {
  const argv = [
    o.runnerPath,
    '-m',
    'pytest',
    // The cache next to the report, not .pytest_cache in the tree. Not `-p no:cacheprovider`:
    // a project with `--lf`/`--ff` in its addopts would then stop on "unrecognized arguments".
    '-o',
    `cache_dir=${join(dirname(o.reportPath), 'pytest-cache')}`,
    `--junitxml=${o.reportPath}`,
    '-o',
    'junit_family=xunit2',
    // An xfail test that passes fails (XPASS(strict)) instead of passing silently: no verdict counts it as a pass.
    '-o',
    'xfail_strict=true',
    // Without it one file that fails to import stops the run (exit 2, like an interrupt) and the other files report nothing.
    '--continue-on-collection-errors',
    // Overrides `-x`/`--maxfail` from the project's addopts: every asked test must report.
    '--maxfail=0',
    // Not --strict-markers: a project's unregistered marks would become collection errors.
    '-q',
    // The summary of what did not pass (-rA's PASSED lines would push it out of the output tail).
    '-ra',
    '--tb=short',
    '--no-header',
    '--color=no',
    ...o.files.map(asArg),
  ];
  // No __pycache__ (nor pytest's rewritten .pyc) in the tree; the same str hashes (set order) on every run.
  return { argv, env: { PYTHONDONTWRITEBYTECODE: '1', PYTHONHASHSEED: '0' } };
}

// ---- why a Python error happened

export interface PyContext {
  /** Repository-relative test file. */
  file: string;
  root: string;
  sources: Map<string, string>;
  isProjectImport?: ParseInput['isProjectImport'];
}

type Why = 'assertion' | 'timeout' | 'missing-symbol' | 'syntax' | 'missing-module' | 'other';

/** `KeyError: 'x'`, `requests.exceptions.HTTPError: …`, `AssertionError` → the class name. */
const HEADER = /^((?:[a-z_]\w*\.)*[A-Z]\w*)(?::\s|:?$)/;

/** Is `module` the project's: its file (when the message names it) in the tree, or its package known to the caller? */
function isProjectModule(module: string, path: string | undefined, ctx: PyContext): boolean {
  if (path !== undefined && isAbsolute(path)) return isProjectFile(path, ctx.root);
  return ctx.isProjectImport?.(ctx.file, module) ?? false;
}

/** `from mathlib import *` (or `from . import *`) of a project module: a NameError may be its missing symbol. */
function starImportsProject(ctx: PyContext): boolean {
  const text = ctx.sources.get(ctx.file) ?? '';
  for (const m of text.matchAll(/^[ \t]*from[ \t]+(\.*[\w.]*)[ \t]+import[ \t]*\*/gm)) {
    if (m[1]!.startsWith('.') || isProjectModule(m[1]!, undefined, ctx)) return true;
  }
  return false;
}

/**
 * Is `name` (a function, or `Class.method`'s class) reached through the project in the test file:
 * `from calc import add`, or `click.utils.shorten(` with `click.utils` the project's?
 */
function projectName(name: string, ctx: PyContext): boolean {
  const text = ctx.sources.get(ctx.file) ?? '';
  const word = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  for (const m of text.matchAll(new RegExp(`^[ \\t]*from[ \\t]+(\\.*[\\w.]*)[ \\t]+import[^\\n]*\\b${word}\\b`, 'gm'))) {
    if (m[1]!.startsWith('.') || isProjectModule(m[1]!, undefined, ctx)) return true;
  }
  for (const m of text.matchAll(new RegExp(`\\b([A-Za-z_][\\w.]*)\\.${word}\\b`, 'g'))) if (isProjectModule(m[1]!, undefined, ctx)) return true;
  return false;
}

/**
 * A call the project's code cannot take yet: `TypeError: add() got an unexpected keyword argument
 * 'rounding'` (a new parameter), `… takes 2 positional arguments but 3 were given`, `… missing 1
 * required positional argument`, for a function (or a class's method) the test reaches through the
 * project.
 */
function isNewParameter(header: string, ctx: PyContext): boolean {
  const m = /^TypeError: ([A-Za-z_][\w.]*)\(\) (?:got an unexpected keyword argument|takes (?:from )?\d+|missing \d+ required)/.exec(header);
  return m !== null && m[1]!.split('.').some((part) => part !== '__init__' && projectName(part, ctx));
}

/**
 * A module's own `__getattr__` (PEP 562) that raises a bare `AttributeError: shorten` for a name
 * it does not have (click.utils does): the traceback's last frame is that `__getattr__` in a
 * project file, and the test reads `.shorten` of a project module.
 */
function isModuleGetattrMiss(header: string, text: string, ctx: PyContext): boolean {
  const name = /^AttributeError: ([A-Za-z_]\w*)$/.exec(header)?.[1];
  if (name === undefined) return false;
  const frames = [...text.matchAll(/^(\S+\.py):\d+: in (\S+)$/gm)];
  const last = frames.at(-1);
  if (!last || last[2] !== '__getattr__') return false;
  const inProject = !isAbsolute(last[1]!) ? !/(site|dist)-packages/.test(last[1]!) : isProjectFile(last[1]!, ctx.root);
  return inProject && projectName(name, ctx);
}

/** One exception summary line → why (`text`: the failure's traceback, when there is one). */
export function explainPythonError(header: string, ctx: PyContext, text = ''): Why {
  if (/^Failed: Timeout\b/.test(header)) return 'timeout'; // pytest-timeout: `Failed: Timeout (>1.0s) from pytest-timeout.`
  if (/^assert\b/.test(header)) return 'assertion';
  const type = HEADER.exec(header)?.[1] ?? '';
  // `Failed` is pytest.fail, and pytest.raises / pytest.warns that saw nothing: a failed expectation.
  if (/AssertionError$/.test(type) || type === 'Failed') return 'assertion';
  if (/^(?:SyntaxError|IndentationError|TabError)$/.test(type)) return 'syntax';
  if (/circular import/.test(header)) return 'other';
  const noModule = /^ModuleNotFoundError: No module named '([^']+)'/.exec(header);
  if (noModule) {
    // `a.b.c` missing means `a.b` was imported: a new module of the project's package, or a package's.
    const name = noModule[1]!;
    const parent = name.includes('.') ? name.slice(0, name.lastIndexOf('.')) : undefined;
    return parent !== undefined && isProjectModule(parent, undefined, ctx) ? 'missing-symbol' : 'missing-module';
  }
  const noName = /^ImportError: cannot import name '[^']+' from '([^']+)'(?: \(([^)]*)\))?/.exec(header);
  if (noName) return isProjectModule(noName[1]!, noName[2], ctx) ? 'missing-symbol' : 'other';
  const noAttr = /^AttributeError: module '([^']+)' has no attribute '[^']+'/.exec(header);
  if (noAttr) return isProjectModule(noAttr[1]!, undefined, ctx) ? 'missing-symbol' : 'other';
  if (/^NameError: name '[^']+' is not defined/.test(header)) return starImportsProject(ctx) ? 'missing-symbol' : 'other';
  if (isNewParameter(header, ctx) || isModuleGetattrMiss(header, text, ctx)) return 'missing-symbol';
  return 'other';
}

/**
 * The exception line of a collection error's text: the first `E   Type: …` of the last block of
 * E lines; for a syntax error with the place, which may be another file than the test:
 *   E     File "/scratch/tree/test_math.py", line 4
 *   E       def test_subtracts(:
 *   E                         ^
 *   E   SyntaxError: invalid syntax          → SyntaxError: invalid syntax (/scratch/tree/test_math.py:4)
 */
export function exceptionLine(text: string): string {
  const lines = text.split('\n');
  let end = lines.length - 1;
  while (end >= 0 && !/^E\s/.test(lines[end]!)) end--;
  let start = end;
  while (start > 0 && /^E\s/.test(lines[start - 1]!)) start--;
  const block = lines.slice(start, end + 1).map((l) => l.slice(1).trim());
  let header = block.find((l) => HEADER.test(l)) ?? block[0] ?? firstLine(text);
  const at = /^File "([^"]+)", line (\d+)/.exec(block[0] ?? '');
  if (at && /^(?:SyntaxError|IndentationError|TabError)\b/.test(header)) header += ` (${at[1]}:${at[2]})`;
  return header.slice(0, 300);
}

function fileErrorOf(header: string, ctx: PyContext): { kind: FileErrorKind; message: string } {
  const why = explainPythonError(header, ctx);
  const kind: FileErrorKind = why === 'syntax' || why === 'missing-module' || why === 'missing-symbol' ? why : 'load-error';
  return { kind, message: header };
}

function failureOf(header: string, ctx: PyContext, setup: boolean, text: string): FailureClass {
  const why = explainPythonError(header, ctx, text);
  if (why === 'missing-symbol' || why === 'timeout') return why;
  // An assert in a fixture is not the test's assertion.
  return why === 'assertion' && !setup ? 'assertion' : 'exception';
}

// ---- testcases → files

interface Case {
  classname: string;
  name: string;
  outcome: XmlElement | undefined;
  /** A whole module: its import failed (`collection failure`) or it skipped itself (`collection skipped`). */
  collection: boolean;
}

const dotted = (path: string): string => path.replace(/\.py$/, '').split('/').join('.');

/**
 * Which asked files a testcase is about, for pytest's rootdir `base` (repository-relative, '' for
 * the root): the longest dotted path the classname starts with; for a collection entry every file
 * at or under the path it names (a package's `__init__.py` failing names the package).
 */
function filesOf(c: Case, files: string[], base: string): string[] {
  const under = files.filter((f) => base === '' || f.startsWith(`${base}/`));
  const rel = (f: string): string => dotted(base === '' ? f : f.slice(base.length + 1));
  if (c.collection) return under.filter((f) => rel(f) === c.name || rel(f).startsWith(`${c.name}.`));
  const hits = under.filter((f) => c.classname === rel(f) || c.classname.startsWith(`${rel(f)}.`));
  hits.sort((a, b) => rel(b).length - rel(a).length);
  return hits.slice(0, 1);
}

/** pytest's rootdir is where its config file is: the root, or the folder of a test file or of one of its parents. */
function guessBase(cases: Case[], files: string[]): string {
  const candidates = new Set(['']);
  for (const f of files) for (let d = dirname(f); d !== '.' && d !== ''; d = dirname(d)) candidates.add(d);
  let best = { base: '', hits: -1 };
  for (const base of [...candidates].sort((a, b) => a.length - b.length)) {
    const hits = cases.filter((c) => filesOf(c, files, base).length > 0).length;
    if (hits > best.hits) best = { base, hits };
  }
  return best.base;
}

/** `('/scratch/tree/test_a.py', 2, "Skipped: could not import 'numpy': No module named 'numpy'")` → the quoted part. */
function skipReason(text: string): string {
  return /, \d+, (['"])(.*)\1\)$/.exec(text.trim())?.[2] ?? firstLine(text);
}

/**
 * No report: python3 has no pytest, or pytest stopped before collecting. A conftest that fails to
 * import stops it with exit 4 and, on stderr:
 *   ImportError while loading conftest '/scratch/tree/tests/conftest.py'.
 *   tests/conftest.py:1: in <module>
 *   E   ModuleNotFoundError: No module named 'nothere'
 */
function parseNoReport(o: ParseInput, files: string[]): ParsedRun {
  if (/No module named pytest\b/.test(o.stderr)) return unknownRun(o, files, 'pytest is not installed for python3', 'runner-missing');
  const conftest = /ImportError while loading conftest '([^']+)'/.exec(o.stderr);
  if (!conftest) {
    const line = o.stderr
      .split('\n')
      .find((l) => /error/i.test(l))
      ?.trim();
    return unknownRun(o, files, `pytest wrote no report (exit ${o.exitCode})${line ? `: ${line.slice(0, 300)}` : ''}`);
  }
  const at = toRepoPath(o.root, conftest[1]!);
  const dir = dirname(at) === '.' ? '' : dirname(at);
  const header = exceptionLine(o.stderr.slice(conftest.index));
  const fileErrors = files.map((file): FileError => {
    if (dir !== '' && !file.startsWith(`${dir}/`)) return { file, kind: 'load-error', message: `not run: pytest stopped loading ${at}` };
    const ctx: PyContext = { file, root: o.root, sources: o.sources, isProjectImport: o.isProjectImport };
    return { file, ...fileErrorOf(header, ctx), message: `${at}: ${header}` };
  });
  return { status: 'completed', exitCode: o.exitCode, files, tests: [], fileErrors };
}

function readCases(suiteRoot: XmlElement): Case[] | undefined {
  const cases: Case[] = [];
  const visit = (el: XmlElement): boolean => {
    if (el.name !== 'testcase') return el.children.every(visit);
    // A testcase without a name is what an interrupted session leaves.
    if (el.attrs.name === undefined || el.attrs.classname === undefined) return false;
    const outcome = el.children.find((c) => c.name === 'failure' || c.name === 'error' || c.name === 'skipped');
    const message = outcome?.attrs.message;
    const collection = el.attrs.classname === '' && (message === 'collection failure' || message === 'collection skipped');
    cases.push({ classname: el.attrs.classname, name: el.attrs.name, outcome, collection });
    return true;
  };
  return visit(suiteRoot) ? cases : undefined;
}

export function parsePytestReport(o: ParseInput): ParsedRun {
  const files = o.files.map((f) => toRepoPath(o.root, f));
  if (o.report === undefined) return parseNoReport(o, files);
  // 2: KeyboardInterrupt or pytest.exit() (collection errors exit 1 with --continue-on-collection-errors).
  // 3: internal error, 4: usage. 6 (pytest ≥ 9.2, docs): --max-warnings exceeded, the results stand.
  if (o.exitCode === null || ![0, 1, 5, 6].includes(o.exitCode)) return unknownRun(o, files, `pytest stopped (exit ${o.exitCode})`);
  const top = parseXml(o.report);
  if (!top || (top.name !== 'testsuites' && top.name !== 'testsuite')) return unknownRun(o, files, 'pytest report is not JUnit XML');
  const cases = readCases(top);
  if (!cases) return unknownRun(o, files, 'pytest report has a testcase without a name (interrupted?)');
  const base = guessBase(cases, files);

  const tests = new Map<string, TestCaseResult>();
  const fileErrors: FileError[] = [];
  const ctxOf = (file: string): PyContext => ({ file, root: o.root, sources: o.sources, isProjectImport: o.isProjectImport });
  for (const c of cases) {
    const hit = filesOf(c, files, base);
    if (hit.length === 0) {
      // Another file the configuration added (addopts, testpaths) is fine; a test named by no file is not.
      if (!c.collection && (c.classname === '' || c.classname.startsWith('.'))) {
        return unknownRun(o, files, `pytest named a test by no file (${c.name}): is a test file outside pytest's rootdir?`);
      }
      continue;
    }
    const message = c.outcome?.attrs.message ?? '';
    if (c.collection) {
      for (const file of hit) {
        if (c.outcome!.name === 'error') fileErrors.push({ file, ...fileErrorOf(exceptionLine(c.outcome!.text), ctxOf(file)) });
        else tests.set(`${file}\0<module>`, { file, name: '<module>', status: 'skipped', message: skipReason(c.outcome!.text) });
      }
      continue;
    }
    const file = hit[0]!;
    const ctx = ctxOf(file);
    const classes = c.classname.slice(dotted(base === '' ? file : file.slice(base.length + 1)).length + 1);
    const name = [...(classes === '' ? [] : classes.split('.')), c.name].join(' > ');
    const key = `${file}\0${name}`;
    const seen = tests.get(key);
    const kind = c.outcome?.name;
    // A fixture's teardown failing: a second testcase of the same test (or the only one, when the test passed).
    const teardown = kind === 'error' && /^failed on teardown with "/.test(message);
    if (teardown) {
      fileErrors.push({ file, kind: 'load-error', message: `${name}: ${firstLine(message)}` });
      if (!seen) tests.set(key, { file, name, status: 'passed' });
      continue;
    }
    let result: TestCaseResult;
    if (kind === 'skipped') result = { file, name, status: c.outcome!.attrs.type === 'pytest.xfail' ? 'todo' : 'skipped' };
    else if (kind === 'failure' && /^\[XPASS\(strict\)\]/.test(message)) result = { file, name, status: 'todo', message: firstLine(message) };
    else if (kind === 'failure' || kind === 'error') {
      const setup = /^failed on setup with "([\s\S]*)"$/.exec(message);
      const header = firstLine(setup ? setup[1]! : message);
      result = { file, name, status: 'failed', failure: failureOf(header, ctx, kind === 'error', c.outcome!.text), message: firstLine(message) };
    } else result = { file, name, status: 'passed' };
    if (!seen || (seen.status !== 'failed' && result.status === 'failed')) tests.set(key, result);
  }

  const list = [...tests.values()];
  for (const file of files) {
    if (list.some((t) => t.file === file) || fileErrors.some((e) => e.file === file)) continue;
    fileErrors.push({ file, kind: 'no-tests', message: 'no tests collected (none in the file, or deselected by the configuration)' });
  }
  return { status: 'completed', exitCode: o.exitCode, files, tests: list, fileErrors };
}

export const pytestAdapter: RunnerAdapter = { name: 'pytest', program: 'python3', python: true, buildArgv: buildPytestArgv, parse: parsePytestReport };
