"""The how-to pages and the glossary as built: one per built game in every language, its demo links
the rules page's own, every glossary word in every language, linked from home and the play pages;
and the content checks (build/howto.py) refuse a broken file, naming it.

Pages are rendered with build_site.render_pages alone (no wheel, runtime or service worker): the whole
build, with its precache check over every file, is tests/test_build.py's and test_offline_build.py's.
"""

import dataclasses
import html as html_module
import re
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

from engine.core import get_ruleset
from engine.core.carddata import LANGUAGES
from engine.rulesets import BUILTIN
from engine.rulesets.siege.cards import builtin_content

pytest.importorskip("jinja2")       # the build's templates; Pyodide's test run has no Jinja2

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "build"))
import build_site  # noqa: E402
import howto  # noqa: E402
from ui import pages as ui_pages  # noqa: E402
from ui.words import catalogue_files, messages  # noqa: E402

ID_LIKE = re.compile(r"[a-z]+_[a-z_]+")     # the test for ids shown as words


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    out = tmp_path_factory.mktemp("pages")
    build_site.render_pages(out)
    return out


def read(site: Path, lang: str, page: str) -> str:
    return (site / build_site.page_path(lang, page)).read_text("utf-8")


class Links(HTMLParser):
    """Every <a>: (href, class, text); every id; the text a reader sees (outside <script>, <style>,
    <title> and attribute values)."""

    def __init__(self):
        super().__init__()
        self.links, self.ids, self.text, self._skip, self._open = [], set(), [], 0, None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "id" in attrs:
            self.ids.add(attrs["id"])
        if tag in ("script", "style", "title", "template"):
            self._skip += 1
        if tag == "a":
            self._open = [attrs.get("href", ""), attrs.get("class", ""), ""]

    def handle_endtag(self, tag):
        if tag in ("script", "style", "title", "template"):
            self._skip -= 1
        if tag == "a" and self._open:
            self.links.append(tuple(self._open))
            self._open = None

    def handle_data(self, data):
        if not self._skip:
            self.text.append(data)
            if self._open:
                self._open[2] += data


def parse(text: str) -> Links:
    parser = Links()
    parser.feed(text)
    return parser


def with_howto():
    """The built pages that have a how-to page."""
    return [entry for entry in ui_pages.built() if entry.howto]


def test_every_built_game_has_a_how_to_page_in_every_language(site):
    assert {entry.id for entry in ui_pages.built()} == set(BUILTIN)     # every built-in game has its page
    for entry in ui_pages.built():
        assert entry.howto, f"{entry.id} has no how-to page"
        for lang in LANGUAGES:
            page = read(site, lang, f"{entry.id}/howto.html")
            assert f'<html lang="{lang}">' in page
            title = build_site.message("page", "howto_title", lang, game=build_site.message("page", entry.title_key, lang))
            assert f"<h1>{html_module.escape(title)}</h1>" in page
            screens = re.findall(r'<section id="screen-[a-z-]+" class="screen"', page)
            assert 4 <= len(screens) <= 6, (entry.id, lang, len(screens))
            assert_every_screen_has_a_picture(page, (entry.id, lang))


def assert_every_screen_has_a_picture(page: str, where) -> None:
    """Real cards or characters, or a drawn diagram (an SVG, a board, steps, or a role="img" drawing)."""
    for section in page.split('class="screen"')[1:]:
        figure = section.split("</figure>")[0]
        assert re.search(r'class="(card|tchar) |<svg |class="art-(board|steps|area)"|role="img"', figure), where


def test_every_demo_link_is_one_of_the_rules_page_links_to_an_existing_demo_and_rule(site):
    for entry in ui_pages.built():
        for lang in LANGUAGES:
            check_demo_links(read(site, lang, f"{entry.id}/howto.html"), entry, lang,
                             read(site, lang, f"{entry.id}/rules.html") if entry.rules else None)


def check_demo_links(page: str, entry, lang: str, rules_text: str | None) -> list[str]:
    """The how-to page's "See it happen" links are the rules page's own (build_site.demo_links, which the
    rules page shows, when the game has no rules page yet); returns the rules they open."""
    ruleset = get_ruleset(entry.id)
    demos, expected = ruleset.demos(), build_site.demo_links(ruleset)
    howto_page = parse(page)
    demo_links = [(href, text) for href, cls, text in howto_page.links if cls == "demo"]
    rule_links = [href for href, cls, _ in howto_page.links if cls == "rule"]
    assert len(demo_links) >= 4, (entry.id, lang)
    rules_page = parse(rules_text) if rules_text is not None else None
    if entry.rules:
        assert len(demo_links) == len(rule_links), (entry.id, lang)
    else:
        assert rule_links == [], (entry.id, lang)     # no rules page: the rule is named, not linked
    if rules_page is not None:
        rules_demo_links = {href for href, cls, _ in rules_page.links if cls == "demo"}
    found = []
    for index, (href, text) in enumerate(demo_links):
        assert text.strip() == build_site.message("page", "demo", lang)
        rule = re.search(r"&rule=([^&]+)", href).group(1)
        assert rule in demos and rule in ruleset.catalogue, rule
        assert href == "../index.html" + expected[rule], (entry.id, lang, rule)
        assert f"#/{entry.id}/replay?g=" in href
        if entry.rules:     # the rule link beside it names the same rule
            assert rule_links[index] == f"rules.html#{rule}"
        if rules_page is not None:      # and the rules page has that link and that anchor
            assert href in rules_demo_links and rule in rules_page.ids, (entry.id, lang, href)
        found.append(rule)
    return found


def test_every_glossary_word_is_on_its_games_page_in_every_language(site):
    asked = {"autobattle": {"ungar", "leadership", "crystals", "reserve", "battle-line", "terrain", "fatigue"},
             "tactics": {"soulwell", "act-points", "speed", "engaged", "face-down", "element-loop", "king"},
             "siege": {"ap", "mp", "base", "invasion-zone", "command-zone", "standby-zone", "growth",
                       "growth-source", "swap", "focus", "self-enhancement", "guard", "commander", "nameless"},
             "initiative": {"initiative", "tie-breaker-coin", "battle-zone", "wave-counter", "lane-push", "throne",
                            "minion", "dashboard", "level", "item", "defence"}}
    for game, keys in asked.items():
        assert keys <= {word["key"] for word in glossary(game)}, game
    for entry in with_howto():
        for lang in LANGUAGES:
            check_glossary(read(site, lang, f"{entry.id}/howto.html"), entry.id, lang)


def glossary(game: str) -> list[dict]:
    """The words of a game's glossary file, found by its registry entry."""
    return howto.load_glossary(ROOT / ui_pages.get(game).glossary_words)


def check_glossary(page: str, game: str, lang: str) -> None:
    """Every word of the game's glossary, in file order, anchored, in the page's language."""
    mine = glossary(game)
    found = re.findall(r'<dt id="(glossary-[a-z-]+)">([^<]+)</dt><dd>([^<]+)</dd>', page)
    assert [anchor for anchor, _, _ in found] == [word["anchor"] for word in mine], (game, lang)
    for (_, term, line), word in zip(found, mine):
        assert html_module.unescape(term) == word["term"][lang] and word["term"][lang].strip()
        assert html_module.unescape(line) == word["line"][lang] and word["line"][lang].strip()
    if lang != "en":    # translated, not English left in place
        assert all(word["line"][lang] != word["line"]["en"] for word in mine), (game, lang)


def test_no_id_like_text_on_the_how_to_pages(site):
    for entry in with_howto():
        for lang in LANGUAGES:
            text = " ".join(parse(read(site, lang, f"{entry.id}/howto.html")).text)
            assert not ID_LIKE.findall(text), (entry.id, lang, ID_LIKE.findall(text)[:5])


def test_home_header_and_play_pages_link_each_how_to_page(site):
    for lang in LANGUAGES:
        home = parse(read(site, lang, "index.html"))
        for entry in with_howto():
            words = build_site.message("page", "nav_howto", lang)
            # the app page links it three times: the header, the game's entry on home, and under the
            # play section's heading (the play pages are sections of the same document)
            # (the header's link also names its game for screen readers: "How to play — Tactics")
            assert sum(href == f"./{entry.id}/howto.html" and text.startswith(words) for href, _, text in home.links) == 3
            page = read(site, lang, "index.html")
            section = page.split(f'id="route-{entry.id}"')[1].split("</h1>")[1][:300]
            assert f'<p class="howto-link"><a href="./{entry.id}/howto.html">' in section
            # the header on another page (the rules page, or the how-to page itself: one folder down)
            other = parse(read(site, lang, f"{entry.id}/{'rules' if entry.rules else 'howto'}.html"))
            game = build_site.message("page", entry.nav_key, lang)
            assert (f"../{entry.id}/howto.html", "doc", f"{words} — {game}") in other.links


def test_the_how_to_words_stay_out_of_the_ui_archive(tmp_path):
    import zipfile
    build_site.pack_ui(tmp_path)
    names = zipfile.ZipFile(tmp_path / "ui.zip").namelist()
    assert "ui/pages.py" in names and "ui/messages.toml" in names
    assert not [name for name in names if name.endswith(("/howto.toml", "/context.py", "/glossary.toml"))]


def test_the_ui_archive_carries_every_message_catalogue(tmp_path):
    """The browser reads the shell's catalogue and each game's (ui/games/ID/messages.toml) from ui.zip."""
    import zipfile
    build_site.pack_ui(tmp_path)
    names = set(zipfile.ZipFile(tmp_path / "ui.zip").namelist())
    wanted = {path.resolve().relative_to(ROOT).as_posix() for path in catalogue_files()}
    assert len(wanted) > 1 and wanted <= names


# --- the content checks --------------------------------------------------------------------------

GOOD_SCREEN = """
[[screens]]
anchor = "goal"
art = "goal"
demos = ["S4-R24"]
heading = { en = "h", ja = "h", ru = "h" }
caption = { en = "c", ja = "c", ru = "c" }
text.en = ["a", "b"]
text.ja = ["a", "b"]
text.ru = ["a", "b"]
"""


def screens_file(tmp_path, screen: str, count: int = 4) -> Path:
    path = tmp_path / "game.toml"
    path.write_text("\n".join(screen.replace('"goal"', f'"s{"x" * n}"', 1) for n in range(count)), "utf-8")
    return path


def test_a_well_formed_file_loads(tmp_path):
    screens = howto.load_screens(screens_file(tmp_path, GOOD_SCREEN), get_ruleset("autobattle"))
    assert len(screens) == 4 and screens[0]["cards"] == [] and screens[0]["labels"] == {}


@pytest.mark.parametrize("change, complaint", [
    (('demos = ["S4-R24"]', 'demos = ["S4-R99"]'), "not in the autobattle rule catalogue"),
    (('demos = ["S4-R24"]', 'demos = ["G4-1"]'), "has no demo"),
    (('ru = "h"', 'de = "h"'), "heading: needs exactly"),
    (('text.ru = ["a", "b"]', 'text.ru = ["a"]'), "as many in each language"),
    (('text.ja = ["a", "b"]', 'text.ja = ["a", " "]'), "text.ja: must be a list of paragraphs"),
    (('art = "goal"', 'art = "goal"\ncolour = "red"'), "unknown field(s) ['colour']"),
    (('art = "goal"', 'art = "goal"\ncards = ["crag_ram", "no_such_card"]'), "cards: 'no_such_card' is not a starter card"),
])
def test_a_broken_file_is_refused_naming_the_screen_and_field(tmp_path, change, complaint):
    path = screens_file(tmp_path, GOOD_SCREEN.replace(*change))
    with pytest.raises(howto.HowtoError, match=re.escape(complaint)) as error:
        howto.load_screens(path, get_ruleset("autobattle"))
    assert str(error.value).startswith("game.toml: screen 1")


def test_too_few_screens_and_id_like_anchors_are_refused(tmp_path):
    autobattle = get_ruleset("autobattle")
    with pytest.raises(howto.HowtoError, match="4 to 6 screens"):
        howto.load_screens(screens_file(tmp_path, GOOD_SCREEN, count=3), autobattle)
    with pytest.raises(howto.HowtoError, match="lowercase words joined by hyphens"):
        howto.load_screens(screens_file(tmp_path, GOOD_SCREEN.replace('anchor = "goal"', 'anchor = "the_goal"')), autobattle)
    glossary = tmp_path / "glossary.toml"
    glossary.write_text('[words.act_points]\nterm = { en = "a", ja = "a", ru = "a" }\n'
                        'line = { en = "a", ja = "a", ru = "a" }\n', "utf-8")
    with pytest.raises(howto.HowtoError, match="words.act_points"):
        howto.load_glossary(glossary)


def test_a_glossary_word_missing_a_language_is_refused(tmp_path):
    glossary = tmp_path / "glossary.toml"
    glossary.write_text('[words.soulwell]\nterm = { en = "a", ja = "a", ru = "a" }\n'
                        'line = { en = "a", ja = "", ru = "a" }\n', "utf-8")
    with pytest.raises(howto.HowtoError, match=r"words\.soulwell: line\.ja: empty"):
        howto.load_glossary(glossary)


# --- siege's page, rendered through the build whether or not its play page is built yet ----------

@pytest.fixture(scope="module")
def siege_howto(tmp_path_factory):
    """siege/howto.html in every language, by build_site.render_pages with its page list narrowed to
    that one page: the real templates, context (build_site.howto_context) and checks. Until the siege
    play page brings its title's words, the heading borrows the home page's line for siege."""
    entry = ui_pages.get("siege")
    if entry.title_key not in messages()["page"]:
        entry = dataclasses.replace(entry, title_key="ruleset_siege")
    out = tmp_path_factory.mktemp("siege-howto")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(build_site, "PAGES", {"siege/howto.html": ("howto.html", entry)})
        build_site.render_pages(out)
    return out, entry


def test_the_siege_how_to_page_renders_its_screens_cards_demos_and_glossary(siege_howto):
    out, entry = siege_howto
    screens = howto.load_screens(ROOT / entry.howto_words, get_ruleset("siege"))
    cards = builtin_content()
    for lang in LANGUAGES:
        page = read(out, lang, "siege/howto.html")
        assert f'<html lang="{lang}">' in page
        title = build_site.message("page", "howto_title", lang, game=build_site.message("page", entry.title_key, lang))
        assert f"<h1>{html_module.escape(title)}</h1>" in page
        sections = page.split('class="screen"')[1:]
        assert len(sections) == len(screens) and 5 <= len(screens) <= 6
        assert_every_screen_has_a_picture(page, lang)
        for screen, section in zip(screens, sections):
            figure = section.split("</figure>")[0]
            assert screen["heading"][lang] in html_module.unescape(section.split("</h2>")[0])
            # the cards a screen names are drawn, each with its name and title in this language
            assert sorted(re.findall(r'data-card="([a-z0-9_]+)"', figure)) == sorted(screen["cards"])
            for card in screen["cards"]:
                assert cards.card_name(card, lang) in html_module.unescape(figure), (lang, card)
        # the battlefield: five rows of three squares, and both sides' Command and Standby Zones
        field = sections[[s["art"] for s in screens].index("field")]
        assert field.count('class="sg-square ') == 15
        labels = screens[[s["art"] for s in screens].index("field")]["labels"]
        for zone in ("command", "standby"):
            assert field.count(f">{html_module.escape(labels[zone][lang])}</span>") == 2
        rules = check_demo_links(page, entry, lang, None)
        assert rules == [rule for screen in screens for rule in screen["demos"]]
        check_glossary(page, "siege", lang)
        text = " ".join(parse(page).text)
        assert not ID_LIKE.findall(text), (lang, ID_LIKE.findall(text)[:5])
