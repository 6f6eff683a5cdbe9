"""The how-to pages' words: a game's screens (ui/games/ID/howto.toml) and its glossary (ui/games/ID/glossary.toml).

Read and checked at build time only (build/build_site.py renders ID/howto.html from them; the UI never
loads them). A mistake in either file fails the build with the file, the screen or word, and the field:
a missing language, a paragraph count that differs between languages, a demo the ruleset lacks, a
rule its catalogue lacks, a card its starter card file lacks, an anchor that is not a plain lowercase word.
"""

import re
import tomllib
from pathlib import Path

from engine.core.carddata import LANGUAGES

SCREENS = (4, 6)            # a how-to page teaches in a few screens: at least 4, at most 6
PARAGRAPHS = (2, 4)         # each screen: two to four short paragraphs
ANCHOR = re.compile(r"[a-z]+(?:-[a-z]+)*")     # anchors are words with hyphens: never id-like text
SCREEN_FIELDS = {"anchor", "art", "heading", "text", "caption", "demos", "cards", "labels"}
WORD_FIELDS = {"term", "line"}


class HowtoError(ValueError):
    """A how-to or glossary file that cannot make a correct page."""


def howto_context(ruleset, content: Path, glossary: Path, art: str) -> dict:
    """What build/templates/howto.html reads for one game: its screens, its glossary words,
    the illustration template, the tables of its starter card file (for pictures that draw cards
    from the content), and the same demo links and rule statements the rules page shows."""
    screens = load_screens(content, ruleset)
    return {"howto_screens": screens, "howto_glossary": load_glossary(glossary), "howto_art": art,
            "howto_content": starter_tables(ruleset)}


def starter_tables(ruleset) -> dict:
    """The tables of the ruleset's starter card file (content/cards.toml beside it), as data; {} when it
    has none. The engine validates that file; a how-to picture only reads it."""
    path = ruleset.data_path("content") / "cards.toml"
    return _read(path) if path.is_file() else {}


def load_screens(path: Path, ruleset) -> list[dict]:
    """The screens of `path`, checked against the ruleset's demos and rule catalogue."""
    data = _read(path)
    unknown = set(data) - {"screens"}
    if unknown:
        raise HowtoError(f"{path.name}: unknown table(s) {sorted(unknown)}")
    screens = data.get("screens")
    if not isinstance(screens, list) or not SCREENS[0] <= len(screens) <= SCREENS[1]:
        raise HowtoError(f"{path.name}: [[screens]] must hold {SCREENS[0]} to {SCREENS[1]} screens")
    demos, seen = ruleset.demos(), set()
    starter = starter_tables(ruleset).get("cards")
    for number, screen in enumerate(screens, 1):
        where = f"{path.name}: screen {number} ({screen.get('anchor', '?')})"
        if not isinstance(screen, dict):
            raise HowtoError(f"{where}: not a table")
        unknown = set(screen) - SCREEN_FIELDS
        if unknown:
            raise HowtoError(f"{where}: unknown field(s) {sorted(unknown)}")
        _anchor(screen.get("anchor"), f"{where}: anchor", seen)
        if not isinstance(screen.get("art"), str) or not re.fullmatch(r"[a-z]+", screen["art"]):
            raise HowtoError(f"{where}: art must name an illustration macro (lowercase letters)")
        _texts(screen.get("heading"), f"{where}: heading")
        _texts(screen.get("caption"), f"{where}: caption")
        _paragraphs(screen.get("text"), f"{where}: text")
        screen.setdefault("cards", [])
        if not isinstance(screen["cards"], list) or not all(isinstance(c, str) for c in screen["cards"]):
            raise HowtoError(f"{where}: cards must be a list of card ids")
        missing = [card for card in screen["cards"] if isinstance(starter, dict) and card not in starter]
        if missing:
            raise HowtoError(f"{where}: cards: {missing[0]!r} is not a starter card of {ruleset.id}")
        for name, label in screen.setdefault("labels", {}).items():
            _texts(label, f"{where}: labels.{name}")
        rules = screen.get("demos")
        if not isinstance(rules, list) or not rules:
            raise HowtoError(f"{where}: demos must list at least one rule id with a demo")
        for rule in rules:
            if rule not in ruleset.catalogue:
                raise HowtoError(f"{where}: demos: {rule!r} is not in the {ruleset.id} rule catalogue")
            if rule not in demos:
                raise HowtoError(f"{where}: demos: rule {rule!r} has no demo in {ruleset.id}'s demos.toml")
    return screens


def load_glossary(path: Path) -> list[dict]:
    """Every word of a game's glossary, in file order: {key, anchor, term, line}."""
    data = _read(path)
    words = data.get("words")
    if set(data) != {"words"} or not isinstance(words, dict) or not words:
        raise HowtoError(f"{path.name}: the file holds one table, [words.KEY]")
    seen, found = set(), []
    for key, word in words.items():
        where = f"{path.name}: words.{key}"
        _anchor(key, where, seen)
        if not isinstance(word, dict) or set(word) != WORD_FIELDS:
            raise HowtoError(f"{where}: needs exactly {sorted(WORD_FIELDS)}")
        _texts(word["term"], f"{where}: term")
        _texts(word["line"], f"{where}: line")
        found.append(dict(word, key=key, anchor=f"glossary-{key}"))
    return found


def _read(path: Path) -> dict:
    try:
        return tomllib.loads(path.read_text("utf-8"))
    except FileNotFoundError:
        raise HowtoError(f"{path} is missing") from None
    except tomllib.TOMLDecodeError as error:
        raise HowtoError(f"{path.name}: {error}") from None


def _anchor(value, where: str, seen: set) -> None:
    if not isinstance(value, str) or not ANCHOR.fullmatch(value):
        raise HowtoError(f"{where}: {value!r} must be lowercase words joined by hyphens")
    if value in seen:
        raise HowtoError(f"{where}: {value!r} is used twice")
    seen.add(value)


def _texts(value, where: str) -> None:
    """One non-empty line in every language."""
    if not isinstance(value, dict) or set(value) != set(LANGUAGES):
        raise HowtoError(f"{where}: needs exactly {list(LANGUAGES)}")
    for lang in LANGUAGES:
        if not isinstance(value[lang], str) or not value[lang].strip():
            raise HowtoError(f"{where}.{lang}: empty")


def _paragraphs(value, where: str) -> None:
    """The same number of paragraphs (PARAGRAPHS) in every language, none empty."""
    if not isinstance(value, dict) or set(value) != set(LANGUAGES):
        raise HowtoError(f"{where}: needs exactly {list(LANGUAGES)}")
    counts = set()
    for lang in LANGUAGES:
        items = value[lang]
        if not isinstance(items, list) or not all(isinstance(p, str) and p.strip() for p in items):
            raise HowtoError(f"{where}.{lang}: must be a list of paragraphs")
        counts.add(len(items))
    if len(counts) != 1 or not PARAGRAPHS[0] <= counts.pop() <= PARAGRAPHS[1]:
        raise HowtoError(f"{where}: {PARAGRAPHS[0]} to {PARAGRAPHS[1]} paragraphs, as many in each language")
