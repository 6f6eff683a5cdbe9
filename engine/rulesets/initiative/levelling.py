"""Levelling at End of Round (G1-4 step 5: F-V1…F-V4) and the pity coin (step 6).

F-V1: reaching level n+1 costs n coins; levels are never skipped; a level-up is mandatory and repeats
while the hero can pay. Every hero levels at the same time: one decision (kind `choose_card`, like the
card selection, simultaneous and hidden) asks every seat with a hero to level up now, and each seat
answers for all its levelling heroes at once:

    ["level_up", [[hero index, card returned to the pool, card taken into hand], …]]   (hero order)

F-V2: the returned card is a non-basic card of the lowest tier in hand; the taken one is one of the two
cards of its colour one tier higher; the other of the two is tucked under the dashboard as an item (+1
to its icon: `HeroState.items`). F-V3: the lowest tier in hand is what goes up, so every card reaches
tier II before any reaches tier III; at level 7 with every non-basic card of tier III, the next level
is the Ultimate (level 8, `HeroState.ultimate`, no choice to make: it is unlocked at once), after
which there are no more levels. F-V4: a card taken may not be above the new level's maximum tier.

A hero that can pay for more than one level takes them one at a time: after every seat has answered,
the step runs again (its `round_step` is kept) until no hero can pay; each round of the decision is
simultaneous. A hero off the board levels too (cards are all in hand after the retrieve, step 4).
The pending prompt is public: {"kind": "level_up", "heroes": [hero index]} (who levels follows from the
public levels and coins).
"""

from itertools import product

from ...core.decision import Decision
from . import stats
from .state import Game, HeroState

MAX_LEVEL = 8
ULTIMATE = 4                  # the purple card's tier


def cost(level: int) -> int:
    """F-V1: reaching level n+1 costs n coins."""
    return level


def max_tier(level: int) -> int:
    """F-V4: the highest card tier a hero of this level may hold (I at level 1)."""
    return 1 if level <= 1 else 2 if level <= 4 else 3 if level <= 7 else ULTIMATE


def _non_basic(game: Game, hero: HeroState) -> list:
    return [game.content.cards[c] for c in hero.hand if 1 <= game.content.cards[c].tier <= 3]


def lowest_tier(game: Game, hero: HeroState) -> int | None:
    """The lowest tier of the non-basic cards in hand (F-V2), None when there is none."""
    tiers = [c.tier for c in _non_basic(game, hero)]
    return min(tiers) if tiers else None


def affordable(hero: HeroState) -> bool:
    """F-V1/F-V3: the hero can pay for the next level, and there is one."""
    return hero.level < MAX_LEVEL and hero.coins >= cost(hero.level)


def ultimate_ready(game: Game, hero: HeroState) -> str | None:
    """F-V3/F-V4: the ultimate the next level unlocks: at level 7, every non-basic card of tier III, coins enough."""
    if not affordable(hero) or hero.level != MAX_LEVEL - 1 or lowest_tier(game, hero) != 3:
        return None
    ultimates = [c for c in hero.deck if game.content.cards[c].tier == ULTIMATE]
    return ultimates[0] if ultimates else None


def upgrades(game: Game, hero: HeroState) -> list:
    """F-V2…F-V4: every [hero, returned, taken] the next level allows (none when it is unaffordable or the ultimate)."""
    low = lowest_tier(game, hero)
    if not affordable(hero) or low is None or low >= 3 or low + 1 > max_tier(hero.level + 1):
        return []
    found = []
    for card in sorted(_non_basic(game, hero), key=lambda c: c.id):
        if card.tier != low:
            continue
        higher = sorted(c for c in hero.deck if game.content.cards[c].colour == card.colour
                        and game.content.cards[c].tier == low + 1)
        if len(higher) == 2:
            found += [[hero.index, card.id, take] for take in higher]
    return found


# --- the End of Round step ------------------------------------------------------------------------

def level_up(game: Game) -> None:
    """G1-4 step 5: ultimates unlock at once; the heroes with a card choice to make are asked together.
    The step runs again after their answer (F-V1: repeated while affordable)."""
    for hero in game.heroes:
        card = ultimate_ready(game, hero)
        if card is not None:
            unlock(game, hero, card)
    heroes = [h.index for h in game.heroes if upgrades(game, h)]
    if heroes:
        game.pending = {"kind": "level_up", "heroes": heroes}
        game.round_step -= 1


def pity_coin(game: Game) -> None:
    """G1-4 step 6: +1 coin to every hero that did not level up this round."""
    for hero in game.heroes:
        if hero.index not in game.levelled:
            hero.coins += 1
            game.log.emit("coins", "G1-4", hero=hero.index, coins=1, why="pity", total=hero.coins)
    game.levelled = []


# --- the decision ------------------------------------------------------------------------------------

def seat_options(game: Game, seat: int) -> list:
    """A seat's answers: one upgrade for each of its heroes levelling now, in hero order."""
    choices = [upgrades(game, game.heroes[i]) for i in game.pending["heroes"] if game.heroes[i].seat == seat]
    return [["level_up", [list(pick) for pick in combo]] for combo in product(*choices)]


def decide(game: Game, kind: str) -> Decision:
    """F-V1: all heroes level up simultaneously: one decision over every seat with a hero levelling now."""
    heroes = game.pending["heroes"]
    seats = sorted({game.heroes[i].seat for i in heroes})
    return Decision(tuple(seats), {s: seat_options(game, s) for s in seats}, "choose_card",
                    {"step": "level_up", "round": game.round, "heroes": list(heroes),
                     "levels": {str(i): game.heroes[i].level + 1 for i in heroes}})


def answer(game: Game, moves: dict, kind: str) -> None:
    """Every seat's upgrades, applied together (in seat order; they do not interact)."""
    game.pending = None
    for _, (_, picks) in sorted(moves.items()):
        for index, returned, taken in picks:
            upgrade(game, game.heroes[index], returned, taken)


def upgrade(game: Game, hero: HeroState, returned: str, taken: str) -> None:
    """F-V1 pay and go up one level; F-V2 the returned card to the pool, the taken one to hand, the other an item."""
    cards = game.content.cards
    new = cards[taken]
    tucked = next(c for c in hero.deck if c != taken and cards[c].colour == new.colour and cards[c].tier == new.tier)
    paid = _pay(game, hero)
    hero.hand.remove(returned)
    hero.deck.remove(taken)
    hero.deck.remove(tucked)
    hero.deck.append(returned)
    hero.hand.append(taken)
    hero.hand.sort()
    icon = cards[tucked].item
    hero.items[icon] = hero.items.get(icon, 0) + 1
    game.log.emit("level_up", "F-V1", hero=hero.index, level=hero.level, paid=paid, coins=hero.coins)
    game.log.emit("upgrade", "F-V2", hero=hero.index, colour=new.colour, tier=new.tier, item=icon,
                  items=dict(sorted(hero.items.items())),
                  reasons=[{"why": "a card of the lowest tier in hand goes up", "rule": "F-V3",
                            "tier": cards[returned].tier}])
    game.log.emit("max_tier", "F-V4", hero=hero.index, level=hero.level, tier=max_tier(hero.level))


def unlock(game: Game, hero: HeroState, card: str) -> None:
    """F-V3: the level after every card is tier III unlocks the ultimate: level 8, the card leaves the pool."""
    paid = _pay(game, hero)
    hero.deck.remove(card)
    hero.ultimate = card
    game.log.emit("level_up", "F-V1", hero=hero.index, level=hero.level, paid=paid, coins=hero.coins)
    game.log.emit("ultimate", "F-V3", hero=hero.index, card=card, level=hero.level)
    game.log.emit("max_tier", "F-V4", hero=hero.index, level=hero.level, tier=max_tier(hero.level))


def _pay(game: Game, hero: HeroState) -> int:
    paid = cost(hero.level)
    hero.coins -= paid
    hero.level += 1
    if hero.index not in game.levelled:
        game.levelled.append(hero.index)
    return paid


# --- items (F-V5) -----------------------------------------------------------------------------------

def cite_item(game: Game, hero: HeroState, card, icon: str) -> None:
    """F-V5, shown where a value is computed: the hero's items of `icon` raise the card's printed value only
    when the card shows that icon (stats.item_bonus); card text values are never changed."""
    count = hero.items.get(icon, 0)
    if count:
        game.log.emit("item", "F-V5", hero=hero.index, card=card.id, icon=icon, items=count,
                      bonus=stats.item_bonus(hero, card, icon), shows=card.shows(icon))
