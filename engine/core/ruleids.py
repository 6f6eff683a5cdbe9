"""The one pattern that recognises rule ids, in catalogues, events, tests and demos.

Stated rules: `S4-R24` (a seed's rule), `F-D2` (the fuller published rules, one lettered family),
`F2-5` (the fuller rules, numbered). Open points and ours: `G4-6` (gap), `A0-5` (ambiguity),
`P0-3`/`P-TIE` (this project's proposals and rules).
"""

import re

RULE_ID = re.compile(r"(?<![\w-])(?:S\d+-R\d+|F-[A-Z]+\d+|F\d+-\d+|[GAP]\d+-\d+|P-[A-Z][A-Z0-9-]*)(?![\w-])")
# The same ids as a test function's name carries them: `test_S4_R24_…`, `test_F_D2_…`, `test_F2_5_…`.
RULE_ID_IN_NAME = re.compile(r"(?<![A-Za-z0-9])(S\d+_R\d+|F_[A-Z]+\d+|F\d+_\d+)(?![0-9])")


def is_stated(rule: str) -> bool:
    """True for the rules the sources state (S…-R…, F…), as opposed to gaps, ambiguities and ours."""
    return rule.startswith("F") or (rule.startswith("S") and "-R" in rule)


def ids_in(text: str) -> set[str]:
    """Every rule id in a text."""
    return set(RULE_ID.findall(text))


def ids_in_name(name: str) -> set[str]:
    """Every stated rule id in a test function's name (underscores for dashes)."""
    found = set()
    for raw in RULE_ID_IN_NAME.findall(name):
        head, _, tail = raw.partition("_")
        found.add(f"{head}-{tail}")
    return found
