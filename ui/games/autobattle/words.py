"""Autobattle's battle log in words: one sentence per event, from the catalogue's [log] section."""

from ui.words import message, messages, side_words, word


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

