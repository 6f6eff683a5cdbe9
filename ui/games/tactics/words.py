"""Tactics in words: skill lines for the gallery and the play page, and the battle log.

Pure Python (no browser): the build renders the character gallery with it, the page describes
events with it. It reads only engine views and events (characters as `CharacterDef.to_data()`).
"""

from ui.words import message, messages, side_words, word


def element_word(element: str | None, lang: str) -> str:
    """Pyro, Eol, … in the page's language."""
    return word("telement", element or "none", lang)


def effect_text(effect: dict, lang: str, names: dict | None = None) -> str:
    """One effect of a skill, e.g. "3 damage" or "burn 1 for 2 cycles"."""
    values = {key: value for key, value in effect.items() if key != "kind"}
    if effect["kind"] == "invoke":
        character = (names or {}).get(effect.get("character"))
        values["character"] = (character.get(lang) or character["en"]) if character else effect.get("character", "")
        values["row"] = int(values.get("row", 0)) + 1
    try:
        return message("teffect", effect["kind"], lang, **values)
    except (KeyError, IndexError, ValueError):
        return str(effect.get("kind", ""))


def skill_line(skill: dict, lang: str, names: dict | None = None) -> str:
    """An Act, Unique or React Skill on one line: cost, range, element, target and effects."""
    name = skill["name"].get(lang) or skill["name"]["en"]
    effects = ", ".join(effect_text(effect, lang, names) for effect in skill["effects"])
    target = word("ttarget", skill["target"], lang)
    if "trigger" in skill:
        return message("teffect", "react_line", lang, name=name, trigger=word("ttrigger", skill["trigger"], lang),
                       target=target, effects=effects)
    reach = (message("teffect", "reach", lang, range=skill["range"]) if "range" in skill
             else message("teffect", "reach_own", lang))
    element = f", {element_word(skill['element'], lang)}" if skill.get("element") else ""
    return message("teffect", "skill_line", lang, name=name, cost=message("ui", "t_skill_cost", lang, ap=skill["ap"]),
                   reach=reach, element=element, target=target, effects=effects)


def char_names(view: dict, lang: str) -> dict:
    """uid -> the character's display name, for every character in a view."""
    defs = view["characters"]
    names = {}
    for side in view["sides"]:
        for char in side["chars"]:
            name = defs.get(char["id"], {}).get("name", {})
            names[char["uid"]] = name.get(lang) or name.get("en") or char["id"]
    return names


def skill_names(view: dict, lang: str) -> dict:
    """skill id -> display name, over every character in a view (ids are unique per character only,
    and characters sharing an id share the name in our data; the first one wins)."""
    names = {}
    for defn in view["characters"].values():
        for skill in [*defn["act_skills"], *defn["react_skills"], *([defn["unique_skill"]] if "unique_skill" in defn else [])]:
            names.setdefault(skill["id"], skill["name"].get(lang) or skill["name"]["en"])
    return names


def describe(event: dict, names: dict, skills: dict, lang: str) -> str:
    """A tactics event as a sentence. `names`: uid -> name; `skills`: skill id -> name."""
    kind = event.get("kind", "")
    values = {key: value for key, value in event.items() if key not in ("kind", "rule")}
    if kind == "first_card" and "soulwell_to" in values:
        values["giver"] = values["soulwell_to"]
    values = side_words(values, lang)

    def name(uid):
        return names.get(uid, f"#{uid}")

    if "uid" in values:
        values["name"] = name(values["uid"])
    for key in ("row", "col"):
        if isinstance(values.get(key), int):
            values[key] += 1
    if kind == "army":
        values["names"] = ", ".join(name(uid) for uid, _ in values.get("chars", []))
    elif kind == "first_player":
        values["speeds"] = " : ".join(str(speed) for speed in values.get("speeds", []))
    elif kind == "first_card" and "giver" in values:
        kind = "first_card_pass"
    elif kind == "advance":
        values["names"] = ", ".join(name(uid) for uid, _, _ in values.get("moved", []))
    elif kind == "disengage":
        values["count"] = len(values.get("gained", []))
    elif kind == "no_cycle_ap":
        values["names"] = ", ".join(name(uid) for uid in values.get("uids", []))
    elif kind == "tie_test":
        values["reason"] = word("reason", event.get("rule", ""), lang, values.get("reason", ""))
    elif kind == "action":
        values["what"] = word("taction", values.get("action", ""), lang)
    elif kind == "move":
        values["row"], values["col"] = values["to"][0] + 1, values["to"][1] + 1
    elif kind in ("skill", "react"):
        values["skill"] = skills.get(values.get("skill"), values.get("skill"))
        values["targets"] = ", ".join(name(uid) for uid in values.get("targets", [])) or "—"
        if kind == "react":
            values["trigger"] = word("ttrigger", values.get("trigger", ""), lang)
    elif kind == "element":
        values["skill_element"] = element_word(values.get("skill_element"), lang)
        values["target_element"] = element_word(values.get("target_element"), lang)
        values["modifier"] = f"{values.get('modifier', 0):+d}"
    elif kind == "kill_reward" and values.get("source") == "victim":
        kind = "kill_reward_victim"
        values["victims"] = ", ".join(name(uid) for uid in values.get("victims", []))
    elif kind == "invoke":
        values["by"] = name(values.get("by"))
    elif kind == "invoke_blocked":
        values["character"] = values.get("character", "")
    elif kind == "end":
        key = "end_draw" if values.get("winner") is None else "end_win"
        values["reason"] = word("reason", event.get("rule", ""), lang, values.get("reason", ""))
        return message("tlog", key, lang, **values)
    if kind not in messages()["tlog"]:
        return message("tlog", "other", lang, kind=kind)
    try:
        return message("tlog", kind, lang, **values)
    except (KeyError, IndexError, ValueError):
        return message("tlog", "other", lang, kind=kind)
