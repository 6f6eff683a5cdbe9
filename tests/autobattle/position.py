"""Exact autobattle positions for rule tests, and small readers of the result.

    position(a="L=20 cells=grunt,.,brute:eq=sword reserve=grunt:1,sword:0 deck=wall,grunt terrain=meadow",
             b="L=15 cells=.,grunt:life=1", active=0, turn=4, options={"cells": 3}, seed=1)

The grammar is the engine's own (engine/rulesets/autobattle/position.py), so demos, links and
tests describe positions the same way. Cards come from tests/autobattle/cards.toml. `turn` is the
number of player-turns already played: `play_turn` plays turn `turn + 1`. Events are on and start
empty.
"""

from pathlib import Path

from engine.core.events import EventLog
from engine.core.options import resolve_options
from engine.rulesets.autobattle.cards import load_content_file
from engine.rulesets.autobattle.options import OPTIONS
from engine.rulesets.autobattle.position import build_position, check_position
from engine.rulesets.autobattle.state import Battle, Card

CARDS_FILE = Path(__file__).with_name("cards.toml")
CONTENT = load_content_file(CARDS_FILE)
CARDS = CONTENT.cards


def options(**given) -> dict:
    """All autobattle options, defaults filled in."""
    return resolve_options(OPTIONS, given)


def position(a: str = "", b: str = "", active: int = 0, turn: int = 0, options: dict | None = None,
             seed: int = 1, first: int | None = None) -> Battle:
    """The Battle described by `a` (seat 0) and `b` (seat 1), with events on and empty."""
    opts = resolve_options(OPTIONS, options or {})
    described = check_position({"a": a, "b": b, "active": active, "turn": turn})
    battle = build_position(described, CONTENT, opts, seed, EventLog(True))
    if first is not None:
        battle.first = first
    return battle


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
