"""Options: defaults fill in, values are checked, unknown keys and bad values are one-line errors."""

import re

import pytest

from engine.core import BadOption, Option, parse_option_args, resolve_options

DECLARED = (
    Option("cells", 7, "G4-2", "cells", minimum=1, maximum=12),
    Option("start", "heroes", "G4-1", "start", minimum=1, maximum=99, also=("heroes",)),
    Option("mode", "a", "A4-5", "mode", choices=("a", "b")),
    Option("flag", False, "G4-8", "flag"),
)


def test_defaults_fill_in():
    assert resolve_options(DECLARED, {}) == {"cells": 7, "start": "heroes", "mode": "a", "flag": False}


def test_values_from_the_command_line_are_parsed():
    given = parse_option_args(["cells=5", "start=20", "mode=b", "flag=yes"])
    assert resolve_options(DECLARED, given) == {"cells": 5, "start": 20, "mode": "b", "flag": True}


@pytest.mark.parametrize("given, message", [
    ({"cells": "99"}, "cells (G4-2) must be a whole number from 1 to 12"),
    ({"cells": True}, "whole number"),
    ({"start": "many"}, "or heroes"),
    ({"mode": "c"}, "must be one of a, b"),
    ({"flag": "maybe"}, "true or false"),
    ({"colour": "red"}, "unknown option 'colour'"),
])
def test_bad_values_name_the_option_and_spec(given, message):
    with pytest.raises(BadOption, match=re.escape(message)):
        resolve_options(DECLARED, given)


def test_malformed_pair_is_refused():
    with pytest.raises(BadOption, match="KEY=VALUE"):
        parse_option_args(["cells"])
