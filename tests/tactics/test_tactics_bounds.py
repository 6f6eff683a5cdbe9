"""P0-10: what a tactics record may ask for is bounded, and the worst record the bounds allow still
replays (its time is measured by tests/tactics/worst_record.py, never asserted here)."""

import pytest

from engine.core import BadOption, BadRecord, BadSetup, Session, decode_link, encode_link
from engine.rulesets.tactics.position import MAX_CHARS, MAX_CYCLE, MAX_SOULWELL
from worst_record import worst_record


def test_P0_10_the_worst_record_the_bounds_allow_replays_to_the_same_game():
    record, played = worst_record()
    options = record.options
    assert options["cycle_cap"] == MAX_CYCLE and (options["rows"], options["cols"]) == (5, 6)
    # invocations filled both Battle Areas: 30 characters a side took a turn in every later cycle
    assert [sum(c.on_board for c in side.chars) for side in played.state.sides] == [30, 30]
    # P0-12: the 12,000th decision, the most a record holds, ends the battle in a tie (it went on before)
    assert played.outcome.is_draw and played.outcome.rule == "P0-12" and played.state.cycle > MAX_CYCLE // 2
    assert len(record.actions) == played.ruleset.max_actions
    again = Session.replay(decode_link(encode_link(record)), finish=False)
    assert again.digest() == played.digest() and len(again.history) == len(played.history)
    record.actions.append(record.actions[-1])
    with pytest.raises(BadRecord, match="record holds 12001 decisions; a tactics record may hold at most 12000"):
        Session.replay(record)


def test_P0_10_a_record_asking_for_more_is_refused_in_one_line_naming_the_bound():
    king, other = "cinder_king@0,0", "kiln_warden"
    cells = [f"{other}@{r},{c}" for r in range(5) for c in range(6)][1:MAX_CHARS + 1]
    too_many = {"a": [king, *cells], "b": ["gale_queen@0,0"]}
    with pytest.raises(BadSetup, match=rf"1 to {MAX_CHARS} character descriptions \(P0-10\)"):
        Session.start("tactics", options={"rows": 5, "cols": 6}, setup={"position": too_many})
    for position, fragment in (
            ({"a": [king], "b": ["gale_queen@0,0"], "soulwell": [MAX_SOULWELL + 1, 0]}, f"0 to {MAX_SOULWELL} (P0-10)"),
            ({"a": [king], "b": ["gale_queen@0,0"], "cycle": MAX_CYCLE + 1}, f"1 to {MAX_CYCLE} (P0-10)"),
            ({"a": [king + " ap=21"], "b": ["gale_queen@0,0"]}, "ap must be one whole number from 0 to 20 (P0-10)")):
        with pytest.raises(BadSetup) as caught:
            Session.start("tactics", setup={"position": position})
        assert fragment in str(caught.value) and "\n" not in str(caught.value)
    with pytest.raises(BadOption, match="from 5 to 100"):
        Session.start("tactics", options={"cycle_cap": 101})


def test_a_blank_character_description_is_a_bad_setup_not_a_crash():
    from engine.core import BadSetup, Session
    for blank in ("", "   ", "\n\t"):
        with pytest.raises(BadSetup, match="position side a has a blank character description"):
            Session.start("tactics", setup={"position": {"a": [blank], "b": ["cinder_king@0,0"]}})


def test_P0_12_a_battle_that_reaches_the_most_decisions_a_record_holds_is_a_tie_at_once():
    """Two players who keep moving and never attack would play forever (P0-1 waits while either can harm)."""
    session = Session.start("tactics", seed=1)
    session.state.answers = session.ruleset.max_actions - 1
    decision = session.decision
    events = [e.to_data() for e in session.submit(decision.players[0], decision.legal[decision.players[0]][0])]
    reason = "the battle reached 12000 decisions, the most a record holds"
    assert events[-2:] == [{"kind": "ceiling", "rule": "P0-12", "most": 12000},
                           {"kind": "end", "rule": "P0-12", "winner": None, "reason": reason}]
    assert session.outcome.is_draw and session.outcome.rule == "P0-12" and session.decision is None
