"""core/turn.py: a turn declared as a table dispatches decisions, answers and automatic steps by name."""

import pytest

from engine.core import Decision, IllegalAction
from engine.core.turn import Ask, LegalList, Turn, kind_of, never_waits


class Count:
    """A tiny state: a counter, what it waits for, and every call the table made."""

    def __init__(self, waiting=None, due="tick"):
        self.waiting, self.due, self.calls, self.n = waiting, due, [], 0


def decide_pick(state, pending):
    state.calls.append(("decide", pending))
    return Decision((0,), {0: [["pick", 1], ["pick", 2]]}, "choose", {})


def answer_pick(state, moves, pending):
    state.calls.append(("answer", pending, moves[0]))
    state.n += moves[0][1]
    state.waiting = None


TABLE = Turn(waiting_for=lambda s: s.waiting, asks={"pick": Ask(decide_pick, answer_pick)},
             next_step=lambda s: s.due, steps={"tick": lambda s: setattr(s, "n", s.n + 10),
                                              "tock": lambda s: setattr(s, "n", s.n - 1)},
             after_answer=lambda s, moves: s.calls.append(("after", dict(moves))))


def test_a_pending_kind_or_a_tuple_that_starts_with_it_picks_the_ask_and_reaches_it_whole():
    assert kind_of("pick") == "pick" and kind_of(("pick", 7)) == "pick"
    state = Count(waiting=("pick", 7))
    decision = TABLE.decision(state)
    assert decision.legal[0] == [["pick", 1], ["pick", 2]]
    TABLE.apply(state, {0: ["pick", 2]})
    assert state.n == 2 and state.waiting is None
    assert state.calls == [("decide", ("pick", 7)), ("answer", ("pick", 7), ["pick", 2]), ("after", {0: ["pick", 2]})]


def test_nothing_pending_means_no_decision_an_automatic_step_by_name_and_answers_refused():
    state = Count(waiting=None, due="tock")
    assert TABLE.decision(state) is None
    TABLE.advance(state)
    assert state.n == -1
    with pytest.raises(IllegalAction, match="no decision is pending"):
        TABLE.apply(state, {0: ["pick", 1]})
    assert state.n == -1 and state.calls == []
    assert never_waits(state) is None


def test_legal_list_is_built_once_on_first_read_for_its_one_seat():
    built = []
    legal = LegalList(1, lambda: built.append(1) or [["a"], ["b"]])
    assert legal.built() is None and list(legal) == [1] and len(legal) == 1 and built == []
    assert legal[1] == [["a"], ["b"]] and legal[1] is legal.built() and built == [1]
    with pytest.raises(KeyError):
        legal[0]
