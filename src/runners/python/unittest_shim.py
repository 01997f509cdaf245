"""unittest has no machine-readable report: this runs it and writes one (see runners/unittest.ts).

    python3 unittest_shim.py REPORT -- FILE...      in the root

The standard library only (no pytest); tried on CPython 3.6 to 3.13. Before 3.7 `cannot import
name 'add'` names no module (a load-error then), before 3.10 an AttributeError no module file.
"""
import hashlib, importlib.util, json, keyword, os, re, sys, traceback, types, unittest

SEAL = os.environ.get('TDD_HOOKS_SEAL')  # read (and os.write taken) before any project code runs
_write = os.write


def main():
    if len(sys.argv) < 3 or sys.argv[2] != '--':
        sys.exit('usage: unittest_shim.py REPORT -- FILE...')
    report, root = os.path.abspath(sys.argv[1]), os.getcwd()
    files = [os.path.relpath(os.path.abspath(f), root).replace(os.sep, '/') for f in sys.argv[3:]]
    # The root first, as for 'python -m unittest'; not '', which would follow a test's chdir; not
    # this file's folder, where python put it.
    here = os.path.dirname(os.path.abspath(__file__))
    sys.path[:] = [root] + [p for p in sys.path if p not in ('', root, here)]

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

    text = json.dumps({'format': 'tdd-hooks-unittest/1', 'files': list(records.values()), 'stray': stray})
    with open(report + '.part', 'w', encoding='utf-8') as f:
        f.write(text)
    os.replace(report + '.part', report)  # a killed run leaves no half report
    if SEAL:  # the report's seal (src/runners/seal.ts), before any atexit of the project runs
        _write(2, ('\ntdd-hooks-seal %s\n' % hashlib.sha256(text.encode('utf-8')).hexdigest()).encode())
    if not by_test and not any(r['load'] for r in records.values()):
        sys.exit(5)
    clean = result.wasSuccessful() and not stray and not any(r['load'] or r['errors'] for r in records.values())
    sys.exit(0 if clean else 1)


main()
