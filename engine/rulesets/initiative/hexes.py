"""Axial hex coordinates (q, r): neighbours, distance, straight lines, radius, shortest paths, zones.

The keyword list (spec §6) defines the geometry: adjacent = sharing an edge; a straight line is a
file of hexes (one space counts as a line); closer, farther and nearest count spaces along the
shortest path over the board, *through* obstacles; movement goes *around* them. A hex is a tuple
(q, r); the third cube coordinate is s = -q - r. Pure functions, no game state.
"""

from collections import deque

# The six directions, counter-clockwise from "east". A push or a straight line follows one of them.
DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def add(hex_, direction, steps: int = 1) -> tuple[int, int]:
    """The hex `steps` spaces from `hex_` along `direction`."""
    return (hex_[0] + direction[0] * steps, hex_[1] + direction[1] * steps)


def neighbours(hex_) -> list[tuple[int, int]]:
    """The six hexes sharing an edge with `hex_` ("adjacent"), in DIRECTIONS order."""
    q, r = hex_
    return [(q + dq, r + dr) for dq, dr in DIRECTIONS]


def adjacent(a, b) -> bool:
    """True when a and b share an edge."""
    return distance(a, b) == 1


def distance(a, b) -> int:
    """Spaces between a and b on an open plane (cube distance)."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def within(centre, radius: int) -> list[tuple[int, int]]:
    """Every hex at distance 0…radius of `centre` (a Radius on the open plane), sorted."""
    q0, r0 = centre
    return sorted((q0 + dq, r0 + dr) for dq in range(-radius, radius + 1)
                  for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1))


def direction_to(a, b) -> tuple[int, int] | None:
    """The direction from a towards b when b lies on one of a's six straight lines (None otherwise, or a == b)."""
    dq, dr = b[0] - a[0], b[1] - a[1]
    steps = distance(a, b)
    if steps == 0 or not (dq == 0 or dr == 0 or dq == -dr):
        return None
    return (dq // steps, dr // steps)


def line(start, direction, length: int) -> list[tuple[int, int]]:
    """The `length` hexes after `start` along `direction` (start excluded)."""
    return [add(start, direction, step) for step in range(1, length + 1)]


def distances(start, spaces, blocked=frozenset(), most: int | None = None) -> dict[tuple[int, int], int]:
    """Breadth-first distance from `start` to every space reachable over `spaces` without entering `blocked`
    (no farther than `most` steps when given).

    With `blocked` empty this is the keywords' "counting through obstacles" distance; with the
    obstacles blocked it is a movement distance. `start` itself is always counted (0).
    """
    seen = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        step = seen[here] + 1
        if most is not None and step > most:
            break
        for there in neighbours(here):
            if there in spaces and there not in seen and there not in blocked:
                seen[there] = step
                queue.append(there)
    return seen


def reachable(start, spaces, blocked, steps: int) -> dict[tuple[int, int], int]:
    """Spaces a unit at `start` can end on moving up to `steps`, around `blocked` (start included, at 0)."""
    return distances(start, spaces, blocked, steps)


def nearest(start, candidates, spaces) -> list[tuple[int, int]]:
    """The candidates closest to `start` counting through obstacles (all of them when tied), sorted."""
    far = distances(start, spaces)
    found = [hex_ for hex_ in candidates if hex_ in far]
    if not found:
        return []
    best = min(far[hex_] for hex_ in found)
    return sorted(hex_ for hex_ in found if far[hex_] == best)


def zones_adjacent(zone_a, zone_b, terrain=frozenset()) -> bool:
    """Two zones are adjacent when a non-terrain space of one shares an edge with a non-terrain space of the other.

    The keywords say "at least two non-terrain spaces of them are adjacent": read as one space of
    each zone, the pair being the two spaces.
    """
    other = set(zone_b) - set(terrain)
    return any(n in other for hex_ in zone_a if hex_ not in terrain for n in neighbours(hex_))


def from_offset(col: int, row: int) -> tuple[int, int]:
    """Axial (q, r) of column `col` in row `row` of an "odd-r" offset grid (odd rows drawn half a hex right)."""
    return (col - (row - (row & 1)) // 2, row)


def to_offset(hex_) -> tuple[int, int]:
    """(col, row) of an axial hex in the "odd-r" offset grid (the inverse of from_offset)."""
    q, r = hex_
    return (q + (r - (r & 1)) // 2, r)
