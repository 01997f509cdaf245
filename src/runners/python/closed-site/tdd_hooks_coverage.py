"""Line coverage of a few source files, for tdd-hooks' GREEN check (no dependency, Python 3.6+).

sitecustomize.py imports this only when TDD_HOOKS_COVERAGE is set (JSON: {"out": folder, "root":
folder, "files": [absolute paths]}). Only frames of those files are traced: sys.monitoring on 3.12+
(each line reported once, then switched off: next to no cost), sys.settrace before. At exit it
writes <out>/python-<pid>.json: per file (relative to root), the lines that hold bytecode (what
the compiler makes of the file, whether or not it was imported) and the lines that ran.
"""
import atexit
import json
import os
import sys
import threading


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


def _start(spec):
    wanted = {os.path.realpath(p): p for p in spec['files']}
    ran = {p: set() for p in wanted}

    def report():
        out = {}
        for real, given in wanted.items():
            out[os.path.relpath(given, spec['root']).replace(os.sep, '/')] = {'code': _code_lines(real), 'run': sorted(ran[real])}
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
            return

    def local(frame, event, arg):
        if event == 'line':
            ran[real_of[frame.f_code.co_filename]].add(frame.f_lineno)
        return local

    def global_trace(frame, event, arg):
        if event != 'call' or traced(frame.f_code.co_filename) is None:
            return None
        return local

    sys.settrace(global_trace)
    threading.settrace(global_trace)


def start_from_env():
    try:
        spec = json.loads(os.environ.get('TDD_HOOKS_COVERAGE') or 'null')
    except ValueError:
        return
    if isinstance(spec, dict) and isinstance(spec.get('out'), str) and isinstance(spec.get('root'), str) and isinstance(spec.get('files'), list):
        _start(spec)
