"""Plural forms (issue 24 §6): our CLDR plural categories agree with Babel's, and plural fields fill in.

The site has no Babel (it runs in Pyodide); engine/core/messages.py carries the rules for en, ja and
ru in pure Python, and this file checks them against Babel's CLDR data, a test dependency only.
"""

from decimal import Decimal

import pytest

from engine.core.messages import LANGUAGE_CATEGORIES, fill, plural_category, plural_fields
from ui.words import message

# The numbers shown with a plural field: counts, and the fractions a ratio or average may show.
FRACTIONS = ["0.5", "1.0", "1.5", "2.5", "11.5", "21.0", "0.25"]


@pytest.mark.parametrize("lang", sorted(LANGUAGE_CATEGORIES))
def test_categories_agree_with_babel_for_counts_and_fractions(lang):
    babel = pytest.importorskip("babel")
    rule = babel.Locale.parse(lang).plural_form
    for number in range(201):
        assert plural_category(lang, number) == rule(number), (lang, number)
    for text in FRACTIONS:
        assert plural_category(lang, float(text)) == rule(Decimal(text)), (lang, text)


@pytest.mark.parametrize("lang", sorted(LANGUAGE_CATEGORIES))
def test_each_language_has_the_categories_babel_lists(lang):
    babel = pytest.importorskip("babel")
    assert set(LANGUAGE_CATEGORIES[lang]) == set(babel.Locale.parse(lang).plural_form.tags) | {"other"}


@pytest.mark.parametrize("count, form", [(1, "1 ход"), (2, "2 хода"), (5, "5 ходов"), (11, "11 ходов"),
                                          (21, "21 ход"), (22, "22 хода"), (25, "25 ходов"), (111, "111 ходов"),
                                          (0, "0 ходов"), (1.5, "1.5 хода")])
def test_russian_forms_fill_in(count, form):
    assert fill("{n} {n:one=ход|few=хода|many=ходов|other=хода}", "ru", n=count) == form


def test_english_and_japanese_forms_fill_in():
    template = "{n} {n:one=turn|other=turns}"
    assert [fill(template, "en", n=n) for n in (0, 1, 2, 21)] == ["0 turns", "1 turn", "2 turns", "21 turns"]
    assert fill("{n}{n:other=ターン}", "ja", n=1) == "1ターン"


def test_an_ordinary_format_spec_is_untouched():
    assert fill("{attack:+d} and {n} = {n}", "ru", attack=2, n=3) == "+2 and 3 = 3"
    assert plural_fields("{attack:+d} {n:one=a|other=b}") == {"n": {"one": "a", "other": "b"}}


@pytest.mark.parametrize("count, outcome, deck, ap", [
    (1, "за 1 ход", "в колоде осталась 1 карта", "получает 1 очко действия"),
    (2, "за 2 хода", "в колоде осталось 2 карты", "получает 2 очка действия"),
    (5, "за 5 ходов", "в колоде осталось 5 карт", "получает 5 очков действия"),
    (11, "за 11 ходов", "в колоде осталось 11 карт", "получает 11 очков действия"),
    (21, "за 21 ход", "в колоде осталась 21 карта", "получает 21 очко действия"),
    (22, "за 22 хода", "в колоде осталось 22 карты", "получает 22 очка действия"),
    (25, "за 25 ходов", "в колоде осталось 25 карт", "получает 25 очков действия")])
def test_catalogue_messages_in_every_russian_form(count, outcome, deck, ap):
    """Real messages from ui/messages.toml, where Russian used to say "ходов: N"."""
    assert message("ui", "outcome_win", "ru", winner="Синие", turns=count, reason="r", rule="R") == \
        f"Побеждает сторона Синие {outcome}: r (R)."
    assert message("log", "draw", "ru", seat="Синие", card="Волк", crystals=3, deck=count) == \
        f"Сторона Синие берёт карту Волк (3 Кристалла); {deck}."
    assert message("tlog", "ap_gain", "ru", name="Ава", amount=count, ap=9) == f"Ава {ap} (9)."


def test_catalogue_messages_in_english_and_japanese():
    assert message("ui", "sq_imported", "en", count=1, file="a.toml") == "Imported 1 squad from a.toml."
    assert message("ui", "sq_imported", "en", count=3, file="a.toml") == "Imported 3 squads from a.toml."
    assert message("ui", "i_draft_offer_yours", "en", count=1).startswith("This 1 hero is offered")
    assert message("ui", "outcome_draw", "ja", turns=21, reason="r", rule="R") == "21ターンで引き分け: r（R）。"
