"""The turn machine (S1-R1…R23): play cards at once, reveal, resolve by initiative, end the turn, end the round.

`TURN` (at the end) declares it for the engine (core/turn.py). The seats decide hero selection (P1-8, draft.py),
the card selection (S1-R1), and the prompts that the steps leave in `game.pending` (its "kind": order, respawn,
act, text, defend, the lane's minion choices, level_up): `waiting_for` names the one pending, and each ask is a
small function of the module that owns the rule. Every other moment is an automatic step, a small function
naming its rule; `next_step` picks the one due, in the order the rules give.
"""

from ...core.decision import Decision
from ...core.turn import Ask, Turn
from .resolution import flip_coin, resolve_card, start_turn
from .seating import choosers
from .state import SLOTS, Game, HeroState
from . import actions, draft, lane, levelling, round_end, stats, text

PASS = "pass"          # what a hero with an empty hand plays (S1-R5): no card


# --- playing cards (S1-R1…R6) ---------------------------------------------------------------

def decide_cards(game: Game, kind: str) -> Decision:
    """S1-R1/R3/R5: every seat plays a card for each of its heroes, all at once and face down."""
    seats = sorted({h.seat for h in game.heroes})
    return Decision(tuple(seats), {s: select_options(game, s) for s in seats}, "choose_card",
                    {"round": game.round, "turn": game.turn})


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


def play_cards(game: Game, moves: dict, kind: str) -> None:
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


def decide_order(game: Game, kind: str) -> Decision:
    """S1-R13, A1-1: the team (any one of its seats, or its lowest: option tie_chooser) picks who acts first."""
    pending = game.pending
    seats = choosers(game, pending["team"])
    return Decision(tuple(seats), {s: [["first", i] for i in pending["heroes"]] for s in seats}, "choose_order",
                    dict(pending), any_of=len(seats) > 1)


def choose_order(game: Game, action) -> None:
    """The team's pick among its tied heroes (S1-R11/S1-R13, A1-1): that hero acts."""
    pending, game.pending = game.pending, None
    hero = action[1]
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


def after_cards_effect(game: Game) -> None:
    """P1-5: the first "Next turn, after playing cards" effect due now runs (text.py)."""
    text.run_due(game, "next_turn_after_cards")


def end_of_turn_effect(game: Game) -> None:
    """P1-5: the first "End of turn" effect due now runs (text.py)."""
    text.run_due(game, "end_of_turn")


# --- what the game waits for, and what comes next -----------------------------------------------------

def waiting_for(game: Game) -> str | None:
    """The decision pending: hero selection (P1-8), the card selection (S1-R1), or the kind of the prompt a step
    left; None when the next step is automatic, or once the game is over."""
    if game.result is not None:
        return None
    phase = game.phase
    if phase == "select" or phase == "draft":
        return phase
    pending = game.pending
    return pending["kind"] if pending else None


def next_step(game: Game) -> str:
    """The automatic step due now: a minion outside its Battle Zone returns before anything else (F-L1); End of
    Round takes its steps in order (G1-4); in a turn, effects due "next turn, after playing cards" (P1-5), then
    the next card by initiative (S1-R12), then effects due at the end of the turn (P1-5), then its end (S1-R22)."""
    if lane.stray(game) is not None:
        return "minion_returns"
    if game.phase == "end_of_round":
        return round_end.STEPS[game.round_step]
    if text.due(game, "next_turn_after_cards"):
        return "after_cards_effect"
    if game.unresolved:
        return "next_actor"
    if text.due(game, "end_of_turn"):
        return "end_of_turn_effect"
    return "end_turn"


def one_seat(answer):
    """The answer of a decision that one seat answers (alone, or any one of its team): `answer(game, action)`."""
    def apply(game: Game, moves: dict, kind: str) -> None:
        (_, action), = moves.items()
        answer(game, action)
    return apply


def lane_choice(game: Game, action) -> None:
    """The team's choice at the lane (lane.py), then the card text a push or a stray minion interrupted (P1-21)."""
    if lane.answer(game, action):
        text.run(game)


LANE_CHOICE = Ask(lane.decide, one_seat(lane_choice))      # a team's choice of minion or space (lane.py)

TURN = Turn(
    waiting_for=waiting_for,
    asks={"draft": Ask(draft.decide, one_seat(draft.answer)),                  # P1-8/P1-9: a pick or a ban
          "select": Ask(decide_cards, play_cards),                             # S1-R1…R6: cards, all at once
          "order": Ask(decide_order, one_seat(choose_order)),                  # S1-R11/R13, A1-1: a team's tie
          "respawn": Ask(actions.decide_respawn, one_seat(actions.respawn)),   # S1-R18…R20
          "act": Ask(actions.decide_act, one_seat(actions.act)),               # S1-R14…R17: the one action
          "text": Ask(text.decide, one_seat(text.answer)),                     # S1-R16, F-A7, F-A8: card text
          "defend": Ask(actions.decide_defence, one_seat(actions.defend)),     # F-D2 step 3
          "minion_return": LANE_CHOICE,                                        # F-L1, P1-12: where a stray goes
          "minion_place": LANE_CHOICE,                                         # A1-10: where a displaced one goes
          "minion_remove": LANE_CHOICE,                                        # G1-4 step 1: the minion battle
          "level_up": Ask(levelling.decide, levelling.answer)},                # G1-4 step 5, F-V1…F-V4
    next_step=next_step,
    steps={"minion_returns": lane.return_strays,                  # F-L1, at once
           "after_cards_effect": after_cards_effect,              # P1-5
           "next_actor": next_actor,                              # S1-R7…R13
           "end_of_turn_effect": end_of_turn_effect,              # P1-5
           "end_turn": end_turn,                                  # S1-R22, then S1-R23 after turn 4
           # End of Round (G1-4), in round_end.STEPS's order
           "minion_battle": round_end.minion_battle,              # step 1
           "clear_board": round_end.clear_board,                  # step 2
           "lane_push": round_end.lane_push,                      # step 3
           "retrieve": round_end.retrieve,                        # step 4
           "level_up": round_end.level_up,                        # step 5, again while a hero can pay
           "pity_coin": round_end.pity_coin},                     # step 6, then the next round (P1-4, P1-14)
    after_answer=round_end.answered)                              # P1-14: the ceiling of answers
