"""Build-time context for the siege pages (play page, card gallery): cards, names, abilities, decks.

Loaded by build/build_site.py for the page whose ui/pages.py entry names `context="siege"`.
"""

from engine.rulesets.siege.cards import builtin_content
from ui.games.siege.words import card_name
from ui.words import word


def context(ruleset) -> dict:
    """What the siege templates (games/siege/play.html, games/siege/cards.html, games/siege/_card.html) read."""
    content = builtin_content()
    cards = {cid: defn.to_data() for cid, defn in content.cards.items()}
    names = dict(content.names)
    kinds = ("main", "support", "nameless")
    # By name, then level: a character's four levels side by side; Nameless and Support cards after.
    order = sorted(cards, key=lambda cid: (kinds.index(cards[cid]["kind"]), cards[cid]["name"] or "",
                                           cards[cid]["level"], cid))
    decks = sorted(content.decks.values(), key=lambda d: (d.side != "player", d.id))
    return {"siege_cards": cards, "siege_order": order,
            "siege_named": sorted({cards[cid]["name"] for cid in order if cards[cid]["kind"] == "main"},
                                  key=lambda n: order.index(next(c for c in order if cards[c]["name"] == n))),
            "siege_names": names,
            "siege_abilities": {a: ability.to_data() for a, ability in content.abilities.items()},
            "siege_ranges": content.ranges,
            "siege_decks": [{"id": d.id, "side": d.side, "name": d.name, "size": sum(d.cards.values())}
                            for d in decks],
            "siege_card_name": lambda cid, lang: card_name(cards[cid], names, lang),
            "word": word}
