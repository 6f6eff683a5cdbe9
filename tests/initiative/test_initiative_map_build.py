"""The initiative maps as the build pre-renders them (games/initiative/map.html with ui/games/initiative/context.py),
in every language: every space once, with its place, zone, terrain and spawn point as the engine reads the
map file; a named label for every zone; the units' templates; only same-page links; and few bytes per space
(both maps go into every language's index.html).

Rendered through build_site's own Jinja2 settings and context loader (no wheel, runtime or other pages).
"""

import functools
import re
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

from engine.core import get_ruleset
from engine.core.carddata import LANGUAGES
from engine.rulesets.initiative.board import MAPS, builtin_board
from ui.games.initiative import hexgeom

jinja2 = pytest.importorskip("jinja2")       # the build's templates; Pyodide's test run has no Jinja2

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "build"))
import build_site  # noqa: E402
from ui import pages as ui_pages  # noqa: E402
from ui.words import message  # noqa: E402

PAGE = ('{% from "games/initiative/map.html" import hexmap, hexmap_templates with context %}'
        '{% for m in initiative_maps %}{{ hexmap(m) }}{% endfor %}{{ hexmap_templates() }}')
BYTES_PER_SPACE = 150           # measured: 140 (Saltmarsh Crossing), 138 (Twin Fords)
UNIT_TEMPLATES = ("imap-hero-red", "imap-hero-blue", "imap-pip", "imap-minion-melee", "imap-minion-ranged",
                  "imap-minion-heavy", "imap-token")


@pytest.fixture(scope="module")
def context():
    entry = ui_pages.get("initiative")
    return build_site.ruleset_context(entry, get_ruleset("initiative"))


def render(context: dict, lang: str, source: str = PAGE, **values) -> str:
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(build_site.TEMPLATES), autoescape=True,
                             undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True)
    return env.from_string(source).render(**context, **values, lang=lang, t=functools.partial(build_site._t, lang))


class Svg(HTMLParser):
    """Elements as (tag, attributes, the open elements around it), and each <text>'s words."""

    def __init__(self):
        super().__init__()
        self.elements, self.stack, self.texts = [], [], []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self.elements.append((tag, attrs, list(self.stack)))
        if tag not in ("use", "path", "polygon", "rect", "circle", "input"):
            self.stack.append((tag, attrs))
        if tag == "text":
            self.texts.append([attrs, "", list(self.stack)])

    def handle_startendtag(self, tag, attrs):
        self.elements.append((tag, dict(attrs), list(self.stack)))

    def handle_endtag(self, tag):
        while self.stack:
            if self.stack.pop()[0] == tag:
                break

    def handle_data(self, data):
        if any(t == "text" for t, _ in self.stack):
            self.texts[-1][1] += data


def parse(text: str) -> Svg:
    parser = Svg()
    parser.feed(text)
    return parser


def inside(parents, map_id: str) -> bool:
    return any(tag == "svg" and attrs.get("id") == f"imap-{map_id}" for tag, attrs in parents)


def hex_of(parents):
    return next((attrs for tag, attrs in reversed(parents) if tag == "g" and "hex" in attrs.get("class", "").split()), None)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_space_of_every_map_is_drawn_once_with_its_place_and_zone(context, lang):
    svg = parse(render(context, lang))
    for map_id in MAPS:
        board = builtin_board(map_id)
        found = [(int(a["data-q"]), int(a["data-r"]), a["data-zone"]) for tag, a, parents in svg.elements
                 if tag == "g" and "hex" in a.get("class", "").split() and inside(parents, map_id)]
        assert len(found) == len(board.spaces)
        assert {(q, r): zone for q, r, zone in found} == {space: board.zone_of[space] for space in board.spaces}
        hexagons = {(int(hex_of(p)["data-q"]), int(hex_of(p)["data-r"])): (float(a["x"]), float(a["y"]))
                    for tag, a, p in svg.elements if tag == "use" and inside(p, map_id) and hex_of(p)
                    and a["href"].endswith("h") and "class" not in a}
        assert set(hexagons) == set(board.spaces)
        for space, (x, y) in hexagons.items():
            assert (x, y) == (float(hexgeom.num(hexgeom.centre(*space)[0])), float(hexgeom.num(hexgeom.centre(*space)[1])))


@pytest.mark.parametrize("map_id", sorted(MAPS))
def test_terrain_and_spawn_marks_are_the_map_files(context, map_id):
    board = builtin_board(map_id)
    key = next(m["key"] for m in context["initiative_maps"] if m["id"] == map_id)
    svg = parse(render(context, "en"))
    terrain_class, terrain_mark, spawns = set(), set(), {}
    for tag, attrs, parents in svg.elements:
        if not inside(parents, map_id):
            continue
        if tag == "g" and "hex" in attrs.get("class", "").split() and "x" in attrs["class"].split():
            terrain_class.add((int(attrs["data-q"]), int(attrs["data-r"])))
        if tag == "use" and hex_of(parents):
            space = (int(hex_of(parents)["data-q"]), int(hex_of(parents)["data-r"]))
            if attrs["href"] == f"#{key}x":
                terrain_mark.add(space)
            elif "sp" in attrs.get("class", "").split():
                kind = attrs["href"].removeprefix(f"#{key}s")
                team = {"r": "red", "b": "blue"}[attrs["class"].split()[1]]
                assert space not in spawns
                spawns[space] = ("hero" if kind == "h" else kind, team)
    assert terrain_class == terrain_mark == set(board.terrain)
    expected = {h: ("hero", team) for team, hs in board.hero_spawns.items() for h in hs}
    expected.update({h: (kind, team) for (_, team, kind), hs in board.minion_spawns.items() for h in hs})
    assert spawns == expected
    assert sum(1 for kind, _ in spawns.values() if kind == "hero") == 6


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_zone_has_its_name_its_outline_and_thrones_a_crown(context, lang):
    svg = parse(render(context, lang))
    for map_id in MAPS:
        board = builtin_board(map_id)
        labels = [(attrs["data-zone"], re.sub(r"\s+", " ", words).strip()) for attrs, words, parents in svg.texts
                  if "zn" in attrs.get("class", "").split() and inside(parents, map_id)]
        assert len(labels) == len(board.zones)
        labels = dict(labels)
        assert labels == {z.id: z.name[lang] for z in board.zones.values()}
        outlines = [a["data-zone"] for tag, a, p in svg.elements if tag == "path" and "zo" in a.get("class", "").split()
                    and inside(p, map_id)]
        assert sorted(outlines) == sorted(board.zones)
        crowns = [a["class"] for tag, a, p in svg.elements if tag == "use" and "cr" in a.get("class", "").split()
                  and inside(p, map_id)]
        assert sorted(crowns) == ["cr b", "cr r"]
        frame = next(a for tag, a, p in svg.elements if tag == "svg" and a.get("id") == f"imap-{map_id}")
        assert frame["role"] == "group"
        assert frame["aria-label"] == message("page", "imap_map", lang, name=board.name[lang])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_map_has_an_empty_units_layer_zoom_buttons_in_words_and_the_unit_templates(context, lang):
    text = render(context, lang)
    svg = parse(text)
    for map_id in MAPS:
        assert '<g class="units"></g>' in text.split(f'id="imap-{map_id}"')[1].split("</svg>")[0]
    buttons = [a for tag, a, _ in svg.elements if tag == "button"]
    assert [b["aria-label"] for b in buttons] == [message("page", key, lang) for key in ("imap_zoom_out", "imap_zoom_in")] * len(MAPS)
    for template in UNIT_TEMPLATES:
        opening = re.search(rf'<template id="{template}"><svg><(g|circle) class="([^"]*)"', text)
        assert opening, template
    ids = re.findall(r'\bid="([^"]+)"', text)
    assert len(ids) == len(set(ids))


def test_only_same_page_links_and_no_other_origin(context):
    for lang in LANGUAGES:
        text = render(context, lang)
        assert not re.search(r"https?:|//", text.replace("</", "")), lang
        hrefs = re.findall(r'href="([^"]*)"', text)
        assert hrefs and all(h.startswith("#") for h in hrefs)
        ids = set(re.findall(r'\bid="([^"]+)"', text))
        assert {h[1:] for h in hrefs} <= ids


def test_each_map_is_few_bytes_per_space(context):
    for lang in LANGUAGES:
        for m in context["initiative_maps"]:
            size = len(render(context, lang, '{% from "games/initiative/map.html" import hexmap with context %}{{ hexmap(m) }}',
                              m=m).encode("utf-8"))
            assert size <= BYTES_PER_SPACE * len(m["spaces"]), (lang, m["id"], size)


def test_the_context_lists_each_built_in_map_in_order_with_names_in_every_language(context):
    maps = context["initiative_maps"]
    assert [m["id"] for m in maps] == list(MAPS)
    assert len({m["key"] for m in maps}) == len(maps)
    for m in maps:
        board = builtin_board(m["id"])
        assert m["name"] == board.name and set(m["name"]) == set(LANGUAGES)
        assert [z["id"] for z in m["zones"]][:5] == list(board.lanes[0])
        assert {z["id"]: (z["kind"], z["team"], z["name"]) for z in m["zones"]} == {
            z.id: (z.kind, z.team, z.name) for z in board.zones.values()}
        for space in m["spaces"]:
            assert space["points"] == hexgeom.points(space["q"], space["r"])
            assert space["throne"] == (board.zones[space["zone"]].team if board.zones[space["zone"]].kind == "throne" else None)
        assert m["viewbox"] == " ".join(hexgeom.num(v) for v in hexgeom.viewbox(board.spaces))
