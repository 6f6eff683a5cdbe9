"""Battle events in words: one sentence per event, from the message catalogue (messages.toml)."""

from pathlib import Path

from engine.core.messages import fill, load_messages, placeholders

_MESSAGES: dict | None = None


def messages() -> dict:
    """The catalogue, loaded once: section -> key -> {language: template}."""
    global _MESSAGES
    if _MESSAGES is None:
        _MESSAGES = load_messages(Path(__file__).with_name("messages.toml"))
    return _MESSAGES


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


def describe(event: dict, name_of, lang: str = "en", squad_of=str) -> str:
    """An event as a sentence; `name_of(card_id)` and `squad_of(squad_id)` give display names."""
    kind = event.get("kind", "")
    values = side_words({key: value for key, value in event.items() if key not in ("kind", "rule")}, lang)
    for key in ("card", "after"):
        if key in values:
            values[key] = name_of(values[key])
    if "leadership" in values and isinstance(values["leadership"], int):
        values["leadership"] = max(0, values["leadership"])     # A4-7: Leadership at or below 0 is 0
    if kind == "deck":
        values["squads"] = ", ".join(squad_of(squad) for squad in values.get("squads", []))
    elif kind == "entry_order":
        values["cards"] = ", ".join(name_of(card) for card in values.get("cards", []))
    elif kind in ("skip_equipped", "attack_step"):
        values["cells"] = ", ".join(str(cell) for cell in values.get("cells", []))
    elif kind == "countdown":
        values["crystals"] = ", ".join(str(count) for _, count in values.get("crystals", []))
    elif kind == "feature":
        names = [name_of(card) for card in values.get("target_cards", [])]
        values["effect"] = word("effect", values.get("effect", ""), lang)
        if not names:
            return message("log", "feature_none", lang, **values)
        values["targets"] = ", ".join(names)
    elif kind == "end":
        key = "end_draw" if values.get("winner") is None else "end_win"
        values["reason"] = word("reason", event.get("rule", ""), lang, values.get("reason", ""))
        return message("log", key, lang, **values)
    if kind not in messages()["log"]:
        return message("log", "other", lang, kind=kind)
    try:
        return message("log", kind, lang, **values)
    except (KeyError, IndexError, ValueError):
        return message("log", "other", lang, kind=kind)

