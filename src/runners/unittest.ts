/**
 * unittest has no machine-readable report, so a shim of ours runs it (SHIM, as
 * `python3 -c SHIM <report> -- ./tests/test_math.py …` in the root) and writes JSON at the end
 * (one line, split here; CPython 3.11):
 *
 *   {"format": "tdd-hooks-unittest/1", "files": [{"file": "tests/test_math.py", "load": null, "tests": [
 *     {"name": "TestSub > test_neg", "outcome": "failure", "error": {"type": "AssertionError", "message": "2 != 3"}},
 *     {"name": "TestSub > test_adds", "outcome": "error", "error": {"type": "AttributeError",
 *       "message": "module 'mathlib' has no attribute 'add'", "path": "/scratch/tree/mathlib.py"}},
 *     {"name": "TestDb > test_reads", "outcome": "error", "phase": "setUpClass", "error": {"type": "RuntimeError", "message": "db down"}},
 *     {"name": "TestSub > test_later", "outcome": "skipped", "reason": "later"}],
 *    "errors": [{"phase": "tearDownClass", "target": "tests.test_math.TestDb", "error": {…}}]},
 *   {"file": "tests/test_add.py", "load": {"type": "SyntaxError", "message": "invalid syntax",
 *     "path": "/scratch/tree/tests/test_add.py", "line": 4}, "tests": [], "errors": []}], "stray": []}
 *
 * `failure` is unittest's FAIL (the test's failureException: an assert* or self.fail), `error` its
 * ERROR (anything else raised). A file is imported by its dotted name when that name is the file
 * (tests/test_math.py → tests.test_math, so packages and relative imports work, as with
 * `python -m unittest tests/test_math.py`), else by path. The report is written at the very end,
 * under a temporary name then renamed: a run that died (KeyboardInterrupt, a crash, a kill) has none.
 *
 * Why a failure happened follows pytest.ts: an import or attribute error on a module of the
 * project (its file in the tree, or its package known to `isProjectImport`) is a missing symbol.
 */
import type { FailureClass, FileError, FileErrorKind, TestCaseResult } from '../types.js';
import { asArg, isProjectFile, toRepoPath } from './paths.js';
import { explainPythonError, type PyContext } from './pytest.js';
import { unknownRun } from './result.js';
import type { BuildArgvInput, BuiltCommand, ParseInput, ParsedRun, RunnerAdapter } from './types.js';

/**
 * The standard library only (no pytest); tried on CPython 3.6 to 3.13. Before 3.7 `cannot import
 * name 'add'` names no module (a load-error then), before 3.10 an AttributeError no module file.
 */
const SHIM = String.raw`
import importlib.util, json, keyword, os, re, sys, traceback, types, unittest


def main():
    if len(sys.argv) < 3 or sys.argv[2] != '--':
        sys.exit('usage: python3 -c SHIM REPORT -- FILE...')
    report, root = os.path.abspath(sys.argv[1]), os.getcwd()
    files = [os.path.relpath(os.path.abspath(f), root).replace(os.sep, '/') for f in sys.argv[3:]]
    # The root first, as for 'python -m unittest'; not '', which would follow a test's chdir.
    sys.path[:] = [root] + [p for p in sys.path if p not in ('', root)]

    def first_line(text):
        return next((l.strip() for l in text.splitlines() if l.strip()), '')[:300]

    def describe(e):
        t = type(e)
        info = {'type': t.__qualname__ if t.__module__ == 'builtins' else t.__module__ + '.' + t.__qualname__}
        try:
            info['message'] = first_line(e.msg if isinstance(e, SyntaxError) else str(e))
        except Exception:
            info['message'] = ''
        if isinstance(e, SyntaxError) and e.filename and e.lineno:
            info['path'], info['line'] = os.path.realpath(e.filename), e.lineno
        obj = getattr(e, 'obj', None)  # 3.10+: the module an AttributeError is about
        if isinstance(e, AttributeError) and isinstance(obj, types.ModuleType) and getattr(obj, '__file__', None):
            info['path'] = os.path.realpath(obj.__file__)
        return info

    def dotted(rel):
        parts = rel[:-3].split('/') if rel.endswith('.py') else []
        if not parts or not all(p.isidentifier() and not keyword.iskeyword(p) for p in parts):
            return None
        # A top-level name found first elsewhere (the stdlib's 'test' package) would import another file.
        try:
            spec = importlib.util.find_spec(parts[0])
        except ValueError:  # in sys.modules without a spec
            return None
        here = os.path.join(root, parts[0])
        if spec is None or not (spec.origin in (here + '.py', os.path.join(here, '__init__.py'))
                                or here in list(spec.submodule_search_locations or [])):
            return None
        return '.'.join(parts)

    def load(rel):
        path, name = os.path.join(root, rel), dotted(rel)
        if name is not None:
            module = importlib.import_module(name)
            found = getattr(module, '__file__', None)
            if os.path.realpath(found or '') != os.path.realpath(path):
                raise ImportError('%s is %s, not %s' % (name, found, rel))
            return module
        name = '_tdd_hooks_' + re.sub(r'\W', '_', rel)
        spec = importlib.util.spec_from_file_location(name, path)
        if spec is None:
            raise ImportError('not a Python file: ' + rel)
        module = sys.modules[name] = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module

    def flatten(suite):
        for t in suite:
            yield from flatten(t) if isinstance(t, unittest.TestSuite) else [t]

    loader = unittest.TestLoader()
    records = {rel: {'file': rel, 'load': None, 'tests': [], 'errors': []} for rel in files}
    by_test, loaded = {}, []
    for rel, record in records.items():
        try:
            tests = list(flatten(loader.loadTestsFromModule(load(rel))))
        except unittest.SkipTest as e:
            record['tests'].append({'name': '<module>', 'outcome': 'skipped', 'reason': first_line(str(e))})
            continue
        except (Exception, SystemExit) as e:
            record['load'] = describe(e)
            frames = [f for f in traceback.extract_tb(e.__traceback__) if not f.filename.startswith('<')]
            sys.stderr.write('ERROR: could not load %s\n%s%s' % (rel, ''.join(traceback.format_list(frames)),
                                                                ''.join(traceback.format_exception_only(type(e), e))))
            continue
        for test in tests:
            if isinstance(test, unittest.loader._FailedTest):  # load_tests raised
                record['load'] = record['load'] or describe(test._exception)
                continue
            if id(test) in by_test:  # the same instance twice in a suite runs, and reports, as one
                continue
            cls, tid = type(test), test.id()
            prefix = cls.__module__ + '.'
            entry = {'name': (tid[len(prefix):] if tid.startswith(prefix) else tid).replace('.', ' > '), 'outcome': None}
            record['tests'].append(entry)
            by_test[id(test)] = (entry, record, cls.__module__ + '.' + cls.__qualname__, cls.__module__)
            loaded.append(test)  # also keeps the test alive, and its id() unique, after the suite lets go

    def settle(entry, outcome, err=None, reason=None, phase=None):
        if entry['outcome'] is not None:
            return  # the first outcome stands: a failure, then a tearDown error
        entry['outcome'] = outcome
        for key, value in (('error', err and describe(err[1])), ('reason', reason and first_line(reason)), ('phase', phase)):
            if value:
                entry[key] = value

    holders = []

    class Recorder(unittest.TextTestResult):
        def note(self, test, outcome, err=None, reason=None):
            if isinstance(test, unittest.suite._ErrorHolder):
                holders.append((test.description, outcome, err, reason))
                return
            if isinstance(test, unittest.case._SubTest):
                test = test.test_case
            if id(test) in by_test:
                settle(by_test[id(test)][0], outcome, err, reason)

        def addSuccess(self, test):
            super().addSuccess(test)
            self.note(test, 'passed')

        def addFailure(self, test, err):
            super().addFailure(test, err)
            self.note(test, 'failure', err)

        def addError(self, test, err):
            super().addError(test, err)
            self.note(test, 'error', err)

        def addSkip(self, test, reason):
            super().addSkip(test, reason)
            self.note(test, 'skipped', reason=reason)

        def addExpectedFailure(self, test, err):
            super().addExpectedFailure(test, err)
            self.note(test, 'expected-failure', err)

        def addUnexpectedSuccess(self, test):
            super().addUnexpectedSuccess(test)
            self.note(test, 'unexpected-success')

        def addSubTest(self, test, subtest, err):
            super().addSubTest(test, subtest, err)
            if err is not None:
                self.note(test, 'failure' if issubclass(err[0], test.failureException) else 'error', err)

    result = unittest.TextTestRunner(stream=sys.stderr, resultclass=Recorder).run(unittest.TestSuite(loaded))

    # A class or module fixture that failed or skipped runs none of its tests; unittest reports it
    # once, by name: 'setUpClass (tests.test_math.TestSub)', 'tearDownModule (tests.test_math)'.
    stray = []
    for description, outcome, err, reason in holders:
        m = re.match(r'(\w+) \((.*)\)$', description)
        phase, target = m.groups() if m else ('', description)
        hit = [(entry, record) for entry, record, cls, mod in by_test.values() if target in (cls, mod)]
        if phase.startswith('setUp') and hit:
            for entry, _ in hit:
                settle(entry, outcome, err, reason, phase)
        elif hit and err is not None:
            hit[0][1]['errors'].append({'phase': phase, 'target': target, 'error': describe(err[1])})
        elif err is not None:
            stray.append({'description': description, 'error': describe(err[1])})
    for entry, _, _, _ in by_test.values():
        if entry['outcome'] is None:
            entry['outcome'] = 'not-run'

    with open(report + '.part', 'w', encoding='utf-8') as f:
        json.dump({'format': 'tdd-hooks-unittest/1', 'files': list(records.values()), 'stray': stray}, f)
    os.replace(report + '.part', report)  # a killed run leaves no half report
    if not by_test and not any(r['load'] for r in records.values()):
        sys.exit(5)
    clean = result.wasSuccessful() and not stray and not any(r['load'] or r['errors'] for r in records.values())
    sys.exit(0 if clean else 1)


main()
`;

export function buildUnittestArgv(o: BuildArgvInput): BuiltCommand {
  const argv = [o.runnerPath, '-c', SHIM, o.reportPath, '--', ...o.files.map(asArg)];
  // No __pycache__ in the tree; the same str hashes (set order) on every run.
  return { argv, env: { PYTHONDONTWRITEBYTECODE: '1', PYTHONHASHSEED: '0' } };
}

// ---- the report

interface PyError {
  type: string;
  message: string;
  /** A SyntaxError's file (with `line`), or the module file an AttributeError is about (3.10+). */
  path?: string;
  line?: number;
}

const OUTCOMES = ['passed', 'failure', 'error', 'skipped', 'expected-failure', 'unexpected-success', 'not-run'] as const;

interface ShimTest {
  name: string;
  outcome: (typeof OUTCOMES)[number];
  error?: PyError;
  /** A skip's reason. */
  reason?: string;
  /** setUpClass / setUpModule: the class or module fixture failed (or skipped), the test never ran. */
  phase?: string;
}

interface ShimFile {
  file: string;
  load: PyError | null;
  tests: ShimTest[];
  /** tearDownClass / tearDownModule errors, after their tests passed or failed. */
  errors: { phase: string; target: string; error: PyError }[];
}

interface ShimReport {
  format: 'tdd-hooks-unittest/1';
  files: ShimFile[];
  /** Fixture errors the shim could tie to no test. */
  stray: { description: string; error: PyError }[];
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isOptional = (v: unknown, type: 'string' | 'number'): boolean => v === undefined || typeof v === type;

function isPyError(v: unknown): v is PyError {
  return isObject(v) && typeof v.type === 'string' && typeof v.message === 'string' && isOptional(v.path, 'string') && isOptional(v.line, 'number');
}

function isShimTest(v: unknown): v is ShimTest {
  if (!isObject(v) || typeof v.name !== 'string' || !OUTCOMES.includes(v.outcome as ShimTest['outcome'])) return false;
  // A failure without its exception cannot be classified.
  const needsError = v.outcome === 'failure' || v.outcome === 'error';
  return (needsError ? isPyError(v.error) : v.error === undefined || isPyError(v.error)) && isOptional(v.reason, 'string') && isOptional(v.phase, 'string');
}

function isShimFile(v: unknown): v is ShimFile {
  return (
    isObject(v) &&
    typeof v.file === 'string' &&
    (v.load === null || isPyError(v.load)) &&
    Array.isArray(v.tests) &&
    v.tests.every(isShimTest) &&
    Array.isArray(v.errors) &&
    v.errors.every((e) => isObject(e) && typeof e.phase === 'string' && typeof e.target === 'string' && isPyError(e.error))
  );
}

function readReport(text: string): ShimReport | undefined {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return undefined;
  }
  const ok =
    isObject(data) &&
    data.format === 'tdd-hooks-unittest/1' &&
    Array.isArray(data.files) &&
    data.files.every(isShimFile) &&
    Array.isArray(data.stray) &&
    data.stray.every((s) => isObject(s) && typeof s.description === 'string' && isPyError(s.error));
  return ok ? (data as unknown as ShimReport) : undefined;
}

// ---- why


/** `SyntaxError: invalid syntax (tests/test_math.py:4)`: the place, which may be another file than the test. */
function headerOf(e: PyError, root: string): string {
  const head = e.message === '' ? e.type : `${e.type}: ${e.message}`;
  if (e.path === undefined || e.line === undefined) return head;
  return `${head} (${isProjectFile(e.path, root) ? toRepoPath(root, e.path) : e.path}:${e.line})`;
}

function explain(e: PyError, ctx: PyContext): ReturnType<typeof explainPythonError> {
  // The module's own file, when the shim could name it, says whose module lacks the name.
  if (e.type === 'AttributeError' && e.path !== undefined && /^module '[^']+' has no attribute '/.test(e.message)) {
    return isProjectFile(e.path, ctx.root) ? 'missing-symbol' : 'other';
  }
  return explainPythonError(headerOf(e, ctx.root), ctx);
}

function fileErrorOf(e: PyError, ctx: PyContext): { kind: FileErrorKind; message: string } {
  const why = explain(e, ctx);
  const kind: FileErrorKind = why === 'syntax' || why === 'missing-module' || why === 'missing-symbol' ? why : 'load-error';
  return { kind, message: headerOf(e, ctx.root) };
}

/** undefined: collected, yet never reported. */
function testOf(file: string, t: ShimTest, ctx: PyContext): TestCaseResult | undefined {
  const base = { file, name: t.name };
  const header = t.error === undefined ? '' : headerOf(t.error, ctx.root);
  switch (t.outcome) {
    case 'passed':
      return { ...base, status: 'passed' };
    case 'skipped':
      return { ...base, status: 'skipped', ...(t.reason ? { message: t.reason } : {}) };
    // @expectedFailure: a known bug, not a pass.
    case 'expected-failure':
      return { ...base, status: 'skipped', message: `expected failure: ${header}` };
    case 'unexpected-success':
      return { ...base, status: 'failed', failure: 'exception', message: 'unexpected success (@expectedFailure)' };
    case 'failure':
    case 'error': {
      const why = explain(t.error!, ctx);
      // An assertion in setUpClass is not the test's assertion.
      const failure: FailureClass =
        why === 'missing-symbol' ? why : (t.outcome === 'failure' || why === 'assertion') && t.phase === undefined ? 'assertion' : 'exception';
      return { ...base, status: 'failed', failure, message: t.phase === undefined ? header : `${t.phase}: ${header}` };
    }
    case 'not-run':
      return undefined;
  }
}


export function parseUnittestReport(o: ParseInput): ParsedRun {
  const files = o.files.map((f) => toRepoPath(o.root, f));
  if (o.report === undefined) {
    // The shim died before its end: `KeyboardInterrupt`, a crash, os._exit in a test.
    const last = o.stderr.trimEnd().split('\n').at(-1)?.trim().slice(0, 300);
    return unknownRun(o, files, `unittest wrote no report (exit ${o.exitCode})${last ? `: ${last}` : ''}`);
  }
  const report = readReport(o.report);
  if (!report) return unknownRun(o, files, 'the unittest report is not what the shim writes');
  if (report.stray.length > 0) return unknownRun(o, files, `unittest: ${report.stray[0]!.description} belongs to no test asked for`);
  const byFile = new Map(report.files.map((f) => [toRepoPath(o.root, f.file), f]));

  const tests = new Map<string, TestCaseResult>();
  const fileErrors: FileError[] = [];
  for (const file of files) {
    const f = byFile.get(file);
    if (!f) return unknownRun(o, files, `the unittest report says nothing of ${file}`);
    const ctx: PyContext = { file, root: o.root, sources: o.sources, isProjectImport: o.isProjectImport };
    if (f.load) fileErrors.push({ file, ...fileErrorOf(f.load, ctx) });
    else if (f.tests.length === 0) fileErrors.push({ file, kind: 'no-tests', message: 'no tests (no unittest.TestCase with test* methods)' });
    for (const t of f.tests) {
      const result = testOf(file, t, ctx);
      // Something stopped the run half-way (a test calling result.stop()).
      if (!result) return unknownRun(o, files, `unittest did not run ${file} > ${t.name}`);
      const key = `${file}\0${t.name}`;
      const seen = tests.get(key);
      // The same test twice (a suite that lists it twice): a failure stands.
      if (!seen || (seen.status !== 'failed' && result.status === 'failed')) tests.set(key, result);
    }
    for (const e of f.errors) fileErrors.push({ file, kind: 'load-error', message: `${e.phase} (${e.target}): ${headerOf(e.error, o.root)}` });
  }
  return { status: 'completed', exitCode: o.exitCode, files, tests: [...tests.values()], fileErrors };
}

export const unittestAdapter: RunnerAdapter = { name: 'unittest', program: 'python3', python: true, buildArgv: buildUnittestArgv, parse: parseUnittestReport };
