"""The parts of the front end that need no browser: routes and the battle log in words."""

import pytest

from engine.core import Session
from engine.rulesets.autobattle.cards import builtin_content
from ui.replay import Replay
from ui.route import parse_hash, replay_hash
from engine.core.messages import placeholders
from ui.words import describe, messages


@pytest.mark.parametrize("text, page, ruleset, params", [
    ("", "home", None, {}),
    ("#/", "home", None, {}),
    ("#/nowhere", "home", None, {}),
    ("#/autobattle", "play", "autobattle", {}),
    ("#/autobattle/replay?g=S1.abc&turn=4", "replay", "autobattle", {"g": "S1.abc", "turn": "4"}),
    ("#/autobattle/replay?g=", "replay", "autobattle", {"g": ""}),
])
def test_routes(text, page, ruleset, params):
    route = parse_hash(text)
    assert (route.page, route.ruleset, route.params) == (page, ruleset, params)


def test_replay_hash_round_trips_through_the_router():
    route = parse_hash(replay_hash("autobattle", "S1.xyz-_", step=7, rule="S4-R5", note="hi & <b>bye</b>"))
    assert route.params == {"g": "S1.xyz-_", "step": "7", "rule": "S4-R5", "note": "hi & <b>bye</b>"}


def test_a_note_is_capped_in_the_link():
    route = parse_hash(replay_hash("autobattle", "S1.x", note="n" * 500))
    assert route.params["note"] == "n" * 140


def names(card_id):
    return builtin_content().cards[card_id].name["en"]


def test_every_event_of_real_games_reads_as_a_sentence():
    kinds = set()
    for seed in range(30):
        session = Session.start("autobattle", seed=seed, options={"retaliation": seed % 2 == 0})
        session.run()
        for event in session.events:
            data = event.to_data()
            kinds.add(event.kind)
            sentence = describe(data, names)
            assert sentence and "{" not in sentence and not sentence.startswith(event.kind + ".")
    assert {"enter", "attack", "killed", "hit_ungar", "end", "feature", "draw"} <= kinds


def test_message_placeholders_agree_across_languages():
    for section in messages().values():
        for entry in section.values():
            assert len({frozenset(placeholders(text)) for text in entry.values()}) == 1


def test_replay_frames_end_at_the_outcome_with_the_cli_digest():
    replay = Replay.start("autobattle", 3, {"decks": [["ashen_cabal"], ["harvest_militia"]]})
    session = Session.start("autobattle", seed=3, setup={"decks": [["ashen_cabal"], ["harvest_militia"]]})
    session.run()
    assert replay.digest == session.digest()
    assert replay.frames[-1].turn == session.turns() == replay.last
    assert [e["kind"] for e in replay.frames[-1].events][-1] == "end"
