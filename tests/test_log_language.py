"""Log lines in the page's language (issue 10 item 7): every event of real games, with its reasons,
put in Japanese or Russian words carries no English word and no id (a rule id such as S0-R13 has
no run of three letters; "AP" and "ОД" are the game's own abbreviations)."""

import re

import pytest

from engine.core import Session, get_ruleset, make_bot
from ui.games.autobattle.words import describe
from ui.games.tactics.words import char_names, describe as describe_tactics, skill_names
from ui.words import because

LATIN_WORD = re.compile(r"[A-Za-z_]{3,}")


@pytest.mark.parametrize("lang", ["ja", "ru"])
def test_tactics_log_lines_have_no_english_or_ids(lang):
    ruleset = get_ruleset("tactics")
    for seed in range(4):
        session = Session.start("tactics", seed=seed)
        session.run({seat: make_bot(ruleset, "sensible") for seat in (0, 1)})
        view = session.view(None)
        names, skills = char_names(view, lang), skill_names(view, lang)
        armies = {army_id: army.name[lang] for army_id, army in ruleset.content.armies.items()}
        for event in session.events:
            data = event.to_data()
            if data["kind"] == "army":          # the page names the army (ui/games/tactics.army_name)
                data = dict(data, army=armies[data["army"]])
            text = describe_tactics(data, names, skills, lang) + because(data, lang)
            assert LATIN_WORD.findall(text) == [], (data, text)


@pytest.mark.parametrize("lang", ["ja", "ru"])
def test_autobattle_log_lines_have_no_english_or_ids(lang):
    ruleset = get_ruleset("autobattle")
    for seed in range(4):
        session = Session.start("autobattle", seed=seed)
        session.run({})
        content = ruleset.content(session.record.setup)
        card = lambda card_id: content.cards[card_id].name[lang]       # noqa: E731
        squad = lambda squad_id: content.squads[squad_id].name[lang]   # noqa: E731
        for event in session.events:
            data = event.to_data()
            text = describe(data, card, lang, squad) + because(data, lang)
            assert LATIN_WORD.findall(text) == [], (data, text)
