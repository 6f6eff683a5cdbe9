"""Positions from a compact description: rule demos, teaching links and rule tests start from these.

    {"a": "L=20 cells=grunt,.,brute:eq=sword reserve=grunt:1,sword:0 deck=wall,grunt terrain=meadow",
     "b": "L=15 cells=.,grunt:life=1", "active": 0, "turn": 4}

One side (tokens separated by spaces, each optional):

    L=<int>                 Leadership (default 20)
    cells=<slot>,<slot>...  left to right; `.` is an empty cell; a unit is <id>[:<key>=<value>]...
                            with eq=<equipment id>, and attack=, life=, max= for its CURRENT values
    reserve=<id>[:<crystals>],...   left to right (draw order); crystals default to the printed value
    deck=<id>,...           top card first
    terrain=<id>            the card on the terrain spot
    out=<id>,...            cards already out of battle
    fielded=yes|no          whether a unit has ever been in battle (default: yes when a cell is filled)

`turn` is the number of player-turns already played; the next turn is `turn + 1`, for `active`.
A description comes from links, so every mistake is a BadSetup naming the side and the token.
"""

from ...core.errors import BadSetup
from ...core.events import EventLog
from ...core.rng import Rng
from .cards import Content
from .features import refresh_auras
from .state import Battle, Card, Side

MAX_TEXT = 2_000
MAX_TURN = 1_000
SIDE_KEYS = ("L", "cells", "reserve", "deck", "terrain", "out", "fielded")
UNIT_KEYS = ("eq", "attack", "life", "max")


def check_position(position) -> dict:
    """The position's shape (types and sizes) checked; the cards are checked when it is built."""
    if not isinstance(position, dict) or set(position) - {"a", "b", "active", "turn"}:
        raise BadSetup("a position is an object with 'a', 'b', 'active' and 'turn'")
    for side in ("a", "b"):
        text = position.get(side, "")
        if not isinstance(text, str) or len(text) > MAX_TEXT:
            raise BadSetup(f"position side {side} must be text of at most {MAX_TEXT} characters")
    active, turn = position.get("active", 0), position.get("turn", 0)
    if active not in (0, 1) or isinstance(active, bool):
        raise BadSetup("position 'active' must be 0 or 1")
    if isinstance(turn, bool) or not isinstance(turn, int) or not 0 <= turn <= MAX_TURN:
        raise BadSetup(f"position 'turn' must be a whole number from 0 to {MAX_TURN}")
    return {"a": position.get("a", ""), "b": position.get("b", ""), "active": active, "turn": turn}


def build_position(position: dict, content: Content, options: dict, seed: int, log: EventLog) -> Battle:
    """The Battle a (checked) position describes; set-up aura events are not logged."""
    builder = _Builder(content, options)
    sides = [builder.side(seat, name, position[name]) for seat, name in enumerate(("a", "b"))]
    has_auras = any("aura" in card.defn.by_trigger for card in builder.made)
    battle = Battle(sides, position["active"], Rng(seed), dict(options), EventLog(False), has_auras)
    battle.turn = position["turn"]
    number = battle.turn // 2 if options["fatigue_count"] == "rounds" else battle.turn
    battle.fatigue_started = number >= options["fatigue_start"]
    refresh_auras(battle)
    for card, values in builder.overrides:
        card.attack = values.get("attack", card.attack)
        card.life = values.get("life", card.life)
        card.max_life = values.get("max", max(card.max_life, card.life))
    battle.log = log
    return battle


class _Builder:
    """Makes the cards of a position, numbering them in reading order."""

    def __init__(self, content: Content, options: dict):
        self.content, self.options = content, options
        self.made: list[Card] = []
        self.overrides: list[tuple[Card, dict]] = []

    def card(self, side: str, card_id: str, seat: int, kinds=None) -> Card:
        defn = self.content.cards.get(card_id)
        if defn is None:
            raise BadSetup(f"position side {side}: unknown card {card_id[:40]!r}")
        if kinds and defn.type not in kinds:
            raise BadSetup(f"position side {side}: {card_id} is a {defn.type}, not a {' or '.join(kinds)}")
        card = Card(len(self.made), defn, seat)
        self.made.append(card)
        return card

    def side(self, seat: int, name: str, text: str) -> Side:
        fields = {}
        for token in text.split():
            key, sep, value = token.partition("=")
            if not sep or key not in SIDE_KEYS:
                raise BadSetup(f"position side {name}: unknown token {token[:40]!r} (use {', '.join(SIDE_KEYS)})")
            fields[key] = value
        side = Side(seat, _number(name, "L", fields.get("L", "20"), -999, 999), [], self.options["cells"], [])
        slots = _items(fields.get("cells", ""))
        if len(slots) > self.options["cells"]:
            raise BadSetup(f"position side {name}: {len(slots)} cells given; the line has {self.options['cells']}")
        for index, slot in enumerate(slots):
            if slot != ".":
                self._unit(side, name, index, slot)
        for item in _items(fields.get("reserve", "")):
            card_id, _, crystals = item.partition(":")
            card = self.card(name, card_id, seat)
            if crystals:
                card.crystals = _number(name, card_id, crystals, -99, 99)
            side.reserve.append(card)
        side.deck = [self.card(name, card_id, seat) for card_id in _items(fields.get("deck", ""))][::-1]
        if fields.get("terrain"):
            side.terrain = self.card(name, fields["terrain"], seat, ("terrain",))
        side.out = [self.card(name, card_id, seat) for card_id in _items(fields.get("out", ""))]
        fielded = fields.get("fielded", "yes" if side.units() else "no")
        if fielded not in ("yes", "no"):
            raise BadSetup(f"position side {name}: fielded must be yes or no")
        side.fielded = fielded == "yes"
        return side

    def _unit(self, side: Side, name: str, index: int, slot: str) -> None:
        card_id, *pairs = slot.split(":")
        unit = self.card(name, card_id, side.seat, ("creature", "hero"))
        unit.cell = index
        side.cells[index] = unit
        values = {}
        for pair in pairs:
            key, sep, value = pair.partition("=")
            if not sep or key not in UNIT_KEYS:
                raise BadSetup(f"position side {name}: unknown unit setting {pair[:40]!r} (use {', '.join(UNIT_KEYS)})")
            if key == "eq":
                unit.equip(self.card(name, value, side.seat, ("equipment",)))
            else:
                values[key] = _number(name, key, value, -99, 999)
        self.overrides.append((unit, values))


def _items(text: str) -> list[str]:
    return [item for item in text.split(",") if item]


def _number(side: str, key: str, text: str, low: int, high: int) -> int:
    try:
        value = int(text)
    except ValueError:
        value = None
    if value is None or not low <= value <= high:
        raise BadSetup(f"position side {side}: {key} must be a whole number from {low} to {high}; got {text[:20]!r}")
    return value
