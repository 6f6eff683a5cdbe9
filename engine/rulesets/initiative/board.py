"""The map as data (G1-1): content/map.toml read into a Board, every problem a one-line error.

A map file has a `[map]` table (id, name, layout, `lane` or `lanes`, zone_grid, feature_grid; the
legend is in the file's header) and a `[zones.ID]` table per zone (key, kind, team, name). `lane` is one
lane's zone ids; `lanes` is a list of one or two lanes (G1-8's double lane), each run between the same
two Thrones. Checks: the grids agree; every space is in a known zone; each lane runs red Throne → red
pre-Throne → middle → blue pre-Throne → blue Throne, each zone adjacent to the next; no zone but the
Thrones is in two lanes; each Throne holds its team's three hero spawn points; minion spawn points lie
in lane zones other than the Thrones; every non-terrain space can reach every other.
"""

from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path

from ...core.carddata import (Problems, choice, identifier, names, parse_toml, read_text, table,
                              top_level, unknown_fields)
from ...core.errors import BadCards
from . import hexes

BUILTIN_MAP = Path(__file__).with_name("content") / "map.toml"
MAPS = {"saltmarsh": BUILTIN_MAP, "twinford": BUILTIN_MAP.with_name("map_double.toml")}   # option `map`
MAX_LANES = 2
TEAMS = ("red", "blue")
KINDS = ("throne", "pre_throne", "middle", "jungle")
LANE_KINDS = ("throne", "pre_throne", "middle", "pre_throne", "throne")
HERO_SPAWNS = 3                          # per Throne (G1-1)
MAX_ROWS, MAX_COLS = 40, 60
MAX_ZONES = 60                           # the built-in maps have 9 and 13
FEATURES = {".": None, "#": ("terrain", None),
            "h": ("hero", "red"), "H": ("hero", "blue"),
            "m": ("melee", "red"), "M": ("melee", "blue"),
            "r": ("ranged", "red"), "R": ("ranged", "blue"),
            "v": ("heavy", "red"), "V": ("heavy", "blue")}
MAP_FIELDS = ("id", "name", "layout", "lane", "lanes", "zone_grid", "feature_grid")
ZONE_FIELDS = ("key", "kind", "team", "name")


@dataclass(frozen=True)
class Zone:
    """One zone: its id, kind, owning team (None for the middle), names and spaces."""

    id: str
    kind: str
    team: str | None
    name: dict
    spaces: frozenset


@dataclass(frozen=True)
class Board:
    """The static map: spaces, zones, terrain, the lane and every spawn point."""

    id: str
    name: dict
    spaces: frozenset                   # every space of the map, terrain included
    zone_of: dict                       # hex -> zone id
    zones: dict                         # zone id -> Zone
    lanes: tuple                        # per lane, its zone ids, red Throne first (one or two lanes)
    terrain: frozenset
    hero_spawns: dict                   # team -> sorted hexes in its Throne
    minion_spawns: dict                 # (zone id, team, minion type) -> sorted hexes

    @cached_property
    def neighbour_zones(self) -> dict:
        """zone id -> the zones adjacent to it (hexes.zones_adjacent), computed once per map."""
        return {a: frozenset(b for b in self.zones if b != a and hexes.zones_adjacent(
            self.zones[a].spaces, self.zones[b].spaces, self.terrain)) for a in self.zones}

    @cached_property
    def data(self) -> dict:
        """to_data() made once: views share it, so readers treat it as read-only (the map never changes)."""
        return self.to_data()

    @cached_property
    def lane_of(self) -> dict:
        """zone id -> the index of the lane it belongs to (the Thrones, shared, and jungles are in none)."""
        return {z: i for i, lane in enumerate(self.lanes) for z in lane[1:-1]}

    def throne(self, team: str) -> Zone:
        """The team's Throne zone."""
        return self.zones[self.lanes[0][0] if team == TEAMS[0] else self.lanes[0][-1]]

    def to_data(self) -> dict:
        """The board as JSON-able data for views: spaces as [q, r] lists, by zone."""
        return {"id": self.id, "name": dict(self.name), "lanes": [list(lane) for lane in self.lanes],
                "zones": {z.id: {"kind": z.kind, "team": z.team, "name": dict(z.name),
                                 "spaces": [list(h) for h in sorted(z.spaces)]} for z in self.zones.values()},
                "terrain": [list(h) for h in sorted(self.terrain)],
                "hero_spawns": {t: [list(h) for h in hs] for t, hs in self.hero_spawns.items()},
                "minion_spawns": [{"zone": z, "team": t, "type": k, "spaces": [list(h) for h in hs]}
                                  for (z, t, k), hs in sorted(self.minion_spawns.items())]}


def _grid(raw: dict, key: str, problems: Problems) -> list[str]:
    grid = raw.get(key)
    if not isinstance(grid, list) or not 1 <= len(grid) <= MAX_ROWS or \
            not all(isinstance(row, str) and len(row) <= MAX_COLS for row in grid):
        problems.add("map", key, f"must be a list of 1 to {MAX_ROWS} rows of text, each at most {MAX_COLS} characters")
        return []
    return grid


def _zones(data: dict, problems: Problems) -> dict:
    """zone key character -> (zone id, kind, team, name)."""
    by_key = {}
    zones = table(data, "zones", problems)
    if len(zones) > MAX_ZONES:          # zone adjacency is worked out pair by pair (Board.neighbour_zones)
        problems.add("zones", "-", f"at most {MAX_ZONES} zones; got {len(zones)}")
        return by_key
    for zone_id, raw in zones.items():
        where = f"zones.{zone_id}"
        unknown_fields(raw, ZONE_FIELDS, where, problems)
        key = raw.get("key")
        if not isinstance(key, str) or len(key) != 1 or key in " ." or key in by_key:
            problems.add(where, "key", f"must be one character, not blank, used by no other zone; got {str(key)[:10]!r}")
            continue
        kind = choice(raw, "kind", KINDS, where, problems)
        team = raw.get("team")
        if kind == "middle" and team is not None:
            problems.add(where, "team", "the middle zone belongs to no team")
        elif kind not in (None, "middle"):
            team = choice(raw, "team", TEAMS, where, problems)
        by_key[key] = (zone_id, kind, team, names(raw.get("name"), where, "name", problems))
    return by_key


def _read(data, source: str) -> Board:
    problems = top_level(data, source, ("map", "zones"), "a map file")
    raw = data.get("map")
    if not isinstance(raw, dict):
        problems.add("map", "-", "must be a table")
        raise BadCards(problems.lines)
    unknown_fields(raw, MAP_FIELDS, "map", problems)
    map_id = identifier(raw.get("id"), "map", "id", problems)
    name = names(raw.get("name"), "map", "name", problems)
    if raw.get("layout") != "odd-r":
        problems.add("map", "layout", f"must be 'odd-r'; got {str(raw.get('layout'))[:20]!r}")
    by_key = _zones(data, problems)
    zone_grid, feature_grid = _grid(raw, "zone_grid", problems), _grid(raw, "feature_grid", problems)
    problems.raise_any()
    if len(zone_grid) != len(feature_grid):
        problems.add("map", "feature_grid", f"has {len(feature_grid)} rows; zone_grid has {len(zone_grid)}")
        raise BadCards(problems.lines)
    zone_of, terrain, heroes, minions = {}, set(), {t: [] for t in TEAMS}, {}
    for row, (zones_row, features_row) in enumerate(zip(zone_grid, feature_grid)):
        for col in range(max(len(zones_row), len(features_row))):
            key = zones_row[col] if col < len(zones_row) else " "
            mark = features_row[col] if col < len(features_row) else " "
            where = f"row {row}, column {col}"
            if key == " " or mark == " ":
                if key != mark:
                    problems.add("map", "feature_grid", f"{where}: a space needs both a zone and a feature")
                continue
            if key not in by_key or mark not in FEATURES:
                problems.add("map", "zone_grid" if key not in by_key else "feature_grid",
                             f"{where}: unknown {'zone key' if key not in by_key else 'feature'} {key if key not in by_key else mark!r}")
                continue
            hex_ = hexes.from_offset(col, row)
            zone_id = by_key[key][0]
            zone_of[hex_] = zone_id
            feature = FEATURES[mark]
            if feature is None:
                continue
            what, team = feature
            if what == "terrain":
                terrain.add(hex_)
            elif what == "hero":
                heroes[team].append(hex_)
            else:
                minions.setdefault((zone_id, team, what), []).append(hex_)
    problems.raise_any()
    spaces_of = {}                       # zone id -> its spaces, in one pass (a map may hold thousands of zones)
    for hex_, zone_id in zone_of.items():
        spaces_of.setdefault(zone_id, set()).add(hex_)
    zones = {zone_id: Zone(zone_id, kind, team, zname, frozenset(spaces_of.get(zone_id, ())))
             for zone_id, kind, team, zname in by_key.values()}
    board = Board(map_id, name, frozenset(zone_of), zone_of, zones, (), frozenset(terrain),
                  {t: sorted(hs) for t, hs in heroes.items()}, {k: sorted(v) for k, v in minions.items()})
    lanes = _check_lanes(raw, zones, problems)
    _check_spawns(board, lanes, problems)
    _check_connected(board, problems)
    problems.raise_any()
    return Board(board.id, board.name, board.spaces, board.zone_of, board.zones, tuple(map(tuple, lanes)),
                 board.terrain, board.hero_spawns, board.minion_spawns)


def _check_lanes(raw: dict, zones: dict, problems: Problems) -> list:
    """`lane` (one lane) or `lanes` (a list of 1 to MAX_LANES lanes), each checked by _check_lane; every lane
    between the same two Thrones; no other zone in two lanes."""
    if ("lane" in raw) == ("lanes" in raw):
        problems.add("map", "lanes", "give either 'lane' (one lane) or 'lanes' (a list of lanes), not both or neither")
        return []
    if "lane" in raw:
        return [lane for lane in [_check_lane(raw["lane"], zones, problems)] if lane]
    given = raw["lanes"]
    if not isinstance(given, list) or not 1 <= len(given) <= MAX_LANES:
        problems.add("map", "lanes", f"must be a list of 1 to {MAX_LANES} lanes, each a list of zone ids")
        return []
    lanes = [_check_lane(lane, zones, problems, f"lanes[{i}]") for i, lane in enumerate(given)]
    if not all(lanes):
        return []
    if len({(lane[0], lane[-1]) for lane in lanes}) > 1:
        problems.add("map", "lanes", "every lane must run between the same two Thrones")
    seen = set()
    for lane in lanes:
        for zone_id in lane[1:-1]:
            if zone_id in seen:
                problems.add("map", "lanes", f"zone {zone_id!r} is in two lanes; only the Thrones are shared")
            seen.add(zone_id)
    return lanes


def _check_lane(lane, zones: dict, problems: Problems, field: str = "lane") -> list:
    if not isinstance(lane, list) or len(lane) != len(LANE_KINDS) or not all(z in zones for z in lane if isinstance(z, str)) \
            or not all(isinstance(z, str) for z in lane):
        problems.add("map", field, f"must list {len(LANE_KINDS)} zone ids: a Throne, a pre-Throne zone, the middle, "
                                    "a pre-Throne zone, a Throne")
        return []
    for index, (zone_id, kind) in enumerate(zip(lane, LANE_KINDS)):
        zone = zones[zone_id]
        team = None if kind == "middle" else TEAMS[0 if index < 2 else 1]
        if zone.kind != kind or zone.team != team:
            problems.add("map", field, f"zone {zone_id!r} at place {index + 1} must be a {kind} zone"
                                        + (f" of team {team}" if team else ""))
        elif not zone.spaces:
            problems.add(f"zones.{zone_id}", "key", "no space of the map is in this zone")
    for here, there in zip(lane, lane[1:]):
        if zones[here].spaces and zones[there].spaces and not hexes.zones_adjacent(zones[here].spaces, zones[there].spaces):
            problems.add("map", field, f"zones {here!r} and {there!r} must be adjacent")
    return list(lane)


def _check_spawns(board: Board, lanes: list, problems: Problems) -> None:
    in_lanes = {z for lane in lanes for z in lane}
    for team in TEAMS:
        spawns = board.hero_spawns[team]
        outside = [h for h in spawns if board.zones[board.zone_of[h]].kind != "throne" or board.zones[board.zone_of[h]].team != team]
        if len(spawns) != HERO_SPAWNS or outside:
            problems.add("map", "feature_grid", f"team {team} needs exactly {HERO_SPAWNS} hero spawn points, all in its "
                                                f"own Throne; found {len(spawns)}, {len(outside)} outside it")
    for (zone_id, team, what), spawns in board.minion_spawns.items():
        if zone_id not in in_lanes or board.zones[zone_id].kind == "throne":
            problems.add("map", "feature_grid", f"{team} {what} minion spawn points must lie in a lane zone that is "
                                                f"not a Throne; {len(spawns)} lie in {zone_id!r}")


def _check_connected(board: Board, problems: Problems) -> None:
    open_spaces = board.spaces - board.terrain
    if not open_spaces:
        problems.add("map", "zone_grid", "the map has no space that is not terrain")
        return
    start = min(open_spaces)
    if len(hexes.distances(start, open_spaces)) != len(open_spaces):
        problems.add("map", "feature_grid", "every space that is not terrain must be reachable from every other")


def load_board_file(path) -> Board:
    """A map file read and checked; BadCards listing every problem."""
    source = Path(path).name
    return _read(parse_toml(read_text(path), source), source)


def board_from_text(text: str, source: str = "map") -> Board:
    """A map from TOML text (tests and hostile input)."""
    return _read(parse_toml(text, source), source)


@lru_cache(maxsize=len(MAPS))
def builtin_board(map_id: str = "saltmarsh") -> Board:
    """A built-in map (option `map`: MAPS), read once."""
    return load_board_file(MAPS[map_id])


def board_for(options: dict) -> Board:
    """The map the options choose (option `map`, the single-lane Saltmarsh Crossing by default)."""
    return builtin_board(options.get("map", "saltmarsh"))
