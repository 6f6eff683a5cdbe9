"""Siege decks a player builds from the starter cards: their kind of card file (DECKS), the draft in
the deck builder, its list of cards, and a game's setup.

Pure Python (no browser imports), so CPython tests cover it. Reading, checking and writing are the
shared model's (ui/saved_text.py): every deck is checked by the engine's own card-file validator
(`content_from_data`, as `python -m engine cards validate` runs it: F2-7's 50 to 60 cards and 3 copies
per level of a name, F2-8's Lv1 Main card) and its problems are that validator's `file: table: field:
message` lines. Saved decks and imported files are card files (TOML, a `[decks.ID]` table each) and
are read back as untrusted input, all or nothing.
"""

from dataclasses import dataclass, field

from engine.core.carddata import LANGUAGES
from engine.rulesets.siege.cards import MAX_COPIES, Deck, builtin_content, content_from_data
from ui import saved_text

SIDE = "player"


def player_decks_only(deck_id: str, deck, problems) -> None:
    """The deck builder keeps the player's decks: a deck of another side is a problem line."""
    if isinstance(deck, dict) and deck.get("side", SIDE) != SIDE:
        problems.add(f"decks.{deck_id}", "side", "this editor keeps the player's decks only")


DECKS = saved_text.CardKind(
    table="decks", item="deck", source="decks.toml", stored="saved decks", max_saved=30,
    header=("Skirmish siege decks, a card file: python -m engine cards validate decks.toml\n"
            "Play one: python -m engine play siege --cards decks.toml --deck 0=DECK_ID"),
    default_id="my_deck", foreign_tables=("names", "ranges", "abilities", "cards"),
    foreign_hint=("this editor keeps decks of starter cards only; check a file with new cards with "
                  "'python -m engine cards validate FILE'"),
    content_from_data=content_from_data, starters=builtin_content, own_problems=player_decks_only)


def battle_setup(deck_id: str, saved: dict[str, Deck], automaton_deck: str | None = None) -> dict:
    """The setup of a game with the player's deck `deck_id` (a starter deck or a saved one) against the
    automaton's deck (its first starter deck by default); a saved deck travels inside it, as
    `play siege --cards FILE --deck 0=ID` carries it, so its record and link replay anywhere."""
    if automaton_deck is None:
        automaton_deck = sorted(d for d, deck in builtin_content().decks.items() if deck.side == "automaton")[0]
    setup = {"decks": [deck_id, automaton_deck]}
    if deck_id in saved:
        setup["content"] = {"decks": {deck_id: saved[deck_id].to_data()}}
    return setup


def card_rows(lang: str = "en") -> list[dict]:
    """The starter cards a deck may hold, by name and then level (Main, Support, then Nameless cards):
    {id, name (with title, in `lang`), level, kind}."""
    content = builtin_content()
    names = list(content.names)
    order = sorted(content.cards.values(), key=lambda c: (c.kind == "nameless", names.index(c.name) if c.name else 0,
                                                           c.level, c.id))
    return [{"id": c.id, "name": content.card_name(c.id, lang), "level": c.level, "kind": c.kind} for c in order]


@dataclass
class Draft(saved_text.Draft):
    """The deck in the editor: an id, names, and copies of each starter card."""

    KIND = DECKS
    id: str = DECKS.default_id
    name: dict = field(default_factory=lambda: {lang: "" for lang in LANGUAGES})
    counts: dict = field(default_factory=dict)      # card id -> copies, in the order first added

    @classmethod
    def of(cls, deck: Deck) -> "Draft":
        """A saved deck, to edit."""
        return cls(deck.id, dict(deck.name), dict(deck.cards))

    def add(self, card_id: str) -> bool:
        """One more copy of a starter card, up to MAX_COPIES (F2-7); False when none was added."""
        if card_id not in builtin_content().cards or self.counts.get(card_id, 0) >= MAX_COPIES:
            return False
        self.counts[card_id] = self.counts.get(card_id, 0) + 1
        return True

    def remove(self, card_id: str) -> bool:
        """One copy fewer; False when the deck holds none."""
        if not self.counts.get(card_id):
            return False
        self.counts[card_id] -= 1
        if not self.counts[card_id]:
            del self.counts[card_id]
        return True

    def total(self) -> int:
        return sum(self.counts.values())

    def data(self) -> dict:
        """The deck as a card file writes it."""
        return {"side": SIDE, "name": dict(self.name), "cards": dict(self.counts)}
