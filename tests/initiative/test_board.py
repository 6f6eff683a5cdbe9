"""The map as data (G1-1): the starter map's structure, and every bad map refused in one-line errors."""

import copy
import tomllib

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from engine.core import BadCards
from engine.rulesets.initiative import hexes
from engine.rulesets.initiative.board import BUILTIN_MAP, board_from_text, builtin_board, _read

FAST = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
RAW = tomllib.loads(BUILTIN_MAP.read_text(encoding="utf-8"))


def counts(board, zone, team):
    return tuple(len(board.minion_spawns.get((zone, team, kind), ())) for kind in ("melee", "ranged", "heavy"))


def test_G1_1_the_starter_map_has_the_zone_structure_of_the_spec():
    board = builtin_board()
    assert board.lane == ("red_throne", "red_shore", "causeway", "blue_shore", "blue_throne")
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
    data = copy.deepcopy(RAW)
    edit(data)
    with pytest.raises(BadCards) as caught:
        _read(data, "map.toml")
    return caught.value.problems


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
