"""The turn machine (S1-R1…R23): play cards at once, reveal, resolve by initiative, end the turn.

Each rule step is a small function naming its rule id. `advance` takes one automatic step; the
prompts it leaves in `game.pending` (order, respawn, act, defend) are the seats' decisions.
"""

from .resolution import flip_coin, resolve_card, start_turn
from .state import SLOTS, TEAMS, Game, HeroState
from . import actions, lane, levelling, round_end, stats, text

PASS = "pass"          # what a hero with an empty hand plays (S1-R5): no card


# --- playing cards (S1-R1…R6) ---------------------------------------------------------------

def select_options(game: Game, seat: int) -> list:
    """S1-R1/R3/R5: a seat plays one card from each of its heroes' hands at once; an empty hand says "pass"."""
    combos = [[]]
    for hero in seat_heroes(game, seat):
        choices = sorted(hero.hand) if hero.hand else [PASS]       # S1-R4: even with the hero off the board
        combos = [combo + [card] for combo in combos for card in choices]
    return [["play", combo] for combo in combos]


def seat_heroes(game: Game, seat: int) -> list:
    """The heroes a seat runs, by hero index."""
    return [h for h in game.heroes if h.seat == seat]


def play_cards(game: Game, moves: dict) -> None:
    """S1-R1: every seat's face-down cards at once; S1-R6: revealed together once all have played or passed."""
    for seat, (_, cards) in sorted(moves.items()):
        for hero, card in zip(seat_heroes(game, seat), cards):
            card = None if card == PASS else card
            game.played[hero.index] = card
            if card is None:
                game.log.emit("pass", "S1-R5", hero=hero.index, seat=seat)
            else:
                hero.hand.remove(card)
                # face down: the event names the hero, never the card, until the reveal
                game.log.emit("played", "S1-R3" if hero.position is not None else "S1-R4", hero=hero.index,
                              seat=seat, on_board=hero.position is not None)
    game.log.emit("reveal", "S1-R6", round=game.round, turn=game.turn,
                  cards={str(i): c for i, c in sorted(game.played.items())})
    game.unresolved = sorted(i for i, c in game.played.items() if c is not None)
    if game.unresolved:
        game.log.emit("initiatives", "S1-R7", values={
            str(i): {"printed": card_of(game, game.heroes[i]).initiative,
                     "effective": stats.initiative(game, game.heroes[i], card_of(game, game.heroes[i]))}
            for i in game.unresolved})
        if game.opts["effective_initiative"] != "printed":
            for i in game.unresolved:
                levelling.cite_item(game, game.heroes[i], card_of(game, game.heroes[i]), "initiative")
    game.phase = "resolve"


# --- who acts next (S1-R7…R13, A1-1, A1-6) -----------------------------------------------------

def card_of(game: Game, hero: HeroState):
    """The hero's played card this turn."""
    return game.content.cards[game.played[hero.index]]


def top_candidates(game: Game) -> tuple[int, list]:
    """S1-R8/A1-6: the highest effective initiative among unresolved cards, recomputed now, and its heroes."""
    values = {i: stats.initiative(game, game.heroes[i], card_of(game, game.heroes[i])) for i in game.unresolved}
    best = max(values.values())
    return best, sorted(i for i, v in values.items() if v == best)


def next_actor(game: Game) -> None:
    """S1-R12: check the initiative again after each resolution and settle a tie by S1-R9…R11."""
    best, tied = top_candidates(game)
    teams = {game.heroes[i].team for i in tied}
    if any(i not in game.unresolved for i in game.played if game.played[i] is not None):
        game.log.emit("recheck", "S1-R12", unresolved=list(game.unresolved), initiative=best)
    if len(tied) == 1:
        game.log.emit("initiative", "S1-R8", hero=tied[0], initiative=best)
        start_acting(game, tied[0], flip=False)
    elif len(teams) > 1:
        cross_team_tie(game, best, tied)
    else:
        same_team_tie(game, best, tied, teams.pop())


def cross_team_tie(game: Game, best: int, tied: list) -> None:
    """S1-R9/A1-1: a tie across teams goes to the team shown on the coin, which picks one of its tied heroes."""
    mine = [i for i in tied if game.heroes[i].team == game.coin]
    game.log.emit("tie", "S1-R9", heroes=tied, initiative=best, coin=game.coin,
                  reasons=[{"why": "the tie-breaker coin shows this team", "rule": "S1-R9", "team": game.coin}])
    if len(mine) == 1 or game.opts["tie_pick"] == "lowest":
        start_acting(game, mine[0], flip=True)
    else:
        ask_order(game, mine, game.coin, flip=True)


def same_team_tie(game: Game, best: int, tied: list, team: str) -> None:
    """S1-R11/S1-R13: players of one team decide among themselves who acts first; no flip."""
    game.log.emit("tie", "S1-R11", heroes=tied, initiative=best, team=team)
    if game.opts["tie_chooser"] == "seat_order":
        game.log.emit("order", "S1-R13", hero=tied[0], team=team,
                      reasons=[{"why": "the preference set at setup: the lowest hero first", "rule": "S1-R13"}])
        start_acting(game, tied[0], flip=False)
    else:
        ask_order(game, tied, team, flip=False)


def ask_order(game: Game, heroes: list, team: str, flip: bool) -> None:
    """Leave the team's choice among its tied heroes pending (a choose_order decision)."""
    game.pending = {"kind": "order", "team": team, "heroes": list(heroes), "flip": flip}


def choose_order(game: Game, hero: int) -> None:
    """The team's pick among its tied heroes (S1-R11/S1-R13, A1-1)."""
    pending, game.pending = game.pending, None
    game.log.emit("order", "S1-R13" if not pending["flip"] else "A1-1", hero=hero, team=pending["team"])
    start_acting(game, hero, flip=pending["flip"])


# --- acting (S1-R14…R21) --------------------------------------------------------------------------

def start_acting(game: Game, index: int, flip: bool) -> None:
    """The hero resolves its card: no action when defeated meanwhile (F-K1), else respawn or act."""
    hero = game.heroes[index]
    game.acting, game.flip_after = index, flip
    if flip and game.opts["flip_timing"] == "before_action":
        flip_coin(game, hero)
        game.flip_after = False
    if index in game.no_action:
        game.log.emit("no_action", "F-K1", hero=index)
        resolve_card(game)
    elif hero.position is None:
        game.pending = {"kind": "respawn", "hero": index}         # S1-R18…R20
    else:
        card = card_of(game, hero)
        game.log.emit("acting", "S1-R2", hero=index, card=card.id, primary=card.primary,
                      secondaries=sorted(card.secondaries))
        game.pending = {"kind": "act", "hero": index}


# --- the end of a turn and of a round (S1-R22, S1-R23) ---------------------------------------------

def end_turn(game: Game) -> None:
    """S1-R22: the last card resolved ends the turn; "This Turn" effects are cancelled."""
    t = stats.now(game)
    for hero in game.heroes:
        hero.effects = [e for e in hero.effects if e["end"] > t]
    game.log.emit("turn_end", "S1-R22", round=game.round, turn=game.turn)
    game.played = {}
    game.no_action = set()
    if game.turn == SLOTS:
        round_end.begin(game)                               # S1-R23: End of Round's steps follow
        return
    game.turn += 1
    game.phase = "select"
    start_turn(game)


def advance(game: Game) -> None:
    """One automatic step: an End of Round step (round_end.py), a due "next turn, after playing cards" effect
    (P1-5), the next actor, a due "end of turn" effect (P1-5), or the end of the turn when every card is
    resolved and every such effect has run."""
    if lane.return_strays(game):                            # F-L1: at once, before anything else
        return
    if game.phase == "end_of_round":
        round_end.step(game)
        return
    if text.run_due(game, "next_turn_after_cards"):
        return
    if game.unresolved:
        next_actor(game)
    elif not text.run_due(game, "end_of_turn"):
        end_turn(game)


def pending_kind(game: Game) -> str | None:
    """What the game waits for: 'select', a prompt kind, or None for an automatic step (or the end)."""
    if game.result is not None:
        return None
    if game.phase == "select":
        return "select"
    return game.pending["kind"] if game.pending else None


__all__ = ["TEAMS"]
