"""`simulate` and `bench` over several processes (`--workers N`): the same totals whatever N is,
because game i always uses seed start + i and the chunks' totals are added in order."""

import json
import multiprocessing
import subprocess
import sys
from pathlib import Path

import pytest

from engine.rulesets import get as get_ruleset
from engine.gamesetup import seats_of as _seats
from engine.parallel import chunks, game_arguments, run

pytestmark = pytest.mark.needs_subprocess  # starts processes: `python -m engine`, a process pool

ROOT = Path(__file__).resolve().parents[1]
TIMED = ("seconds", "games_per_second")


def engine(*args):
    return subprocess.run([sys.executable, "-m", "engine", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=300)


def simulate(*args, workers):
    result = engine("simulate", *args, "--workers", str(workers), "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["workers"] == workers
    return report


def assert_same_totals(args):
    one, two = simulate(*args, workers=1), simulate(*args, workers=2)
    untimed = [{key: value for key, value in report.items() if key not in TIMED + ("workers",)}
               for report in (one, two)]
    assert json.dumps(untimed[0]) == json.dumps(untimed[1])      # byte for byte, not just equal
    return one


@pytest.mark.slow       # process pools playing whole games, here and below: left to `make test`
def test_autobattle_totals_do_not_depend_on_workers():
    report = assert_same_totals(["autobattle", "--games", "400", "--seed", "5"])
    assert sum(report["wins"]) + report["draws"] == 400


@pytest.mark.slow
def test_tactics_totals_do_not_depend_on_workers():
    report = assert_same_totals(["tactics", "--games", "60"])
    assert report["games"] == 60


@pytest.mark.slow
def test_initiative_totals_do_not_depend_on_workers():
    bots = [arg for seat in range(4) for arg in ("--bot", f"{seat}=sensible")]
    report = assert_same_totals(["initiative", "--games", "6", "--option", "players=4", *bots])
    assert sum(report["team_wins"].values()) + report["draws"] == 6


def test_chunks_are_contiguous_and_cover_every_seed():
    for games, workers in ((1, 2), (6, 2), (60, 2), (400, 2), (20_000, 2), (1_000_003, 8), (5, 256)):
        parts = chunks(7, games, workers)
        assert parts[0][0] == 7 and sum(count for _, count in parts) == games
        assert all(seed + count == following for (seed, count), (following, _) in zip(parts, parts[1:]))
        assert len(parts) >= min(games, workers)
    assert min(count for _, count in chunks(0, 20_000, 2)) >= 200     # large enough to pay for itself


def test_the_chunk_function_runs_under_spawn():
    ruleset = get_ruleset("autobattle")
    args = type("Args", (), {"option": [], "cards": None, "deck": ["0=ashen_cabal"], "bot": []})()
    game, seats = game_arguments(args), _seats(ruleset, args)
    here = run("autobattle", game, 3, 120, seats, workers=1)
    spawned = run("autobattle", game, 3, 120, seats, workers=2, mp_context=multiprocessing.get_context("spawn"))
    assert here == spawned and here["games"] == 120


@pytest.mark.slow       # two timed benchmark runs (`bench --seconds 1`)
def test_bench_with_two_workers_reports_the_sum_and_each_process():
    result = engine("bench", "--workers", "2", "--seconds", "1", "--json")
    assert result.returncode == 0, result.stderr
    rows = json.loads(result.stdout)
    assert {row["ruleset"] for row in rows} >= {"autobattle", "tactics", "initiative"}
    for row in rows:
        assert row["workers"] == 2
        for key in ("events_off", "events_on"):
            each = row[key]["per_process_games_per_second"]
            assert len(each) == 2 and row[key]["games"] > 0
            assert row[key]["games_per_second"] == pytest.approx(sum(each), abs=0.5)
    text = engine("bench", "--workers", "2", "--seconds", "1")
    assert text.returncode == 0 and "2 processes:" in text.stdout


@pytest.mark.parametrize("command", [["simulate", "autobattle", "--games", "10"], ["bench", "--seconds", "1"]])
@pytest.mark.parametrize("value", ["0", "-1", "two", "1.5", "257", ""])
def test_bad_workers_is_one_error_line(command, value):
    result = engine(*command, "--workers", value)
    assert result.returncode == 2, (result.stdout, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and "--workers" in lines[0], result.stderr
    assert "Traceback" not in result.stderr and result.stdout == ""


def test_a_bad_deck_is_refused_before_any_process_starts():
    result = engine("simulate", "autobattle", "--games", "10", "--workers", "2", "--deck", "0=no_such_squad")
    assert result.returncode == 2 and result.stderr.startswith("error: ") and "no_such_squad" in result.stderr
