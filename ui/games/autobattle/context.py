"""Build-time context for the autobattle pages (play page, card gallery): cards and squads in order.

Loaded by build/build_site.py for the page whose ui/pages.py entry names `context="autobattle"`.
"""

from engine.rulesets.autobattle.cards import ELEMENTS, builtin_content
from engine.rulesets.autobattle.texts import card_lines, term


def context(ruleset) -> dict:
    """What the autobattle templates (games/autobattle/play.html, cards.html, games/autobattle/_card.html) read."""
    content = builtin_content()
    cards = sorted(content.cards.values(), key=lambda c: (ELEMENTS.index(c.element), c.type != "hero", c.crystals, c.id))
    squads = sorted(content.squads.values(), key=lambda s: (ELEMENTS.index(s.element), s.id))
    return {"elements": ELEMENTS, "cards": cards, "squads": squads, "card_lines": card_lines, "term": term}
