"""Build-time context for the tactics pages (play page, character gallery): characters and armies.

Loaded by build/build_site.py for the page whose ui/pages.py entry names `context="tactics"`.
"""

from engine.rulesets.tactics.characters import builtin_content
from ui.games.tactics.words import skill_line
from ui.words import message, word


CUSTOM_ARMY = "custom"      # the army select's value for "Build your own" (the form's data-custom tells the UI)


def context(ruleset) -> dict:
    """What the tactics templates (games/tactics/play.html, games/tactics/cards.html, games/tactics/_card.html) read."""
    content = builtin_content()
    chars = {cid: defn.to_data() for cid, defn in content.characters.items()}
    names = {cid: data["name"] for cid, data in chars.items()}
    kinds = ("king", "hero", "unit")
    order = sorted(chars, key=lambda cid: (chars[cid]["summoned"], kinds.index(chars[cid]["kind"]), cid))
    if CUSTOM_ARMY in content.armies:
        raise ValueError(f"a preset army may not be called {CUSTOM_ARMY!r}: the play page uses it for a built army")
    return {"tactics_chars": chars, "tactics_order": order,
            "tactics_custom": CUSTOM_ARMY,
            "tactics_army_members": next(o.default for o in ruleset.options if o.key == "army_members"),
            "tactics_kings": [cid for cid in order if chars[cid]["kind"] == "king" and not chars[cid]["summoned"]],
            "tactics_pickable": [cid for cid in order if chars[cid]["kind"] != "king" and not chars[cid]["summoned"]],
            "tactics_armies": [content.armies[a] for a in sorted(content.armies)],
            "tactics_summoned": [cid for cid in order if chars[cid]["summoned"]],
            "tactics_free": [cid for cid in order if not chars[cid]["summoned"] and not any(
                cid == army.king or cid in army.members for army in content.armies.values())],
            "skill_line": lambda skill, lang: skill_line(skill, lang, names), "word": word,
            "message_stats": lambda c, lang: message("teffect", "stats", lang, speed=c["speed"], range=c["range"],
                                                     health=c["health"])}
