"""The hex module (engine/rulesets/initiative/hexes.py): the keyword geometry, with exact cases and properties."""

from hypothesis import given, strategies as st

from engine.rulesets.initiative import hexes

coords = st.tuples(st.integers(-12, 12), st.integers(-12, 12))
BOARD = frozenset(hexes.within((0, 0), 6))


def test_neighbours_are_the_six_at_distance_one():
    around = hexes.neighbours((2, -1))
    assert len(set(around)) == 6 and all(hexes.distance((2, -1), n) == 1 for n in around)
    assert hexes.adjacent((0, 0), (1, -1)) and not hexes.adjacent((0, 0), (1, 1))


def test_distance_exact_cases():
    assert hexes.distance((0, 0), (3, -1)) == 3
    assert hexes.distance((0, 0), (2, 2)) == 4
    assert hexes.distance((-1, 3), (-1, 3)) == 0


def test_within_a_radius_counts_hexes():
    for radius, count in ((0, 1), (1, 7), (2, 19), (3, 37)):
        ring = hexes.within((1, 1), radius)
        assert len(ring) == count and all(hexes.distance((1, 1), h) <= radius for h in ring)


def test_straight_lines_and_directions():
    assert hexes.direction_to((0, 0), (0, -4)) == (0, -1)
    assert hexes.direction_to((0, 0), (2, 1)) is None           # not in one file of hexes
    assert hexes.direction_to((0, 0), (3, -3)) == (1, -1)
    assert hexes.line((0, 0), (1, 0), 3) == [(1, 0), (2, 0), (3, 0)]


def test_nearest_counts_through_obstacles():
    assert hexes.nearest((0, 0), [(3, 0), (0, 2), (-2, 2)], BOARD) == [(-2, 2), (0, 2)]


def test_offset_round_trip_and_zone_adjacency():
    for col in range(-3, 4):
        for row in range(-3, 4):
            assert hexes.to_offset(hexes.from_offset(col, row)) == (col, row)
    left, right = [(0, 0), (0, 1)], [(1, 0), (5, 5)]
    assert hexes.zones_adjacent(left, right)
    assert not hexes.zones_adjacent(left, right, terrain={(1, 0)})


@given(coords, coords, coords)
def test_distance_is_a_metric(a, b, c):
    assert hexes.distance(a, b) == hexes.distance(b, a) >= 0
    assert (hexes.distance(a, b) == 0) == (a == b)
    assert hexes.distance(a, c) <= hexes.distance(a, b) + hexes.distance(b, c)


@given(coords, coords)
def test_open_plane_bfs_equals_distance(a, b):
    plane = frozenset(hexes.within(a, hexes.distance(a, b) + 1))
    assert hexes.distances(a, plane)[b] == hexes.distance(a, b)
