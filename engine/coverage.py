"""Which tests and which demo cover each stated rule (`python -m engine rules coverage`).

A test covers a rule when its name carries the id with underscores (`test_S4_R5_…`, `test_F_D2_…`,
`test_F2_5_…`) or its docstring names it (`S4-R5`, `F-D2`). Tests are read as source (ast), not run.
"""

import ast
import re
from pathlib import Path

from .core.ruleids import ids_in, ids_in_name, is_stated


def tests_by_rule(tests_dir: Path) -> dict[str, list[str]]:
    """rule id -> the tests (`file::function`) that name it."""
    found: dict[str, list[str]] = {}
    for path in sorted(tests_dir.rglob("test_*.py")):
        tree = ast.parse(path.read_text("utf-8"), str(path))
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test"):
                ids = ids_in_name(node.name) | {rule for rule in ids_in(ast.get_docstring(node) or "")
                                                if is_stated(rule)}
                for rule in ids:
                    found.setdefault(rule, []).append(f"{path.relative_to(tests_dir.parent)}::{node.name}")
    return found


def stated_rules(ruleset) -> list[str]:
    """The ruleset's stated rules (S…-R…, F…), in numeric order."""
    ids = [rule for rule in ruleset.rule_ids() if is_stated(rule)]
    return sorted(ids, key=lambda rule: [int(n) if n.isascii() and n.isdigit() else n for n in re.split(r"([0-9]+)", rule)])


def coverage(rulesets, tests_dir: Path) -> dict:
    """Per ruleset, per stated rule: its tests and its demo step; and what is missing."""
    tests = tests_by_rule(tests_dir)
    report = {}
    for ruleset in rulesets:
        demos = ruleset.demos()
        rules = {rule: {"tests": tests.get(rule, []),
                        "demo": {"step": demos[rule].step} if rule in demos else None}
                 for rule in stated_rules(ruleset)}
        missing = [rule for rule, entry in rules.items() if not entry["tests"] or entry["demo"] is None]
        report[ruleset.id] = {"rules": rules, "missing": missing}
    return report
