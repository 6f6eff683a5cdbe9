"""The Pyodide runner (tests/pyodide/run.mjs) reports failures as failures and passes as passes.

A runner that exits 0 whatever happens would make the whole "inside Pyodide" suite meaningless,
so this runs it on a test that must fail and on a small selection that must pass. A bare run reads
its paths from tests/pyodide/selection.txt and tests/*/pyodide.txt: each must exist (else pytest stops the whole run), and
each built-in ruleset keeps its rule file in its own tests/ID/pyodide.txt.
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import engine.rulesets

ROOT = Path(__file__).resolve().parents[1]
NODE = shutil.which("node")
SELECTION = ROOT / "tests" / "pyodide" / "selection.txt"

pytestmark = pytest.mark.needs_subprocess


@pytest.fixture(scope="module")
def run_in_pyodide():
    # Skipped here rather than by skipif marks, so that inside Pyodide the needs_subprocess reason
    # is the one reported.
    if NODE is None:
        pytest.skip("node is not installed (the Makefile provides it)")
    if not (ROOT / "node_modules" / "pyodide").is_dir():
        pytest.skip("node_modules/pyodide is missing: run npm install (the Makefile does)")
    # Idempotent (a stamp file): the wheels are fetched once, then this returns at once.
    subprocess.run(["bash", str(ROOT / "tests" / "pyodide" / "prepare.sh")], check=True,
                   env={**os.environ, "PYTHON": sys.executable}, timeout=600)

    def run(*args):
        result = subprocess.run([NODE, "tests/pyodide/run.mjs", *args], cwd=ROOT,
                                capture_output=True, text=True, timeout=600)
        return result.returncode, result.stdout + result.stderr

    return run


@pytest.mark.needs_node
def test_a_failing_test_fails_the_run(run_in_pyodide):
    code, output = run_in_pyodide("tests/pyodide/selfcheck")
    assert code == 1, output  # pytest's "tests failed", not 0 and not a runner crash
    assert "Python 3.14." in output
    assert "assert (1 + 1) == 3" in output
    assert "1 failed" in output


@pytest.mark.needs_node
def test_a_passing_selection_passes(run_in_pyodide):
    code, output = run_in_pyodide("tests/core/test_rng.py")
    assert code == 0, output
    assert "Python 3.14." in output
    assert " passed" in output and "failed" not in output


def listed(path: Path) -> list[str]:
    """A listing's paths (comments and blank lines dropped)."""
    lines = (line.split("#", 1)[0].strip() for line in path.read_text(encoding="utf-8").splitlines())
    return [line for line in lines if line]


def selected_paths() -> list[str]:
    """The selection's paths as run.mjs reads them: the shared listing, then each game's tests/ID/pyodide.txt."""
    games = sorted(path for path in (ROOT / "tests").glob("*/pyodide.txt"))
    return listed(SELECTION) + [f"tests/{own.parent.name}/{path}" for own in games for path in listed(own)]


def test_every_selected_path_exists():
    paths = selected_paths()
    assert paths and len(paths) == len(set(paths)), paths
    missing = [path for path in paths if not (ROOT / path.split("::")[0]).exists()]
    assert missing == [], f"tests/pyodide/selection.txt names missing files: {missing}"


def test_each_builtin_ruleset_has_a_rule_file_in_the_selection():
    paths = selected_paths()
    for ruleset in engine.rulesets.builtin():
        assert (ROOT / "tests" / ruleset.id / "pyodide.txt").is_file(), ruleset.id
        assert any(path.startswith(f"tests/{ruleset.id}/") for path in paths), ruleset.id
    assert "tests/test_conformance.py" in paths and "tests/test_golden.py" in paths
