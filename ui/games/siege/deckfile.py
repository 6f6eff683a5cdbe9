"""Siege decks a player builds from the starter cards: checked, read, written, put in a setup.

Pure Python (no browser imports), so CPython tests cover it. Every deck is checked by the engine's
own card-file validator (`content_from_data`, as `python -m engine cards validate` runs it: F2-7's
50 to 60 cards and 3 copies per level of a name, F2-8's Lv1 Main card) and its problems are that
validator's `file: table: field: message` lines. Saved decks and imported files are card files
(TOML, a `[decks.ID]` table each) and are read back as untrusted input, all or nothing.
"""

from dataclasses import dataclass, field

from engine.core.carddata import LANGUAGES, MAX_FILE_BYTES, Problems
from engine.core.errors import BadCards
from engine.core.tomlwrite import dump_tables
from engine.rulesets.siege.cards import MAX_COPIES, Deck, builtin_content, content_from_data
from ui import saved_text
from ui.saved_text import Named

SOURCE = "decks.toml"           # the exported file's name: live messages name it as `cards validate` would
STORED = "saved decks"          # the source named when this browser's stored decks are refused
MAX_SAVED = 30                  # decks kept in one browser (a stored or imported file holds at most this)
MAX_TEXT = MAX_FILE_BYTES       # characters of an imported or stored file, the CLI's cap on a card file
HEADER = ("Skirmish siege decks, a card file: python -m engine cards validate decks.toml\n"
          "Play one: python -m engine play siege --cards decks.toml --deck 0=DECK_ID")
DEFAULT_ID = "my_deck"
SIDE = "player"


def read_decks(text, source: str = SOURCE) -> dict[str, Deck]:
    """The decks in a card file's text, checked as `cards validate` checks them plus this editor's
    limits (decks only, player decks, no starter deck's id, at most MAX_SAVED); BadCards lists every
    problem, and nothing is returned unless all is well."""
    return saved_text.read_checked(text, source, MAX_TEXT, content_from_data, builtin_content(),
                                   editor_problems).decks


def editor_problems(data, source: str = SOURCE) -> list[str]:
    """What this editor refuses although the card-file format allows it, as problem lines."""
    problems = Problems(source)
    if not isinstance(data, dict):
        return []
    for table in ("names", "ranges", "abilities", "cards"):
        if data.get(table):
            problems.add(table, "-", "this editor keeps decks of starter cards only; check a file with new "
                                     "cards with 'python -m engine cards validate FILE'")
    decks = data.get("decks")
    if isinstance(decks, dict):
        starters = builtin_content().decks
        for deck_id, deck in decks.items():
            if deck_id in starters:
                problems.add(f"decks.{deck_id}", "id", "is a starter deck's id; choose another")
            if isinstance(deck, dict) and deck.get("side", SIDE) != SIDE:
                problems.add(f"decks.{deck_id}", "side", "this editor keeps the player's decks only")
        if len(decks) > MAX_SAVED:
            problems.add("decks", "-", f"at most {MAX_SAVED} decks; got {len(decks)}")
    return problems.lines


def write_decks(decks: dict[str, Deck]) -> str:
    """Decks as a card file (TOML) that `cards validate`, `play siege --cards` and `read_decks` accept."""
    return dump_tables({"decks": {deck_id: deck.to_data() for deck_id, deck in decks.items()}}, HEADER)


def load_saved(text) -> tuple[dict[str, Deck], str | None]:
    """This browser's saved decks from their stored text: (decks, None), or ({}, one line why not)."""
    return saved_text.load_saved(text, lambda stored: read_decks(stored, STORED))


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


def slug(name: str) -> str:
    """An id made from a name (a-z, 0-9, '_'), or DEFAULT_ID when the name has no such letters."""
    return saved_text.slug(name, DEFAULT_ID)




@dataclass
class Draft(Named):
    """The deck in the editor: an id, names, and copies of each starter card."""

    id: str = DEFAULT_ID
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

    def problems(self) -> list[str]:
        """Every problem `cards validate` would print for a file holding just this deck, then this
        editor's own (a starter deck's id); [] when the deck can be saved."""
        data = {"decks": {self.id: self.data()}}
        try:
            content_from_data(data, SOURCE, builtin_content())
            lines = []
        except BadCards as error:
            lines = error.problems
        return lines + editor_problems(data)

    def deck(self) -> Deck:
        """The checked deck; BadCards when it has problems."""
        lines = self.problems()
        if lines:
            raise BadCards(lines)
        return content_from_data({"decks": {self.id: self.data()}}, SOURCE, builtin_content()).decks[self.id]
