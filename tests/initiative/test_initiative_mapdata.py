"""ui/games/initiative/mapdata.map_entry: the one function that says what an initiative map draws, used by the build
(pre-rendered starter maps) and by the page (a user's map carried in a setup, drawn at run time).

The starter maps' entries are exactly the ones the build made before the function moved out of
ui/games/initiative/context.py (their JSON's SHA-256, measured on the old code), so the pre-rendered SVGs
are unchanged; a user's map is described from its view data alone, its names kept as given (the page sets
them as text)."""

import hashlib
import json
import tomllib
from pathlib import Path

from engine.rulesets.initiative.board import BUILTIN_MAP, MAPS, board_from_text, builtin_board
from ui.games.initiative import hexgeom
from ui.games.initiative.mapdata import map_entry, zone_order

ROOT = Path(__file__).resolve().parents[2]
# sha256 of json.dumps([entries of saltmarsh (im0), twinford (im1)], sort_keys=True, ensure_ascii=False)
# as ui/games/initiative/context.py `_map_entry` made them before this module existed.
BUILT_ENTRIES_SHA256 = "98a25a7914e1cfa096f5f099defab478c2942b0587800f60a8a8810c7ecab071"
MARKUP = '<img src=x onerror="window.__pwned=1">'


def starter_entries() -> list:
    return [map_entry(builtin_board(map_id).data, f"im{index}") for index, map_id in enumerate(MAPS)]


def test_the_starter_maps_entries_are_the_ones_the_build_made_before():
    text = json.dumps(starter_entries(), sort_keys=True, ensure_ascii=False)
    assert hashlib.sha256(text.encode()).hexdigest() == BUILT_ENTRIES_SHA256


def test_the_build_draws_the_starter_maps_from_the_shared_function():
    from ui.games.initiative.context import maps_context

    context = maps_context(None)
    assert context["initiative_maps"] == starter_entries()
    assert context["initiative_generic_map"] not in {entry["key"] for entry in starter_entries()}


def user_map_text() -> str:
    """The starter map under another id, its zones named with markup."""
    text = BUILTIN_MAP.read_text(encoding="utf-8").replace('id = "saltmarsh"', 'id = "fenmoor"')
    data = tomllib.loads(text)
    for zone_id in data["zones"]:
        text = text.replace(f'name = {{ en = "{_en(data, zone_id)}"', f"name = {{ en = '{MARKUP} {zone_id}'", 1)
    return text


def _en(data: dict, zone_id: str) -> str:
    return data["zones"][zone_id]["name"]["en"]


def test_a_user_map_is_described_from_its_view_data_with_its_names_as_given():
    board = board_from_text(user_map_text())
    entry = map_entry(json.loads(json.dumps(board.data)), "img")       # as a view carries it: JSON lists
    assert entry["id"] == "fenmoor" and entry["key"] == "img"
    assert len(entry["spaces"]) == len(board.spaces)
    assert [(s["q"], s["r"]) for s in entry["spaces"]] == sorted(board.spaces, key=lambda h: (h[1], h[0]))
    for space in entry["spaces"]:
        assert space["zone"] == board.zone_of[(space["q"], space["r"])]
        assert space["points"] == hexgeom.points(space["q"], space["r"])
        assert space["terrain"] == ((space["q"], space["r"]) in board.terrain)
    assert [z["id"] for z in entry["zones"]] == zone_order(board.data) and len(entry["zones"]) == len(board.zones)
    for zone in entry["zones"]:
        assert zone["name"]["en"] == f"{MARKUP} {zone['id']}"                       # kept as text, never escaped here
        assert " ".join(zone["label"]["lines"]["en"]) == zone["name"]["en"]
    assert entry["viewbox"] == " ".join(hexgeom.num(v) for v in hexgeom.viewbox(board.spaces))
