"""Squads a player builds from the autobattle starter cards: checked, read, written, put in a setup.

Pure Python (no browser imports), so CPython tests cover it. Every squad is checked by the
engine's own card-file validator (`content_from_data`, as `python -m engine cards validate` runs
it) and its problems are that validator's `file: table: field: message` lines. Saved squads and
imported files are card files (TOML) and are read back as untrusted input, all or nothing.
"""

from dataclasses import dataclass, field

from engine.core.carddata import LANGUAGES, MAX_FILE_BYTES, Problems
from engine.core.errors import BadCards
from engine.core.tomlwrite import dump_tables
from engine.rulesets.autobattle.cards import (ELEMENTS, Content, SquadDef, builtin_content,
                                              carried_content, content_from_data)
from ui import saved_text
from ui.saved_text import Named

SOURCE = "squads.toml"          # the exported file's name: live messages name it as `cards validate` would
STORED = "saved squads"         # the source named when this browser's stored squads are refused
MAX_SAVED = 50                  # squads kept in one browser (a stored or imported file holds at most this)
MAX_TEXT = MAX_FILE_BYTES       # characters of an imported or stored file, the CLI's cap on a card file
HEADER = ("Skirmish autobattle squads, a card file: python -m engine cards validate squads.toml\n"
          "Play one: python -m engine play autobattle --cards squads.toml --deck 0=SQUAD_ID")
DEFAULT_ID = "my_squad"


def read_squads(text, source: str = SOURCE) -> dict[str, SquadDef]:
    """The squads in a card file's text, checked as `cards validate` checks them plus this editor's
    limits (starter cards only, no starter squad's id, at most MAX_SAVED squads); BadCards lists
    every problem, and nothing is returned unless all is well."""
    return saved_text.read_checked(text, source, MAX_TEXT, content_from_data, builtin_content(),
                                   editor_problems).squads


def editor_problems(data, source: str = SOURCE) -> list[str]:
    """What this editor refuses although the card-file format allows it, as problem lines."""
    problems = Problems(source)
    if not isinstance(data, dict):
        return []
    if data.get("cards"):
        problems.add("cards", "-", "this editor keeps squads of starter cards only; play a file with new "
                                   "cards with 'python -m engine play autobattle --cards FILE'")
    squads = data.get("squads")
    if isinstance(squads, dict):
        starters = builtin_content().squads
        for squad_id in squads:
            if squad_id in starters:
                problems.add(f"squads.{squad_id}", "id", "is a starter squad's id; choose another")
        if len(squads) > MAX_SAVED:
            problems.add("squads", "-", f"at most {MAX_SAVED} squads; got {len(squads)}")
    return problems.lines


def write_squads(squads: dict[str, SquadDef]) -> str:
    """Squads as a card file (TOML) that `cards validate`, `play --cards` and `read_squads` accept."""
    return dump_tables({"squads": {squad_id: squad.to_data() for squad_id, squad in squads.items()}}, HEADER)


def load_saved(text) -> tuple[dict[str, SquadDef], str | None]:
    """This browser's saved squads from their stored text: (squads, None), or ({}, one line why not)."""
    return saved_text.load_saved(text, lambda stored: read_squads(stored, STORED))


def battle_setup(decks: list[list[str]], saved: dict[str, SquadDef]) -> dict:
    """The setup of a battle between `decks`; the saved squads it uses travel inside it, as
    `play --cards` carries a file's squads, so its record and link replay anywhere."""
    setup = {"decks": [list(deck) for deck in decks]}
    used = [squad_id for deck in decks for squad_id in deck]
    if any(squad_id in saved for squad_id in used):
        setup["content"] = carried_content(Content({}, dict(saved)), builtin_content(), used)
    return setup


def slug(name: str) -> str:
    """An id made from a name (a-z, 0-9, '_'), or DEFAULT_ID when the name has no such letters."""
    return saved_text.slug(name, DEFAULT_ID)




@dataclass
class Draft(Named):
    """The squad in the editor: an id, names, element, hero and the cards added so far."""

    id: str = DEFAULT_ID
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

    def problems(self) -> list[str]:
        """Every problem `cards validate` would print for a file holding just this squad, then this
        editor's own (a starter squad's id); [] when the squad can be saved."""
        data = {"squads": {self.id: self.data()}}
        try:
            content_from_data(data, SOURCE, builtin_content())
            lines = []
        except BadCards as error:
            lines = error.problems
        return lines + editor_problems(data)

    def squad(self) -> SquadDef:
        """The checked squad; BadCards when it has problems."""
        lines = self.problems()
        if lines:
            raise BadCards(lines)
        return content_from_data({"squads": {self.id: self.data()}}, SOURCE, builtin_content()).squads[self.id]

