"""Tactics tests: make `builder` (this folder's helper) importable, and register the ruleset per test.

The ruleset is not registered globally yet (the lead registers it once its demos exist), so the
`registered` fixture puts it in the registry for one test and takes it out again.
"""

import sys
from pathlib import Path

import pytest

HERE = str(Path(__file__).parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)


@pytest.fixture
def registered():
    """The shipped-content Tactics ruleset, registered as "tactics" for the length of one test."""
    from engine.core import ruleset as core
    from engine.rulesets.tactics.ruleset import Tactics
    core._load_builtin()
    before = core._REGISTRY.get("tactics")
    core._REGISTRY["tactics"] = ruleset = Tactics()
    yield ruleset
    if before is None:
        del core._REGISTRY["tactics"]
    else:
        core._REGISTRY["tactics"] = before
