"""Build-time context for the initiative pages (play page, hero gallery): the maps drawn as SVG, the
heroes and their cards.

Loaded by build/build_site.py for the page whose ui/pages.py entry names `context="initiative"`.
"""


def maps_context(ruleset) -> dict:
    """The maps (both lanes' layouts), with each space's place on the drawn board (ui/hexgeom.py)."""
    return {}


def cards_context(ruleset) -> dict:
    """The heroes and every printed card, by hero and tier, for the gallery and the play page's cards."""
    return {}


def context(ruleset) -> dict:
    """What the initiative templates (games/initiative.html, initiative_cards.html, _icard.html) read."""
    return {**maps_context(ruleset), **cards_context(ruleset)}
