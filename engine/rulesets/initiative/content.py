"""A user's content file (issue 23): heroes with their cards, a map, or both, in one TOML file.

The file holds the tables of a hero file (`[heroes.ID]`, `[cards.ID]`: heroes.py) and/or those of a map
file (`[map]`, `[zones.ID]`: board.py); each part is checked exactly as the starter files are, every
problem one `file: table.id: field: message` line. Its heroes join the starter ones (a hero of the same
id replaces the starter hero and its cards); its map, when it has one, is the game's map instead of the
option `map`'s.

A game carries the part of the file it uses in its setup (`setup["content"]`: the same tables, as data),
so its record and share link replay anywhere without the file; `content_from_data` checks carried content
as strictly as a file, within bounds that keep a hostile record cheap (MAX_SETUP_*).
"""

from dataclasses import dataclass
from pathlib import Path

from ...core.carddata import parse_toml, read_text, top_level
from ...core.errors import BadCards
from .board import MAPS, Board, _read as read_board
from .heroes import MAX_HANDICAP, Heroes, _read as read_heroes, builtin_heroes

HERO_TABLES = ("heroes", "cards")
MAP_TABLES = ("map", "zones")
# What a setup may carry: the heroes of one game (6 seats, or a draft's pool with room to spare), their
# cards (the 18-card deck and its handicap cards, F-S4, G1-8), and one map's zones (a real map has 7 to 11).
MAX_SETUP_HEROES = 12
MAX_SETUP_CARDS = MAX_SETUP_HEROES * (18 + MAX_HANDICAP)
MAX_SETUP_ZONES = 32


@dataclass(frozen=True)
class Custom:
    """A user's content, checked: its heroes (None without [heroes]), its map (None without [map]), and
    the tables it was read from (what a setup carries)."""

    heroes: Heroes | None
    board: Board | None
    tables: dict

    def merged(self) -> Heroes:
        """The starter heroes with this file's heroes added (a hero of the same id replaced)."""
        return merge(builtin_heroes(), self.heroes) if self.heroes else builtin_heroes()

    def used(self, hero_ids) -> dict:
        """The tables a setup carries: the file's heroes among `hero_ids` (all, when None) with their
        cards, and its map."""
        data = {}
        if self.heroes:
            wanted = set(self.heroes.heroes) if hero_ids is None else set(hero_ids) & set(self.heroes.heroes)
            if wanted:
                data["heroes"] = {h: self.tables["heroes"][h] for h in sorted(wanted)}
                data["cards"] = {c: raw for c, raw in self.tables["cards"].items() if raw.get("hero") in wanted}
        if self.board:
            data.update({key: self.tables[key] for key in MAP_TABLES if key in self.tables})
        return data


def read(data, source: str, play: bool = False) -> Custom:
    """A content file's tables checked: its hero part by heroes.py, its map part by board.py, every problem
    of both reported together; BadCards when there is any (or when the file has neither part). To `play`
    it, its map may not take a starter map's id (the site draws a map by its id)."""
    problems = top_level(data, source, HERO_TABLES + MAP_TABLES, "a hero or map file")
    has_heroes = any(key in data for key in HERO_TABLES)
    has_map = any(key in data for key in MAP_TABLES)
    if not has_heroes and not has_map:
        problems.add("-", "-", "a hero or map file needs [heroes] and [cards] tables, or [map] and [zones]")
    lines = list(problems.lines)
    heroes = board = None
    if has_heroes:
        try:
            heroes = read_heroes({k: in_order(data[k]) for k in HERO_TABLES if k in data}, source)
        except BadCards as error:
            lines += error.problems
    if has_map:
        try:
            board = read_board({k: data[k] for k in MAP_TABLES if k in data}, source)
        except BadCards as error:
            lines += error.problems
    if heroes is not None and not lines:
        lines += clashes(builtin_heroes(), heroes, source)
    if play and board is not None and board.id in MAPS:         # a starter map's id names its drawing on the site
        lines.append(f"{source}: map: id: {board.id!r} is a starter map's id (option map); choose another")
    if lines:
        raise BadCards(lines)
    return Custom(heroes, board, {k: data[k] for k in HERO_TABLES + MAP_TABLES if k in data})


def in_order(entries):
    """A table's entries by id: a record's JSON keeps no order, and a hero's cards (its deck's order) must
    be the same whether read from the file or from the record."""
    return dict(sorted(entries.items())) if isinstance(entries, dict) else entries


def load_content_file(path, play: bool = False) -> Custom:
    """A user's hero and/or map file read and checked (to `play`: see read); BadCards listing every problem."""
    source = Path(path).name
    return read(parse_toml(read_text(path), source), source, play)


def clashes(base: Heroes, custom: Heroes, source: str) -> list[str]:
    """A card id of the file that a starter hero it does not replace already uses (ids are global)."""
    kept = {cid: card.hero for cid, card in base.cards.items() if card.hero not in custom.heroes}
    return [f"{source}: cards.{cid}: -: this id is already a card of the starter hero {kept[cid]!r}; "
            f"choose another" for cid in custom.cards if cid in kept]


def merge(base: Heroes, custom: Heroes) -> Heroes:
    """`base` with `custom`'s heroes added; a hero of the same id (and its cards) replaced."""
    heroes = {**{h: hero for h, hero in base.heroes.items() if h not in custom.heroes}, **custom.heroes}
    cards = {**{c: card for c, card in base.cards.items() if card.hero not in custom.heroes}, **custom.cards}
    return Heroes(heroes, cards)


def bounds_problem(extra) -> str | None:
    """Why carried content is out of bounds (counted before anything is checked), or None."""
    if not isinstance(extra, dict) or not extra or set(extra) - set(HERO_TABLES + MAP_TABLES):
        return "setup 'content' must be an object with 'heroes' and 'cards', and/or 'map' and 'zones'"
    for key, most in (("heroes", MAX_SETUP_HEROES), ("cards", MAX_SETUP_CARDS), ("zones", MAX_SETUP_ZONES)):
        if isinstance(extra.get(key), dict) and len(extra[key]) > most:
            return f"setup 'content' may carry at most {most} {key}; this one has {len(extra[key])}"
    return None
