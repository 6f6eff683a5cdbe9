"""Why an action is illegal, checked straight from the state, one action at a time.

`illegal_reason(b, seat, action)` never builds the whole legal list. Its final word on an action is
the same small primitive that `actions.deploy_actions` / `actions.turn_actions` build the list from
(`deploy_cells`, `move_cells`, `target_sets`), asked about this one character or skill only, so the
two always agree (tests/tactics/test_tactics_legality.py checks it over random games and options).
The checks in front of it only choose the message: one line naming the rule the action breaks.

The decision's `legal` mapping is core's `LegalList`, built only when someone reads it (a bot, the
UI, a test); replaying a record never does.
"""

from .board import deepest_row, move_allowance, move_cells, deploy_cells, placement_rows
from .state import Battle, Char
from .actions import target_sets
from .turn import may_propose_tie, waiting_for

SHAPES = ('["deploy", uid, row, col]', '["choose", uid]', '["move", row, col]',
          '["skill", skill_id, [target uids], soulwell_spend]', '["end"]', '["abandon"]',
          '["react", uid, skill_id]', '["decline", uid]', '["propose_tie"]', '["accept_tie"]', '["refuse_tie"]')
ANSWERS = ("react", "decline")
TIE_ANSWERS = ("accept_tie", "refuse_tie")


def _whole(value) -> bool:
    return type(value) is int          # not bool, not float: the record's JSON must match exactly


def _name(char: Char) -> str:
    return char.defn.name["en"]


def _cell(row: int, col: int) -> str:
    return f"row {row}, column {col}"


def illegal_reason(b: Battle, seat: int, action, step=None, built: list | None = None) -> str | None:
    """Why `seat` may not take `action` now (one line citing the rule), or None when it is legal.

    `step` is `turn.waiting_for(b)` when the caller has it already (the ruleset reads it off the decision);
    `built` the legal list when it was built already (a bot chose from it): a well-formed action
    found in it is legal without asking the board again.
    """
    step = step or waiting_for(b)
    if step is None or step[1] != seat:
        return f"seat {seat} has no decision to make now"
    if not isinstance(action, list) or not action or not isinstance(action[0], str):
        return "an action is a JSON list starting with its kind: " + ", ".join(SHAPES)
    kind = action[0]
    if kind == "abandon":
        return None if len(action) == 1 else 'abandoning takes nothing more: ["abandon"] (S0-R38)'
    check = _CHECKS.get(kind)
    if check is None:
        return f"unknown action {kind[:20]!r}; actions are " + ", ".join(SHAPES)
    shape, whole = _SHAPE[kind]
    if len(action) != len(whole) + 1 or not all(ok(value) for ok, value in zip(whole, action[1:])):
        return f"a {kind} action is {shape}"
    if built is not None and _listed(action, built):
        return None
    wrong = _phase(b, step, kind)
    if wrong:
        return wrong
    return check(b, step, action)


def _listed(action: list, built: list) -> bool:
    """Is this well-formed action one of the built legal actions? Only whole numbers count as uids
    (True == 1 and 1.0 == 1 in Python, but not in the record's JSON)."""
    if action[0] == "skill" and not all(_whole(uid) for uid in action[2]):
        return False
    return action in built


def _phase(b: Battle, step, kind: str) -> str | None:
    """The action's kind against what is pending: a deployment, a speed-tie choice or a turn."""
    pend, seat = step[0], step[1]
    if pend == "react":
        if kind not in ANSWERS:
            offer = step[2]
            return (f"first use or decline {_name(b.char(offer['uid']))}'s React Skill {offer['skill']}: "
                    f"[\"react\", uid, skill_id] or [\"decline\", uid] ({offer['rule']})")
        return None
    if kind in ANSWERS:
        return "no React Skill is waiting for an answer now (S0-R35, S0-R36)"
    if pend == "agree":
        if kind not in TIE_ANSWERS:
            return f"first answer seat {1 - seat}'s tie proposal: [\"accept_tie\"] or [\"refuse_tie\"] (G0-14)"
        return None
    if kind in TIE_ANSWERS:
        return "no tie proposal is waiting for an answer (G0-14)"
    if kind == "propose_tie" and pend != "turn":
        return "a tie may be proposed during one of the player's character turns (G0-14)"
    if pend == "deploy":
        if kind != "deploy":
            return f"seat {seat} is deploying its army; characters act once both armies are deployed (S0-R7)"
        return None
    if pend == "choose":
        if kind != "choose":
            names = ", ".join(_name(b.char(uid)) for uid in step[2])
            return f"first choose which of the equally fast {names} goes first, with [\"choose\", uid] (S0-R13)"
        return None
    if kind == "deploy":
        return f"deployment is over; it is {_name(step[2])}'s turn (S0-R7)"
    if kind == "choose":
        return f"there is no speed tie to settle; it is {_name(step[2])}'s turn (S0-R13)"
    return None


def _react(b: Battle, step, action) -> str | None:
    """S0-R35/R36: the React Skill offered now, by the character it belongs to."""
    offer = step[2]
    if action[1] != offer["uid"] or (action[0] == "react" and action[2] != offer["skill"]):
        char = b.char(offer["uid"])
        return (f"the React Skill offered now is {_name(char)}'s {offer['skill']} (uid {offer['uid']}) "
                f"({offer['rule']})")
    return None


def _propose(b: Battle, step, action) -> str | None:
    """G0-14: tie by agreement, when the option allows it, at most once a cycle (P0-11)."""
    if not b.opts["tie_by_agreement"]:
        return "tie by agreement is off (option tie_by_agreement, G0-14)"
    if not may_propose_tie(b, step[1]):
        return f"seat {step[1]} already proposed a tie this cycle; a player proposes at most once a cycle (P0-11)"
    return None


def _deploy(b: Battle, step, action) -> str | None:
    """S0-R7/R8/R10: one of the seat's own undeployed characters, to a cell deploy_cells allows."""
    _, uid, row, col = action
    char = b.char(uid)
    if char is None:
        return f"no character has uid {uid}"
    if char.owner != step[1]:
        return f"{_name(char)} is seat {char.owner}'s; seat {step[1]} deploys its own army (S0-R7)"
    if char.row >= 0 or not char.alive:
        return f"{_name(char)} is already deployed (S0-R7)"
    outside = _outside(b, row, col)
    if outside:
        return outside
    cells = deploy_cells(b, char)
    if (row, col) in cells:
        return None
    taker = _at(b, char.owner, row, col)
    if taker:
        return f"{_cell(row, col)} is taken by {_name(taker)} (S0-R8)"
    rows = sorted({r for r, _ in cells})
    if row in placement_rows(b, char) and row > max(rows, default=-1):
        return f"deploying {_name(char)} in row {row} would leave an empty row in front of it (S0-R10)"
    return (f"{_name(char)} (range {char.defn.range}, {char.defn.cls}) may deploy only in row(s) "
            f"{', '.join(map(str, rows))} now (S0-R8, G0-2, G0-3)")


def _choose(b: Battle, step, action) -> str | None:
    """S0-R13: one of the active player's equally fast characters."""
    uid = action[1]
    if uid in step[2]:
        return None
    names = ", ".join(_name(b.char(u)) for u in step[2])
    char = b.char(uid)
    who = f"uid {uid}" if char is None else _name(char)
    return f"{who} is not one of the equally fast characters to choose from ({names}) (S0-R13)"


def _move(b: Battle, step, action) -> str | None:
    """S0-R19/R20/R10: to a free cell of another row, within the move allowance, behind no gap."""
    char, row, col = step[2], action[1], action[2]
    if b.chained:
        return f"no Move after an Act Skill in a chained turn: {_name(char)} may use another skill or end the turn (A0-10)"
    outside = _outside(b, row, col)
    if outside:
        return outside
    if (row, col) in move_cells(b, char):
        return None
    if row == char.row:
        return f"a Move goes to another row; {_name(char)} is already in row {row} (S0-R19)"
    reach = move_allowance(b, char)
    if abs(row - char.row) > reach:
        return (f"too far: {_name(char)} (Speed {char.defn.speed}) may cross {reach} row(s) in a Move "
                f"(G0-4); row {char.row} to row {row} is {abs(row - char.row)} (S0-R20)")
    if row > deepest_row(b, char.owner, ignore=char) + 1:
        return f"moving {_name(char)} to row {row} would leave an empty row in front of it (S0-R10)"
    taker = _at(b, char.owner, row, col)
    if taker:
        return f"{_cell(row, col)} is taken by {_name(taker)} (S0-R19)"
    return f"{_name(char)} cannot move to {_cell(row, col)} (S0-R19)"


def _skill(b: Battle, step, action) -> str | None:
    """S0-R21 with S0-R4/G0-6 and G0-11: a usable skill, paid for, on a target set within its Range."""
    char, (_, skill_id, targets, spend) = step[2], action
    skill = next((s for s in char.defn.skills() if s.id == skill_id), None)
    if skill is None:
        return _no_skill(b, char, skill_id)
    label = f"{_name(char)}'s {skill.name['en']}"
    if skill.id in b.chained:
        return f"{label} was already used this turn; in a chained turn each Act Skill is used at most once (P0-3)"
    if skill is char.defn.unique_skill and char.unique_used and b.opts["unique_limit"] != "unlimited":
        return f"{label} is a Unique Skill already used ({b.opts['unique_limit'].replace('_', ' ')}, G0-11)"
    soulwell = b.sides[char.owner].soulwell
    need = max(0, skill.ap - char.ap)
    if spend < 0:
        return f"a Soulwell spend is 0 or more points; got {spend} (S0-R4)"
    if need > soulwell:
        return (f"not enough Act Points: {label} costs {skill.ap}; {_name(char)} has {char.ap} and the "
                f"Soulwell {soulwell} (S0-R21, S0-R4)")
    if spend < need:
        return (f"not enough Act Points: {label} costs {skill.ap} and {_name(char)} has {char.ap}; "
                f"spend at least {need} from the Soulwell (S0-R21, S0-R4)")
    if spend > soulwell:
        return f"the Soulwell holds {soulwell} point(s); {spend} cannot be spent (S0-R4, G0-6)"
    if b.opts["soulwell_spend"] == "shortfall" and spend != need:
        return f"only the shortfall of the cost, {need}, may be moved from the Soulwell (G0-6 shortfall)"
    if not all(_whole(uid) for uid in targets):
        return "targets are a list of character uids (whole numbers)"
    sets = target_sets(b, char, skill)
    if targets in sets:
        return None
    return _bad_targets(b, char, skill, label, targets, sets)


def _no_skill(b: Battle, char: Char, skill_id: str) -> str:
    if any(r.id == skill_id for r in char.defn.react_skills):
        return (f"{skill_id[:40]} is {_name(char)}'s React Skill: it is offered when its trigger comes, "
                f"never as an action (S0-R35, S0-R36)")
    for other in b.on_board(char.owner):
        if other is not char and any(s.id == skill_id for s in other.defn.skills()):
            return (f"not this character's turn: {skill_id[:40]} is {_name(other)}'s skill, and it is "
                    f"{_name(char)}'s turn (S0-R12)")
    ids = ", ".join(s.id for s in char.defn.skills())
    return f"{_name(char)} has no skill {skill_id[:40]!r}; its skills: {ids} (S0-R21)"


def _bad_targets(b: Battle, char: Char, skill, label: str, targets: list, sets: list) -> str:
    """The message for a target list that is not one the skill can take (S0-R21, G0-2)."""
    if not sets:
        return f"{label} has no target in range now (S0-R21)"
    for uid in targets:
        target = b.char(uid)
        if target is None:
            return f"no character has uid {uid}"
        if not target.on_board:
            return f"{_name(target)} is not on the Battle Area (S0-R24)"
    aimed = {"self": "itself", "ally": "one ally", "all_allies": "every ally at once",
             "enemy": "one enemy", "all_enemies": "every enemy in range at once",
             "enemy_row": "the enemies of one row"}[skill.target]
    chosen = [b.char(uid) for uid in targets]
    wrong_side = [t for t in chosen if (t.owner == char.owner) != (skill.target in ("self", "ally", "all_allies"))]
    if wrong_side:
        return f"{label} targets {aimed}; {_name(wrong_side[0])} is not a fitting target (S0-R21)"
    reach = skill.range or char.defn.range
    far = [t for t in chosen if t.owner != char.owner and not any(t.uid in s for s in sets)]
    if far:
        t = far[0]
        if b.opts["range_metric"] == "rows":
            rows = reach - char.row - 1
            reaches = "no enemy row" if rows < 0 else "row 0 only" if rows == 0 else f"rows 0 to {rows}"
            return (f"out of range: {label} (range {reach}) reaches {reaches} from row {char.row}; "
                    f"{_name(t)} is in row {t.row} (S0-R21, G0-2)")
        return (f"out of range: {label} (range {reach}) does not reach {_name(t)} at {_cell(t.row, t.col)} "
                f"(own row + 1 + its row + columns apart, S0-R21, G0-2)")
    shown = "; ".join(str(s) for s in sets[:6]) + ("; …" if len(sets) > 6 else "")
    return f"{label} targets {aimed}: its target lists now are {shown} (S0-R21)"


def _outside(b: Battle, row: int, col: int) -> str | None:
    rows, cols = b.opts["rows"], b.opts["cols"]
    if 0 <= row < rows and 0 <= col < cols:
        return None
    return f"{_cell(row, col)} is outside the {rows}×{cols} Battle Area (G0-1)"


def _at(b: Battle, seat: int, row: int, col: int) -> Char | None:
    return next((c for c in b.on_board(seat) if c.row == row and c.col == col), None)


_CHECKS = {"deploy": _deploy, "choose": _choose, "move": _move, "skill": _skill, "end": lambda b, step, action: None,
           "react": _react, "decline": _react, "propose_tie": _propose,
           "accept_tie": lambda b, step, action: None, "refuse_tie": lambda b, step, action: None}
_SHAPE = {
    "deploy": (SHAPES[0], (_whole, _whole, _whole)),
    "choose": (SHAPES[1], (_whole,)),
    "move": (SHAPES[2], (_whole, _whole)),
    "skill": (SHAPES[3], (lambda v: isinstance(v, str), lambda v: isinstance(v, list), _whole)),
    "end": (SHAPES[4], ()),
    "react": (SHAPES[6], (_whole, lambda v: isinstance(v, str))),
    "decline": (SHAPES[7], (_whole,)),
    "propose_tie": (SHAPES[8], ()),
    "accept_tie": (SHAPES[9], ()),
    "refuse_tie": (SHAPES[10], ()),
}
