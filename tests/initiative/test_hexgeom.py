"""ui/games/initiative/hexgeom.py: where the initiative map's hexes are drawn. Neighbours sit at one distance, the picture
is the map file's odd-r grid text, the viewbox holds the whole map, zone outlines trace exactly the zone's
edge, and arrow keys reach the hex that lies that way on screen."""

import math
import re
import tomllib

import pytest

from engine.rulesets.initiative import hexes
from engine.rulesets.initiative.board import MAPS, builtin_board
from ui.games.initiative import hexgeom


def test_every_neighbour_centre_is_one_hex_width_away():
    for here in [(0, 0), (3, -2), (-4, 7), (11, 5)]:
        x, y = hexgeom.centre(*here)
        for there in hexes.neighbours(here):
            assert math.isclose(math.dist((x, y), hexgeom.centre(*there)), hexgeom.WIDTH)
            assert math.isclose(hexgeom.WIDTH, math.sqrt(3) * hexgeom.SIZE)


def test_corners_are_one_radius_from_the_centre_and_shared_with_the_neighbour_across_each_edge():
    here = (2, 3)
    ring = hexgeom.corners(*here)
    assert all(math.isclose(math.dist(c, hexgeom.centre(*here)), hexgeom.SIZE) for c in ring)
    assert math.isclose(ring[0][0], hexgeom.centre(*here)[0]) and ring[0][1] < ring[3][1]      # pointy top
    for k, there in enumerate(hexes.neighbours(here)):
        a, b = hexgeom.EDGES[k]
        other = hexgeom.corners(*there)
        for corner in (ring[a], ring[b]):
            assert any(math.isclose(corner[0], c[0], abs_tol=1e-9) and math.isclose(corner[1], c[1], abs_tol=1e-9)
                       for c in other), (k, corner)


@pytest.mark.parametrize("map_id", sorted(MAPS))
def test_the_picture_is_the_map_files_odd_r_grid_text(map_id):
    """Each character of zone_grid at (column, row) is drawn at x = (column + ½ on odd rows) hex widths,
    y = 1.5 radii per row, relative to the grid's (0, 0): the screen shows the file's picture."""
    grid = tomllib.loads(MAPS[map_id].read_text("utf-8"))["map"]["zone_grid"]
    board = builtin_board(map_id)
    x0, y0 = hexgeom.centre(*hexes.from_offset(0, 0))
    drawn = set()
    for row, text in enumerate(grid):
        for col, key in enumerate(text):
            if key == " ":
                continue
            space = hexes.from_offset(col, row)
            assert space in board.spaces
            x, y = hexgeom.centre(*space)
            assert math.isclose(x - x0, hexgeom.WIDTH * (col + (row % 2) / 2), abs_tol=1e-9)
            assert math.isclose(y - y0, hexgeom.ROW * row)
            assert hexgeom.offset(*space) == (col, row)
            assert hexgeom.space_label(*space) == f"{col + 1}·{row + 1}"
            drawn.add(space)
    assert drawn == set(board.spaces)


@pytest.mark.parametrize("map_id", sorted(MAPS))
def test_the_viewbox_holds_every_space_with_its_margin(map_id):
    spaces = builtin_board(map_id).spaces
    left, top, width, height = hexgeom.viewbox(spaces)
    xs = [x for s in spaces for x, _ in hexgeom.corners(*s)]
    ys = [y for s in spaces for _, y in hexgeom.corners(*s)]
    assert math.isclose(min(xs) - left, hexgeom.MARGIN) and math.isclose(left + width - max(xs), hexgeom.MARGIN)
    assert math.isclose(min(ys) - top, hexgeom.MARGIN) and math.isclose(top + height - max(ys), hexgeom.MARGIN)


def test_points_are_the_corners_in_tenths():
    assert hexgeom.points(0, 0) == "0,-10 8.7,-5 8.7,5 0,10 -8.7,5 -8.7,-5"
    assert hexgeom.points(1, 1) == "26,5 34.6,10 34.6,20 26,25 17.3,20 17.3,10"


@pytest.mark.parametrize("value, text", [(0, "0"), (-0.04, "0"), (5, "5"), (8.66, "8.7"), (-8.66, "-8.7"),
                                         (0.06, "0.1"), (-12.0, "-12"), (251.0, "251")])
def test_numbers_are_written_short(value, text):
    assert hexgeom.num(value) == text


def _edges_of_path(d: str) -> set:
    """The path's segments as pairs of corners in tenths, read back from "Mx y l dx dy … z" loops."""
    edges = set()
    for loop in re.findall(r"M([^l]+)l([^z]*)z", d):
        numbers = [round(float(n) * 10) for n in re.findall(r"-?\d+(?:\.\d+)?", loop[0] + " " + loop[1])]
        here = start = (numbers[0], numbers[1])
        for dx, dy in zip(numbers[2::2], numbers[3::2]):
            there = (here[0] + dx, here[1] + dy)
            edges.add(frozenset((here, there)))
            here = there
        edges.add(frozenset((here, start)))
    return edges


@pytest.mark.parametrize("map_id", sorted(MAPS))
def test_a_zone_outline_traces_exactly_the_edges_between_it_and_the_rest(map_id):
    board = builtin_board(map_id)
    for zone in board.zones.values():
        expected = set()
        for q, r in zone.spaces:
            ring = [(round(x * 10), round(y * 10)) for x, y in hexgeom.corners(q, r)]
            for k, there in enumerate(hexes.neighbours((q, r))):
                if there not in zone.spaces:
                    a, b = hexgeom.EDGES[k]
                    expected.add(frozenset((ring[a], ring[b])))
        assert _edges_of_path(hexgeom.outline(zone.spaces)) == expected, zone.id


def test_one_hex_outline_is_one_closed_loop_of_six_edges():
    assert hexgeom.outline({(0, 0)}) == "M-8.7-5l8.7-5 8.7 5 0 10-8.7 5-8.7-5z"


GRID = [hexes.from_offset(col, row) for row in range(6) for col in range(6)]


@pytest.mark.parametrize("here, dx, dy, there", [
    (hexes.from_offset(2, 2), 1, 0, hexes.from_offset(3, 2)),
    (hexes.from_offset(2, 2), -1, 0, hexes.from_offset(1, 2)),
    (hexes.from_offset(2, 2), 0, -1, hexes.from_offset(2, 1)),      # up: the same column of the file
    (hexes.from_offset(2, 3), 0, -1, hexes.from_offset(2, 2)),
    (hexes.from_offset(2, 2), 0, 1, hexes.from_offset(2, 3)),
    (hexes.from_offset(2, 3), 0, 1, hexes.from_offset(2, 4)),
    (hexes.from_offset(5, 2), 1, 0, None),                          # the map's edge: nowhere to go
    (hexes.from_offset(0, 0), 0, -1, None),
])
def test_arrow_keys_reach_the_hex_that_way_on_screen(here, dx, dy, there):
    assert hexgeom.toward(GRID, here, dx, dy) == there


def test_holding_up_walks_one_column_straight_up():
    here = hexes.from_offset(3, 5)
    path = [here]
    while (here := hexgeom.toward(GRID, here, 0, -1)) is not None:
        path.append(here)
    assert [hexgeom.offset(*s) for s in path] == [(3, row) for row in range(5, -1, -1)]


def test_an_arrow_skips_a_gap_to_the_next_hex_that_way():
    row = [hexes.from_offset(col, 0) for col in (0, 1, 4)]
    assert hexgeom.toward(row, row[1], 1, 0) == row[2]
