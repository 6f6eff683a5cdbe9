"""Squads a player builds from the autobattle starter cards: their kind of card file (SQUADS), the
draft in the editor, and a battle's setup.

Pure Python (no browser imports), so CPython tests cover it. Reading, checking and writing are the
shared model's (ui/saved_text.py): every squad is checked by the engine's own card-file validator
(`content_from_data`, as `python -m engine cards validate` runs it) and its problems are that
validator's `file: table: field: message` lines. Saved squads and imported files are card files
(TOML) and are read back as untrusted input, all or nothing.
"""

from dataclasses import dataclass, field

from engine.core.carddata import LANGUAGES
from engine.rulesets.autobattle.cards import (ELEMENTS, Content, SquadDef, builtin_content,
                                              carried_content, content_from_data)
from ui import saved_text

SQUADS = saved_text.CardKind(
    table="squads", item="squad", source="squads.toml", stored="saved squads", max_saved=50,
    header=("Skirmish autobattle squads, a card file: python -m engine cards validate squads.toml\n"
            "Play one: python -m engine play autobattle --cards squads.toml --deck 0=SQUAD_ID"),
    default_id="my_squad", foreign_tables=("cards",),
    foreign_hint=("this editor keeps squads of starter cards only; play a file with new cards with "
                  "'python -m engine play autobattle --cards FILE'"),
    content_from_data=content_from_data, starters=builtin_content)


def battle_setup(decks: list[list[str]], saved: dict[str, SquadDef]) -> dict:
    """The setup of a battle between `decks`; the saved squads it uses travel inside it, as
    `play --cards` carries a file's squads, so its record and link replay anywhere."""
    setup = {"decks": [list(deck) for deck in decks]}
    used = [squad_id for deck in decks for squad_id in deck]
    if any(squad_id in saved for squad_id in used):
        setup["content"] = carried_content(Content({}, dict(saved)), builtin_content(), used)
    return setup


@dataclass
class Draft(saved_text.Draft):
    """The squad in the editor: an id, names, element, hero and the cards added so far."""

    KIND = SQUADS
    id: str = SQUADS.default_id
    name: dict = field(default_factory=lambda: {lang: "" for lang in LANGUAGES})
    element: str = ELEMENTS[0]
    hero: str = ""
    cards: list = field(default_factory=list)

    @classmethod
    def of(cls, squad: SquadDef) -> "Draft":
        """A saved squad, to edit."""
        return cls(squad.id, dict(squad.name), squad.element, squad.hero, list(squad.cards))

    def add(self, card_id: str) -> None:
        self.cards.append(card_id)

    def remove(self, card_id: str) -> None:
        """One copy of `card_id` fewer (the last one added)."""
        if card_id in self.cards:
            del self.cards[len(self.cards) - 1 - self.cards[::-1].index(card_id)]

    def counts(self) -> dict[str, int]:
        """Copies of each card, in the order first added."""
        counts: dict[str, int] = {}
        for card_id in self.cards:
            counts[card_id] = counts.get(card_id, 0) + 1
        return counts

    def data(self) -> dict:
        """The squad as a card file writes it."""
        return {"element": self.element, "name": dict(self.name), "hero": self.hero, "cards": list(self.cards)}
