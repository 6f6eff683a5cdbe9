"""The pure half shared by the things a player keeps as card files (ui/games/autobattle/squadfile.py for autobattle
squads, ui/games/siege/deckfile.py for siege decks): ids from names, typed text made storable, a name in
three languages, and stored text read back all or nothing. No browser imports (tested on CPython)."""

import re

from engine.core.carddata import LANGUAGES, parse_toml
from engine.core.errors import BadCards


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
