"""The how-to pages and the glossary as built: one per built game in every language, its demo links
the rules page's own, every glossary word in every language, linked from home and the play pages;
and the content checks (build/howto.py) refuse a broken file, naming it.

Pages are rendered with build_site.render_pages alone (no wheel, runtime or service worker): the whole
build, with its precache check over every file, is tests/test_build.py's and test_offline_build.py's.
"""

import html as html_module
import re
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

from engine.core import get_ruleset
from engine.core.carddata import LANGUAGES

pytest.importorskip("jinja2")       # the build's templates; Pyodide's test run has no Jinja2

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "build"))
import build_site  # noqa: E402
import howto  # noqa: E402
from ui import pages as ui_pages  # noqa: E402

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


# Built pages whose how-to page is still to come (issue 11: the siege play page came first).
HOWTO_PENDING = {"siege"}


def with_howto():
    """The built pages that have a how-to page."""
    return [entry for entry in ui_pages.built() if entry.howto]


def test_every_built_game_has_a_how_to_page_in_every_language(site):
    assert [entry.id for entry in ui_pages.built()] == ["autobattle", "tactics", "siege"]
    for entry in ui_pages.built():
        if entry.id in HOWTO_PENDING and not entry.howto:
            continue
        assert entry.howto, f"{entry.id} has no how-to page"
        for lang in LANGUAGES:
            page = read(site, lang, f"{entry.id}/howto.html")
            assert f'<html lang="{lang}">' in page
            title = build_site.message("page", "howto_title", lang, game=build_site.message("page", entry.title_key, lang))
            assert f"<h1>{html_module.escape(title)}</h1>" in page
            screens = re.findall(r'<section id="screen-[a-z-]+" class="screen"', page)
            assert 4 <= len(screens) <= 6, (entry.id, lang, len(screens))
            # every screen has a picture: real cards or characters, or a drawn diagram
            for section in page.split('class="screen"')[1:]:
                figure = section.split("</figure>")[0]
                assert re.search(r'class="(card|tchar) |<svg |class="art-(board|steps|area)"', figure), (entry.id, lang)


def test_every_demo_link_is_one_of_the_rules_page_links_to_an_existing_demo_and_rule(site):
    for entry in with_howto():
        ruleset = get_ruleset(entry.id)
        demos = ruleset.demos()
        for lang in LANGUAGES:
            howto_page = parse(read(site, lang, f"{entry.id}/howto.html"))
            rules_page = parse(read(site, lang, f"{entry.id}/rules.html"))
            rules_demo_links = {href for href, cls, _ in rules_page.links if cls == "demo"}
            demo_links = [(href, text) for href, cls, text in howto_page.links if cls == "demo"]
            rule_links = [href for href, cls, _ in howto_page.links if cls == "rule"]
            assert len(demo_links) >= 4 and len(demo_links) == len(rule_links), (entry.id, lang)
            for (href, text), rule_href in zip(demo_links, rule_links):
                assert href in rules_demo_links, (entry.id, lang, href)
                assert text.strip() == build_site.message("page", "demo", lang)
                rule = re.search(r"&rule=([^&]+)", href).group(1)
                assert rule in demos and rule in ruleset.catalogue, rule
                assert f"#/{entry.id}/replay?g=" in href and href.startswith("../index.html#/")
                # the rule link beside it names the same rule, and the rules page has that anchor
                assert rule_href == f"rules.html#{rule}" and rule in rules_page.ids


def test_every_glossary_word_is_on_its_games_page_in_every_language(site):
    words = howto.load_glossary()
    asked = {"autobattle": {"ungar", "leadership", "crystals", "reserve", "battle-line", "terrain", "fatigue"},
             "tactics": {"soulwell", "act-points", "speed", "engaged", "face-down", "element-loop", "king"}}
    for game, keys in asked.items():
        assert keys <= {word["key"] for word in words if game in word["games"]}, game
    for entry in with_howto():
        mine = [word for word in words if entry.id in word["games"]]
        for lang in LANGUAGES:
            page = read(site, lang, f"{entry.id}/howto.html")
            found = re.findall(r'<dt id="(glossary-[a-z-]+)">([^<]+)</dt><dd>([^<]+)</dd>', page)
            assert [anchor for anchor, _, _ in found] == [word["anchor"] for word in mine], (entry.id, lang)
            for (_, term, line), word in zip(found, mine):
                assert html_module.unescape(term) == word["term"][lang] and word["term"][lang].strip()
                assert html_module.unescape(line) == word["line"][lang] and word["line"][lang].strip()
            if lang != "en":    # translated, not English left in place
                assert all(word["line"][lang] != word["line"]["en"] for word in mine), (entry.id, lang)


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
            assert sum(href == f"./{entry.id}/howto.html" and text == words for href, _, text in home.links) == 3
            page = read(site, lang, "index.html")
            section = page.split(f'id="route-{entry.id}"')[1].split("</h1>")[1][:300]
            assert f'<p class="howto-link"><a href="./{entry.id}/howto.html">' in section
            # the header on another page (the rules page, one folder down)
            rules = parse(read(site, lang, f"{entry.id}/rules.html"))
            assert (f"../{entry.id}/howto.html", "", words) in rules.links


def test_the_how_to_words_stay_out_of_the_ui_archive(tmp_path):
    import zipfile
    build_site.pack_ui(tmp_path)
    names = zipfile.ZipFile(tmp_path / "ui.zip").namelist()
    assert "ui/pages.py" in names and "ui/messages.toml" in names
    assert not [name for name in names if name.startswith("ui/howto/") or name == "ui/glossary.toml"]


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
    glossary.write_text('[words.act_points]\ngames = ["tactics"]\nterm = { en = "a", ja = "a", ru = "a" }\n'
                        'line = { en = "a", ja = "a", ru = "a" }\n', "utf-8")
    with pytest.raises(howto.HowtoError, match="words.act_points"):
        howto.load_glossary(glossary)


def test_a_glossary_word_missing_a_language_is_refused(tmp_path):
    glossary = tmp_path / "glossary.toml"
    glossary.write_text('[words.soulwell]\ngames = ["tactics"]\nterm = { en = "a", ja = "a", ru = "a" }\n'
                        'line = { en = "a", ja = "", ru = "a" }\n', "utf-8")
    with pytest.raises(howto.HowtoError, match=r"words\.soulwell: line\.ja: empty"):
        howto.load_glossary(glossary)
