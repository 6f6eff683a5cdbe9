"""The tactics page's words, without a browser: every event of real games in every language, skill
lines for the gallery, and the `#/tactics` routes."""

import pytest

from engine.core import Session, get_ruleset, make_bot
from ui.route import parse_hash, replay_hash
from ui.games.tactics.words import char_names, describe, skill_line, skill_names
from ui.words import message


@pytest.mark.parametrize("lang", ["en", "ja", "ru"])
def test_every_event_of_bot_games_has_a_sentence(lang):
    ruleset = get_ruleset("tactics")
    kinds = set()
    for seed in range(4):
        session = Session.start("tactics", seed=seed)
        session.run({seat: make_bot(ruleset, "sensible") for seat in (0, 1)})
        view = session.view(None)
        names, skills = char_names(view, lang), skill_names(view, lang)
        for event in session.events:
            data = event.to_data()
            text = describe(data, names, skills, lang)
            assert text and text != message("tlog", "other", lang, kind=data["kind"]), data
            assert "{" not in text, text
            kinds.add(data["kind"])
    assert {"deploy", "turn", "skill", "damage", "engaged", "end"} <= kinds


def test_skill_lines_name_cost_target_and_effects():
    content = get_ruleset("tactics").content
    king = content.characters["cinder_king"].to_data()
    line = skill_line(king["act_skills"][0], "en")
    assert line == "Ember Cleave: 1 AP, own range, Pyro, one enemy: 3 damage"
    assert skill_line(king["react_skills"][0], "en").startswith("Smoulder Guard: when attacked, itself: shield 2")


def test_tactics_routes():
    assert (parse_hash("#/tactics").page, parse_hash("#/tactics").ruleset) == ("play", "tactics")
    route = parse_hash(replay_hash("tactics", "S1.abc", step=4))
    assert (route.page, route.ruleset, route.params) == ("replay", "tactics", {"g": "S1.abc", "step": "4"})


@pytest.mark.parametrize("lang", ["en", "ja", "ru"])
def test_version_2_events_have_sentences(lang):
    """Events added with tactics version 2 (A0-10, A0-12, S0-R35, P0-1, P0-2, A0-5's victim reward)."""
    names = {0: "A", 1: "B"}
    events = [
        {"kind": "deploy_fallback", "rule": "P0-2", "seat": 0, "uid": 0, "row": 0, "col": 1},
        {"kind": "king_advance", "rule": "A0-12", "seat": 0, "uid": 0},
        {"kind": "king_stays", "rule": "A0-12", "seat": 0, "uid": 0, "row": 2},
        {"kind": "end_after_skill", "rule": "A0-10", "seat": 0, "uid": 0, "skills": 2},
        {"kind": "no_offensive_react", "rule": "S0-R35", "seat": 0, "uid": 0, "skill": "x"},
        {"kind": "kill_reward", "rule": "S0-R25", "seat": 0, "uid": 0, "amount": 2, "soulwell": 3,
         "victims": [1], "source": "victim"},
        {"kind": "tie_test", "rule": "P0-1", "reason": "x"},
        {"kind": "ceiling", "rule": "P0-12", "most": 12000},
    ]
    for event in events:
        text = describe(event, names, {}, lang)
        assert text != message("tlog", "other", lang, kind=event["kind"]) and "{" not in text, event
    victim = describe(events[5], names, {}, "en")
    assert "left on B" in victim
