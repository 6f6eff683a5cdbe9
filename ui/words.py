"""The message catalogue (the shell's messages.toml merged with each game's ui/games/ID/messages.toml)
and the words every game's page shares: seats, reasons."""

from pathlib import Path

from engine.core.messages import fill, merge_messages
from ui.pages import PAGES

HERE = Path(__file__).parent

_MESSAGES: dict | None = None


def messages() -> dict:
    """The catalogue, loaded once: section -> key -> {language: template}."""
    global _MESSAGES
    if _MESSAGES is None:
        _MESSAGES = merge_messages(catalogue_files())
    return _MESSAGES


def catalogue_files() -> list[Path]:
    """The shell's catalogue, then each registered game's own (ui/games/ID/messages.toml), when it has one."""
    games = [HERE.parent / page.messages for page in PAGES]
    return [HERE / "messages.toml", *(path for path in games if path.is_file())]


def message(section: str, key: str, lang: str = "en", **values) -> str:
    """A message filled in (plural fields in the forms the numbers take); English when the language lacks it."""
    entry = messages()[section][key]
    if lang not in entry:
        lang = "en"
    return fill(entry[lang], lang, **values)


def word(section: str, key: str, lang: str = "en", fallback: str | None = None) -> str:
    """A single word or phrase for an engine value; the value itself (or `fallback`) when unknown."""
    entry = messages().get(section, {}).get(key)
    if entry is None:
        return fallback if fallback is not None else str(key)
    return entry.get(lang, entry["en"])


def side_word(seat, lang: str = "en") -> str:
    """A seat as its colour name ("Blue", "Red"), never "Side 0"."""
    return word("side", str(seat), lang)


def side_words(values: dict, lang: str) -> dict:
    """An event's seat-valued fields (seat, giver, winner, to) as side names, for its sentence."""
    return {key: side_word(value, lang) if key in SEAT_FIELDS and isinstance(value, int) else value
            for key, value in values.items()}


SEAT_FIELDS = ("seat", "giver", "winner", "to")


def because(event: dict, lang: str = "en") -> str:
    """The reasons an event gives for a choice, as one clause ("" when it gives none)."""
    parts = []
    for reason in event.get("reasons") or []:
        why = word("why", str(reason.get("why", "")), lang)
        parts.append(f"{why} ({reason['rule']})" if reason.get("rule") else why)
    return message("ui", "because", lang, reasons="; ".join(parts)) if parts else ""
