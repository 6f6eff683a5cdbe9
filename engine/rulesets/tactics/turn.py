"""The turn machine: setup → deploy → cycles → character turns. Each step names the rule it applies.

`pending` says what comes next without changing anything: a deployment, a speed-tie choice, a
character's turn, or None (the cycle is over: an automatic step, `end_cycle`).
"""

from ...core.outcome import Outcome
from .board import ally_in_range, compact, deploy_cells_why, deploy_frame, distance, move_allowance, move_cells
from .characters import ENEMY_TARGETS
from .effects import Resolution, hit, settle_defeats, use_skill
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


def deploy(b: Battle, uid: int, row: int, col: int) -> None:
    """S0-R7/R8: place one character; the first player's whole army goes before the second's."""
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


# --- cycles ------------------------------------------------------------------------------------

def begin_cycle(b: Battle) -> None:
    """A new cycle: from the second on, disengage, gain AP, pass the card (S0-R15..R17), then statuses."""
    b.cycle += 1
    b.acting = None
    if b.cycle > 1:
        refresh(b)
        pass_card(b)
        tick_statuses(b)
        if b.result is not None:
            return
    b.active = b.first
    b.tie_proposed = []                                  # P0-11: a tie may be proposed again
    b.health_log = (b.health_log + [[total_health(b, s) for s in (0, 1)]])[-HEALTH_LOG:]
    b.log.emit("cycle", "S0-R11", cycle=b.cycle, first=b.first,
               turns=sum(1 for s in (0, 1) for c in b.on_board(s) if not c.engaged))
    b.mark = fingerprint(b)


HEALTH_LOG = 11     # cycle starts kept: enough to compare with ten cycles ago


def total_health(b: Battle, seat: int) -> int:
    """A side's Health on the board (what a bot compares to see whether the battle goes anywhere)."""
    return sum(max(0, c.health) for c in b.on_board(seat))


def refresh(b: Battle) -> None:
    """S0-R15/R16/R34: disengage and +1 AP (not face-down or invoked ones); React Skills recharge.

    G0-12: a face-down character counts down its cycles; by default it disengages like everyone
    else (face_down_turn=takes_turn); under no_turn it stays engaged until it turns face up.
    """
    gained, skipped = [], []
    for side in b.sides:
        for char in b.on_board(side.seat):
            char.react_used = False
            if b.opts["unique_limit"] == "once_per_cycle":
                char.unique_used = False
            if char.face_down:
                skipped.append(char.uid)
                char.face_down -= 1
                if char.face_down and b.opts["face_down_turn"] == "no_turn":
                    continue                      # still face down: stays engaged (G0-12 no_turn)
                if not char.face_down:
                    b.log.emit("face_up", "G0-12", seat=char.owner, uid=char.uid)
            elif char.invoked_by is not None:
                skipped.append(char.uid)
            else:
                char.ap += 1
                gained.append(char.uid)
            char.engaged = False
    b.log.emit("disengage", "S0-R15", gained=gained)
    if skipped:
        b.log.emit("no_cycle_ap", "S0-R16", uids=skipped)
    b.log.emit("recharge", "S0-R34")


def pass_card(b: Battle) -> None:
    """S0-R17/A0-4: the First Player Card changes hands and one Soulwell gains the Extra Act Point."""
    giver = b.first
    b.first = 1 - giver
    gainer = giver if b.opts["cycle_point"] == "giver" else b.first
    b.sides[gainer].soulwell += 1
    b.log.emit("first_card", "S0-R17", seat=b.first, soulwell_to=gainer, soulwell=b.sides[gainer].soulwell)


def tick_statuses(b: Battle) -> None:
    """G0-9: burns hurt, then every status counts down a cycle; shields fade."""
    res = Resolution(None)
    for side in b.sides:
        for char in b.on_board(side.seat):
            char.shield = 0
            if char.burn[1] > 0:
                b.log.emit("burning", "G0-9", seat=char.owner, uid=char.uid, amount=char.burn[0])
                hit(b, None, char, char.burn[0], None, res)
                char.burn[1] -= 1
            if char.weaken[1] > 0:
                char.weaken[1] -= 1
    settle_defeats(b, res)
    check_end(b, None)


def fingerprint(b: Battle) -> str:
    """Health and positions of everything on the board: what a stalled cycle leaves unchanged (G0-14)."""
    return ";".join(f"{c.uid}:{c.health}:{c.row}:{c.col}" for s in (0, 1) for c in b.on_board(s))


def end_cycle(b: Battle) -> None:
    """S0-R14: every character is engaged; check the tie tests (G0-14, P0-1), then the next cycle."""
    b.log.emit("cycle_end", "S0-R14", cycle=b.cycle)
    b.stall = b.stall + 1 if fingerprint(b) == b.mark else 0
    harmless = None
    if b.opts["tie_when_harmless"] or b.cycle >= b.opts["cycle_cap"]:
        harmless = not any(can_harm(b, s) for s in (0, 1)) and not burning(b)
    if b.opts["stall_cycles"] and b.stall >= b.opts["stall_cycles"]:
        tie(b, f"no Health or position changed for {b.stall} cycle(s)", "G0-14")
    elif b.opts["tie_when_harmless"] and harmless:
        tie(b, "neither side can harm the other any more", "G0-14")
    elif b.cycle >= b.opts["cycle_cap"] and harmless:
        tie(b, f"past the cycle cap ({b.opts['cycle_cap']}), neither side can change the outcome", "P0-1")
    else:
        begin_cycle(b)


def tie(b: Battle, reason: str, test: str) -> None:
    """S0-R39: no possible play is left, as the G0-14 / A0-9 test `test` found."""
    b.log.emit("tie_test", test, reason=reason)
    finish(b, None, reason, "S0-R39")


def ceiling(b: Battle, most: int) -> None:
    """P0-12: the battle has reached the most decisions a record holds; it is a tie."""
    b.log.emit("ceiling", "P0-12", most=most)
    finish(b, None, f"the battle reached {most} decisions, the most a record holds", "P0-12")


HARM = ("damage", "burn")


def can_harm(b: Battle, seat: int) -> bool:
    """G0-14/P0-1: can `seat` still lower an enemy's Health? True when a character of it on the board has

    * an Act Skill, or a Unique Skill it may still use (G0-11), aimed at enemies that burns, or that
      deals damage some enemy on the board would not absorb (G0-8), or one that invokes a character
      that could (G0-12);
    * an offensive React Skill that damages or burns its target, and an Act Skill that triggers it
      (S0-R35: under offensive_react=attacks, one aimed at enemies);
    * a defensive React Skill that damages or burns its attacker, while the other side has a character
      with an Act Skill aimed at enemies (an attack that triggers it, S0-R36).

    Range is no limit (moves and the row rule can bring any enemy within reach) and neither are Act
    Points (every cycle adds one to a character or a Soulwell, S0-R15/R17). A side that fails this
    test can never again change the outcome by play; only abandoning could.
    """
    enemies = b.on_board(1 - seat)
    enemy_attacks = any(_attacks(b, c) for c in enemies)
    for char in b.on_board(seat):
        acts = _act_skills(b, char)
        if any(_harms_enemies(b, skill, enemies) for skill in acts):
            return True
        for react in char.defn.react_skills:
            if not any(e.kind in HARM for e in react.effects):
                continue
            if react.trigger == "when_attacked" and react.target == "attacker" and enemy_attacks:
                return True
            if react.trigger == "after_own_act" and react.target == "target" and any(
                    s.target in ENEMY_TARGETS for s in acts):
                return True
    return False


def burning(b: Battle) -> bool:
    """A burn still to hurt someone at a coming cycle start (G0-9): Health can still change."""
    return any(c.burn[1] > 0 and c.burn[0] > 0 for s in (0, 1) for c in b.on_board(s))


def _act_skills(b: Battle, char: Char) -> list:
    """The Act Skills a character may still use, with its Unique Skill while usable (G0-11)."""
    skills = list(char.defn.act_skills)
    unique = char.defn.unique_skill
    if unique and (not char.unique_used or b.opts["unique_limit"] != "once_per_battle"):
        skills.append(unique)
    return skills


def _attacks(b: Battle, char: Char) -> bool:
    """Has the character an Act Skill aimed at enemies (an attack, S0-R36)?"""
    return any(skill.target in ENEMY_TARGETS for skill in _act_skills(b, char))


def _harms_enemies(b: Battle, skill, enemies: list[Char], depth: int = 0) -> bool:
    """Does this skill lower some enemy's Health, itself or through a character it invokes?
    A damaging skill of an enemy's own element does not (G0-8 absorb; net/heal_after: unless it deals
    2 or more)."""
    if skill.target in ENEMY_TARGETS:
        if any(e.kind == "burn" for e in skill.effects):
            return True
        base = sum(e.amount for e in skill.effects if e.kind == "damage")
        if base and any(_hurts(b, skill.element, base, enemy) for enemy in enemies):
            return True
    for effect in skill.effects:
        if effect.kind == "invoke" and depth < 3:
            defn = b.content.characters[effect.character]
            invoked = list(defn.act_skills) + ([defn.unique_skill] if defn.unique_skill else [])
            if any(_harms_enemies(b, s, enemies, depth + 1) for s in invoked):
                return True
    return False


def _hurts(b: Battle, element: str | None, base: int, enemy: Char) -> bool:
    """Would `base` damage of `element` lower this enemy's Health (G0-8: not a same-element hit that
    is absorbed, or that nets 0 or less)?"""
    if element is None or element != enemy.defn.element:
        return True
    return b.opts["same_element"] != "absorb" and base >= 2


# --- whose turn ------------------------------------------------------------------------------

def ready(b: Battle, seat: int) -> list[Char]:
    """Characters of `seat` that can still take a turn this cycle (S0-R11, S0-R14; G0-12 no_turn:
    not face-down ones)."""
    if b.opts["face_down_turn"] == "no_turn":
        return [c for c in b.on_board(seat) if not c.engaged and not c.face_down]
    return [c for c in b.on_board(seat) if not c.engaged]


def pending(b: Battle):
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
        seat = b.active if ready(b, b.active) else 1 - b.active   # G0-15: the other side finishes
        pool = ready(b, seat)
        if not pool:
            return None
        top = max(c.defn.speed for c in pool)                      # S0-R12: fastest first
        fastest = [c for c in pool if c.defn.speed == top]
    if len(fastest) > 1:
        return ("choose", seat, [c.uid for c in fastest])          # S0-R13
    return ("turn", seat, fastest[0])


def choose(b: Battle, uid: int) -> None:
    """S0-R13: the active player picks which of its equally fast characters goes first."""
    b.acting = uid
    b.log.emit("choose", "S0-R13", seat=b.char(uid).owner, uid=uid)


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


# --- the end -----------------------------------------------------------------------------------

def check_end(b: Battle, acting_seat: int | None) -> None:
    """S0-R37: a side whose King (or whole army) is defeated loses; both at once: G0-17."""
    if b.result is not None or b.phase != "cycle":
        return
    lost = [s for s in (0, 1) if not b.sides[s].king().alive or not b.sides[s].living()]
    if len(lost) == 2:
        if b.opts["both_kings"] == "acting_side_wins" and acting_seat is not None:
            finish(b, acting_seat, "both Kings fell; the acting side wins", "G0-17")
        else:
            finish(b, None, "both Kings fell at once", "G0-17")
    elif lost:
        king = not b.sides[lost[0]].king().alive
        finish(b, 1 - lost[0], f"seat {lost[0]}'s {'King' if king else 'army'} was defeated", "S0-R37")


def may_propose_tie(b: Battle, seat: int) -> bool:
    """G0-14 'also allow tie by agreement' (A0-9: always offered), at most once a cycle (P0-11)."""
    return b.opts["tie_by_agreement"] and seat not in b.tie_proposed


def propose_tie(b: Battle, seat: int) -> None:
    """G0-14: the seat proposes a tie; the other answers before the turn goes on (P0-11: once a cycle)."""
    b.tie_offer = seat
    b.tie_proposed.append(seat)
    b.log.emit("tie_proposed", "G0-14", seat=seat)
    b.log.emit("tie_once", "P0-11", seat=seat, cycle=b.cycle)


def answer_tie(b: Battle, seat: int, accept: bool) -> None:
    """G0-14: accepted, the battle is a draw; refused, the proposer's turn goes on."""
    proposer, b.tie_offer = b.tie_offer, None
    if accept:
        b.log.emit("tie_accepted", "G0-14", seat=seat, by=proposer)
        finish(b, None, "the players agreed to a tie", "G0-14")
    else:
        b.log.emit("tie_refused", "G0-14", seat=seat, by=proposer)


def abandon(b: Battle, seat: int) -> None:
    """S0-R38: a player who abandons loses."""
    b.sides[seat].abandoned = True
    b.turn += 1                                   # abandoning takes the player's turn
    finish(b, 1 - seat, f"seat {seat} abandoned", "S0-R38")


def finish(b: Battle, winner: int | None, reason: str, rule: str) -> None:
    """Record the result (S0-R37..R39) and stop the battle."""
    b.result = Outcome.win_or_draw(winner, reason, rule)
    b.phase = "ended"
    b.resolving = None
    b.tie_offer = None
    b.log.emit("end", rule, winner=winner, reason=reason)


# --- legal actions -------------------------------------------------------------------------------

def deploy_actions(b: Battle, seat: int) -> list:
    """["deploy", uid, row, col] for each undeployed character and each cell it may take."""
    frame = deploy_frame(b, seat)
    return [["deploy", c.uid, r, col] for c in b.sides[seat].living() if c.row < 0
            for r, col in deploy_cells_why(b, c, frame)[0]]


def turn_actions(b: Battle, char: Char) -> list:
    """Move (S0-R19), each affordable skill on each reachable target set (S0-R21), End of Turn (S0-R27).
    A0-10 chain_skills: after a skill, only more skills (each once a turn, P0-3) or End of Turn."""
    actions = [] if b.chained else [["move", r, c] for r, c in move_cells(b, char)]
    soulwell = b.sides[char.owner].soulwell
    for skill in char.defn.skills():
        if skill is char.defn.unique_skill and char.unique_used and b.opts["unique_limit"] != "unlimited":
            continue
        if skill.id in b.chained:                  # P0-3: each Act Skill at most once in a chained turn
            continue
        need = max(0, skill.ap - char.ap)
        if need > soulwell:
            continue
        spends = range(need, soulwell + 1) if b.opts["soulwell_spend"] == "any_amount" else (need,)
        for targets in target_sets(b, char, skill):
            for spend in spends:
                actions.append(["skill", skill.id, targets, spend])
    actions.append(["end"])
    return actions


def target_sets(b: Battle, char: Char, skill) -> list[list[int]]:
    """S0-R21/G0-2: the target lists a skill can take; every target must be within its Range
    (allies: A0-11). A row attack hits the enemies of one row that are within range."""
    reach = skill.range or char.defn.range
    if skill.target == "self":
        return [[char.uid]]
    allies = [c for c in b.on_board(char.owner) if ally_in_range(b, char, c, reach)]
    if skill.target == "ally":
        return [[c.uid] for c in allies]
    if skill.target == "all_allies":
        return [[c.uid for c in allies]]
    enemies = [c for c in b.on_board(1 - char.owner) if distance(b, char, c) <= reach]
    if skill.target == "enemy":
        return [[c.uid] for c in enemies]
    if skill.target == "all_enemies":
        return [[c.uid for c in enemies]] if enemies else []
    rows = sorted({c.row for c in enemies})                        # enemy_row
    return [[c.uid for c in enemies if c.row == r] for r in rows]

