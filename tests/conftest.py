"""Suite-wide hooks: what cannot run inside Pyodide is skipped there visibly, and nothing else."""

import sys

import pytest


def pytest_collection_modifyitems(config, items):
    # Pyodide (sys.platform "emscripten") has no processes to start: subprocess.run raises there.
    if sys.platform != "emscripten":
        return
    skip = pytest.mark.skip(reason="needs_subprocess: Pyodide cannot start a subprocess")
    for item in items:
        if item.get_closest_marker("needs_subprocess"):
            item.add_marker(skip)
