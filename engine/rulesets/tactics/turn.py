"""The turn: both armies deploy, then cycles of character turns, fastest first. `TURN` (at the end)
declares it for the engine (core/turn.py); each function names the rule it applies.

`waiting_for` says what the battle waits for, without changing anything: a deployment, a speed-tie
choice, a character's turn, a React Skill to use or decline, a tie proposal to answer; or None when
every character is engaged and the cycle ends (the one automatic step, cycle.py). Each ask builds its
Decision, whose legal list (actions.py) is built only when read; each answer applies the rules it
names. Abandoning (S0-R38) answers every decision, and every answer counts towards the P0-12 ceiling.
"""

from ...core.decision import Decision
from ...core.turn import Ask, LegalList, Turn
from .actions import deploy_actions, turn_actions
from .board import compact, deploy_cells_why, move_allowance
from .cycle import begin_cycle, end_cycle
from .effects import resume, use_skill
from .end import abandon, check_end, count_answer, finish
from .state import Battle, Char


# --- setup and deployment ------------------------------------------------------------------------

def choose_first(b: Battle) -> None:
    """S0-R1/R2/R5, then S0-R3: the faster army holds the First Player Card; the other gets +1 Soulwell."""
    speeds = [side.speed for side in b.sides]
    for side in b.sides:
        b.log.emit("army_speed", "S0-R1", seat=side.seat, speed=side.speed)
    if speeds[0] != speeds[1]:
        b.first = 0 if speeds[0] > speeds[1] else 1
        b.log.emit("first_player", "S0-R2", seat=b.first, speeds=speeds)
    else:
        b.first = b.rng.below(2) if b.opts["first_tiebreak"] == "random" else 0
        b.log.emit("first_player", "S0-R5", seat=b.first, speeds=speeds, tiebreak=b.opts["first_tiebreak"])
    b.active = b.deploying = b.first
    b.log.emit("first_card", "S0-R6", seat=b.first)
    second = b.sides[1 - b.first]
    second.soulwell += 1
    b.log.emit("extra_point", "S0-R3", seat=second.seat, soulwell=second.soulwell)
    b.log.emit("deploy_turn", "S0-R7", seat=b.first)


def deploy(b: Battle, seat: int, action: list, pending) -> None:
    """S0-R7/R8: place one character; the first player's whole army goes before the second's."""
    _, uid, row, col = action
    char = b.char(uid)
    fallback = b.log.events is not None and deploy_cells_why(b, char)[1]
    char.row, char.col = row, col
    b.placed += 1
    b.log.emit("deploy", "S0-R8", seat=char.owner, uid=uid, row=row, col=col)
    if fallback:
        b.log.emit("deploy_fallback", "P0-2", seat=char.owner, uid=uid, row=row, col=col)
    compact(b, char.owner)
    if any(c.row < 0 for c in b.sides[char.owner].living()):
        return
    if b.log.events is not None:
        cells = [[c.row, c.col] for c in b.on_board(char.owner)]
        b.log.emit("formation", "S0-R9", seat=char.owner, rows=len({r for r, _ in cells}),
                   cols=len({c for _, c in cells}), cells=cells)
    if char.owner == b.first:
        b.deploying = 1 - b.first
        b.log.emit("deploy_turn", "S0-R7", seat=b.deploying)
    else:
        b.phase = "cycle"
        begin_cycle(b)


# --- what the battle waits for ----------------------------------------------------------------

def ready(b: Battle, seat: int) -> list[Char]:
    """Characters of `seat` that can still take a turn this cycle (S0-R11, S0-R14; G0-12 no_turn:
    not face-down ones)."""
    if b.opts["face_down_turn"] == "no_turn":
        return [c for c in b.on_board(seat) if not c.engaged and not c.face_down]
    return [c for c in b.on_board(seat) if not c.engaged]


def waiting_for(b: Battle):
    """What happens next: ("deploy", seat), ("choose", seat, uids), ("turn", seat, char),
    ("react", seat, offer) (a React Skill to use or decline), ("agree", seat) (a tie proposal to answer)
    or None."""
    if b.phase == "deploy":
        return ("deploy", b.deploying)
    if b.phase != "cycle" or b.result is not None:
        return None
    if b.resolving is not None and b.resolving.asking:               # S0-R35/R36: use the React Skill?
        return ("react", b.resolving.asking["seat"], b.resolving.asking)
    if b.tie_offer is not None:                                      # G0-14: answer a tie proposal
        return ("agree", 1 - b.tie_offer)
    if b.acting is not None:
        char = b.char(b.acting)
        return ("turn", char.owner, char)
    if b.opts["interleave"] == "global_speed":
        pool = ready(b, 0) + ready(b, 1)
        if not pool:
            return None
        top = max(c.defn.speed for c in pool)
        fastest = [c for c in pool if c.defn.speed == top]
        seats = {c.owner for c in fastest}
        seat = b.first if b.first in seats else seats.pop()      # A0-3: the card holder first
        fastest = [c for c in fastest if c.owner == seat]
    else:
        seat, pool = b.active, ready(b, b.active)
        if not pool:
            seat = 1 - b.active                                     # G0-15: the other side finishes
            pool = ready(b, seat)
            if not pool:
                return None
        top = max(c.defn.speed for c in pool)                      # S0-R12: fastest first
        fastest = [c for c in pool if c.defn.speed == top]
    if len(fastest) > 1:
        return ("choose", seat, [c.uid for c in fastest])          # S0-R13
    return ("turn", seat, fastest[0])


# --- the asks: who decides, and what -------------------------------------------------------------

def _asking(seat: int, kind: str, prompt: dict, build) -> Decision:
    """One seat decides; abandoning is always one of its answers (S0-R38). The list is built when read."""
    return Decision((seat,), LegalList(seat, lambda: build() + [["abandon"]]), kind, prompt)


def ask_deploy(b: Battle, pending) -> Decision:
    """S0-R7/R8: the deploying player places one of its characters on a cell it may take."""
    seat = pending[1]
    return _asking(seat, "deploy", {}, lambda: deploy_actions(b, seat))


def ask_speed_tie(b: Battle, pending) -> Decision:
    """S0-R13: the player picks which of its equally fast characters goes first."""
    seat, tied = pending[1], list(pending[2])
    return _asking(seat, "choose_order", {"tied": tied}, lambda: [["choose", uid] for uid in tied])


def ask_character_turn(b: Battle, pending) -> Decision:
    """S0-R18: what the character does this turn; G0-14: or its player proposes a tie."""
    _, seat, char = pending
    tie = [["propose_tie"]] if may_propose_tie(b, seat) else []
    return _asking(seat, "choose_action", {"uid": char.uid}, lambda: turn_actions(b, char) + tie)


def ask_react(b: Battle, pending) -> Decision:
    """S0-R35/R36: the owner of a ready React Skill uses it or declines."""
    _, seat, offer = pending
    prompt = {key: value for key, value in offer.items() if key not in ("seat", "rule")}
    return _asking(seat, "react", prompt,
                   lambda: [["react", offer["uid"], offer["skill"]], ["decline", offer["uid"]]])


def ask_tie(b: Battle, pending) -> Decision:
    """G0-14: the other player accepts or refuses the tie proposed."""
    seat = pending[1]
    return _asking(seat, "agree", {"proposal": "tie", "by": 1 - seat}, lambda: [["accept_tie"], ["refuse_tie"]])


# --- the answers ---------------------------------------------------------------------------------

def or_abandon(answer):
    """S0-R38: any decision may be answered by abandoning; every other answer goes to `answer`."""
    def answered(b: Battle, moves: dict, pending) -> None:
        """The one deciding seat's answer: abandoning, or the decision's own."""
        (seat, action), = moves.items()
        if action[0] == "abandon":
            abandon(b, seat)
        else:
            answer(b, seat, action, pending)
    return answered


def choose(b: Battle, seat: int, action: list, pending) -> None:
    """S0-R13: the character chosen among the equally fast ones takes its turn next."""
    uid = action[1]
    b.acting = uid
    b.log.emit("choose", "S0-R13", seat=b.char(uid).owner, uid=uid)


def take_turn(b: Battle, seat: int, action: list, pending) -> None:
    """S0-R18: the character does the one thing chosen: a Move, an Act Skill or End of Turn; or its
    player proposes a tie first (G0-14)."""
    if action[0] == "propose_tie":
        propose_tie(b, seat)
        return
    char = pending[2]
    if not b.chained:
        begin_turn(b, char)
    announce(b, char, action)
    if action[0] == "skill":
        if act(b, char, action[1], action[2], action[3]):     # else it paused for a React Skill decision
            skill_resolved(b, char, action[1])
        return
    if action[0] == "move":
        move(b, char, action[1], action[2])
    else:
        end_turn(b, char)
    close_turn(b, char)


def react_or_decline(b: Battle, seat: int, action: list, pending) -> None:
    """S0-R35/R36: the React Skill offered is used or declined; the paused skill resolves on."""
    actor, skill_id = b.char(b.resolving.actor), b.resolving.skill
    if resume(b, action[0]):
        skill_resolved(b, actor, skill_id)


def answer_tie(b: Battle, seat: int, action: list, pending) -> None:
    """G0-14: accepted, the battle is a draw; refused, the proposer's turn goes on."""
    proposer, b.tie_offer = b.tie_offer, None
    if action[0] == "accept_tie":
        b.log.emit("tie_accepted", "G0-14", seat=seat, by=proposer)
        finish(b, None, "the players agreed to a tie", "G0-14")
    else:
        b.log.emit("tie_refused", "G0-14", seat=seat, by=proposer)


# --- a character's turn -------------------------------------------------------------------------

def begin_turn(b: Battle, char: Char) -> None:
    """S0-R12/R18: this character engages now and does exactly one thing."""
    b.turn += 1
    b.log.emit("turn", "S0-R12", seat=char.owner, uid=char.uid, speed=char.defn.speed, turn=b.turn)


def announce(b: Battle, char: Char, action: list) -> None:
    """S0-R18: the one thing this character does this turn."""
    b.log.emit("action", "S0-R18", seat=char.owner, uid=char.uid, action=action[0])


def move(b: Battle, char: Char, row: int, col: int) -> None:
    """S0-R19/R20: to a free cell of another row within the move allowance (G0-4)."""
    frm = [char.row, char.col]
    char.row, char.col = row, col
    b.log.emit("move", "S0-R19", seat=char.owner, uid=char.uid, frm=frm, to=[row, col])
    b.log.emit("move_reach", "S0-R20", uid=char.uid, speed=char.defn.speed, rows=abs(row - frm[0]),
               allowance=move_allowance(b, char))
    compact(b, char.owner)


def act(b: Battle, char: Char, skill_id: str, target_uids: list[int], spend: int) -> bool:
    """S0-R21 with S0-R4/G0-6: Soulwell points go onto the character, the cost is paid, the skill resolves
    (True), or pauses for a React Skill decision (False; S0-R35, S0-R36)."""
    skill = next(s for s in char.defn.skills() if s.id == skill_id)
    side = b.sides[char.owner]
    if spend:
        side.soulwell -= spend
        char.ap += spend
        b.log.emit("soulwell_spend", "S0-R4", seat=side.seat, uid=char.uid, amount=spend, soulwell=side.soulwell)
    char.ap -= skill.ap
    unique = skill is char.defn.unique_skill
    if unique:
        char.unique_used = True
    b.log.emit("skill", "G0-11" if unique else "S0-R21", seat=char.owner, uid=char.uid, skill=skill.id,
               targets=list(target_uids), ap=skill.ap, left=char.ap, element=skill.element)
    return use_skill(b, char, skill, [b.char(uid) for uid in target_uids])


def end_turn(b: Battle, char: Char) -> None:
    """S0-R27: skipping the turn directly earns 1 AP (A0-8 'never': not for invoked characters;
    A0-10: not after a chained Act Skill, since the turn was not skipped)."""
    if b.chained:
        b.log.emit("end_after_skill", "A0-10", seat=char.owner, uid=char.uid, skills=len(b.chained))
        return
    if char.invoked_by is not None and b.opts["invoked_ap"] == "never":
        b.log.emit("no_ap", "A0-8", seat=char.owner, uid=char.uid)
        return
    char.ap += 1
    b.log.emit("skip", "S0-R27", seat=char.owner, uid=char.uid, ap=char.ap)


def close_turn(b: Battle, char: Char) -> None:
    """S0-R26: the card is turned 90°: engaged. Then the other player engages next (G0-15)."""
    b.acting = None
    b.chained = []
    if char.alive:
        char.engaged = True
        b.log.emit("engaged", "S0-R26", seat=char.owner, uid=char.uid)
    b.active = 1 - char.owner
    check_end(b, char.owner)


def skill_resolved(b: Battle, char: Char, skill_id: str) -> None:
    """Once a skill is fully resolved: the turn ends (S0-R26), or under chain_skills goes on (A0-10)."""
    if b.opts["chain_skills"]:
        check_end(b, char.owner)               # a defeat ends the battle at once (S0-R37)
        if char.alive and b.result is None:
            b.chained.append(skill_id)         # A0-10: the turn goes on until End of Turn
            b.acting = char.uid
            return
    close_turn(b, char)


def may_propose_tie(b: Battle, seat: int) -> bool:
    """G0-14 'also allow tie by agreement' (A0-9: always offered), at most once a cycle (P0-11)."""
    return b.opts["tie_by_agreement"] and seat not in b.tie_proposed


def propose_tie(b: Battle, seat: int) -> None:
    """G0-14: the seat proposes a tie; the other answers before the turn goes on (P0-11: once a cycle)."""
    b.tie_offer = seat
    b.tie_proposed.append(seat)
    b.log.emit("tie_proposed", "G0-14", seat=seat)
    b.log.emit("tie_once", "P0-11", seat=seat, cycle=b.cycle)


# The turn as the rules tell it: what the battle waits for, each decision asked and answered, and the
# one automatic step. Abandoning (S0-R38) answers every decision, and every answer counts (P0-12).
TURN = Turn(
    waiting_for=waiting_for,
    asks={"deploy": Ask(ask_deploy, or_abandon(deploy)),                  # S0-R7/R8: armies deploy in turn
          "choose": Ask(ask_speed_tie, or_abandon(choose)),               # S0-R13: a speed tie, settled
          "turn": Ask(ask_character_turn, or_abandon(take_turn)),         # S0-R18: Move, a skill, End; G0-14
          "react": Ask(ask_react, or_abandon(react_or_decline)),          # S0-R35/R36: use the React Skill?
          "agree": Ask(ask_tie, or_abandon(answer_tie))},                 # G0-14: accept the tie?
    next_step=lambda b: "end_cycle", steps={"end_cycle": end_cycle},    # S0-R14: all engaged, the cycle ends
    after_answer=count_answer)                                           # P0-12: the decision ceiling
