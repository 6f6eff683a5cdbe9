"""The turn, declared as `TURN` (core/turn.py): a round is the player's turn, then the automaton's (S2-R7).

The automatic steps still to run wait in `game.queue`, each `[name, *arguments]`; `advance` takes the
head. The queue is part of the digest, so the step names below are kept exactly as records know them.
With the queue empty, the player is in its Main Phase: a decision. So are the Commander's choice at
setup (F2-8) and the player's answers during a combat (F2-6, F2-10), held in `game.pending`.
"""

from functools import wraps

from ...core.decision import Decision
from ...core.outcome import Outcome
from ...core.turn import Ask, LegalList, Turn
from . import automaton, combat, player
from .combat import end_game
from .state import AUTOMATON, PLAYER, Game

PLAYER_TURN = ("p_active", "p_charge", "p_draw")        # P2-2; then the Main Phase, a decision
AUTOMATON_TURN = ("a_active", "a_charge", "a_draw", "a_deploy", "a_attack", "a_end")   # S2-R9…R14


def waiting_for(game: Game) -> str | None:
    """What the player must decide now, or None when the next step is automatic (or the game is over)."""
    if game.result is not None:
        return None
    if game.pending is not None:
        return game.pending["kind"]
    if game.queue:
        return None
    return "main"


def begin_turn(game: Game, side: int, steps: tuple[str, ...]) -> None:
    """S2-R7: `side` takes its turn; its steps are queued."""
    game.active = side
    game.queue = [[name] for name in steps]


# --- the decisions ----------------------------------------------------------------------------

def ask_commander(game: Game, kind: str) -> Decision:
    """F2-8: choose the Commander, a Lv1 Main card of the deck."""
    choices = game.pending["choices"]
    return Decision((PLAYER,), {PLAYER: [["commander", c] for c in choices]}, "choose_card",
                    {"choices": list(choices)})


def commander_chosen(game: Game, moves: dict, kind: str) -> None:
    """F2-8: the Commander takes the Command Zone, the opening hand is drawn (P2-3); the player's first
    turn begins (S2-R7)."""
    player.choose_commander(game, moves[PLAYER][1])
    game.pending = None
    begin_turn(game, PLAYER, PLAYER_TURN)


def ask_action(game: Game, kind: str) -> Decision:
    """The Main Phase: one action (P2-1…P2-19), its legal list built only when read."""
    return Decision((PLAYER,), LegalList(PLAYER, lambda: player.legal_actions(game)), "choose_action",
                    {"ap": game.sides[PLAYER].ap, "round": game.round})


def main_action(game: Game, moves: dict, kind: str) -> None:
    """One Main-Phase action; End of Turn (P2-2) hands the round to the automaton (S2-R7)."""
    action = moves[PLAYER]
    if action[0] == "end":
        player.end_turn(game)
        begin_turn(game, AUTOMATON, AUTOMATON_TURN)
    else:
        player.apply(game, action)


def ask_join(game: Game, kind: str) -> Decision:
    """F2-6 (1): does the player's Commander join the Base's defence?"""
    return Decision((PLAYER,), {PLAYER: [["join"], ["stay"]]}, "defend", dict(game.pending))


def ask_enhance(game: Game, kind: str) -> Decision:
    """F2-10, P2-18: how many same-named cards to pay for +1 defense each (a defender or the Guard)."""
    pending = game.pending
    return Decision((PLAYER,), {PLAYER: [["defend", n] for n in range(pending["most"] + 1)]}, "defend",
                    dict(pending))


def join_answered(game: Game, moves: dict, kind: str) -> None:
    """F2-6 (1): the Commander joins or stays; the combat runs on."""
    combat.answer_join(game, moves[PLAYER])


def defense_answered(game: Game, moves: dict, kind: str) -> None:
    """F2-10, P2-18: the defender's enhancement is paid; the combat runs on."""
    combat.answer_defend(game, moves[PLAYER])


def guard_answered(game: Game, moves: dict, kind: str) -> None:
    """F2-10, P2-18: the Guard's enhancement is paid; the combat runs on."""
    combat.answer_guard(game, moves[PLAYER])


# --- the automatic steps ----------------------------------------------------------------------

def next_step(game: Game) -> str:
    """The step at the head of the queue."""
    return game.queue[0][0]


def declaration(game: Game) -> None:
    """S2-R20/R21: the next automaton character declares its attack (F2-1); its after-attack step
    (S2-R29, S2-R36) and the next declaration follow."""
    unit = automaton.next_attacker(game)
    if unit is not None:
        game.queue[0:0] = [["a_after", unit.uid, len(game.sides[AUTOMATON].units)], ["a_attack"]]
        automaton.declare(game, unit)


def end_round(game: Game) -> None:
    """The automaton's turn ends (S2-R14); past the round limit the game is a draw (P2-12); else the
    next round's player turn (S2-R7)."""
    automaton.end_turn(game)
    if game.round >= game.opts["round_limit"]:
        end_game(game, Outcome.draw(f"{game.round} rounds played without a result", "P2-12"))
        return
    game.round += 1
    begin_turn(game, PLAYER, PLAYER_TURN)


def queued(step):
    """`step` as the head of the queue: taken off it, then run with the arguments queued with it."""
    @wraps(step)
    def run(game: Game) -> None:
        _, *args = game.queue.pop(0)
        step(game, *args)
    return run


TURN = Turn(
    waiting_for=waiting_for,
    asks={
        "commander": Ask(ask_commander, commander_chosen),   # at setup, once
        "main": Ask(ask_action, main_action),                # the player's Main Phase, until End of Turn
        "defend": Ask(ask_enhance, defense_answered),        # the automaton attacks the player's character
        "join": Ask(ask_join, join_answered),                # … or the player's Base: the Commander,
        "guard": Ask(ask_enhance, guard_answered),           # … then the Guard
    },
    next_step=next_step,
    steps={name: queued(step) for name, step in {
        # the player's turn (P2-2), before its Main Phase
        "p_active": player.active, "p_charge": player.charge, "p_draw": player.draw,
        # the automaton's turn (S2-R9…R37): each declaration queues its after-attack step and the next one
        "a_active": automaton.active, "a_charge": automaton.charge, "a_draw": automaton.draw,
        "a_deploy": automaton.main_phase, "a_attack": declaration, "a_after": automaton.after_attack,
        "a_end": end_round,
    }.items()},
)
