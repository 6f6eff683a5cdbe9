"""Tactics tests: make `builder` (this folder's helper) importable; `registered` gives the ruleset."""

import sys
from pathlib import Path

import pytest

HERE = str(Path(__file__).parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)


@pytest.fixture
def registered():
    """The shipped-content Tactics ruleset, as the registry serves it."""
    from engine.core import get_ruleset
    return get_ruleset("tactics")
