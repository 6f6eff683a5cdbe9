"""Battlefield geometry as data (G2-1): squares, Bases, routes, lines, ranges and adjacency.

Side 0 is the player, side 1 the automaton. A square is a (row, col) tuple. Everything a rule
asks of the board ("beside the Base", "same column", "the red route") is answered here from
content/board.toml, so a real board plugs in without touching the rules.
"""

from functools import lru_cache
from pathlib import Path

PLAYER, AUTOMATON = 0, 1
SIDE_KEYS = ("player", "automaton")
BOARD_FILE = Path(__file__).with_name("content") / "board.toml"


class Board:
    """One geometry: who may stand where, the Bases, the automaton's routes and declaration order."""

    def __init__(self, board_id: str, raw: dict):
        sq = lambda pair: (int(pair[0]), int(pair[1]))  # noqa: E731
        self.id = board_id
        self.rows, self.cols = int(raw["rows"]), int(raw["cols"])
        self.base = tuple(sq(raw["base"][key]) for key in SIDE_KEYS)
        self.beside = tuple(tuple(sq(p) for p in raw["beside"][key]) for key in SIDE_KEYS)
        self.invasion = tuple(sq(p) for p in raw["invasion"])
        self.centre = sq(raw["centre"])
        self.own = tuple(frozenset(sq(p) for p in raw["own"][key]) | frozenset(self.invasion) for key in SIDE_KEYS)
        self.routes = {name: tuple(sq(p) for p in route) for name, route in sorted(raw["routes"].items())}
        self.front_line = tuple(sq(p) for p in raw["front_line"])
        self.back_line = tuple(sq(p) for p in raw["back_line"])

    def forward(self, side: int) -> int:
        """The row step toward the enemy: the automaton faces +1, the player −1."""
        return 1 if side == AUTOMATON else -1

    def may_stand(self, side: int, square) -> bool:
        """P2-1: a side's characters stand on its own squares or the shared Invasion Zone."""
        return tuple(square) in self.own[side]

    def declaration_order(self, serpentine: bool) -> tuple:
        """S2-R20/R21: the front line from the Exclusion side, then the back line from the Standby side
        (A2-5 serpentine); `serpentine=False` reads the back line from the Exclusion side too."""
        back = self.back_line if serpentine else tuple(sorted(self.back_line, key=lambda s: s[1]))
        return self.front_line + back

    def in_range(self, side: int, origin, pattern, target) -> bool:
        """True when `target` lies on one of the pattern's [forward, sideways] offsets from `origin`."""
        fwd = self.forward(side)
        dr, dc = target[0] - origin[0], target[1] - origin[1]
        return any(dr == f * fwd and dc == s for f, s in pattern)

    @staticmethod
    def adjacent(a, b) -> bool:
        """P2-20: squares sharing an edge."""
        return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1

    def neighbours(self, square):
        """The squares sharing an edge with `square`, on the board."""
        r, c = square
        for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= nr < self.rows and 0 <= nc < self.cols:
                yield (nr, nc)

    def around_base(self, side: int, adjacent: bool) -> tuple:
        """A2-4: the squares 'around the Base': beside it (default), or every square adjacent to it."""
        if not adjacent:
            return self.beside[side]
        return tuple(s for s in self.neighbours(self.base[side]) if s in self.own[side])

    def to_data(self) -> dict:
        """The geometry for a view: rows, columns, Bases, zones, routes and the declaration order."""
        lst = lambda squares: [list(s) for s in squares]  # noqa: E731
        return {"id": self.id, "rows": self.rows, "cols": self.cols,
                "base": lst(self.base), "beside": [lst(b) for b in self.beside],
                "own": [lst(sorted(o - frozenset(self.invasion))) for o in self.own],
                "invasion": lst(self.invasion), "centre": list(self.centre),
                "routes": {name: lst(route) for name, route in self.routes.items()},
                "front_line": lst(self.front_line), "back_line": lst(self.back_line),
                "command_zone_side": 0, "standby_zone_side": self.cols - 1}


@lru_cache(maxsize=None)
def _data() -> dict:
    import tomllib  # on first use: start-up time in the browser
    with open(BOARD_FILE, "rb") as handle:
        return tomllib.load(handle)


def board_ids() -> tuple:
    """The geometries content/board.toml offers."""
    return tuple(sorted(_data()["boards"]))


def damage_ids() -> tuple:
    """The damage formulas content/board.toml offers."""
    return tuple(sorted(_data()["damage"]))


@lru_cache(maxsize=None)
def get_board(board_id: str) -> Board:
    """The geometry with this id."""
    return Board(board_id, _data()["boards"][board_id])


def damage_formula(formula_id: str) -> dict:
    """The damage formula with this id: {minimum, dice}."""
    return _data()["damage"][formula_id]
