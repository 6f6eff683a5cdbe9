"""One idiom for every ruleset's turn: what the game waits for, the decisions it asks, its automatic steps.

A ruleset declares its turn as data (in the line of boardgame.io's phases and moves), beside the small
functions that name the rules they apply (`engine/rulesets/autobattle/turn.py` is the model):

    TURN = Turn(waiting_for=pending,                      # None, or what the game waits for now
                asks={"deploy": Ask(decide, answer), …},  # per kind: the Decision, and its answers
                next_step=due, steps={"end_cycle": end_cycle, …})

`Ruleset.decision`, `apply` and `advance` are then one dispatch each, here. `waiting_for` returns None
when the next step is automatic (or the game is over), else the pending decision's kind, or a tuple that
starts with it and carries what the ask needs (so it is worked out once); `decide` and `answer` receive it.
"""

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .errors import IllegalAction


def kind_of(pending) -> str:
    """The kind of a pending decision: the string itself, or a tuple's first item."""
    return pending if isinstance(pending, str) else pending[0]


@dataclass(frozen=True)
class Ask:
    """One kind of decision a game can wait for."""

    decide: Callable[[Any, Any], Any]          # (state, pending) -> the Decision: who decides, what is legal
    answer: Callable[[Any, dict, Any], None]   # (state, {seat: action}, pending): apply the answers


@dataclass(frozen=True)
class Turn:
    """A ruleset's turn declared as a table: decisions by kind, automatic steps by name."""

    waiting_for: Callable[[Any], Any]                   # state -> None | kind | (kind, …)
    asks: Mapping[str, Ask] = field(default_factory=dict)
    next_step: Callable[[Any], str] | None = None       # state -> the name of the automatic step due now
    steps: Mapping[str, Callable[[Any], None]] = field(default_factory=dict)
    after_answer: Callable[[Any, dict], None] | None = None   # once any decision is applied (e.g. a ceiling)

    def decision(self, state):
        """The pending decision, or None when the next step is automatic."""
        pending = self.waiting_for(state)
        return None if pending is None else self.asks[kind_of(pending)].decide(state, pending)

    def apply(self, state, moves: dict) -> None:
        """Apply one decision's answers (already checked legal), then the after-answer hook."""
        pending = self.waiting_for(state)
        if pending is None:
            raise IllegalAction("no decision is pending: the next step is automatic, or the game is over")
        self.asks[kind_of(pending)].answer(state, moves, pending)
        if self.after_answer is not None:
            self.after_answer(state, moves)

    def advance(self, state) -> None:
        """Take the automatic step that is due."""
        self.steps[self.next_step(state)](state)


def never_waits(state) -> None:
    """`waiting_for` of a game that no player decides (it plays itself)."""
    return None


class LegalList(Mapping):
    """A decision's {seat: legal actions} for one deciding seat, built on first read, then kept.

    Replaying a record checks each action with the ruleset's `illegal_reason` and never reads the list,
    so a position with thousands of legal actions costs nothing unless a bot or the UI asks.
    """

    __slots__ = ("_seat", "_build", "_actions")

    def __init__(self, seat: int, build: Callable[[], list]):
        self._seat, self._build, self._actions = seat, build, None

    def __getitem__(self, player):
        if player != self._seat:
            raise KeyError(player)
        if self._actions is None:
            self._actions = self._build()
        return self._actions

    def built(self) -> list | None:
        """The legal actions if someone has read them already (a bot, the UI), else None."""
        return self._actions

    def __iter__(self):
        return iter((self._seat,))

    def __len__(self) -> int:
        return 1
