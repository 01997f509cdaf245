"""Closes every Python process of a test run to the user's work tree (found first on PYTHONPATH).

The hook runs the tests in a private copy of the commit, but the environment may point at the
user's work tree: an editable install (`pip install -e .`: a .pth line, or setuptools' editable
finder on sys.meta_path) or a PYTHONPATH entry. Python imports this module after it has read the
.pth files and before anything else: such sys.path entries become the same folders of the copy
(PYTHONPATH too, for child processes), and a finder of the environment that answers with a file of
the work tree is answered with the same file of the copy (or, when the commit does not hold it,
with the ModuleNotFoundError the commit would give).

What the commit itself points at is not redirected: a pytest `pythonpath` or a conftest that puts
an absolute path of the work tree on sys.path is the commit's own doing. The guard notes every
file opened for reading in the work tree (an audit hook, Python 3.8+) and, at exit, the loaded
modules' files, and appends those in the work tree to the guard's file, NUL-terminated; the hook
keeps those that differ from the commit and answers "could not verify".

Then the sitecustomize this one shadows, if any, runs as it would have. Configured by
TDD_HOOKS_GUARD (JSON: {"top", "copy", "out", "linked"}, real paths); without it, only that. Standard
library only; Python 3.6+.
"""
import atexit
import importlib
import importlib.machinery
import importlib.util
import json
import os
import sys


def _under(path, folder):
    return path == folder or path.startswith(folder + os.sep)


class _WorkTree(object):
    def __init__(self, spec):
        self.top, self.copy, self.out = spec['top'], spec['copy'], spec['out']
        # The work tree's folders linked into the copy on purpose (isolation.link): not the commit's.
        self.linked = [p for p in spec.get('linked') or [] if isinstance(p, str)]
        prefixes = {sys.prefix, sys.base_prefix, sys.exec_prefix, getattr(sys, 'base_exec_prefix', sys.exec_prefix)}
        self.environments = [os.path.realpath(p) for p in prefixes if p]
        self.noted = set()

    def holds(self, path):
        """The real path of `path` when it is the work tree's own file, else None."""
        real = os.path.realpath(path)
        if _under(real, self.copy) or not _under(real, self.top):
            return None
        if any(_under(real, env) for env in self.environments):
            return None  # a virtualenv inside the repository
        if any(_under(real, folder) for folder in self.linked):
            return None
        parts = os.path.relpath(real, self.top).split(os.sep)
        if parts[0] == '.git' or {'node_modules', 'site-packages', 'dist-packages', '__pycache__'} & set(parts):
            return None
        if any(p.endswith(('.egg-info', '.dist-info')) for p in parts):
            return None  # an install's metadata, not code: the modules it names are noted themselves
        return real

    def in_copy(self, path):
        real = self.holds(path)
        return None if real is None else os.path.join(self.copy, os.path.relpath(real, self.top))

    def audit(self, event, args):
        # ('open', (path, mode, flags)): builtins.open, io.open_code (every import), os.open.
        if event != 'open' or not args or not isinstance(args[0], (str, bytes)):
            return
        mode, flags = (tuple(args) + (None, None))[1:3]
        if isinstance(mode, str) and any(c in mode for c in 'wax+'):
            return
        if isinstance(flags, int) and flags & (os.O_WRONLY | os.O_RDWR):
            return
        path = os.path.abspath(os.fsdecode(args[0]))
        if path.startswith(self.top):  # the cheap test first: most opens are the standard library's
            self.noted.add(path)

    def report(self):
        paths = set(self.noted)
        for module in list(sys.modules.values()):
            path = getattr(module, '__file__', None)
            if isinstance(path, str):
                path = os.path.abspath(path)
                if path.startswith(self.top):
                    paths.add(path)
        found = set()
        for path in paths:
            real = self.holds(path)
            if real is not None and real != self.out:
                found.add(real)
        if found:
            with open(self.out, 'a') as f:
                f.write(''.join(p + '\0' for p in sorted(found)))


class _Mapped(object):
    """A finder of the environment whose answers in the work tree become the copy's."""

    def __init__(self, finder, tree):
        self.finder, self.tree = finder, tree

    def __getattr__(self, name):
        return getattr(self.finder, name)

    def find_spec(self, name, path=None, target=None):
        spec = self.finder.find_spec(name, path, target)
        if spec is None:
            return None
        package = spec.submodule_search_locations is not None
        if not (spec.origin and os.path.isabs(spec.origin)):
            # A namespace package: its folders.
            places = [self.tree.in_copy(p) for p in (spec.submodule_search_locations or [])]
            if not any(places):
                return spec
            found = importlib.machinery.PathFinder.find_spec(name, [os.path.dirname(p) for p in places if p])
            return found or _missing(name)
        origin = self.tree.in_copy(spec.origin)
        if origin is None:
            return spec
        found = importlib.machinery.PathFinder.find_spec(name, [os.path.dirname(os.path.dirname(origin) if package else origin)])
        if found is not None:
            return found
        if os.path.isfile(origin):  # mapped under another folder name (setuptools package_dir)
            locations = [os.path.dirname(origin)] if package else None
            return importlib.util.spec_from_file_location(name, origin, submodule_search_locations=locations)
        return _missing(name)


def _missing(name):
    raise ModuleNotFoundError('No module named %r' % name, name=name)


def _close(tree):
    """The environment's ways into the work tree lead into the copy."""
    sys.path[:] = [tree.in_copy(p) or p if p else p for p in sys.path]
    sys.path_importer_cache.clear()
    if os.environ.get('PYTHONPATH'):
        entries = os.environ['PYTHONPATH'].split(os.pathsep)
        os.environ['PYTHONPATH'] = os.pathsep.join(tree.in_copy(p) or p if p else p for p in entries)
    standard = (importlib.machinery.BuiltinImporter, importlib.machinery.FrozenImporter, importlib.machinery.PathFinder)
    sys.meta_path[:] = [f if f in standard or not hasattr(f, 'find_spec') else _Mapped(f, tree) for f in sys.meta_path]


def _read_spec():
    try:
        spec = json.loads(os.environ.get('TDD_HOOKS_GUARD') or 'null')
    except ValueError:
        return None
    if isinstance(spec, dict) and all(isinstance(spec.get(k), str) for k in ('top', 'copy', 'out')):
        return spec
    return None


def _chain():
    """Leave sys.path, and run the sitecustomize that would have run without this one."""
    here = os.path.dirname(os.path.abspath(__file__))
    sys.path[:] = [p for p in sys.path if os.path.abspath(p or os.curdir) != here]
    ours = sys.modules.pop('sitecustomize', None)
    sys.modules['_tdd_hooks_sitecustomize'] = ours
    try:
        importlib.import_module('sitecustomize')
    except ModuleNotFoundError as e:
        if e.name != 'sitecustomize':
            raise
        # None other (pyenv, python.org, conda): site's `import sitecustomize` reads this module back
        # from sys.modules once it has run, and prints "Error in sitecustomize … KeyError" without it.
        sys.modules['sitecustomize'] = ours


def _coverage():
    """GREEN's coverage (TDD_HOOKS_COVERAGE): tdd_hooks_coverage.py beside this file, loaded only when asked."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'tdd_hooks_coverage.py')
    spec = importlib.util.spec_from_file_location('_tdd_hooks_coverage', path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.start_from_env()


def _start():
    if os.environ.get('TDD_HOOKS_COVERAGE'):
        _coverage()
    spec = _read_spec()
    if spec is not None:
        tree = _WorkTree(spec)
        _close(tree)
        if hasattr(sys, 'addaudithook'):
            sys.addaudithook(tree.audit)
        atexit.register(tree.report)
    _chain()


_start()
