"""`python -m engine balance`: the Wilson interval, a round robin where one squad is built to win,
the same totals in one process or two, bad input, and the heat-map's names."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine import balance

ROOT = Path(__file__).resolve().parents[1]


def _name(text):
    return f'name = {{ en = "{text}", ja = "{text}", ru = "{text}" }}'


def _card(card_id, kind, attack, life, name):
    extra = "leadership = 10\nlimits = { equipment = 1, terrain = 1 }\n" if kind == "hero" else ""
    return (f'[cards.{card_id}]\ntype = "{kind}"\nelement = "neutral"\nrarity = "common"\ncrystals = 1\n'
            f'attack = {attack}\nlife = {life}\n{_name(name)}\n{extra}\n')


def _squad(squad_id, name, hero, cards):
    listed = ", ".join(f'"{c}"' for c in cards)
    return f'[squads.{squad_id}]\nelement = "neutral"\n{_name(name)}\nhero = "{hero}"\ncards = [{listed}]\n\n'


def card_file(tmp_path) -> Path:
    """Three squads: 'giants' (attack 9, life 9 everywhere) and two squads of weaklings (1 and 1)."""
    text = _card("giant_hero", "hero", 9, 20, "Giant King") + _card("weak_hero", "hero", 1, 5, "Weak King")
    for k in range(4):
        text += _card(f"giant_{k}", "creature", 9, 9, f"Giant {k}")
        text += _card(f"weakling_{k}", "creature", 1, 1, f"Weakling {k}")
    text += _squad("giants", "The Giants", "giant_hero", [f"giant_{k}" for k in range(4) for _ in range(2)][:7])
    weak = [f"weakling_{k}" for k in range(4) for _ in range(2)][:7]
    text += _squad("weaklings_a", "Weaklings A", "weak_hero", weak)
    text += _squad("weaklings_b", "Weaklings B", "weak_hero", weak)
    path = tmp_path / "field.toml"
    path.write_text(text, encoding="utf-8")
    return path


def engine(*args):
    return subprocess.run([sys.executable, "-m", "engine", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)


def test_wilson_interval_known_values():
    low, high = balance.wilson(50, 100)
    assert (round(low, 4), round(high, 4)) == (0.4038, 0.5962)
    low, high = balance.wilson(8, 10)
    assert (round(low, 4), round(high, 4)) == (0.4902, 0.9433)
    low, high = balance.wilson(0, 20)
    assert low == 0.0 and round(high, 4) == 0.1611
    low, high = balance.wilson(20, 20)
    assert round(low, 4) == 0.8389 and high == 1.0
    assert balance.wilson(0, 0) == (0.0, 1.0)


def test_strictly_stronger_squad_ranks_first_above_half_against_everyone(tmp_path):
    cards = str(card_file(tmp_path))
    entries = balance.contenders("autobattle", cards)
    assert [key for key, _ in entries] == ["giants", "weaklings_a", "weaklings_b"]
    ids = [key for key, _ in entries]
    played = balance.play("autobattle", ids, cards, 40, first_seed=7, workers=1)
    data = balance.report("autobattle", entries, 40, 7, played)
    assert data["ranking"][0] == "giants"
    assert data["strong"] == ["giants"]
    giants = data["field"][0]
    assert giants["low"] > 0.5 and giants["beats_every_other"]
    assert all(cell["low"] > 0.5 for cell in data["matrix"][0] if cell is not None)
    # every pair's points add up to its games
    for i in range(3):
        for j in range(3):
            if i != j:
                assert data["matrix"][i][j]["score"] + data["matrix"][j][i]["score"] == 40


def test_seats_alternate_and_seeds_follow_the_game_index():
    found = balance.tasks("autobattle", ["a", "b", "c"], None, 5, 100, workers=2)
    assert [(pair, task[3], task[4]) for pair, task, _ in found] == [((0, 1), 0, 5), ((0, 2), 0, 5), ((1, 2), 0, 5)]
    games = found[0][1][1]
    assert games[0]["deck"] == ["0=a", "1=b"] and games[1]["deck"] == ["0=b", "1=a"]


@pytest.mark.needs_subprocess    # a process pool: Pyodide has no processes
def test_same_totals_with_one_worker_and_two(tmp_path, monkeypatch):
    monkeypatch.setattr(balance, "MIN_CHUNK", 7)     # several chunks a pair, odd starts included
    ids = ["anvilcrag_host", "thornwood_circle", "ashen_cabal"]
    one = balance.play("autobattle", ids, None, 30, first_seed=3, workers=1)
    two = balance.play("autobattle", ids, None, 30, first_seed=3, workers=2)
    assert len(balance.tasks("autobattle", ids, None, 30, 3, workers=2)) > 3
    assert one == two
    armies = ["ember_host", "court_of_gales"]
    assert balance.play("tactics", armies, None, 6, 0, workers=1) == balance.play("tactics", armies, None, 6, 0, workers=2)


@pytest.mark.needs_subprocess
def test_command_writes_json_csv_and_an_svg_naming_decks_by_name(tmp_path):
    out_json, out_csv, out_svg = tmp_path / "r.json", tmp_path / "r.csv", tmp_path / "r.svg"
    result = engine("balance", "autobattle", "--cards", str(card_file(tmp_path)), "--games-per-pair", "10",
                    "--workers", "2", "--json", str(out_json), "--csv", str(out_csv), "--svg", str(out_svg))
    assert result.returncode == 0, result.stderr
    assert "The Giants" in result.stdout and "beat the field significantly: The Giants" in result.stdout
    data = json.loads(out_json.read_text(encoding="utf-8"))
    assert data["ranking"][0] == "giants" and data["games"] == 30
    lines = out_csv.read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("row_id,row_name,column_id") and len(lines) == 1 + 6 + 3
    svg = out_svg.read_text(encoding="utf-8")
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    for name in ("The Giants", "Weaklings A", "Weaklings B"):
        assert f">{name}</text>" in svg
    assert ">giants</text>" not in svg and ">weaklings_a</text>" not in svg


@pytest.mark.needs_subprocess
@pytest.mark.parametrize("args, fragment", [
    (("--games-per-pair", "0"), "--games-per-pair must be from 1"),
    (("--games-per-pair", "-3"), "--games-per-pair must be from 1"),
    (("--games-per-pair", "5", "--decks", "anvilcrag_host,nowhere"), "unknown squad 'nowhere'"),
    (("--games-per-pair", "5", "--decks", "anvilcrag_host"), "at least two contenders"),
    (("--games-per-pair", "5", "--json", "/nonexistent/dir/out.json"), "out.json"),
    (("--games-per-pair", "5", "--svg", "/tmp"), "/tmp"),
])
def test_bad_input_is_one_error_line_with_status_2(args, fragment):
    result = engine("balance", "autobattle", *args)
    assert result.returncode == 2, (result.stdout, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and fragment in lines[0], result.stderr
    assert result.stdout == ""


@pytest.mark.needs_subprocess
def test_unknown_army_and_a_ruleset_without_armies_are_refused():
    result = engine("balance", "tactics", "--games-per-pair", "2", "--decks", "ember_host,nowhere")
    assert result.returncode == 2 and "unknown army 'nowhere'" in result.stderr
    result = engine("balance", "siege", "--games-per-pair", "2")
    assert result.returncode == 2 and result.stderr.count("\n") == 1 and "autobattle, tactics" in result.stderr
