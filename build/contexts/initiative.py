"""Build-time context for the initiative pages (play page, hero gallery): the maps drawn as SVG, the
heroes and their cards.

Loaded by build/build_site.py for the page whose ui/pages.py entry names `context="initiative"`.
"""

from engine.rulesets.initiative.board import MAPS, builtin_board
from ui import hexgeom


def maps_context(ruleset) -> dict:
    """The maps (both lanes' layouts), with each space's place on the drawn board (ui/hexgeom.py).

    `initiative_maps`: one entry per built-in map (board.MAPS, read as the engine reads them), in that
    order — id, names, the SVG viewBox, zones (kind, team, names, outline, label place and lines per
    language) and every space (axial q, r; polygon points; centre; zone; what is printed on it).
    """
    return {"initiative_maps": [_map_entry(index, builtin_board(map_id)) for index, map_id in enumerate(MAPS)]}


# Zone tints by kind and team: a short class on each hex (site.css "initiative map").
_TINT = {"throne": "t", "pre_throne": "p", "middle": "m", "jungle": "j"}
LABEL_SIZE = 6.5                 # a zone name's type size, SVG units (site.css .imap .zn matches it)


def _map_entry(index: int, board) -> dict:
    spawns = {h: ("hero", team) for team, hs in board.hero_spawns.items() for h in hs}
    spawns.update({h: (kind, team) for (_, team, kind), hs in board.minion_spawns.items() for h in hs})
    zones = [board.zones[z] for z in _zone_order(board)]
    spaces = []
    for q, r in sorted(board.spaces, key=lambda h: (h[1], h[0])):       # reading order: row by row
        zone = board.zones[board.zone_of[(q, r)]]
        x, y = hexgeom.centre(q, r)
        spawn = spawns.get((q, r))
        spaces.append({"q": q, "r": r, "x": hexgeom.num(x), "y": hexgeom.num(y), "points": hexgeom.points(q, r),
                       "zone": zone.id, "tint": _tint(zone), "label": hexgeom.space_label(q, r),
                       "terrain": (q, r) in board.terrain,
                       "spawn": {"kind": spawn[0], "team": spawn[1]} if spawn else None,
                       "throne": zone.team if zone.kind == "throne" else None})
    left, top, width, height = hexgeom.viewbox(board.spaces)
    return {"id": board.id, "key": f"im{index}", "name": dict(board.name),
            "viewbox": " ".join(hexgeom.num(v) for v in (left, top, width, height)),
            "width": round(width), "height": round(height),
            "zones": [{"id": z.id, "kind": z.kind, "team": z.team, "name": dict(z.name), "tint": _tint(z),
                       "outline": hexgeom.outline(z.spaces), "label": _label(z, board, spawns)} for z in zones],
            "spaces": spaces}


def _zone_order(board) -> list:
    """The lanes' zones from the red Throne to the blue one, then the rest (jungles) by id."""
    order = [z for lane in board.lanes for z in lane]
    order = list(dict.fromkeys(order))
    return order + sorted(z for z in board.zones if z not in order)


def _tint(zone) -> str:
    """"tr" (red Throne), "pb" (blue pre-Throne), "m" (the middle), "jr" (a red jungle), …"""
    return _TINT[zone.kind] + (zone.team[0] if zone.team else "")


def _label(zone, board, spawns) -> dict:
    """Where a zone's name stands: on the seam between two neighbouring rows of the zone, centred on
    them, choosing the seam with the fewest spawn points and terrain under the name (units stand on
    spawn points), then the one nearest the zone's middle. Broken into two lines in a language where it
    is wider than the zone there. A Throne's crown stands above the name."""
    open_spaces = [h for h in zone.spaces if h not in board.terrain] or list(zone.spaces)
    mid_y = sum(hexgeom.centre(*h)[1] for h in open_spaces) / len(open_spaces)
    rows = sorted({r for _, r in zone.spaces})
    seams = [r for r in rows if r + 1 in rows]
    widest = max(_text_width(text) for text in zone.name.values())

    def place(row):
        band = [h for h in zone.spaces if h[1] in (row, row + 1)]
        xs = [hexgeom.centre(*h)[0] for h in band]
        x = (min(xs) + max(xs)) / 2
        y = hexgeom.centre(0, row)[1] + (hexgeom.ROW / 2 if row in seams else 0)
        under = [h for h in band if abs(hexgeom.centre(*h)[0] - x) < widest / 2 + hexgeom.WIDTH / 3]
        crowded = sum(2 if h in spawns else 1 if h in board.terrain else 0 for h in under)
        return (crowded, round(abs(y - mid_y), 3), row), x, y

    (_, _, row), x, y = min((place(r) for r in (seams or rows)), key=lambda found: found[0])
    room = min(sum(1 for h in zone.spaces if h[1] == r) for r in {row, row + 1} & set(rows)) * hexgeom.WIDTH
    lines = {lang: _lines(text, room) for lang, text in zone.name.items()}
    return {"x": hexgeom.num(x), "y": hexgeom.num(y), "lines": lines,
            "crown_y": hexgeom.num(y - LABEL_SIZE * (0.8 + 0.6 * max(len(v) for v in lines.values())))}


def _text_width(text: str) -> float:
    """A rough width in SVG units at LABEL_SIZE: CJK characters are square, others about 0.58 of the size."""
    return sum(1.0 if ord(c) > 0x2e80 else 0.58 for c in text) * LABEL_SIZE


def _lines(text: str, room: float) -> list:
    """The name on one line, or on two (split at the space nearest its middle) when it is wider than `room`."""
    words = text.split(" ")
    if _text_width(text) <= room or len(words) < 2:
        return [text]
    cut = min(range(1, len(words)), key=lambda i: abs(len(" ".join(words[:i])) - len(" ".join(words[i:]))))
    return [" ".join(words[:cut]), " ".join(words[cut:])]


def cards_context(ruleset) -> dict:
    """The heroes and every printed card, by hero and tier, for the gallery and the play page's cards.

    - `initiative_cards`: card id -> the printed card as the ruleset's views carry it (heroes.py
      `Heroes.printed`: name and text in en/ja/ru, colour, tier, initiative, primary, value, range,
      radius, block, secondaries, item, effect steps);
    - `initiative_heroes`: hero id -> {id, name, style, about (a line per language, or None), cards:
      tier (0 basics, 1-3, 4 ultimate) -> card ids in colour order}, in the file's hero order;
    - `initiative_card_order`: every card id, hero by hero, tier by tier, colour by colour (the gallery's
      order, and the play page's templates');
    - `initiative_tiers`: the tiers in the gallery's order.
    The built-in heroes only: the site shows what it ships (a hero file read at run time is the engine's).
    """
    from engine.rulesets.initiative.heroes import builtin_heroes    # here, so the maps half's imports stay apart

    heroes = builtin_heroes()
    cards = heroes.printed
    by_hero = {hid: _by_tier(hero.cards, cards) for hid, hero in heroes.heroes.items()}
    return {"initiative_cards": cards,
            "initiative_heroes": {hid: {"id": hid, "name": dict(hero.name), "style": hero.style,
                                        "about": _about(hid), "cards": by_hero[hid]}
                                  for hid, hero in heroes.heroes.items()},
            "initiative_card_order": [cid for tiers in by_hero.values() for ids in tiers.values() for cid in ids],
            "initiative_tiers": TIERS}


TIERS = (0, 1, 2, 3, 4)         # basics (gold, silver), tiers I-III (red, green, blue), the ultimate
COLOURS = ("gold", "silver", "red", "green", "blue", "purple")


def _by_tier(card_ids, cards: dict) -> dict:
    """tier -> the hero's card ids of it, by colour, then in the file's order (the a/b pairs of a tier)."""
    ordered = sorted(card_ids, key=lambda cid: COLOURS.index(cards[cid]["colour"]))     # stable: file order kept
    return {tier: [cid for cid in ordered if cards[cid]["tier"] == tier] for tier in TIERS}


def _about(hero_id: str) -> dict | None:
    """The gallery's line on a hero (ui/messages.toml `igallery_about_ID`), in every language; None when
    the catalogue has none."""
    from engine.core.carddata import LANGUAGES
    from ui.words import message, messages

    key = f"igallery_about_{hero_id}"
    if key not in messages()["page"]:
        return None
    return {lang: message("page", key, lang) for lang in LANGUAGES}


def context(ruleset) -> dict:
    """What the initiative templates (games/initiative.html, initiative_cards.html, _icard.html) read."""
    return {**maps_context(ruleset), **cards_context(ruleset)}
