"""Build an exact autobattle `Battle` from a compact text description, plus small test helpers.

    position(a="L=20 cells=grunt,.,brute:eq=sword reserve=grunt:1,sword:0 deck=wall,grunt terrain=meadow",
             b="L=15 cells=.,grunt:life=1", active=0, turn=4, options={"cells": 3}, seed=1)

Grammar of one side (tokens separated by spaces, every token optional):

    L=<int>                 Leadership (default 20)
    cells=<slot>,<slot>...  left to right; padded with empty cells up to the `cells` option
        <slot> = .          an empty cell
               | <id>[:<key>=<value>]...   a unit; keys:
                 eq=<id>    attach that equipment (its bonus is added, as on entry)
                 attack=<n> life=<n> max=<n>   the unit's CURRENT values (after equipment and auras)
    reserve=<id>[:<crystals>],...   left to right (= draw order); crystals default to the printed value
    deck=<id>,...           top card first
    terrain=<id>            the card on the terrain spot
    out=<id>,...            cards already out of battle
    fielded=yes|no          whether a unit has ever been in battle (default: yes when cells hold a unit)

`turn` is the number of player-turns already played: `play_turn` plays turn `turn + 1`, and a single
step (`fatigue`, `enter_battle`, …) sees `b.turn == turn`. Reserve cards count as drawn before it.
Cards come from tests/autobattle/cards.toml; uids are given in reading order, side a then side b.
Options are resolved with the ruleset's defaults; events are on and start empty (aura set-up
events are dropped).
"""

from pathlib import Path

from engine.core.events import EventLog
from engine.core.options import resolve_options
from engine.core.rng import Rng
from engine.rulesets.autobattle.cards import load_content_file
from engine.rulesets.autobattle.features import refresh_auras
from engine.rulesets.autobattle.options import OPTIONS
from engine.rulesets.autobattle.state import Battle, Card, Side

CARDS_FILE = Path(__file__).with_name("cards.toml")
CONTENT = load_content_file(CARDS_FILE)
CARDS = CONTENT.cards


def options(**given) -> dict:
    """All autobattle options, defaults filled in."""
    return resolve_options(OPTIONS, given)


def position(a: str = "", b: str = "", active: int = 0, turn: int = 0, options: dict | None = None,
             seed: int = 1, first: int | None = None) -> Battle:
    """The Battle described by `a` (seat 0) and `b` (seat 1); see the module docstring."""
    opts = resolve_options(OPTIONS, options or {})
    counter = iter(range(10_000))
    sides, overrides = [], []
    for seat, text in enumerate((a, b)):
        side, units = _side(seat, text, opts, counter)
        sides.append(side)
        overrides += units
    every = [card for side in sides for card in _all_cards(side)]
    has_auras = any("aura" in card.defn.by_trigger for card in every)
    battle = Battle(sides, active if first is None else first, Rng(seed), opts, EventLog(True), has_auras)
    battle.active, battle.turn = active, turn
    number = turn // 2 if opts["fatigue_count"] == "rounds" else turn
    battle.fatigue_started = number >= opts["fatigue_start"]
    refresh_auras(battle)
    for card, values in overrides:
        card.attack = values.get("attack", card.attack)
        card.life = values.get("life", card.life)
        card.max_life = values.get("max", max(card.max_life, card.life))
    battle.log.take()
    return battle


def _side(seat: int, text: str, opts: dict, counter) -> tuple[Side, list]:
    fields = dict(token.split("=", 1) for token in text.split())
    unknown = set(fields) - {"L", "cells", "reserve", "deck", "terrain", "out", "fielded"}
    assert not unknown, f"unknown position fields {unknown}"
    new = lambda card_id: Card(next(counter), CARDS[card_id], seat)  # noqa: E731
    side = Side(seat, int(fields.get("L", 20)), [], opts["cells"], [])
    overrides = []
    slots = _items(fields.get("cells", ""))
    assert len(slots) <= opts["cells"], f"{len(slots)} cells given, the line has {opts['cells']}"
    for index, slot in enumerate(slots):
        if slot == ".":
            continue
        card_id, *pairs = slot.split(":")
        values = dict(pair.split("=", 1) for pair in pairs)
        unit = new(card_id)
        assert unit.defn.is_unit, f"{card_id} is not a creature or hero"
        unit.cell = index
        side.cells[index] = unit
        if "eq" in values:
            _equip(unit, new(values.pop("eq")))
        overrides.append((unit, {key: int(value) for key, value in values.items()}))
    for item in _items(fields.get("reserve", "")):
        card_id, _, crystals = item.partition(":")
        card = new(card_id)
        card.crystals = int(crystals) if crystals else card.crystals
        card.drawn_on = -1
        side.reserve.append(card)
    side.deck = [new(card_id) for card_id in _items(fields.get("deck", ""))][::-1]   # top = last
    if "terrain" in fields:
        side.terrain = new(fields["terrain"])
        assert side.terrain.defn.type == "terrain"
    side.out = [new(card_id) for card_id in _items(fields.get("out", ""))]
    side.fielded = fields.get("fielded", "yes" if side.units() else "no") == "yes"
    return side, overrides


def _equip(unit: Card, equipment: Card) -> None:
    """Attach as the entry step does (Card.equip: bonuses and features)."""
    assert equipment.defn.type == "equipment"
    unit.equip(equipment)


def _items(text: str) -> list[str]:
    return [item for item in text.split(",") if item]


def _all_cards(side: Side) -> list[Card]:
    cards = list(side.reserve) + list(side.deck) + list(side.out)
    for unit in side.units():
        cards += [unit] + ([unit.equipment] if unit.equipment else [])
    return cards + ([side.terrain] if side.terrain else [])


# --- reading the result ----------------------------------------------------------------------

def cells(b: Battle, seat: int) -> list:
    """The card ids in a side's cells, None for empty."""
    return [card.defn.id if card else None for card in b.sides[seat].cells]


def reserve(b: Battle, seat: int) -> list[tuple[str, int]]:
    """(card id, crystals) of a side's reserve, left to right."""
    return [(card.defn.id, card.crystals) for card in b.sides[seat].reserve]


def deck(b: Battle, seat: int) -> list[str]:
    """A side's deck, top card first."""
    return [card.defn.id for card in reversed(b.sides[seat].deck)]


def out(b: Battle, seat: int) -> list[str]:
    """The card ids out of battle, in the order they left."""
    return [card.defn.id for card in b.sides[seat].out]


def stats(card: Card) -> tuple[int, int, int]:
    """(attack, life, max_life) of a unit."""
    return card.attack, card.life, card.max_life


def unit(b: Battle, seat: int, cell: int) -> Card:
    """The unit in a cell (asserting there is one)."""
    card = b.sides[seat].cells[cell]
    assert card is not None, f"seat {seat} cell {cell} is empty"
    return card


def events(b: Battle, kind: str | None = None) -> list:
    """The events logged so far, optionally only one kind."""
    return [e for e in b.log.events if kind is None or e.kind == kind]


def one(b: Battle, kind: str):
    """The single event of a kind (asserting there is exactly one)."""
    found = events(b, kind)
    assert len(found) == 1, f"expected one {kind!r} event, got {[e.to_data() for e in found]}"
    return found[0]


def kinds(b: Battle) -> list[str]:
    """The kinds of every event so far, in order."""
    return [e.kind for e in b.log.events]


def result(b: Battle):
    """(winner, rule) of the battle's result, or None."""
    return None if b.result is None else (b.result.winner, b.result.rule)
