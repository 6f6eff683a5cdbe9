"""The autobattle board's effects, planned from a frame's events without a browser
(ui/games/autobattle/fx.py): what points where, which numbers show, in what order, how long."""

import pytest

from engine.rulesets import get as get_ruleset
from ui.games.autobattle import fx
from ui.replay import Replay

DECKS = {"decks": [["ashen_cabal", "rotfen_brood"], ["antler_kin"]]}


@pytest.fixture(scope="module")
def frames():
    get_ruleset("autobattle")
    return Replay.start("autobattle", 7, DECKS).frames


def test_an_attack_points_from_its_cell_to_the_cell_in_front_with_the_damage_there():
    events = [{"kind": "attack", "seat": 1, "uid": 18, "cell": 3, "target": 4, "amount": 2},
              {"kind": "damage", "seat": 0, "uid": 4, "amount": 2, "life": 1}]
    beat, effects = fx.plan(events, 0.8)
    kinds = [(effect.kind, effect.place, effect.target, effect.text) for effect in effects]
    assert kinds == [("shot", ("cell", 1, 3), ("cell", 0, 3), ""),
                     ("number", ("cell", 0, 3), None, "\u22122"),
                     ("shake", ("uid", 4), None, "")]
    shot, number, _ = effects
    assert shot.start == 0 and number.start == pytest.approx(fx.ARRIVAL * beat, abs=0.001)


def test_a_hit_on_the_ungar_points_at_the_other_sides_leadership():
    events = [{"kind": "hit_ungar", "seat": 0, "uid": 1, "cell": 5, "amount": 3, "leadership": 17}]
    _, effects = fx.plan(events, 0.8)
    assert [(e.kind, e.place, e.target, e.text) for e in effects] == [
        ("shot", ("cell", 0, 5), ("leadership", 1), ""), ("number", ("leadership", 1), None, "\u22123")]


def test_deaths_entries_terrain_feature_damage_and_fatigue_show_too():
    events = [{"kind": "enter", "seat": 0, "uid": 2, "cell": 0},
              {"kind": "terrain", "seat": 1, "uid": 9},
              {"kind": "damage", "seat": 1, "uid": 7, "amount": 1, "life": 0},     # a feature's blow
              {"kind": "killed", "seat": 1, "uid": 7, "card": "gravepit_rats", "cell": 2},
              {"kind": "fatigue", "seat": 0, "amount": 2, "leadership": 5}]
    _, effects = fx.plan(events, 0.8)
    assert [(e.kind, e.place) for e in effects] == [
        ("enter", ("uid", 2)), ("pulse", ("terrain", 1)), ("number", ("uid", 7)), ("shake", ("uid", 7)),
        ("death", ("cell", 1, 2)), ("number", ("leadership", 0))]
    death = effects[4]
    assert death.card == "gravepit_rats" and death.life == 0


def test_attacks_follow_one_another_in_the_events_order():
    events = [{"kind": "attack", "seat": 0, "uid": u, "cell": u, "target": 10 + u, "amount": 1} for u in range(3)]
    _, effects = fx.plan(events, 1.6)
    shots = [effect for effect in effects if effect.kind == "shot"]
    assert [shot.place for shot in shots] == [("cell", 0, 0), ("cell", 0, 1), ("cell", 0, 2)]
    assert shots[0].start < shots[1].start < shots[2].start


@pytest.mark.parametrize("pace", [1.6, 0.8, 0.3, 0.08])
def test_a_frames_effects_fit_its_pace_within_the_beat_limits(frames, pace):
    for frame in frames:
        beat, effects = fx.plan(frame.events, pace)
        assert fx.MIN_BEAT <= beat <= fx.MAX_BEAT
        length, _ = fx.timeline(frame.events)
        if beat > fx.MIN_BEAT:      # at the floor a crowded frame may be cut short by the next one
            assert length * beat <= pace * fx.SHARE_OF_PACE + 0.001
        assert all(effect.start >= 0 for effect in effects)


def test_a_whole_battle_shows_attacks_on_cards_and_on_the_ungar_and_no_unknown_kinds(frames):
    effects = [effect for frame in frames for effect in fx.plan(frame.events, 0.8)[1]]
    targets = {effect.target[0] for effect in effects if effect.kind == "shot"}
    assert targets == {"cell", "leadership"}
    assert {effect.kind for effect in effects} <= {"shot", "number", "shake", "enter", "buff", "death", "pulse"}
    assert any(effect.kind == "death" for effect in effects)
    # Each attack event gives exactly one arrow and one number (its damage event adds none).
    attacks = sum(event["kind"] in ("attack", "hit_ungar") for frame in frames for event in frame.events)
    assert sum(effect.kind == "shot" for effect in effects) == attacks
