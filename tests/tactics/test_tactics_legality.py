"""Illegal actions say why: `Tactics.illegal_reason` checks one action from the state, and agrees
exactly with `decision().legal` (a property test over random games, options and positions), with a
one-line message naming the rule an illegal action breaks (exact positions below)."""

import pytest

from engine.core import IllegalAction, Rng, Session, canonical_json
from engine.rulesets.tactics.legality import illegal_reason
from builder import RULESET, legal, play, position


def random_options(rng: Rng) -> dict:
    """Every option drawn at random: enumerations, flags and numbers in their whole range."""
    options = {}
    for option in RULESET.options:
        if option.choices:
            options[option.key] = option.choices[rng.below(len(option.choices))]
        elif isinstance(option.default, bool):
            options[option.key] = rng.below(2) == 1
        elif option.minimum is not None:
            options[option.key] = option.minimum + rng.below(option.maximum - option.minimum + 1)
    options["cycle_cap"] = min(options["cycle_cap"], 12)          # keeps each game short
    options["army_members"] = min(options["army_members"], options["rows"] * options["cols"] - 1)   # fits (G0-1)
    return options


def mutations(action: list, rng: Rng, uids: list[int], skills: list[str]) -> list:
    """Near misses of a legal action: numbers nudged, wrong types, other skills and targets, bad shapes."""
    out = [action + [0], action[:-1], [action[0].upper(), *action[1:]], ["pass"], [], "end", None]
    for index, value in enumerate(action):
        if type(value) is int:
            for new in (value + 1, value - 1, -1, 99, float(value), True, str(value)):
                out.append(action[:index] + [new] + action[index + 1:])
        if isinstance(value, list):
            for new in ([], value + [value[0]] if value else [0], value[::-1], [uids[rng.below(len(uids))]],
                        [True] if value else [False], [float(v) for v in value], sorted(uids)[:2]):
                out.append(action[:index] + [new] + action[index + 1:])
        if index == 1 and isinstance(value, str):
            for new in skills:
                out.append(action[:index] + [new] + action[index + 1:])
    return out


def random_actions(rng: Rng, uids: list[int], skills: list[str], rows: int, cols: int) -> list:
    """Actions of every kind with arguments drawn at random around the board's sizes."""
    def n(top):
        return rng.below(top + 2) - 1
    return [["deploy", uids[rng.below(len(uids))], n(rows), n(cols)], ["choose", uids[rng.below(len(uids))]],
            ["move", n(rows), n(cols)], ["end"], ["abandon"],
            ["skill", skills[rng.below(len(skills))], [uids[rng.below(len(uids))]], n(3)],
            ["skill", skills[rng.below(len(skills))], [], 0],
            ["react", uids[rng.below(len(uids))], skills[rng.below(len(skills))]], ["decline", uids[rng.below(len(uids))]],
            ["propose_tie"], ["accept_tie"], ["refuse_tie"]]


def check_position(session: Session, rng: Rng) -> int:
    """Every legal action passes; many others fail with a one-line reason iff they are not legal."""
    decision = session.decision
    seat = decision.players[0]
    state = session.state
    legal_actions = decision.legal[seat]
    keys = {canonical_json(action) for action in legal_actions}
    for action in legal_actions:
        assert illegal_reason(state, seat, action) is None, action
    uids = [c.uid for side in state.sides for c in side.chars] + [99]
    skills = sorted({s.id for side in state.sides for c in side.chars
                     for s in c.defn.skills() + c.defn.react_skills}) + ["nope"]
    tried = [a for action in legal_actions[:40] for a in mutations(action, rng, uids, skills)]
    tried += random_actions(rng, uids, skills, state.opts["rows"], state.opts["cols"])
    for action in tried:
        try:
            key = canonical_json(action)
        except (TypeError, ValueError):
            continue
        reason = RULESET.illegal_reason(state, decision, seat, action, key)
        assert (reason is None) == (key in keys), (action, reason)
        if reason is not None:
            assert "\n" not in reason and len(reason) < 300, reason
    return len(tried)


def test_illegal_reason_agrees_with_the_legal_list_over_random_games():
    rng = Rng(2024, 7)
    checked = positions = 0
    kinds = set()
    for game in range(40):
        options = random_options(rng)
        session = Session.start("tactics", seed=game, options=options)
        for _ in range(400):
            if session.outcome is not None:
                break
            decision = session.decision
            if decision is None:
                session.advance()
                continue
            kinds.add(decision.kind)
            if rng.below(3) == 0 or session.state.phase == "deploy" or decision.kind in ("react", "agree"):
                checked += check_position(session, rng)
                positions += 1
            seat = decision.players[0]
            # ties are proposed (G0-14) but never accepted, so the games go on
            choices = [a for a in decision.legal[seat] if a not in (["abandon"], ["accept_tie"])] or decision.legal[seat]
            session.submit(seat, rng.choice(choices))
    assert positions > 1000 and checked > 50_000
    assert {"react", "agree", "choose_action"} <= kinds, kinds


# --- the messages, on exact positions ----------------------------------------------------------

def reason(b, action):
    decision = RULESET.decision(b)
    return RULESET.illegal_reason(b, decision, decision.players[0], action, canonical_json(action))


def test_S0_R21_out_of_range_says_how_far_the_skill_reaches():
    # the archer (range 3) in row 1 reaches enemy rows 0 and 1 (distance = 1 + 1 + row, G0-2)
    b = position(["archer@1,0", "red_king@0,0"], ["brute@0,0", "blue_king@2,0"])
    assert ["skill", "arrow", [2], 0] in legal(b)
    why = reason(b, ["skill", "arrow", [3], 0])
    assert why == ("out of range: Archer's Arrow (range 3) reaches rows 0 to 1 from row 1; "
                   "Blue King is in row 2 (S0-R21, G0-2)"), why


def test_S0_R21_not_enough_act_points_names_cost_and_soulwell():
    b = position(["archer@1,0 ap=0", "red_king@0,0"], ["brute@0,0", "blue_king@1,0"], soulwell=(0, 0))
    archer = b.sides[0].chars[0]
    costly = max(archer.defn.skills(), key=lambda s: s.ap)
    assert costly.ap > 0
    why = reason(b, ["skill", costly.id, [2], 0])
    assert why.startswith("not enough Act Points: ") and "S0-R21" in why and "S0-R4" in why, why


def test_S0_R12_a_skill_of_another_character_is_not_this_characters_turn():
    b = position(["archer@1,0", "guard@0,1", "red_king@0,0"], ["blue_king@0,0"])
    actor = RULESET.decision(b).prompt["uid"]
    other = next(c for c in b.sides[0].chars if c.uid != actor and c.defn.kind != "king")
    why = reason(b, ["skill", other.defn.act_skills[0].id, [3], 0])
    assert why.startswith("not this character's turn: ") and why.endswith("(S0-R12)"), why


def test_S0_R20_a_move_too_far_says_the_allowance():
    b = position(["brute@0,0", "red_king@2,0", "guard@1,0"], ["blue_king@0,0"], move_allowance="one_row")
    assert RULESET.decision(b).prompt["uid"] == 0
    why = reason(b, ["move", 2, 1])
    assert why.startswith("too far: ") and "(S0-R20)" in why and "G0-4" in why, why
    assert reason(b, ["move", 1, 1]) is None
    assert "is taken by" in reason(b, ["move", 1, 0]) and "S0-R19" in reason(b, ["move", 1, 0])
    assert reason(b, ["move", 0, 3]).endswith("(S0-R19)")                     # same row
    assert reason(b, ["move", 5, 0]).endswith("Battle Area (G0-1)")


def test_S0_R7_deploying_an_enemy_or_placed_character_is_refused_with_the_rule():
    b = RULESET.setup(*_fresh())
    seat = RULESET.decision(b).players[0]
    mine = b.sides[seat].chars[0]
    theirs = b.sides[1 - seat].chars[0]
    assert reason(b, ["deploy", theirs.uid, 0, 0]).endswith("(S0-R7)")
    play(b, next(a for a in legal(b) if a[0] == "deploy" and a[1] == mine.uid))
    assert "already deployed" in reason(b, ["deploy", mine.uid, 0, 1])
    assert reason(b, ["end"]).endswith("(S0-R7)")


def _fresh():
    from engine.core.events import EventLog
    from engine.core.options import resolve_options
    options = resolve_options(RULESET.options, {})
    setup = RULESET.check_setup({"armies": ["reds", "blues"]}, options)
    return options, 1, setup, EventLog(True, RULESET.rule_ids())


def test_S0_R13_choose_only_among_the_tied_characters():
    b = position(["brute@0,0", "archer@0,1", "red_king@1,0"], ["blue_king@0,0"])
    assert RULESET.decision(b).kind == "choose_order"
    assert reason(b, ["end"]).endswith("(S0-R13)") and reason(b, ["choose", 1]) is None
    assert reason(b, ["choose", 2]).endswith("(Brute, Archer) (S0-R13)")


def test_shapes_and_unknown_kinds_are_one_line_errors():
    b = position(["brute@0,0", "red_king@1,0"], ["blue_king@0,0"])
    for bad, start in ((["fly"], "unknown action 'fly'"), (["move", 1], "a move action is"),
                       (["move", True, 0], "a move action is"), (["move", 1.0, 0], "a move action is"),
                       ({"x": 1}, "an action is a JSON list"), (["end", 1], "a end action is"),
                       (["abandon", 0], "abandoning takes nothing more")):
        why = reason(b, bad)
        assert why.startswith(start) and "\n" not in why, (bad, why)


def test_the_session_refuses_an_illegal_action_with_the_reason_and_changes_nothing():
    session = Session.start("tactics", seed=3)
    seat = session.decision.players[0]
    before = session.digest() if hasattr(session, "digest") else None
    with pytest.raises(IllegalAction, match=r"outside the .* Battle Area \(G0-1\)"):
        session.submit(seat, ["deploy", session.state.sides[seat].chars[0].uid, 9, 9])
    assert session.record.actions == [] and (before is None or session.digest() == before)
