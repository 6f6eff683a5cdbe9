"""Deliberately failing: tests/test_pyodide_runner.py checks that the Pyodide runner reports it.

Not collected by the normal run (see norecursedirs in pyproject.toml); run it only by path.
"""


def test_runner_reports_failure():
    assert 1 + 1 == 3
