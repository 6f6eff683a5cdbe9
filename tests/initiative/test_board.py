"""The map as data (G1-1): the starter map's structure, and every bad map refused in one-line errors."""

import copy
import tomllib

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from engine.core import BadCards
from engine.rulesets.initiative import hexes
from engine.rulesets.initiative.board import BUILTIN_MAP, MAPS, board_from_text, builtin_board, _read
from helpers import problems_after

FAST = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
RAW = tomllib.loads(BUILTIN_MAP.read_text(encoding="utf-8"))
TWIN = tomllib.loads(MAPS["twinford"].read_text(encoding="utf-8"))
NORTH = ["red_throne", "red_north_bank", "north_ford", "blue_north_bank", "blue_throne"]
SOUTH = ["red_throne", "red_south_bank", "south_ford", "blue_south_bank", "blue_throne"]


def counts(board, zone, team):
    return tuple(len(board.minion_spawns.get((zone, team, kind), ())) for kind in ("melee", "ranged", "heavy"))


def test_G1_1_the_starter_map_has_the_zone_structure_of_the_spec():
    board = builtin_board()
    assert board.lanes == (("red_throne", "red_shore", "causeway", "blue_shore", "blue_throne"),)
    kinds = sorted(z.kind for z in board.zones.values())
    assert kinds == ["jungle", "jungle", "middle", "pre_throne", "pre_throne", "throne", "throne"]
    assert {t: len(s) for t, s in board.hero_spawns.items()} == {"red": 3, "blue": 3}
    assert all(board.zone_of[h] == "red_throne" for h in board.hero_spawns["red"])
    assert counts(board, "causeway", "red") == counts(board, "causeway", "blue") == (4, 1, 1)
    assert counts(board, "red_shore", "red") == counts(board, "blue_shore", "blue") == (4, 1, 1)    # defenders
    assert counts(board, "red_shore", "blue") == counts(board, "blue_shore", "red") == (3, 1, 1)    # attackers
    assert board.terrain and not board.terrain & {h for hs in board.hero_spawns.values() for h in hs}
    assert 150 <= len(board.spaces) <= 260


def test_G1_1_the_map_is_the_same_for_both_teams_turned_half_a_circle():
    board = builtin_board()
    centre = (12, 5)                      # axial of column 14, row 5: the Causeway's middle
    turn = lambda h: (2 * centre[0] - h[0], 2 * centre[1] - h[1])
    mirror = {"red_throne": "blue_throne", "red_shore": "blue_shore", "causeway": "causeway",
              "red_thicket": "blue_thicket"}
    mirror.update({v: k for k, v in mirror.items()})
    assert {turn(h) for h in board.spaces} == set(board.spaces)
    assert all(board.zone_of[turn(h)] == mirror[z] for h, z in board.zone_of.items())
    assert {turn(h) for h in board.terrain} == set(board.terrain)
    assert sorted(turn(h) for h in board.hero_spawns["red"]) == board.hero_spawns["blue"]


def test_the_jungles_and_lane_zones_touch():
    board = builtin_board()
    z = board.zones
    assert hexes.zones_adjacent(z["red_thicket"].spaces, z["red_shore"].spaces, board.terrain)
    assert hexes.zones_adjacent(z["blue_thicket"].spaces, z["causeway"].spaces, board.terrain)
    assert not hexes.zones_adjacent(z["red_throne"].spaces, z["causeway"].spaces)


def broken(edit) -> list[str]:
    return problems_after(edit, RAW, _read, "map.toml")


@pytest.mark.parametrize("edit, expected", [
    (lambda d: d["map"].update(colour="red"), "map: colour: unknown field"),
    (lambda d: d["map"].update(layout="even-q"), "map: layout: must be 'odd-r'"),
    (lambda d: d["map"].update(lane=["red_throne"]), "map: lane: must list 5 zone ids"),
    (lambda d: d["map"].update(lane=["red_throne", "causeway", "red_shore", "blue_shore", "blue_throne"]),
     "zone 'causeway' at place 2 must be a pre_throne zone of team red"),
    (lambda d: d["zones"]["causeway"].update(kind="moat"), "zones.causeway: kind: must be one of"),
    (lambda d: d["zones"]["causeway"].update(key="a"), "zones.causeway: key: must be one character"),
    (lambda d: d["zones"]["red_throne"]["name"].pop("ja"), "zones.red_throne: name.ja"),
    (lambda d: d["map"]["feature_grid"].pop(), "feature_grid: has 10 rows; zone_grid has 11"),
    (lambda d: d["map"]["feature_grid"].__setitem__(4, d["map"]["feature_grid"][4].replace("h", ".", 1)),
     "team red needs exactly 3 hero spawn points"),
    (lambda d: d["map"]["feature_grid"].__setitem__(4, d["map"]["feature_grid"][4].replace(".h", "hh", 1)),
     "team red needs exactly 3 hero spawn points"),
    (lambda d: d["map"]["feature_grid"].__setitem__(0, "      ......#.?"), "row 0, column 14: unknown feature '?'"),
    (lambda d: d["map"]["zone_grid"].__setitem__(0, "      jjjjjjjjQ"), "row 0, column 14: unknown zone key 'Q'"),
    (lambda d: d["map"]["feature_grid"].__setitem__(0, "      ......#."), "row 0, column 14: a space needs both"),
    (lambda d: d["map"]["feature_grid"].__setitem__(5, ".h..vr...M.vr.#.RV.m...RV..Hm"), "minion spawn points must lie"),
])
def test_a_bad_map_is_a_one_line_error_naming_the_field(edit, expected):
    problems = broken(edit)
    assert any(expected in line for line in problems), problems
    assert all(line.startswith("map.toml: ") and line.isprintable() for line in problems)


def test_terrain_that_cuts_off_a_space_is_refused():
    def wall(d):
        grid = d["map"]["feature_grid"]
        grid[0], grid[1] = "      .#....#..", "      #..#...."       # the corner space (col 6, row 0) walled in
    assert any("must be reachable" in line for line in broken(wall))


@FAST
@given(st.text(max_size=400))
def test_any_text_is_a_map_or_a_one_line_error(text):
    try:
        board_from_text(text)
    except BadCards as error:
        assert str(error).isprintable()


grid_rows = st.lists(st.text(alphabet="AamzZjk .#hHmMrRvVQ", max_size=30), max_size=12)


@FAST
@given(grid_rows, grid_rows, st.one_of(st.none(), st.lists(st.sampled_from(list(RAW["zones"]) + ["x", 3]), max_size=6)))
def test_any_grid_is_a_map_or_a_one_line_error(zones, features, lane):
    data = copy.deepcopy(RAW)
    data["map"].update(zone_grid=zones, feature_grid=features)
    if lane is not None:
        data["map"]["lane"] = lane
    try:
        board = _read(data, "map.toml")
    except BadCards as error:
        assert error.problems and all(line.isprintable() for line in error.problems)
    else:
        assert len(board.hero_spawns["red"]) == 3


# --- the double-lane map (G1-8, option map) ---------------------------------------------------------------

def test_G1_8_the_double_lane_map_has_two_lanes_each_with_G1_1s_zones_and_spawn_counts():
    board = builtin_board("twinford")
    assert board.lanes == (tuple(NORTH), tuple(SOUTH))
    assert board.lane_of == {z: i for i, lane in enumerate((NORTH, SOUTH)) for z in lane[1:-1]}
    kinds = sorted(z.kind for z in board.zones.values())
    assert kinds == ["jungle"] * 2 + ["middle"] * 2 + ["pre_throne"] * 4 + ["throne"] * 2
    assert {t: len(s) for t, s in board.hero_spawns.items()} == {"red": 3, "blue": 3}
    assert all(board.zone_of[h] == "red_throne" for h in board.hero_spawns["red"])
    for lane in (NORTH, SOUTH):
        red_bank, ford, blue_bank = lane[1:-1]
        assert counts(board, ford, "red") == counts(board, ford, "blue") == (4, 1, 1)
        assert counts(board, red_bank, "red") == counts(board, blue_bank, "blue") == (4, 1, 1)    # defenders
        assert counts(board, red_bank, "blue") == counts(board, blue_bank, "red") == (3, 1, 1)    # attackers
        for here, there in zip(lane, lane[1:]):
            assert there in board.neighbour_zones[here]
    north, south = (set().union(*(board.zones[z].spaces for z in lane[1:-1])) for lane in (NORTH, SOUTH))
    assert not hexes.zones_adjacent(north, south)                 # the lanes meet only in the Thrones
    assert not hexes.zones_adjacent(board.zones["red_throne"].spaces, board.zones["north_ford"].spaces)
    assert 250 <= len(board.spaces) <= 400 and board.terrain


def test_G1_8_the_double_lane_map_is_the_same_for_both_teams_turned_half_a_circle():
    board = builtin_board("twinford")
    centre = hexes.from_offset(14, 6)                              # the gap between the Reedbeds
    assert centre not in board.spaces
    turn = lambda h: (2 * centre[0] - h[0], 2 * centre[1] - h[1])
    mirror = {"red_throne": "blue_throne", "red_north_bank": "blue_south_bank", "north_ford": "south_ford",
              "blue_north_bank": "red_south_bank", "red_reedbed": "blue_reedbed"}
    mirror.update({v: k for k, v in mirror.items()})
    assert {turn(h) for h in board.spaces} == set(board.spaces)
    assert all(board.zone_of[turn(h)] == mirror[z] for h, z in board.zone_of.items())
    assert {turn(h) for h in board.terrain} == set(board.terrain)
    assert sorted(turn(h) for h in board.hero_spawns["red"]) == board.hero_spawns["blue"]
    flip = {"red": "blue", "blue": "red"}
    assert {(mirror[z], flip[t], k): sorted(turn(h) for h in hs) for (z, t, k), hs in board.minion_spawns.items()} \
        == board.minion_spawns


def broken_twin(edit) -> list[str]:
    return problems_after(edit, TWIN, _read, "map_double.toml")


@pytest.mark.parametrize("edit, expected", [
    (lambda d: d["map"].update(lane=NORTH), "map: lanes: give either 'lane' (one lane) or 'lanes'"),
    (lambda d: d["map"].pop("lanes"), "map: lanes: give either 'lane' (one lane) or 'lanes'"),
    (lambda d: d["map"].update(lanes=[]), "map: lanes: must be a list of 1 to 2 lanes"),
    (lambda d: d["map"].update(lanes=[NORTH, SOUTH, NORTH]), "map: lanes: must be a list of 1 to 2 lanes"),
    (lambda d: d["map"].update(lanes="north"), "map: lanes: must be a list of 1 to 2 lanes"),
    (lambda d: d["map"].update(lanes=[NORTH, ["red_throne"]]), "map: lanes[1]: must list 5 zone ids"),
    (lambda d: d["map"].update(lanes=[NORTH, [*SOUTH[:2], "north_ford", *SOUTH[3:]]]),
     "map: lanes: zone 'north_ford' is in two lanes"),
    (lambda d: d["map"].update(lanes=[NORTH, [SOUTH[0], SOUTH[3], *SOUTH[2:3], SOUTH[1], SOUTH[4]]]),
     "map: lanes[1]: zone 'blue_south_bank' at place 2 must be a pre_throne zone of team red"),
    (lambda d: d["map"].update(lanes=[NORTH, [*SOUTH[:2], "north_ford", "blue_north_bank", SOUTH[4]]]),
     "zones 'red_south_bank' and 'north_ford' must be adjacent"),
    (lambda d: (d["zones"].__setitem__("other_throne", {"key": "T", "kind": "throne", "team": "red",
                                                         "name": {"en": "T", "ja": "T", "ru": "T"}}),
                d["map"]["zone_grid"].__setitem__(0, "T" + d["map"]["zone_grid"][0][1:]),
                d["map"]["feature_grid"].__setitem__(0, "." + d["map"]["feature_grid"][0][1:]),
                d["map"].update(lanes=[NORTH, ["other_throne", *SOUTH[1:]]])),
     "map: lanes: every lane must run between the same two Thrones"),
    (lambda d: d["map"]["feature_grid"].__setitem__(6, d["map"]["feature_grid"][6].replace(".h", ".m", 1)),
     "red melee minion spawn points must lie in a lane zone that is not a Throne"),
    (lambda d: d["map"]["feature_grid"].__setitem__(5, d["map"]["feature_grid"][5].replace(".#", ".M", 1)),
     "blue melee minion spawn points must lie in a lane zone that is not a Throne; 1 lie in 'red_reedbed'"),
])
def test_a_bad_double_lane_map_is_a_one_line_error_naming_the_field(edit, expected):
    problems = broken_twin(edit)
    assert any(expected in line for line in problems), problems
    assert all(line.startswith("map_double.toml: ") and line.isprintable() for line in problems)


def test_a_double_lane_map_cut_in_two_is_refused():
    def cut(d):                                  # wall off the North lane along row 4 and the jungle rows
        d["map"]["feature_grid"][5] = d["map"]["feature_grid"][5][:4] + "#" * 20 + d["map"]["feature_grid"][5][24:]
        d["map"]["feature_grid"][4] = "#" * 29
        d["map"]["feature_grid"][3] = "#" * 28
    assert any("must be reachable" in line for line in broken_twin(cut))


LANE_IDS = st.lists(st.sampled_from(list(TWIN["zones"]) + ["x", 3]), max_size=6)


@FAST
@given(st.one_of(st.none(), st.lists(LANE_IDS, max_size=3), LANE_IDS, st.text(max_size=5)), st.booleans())
def test_any_lanes_are_a_map_or_a_one_line_error(lanes, also_lane):
    data = copy.deepcopy(TWIN)
    if lanes is None:
        data["map"].pop("lanes")
    else:
        data["map"]["lanes"] = lanes
    if also_lane:
        data["map"]["lane"] = NORTH
    try:
        board = _read(data, "map_double.toml")
    except BadCards as error:
        assert error.problems and all(line.isprintable() and "\n" not in line for line in error.problems)
    else:
        assert len(board.lanes) in (1, 2) and all(len(lane) == 5 for lane in board.lanes)
