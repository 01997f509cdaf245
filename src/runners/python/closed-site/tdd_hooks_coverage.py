"""Line coverage of a few source files, for tdd-hooks' GREEN check (no dependency, Python 3.6+).

sitecustomize.py imports this only when TDD_HOOKS_COVERAGE is set (JSON: {"out": folder, "root":
folder, "files": [absolute paths]}). Only those files cost anything: on 3.12+ sys.monitoring (each
line reported once, then switched off), before it the files are compiled with a call that notes
each statement before it runs (a global sys.settrace would slow every call of the run: +130 % on a
small pytest suite). At exit it writes <out>/python-<pid>.json: per file (relative to root), the
lines that hold code (bytecode on 3.12+, statements before; whether or not the file was imported)
and the lines that ran.
"""
import ast
import importlib.machinery
import atexit
import json
import os
import sys


def _code_lines(path):
    try:
        with open(path, 'rb') as f:
            code = compile(f.read(), path, 'exec', dont_inherit=True)
    except (OSError, SyntaxError, ValueError):
        return []
    lines, stack = set(), [code]
    while stack:
        c = stack.pop()
        if hasattr(c, 'co_lines'):
            lines.update(line for _, _, line in c.co_lines() if line is not None)
        else:  # 3.6-3.9: co_lnotab through dis
            import dis
            lines.update(line for _, line in dis.findlinestarts(c))
        stack.extend(k for k in c.co_consts if hasattr(k, 'co_code'))
    # A module's first line is its own code object's start, not a statement.
    lines.discard(0)
    return sorted(lines)


_BODIES = ('body', 'orelse', 'finalbody')


_STRINGS = tuple(t for t in (getattr(ast, 'Constant', None), getattr(ast, 'Str', None)) if t is not None)


def _is_docstring(node):
    value = getattr(node, 'value', None)
    return isinstance(node, ast.Expr) and isinstance(value, _STRINGS) and isinstance(getattr(value, 'value', getattr(value, 's', None)), str)


def _instrument(tree):
    """Before each statement, `__tdd_hits__.add(<its line>)`; the lines so marked (docstrings and __future__ imports stay first, unmarked)."""
    lines = set()
    for node in list(ast.walk(tree)):
        for field in _BODIES:
            body = getattr(node, field, None)
            if not isinstance(body, list) or not body or not isinstance(body[0], ast.stmt):
                continue
            new = []
            for i, stmt in enumerate(body):
                first = i == 0 and field == 'body' and isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
                if (first and _is_docstring(stmt)) or (isinstance(stmt, ast.ImportFrom) and stmt.module == '__future__'):
                    new.append(stmt)
                    continue
                lines.add(stmt.lineno)
                number = ast.Constant(stmt.lineno) if sys.version_info >= (3, 8) else ast.Num(stmt.lineno)
                call = ast.Call(ast.Attribute(ast.Name('__tdd_hits__', ast.Load()), 'add', ast.Load()), [number], [])
                new.append(ast.copy_location(ast.Expr(call), stmt))
                new.append(stmt)
            setattr(node, field, new)
    ast.fix_missing_locations(tree)
    return lines


def _statement_lines(path):
    try:
        with open(path, 'rb') as f:
            return sorted(_instrument(ast.parse(f.read(), path)))
    except (OSError, SyntaxError, ValueError):
        return []


def _instrumenting_finder(ran, names):
    class Loader(importlib.machinery.SourceFileLoader):
        def get_code(self, fullname):
            tree = ast.parse(self.get_data(self.path), self.path)
            _instrument(tree)
            return compile(tree, self.path, 'exec', dont_inherit=True)

        def exec_module(self, module):
            module.__dict__['__tdd_hits__'] = ran[os.path.realpath(self.path)]
            super(Loader, self).exec_module(module)

    class Finder(object):
        @staticmethod
        def find_spec(name, path=None, target=None):
            if name.rpartition('.')[2] not in names:
                return None  # the cheap test first: most imports are not the changed files
            spec = importlib.machinery.PathFinder.find_spec(name, path)
            origin = getattr(spec, 'origin', None)
            if spec is None or not isinstance(origin, str) or os.path.realpath(origin) not in ran:
                return None
            spec.loader = Loader(name, origin)
            return spec

    return Finder()


def _start(spec):
    wanted = {os.path.realpath(p): p for p in spec['files']}
    ran = {p: set() for p in wanted}
    how = {'monitored': False}

    def report():
        out = {}
        for real, given in wanted.items():
            code = _code_lines(real) if how['monitored'] else _statement_lines(real)
            out[os.path.relpath(given, spec['root']).replace(os.sep, '/')] = {'code': code, 'run': sorted(ran[real])}
        try:
            with open(os.path.join(spec['out'], 'python-%d.json' % os.getpid()), 'w') as f:
                json.dump(out, f)
        except OSError:
            pass

    atexit.register(report)
    real_of = {}

    def traced(filename):
        r = real_of.get(filename)
        if r is None:
            r = real_of[filename] = os.path.realpath(filename) if filename and not filename.startswith('<') else ''
        return r if r in ran else None

    mon = getattr(sys, 'monitoring', None)
    if mon is not None:
        tool = mon.COVERAGE_ID
        try:
            mon.use_tool_id(tool, 'tdd-hooks')
        except ValueError:
            mon = None
        else:
            def on_line(code, line):
                r = traced(code.co_filename)
                if r is not None:
                    ran[r].add(line)
                return mon.DISABLE

            mon.register_callback(tool, mon.events.LINE, on_line)
            mon.set_events(tool, mon.events.LINE)
            how['monitored'] = True
            return

    # A module is named by its file (calc.py) or its folder (pkg/__init__.py).
    names = {os.path.basename(os.path.dirname(p)) if os.path.basename(p) == '__init__.py' else os.path.splitext(os.path.basename(p))[0] for p in wanted}
    sys.meta_path.insert(0, _instrumenting_finder(ran, names))


def start_from_env():
    try:
        spec = json.loads(os.environ.get('TDD_HOOKS_COVERAGE') or 'null')
    except ValueError:
        return
    if isinstance(spec, dict) and isinstance(spec.get('out'), str) and isinstance(spec.get('root'), str) and isinstance(spec.get('files'), list):
        _start(spec)
