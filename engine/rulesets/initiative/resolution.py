"""The moments of a turn that the modules below the turn machine close or open: a card resolved (S1-R21)
with the coin flipped after a cross-team tie (S1-R10), a defeated hero's card resolved at its defeat (G1-6),
and a turn's card selection begun (S1-R1). Kept apart from turn.py so that actions, card text, End of Round
and hero selection call them without importing the turn machine that calls them."""

from .state import Game, HeroState, other


def start_turn(game: Game) -> None:
    """S1-R1: every player chooses a card at the same time, face down (the selection decision)."""
    game.log.emit("turn_start", "S1-R1", round=game.round, turn=game.turn)


def resolve_card(game: Game) -> None:
    """S1-R21: the card goes face up to the dashboard slot of this turn and is resolved; S1-R10 flip."""
    hero = game.heroes[game.acting]
    card = game.played[hero.index]
    hero.dashboard[game.turn - 1] = card
    game.unresolved.remove(hero.index)
    game.log.emit("resolved", "S1-R21", hero=hero.index, card=card, slot=game.turn)
    if game.flip_after and (hero.index not in game.no_action or game.opts["defeated_flip"] == "flip"):
        flip_coin(game, hero)
    game.acting, game.flip_after, game.pending = None, False, None


def resolve_at_defeat(game: Game, hero: HeroState) -> None:
    """G1-6 (revised), F-K1: a hero defeated before its card resolves has that card resolved now, with no action:
    it goes to the dashboard slot of this turn and leaves the initiative order, so it can no longer tie, win a
    tie or flip the coin."""
    card = game.played[hero.index]
    game.log.emit("no_action", "G1-6", hero=hero.index, at_defeat=True)
    hero.dashboard[game.turn - 1] = card
    game.unresolved.remove(hero.index)
    game.log.emit("resolved", "S1-R21", hero=hero.index, card=card, slot=game.turn)


def flip_coin(game: Game, hero: HeroState) -> None:
    """S1-R10/A1-2/G1-6: the player whose card won the cross-team tie (and only that player) flips the coin."""
    game.coin = other(game.coin)
    game.log.emit("flip", "S1-R10", hero=hero.index, seat=hero.seat, coin=game.coin)
