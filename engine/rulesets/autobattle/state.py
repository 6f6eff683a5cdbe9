"""The battle's state: two Ungars, each with a deck, a reserve, a line of cells and a terrain spot."""

from ...core.events import EventLog
from ...core.rng import Rng
from .cards import CardDef


class Card:
    """A card in play. Units (creatures, heroes) use the battle fields; others ignore them."""

    __slots__ = ("uid", "defn", "owner", "crystals", "attack", "life", "max_life", "equipment",
                 "cell", "aura_attack", "aura_life_up", "aura_life_down", "drawn_on", "features")

    def __init__(self, uid: int, defn: CardDef, owner: int):
        self.uid, self.defn, self.owner = uid, defn, owner
        self.crystals = defn.crystals      # the countdown while in reserve (S4-R5)
        self.attack = defn.attack
        self.life = self.max_life = defn.life
        self.equipment: Card | None = None
        self.cell = -1                     # last cell held in battle, kept after death for death features
        self.aura_attack = self.aura_life_up = self.aura_life_down = 0   # aura bonuses now applied (G4-5)
        self.drawn_on = -1                 # the turn it was drawn (G4-10 option)
        self.features = defn.by_trigger    # trigger -> features, its equipment's included once attached

    def equip(self, equipment: "Card") -> None:
        """Carry `equipment` (S4-R17): its bonuses and its features become the carrier's."""
        self.equipment = equipment
        self.attack += equipment.defn.attack
        self.max_life += equipment.defn.life
        self.life += equipment.defn.life
        extra = equipment.defn.by_trigger
        if extra:
            self.features = {trigger: self.defn.by_trigger.get(trigger, ()) + extra.get(trigger, ())
                             for trigger in {*self.defn.by_trigger, *extra}}

    def to_data(self) -> dict:
        """The card's visible state."""
        data = {"uid": self.uid, "card": self.defn.id}
        if self.defn.is_unit:
            data.update(attack=self.attack, life=self.life, max_life=self.max_life)
            data["equipment"] = self.equipment.to_data() if self.equipment else None
        return data

    def reserve_data(self) -> dict:
        """The card as it shows in the reserve, with its crystals counter."""
        return {"uid": self.uid, "card": self.defn.id, "crystals": self.crystals}


class Side:
    """One Ungar: Leadership, deck (top = last), reserve (left to right), cells, terrain, out of battle."""

    __slots__ = ("seat", "leadership", "deck", "reserve", "cells", "terrain", "out", "squads", "fielded")

    def __init__(self, seat: int, leadership: int, deck: list[Card], cells: int, squads: list[str]):
        self.seat, self.leadership, self.deck = seat, leadership, deck
        self.reserve: list[Card] = []
        self.cells: list[Card | None] = [None] * cells
        self.terrain: Card | None = None
        self.out: list[Card] = []
        self.squads = squads
        self.fielded = False      # has any unit ever been in battle (A4-8 option)

    def units(self) -> list[Card]:
        """Creatures and heroes in battle, left to right."""
        return list(filter(None, self.cells))      # a card is always true: this drops the empty cells

    def to_data(self, hide_deck: bool) -> dict:
        """The side as data; the deck's order is hidden unless `hide_deck` is False."""
        return {
            "seat": self.seat,
            "leadership": self.leadership,
            "squads": list(self.squads),
            "deck": len(self.deck) if hide_deck else [card.defn.id for card in reversed(self.deck)],
            "reserve": [card.reserve_data() for card in self.reserve],
            "cells": [card.to_data() if card else None for card in self.cells],
            "terrain": self.terrain.defn.id if self.terrain else None,
            "out": [card.defn.id for card in self.out],
        }


class Battle:
    """The whole game state. `opts` holds the resolved options; `log` may be switched off."""

    __slots__ = ("sides", "active", "first", "turn", "rng", "opts", "log", "result",
                 "has_auras", "aura_sources", "auras_applied", "auras_stale", "fatigue_started",
                 "decks_hold_off_end")

    def __init__(self, sides: list[Side], first: int, rng: Rng, opts: dict, log: EventLog, has_auras: bool):
        self.sides, self.first, self.active = sides, first, first
        self.turn = 0               # player-turns begun so far; the current turn's number (1-based)
        self.rng, self.opts, self.log = rng, opts, log
        self.result = None
        self.has_auras = has_auras  # skip aura bookkeeping when no card in play can have one
        # Aura bookkeeping, so that refreshing the bonuses (G4-5) looks only at what may have changed
        # (features.came_into_play / left_play keep it): the units and terrains in play that have an
        # aura; whether the last refresh left any unit a bonus; and what is stale since then: False
        # (every unit's bonuses are those of the cards in play), one unit that just entered without
        # an aura (only its own may be off), or True (any may be).
        self.aura_sources = [card for side in sides for card in (*side.cells, side.terrain)
                             if card is not None and "aura" in card.features] if has_auras else []
        self.auras_applied = True
        self.auras_stale = True
        self.fatigue_started = False
        # While both decks hold cards nobody has lost all cards, unless that only means an emptied
        # line (G4-6 'battle'): read at every end check, so worked out once.
        self.decks_hold_off_end = opts["lost_all_cards"] != "battle"

    def to_data(self, hide_decks: bool = False) -> dict:
        """The whole state as JSON-able data (the digest hashes this)."""
        return {
            "sides": [side.to_data(hide_decks) for side in self.sides],
            "first": self.first,
            "active": self.active,
            "turn": self.turn,
            "rng": self.rng.to_data() if not hide_decks else None,
            "result": self.result.to_data() if self.result else None,
        }
