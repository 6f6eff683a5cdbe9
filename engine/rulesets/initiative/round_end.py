"""End of Round (S1-R23, G1-4): the rulebook's six steps in order, one automatic step each (the turn's steps,
turn.py), then the next round or the game's end (P1-4, P1-14); and the P1-14 ceiling of answers.

`game.round_step` is the place in `STEPS` of the next step; each step moves it on as it is taken (`step`).
A step that needs the seats' choices (the minion battle's removals, levelling) leaves a prompt in `game.pending`;
the next automatic step after the answer is the following step (levelling's, again while a hero can pay). A push
due from the minion battle waits for step 3, after tokens and markers are gone (G1-4).
"""

from functools import wraps

from ...core.outcome import Outcome
from . import lane, levelling
from .resolution import start_turn
from .state import SLOTS, Game

# P1-14: every game ends. A real game lasts a few rounds (sensible bots: at most 19 in 96 games of 2–6
# seats on both maps; the golden games at most 18); random bots, which rarely push the lane, play
# 80–460. The ceiling is the round limit option's largest value, and the answers' ceiling bounds a
# record (Initiative.max_actions) so that any accepted record replays in well under a second.
CEILING_ROUNDS = 60
CEILING_ANSWERS = 6_000

STEPS = ("minion_battle", "clear_board", "lane_push", "retrieve", "level_up", "pity_coin")    # G1-4's order


def begin(game: Game) -> None:
    """S1-R23: the end of turn 4 ends the round; its steps follow."""
    game.log.emit("round_end", "S1-R23", round=game.round)
    game.phase, game.round_step = "end_of_round", 0


def step(rule):
    """An End of Round step as the turn takes it: counted (`round_step`) before its rule runs."""
    @wraps(rule)
    def take(game: Game) -> None:
        game.round_step += 1
        rule(game)
    return take


@step
def minion_battle(game: Game) -> None:
    """G1-4 step 1: the team with fewer minions in the Battle Zone removes the difference (lane.py)."""
    lane.minion_battle(game)


@step
def clear_board(game: Game) -> None:
    """G1-4 step 2: every token leaves the board and every marker is returned."""
    markers = {str(h.index): len(h.markers) for h in game.heroes if h.markers}
    game.log.emit("clear_board", "G1-4", tokens=[t["space"] for t in game.tokens], markers=markers)
    for hero in game.heroes:
        hero.markers = []
    game.tokens = []


@step
def lane_push(game: Game) -> None:
    """G1-4 step 3: the push the minion battle made due (lane.py)."""
    lane.lane_push(game)


@step
def retrieve(game: Game) -> None:
    """G1-4 step 4: resolved and discarded cards return to hand, which cancels every active effect."""
    for hero in game.heroes:
        hero.hand.extend([c for c in hero.dashboard if c is not None] + hero.discard)
        hero.hand.sort()
        hero.dashboard, hero.discard, hero.effects = [None] * SLOTS, [], []
    game.scheduled = []
    game.log.emit("retrieve", "G1-4", round=game.round)


@step
def level_up(game: Game) -> None:
    """G1-4 step 5: levelling, F-V1…F-V4 (levelling.py); repeated after each answer while affordable."""
    levelling.level_up(game)


@step
def pity_coin(game: Game) -> None:
    """G1-4 step 6: a coin for every hero that did not level up this round (levelling.py); the round is over."""
    levelling.pity_coin(game)
    finish(game)


def finish(game: Game) -> None:
    """The round is over: the round limit (P1-4) or the ceiling (P1-14), else the next round's first turn."""
    if game.opts["round_limit"] and game.round >= game.opts["round_limit"]:
        round_limit(game)
    elif game.round >= CEILING_ROUNDS:
        ceiling(game, "rounds")
    game.round, game.turn = game.round + 1, 1
    game.phase = "select" if game.result is None else "over"
    if game.result is None:
        start_turn(game)


def round_limit(game: Game) -> None:
    """P1-4: with the option set, a game ends after the round limit: more life counters left wins."""
    red, blue = game.life["red"], game.life["blue"]
    game.result = _by_life(game, "at the round limit", "P1-4")
    game.log.emit("round_limit", "P1-4", red=red, blue=blue)


def ceiling(game: Game, reached: str) -> None:
    """P1-14: every game ends, after round CEILING_ROUNDS or at CEILING_ANSWERS answers, as at a round limit."""
    red, blue = game.life["red"], game.life["blue"]
    game.result = _by_life(game, "at the game's ceiling", "P1-14")
    game.phase = "over"
    game.pending, game.unresolved = None, []
    game.log.emit("ceiling", "P1-14", red=red, blue=blue, reached=reached,
                  most=CEILING_ROUNDS if reached == "rounds" else CEILING_ANSWERS)


def answered(game: Game, moves: dict) -> None:
    """P1-14: count the seats' answers just applied; the game ends at once when they reach the ceiling."""
    game.answers += len(moves)
    if game.answers >= CEILING_ANSWERS and game.result is None:
        ceiling(game, "answers")


def _by_life(game: Game, when: str, rule: str) -> Outcome:
    """The team with more life counters left wins; equal is a draw (P1-4, P1-14)."""
    red, blue = game.life["red"], game.life["blue"]
    if red == blue:
        return Outcome.draw(f"equal life counters {when}", rule)
    winner = "red" if red > blue else "blue"
    return Outcome.team_win(winner, sorted({h.seat for h in game.heroes if h.team == winner}),
                            f"more life counters left {when}", rule)
