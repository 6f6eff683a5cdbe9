"""The initiative hero gallery and how-to page as built: every card of every hero once, hero by hero and
tier by tier, named and written in the page's language; a card's printed numbers where its badges are;
the how-to screens with their real cards, demo links and glossary.

Rendered by build_site.render_pages with its page list narrowed to these two pages and the registry's
initiative entry given its context, gallery and how-to (as the siege fixture of test_howto_pages does),
so the pages are tested through the real templates whether or not the play page is built yet.
"""

import dataclasses
import html as html_module
import re

import pytest

from engine.core.carddata import LANGUAGES
from engine.rulesets import builtin
from engine.rulesets.initiative.heroes import builtin_heroes
from tests.test_howto_pages import (ID_LIKE, ROOT, assert_every_screen_has_a_picture, build_site, check_demo_links,
                                    check_glossary, howto, parse, read)
from ui import pages as ui_pages
from ui.words import messages

COLOURS = ("gold", "silver", "red", "green", "blue", "purple")


def initiative():
    return next(ruleset for ruleset in builtin() if ruleset.id == "initiative")


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """initiative/cards.html and initiative/howto.html in every language. Until the play page brings
    its title's and header's words, the entry borrows the home page's line for initiative."""
    entry = ui_pages.get("initiative")
    words = messages()["page"]
    entry = dataclasses.replace(
        entry, title_key=entry.title_key if entry.title_key in words else "ruleset_initiative",
        nav_key=entry.nav_key if entry.nav_key in words else "ruleset_initiative")
    out = tmp_path_factory.mktemp("initiative-pages")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(ui_pages, "PAGES", tuple(entry if p.id == "initiative" else p for p in ui_pages.PAGES))
        patch.setattr(build_site, "PAGES", {"initiative/cards.html": ("games/initiative/cards.html", entry),
                                            "initiative/howto.html": ("howto.html", entry)})
        build_site.render_pages(out)
    return out, entry


def expected_order() -> list[tuple[str, int, str]]:
    """(hero, tier, card) in the gallery's order: heroes as the file lists them, tiers 0-4, colours."""
    heroes = builtin_heroes()
    return [(hid, tier, cid) for hid, hero in heroes.heroes.items() for tier in range(5)
            for cid in sorted((c for c in hero.cards if heroes.cards[c].tier == tier),
                              key=lambda c: COLOURS.index(heroes.cards[c].colour))]


def articles(page: str) -> dict:
    """card id -> its <article> markup."""
    return dict(re.findall(r'<article class="icard [^"]*" data-card="([a-z0-9_]+)".*?>(.*?)</article>', page, re.S))


def test_the_gallery_shows_every_card_of_every_hero_once_by_hero_and_tier(site):
    out, _ = site
    heroes = builtin_heroes()
    order = expected_order()
    assert len(order) == 6 * 18 == len(heroes.cards)
    for lang in LANGUAGES:
        page = read(out, lang, "initiative/cards.html")
        assert f'<html lang="{lang}">' in page
        assert f"<h1>{html_module.escape(build_site.message('page', 'igallery_title', lang))}</h1>" in page
        assert re.findall(r'data-card="([a-z0-9_]+)"', page) == [cid for _, _, cid in order]
        # each hero: its anchor, name, style, and tier headings in order, each over that tier's cards
        for hid, hero in heroes.heroes.items():
            section = page.split(f'<section id="hero-{hid}"')[1].split("</section>")[0]
            assert f">{html_module.escape(hero.name[lang])}</h2>" in section
            style = build_site.message("page", f"icard_style_{hero.style}", lang)
            assert html_module.escape(build_site.message("page", "igallery_style", lang, style=style)) in section
            tiers = section.split("<h3 ")[1:]
            assert [re.search(r'id="hero-[a-z]+-tier-(\d)"', t).group(1) for t in tiers] == ["0", "1", "2", "3", "4"]
            for tier, part in enumerate(tiers):
                heading = build_site.message("page", f"igallery_tier_{tier}", lang)
                assert part.split("</h3>")[0].endswith(html_module.escape(heading))
                assert re.findall(r'data-card="([a-z0-9_]+)"', part) == [c for h, t, c in order if (h, t) == (hid, tier)]
        cards = articles(page)
        for _, _, cid in order:
            card = heroes.cards[cid]
            body = html_module.unescape(cards[cid])
            assert f'<span class="iname">{card.name[lang]}</span>' in body, (lang, cid)
            if card.text:
                assert f'<p class="itext">{card.text[lang]}</p>' in body, (lang, cid)
        text = " ".join(parse(page).text)
        assert not ID_LIKE.findall(text), (lang, ID_LIKE.findall(text)[:5])


def test_a_card_shows_its_printed_numbers_in_its_badges(site):
    out, _ = site
    page = read(out, "en", "initiative/cards.html")
    cards = articles(page)
    tags = {cid: cls for cls, cid in re.findall(r'<article (class="icard [^"]*") data-card="([a-z0-9_]+)"', page)}

    def numbers(cid):
        return dict(re.findall(r'<b class="([a-z-]+)">([0-9+]+)</b>', cards[cid]))

    # Gull Shot: initiative 6, a ranged attack of 3 with range 4, Defense 1 and Movement 2 as secondaries
    assert tags["isra_red1"] == 'class="icard colour-red tier-1 primary-attack"'
    assert numbers("isra_red1") == {"init": "6", "val": "3", "rng": "4", "sec-defense": "1", "sec-movement": "2"}
    assert ">Ranged attack</span>" in cards["isra_red1"]
    # Shield Wall: a defense of 5 that blocks ranged attacks
    assert numbers("brannoc_blue1") == {"init": "9", "val": "5", "sec-movement": "2"}
    assert 'title="Block: ranged attacks"' in cards["brannoc_blue1"]
    # Rallying Roar: a skill (no value) with radius 2
    assert numbers("brannoc_green1") == {"init": "7", "rad": "2", "sec-defense": "2", "sec-movement": "2"}
    # Anchor Drop, tier II: its item icon
    assert "As an item: +1 Defense" in cards["brannoc_red2b"]
    assert "As an item" not in cards["brannoc_red1"]
    # the ultimate: no initiative, no actions, its text always on
    assert tags["brannoc_ultimate"] == 'class="icard colour-purple tier-4"'
    assert numbers("brannoc_ultimate") == {} and 'class="iprimary"' not in cards["brannoc_ultimate"]
    assert "Always on while the hero is on the board" in cards["brannoc_ultimate"]


def test_every_icon_a_page_uses_is_drawn_once_on_it(site):
    out, _ = site
    for name in ("initiative/cards.html", "initiative/howto.html"):
        page = read(out, "ja", name)
        used = set(re.findall(r'<use href="#(ic-[a-z]+)"', page))
        assert used and all(page.count(f'<symbol id="{icon}"') == 1 for icon in used), (name, used)


def test_the_how_to_page_renders_its_screens_cards_demos_and_glossary(site):
    out, entry = site
    ruleset = initiative()
    screens = howto.load_screens(ROOT / entry.howto_words, ruleset)
    heroes = builtin_heroes()
    assert [s["anchor"] for s in screens] == ["goal", "a-turn", "actions", "attack-and-defence", "minions", "end-of-round"]
    for lang in LANGUAGES:
        page = read(out, lang, "initiative/howto.html")
        title = build_site.message("page", "howto_title", lang, game=build_site.message("page", entry.title_key, lang))
        assert f"<h1>{html_module.escape(title)}</h1>" in page
        sections = page.split('class="screen"')[1:]
        assert len(sections) == 6
        assert_every_screen_has_a_picture(page, lang)
        for screen, section in zip(screens, sections):
            figure = section.split("</figure>")[0]
            assert screen["heading"][lang] in html_module.unescape(section.split("</h2>")[0])
            # the real cards a screen names, each once, with its name in this language
            assert sorted(re.findall(r'data-card="([a-z0-9_]+)"', figure)) == sorted(screen["cards"])
            for cid in screen["cards"]:
                assert f'<span class="iname">{heroes.cards[cid].name[lang]}</span>' in html_module.unescape(figure)
            for label in screen["labels"].values():
                assert html_module.escape(label[lang]) in figure or label[lang] in html_module.unescape(figure)
        # a turn: four cards face down, then the same four turned up from the highest initiative
        turn = sections[1].split("</figure>")[0]
        assert turn.count('class="icard icard-back"') == 4
        revealed = re.findall(r'data-card="([a-z0-9_]+)"', turn)[:4]
        assert [heroes.cards[c].initiative for c in revealed] == [11, 9, 7, 6]
        rules = check_demo_links(page, entry, lang, None)
        assert rules == [rule for screen in screens for rule in screen["demos"]]
        check_glossary(page, "initiative", lang)
        text = " ".join(parse(page).text)
        assert not ID_LIKE.findall(text), (lang, ID_LIKE.findall(text)[:5])


def test_the_cards_context_gives_heroes_cards_and_their_order():
    from ui.games.initiative.context import cards_context
    values = cards_context(initiative())
    heroes = builtin_heroes()
    assert values["initiative_cards"] is heroes.printed
    assert list(values["initiative_heroes"]) == list(heroes.heroes)
    brannoc = values["initiative_heroes"]["brannoc"]
    assert brannoc["name"]["en"] == "Brannoc the Breakwater" and brannoc["style"] == "melee"
    assert brannoc["about"]["ru"].startswith("Боец со щитом")
    assert brannoc["cards"] == {0: ["brannoc_gold", "brannoc_silver"],
                                1: ["brannoc_red1", "brannoc_green1", "brannoc_blue1"],
                                2: ["brannoc_red2a", "brannoc_red2b", "brannoc_green2a", "brannoc_green2b",
                                    "brannoc_blue2a", "brannoc_blue2b"],
                                3: ["brannoc_red3a", "brannoc_red3b", "brannoc_green3a", "brannoc_green3b",
                                    "brannoc_blue3a", "brannoc_blue3b"],
                                4: ["brannoc_ultimate"]}
    assert values["initiative_card_order"] == [cid for _, _, cid in expected_order()]
