"""The command line over the widened contract, in-process (so it runs inside Pyodide too):
seats by name, results per seat and per team, events with their reasons."""

import json

from engine.cli import main
from engine.core import RandomBot, Session

from .core import toy_teams  # noqa: F401  (registers the four-seat team toy)


def run(capsys, *args):
    """`python -m engine ARGS` in this process: (exit status, stdout, stderr)."""
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def test_simulate_reports_wins_per_seat_and_per_team(capsys):
    status, out, _ = run(capsys, "simulate", "test-relay", "--games", "12", "--seed", "3", "--json")
    report = json.loads(out)
    assert status == 0 and report["games"] == 12
    assert [seat["team"] for seat in report["seats"]] == ["red", "blue", "red", "blue"]
    assert report["wins"][0] == report["wins"][2] == report["team_wins"]["red"]
    assert report["wins"][1] == report["wins"][3] == report["team_wins"]["blue"]
    assert report["team_wins"]["red"] + report["team_wins"]["blue"] + report["draws"] == 12
    assert all(abs(r - (w + 0.5 * report["draws"]) / 12) < 1e-9
               for r, w in zip(report["mean_results"], report["wins"]))
    status, out, _ = run(capsys, "simulate", "test-relay", "--games", "4")
    assert "seat red 1 (team red) wins" in out and "team blue wins" in out
    # A ruleset registered at run time plays in this process, whatever --workers asks (a spawned worker
    # process would not know it).
    status, out, _ = run(capsys, "simulate", "test-relay", "--games", "12", "--seed", "3", "--workers", "2", "--json")
    assert status == 0 and json.loads(out)["workers"] == 1 and json.loads(out)["wins"] == report["wins"]


def test_a_bot_is_given_to_a_seat_by_its_name(capsys):
    status, _, err = run(capsys, "play", "test-relay", "--bot", "blue 2=random", "--bot", "0=random")
    assert status == 0, err
    status, _, err = run(capsys, "play", "test-relay", "--bot", "green 1=random")
    assert status == 2 and err.strip() == "error: unknown seat 'green 1'; this game's seats are red 1, blue 1, red 2, blue 2"


def test_replay_events_shows_each_rule_and_the_reasons_behind_a_choice(capsys, tmp_path):
    session = Session.start("test-relay", seed=5)
    session.run({seat: RandomBot() for seat in range(4)})
    path = tmp_path / "relay.json"
    path.write_text(session.record.to_json(), encoding="utf-8")
    status, out, _ = run(capsys, "replay", str(path), "--events")
    lines = out.splitlines()
    assert status == 0
    takes = [i for i, line in enumerate(lines) if " S9-R2 " in line and " take " in line]
    assert len(takes) == 3 and all(lines[i + 1].strip().startswith("because highest card card=") for i in takes)
    status, out, _ = run(capsys, "replay", str(path), "--events", "--json")
    events = [json.loads(line) for line in out.splitlines()[:-1]]
    assert {e["rule"] for e in events} == {"S9-R1", "S9-R2", "S9-R3"}
    assert all(e["reasons"][0]["why"] == "highest card" for e in events if e["kind"] == "take")
    assert json.loads(out.splitlines()[-1])["outcome"]["rule"] == "S9-R4"
