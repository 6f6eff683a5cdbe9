"""The siege page's words, without a browser: every event of bot games (and of every rule demo) has a
sentence in every language, every reason of the automaton has words of its own, and in Japanese or
Russian neither carries English or ids."""

import re

import pytest

from engine.core import Session, make_bot
from engine.rulesets import get
from engine.rulesets.siege.cards import builtin_content
from ui.games.siege.words import because, describe, known_reason, learn_abilities, learn_view
from ui.words import message

LATIN_WORD = re.compile(r"[A-Za-z_]{3,}")
# The game's own abbreviations, as the Japanese rules write them (the Russian ones are Cyrillic).
ABBREVIATIONS = {"ATK", "MAT", "DEF", "MDF"}


def games():
    """Sessions of the sensible bot against the automaton, and every rule demo played to its step."""
    ruleset = get("siege")
    sessions = []
    for seed in range(6):
        session = Session.start("siege", seed=seed)
        session.run({0: make_bot(ruleset, "sensible")})
        sessions.append(session)
    for demo in ruleset.demos().values():
        sessions.append(Session.replay(demo.record))
    return sessions


GAMES = games()


def namers(lang: str):
    """unit(uid) and card(id) in `lang`, as the page has them (a uid named by the card it was deployed as)."""
    content = builtin_content()
    learn_abilities({a: {"name": ability.name} for a, ability in content.abilities.items()})
    units = {}

    def unit(uid):
        return content.card_name(units[uid], lang) if uid in units else f"#{uid}"
    return units, unit, lambda card_id: content.card_name(card_id, lang)


def sentences(session, lang: str):
    units, unit, card = namers(lang)
    learn_view(units, session.view(0))      # the page knows what its views show (a demo's set position)
    decks = {deck_id: deck.name[lang] for deck_id, deck in builtin_content().decks.items()}
    for event in session.events:
        data = event.to_data()
        if data["kind"] in ("deploy", "grow") and isinstance(data.get("uid"), int):
            units[data["uid"]] = data["card"]
        yield data, describe(data, unit, card, lang, decks.get), because(data, unit, lang)


@pytest.mark.parametrize("lang", ["en", "ja", "ru"])
def test_every_event_has_a_sentence(lang):
    kinds = set()
    for session in GAMES:
        for data, text, _ in sentences(session, lang):
            assert text and text != message("slog", "other", lang, kind=data["kind"]), data
            assert "{" not in text and "#" not in text, (data, text)
            kinds.add(data["kind"])
    assert {"deploy", "declare", "damage", "target", "route_advance", "base_damage", "game_over"} <= kinds


def test_every_reason_has_words_of_its_own():
    seen = 0
    for session in GAMES:
        for event in session.events:
            for reason in event.to_data().get("reasons") or []:
                seen += 1
                for lang in ("en", "ja", "ru"):
                    assert known_reason(reason, lang), (lang, reason)
    assert seen > 500


@pytest.mark.parametrize("lang", ["ja", "ru"])
def test_log_lines_have_no_english_or_ids(lang):
    for session in GAMES:
        for data, text, why in sentences(session, lang):
            words = set(LATIN_WORD.findall(text + why)) - (ABBREVIATIONS if lang == "ja" else set())
            assert not words, (data, text + why)


def test_english_sentences_read_well():
    units, unit, card = namers("en")
    units[5] = "ember_2"
    assert describe({"kind": "declare", "rule": "F2-1", "uid": 5, "name": "x", "mode": "atk", "attack": 4,
                     "target": "base", "ap": 3}, unit, card, "en") == \
        "Ember (Veteran) attacks the enemy Base with ATK 4."
    assert describe({"kind": "base_damage", "rule": "S2-R2", "side": 1, "damage": 3, "total": 7, "target": 10},
                    unit, card, "en") == "The automaton's Base takes 3: 7 of 10 damage dealt."
    reasons = {"kind": "route_advance", "rule": "S2-R17", "route": "red", "moves": [[5, [0, 0], [1, 0]]],
               "reasons": [{"why": "red route: 1 enemies", "rule": "S2-R17", "route": "red", "count": 1},
                           {"why": "both routes hold as many: free choice (seeded RNG)", "rule": "S2-R17"}]}
    assert because(reasons, unit, "en") == \
        " — because: red route: 1 enemy (S2-R17); both routes hold as many: free choice (seeded) (S2-R17)"
