"""Where a hex of the initiative map is drawn: pointy-top hexes in SVG units, from axial (q, r).

The engine's maps (engine/rulesets/initiative/content/*.toml) are written as "odd-r" rows: odd rows sit
half a hex to the right. Drawing axial (q, r) at x = √3·SIZE·(q + r/2), y = 1.5·SIZE·r puts every
space where its character stands in the grid text, so the picture on screen is the map file's picture.

Pure Python, no browser: the build draws the maps with it (ui/games/initiative/context.py) and the
browser's map (ui/games/initiative/map.py) finds a hex's neighbour on screen with it (arrow keys).
Numbers in SVG text are rounded to tenths (`num`), which keeps the pre-rendered pages small.
"""

import math

SIZE = 10                                   # a hex's radius (centre to corner), in SVG units
WIDTH = math.sqrt(3) * SIZE                 # corner-free side to side: the distance between neighbours
ROW = 1.5 * SIZE                            # one row down
MARGIN = SIZE / 2                           # around the map, in viewbox()
# The six corners, clockwise on screen from the top: top, upper right, lower right, bottom, lower left, upper left.
CORNERS = tuple((SIZE * math.cos(math.radians(a)), SIZE * math.sin(math.radians(a)))
                for a in (-90, -30, 30, 90, 150, 210))
# The engine's six directions (hexes.DIRECTIONS: E, NE, NW, W, SW, SE) and the corners of the edge each
# crosses, in clockwise order: edge k runs from corner (1 - k) % 6 to the next.
DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
EDGES = tuple(((1 - k) % 6, (2 - k) % 6) for k in range(6))


def num(value: float) -> str:
    """A coordinate for SVG text: tenths at most, no trailing zeros, no "-0"."""
    tenths = round(value * 10)
    if tenths == 0:
        return "0"
    whole, part = divmod(abs(tenths), 10)
    return ("-" if tenths < 0 else "") + (f"{whole}.{part}" if part else str(whole))


def centre(q: int, r: int) -> tuple[float, float]:
    """The centre of hex (q, r) in SVG units; (0, 0) is the centre of axial (0, 0)."""
    return (WIDTH * (q + r / 2), ROW * r)


def corners(q: int, r: int) -> list[tuple[float, float]]:
    """The six corners of hex (q, r), clockwise from the top."""
    x, y = centre(q, r)
    return [(x + dx, y + dy) for dx, dy in CORNERS]


def points(q: int, r: int) -> str:
    """The hex as an SVG polygon's `points`: "x,y x,y …", clockwise from the top."""
    return " ".join(f"{num(x)},{num(y)}" for x, y in corners(q, r))


def viewbox(spaces) -> tuple[float, float, float, float]:
    """(x, y, width, height) holding every corner of every space, with MARGIN all round."""
    xs, ys = zip(*(corner for space in spaces for corner in corners(*space)))
    left, top = min(xs) - MARGIN, min(ys) - MARGIN
    return (left, top, max(xs) + MARGIN - left, max(ys) + MARGIN - top)


def offset(q: int, r: int) -> tuple[int, int]:
    """(column, row) of the space in the map file's odd-r grid text (engine hexes.to_offset), from 0."""
    return (q + (r - (r & 1)) // 2, r)


def space_label(q: int, r: int) -> str:
    """A space's short name for people: its column and row in the map file, counted from 1 ("7·5")."""
    col, row = offset(q, r)
    return f"{col + 1}·{row + 1}"


def outline(zone) -> str:
    """An SVG path `d` tracing the edge of a set of hexes (a zone): one closed loop per boundary.

    Each hex's edges facing a hex outside the set are joined corner to corner; at a corner at most three
    hexes meet, so each boundary corner starts exactly one boundary edge and the loops are unambiguous.
    Corners are rounded to tenths first and each step is written relative ("l dx dy"), so rounding never drifts.
    """
    zone = set(zone)
    step = {}
    for q, r in zone:
        ring = [(round(x * 10), round(y * 10)) for x, y in corners(q, r)]
        for k, (dq, dr) in enumerate(DIRECTIONS):
            if (q + dq, r + dr) not in zone:
                a, b = EDGES[k]
                step[ring[a]] = ring[b]
    loops = []
    while step:
        start = min(step)
        here, moves = start, []
        while True:
            there = step.pop(here)
            moves.append(f"{num((there[0] - here[0]) / 10)} {num((there[1] - here[1]) / 10)}")
            here = there
            if here == start:
                break
        path = " ".join(moves[:-1]).replace(" -", "-")
        loops.append(f"M{num(start[0] / 10)} {num(start[1] / 10)}l{path}z".replace(" -", "-"))
    return "".join(loops)


def toward(spaces, here, dx: float, dy: float):
    """The space an arrow key reaches from `here` going (dx, dy) on screen, or None.

    The nearest space whose direction from `here` lies within 56° of (dx, dy) (so never a neighbour 60° off), nearer the straight line
    preferred; on a tie (Up and Down have two neighbours, 30° either side) the one in the same grid
    column, so holding Up walks a column of the map file straight up.
    """
    x0, y0 = centre(*here)
    length = math.hypot(dx, dy)
    col = offset(*here)[0]
    best, best_key = None, None
    for space in spaces:
        if tuple(space) == tuple(here):
            continue
        x, y = centre(*space)
        vx, vy = x - x0, y - y0
        distance = math.hypot(vx, vy)
        cos = (vx * dx + vy * dy) / (distance * length)
        if cos < 0.55:
            continue
        key = (round(distance * (2 - cos), 6), offset(*space)[0] != col, tuple(space))
        if best_key is None or key < best_key:
            best, best_key = tuple(space), key
    return best
