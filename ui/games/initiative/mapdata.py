"""What the initiative map draws, from a map's data: every space's place and print, every zone's outline
and where its name stands.

Pure Python, no browser: the build pre-renders each starter map from it (ui/games/initiative/context.py,
games/initiative/map.html) and the page draws a map it has no drawing for (a user's map carried in a
game's setup) from the same entries (ui/games/initiative/map.py), so both look alike. The input is the map as
its views carry it (engine board.Board.to_data(): zones with their spaces as [q, r], terrain, spawn
points), so the same function serves the build (a Board's `data`) and the page (`view["board"]`).
"""

from ui.games.initiative import hexgeom

# Zone tints by kind and team: a short class on each hex (site.css "initiative map").
TINT = {"throne": "t", "pre_throne": "p", "middle": "m", "jungle": "j"}
LABEL_SIZE = 6.5                 # a zone name's type size, SVG units (site.css .imap .zn matches it)
GENERIC_KEY = "img"              # the <defs> prefix of the frame a map without a drawing is drawn into (hexmap_generic)


def _space(value) -> tuple[int, int]:
    """A space as the view carries it ([q, r]) made a hashable (q, r)."""
    return (int(value[0]), int(value[1]))


def map_entry(board: dict, key: str) -> dict:
    """One map's drawing: id, `key` (the prefix of its <defs> ids), names, the SVG viewBox, zones (kind,
    team, names, outline, label place and lines per language) and every space (axial q, r; polygon
    points; centre; zone; what is printed on it), spaces in reading order (row by row)."""
    zones = {zone_id: {**zone, "spaces": frozenset(map(_space, zone["spaces"]))}
             for zone_id, zone in board["zones"].items()}
    terrain = frozenset(map(_space, board["terrain"]))
    spawns = spawn_points(board)
    zone_of = {space: zone_id for zone_id, zone in zones.items() for space in zone["spaces"]}
    spaces = []
    for q, r in sorted(zone_of, key=lambda h: (h[1], h[0])):               # reading order: row by row
        zone = zones[zone_of[(q, r)]]
        x, y = hexgeom.centre(q, r)
        spawn = spawns.get((q, r))
        spaces.append({"q": q, "r": r, "x": hexgeom.num(x), "y": hexgeom.num(y), "points": hexgeom.points(q, r),
                       "zone": zone_of[(q, r)], "tint": tint(zone), "label": hexgeom.space_label(q, r),
                       "terrain": (q, r) in terrain,
                       "spawn": {"kind": spawn[0], "team": spawn[1]} if spawn else None,
                       "throne": zone["team"] if zone["kind"] == "throne" else None})
    left, top, width, height = hexgeom.viewbox(zone_of)
    return {"id": board["id"], "key": key, "name": dict(board["name"]),
            "viewbox": " ".join(hexgeom.num(v) for v in (left, top, width, height)),
            "width": round(width), "height": round(height),
            "zones": [{"id": z, "kind": zones[z]["kind"], "team": zones[z]["team"], "name": dict(zones[z]["name"]),
                       "tint": tint(zones[z]), "outline": hexgeom.outline(zones[z]["spaces"]),
                       "label": label(zones[z], terrain, spawns)} for z in zone_order(board)],
            "spaces": spaces}


def spawn_points(board: dict) -> dict:
    """(q, r) -> (kind, team): "hero" or a minion type, on every spawn point of the map."""
    spawns = {_space(h): ("hero", team) for team, hs in board["hero_spawns"].items() for h in hs}
    spawns.update({_space(h): (entry["type"], entry["team"]) for entry in board["minion_spawns"]
                   for h in entry["spaces"]})
    return spawns


def zone_order(board: dict) -> list:
    """The lanes' zones from the red Throne to the blue one, then the rest (jungles) by id."""
    order = [z for lane in board["lanes"] for z in lane]
    order = list(dict.fromkeys(order))
    return order + sorted(z for z in board["zones"] if z not in order)


def tint(zone: dict) -> str:
    """"tr" (red Throne), "pb" (blue pre-Throne), "m" (the middle), "jr" (a red jungle), …"""
    return TINT[zone["kind"]] + (zone["team"][0] if zone["team"] else "")


def label(zone: dict, terrain, spawns) -> dict:
    """Where a zone's name stands: on the seam between two neighbouring rows of the zone, centred on
    them, choosing the seam with the fewest spawn points and terrain under the name (units stand on
    spawn points), then the one nearest the zone's middle. Broken into two lines in a language where it
    is wider than the zone there. A Throne's crown stands above the name."""
    spaces = zone["spaces"]
    open_spaces = [h for h in spaces if h not in terrain] or list(spaces)
    mid_y = sum(hexgeom.centre(*h)[1] for h in open_spaces) / len(open_spaces)
    rows = sorted({r for _, r in spaces})
    seams = [r for r in rows if r + 1 in rows]
    widest = max(text_width(text) for text in zone["name"].values())

    def place(row):
        band = [h for h in spaces if h[1] in (row, row + 1)]
        xs = [hexgeom.centre(*h)[0] for h in band]
        x = (min(xs) + max(xs)) / 2
        y = hexgeom.centre(0, row)[1] + (hexgeom.ROW / 2 if row in seams else 0)
        under = [h for h in band if abs(hexgeom.centre(*h)[0] - x) < widest / 2 + hexgeom.WIDTH / 3]
        crowded = sum(2 if h in spawns else 1 if h in terrain else 0 for h in under)
        return (crowded, round(abs(y - mid_y), 3), row), x, y

    (_, _, row), x, y = min((place(r) for r in (seams or rows)), key=lambda found: found[0])
    room = min(sum(1 for h in spaces if h[1] == r) for r in {row, row + 1} & set(rows)) * hexgeom.WIDTH
    lines = {lang: split_name(text, room) for lang, text in zone["name"].items()}
    return {"x": hexgeom.num(x), "y": hexgeom.num(y), "lines": lines,
            "crown_y": hexgeom.num(y - LABEL_SIZE * (0.8 + 0.6 * max(len(v) for v in lines.values())))}


def text_width(text: str) -> float:
    """A rough width in SVG units at LABEL_SIZE: CJK characters are square, others about 0.58 of the size."""
    return sum(1.0 if ord(c) > 0x2e80 else 0.58 for c in text) * LABEL_SIZE


def split_name(text: str, room: float) -> list:
    """The name on one line, or on two (split at the space nearest its middle) when it is wider than `room`."""
    words = text.split(" ")
    if text_width(text) <= room or len(words) < 2:
        return [text]
    cut = min(range(1, len(words)), key=lambda i: abs(len(" ".join(words[:i])) - len(" ".join(words[i:]))))
    return [" ".join(words[:cut]), " ".join(words[cut:])]
