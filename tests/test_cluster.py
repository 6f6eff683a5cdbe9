"""`simulate --cluster ADDRESS` on a Dask LocalCluster (two worker processes): the same totals as one
process; bad addresses are one `error:` line and exit 2. Needs the `cluster` extra (the Makefile's
venv installs it); skipped only when `distributed` cannot be imported."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.rulesets import BUILTIN

pytestmark = [pytest.mark.needs_subprocess,  # starts processes: `python -m engine`, Dask workers
              pytest.mark.slow]              # a LocalCluster, connection time-outs: left to `make test`

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


def balance_report(tmp_path, name, *args):
    out = tmp_path / f"{name}.json"
    result = engine("balance", *args, "--json", str(out))
    assert result.returncode == 0, result.stderr
    return json.loads(out.read_text())


def test_balance_on_a_cluster_equals_one_process(address, tmp_path):
    # 4 squads, 6 pairs at 600 games: on 2 threads each pair is a 500-game chunk (the cluster's
    # minimum) and a 100-game one, so pairs are split; the matrix must not depend on where it ran
    args = ["autobattle", "--decks", "anvilcrag_host,antler_kin,harvest_militia,nightveil_host",
            "--games-per-pair", "600", "--seed", "11"]
    here = balance_report(tmp_path, "here", *args, "--workers", "1")
    there = balance_report(tmp_path, "there", *args, "--cluster", address)
    assert there["cluster"] == address and there["workers"] == 2 and here["cluster"] is None
    untimed = [{key: value for key, value in r.items() if key not in UNCOMPARED} for r in (here, there)]
    assert json.dumps(untimed[0]) == json.dumps(untimed[1])
    assert there["games"] == 6 * 600


def test_bench_on_a_cluster_runs_a_loop_on_each_worker_thread(address):
    result = engine("bench", "--seconds", "0.4", "--cluster", address, "--json")
    assert result.returncode == 0, result.stderr
    rows = {row["ruleset"]: row for row in json.loads(result.stdout)}
    assert set(rows) == set(BUILTIN)
    for row in rows.values():
        assert row["workers"] == 2 and row["cluster"] == address
        off = row["events_off"]
        assert len(off["per_process_games_per_second"]) == 2 and off["games"] > 0
        assert off["games_per_second"] == pytest.approx(sum(off["per_process_games_per_second"]), abs=0.2)


@pytest.mark.parametrize("command", [["simulate", "autobattle", "--games", "10"],
                                     ["balance", "autobattle", "--games-per-pair", "10"],
                                     ["bench", "--seconds", "0.1"]])
def test_workers_with_cluster_is_refused(address, command):
    result = engine(*command, "--cluster", address, "--workers", "2")
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.strip().splitlines() == [
        "error: --cluster and --workers do not go together: the cluster's workers play the games"]


@pytest.mark.parametrize("command", [["simulate", "autobattle", "--games", "10"],
                                     ["balance", "tactics", "--games-per-pair", "10"],
                                     ["bench", "--seconds", "0.1"]])
@pytest.mark.parametrize("bad", ["tcp://127.0.0.1:1", "nonsense", "http://127.0.0.1:8786", "tcp://127.0.0.1:port"])
def test_an_unreachable_or_malformed_address_is_one_error_line(bad, command):
    result = engine(*command, "--cluster", bad)
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
