"""The pieces of the ruleset contract: outcomes, rule ids, events with reasons, the registry."""

import ast
from pathlib import Path

import pytest

from engine.core import EventLog, Outcome, RULE_ID, Seat, seat_index, teams_of
from engine.core.errors import BadSetup
from engine.core.ruleids import ids_in, ids_in_name, is_stated

ENGINE = Path(__file__).resolve().parents[2] / "engine"


def test_an_outcome_names_seats_a_team_the_automaton_or_a_draw():
    single = Outcome.win(1, "leadership fell", "S4-R27")
    assert single.winners == (1,) and single.winner == 1 and not single.is_draw
    assert [single.result(seat) for seat in (0, 1)] == [0.0, 1.0]
    team = Outcome.team_win("red", (0, 2), "throne destroyed", "F-W1")
    assert team.winner is None and team.to_data()["team"] == "red" and team.result(2) == 1.0
    automaton = Outcome.automaton_win("base destroyed", "S2-R8")
    assert automaton.automaton and not automaton.is_draw and automaton.result(0) == 0.0
    assert automaton.to_data() == {"winners": [], "team": None, "automaton": True, "draw": False,
                                   "reason": "base destroyed", "rule": "S2-R8"}
    draw = Outcome.draw("cycle cap", "G0-17")
    assert draw.is_draw and draw.result(0) == draw.result(1) == 0.5
    assert Outcome.win_or_draw(None, "x", "S0-R39").is_draw and Outcome.win_or_draw(0, "x", "S0-R37").winner == 0


def test_one_pattern_recognises_every_kind_of_rule_id():
    for rule in ("S4-R24", "S0-R1", "F-D2", "F-W3", "F2-5", "F2-10", "G4-6", "A0-12", "P2-2", "P-TIE"):
        assert RULE_ID.fullmatch(rule), rule
    for odd in ("S4", "R24", "F-2", "X1-2", "S4-R", "G4-", "S4-R24x"):
        assert not RULE_ID.fullmatch(odd), odd
    assert ids_in("targets the Scout (S2-R25), lower HP first; F-D2 and F2-5 apply; S4-R2") == \
        {"S2-R25", "F-D2", "F2-5", "S4-R2"}
    assert ids_in_name("test_F_D2_defence_card_and_F2_5_and_S4_R24") == {"F-D2", "F2-5", "S4-R24"}
    assert is_stated("F-D2") and is_stated("S1-R3") and is_stated("F2-5") and not is_stated("G1-6")


def test_events_carry_their_reasons_and_every_cited_rule_is_checked():
    log = EventLog(True, {"S2-R25", "S2-R26"})
    log.emit("target", "S2-R25", reasons=[{"why": "adjacent", "rule": "S2-R25"}, {"why": "lower HP"}], card="scout")
    event, = log.take()
    assert event.to_data() == {"kind": "target", "rule": "S2-R25", "card": "scout",
                               "reasons": [{"why": "adjacent", "rule": "S2-R25"}, {"why": "lower HP"}]}
    log.emit("plain", "S2-R26")
    assert "reasons" not in log.take()[0].to_data()
    with pytest.raises(ValueError, match="'S9-R9', which is not in the rule catalogue"):
        log.emit("target", "S2-R25", reasons=[{"why": "because", "rule": "S9-R9"}])


def test_seats_by_name_or_number_and_teams():
    seats = (Seat("red 1", "red"), Seat("blue 1", "blue"), Seat("red 2", "red"))
    assert seat_index(seats, "blue 1") == 1 and seat_index(seats, " 2 ") == 2
    assert teams_of(seats) == {"red": (0, 2), "blue": (1,)}
    for bad in ("3", "green", "²", "-1"):
        with pytest.raises(BadSetup, match="this game's seats are red 1, blue 1, red 2"):
            seat_index(seats, bad)


def test_the_core_knows_no_game():
    """engine.core imports nothing from engine.rulesets: rulesets register themselves."""
    for path in (ENGINE / "core").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.ImportFrom):
                target = ("." * node.level) + (node.module or "")
                assert "rulesets" not in target, f"{path.name} imports {target}"
            elif isinstance(node, ast.Import):
                assert not any("rulesets" in alias.name for alias in node.names), path.name


def test_a_catalogue_id_that_is_not_a_rule_id_is_refused(tmp_path):
    from engine.core.catalogue import load_catalogue
    path = tmp_path / "rules.toml"
    path.write_text('[rules."S1-R1"]\nen = "a"\n[rules."rule one"]\nen = "b"\n', encoding="utf-8")
    with pytest.raises(ValueError, match="'rule one' is not a rule id"):
        load_catalogue(path)
