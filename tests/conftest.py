"""Suite-wide hooks: what cannot run inside Pyodide is skipped there visibly, and nothing else."""

import sys

import pytest

import engine.rulesets

# The core knows no game: the built-in rulesets register themselves when imported, as the command
# line and the UI import them. Every test module may then ask the core for any of them by id.
engine.rulesets.load_all()


def pytest_collection_modifyitems(config, items):
    # Pyodide (sys.platform "emscripten") has no processes to start: subprocess.run raises there.
    if sys.platform != "emscripten":
        return
    skip = pytest.mark.skip(reason="needs_subprocess: Pyodide cannot start a subprocess")
    for item in items:
        if item.get_closest_marker("needs_subprocess"):
            item.add_marker(skip)
