"""Which tests and which demo cover each stated rule (`python -m engine rules coverage`).

A test covers a rule when its name carries the id with underscores (`test_S4_R5_…`) or its
docstring names it (`S4-R5`). Tests are read as source (ast), not run.
"""

import ast
import re
from pathlib import Path

_IN_NAME = re.compile(r"(S\d)_(R\d+)(?![0-9])")
_IN_TEXT = re.compile(r"\b(S\d-R\d+)(?![0-9])")


def tests_by_rule(tests_dir: Path) -> dict[str, list[str]]:
    """rule id -> the tests (`file::function`) that name it."""
    found: dict[str, list[str]] = {}
    for path in sorted(tests_dir.rglob("test_*.py")):
        tree = ast.parse(path.read_text("utf-8"), str(path))
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test"):
                ids = {f"{a}-{b}" for a, b in _IN_NAME.findall(node.name)}
                ids |= set(_IN_TEXT.findall(ast.get_docstring(node) or ""))
                for rule in ids:
                    found.setdefault(rule, []).append(f"{path.relative_to(tests_dir.parent)}::{node.name}")
    return found


def stated_rules(ruleset) -> list[str]:
    """The ruleset's stated rules (S…-R…, F…), in numeric order."""
    ids = [rule for rule in ruleset.rule_ids() if "-R" in rule or rule.startswith("F")]
    return sorted(ids, key=lambda rule: [int(n) if n.isascii() and n.isdigit() else n for n in re.split(r"([0-9]+)", rule)])


def coverage(rulesets, tests_dir: Path) -> dict:
    """Per ruleset, per stated rule: its tests and its demo step; and what is missing."""
    tests = tests_by_rule(tests_dir)
    report = {}
    for ruleset in rulesets:
        demos = ruleset.demos() if hasattr(ruleset, "demos") else {}
        rules = {rule: {"tests": tests.get(rule, []),
                        "demo": {"step": demos[rule].step} if rule in demos else None}
                 for rule in stated_rules(ruleset)}
        missing = [rule for rule, entry in rules.items() if not entry["tests"] or entry["demo"] is None]
        report[ruleset.id] = {"rules": rules, "missing": missing}
    return report
