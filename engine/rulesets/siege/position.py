"""Positions from a compact description: rule demos, teaching links and rule tests start from these.

    {"player": ["ember_2@3,0 hp=1 def", "lumen_1@cmd"], "automaton": ["gale_3@1,0 mp=2"],
     "hand": {"player": ["thorn_2"], "automaton": ["mist_1"]},
     "deck": {"player": ["ember_1"], "automaton": ["frost_2", "gale_1"]},      # top card first
     "ap": [5, 10], "base": [8, 0], "round": 3, "from": "active"}

A character is `card_id@row,col` (or `@cmd`, the Command Zone) then optional words: hp=, max=, mp=,
growth=ID+ID, and the flags def (Defense position), fresh (deployed this turn), moved, focus.
`from` says where the game opens: the automaton's turn at one of its steps (active, charge, draw,
deploy, attack) or the player's Main Phase ("main"). Uids: the player's characters, then the
automaton's, then hands, then decks, in the order written. A description comes from links, so
every mistake is a BadSetup naming what is wrong.
"""

from ...core.errors import BadSetup
from ...core.events import EventLog
from ...core.rng import Rng
from .board import get_board
from .cards import Content
from .field import new_card
from .state import AUTOMATON, PLAYER, Game, Side, Unit
from .turn import AUTOMATON_TURN

KEYS = {"player", "automaton", "hand", "deck", "ap", "base", "round", "from"}
STARTS = ("active", "charge", "draw", "deploy", "attack", "main")
MAX_UNITS, MAX_CARDS = 12, 60
FLAGS = ("def", "fresh", "moved", "focus")


def check_position(position) -> dict:
    """The description's shape (types and sizes); cards and squares are checked when it is built."""
    if not isinstance(position, dict) or set(position) - KEYS:
        raise BadSetup(f"a position is an object with some of: {', '.join(sorted(KEYS))}")
    for key in ("player", "automaton"):
        units = position.get(key, [])
        if not isinstance(units, list) or len(units) > MAX_UNITS or not all(
                isinstance(u, str) and 0 < len(u) <= 200 and u.split() for u in units):
            raise BadSetup(f"position '{key}' must list at most {MAX_UNITS} character descriptions ('id@row,col …')")
    for key in ("hand", "deck"):
        table = position.get(key, {})
        if not isinstance(table, dict) or set(table) - {"player", "automaton"} or not all(
                isinstance(v, list) and len(v) <= MAX_CARDS and all(isinstance(c, str) and len(c) <= 40 for c in v)
                for v in table.values()):
            raise BadSetup(f"position '{key}' must map player/automaton to lists of at most {MAX_CARDS} card ids")
    for key, default, high in (("ap", [5, 10], 99), ("base", [8, 0], 30)):
        pair = position.get(key, default)
        if not isinstance(pair, list) or len(pair) != 2 or not all(type(v) is int and 0 <= v <= high for v in pair):
            raise BadSetup(f"position '{key}' must be two whole numbers from 0 to {high} [player, automaton]")
    rnd = position.get("round", 2)
    if type(rnd) is not int or not 1 <= rnd <= 200:
        raise BadSetup("position 'round' must be a whole number from 1 to 200")
    if position.get("from", "active") not in STARTS:
        raise BadSetup(f"position 'from' must be one of {', '.join(STARTS)}")
    return {"player": list(position.get("player", [])), "automaton": list(position.get("automaton", [])),
            "hand": {k: list(v) for k, v in position.get("hand", {}).items()},
            "deck": {k: list(v) for k, v in position.get("deck", {}).items()},
            "ap": list(position.get("ap", [5, 10])), "base": list(position.get("base", [8, 0])),
            "round": rnd, "from": position.get("from", "active")}


def build_position(position: dict, content: Content, options: dict, seed: int, log: EventLog) -> Game:
    """The Game a checked position describes (no set-up events)."""
    board = get_board(options["board"])
    game = Game([], Rng(seed), dict(options), EventLog(False), content, board)
    sides = [Side(PLAYER, "position", [], position["ap"][0], position["base"][0]),
             Side(AUTOMATON, "position", [], position["ap"][1], 0)]
    sides[AUTOMATON].base_damage = position["base"][1]
    game.sides = sides
    for index, key in ((PLAYER, "player"), (AUTOMATON, "automaton")):
        for text in position[key]:
            _unit(game, index, key, text)
    for key in ("hand", "deck"):
        for index, name in ((PLAYER, "player"), (AUTOMATON, "automaton")):
            cards = [new_card(game, _defn(content, name, cid)) for cid in position[key].get(name, [])]
            if key == "hand":
                sides[index].hand = cards
            else:
                sides[index].deck = cards[::-1]
    game.round, game.first_turn = position["round"], False
    start = position["from"]
    if start == "main":
        game.active = PLAYER
    else:
        game.active = AUTOMATON
        game.queue = [[name] for name in AUTOMATON_TURN[AUTOMATON_TURN.index("a_" + start):]]
    game.log = log
    return game


def _defn(content: Content, where: str, card_id: str):
    if card_id not in content.cards:
        raise BadSetup(f"position {where}: unknown card {card_id[:40]!r}")
    return content.cards[card_id]


def _unit(game: Game, index: int, key: str, text: str) -> None:
    head, *words = text.split()
    card_id, sep, at = head.partition("@")
    if not sep:
        raise BadSetup(f"position {key}: {head[:40]!r} must be 'card_id@row,col' or 'card_id@cmd'")
    defn = _defn(game.content, key, card_id)
    side = game.sides[index]
    square = None
    if at != "cmd":
        try:
            row, col = (int(v) for v in at.split(","))
        except ValueError:
            raise BadSetup(f"position {key}: {head[:40]!r} needs a square 'row,col'") from None
        square = (row, col)
        if not game.board.may_stand(index, square) or game.occupant(square) is not None:
            raise BadSetup(f"position {key}: {card_id} cannot stand on {row},{col} (taken, or not its square)")
    elif side.commander is not None:
        raise BadSetup(f"position {key}: only one character in the Command Zone")
    hp = defn.level if index == AUTOMATON else defn.hp
    unit = Unit(new_card(game, defn), index, hp, defn.level if index == AUTOMATON else 0, square)
    if index == AUTOMATON and game.opts["automaton_max_hp"] == "printed":
        unit.max_hp = max(defn.level, defn.hp)
    unit.fresh = False
    for word in words:
        name, sep, value = word.partition("=")
        if not sep and name in FLAGS:
            if name == "def":
                unit.position = "defense"
            elif name == "focus":
                unit.focus = 1
            else:
                setattr(unit, name, True)
        elif sep and name == "growth":
            unit.growth = [new_card(game, _defn(game.content, key, cid)) for cid in value.split("+") if cid][:8]
        elif sep and name in ("hp", "max", "mp"):
            if not (value.isascii() and value.isdigit() and len(value) <= 2):
                raise BadSetup(f"position {key}: {name} must be a whole number from 0 to 99")
            setattr(unit, {"hp": "hp", "max": "max_hp", "mp": "mp"}[name], int(value))
        else:
            raise BadSetup(f"position {key}: unknown word {word[:40]!r} (use hp=, max=, mp=, growth=, "
                           f"{', '.join(FLAGS)})")
    if unit.hp < 1 or unit.hp > unit.max_hp:
        unit.max_hp = max(unit.max_hp, unit.hp)
        if unit.hp < 1:
            raise BadSetup(f"position {key}: {card_id} needs hp of at least 1")
    if square is None:
        side.commander = unit
    else:
        side.units.append(unit)
