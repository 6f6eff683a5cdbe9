"""`simulate --cluster ADDRESS` on a Dask LocalCluster (two worker processes): the same totals as one
process; bad addresses are one `error:` line and exit 2. Needs the `cluster` extra (the Makefile's
venv installs it); skipped only when `distributed` cannot be imported."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.needs_subprocess  # starts processes: `python -m engine`, Dask workers

distributed = pytest.importorskip("distributed", reason="the cluster extra is not installed: "
                                                        "pip install -e '.[dev,cluster]'")

ROOT = Path(__file__).resolve().parents[1]
UNCOMPARED = ("seconds", "games_per_second", "workers", "cluster")


def engine(*args):
    return subprocess.run([sys.executable, "-m", "engine", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=300)


@pytest.fixture(scope="module")
def address():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=":0") as cluster:
        yield cluster.scheduler_address


def report(*args):
    result = engine("simulate", *args, "--json")
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def assert_same_totals(args, address):
    here = report(*args, "--workers", "1")
    there = report(*args, "--cluster", address)
    assert there["cluster"] == address and there["workers"] == 2 and here["cluster"] is None
    untimed = [{key: value for key, value in r.items() if key not in UNCOMPARED} for r in (here, there)]
    assert json.dumps(untimed[0]) == json.dumps(untimed[1])      # byte for byte, not just equal
    return there


def test_autobattle_totals_on_a_cluster_equal_one_process(address):
    # 1,200 games: 2 worker threads × 4 chunks, at least 500 games each -> 3 chunks, the last one short
    result = assert_same_totals(["autobattle", "--games", "1200", "--seed", "5"], address)
    assert sum(result["wins"]) + result["draws"] == 1200


def test_tactics_totals_on_a_cluster_equal_one_process(address):
    assert assert_same_totals(["tactics", "--games", "60"], address)["games"] == 60


def test_workers_with_cluster_is_refused(address):
    result = engine("simulate", "autobattle", "--games", "10", "--cluster", address, "--workers", "2")
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.strip().splitlines() == [
        "error: --cluster and --workers do not go together: the cluster's workers play the games"]


@pytest.mark.parametrize("bad", ["tcp://127.0.0.1:1", "nonsense", "http://127.0.0.1:8786", "tcp://127.0.0.1:port"])
def test_an_unreachable_or_malformed_address_is_one_error_line(bad):
    result = engine("simulate", "autobattle", "--games", "10", "--cluster", bad)
    assert result.returncode == 2 and result.stdout == ""
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: ") and "Traceback" not in result.stderr, result.stderr


def test_without_dask_the_cluster_option_is_one_error_line(tmp_path):
    # a `distributed` that cannot be imported, put ahead of the installed one on the path
    (tmp_path / "distributed.py").write_text("raise ImportError('no dask here')\n")
    result = subprocess.run([sys.executable, "-m", "engine", "simulate", "autobattle", "--games", "10",
                             "--cluster", "tcp://127.0.0.1:8786"], cwd=ROOT, capture_output=True, text=True,
                            timeout=60, env={**__import__("os").environ, "PYTHONPATH": str(tmp_path)})
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.strip().splitlines() == [
        "error: --cluster needs Dask distributed: pip install 'skirmish[cluster]'"]
