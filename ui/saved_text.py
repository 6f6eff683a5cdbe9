"""The one model of what a player keeps as card files (autobattle squads, siege decks): a game declares
its kind (`CardKind`: the file's table, its names and limits, what the editor refuses) and its draft
(a `Draft` subclass: the fields and the table row it writes); reading, checking, writing and the stored
copy are the same for every kind. Ids come from names, typed text is made storable, a name has three
languages, and stored or imported text is read back all or nothing. No browser imports (tested on
CPython through each game's module: ui/games/autobattle/squadfile.py, ui/games/siege/deckfile.py).
"""

import re
from dataclasses import dataclass
from typing import Callable

from engine.core.carddata import LANGUAGES, MAX_FILE_BYTES, Problems, parse_toml
from engine.core.errors import BadCards
from engine.core.tomlwrite import dump_tables


def slug(name: str, default: str) -> str:
    """An id made from a name (a-z, 0-9, '_'), or `default` when the name has no such letters."""
    text = re.sub(r"[^a-z0-9]+", "_", str(name).lower()).strip("_")[:40].rstrip("_")
    return text or default


def is_unicode(text: str) -> bool:
    """True when `text` can be written as UTF-8 (no lone surrogate)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def clean_text(text) -> str:
    """Text typed or pasted in the page: a lone surrogate (which no file can hold) becomes U+FFFD."""
    return str(text).encode("utf-16", "surrogatepass").decode("utf-16", "replace")


def read_checked(text, source: str, max_text: int, content_from_data, base, editor_problems):
    """A card file's content, checked as `cards validate` checks it (`content_from_data` over the
    starter `base`) plus an editor's own limits (`editor_problems(data, source)`): the content, or
    BadCards with every problem — never half of it. Text that is not text, too large (more than
    `max_text` characters) or not valid Unicode is one line."""
    if not isinstance(text, str):
        raise BadCards([f"{source}: -: -: not text"])
    if len(text) > max_text:
        raise BadCards([f"{source}: -: -: too large ({len(text)} characters; at most {max_text})"])
    if not is_unicode(text):
        raise BadCards([f"{source}: -: -: not valid Unicode text"])
    data = parse_toml(text, source)
    lines = []
    try:
        content = content_from_data(data, source, base)
    except BadCards as error:
        lines, content = error.problems, None
    lines += editor_problems(data, source)
    if lines:
        raise BadCards(lines)
    return content


def load_saved(text, read) -> tuple[dict, str | None]:
    """What this browser kept, from its stored text by `read(text)`: (items, None), or ({}, one line
    why not) — a bad store is said and left unused, never half read."""
    if text is None or text == "":
        return {}, None
    try:
        return read(text), None
    except BadCards as error:
        return {}, str(error)


class Named:
    """A draft's name in every language (a dict `name`)."""

    name: dict

    def set_name(self, text, lang: str) -> None:
        """The name in `lang`; the other languages follow while they were the same (or empty)."""
        text, old = clean_text(text), self.name.get(lang, "")
        for language in LANGUAGES:
            if language == lang or self.name.get(language, "") in ("", old):
                self.name[language] = text


@dataclass(frozen=True)
class CardKind:
    """What a game's editor keeps as card files, and how a file of them is read, checked and written."""

    table: str                      # the card file's table of kept things: "squads" ([squads.ID] each)
    item: str                       # one of them in the editor's own problem lines: "squad"
    source: str                     # the exported file's name: problem lines name it as `cards validate` would
    stored: str                     # the source named when this browser's stored copy is refused
    max_saved: int                  # kept in one browser (a stored or imported file holds at most this)
    header: str                     # the exported file's comment: how to check and play it with the CLI
    default_id: str                 # the id of a draft whose name has no a-z or 0-9
    foreign_tables: tuple           # the file's other tables, which this editor refuses (new cards…)
    foreign_hint: str               # the refusal's words: what to do with such a file instead
    content_from_data: Callable     # the engine's validator: (data, source, starters) -> content
    starters: Callable              # () -> the starter content (the base a file builds on)
    own_problems: Callable = lambda item_id, item, problems: None   # a game's check of one kept thing
    max_text: int = MAX_FILE_BYTES  # characters of an imported or stored file, the CLI's cap on a card file

    def read(self, text, source: str | None = None) -> dict:
        """The kept things in a card file's text, checked as `cards validate` checks them plus this
        editor's limits; BadCards lists every problem, and nothing is returned unless all is well."""
        content = read_checked(text, source or self.source, self.max_text, self.content_from_data,
                               self.starters(), self.editor_problems)
        return getattr(content, self.table)

    def editor_problems(self, data, source: str | None = None) -> list[str]:
        """What this editor refuses although the card-file format allows it, as problem lines."""
        problems = Problems(source or self.source)
        if not isinstance(data, dict):
            return []
        for table in self.foreign_tables:
            if data.get(table):
                problems.add(table, "-", self.foreign_hint)
        kept = data.get(self.table)
        if isinstance(kept, dict):
            starters = getattr(self.starters(), self.table)
            for item_id, item in kept.items():
                if item_id in starters:
                    problems.add(f"{self.table}.{item_id}", "id", f"is a starter {self.item}'s id; choose another")
                self.own_problems(item_id, item, problems)
            if len(kept) > self.max_saved:
                problems.add(self.table, "-", f"at most {self.max_saved} {self.table}; got {len(kept)}")
        return problems.lines

    def write(self, kept: dict) -> str:
        """Kept things as a card file (TOML) that `cards validate`, `play --cards` and `read` accept."""
        return dump_tables({self.table: {item_id: item.to_data() for item_id, item in kept.items()}}, self.header)

    def load_saved(self, text) -> tuple[dict, str | None]:
        """This browser's kept things from their stored text: (items, None), or ({}, one line why not)."""
        return load_saved(text, lambda stored: self.read(stored, self.stored))

    def slug(self, name: str) -> str:
        """An id made from a name (a-z, 0-9, '_'), or the kind's default id when it has no such letters."""
        return slug(name, self.default_id)


class Draft(Named):
    """The thing in an editor: a subclass names its KIND and writes its table row (`data`)."""

    KIND: CardKind
    id: str

    def data(self) -> dict:
        """The draft as a card file writes it."""
        raise NotImplementedError

    def problems(self) -> list[str]:
        """Every problem `cards validate` would print for a file holding just this draft, then this
        editor's own (a starter's id); [] when it can be saved."""
        data = {self.KIND.table: {self.id: self.data()}}
        try:
            self.KIND.content_from_data(data, self.KIND.source, self.KIND.starters())
            lines = []
        except BadCards as error:
            lines = error.problems
        return lines + self.KIND.editor_problems(data)

    def checked(self):
        """The checked thing, as a file of it reads back; BadCards when it has problems."""
        lines = self.problems()
        if lines:
            raise BadCards(lines)
        content = self.KIND.content_from_data({self.KIND.table: {self.id: self.data()}}, self.KIND.source,
                                              self.KIND.starters())
        return getattr(content, self.KIND.table)[self.id]
