"""Effective values: initiative (A1-6), attack (F-D1), defence (F-D2 step 5), movement and range,
from the printed card, items (F-V5: only on cards that show the icon), active effects and markers."""

from . import hexes
from .state import SLOTS, Game, HeroState

POISON = "poison"           # −1 Initiative, Attack and Defense while carried (spec §4)


def now(game: Game) -> int:
    """The turn's number counted from the first turn of the game (active effects use it)."""
    return (game.round - 1) * SLOTS + game.turn


def effect_bonus(game: Game, hero: HeroState, stat: str) -> int:
    """The sum of the hero's active effects on `stat` this turn (keyword list: active effects), ultimates included."""
    t = now(game)
    return sum(e["amount"] for e in hero.effects if e["stat"] == stat and e["start"] <= t <= e["end"]) \
        + ultimate_bonus(game, hero, stat)


def ultimate_bonus(game: Game, hero: HeroState, stat: str) -> int:
    """F-V3: an unlocked ultimate's "always" modifiers apply while its hero is on the board, measured from its
    current space (radius); "friendly" never includes the hero itself."""
    if hero.position is None:
        return 0
    total = 0
    for owner in game.heroes:
        if owner.ultimate is None or owner.position is None:
            continue
        for step in game.content.cards[owner.ultimate].effect:
            if step["do"] != "modify" or step.get("when") != "always" or step["stat"] != stat:
                continue
            who = step.get("who", "self")
            if who == "self":
                reached = owner is hero
            elif who not in ("friendly_in_radius", "enemy_in_radius"):
                continue                                  # "the target" means nothing for an always-on effect
            else:
                near = hero is not owner and hexes.distance(owner.position, hero.position) <= step["radius"]
                reached = near and (hero.team == owner.team) == (who == "friendly_in_radius")
            total += step["amount"] if reached else 0
    return total



def poison(hero: HeroState) -> int:
    """How many Poison markers the hero carries."""
    return hero.markers.count(POISON)


def item_bonus(hero: HeroState, card, icon: str) -> int:
    """+1 per item of this icon, only when the card shows the icon (F-V5)."""
    return hero.items.get(icon, 0) if card.shows(icon) else 0


def initiative(game: Game, hero: HeroState, card) -> int:
    """The effective initiative of a played card (S1-R7, A1-6); 'printed' reads the corner only."""
    if game.opts["effective_initiative"] == "printed":
        return card.initiative
    return card.initiative + item_bonus(hero, card, "initiative") + effect_bonus(game, hero, "initiative") - poison(hero)


def attack_total(game: Game, hero: HeroState, card) -> int:
    """F-D1: the attack value + 1 per Attack item + modifiers (active effects, Poison)."""
    return card.value + item_bonus(hero, card, "attack") + effect_bonus(game, hero, "attack") - poison(hero)


def defense_total(game: Game, hero: HeroState, card) -> int:
    """F-D2 step 5: the card's Defense value + 1 per Defense item + bonuses − Poison (minion modifiers: part 2)."""
    printed = card.defense or 0
    return printed + item_bonus(hero, card, "defense") + effect_bonus(game, hero, "defense") - poison(hero)


def radius(game: Game, hero: HeroState, card, base: int) -> int:
    """A text step's radius: its own + Radius items (when the card shows the icon) + active effects on radius."""
    return max(0, base + item_bonus(hero, card, "radius") + effect_bonus(game, hero, "radius"))


def movement(game: Game, hero: HeroState, card, primary: bool) -> int:
    """Spaces a movement action may cover: the primary value or the movement secondary, + items and effects."""
    base = card.value if primary else card.secondaries.get("movement", 0)
    return max(0, base + item_bonus(hero, card, "movement") + effect_bonus(game, hero, "movement"))


def attack_range(game: Game, hero: HeroState, card) -> int:
    """A ranged attack's range + Range items + effects (F-A5); 1 for a non-ranged attack."""
    if not card.ranged:
        return 1
    return max(1, card.range + item_bonus(hero, card, "range") + effect_bonus(game, hero, "range"))
