"""Build-time context for the initiative pages (play page, hero gallery): the maps drawn as SVG, the
heroes and their cards.

Loaded by build/build_site.py for the page whose ui/pages.py entry names `context="initiative"`.
"""

from engine.rulesets.initiative.board import MAPS, builtin_board
from ui.games.initiative.mapdata import GENERIC_KEY, map_entry


def maps_context(ruleset) -> dict:
    """The maps (both lanes' layouts), with each space's place on the drawn board (ui/games/initiative/hexgeom.py).

    `initiative_maps`: one entry per built-in map (board.MAPS, read as the engine reads them), in that
    order — id, names, the SVG viewBox, zones (kind, team, names, outline, label place and lines per
    language) and every space (axial q, r; polygon points; centre; zone; what is printed on it): made by
    ui/games/initiative/mapdata.map_entry, which the page also uses to draw a map it has no drawing for.
    `initiative_generic_map`: the key of the empty frame that such a map is drawn into (GENERIC_KEY).
    """
    return {"initiative_maps": [map_entry(builtin_board(map_id).data, f"im{index}")
                                for index, map_id in enumerate(MAPS)],
            "initiative_generic_map": GENERIC_KEY}


def cards_context(ruleset) -> dict:
    """The heroes and every printed card, by hero and tier, for the gallery and the play page's cards.

    - `initiative_cards`: card id -> the printed card as the ruleset's views carry it (heroes.py
      `Heroes.printed`: name and text in en/ja/ru, colour, tier, initiative, primary, value, range,
      radius, block, secondaries, item, effect steps);
    - `initiative_heroes`: hero id -> {id, name, style, about (a line per language, or None), cards:
      tier (0 basics, 1-3, 4 ultimate) -> card ids in colour order}, in the file's hero order;
    - `initiative_card_order`: every card id, hero by hero, tier by tier, colour by colour (the gallery's
      order, and the play page's templates');
    - `initiative_tiers`: the tiers in the gallery's order.
    The built-in heroes only: the site shows what it ships (a hero file read at run time is the engine's).
    """
    from engine.rulesets.initiative.heroes import builtin_heroes    # here, so the maps half's imports stay apart

    heroes = builtin_heroes()
    cards = heroes.printed
    by_hero = {hid: _by_tier(hero.cards, cards) for hid, hero in heroes.heroes.items()}
    return {"initiative_cards": cards,
            "initiative_heroes": {hid: {"id": hid, "name": dict(hero.name), "style": hero.style,
                                        "about": _about(hid), "cards": by_hero[hid]}
                                  for hid, hero in heroes.heroes.items()},
            "initiative_card_order": [cid for tiers in by_hero.values() for ids in tiers.values() for cid in ids],
            "initiative_tiers": TIERS}


TIERS = (0, 1, 2, 3, 4)         # basics (gold, silver), tiers I-III (red, green, blue), the ultimate
COLOURS = ("gold", "silver", "red", "green", "blue", "purple")


def _by_tier(card_ids, cards: dict) -> dict:
    """tier -> the hero's card ids of it, by colour, then in the file's order (the a/b pairs of a tier)."""
    ordered = sorted(card_ids, key=lambda cid: COLOURS.index(cards[cid]["colour"]))     # stable: file order kept
    return {tier: [cid for cid in ordered if cards[cid]["tier"] == tier] for tier in TIERS}


def _about(hero_id: str) -> dict | None:
    """The gallery's line on a hero (ui/messages.toml `igallery_about_ID`), in every language; None when
    the catalogue has none."""
    from engine.core.carddata import LANGUAGES
    from ui.words import message, messages

    key = f"igallery_about_{hero_id}"
    if key not in messages()["page"]:
        return None
    return {lang: message("page", key, lang) for lang in LANGUAGES}


def context(ruleset) -> dict:
    """What the initiative templates (games/initiative/play.html, games/initiative/cards.html, games/initiative/_card.html) read."""
    return {**maps_context(ruleset), **cards_context(ruleset)}
