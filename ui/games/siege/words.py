"""Siege in words: card names, the battle log's sentences and the automaton's reasons.

Pure Python (no browser): the page describes events with it, the tests run it over real games. It
reads only engine views and events. Names never come from an event's English `name` field: the
caller gives `unit(uid)` and `card(card_id)` in the page's language.

A reason's `why` is English made by the engine for the command line; here each reason is put in
words from its structured fields (uid, route, mode, hp, …) or, where the engine gives only the
sentence, from the numbers in it (REASON_PATTERNS), or a fixed sentence ([why] in messages.toml).
"""

import re

from ui.words import message, messages, word

SIDES = ("player", "automaton")


def card_name(card: dict, names: dict, lang: str) -> str:
    """A printed card's display name: "Ember (Recruit)"; a Nameless card: its title."""
    title = card["title"].get(lang) or card["title"]["en"]
    if not card.get("name"):
        return title
    name = names.get(card["name"], {})
    return message("slog", "card_name", lang, name=name.get(lang) or name.get("en") or card["name"], title=title)


def mode_word(mode: str, lang: str) -> str:
    """ATK or MAT in the page's language."""
    return word("smode", str(mode), lang)


def square_words(square, lang: str) -> str:
    """A square as "row 3, column 1" (1-based, as the board's labels)."""
    if not isinstance(square, list) or len(square) != 2:
        return message("slog", "command_zone", lang)
    return message("slog", "square", lang, row=square[0] + 1, col=square[1] + 1)


def describe(event: dict, unit, card, lang: str, deck=str) -> str:
    """A siege event as a sentence. `unit(uid)`, `card(card_id)` and `deck(deck_id)` give names."""
    kind = str(event.get("kind", ""))
    values = {key: value for key, value in event.items() if key not in ("kind", "rule", "reasons")}
    side = SIDES[values["side"]] if values.get("side") in (0, 1) else None
    key = kind
    for field in ("uid", "attacker", "payer", "commander"):
        if isinstance(values.get(field), int):
            values[f"{field}_name"] = unit(values[field])
    if "uid_name" in values:
        values["name"] = values["uid_name"]
    if "card" in values and isinstance(values["card"], str):
        values["card"] = card(values["card"])
    if "mode" in values:
        values["mode"] = mode_word(values["mode"], lang)
    target = values.get("target")
    if isinstance(target, int) and not isinstance(target, bool) and kind != "base_damage":   # there: the goal
        values["target"] = unit(target)
    if kind in ("active", "charge", "draw", "turn_end", "no_draw", "deck", "guard", "hand_overflow",
                "base_damage", "defense_enhance", "guard_enhance") and side:
        key = f"{kind}_{side}"
    if kind == "deck":
        values["deck"] = deck(values.get("deck"))
    elif kind == "active":
        values["count"] = len(values.get("turned", []))
    elif kind == "charge" and values.get("skipped"):
        key = "charge_skipped"
    elif kind == "hand_overflow" and side is None:
        key = f"hand_overflow_to_{values.get('to')}"
    elif kind == "deploy":
        where = "cmd" if values.get("square") is None else "sq"
        values["square"] = square_words(values.get("square"), lang)
        key = f"deploy_{side}_{where}"
        if event.get("rule") == "F2-8":
            key = "deploy_commander"
        elif "cost" not in values:
            key += "_free"
    elif kind in ("commander_join",):
        key = f"commander_join_{'automaton' if event.get('rule') == 'S2-R34' else 'player'}_{bool(values.get('joins'))}"
    elif kind == "declare":
        key = "declare_base" if target == "base" else "declare"
    elif kind == "move":
        values["square"] = square_words(values.get("to"), lang)
    elif kind == "attacker":
        values["square"] = square_words(values.get("square"), lang)
    elif kind == "target_base":
        key = f"target_base_{event.get('rule')}"
    elif kind == "defense_check":
        key = f"defense_check_{bool(values.get('can'))}"
    elif kind == "guard_leaves":
        key = f"guard_leaves_{bool(values.get('survives'))}"
    elif kind == "enhance_cost":
        values["source"] = word("ssource", str(values.get("source")), lang)
    elif kind == "line":
        key = f"line_{values.get('line')}"
    elif kind == "route_advance":
        values["route"] = word("sroute", str(values.get("route")), lang)
        values["count"] = len(values.get("moves", []))
    elif kind == "moved_enough":
        key = f"moved_enough_{bool(values.get('reached'))}"
    elif kind == "base_combat":
        values["guard"] = card(values["guard"]["card"]) if isinstance(values.get("guard"), dict) else "—"
    elif kind == "ability":
        values["ability"] = ability_name(values.get("ability"), lang)
        key = f"ability_{values.get('effect')}"
    elif kind == "game_over":
        values["reason"] = word("reason", str(event.get("rule", "")), lang, str(values.get("reason", "")))
        key = "game_over_automaton" if values.get("automaton") else "game_over_player" if values.get("winners") \
            else "game_over_draw"
    if key not in messages()["slog"]:
        return message("slog", "other", lang, kind=kind)
    try:
        return message("slog", key, lang, **values)
    except (KeyError, IndexError, ValueError):
        return message("slog", "other", lang, kind=kind)


# Abilities are few and fixed per view; the page fills this from each view (`learn_abilities`).
_ABILITIES: dict = {}


def learn_abilities(abilities: dict) -> None:
    """Remember ability names (id -> {en, ja, ru}) from a view's `abilities`."""
    for ability_id, data in abilities.items():
        _ABILITIES[ability_id] = data["name"]


def ability_name(ability_id, lang: str) -> str:
    names = _ABILITIES.get(ability_id)
    return (names.get(lang) or names["en"]) if names else word("sability", str(ability_id), lang)


# --- reasons -------------------------------------------------------------------------------------

# (compiled English pattern of an engine `why`, message key in [swhy]); the groups fill the message.
REASON_PATTERNS = (
    (re.compile(r"free choice among (?P<count>\d+) tied characters"), "free_tied"),
    (re.compile(r"(?P<count>\d+) targets tie on every priority"), "free_targets"),
    (re.compile(r"attacking the Base: as many uses as possible \((?P<uses>\d+)\)"), "base_all_uses"),
    (re.compile(r"(?P<uses>\d+) use\(s\) make the attack lethal"), "lethal_uses"),
    (re.compile(r".* shares the Guard's name and has MP$"), "guard_payer"),
    (re.compile(r"triggered on (?P<trigger>deploy|defeat|turn_start)$"), "triggered"),
    (re.compile(r"attack (?P<attack>\d+) (?P<cmp>[≥<]) the Commander's defense (?P<defense>\d+)"), "join_threshold"),
)


def reason_words(reason: dict, unit, lang: str) -> str:
    """One reason in words (without its rule id)."""
    return _reason(reason, unit, lang)[0]


def known_reason(reason: dict, lang: str = "en") -> bool:
    """True when a reason has words of its own here (for the tests: no engine English leaks through)."""
    return _reason(reason, lambda uid: "X", lang)[1]


def _reason(reason: dict, unit, lang: str) -> tuple[str, bool]:
    """(words, whether they are this module's own rather than the engine's English)."""
    text = _structured(reason, unit, lang)
    if text is not None:
        return text, True
    why = str(reason.get("why", ""))
    return word("why", why, lang), why in messages().get("why", {})


def _structured(reason: dict, unit, lang: str) -> str | None:
    why = str(reason.get("why", ""))
    rule = reason.get("rule")
    yes_no = lambda flag: word("syesno", str(bool(flag)), lang)  # noqa: E731
    if rule == "S2-R11" and "max_hp" in reason:
        return message("swhy", "heal_order", lang, name=unit(reason["uid"]), max_hp=reason["max_hp"], hp=reason["hp"])
    if rule == "S2-R11" and reason.get("no_heal") in ("low_ap", "none_hurt"):
        return message("swhy", f"no_heal_{reason['no_heal']}", lang, ap=reason["ap"])
    if rule == "S2-R17" and "route" in reason:
        return message("swhy", "route_count", lang, route=word("sroute", reason["route"], lang), count=reason["count"])
    if rule == "S2-R25" and "uid" in reason:
        return message("swhy", "target_order", lang, name=unit(reason["uid"]), adjacent=yes_no(reason["adjacent"]),
                       same_column=yes_no(reason["same_column"]), hp=reason["hp"], cost=reason["cost"])
    if rule == "S2-R22" and "mode" in reason:
        return message("swhy", "mode_damage", lang, mode=mode_word(reason["mode"], lang), value=reason["value"],
                       damage=reason["damage"])
    if "defense" in reason and "expected" in reason:
        key = "target_hp_growth" if reason["expected"] else "target_hp"
        return message("swhy", key, lang, hp=reason["hp"], defense=reason["defense"], expected=reason["expected"])
    if rule == "S2-R32" and "predicted" in reason:
        return message("swhy", "defense_cap", lang, predicted=reason["predicted"], cap=reason["cap"], mp=reason["mp"])
    for pattern, key in REASON_PATTERNS:
        found = pattern.search(why)
        if found:
            values = found.groupdict()
            if key == "triggered":
                values["trigger"] = word("strigger", values["trigger"], lang)
            if key == "join_threshold":
                key = "join_yes" if values.pop("cmp") == "≥" else "join_no"
            return message("swhy", key, lang, **values)
    return None


def because(event: dict, unit, lang: str) -> str:
    """The reasons an event gives, as one clause (" — because: …"), or ""."""
    parts = []
    for reason in event.get("reasons") or []:
        text = reason_words(reason, unit, lang)
        parts.append(f"{text} ({reason['rule']})" if reason.get("rule") else text)
    return message("ui", "because", lang, reasons="; ".join(parts)) if parts else ""



def learn_view(units: dict, view: dict) -> None:
    """uid -> card id for every card a view shows (characters by their current card, cards in hand and
    the Standby Zone by their own), so the log can name a uid whatever happened to it since."""
    for side in view["sides"]:
        chars = side["units"] + ([side["commander"]] if side["commander"] else [])
        for char in chars:
            units[char["uid"]] = char["card"]
            for card in char["growth"]:
                units.setdefault(card["uid"], card["card"])
        for card in side["standby"] + (side["hand"] if isinstance(side["hand"], list) else []):
            units.setdefault(card["uid"], card["card"])
