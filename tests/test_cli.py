"""The command line, run as a user runs it: a real subprocess, real files, real exit codes."""

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.needs_subprocess  # runs `python -m engine` as a real process

ROOT = Path(__file__).resolve().parents[1]


def engine(*args, check_ok=True):
    """Run `python -m engine ARGS`; returns the completed process."""
    result = subprocess.run([sys.executable, "-m", "engine", *args], cwd=ROOT, capture_output=True,
                            text=True, timeout=120)
    if check_ok:
        assert result.returncode == 0, result.stderr
    return result


def assert_user_error(result, fragment):
    """Exit status 2 and exactly one stderr line `error: …`, no traceback."""
    assert result.returncode == 2, (result.stdout, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    assert fragment in lines[0]
    assert "Traceback" not in result.stderr


def test_rulesets_lists_id_version_title():
    out = engine("rulesets").stdout
    assert "autobattle\tv2\t" in out


def test_play_replay_and_link_agree(tmp_path):
    record = tmp_path / "game.json"
    played = json.loads(engine("play", "autobattle", "--seed", "11", "--deck", "0=ashen_cabal",
                               "--record", str(record), "--json").stdout)
    assert played["outcome"]["rule"].startswith(("S4-", "G4-"))
    assert len(played["digest"]) == 64 and played["turns"] > 0
    replayed = json.loads(engine("replay", str(record), "--json").stdout)
    assert replayed["digest"] == played["digest"] and replayed["turns"] == played["turns"]
    payload = engine("link", "encode", str(record)).stdout.strip()
    url = f"http://127.0.0.1:8000/a/b/#/autobattle/replay?g={payload}"
    assert json.loads(engine("replay", url, "--json").stdout)["digest"] == played["digest"]
    decoded = json.loads(engine("link", "decode", payload).stdout)
    assert decoded == json.loads(record.read_text())
    assert decoded["setup"]["decks"][0] == ["ashen_cabal"]


def test_play_prints_outcome_and_digest_in_words():
    out = engine("play", "autobattle", "--seed", "4").stdout
    assert "wins" in out or "draw" in out
    assert out.strip().splitlines()[-1].startswith("digest ")


def test_simulate_reports_rates_and_speed():
    report = json.loads(engine("simulate", "autobattle", "--games", "30", "--seed", "100", "--json").stdout)
    assert report["games"] == 30 and sum(report["wins"]) + report["draws"] == 30
    assert report["mean_turns"] > 0 and report["games_per_second"] > 0
    human = engine("simulate", "autobattle", "--games", "5").stdout
    assert "games/s" in human and "mean length" in human


@pytest.mark.slow       # a timed benchmark run (`bench --seconds`): left to `make test`
def test_bench_reports_games_per_second():
    out = engine("bench", "--seconds", "0.4").stdout
    assert "autobattle v2:" in out and "games/s" in out


def test_cards_validate_and_list():
    assert "ok:" in engine("cards", "validate").stdout
    squads = engine("cards", "list").stdout.strip().splitlines()
    assert len(squads) >= 12


def test_custom_card_file_builds_decks_and_travels_in_the_record(tmp_path):
    cards = tmp_path / "mine.toml"
    cards.write_text(CUSTOM_CARDS, encoding="utf-8")
    assert "ok:" in engine("cards", "validate", str(cards)).stdout
    record = tmp_path / "r.json"
    played = json.loads(engine("play", "autobattle", "--cards", str(cards), "--deck", "0=test_band",
                               "--deck", "1=test_band", "--record", str(record), "--json").stdout)
    data = json.loads(record.read_text())
    assert "tester_hero" in data["setup"]["content"]["cards"]
    # The record carries the cards, so it replays without the card file.
    cards.unlink()
    assert json.loads(engine("replay", str(record), "--json").stdout)["digest"] == played["digest"]


def test_invalid_card_file_lists_each_problem(tmp_path):
    cards = tmp_path / "bad.toml"
    cards.write_text(CUSTOM_CARDS.replace('attack = 2', 'attack = "lots"').replace('cards = ["grunt_a"', 'cards = ["ghost"'),
                     encoding="utf-8")
    result = engine("cards", "validate", str(cards), check_ok=False)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert "bad.toml: cards.grunt_a: attack: must be a whole number from 0 to 9; got 'lots'" in lines
    assert any(line.startswith("bad.toml: squads.test_band: cards: unknown card 'ghost'") for line in lines)
    assert lines[-1].startswith("error: ")


@pytest.mark.parametrize("args, fragment", [
    (("play", "chess"), "unknown ruleset 'chess'"),
    (("play", "autobattle", "--deck", "0=nowhere"), "unknown squad 'nowhere'"),
    (("play", "autobattle", "--deck", "7=ashen_cabal"), "unknown seat '7'"),
    (("play", "autobattle", "--deck", "0=a,b,c,d"), "1 to 3 squads"),
    (("play", "autobattle", "--option", "cells=0"), "option cells (G4-2)"),
    (("play", "autobattle", "--option", "colour=red"), "unknown option 'colour'"),
    (("play", "autobattle", "--seed", "x"), "invalid int value"),
    (("play", "autobattle", "--seed", "-1"), "seed must be"),
    (("play", "autobattle", "--cards", "/nonexistent/cards.toml"), "cannot read the file"),
    (("replay", "S1.garbage!"), "not valid base64url"),
    (("replay", "S1.TZHBa"), "link payload"),
    (("replay", "http://x/#/autobattle/replay?g=S1." + "A" * 70000), "too long"),
    (("link", "decode", "hello"), "must start with"),
    (("simulate", "autobattle", "--games", "0"), "--games must be"),
    (("bots", "nope"), "unknown ruleset"),
    (("play",), "required"),
])
def test_bad_input_is_one_error_line_with_status_2(args, fragment):
    assert_user_error(engine(*args, check_ok=False), fragment)


def test_bad_records_are_refused(tmp_path):
    good = tmp_path / "good.json"
    engine("play", "autobattle", "--seed", "2", "--record", str(good))
    data = json.loads(good.read_text())
    cases = {
        "version": ({**data, "version": 9}, "version 9"),
        "ruleset": ({**data, "ruleset": "nope"}, "unknown ruleset"),
        "action": ({**data, "actions": [[0, "attack"]]}, "after the game ended"),
        "squad": ({**data, "setup": {"decks": [["x"], ["y"]]}}, "unknown squad"),
        "option": ({**data, "options": {**data["options"], "cells": 50}}, "option cells"),
    }
    for name, (record, fragment) in cases.items():
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps(record))
        assert_user_error(engine("replay", str(path), check_ok=False), fragment)
    broken = tmp_path / "broken.json"
    broken.write_text(good.read_text()[:-20])
    assert_user_error(engine("replay", str(broken), check_ok=False), "not valid JSON")


def test_failed_play_writes_no_record(tmp_path):
    target = tmp_path / "out.json"
    assert_user_error(engine("play", "autobattle", "--deck", "0=nowhere", "--record", str(target), check_ok=False),
                      "unknown squad")
    assert not target.exists() and list(tmp_path.iterdir()) == []


CUSTOM_CARDS = '''
[cards.tester_hero]
type = "hero"
element = "neutral"
rarity = "rare"
crystals = 2
attack = 3
life = 9
name = { en = "Tester", ja = "テスター", ru = "Испытатель" }
leadership = 10
limits = { equipment = 1, terrain = 1 }

[cards.grunt_a]
type = "creature"
element = "neutral"
rarity = "common"
crystals = 1
attack = 2
life = 3
name = { en = "Grunt", ja = "兵卒", ru = "Рядовой" }
features = [{ trigger = "enter", target = "front", effect = "damage", amount = 1 }]

[squads.test_band]
element = "neutral"
name = { en = "Test Band", ja = "試験隊", ru = "Испытательный отряд" }
hero = "tester_hero"
cards = ["grunt_a", "grunt_a", "hired_sellsword", "hired_sellsword", "ogre_brute", "road_warden", "caravan_mastiff"]
'''


def test_rules_coverage_passes_for_the_real_tests_and_fails_when_tests_are_missing(tmp_path):
    report = json.loads(engine("rules", "coverage", "--json").stdout)
    assert report["autobattle"]["missing"] == []
    assert report["autobattle"]["rules"]["S4-R24"]["demo"] == {"step": 1}
    assert report["initiative"]["missing"] == [] and report["initiative"]["rules"]["F-W2"]["tests"]
    (tmp_path / "test_few.py").write_text('def test_S4_R1_only():\n    """S4-R2 too."""\n')
    thin = engine("rules", "coverage", "--tests", str(tmp_path), "--json", check_ok=False)
    assert thin.returncode == 1
    rules = json.loads(thin.stdout)["autobattle"]["rules"]
    assert rules["S4-R1"]["tests"] and rules["S4-R2"]["tests"] and not rules["S4-R3"]["tests"]
    assert "lack a test or a demo" in thin.stderr
    assert_user_error(engine("rules", "coverage", "--tests", str(tmp_path / "nope"), check_ok=False), "no tests folder")


TACTICS_USER_FILE = ROOT / "tests" / "tactics" / "user_characters.toml"


def test_tactics_user_character_file_plays_and_travels_in_the_record(tmp_path):
    cards = tmp_path / "mine.toml"
    cards.write_text(TACTICS_USER_FILE.read_text(encoding="utf-8"), encoding="utf-8")
    assert "ok:" in engine("cards", "validate", str(cards)).stdout
    record = tmp_path / "r.json"
    played = json.loads(engine("play", "tactics", "--seed", "4", "--cards", str(cards), "--deck", "0=drum_host",
                               "--deck", "1=tidebound_conclave", "--bot", "0=sensible", "--bot", "1=sensible",
                               "--record", str(record), "--json").stdout)
    data = json.loads(record.read_text())
    assert sorted(data["setup"]["content"]["characters"]) == ["ash_drummer", "drum_spark"]
    cards.unlink()            # the record carries the characters: it replays without the file
    assert json.loads(engine("replay", str(record), "--json").stdout)["digest"] == played["digest"]
    link = engine("link", "encode", str(record)).stdout.strip()
    assert json.loads(engine("replay", link, "--json").stdout)["digest"] == played["digest"]


def test_tactics_record_with_bad_user_characters_is_one_error_line(tmp_path):
    record = tmp_path / "r.json"
    engine("play", "tactics", "--seed", "4", "--cards", str(TACTICS_USER_FILE), "--deck", "0=drum_host",
           "--record", str(record))
    data = json.loads(record.read_text())
    data["setup"]["content"]["characters"]["ash_drummer"]["speed"] = 42
    record.write_text(json.dumps(data))
    assert_user_error(engine("replay", str(record), check_ok=False),
                      "bad character data in the setup: setup content: characters.ash_drummer: speed: "
                      "must be a whole number from 1 to 9; got 42")
    bad = tmp_path / "bad.toml"
    bad.write_text(TACTICS_USER_FILE.read_text(encoding="utf-8").replace('character = "drum_spark"',
                                                                         'character = "nobody"'))
    assert_user_error(engine("play", "tactics", "--cards", str(bad), check_ok=False),
                      "must name a summoned=true character")


def test_tactics_illegal_recorded_action_says_why(tmp_path):
    record = tmp_path / "r.json"
    engine("play", "tactics", "--seed", "4", "--record", str(record))
    data = json.loads(record.read_text())
    seat, action = data["actions"][0]
    data["actions"][0] = [seat, ["deploy", action[1], 7, 0]]
    record.write_text(json.dumps(data))
    assert_user_error(engine("replay", str(record), check_ok=False),
                      "record action 1 is illegal: row 7, column 0 is outside the 3×4 Battle Area (G0-1)")


# --- hostile input on the command line (issue 8, "Robustness") -------------------------------

@pytest.mark.parametrize("args, fragment", [
    ((), "required: COMMAND"),
    (("cards",), "required: validate|list"),
    (("link",), "required: encode|decode"),
    (("rules",), "required: coverage"),
    (("bench", "--seconds", "inf"), "--seconds: must be a number of seconds above 0"),
    (("bench", "--seconds", "nan"), "--seconds: must be a number"),
    (("bench", "--seconds", "-1"), "--seconds: must be a number"),
    (("bench", "--seconds", "0"), "--seconds: must be a number"),
    (("bench", "--seconds", "1e9"), "at most 3600"),
    (("simulate", "autobattle", "--games", "10", "--seed", str(2**63 - 5)), "--seed with --games 10 must be from 0"),
    (("simulate", "autobattle", "--games", "1", "--seed", "-1"), "--seed with --games 1 must be from 0"),
    (("play", "autobattle", "--record", ""), "a file name is needed"),
    (("cards", "validate", "/dev/zero"), "character device, not a regular file"),
    (("play", "autobattle", "--cards", "/dev/zero"), "character device, not a regular file"),
    (("link", "encode", "/dev/zero"), "character device, not a regular file"),
    (("replay", "/dev/zero"), "character device, not a regular file"),
])
def test_every_usage_mistake_and_odd_file_is_one_error_line(args, fragment):
    result = engine(*args, check_ok=False)
    assert_user_error(result, fragment)
    assert result.stdout == ""                  # no usage text printed without its error line


def test_usage_hints_name_the_real_command():
    for args, hint in ((("play",), "(see: python -m engine play --help)"),
                       (("cards", "validate", "--bogus"), "(see: python -m engine --help)"),
                       (("cards", "list", "--ruleset"), "(see: python -m engine cards list --help)"),
                       (("nonsense",), "(see: python -m engine --help)")):
        result = engine(*args, check_ok=False)
        assert_user_error(result, hint)
        assert "engine engine" not in result.stderr


def test_fifos_are_refused_without_blocking(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    for args in (("cards", "validate", str(fifo)), ("play", "autobattle", "--cards", str(fifo)),
                 ("link", "encode", str(fifo)), ("replay", str(fifo))):
        assert_user_error(engine(*args, check_ok=False), "FIFO (named pipe), not a regular file")
    assert_user_error(engine("play", "autobattle", "--record", str(fifo), check_ok=False), "FIFO")
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_record_is_never_written_over_a_directory_a_symlink_or_half_way(tmp_path):
    folder = tmp_path / "DIR"
    folder.mkdir()
    assert_user_error(engine("play", "autobattle", "--record", str(folder), check_ok=False), "it is a directory")
    target = tmp_path / "precious.txt"
    target.write_text("keep me")
    (tmp_path / "link.json").symlink_to(target)
    assert_user_error(engine("play", "autobattle", "--record", str(tmp_path / "link.json"), check_ok=False),
                      "symbolic link")
    assert_user_error(engine("play", "autobattle", "--record", str(tmp_path / "no" / "r.json"), check_ok=False),
                      "No such file or directory")
    assert target.read_text() == "keep me" and (tmp_path / "link.json").is_symlink()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["DIR", "link.json", "precious.txt"]   # no .tmp left
    assert list(folder.iterdir()) == []


def test_deeply_nested_card_file_is_one_error_line_naming_the_file(tmp_path):
    cards = tmp_path / "deep.toml"
    cards.write_text("a = " + "[" * 500 + "1" + "]" * 500 + "\n")
    for args in (("cards", "validate", str(cards)), ("cards", "validate", "--ruleset", "autobattle", str(cards)),
                 ("cards", "validate", "--ruleset", "tactics", str(cards)), ("play", "autobattle", "--cards", str(cards))):
        result = engine(*args, check_ok=False)
        assert result.returncode == 2 and "Traceback" not in result.stderr
        lines = result.stderr.strip().splitlines()
        assert lines[0].startswith(("deep.toml: -: -: arrays or inline tables are nested too deeply",
                                    "error: deep.toml: -: -: arrays or inline tables are nested too deeply")), lines
        assert lines[-1].startswith("error: ") and len(lines) <= 2


def test_a_key_with_a_newline_cannot_forge_an_error_line(tmp_path):
    cards = tmp_path / "forged.toml"
    cards.write_text('[cards."x\\nerror: all good"]\nname = 1\n')
    result = engine("cards", "validate", str(cards), check_ok=False)
    lines = result.stderr.strip().splitlines()
    assert result.returncode == 2
    assert lines == ["forged.toml: cards.x\\nerror: all good: id: ids use a-z, 0-9, '_' and '-' (1 to 40 characters)",
                     "error: 1 problem(s) in the card data"]


def test_records_with_nan_or_a_lone_surrogate_are_refused_by_every_command(tmp_path):
    good = tmp_path / "good.json"
    engine("play", "autobattle", "--seed", "2", "--record", str(good))
    for token, fragment in (("NaN", "not finite"), ("1e999", "not finite"), ('"\\ud800"', "lone surrogate")):
        bad = tmp_path / "bad.json"
        bad.write_text(good.read_text().replace('"actions":[]', f'"actions":[[0,{token}]]'))
        for args in (("replay", str(bad)), ("link", "encode", str(bad))):
            assert_user_error(engine(*args, check_ok=False), fragment)


def test_a_file_name_that_is_not_utf8_is_printed_escaped_not_crashed_on(tmp_path):
    cards = Path(os.fsdecode(os.fsencode(tmp_path) + b"/\xff.toml"))        # "\udcff" in Python's str
    cards.write_text(CUSTOM_CARDS, encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "engine", "cards", "validate", str(cards)], cwd=ROOT,
                            capture_output=True, text=True, timeout=120,
                            env={**os.environ, "PYTHONIOENCODING": "utf-8"})     # strict: a surrogate would raise
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("ok: ") and "\\udcff.toml is valid card data" in result.stdout
