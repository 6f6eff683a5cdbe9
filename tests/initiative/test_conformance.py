"""The initiative ruleset passes the conformance suite (tests/conformance.py), called directly: it is not
yet in engine.rulesets.BUILTIN (STATUS.md says when it will be)."""

import pytest

from engine.rulesets.initiative.ruleset import Initiative

from .. import conformance


@pytest.mark.parametrize("check", conformance.CHECKS, ids=lambda check: check.__name__.removeprefix("check_"))
def test_conformance(check):
    check(Initiative())
