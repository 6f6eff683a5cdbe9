"""initiative on the command line, run as a user runs it: seats 0…N−1, records, per-team totals, hero and map files."""

import json

import pytest

from tests.test_cli import assert_user_error, engine

pytestmark = pytest.mark.needs_subprocess


def test_play_four_seats_with_bots_records_seats_and_teams_and_replays(tmp_path):
    record = tmp_path / "game.json"
    played = json.loads(engine("play", "initiative", "--seed", "5", "--option", "players=4", "--option", "round_limit=2",
                               *[arg for seat in range(4) for arg in ("--bot", f"{seat}=random")],
                               "--record", str(record), "--json").stdout)
    data = json.loads(record.read_text())
    assert data["ruleset"] == "initiative" and data["options"]["players"] == 4
    assert len(data["setup"]["heroes"]) == 4       # the seats (0…3) and their teams follow from these two
    replayed = json.loads(engine("replay", str(record), "--json").stdout)
    assert replayed["digest"] == played["digest"]


def test_simulate_json_gives_wins_per_seat_and_per_team():
    report = json.loads(engine("simulate", "initiative", "--games", "6", "--option", "players=4",
                               "--option", "round_limit=2", "--json").stdout)
    assert report["games"] == 6 and len(report["wins"]) == 4
    assert set(report["team_wins"]) == {"red", "blue"}
    # a team's win is a win of each of its seats
    assert report["team_wins"]["red"] == report["wins"][0] == report["wins"][2]
    assert report["team_wins"]["red"] + report["team_wins"]["blue"] + report["draws"] == 6


def test_a_seat_outside_the_table_is_one_error_line():
    assert_user_error(engine("play", "initiative", "--option", "players=2", "--bot", "3=random", check_ok=False), "3")


def test_cards_validate_takes_the_starter_heroes_and_map_and_names_problems_in_a_hero_file(tmp_path):
    assert "ok:" in engine("cards", "validate", "--ruleset", "initiative").stdout
    bad = tmp_path / "heroes.toml"
    bad.write_text('[heroes.mira]\nname = { en = "Mira", ja = "ミラ", ru = "Мира" }\nstyle = "melee"\n'
                   '[cards.mira_gold]\nhero = "mira"\n', encoding="utf-8")
    result = engine("cards", "validate", str(bad), check_ok=False)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert lines[-1].startswith("error: ") and all(line.startswith("heroes.toml: ") for line in lines[:-1])
    assert any("cards.mira_gold: colour: must be one of" in line for line in lines)


def test_cards_validate_reads_a_map_file_and_names_its_problems(tmp_path):
    from engine.rulesets.initiative.board import BUILTIN_MAP
    text = BUILTIN_MAP.read_text("utf-8")
    good = tmp_path / "map.toml"
    good.write_text(text, encoding="utf-8")
    assert "ok:" in engine("cards", "validate", str(good)).stdout
    bad = tmp_path / "broken.toml"
    bad.write_text(text.replace('lane = ["red_throne",', 'lane = ["nowhere",'), encoding="utf-8")
    result = engine("cards", "validate", str(bad), check_ok=False)
    assert result.returncode == 2 and "broken.toml: " in result.stderr and "Traceback" not in result.stderr


def test_bots_lists_the_random_bot():
    assert "random\t" in engine("bots", "initiative").stdout
