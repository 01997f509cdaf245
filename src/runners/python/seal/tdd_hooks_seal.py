"""pytest's report seal (see src/runners/seal.ts), loaded through PYTEST_PLUGINS in a guarded run.

After the junitxml writer has written the report (its pytest_sessionfinish; this one runs last),
the report's SHA-256 goes to stderr as `tdd-hooks-seal <sha256>`, before any atexit handler of
the project runs: a report rewritten later no longer matches and the run is "could not verify".
Standard library only.
"""
import hashlib
import os

import pytest

_PATH = os.environ.get("TDD_HOOKS_SEAL")
_write = os.write


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session):
    if not _PATH:
        return
    try:
        with open(_PATH, "rb") as f:
            data = f.read()
    except OSError:
        return
    _write(2, ("\ntdd-hooks-seal %s\n" % hashlib.sha256(data).hexdigest()).encode())
