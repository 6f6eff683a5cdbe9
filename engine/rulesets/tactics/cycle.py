"""The cycle (S0-R11..R17): its start (disengage, Act Points, the First Player Card, statuses) and its
end once every character is engaged (S0-R14), with the tie tests (G0-14, P0-1)."""

from .effects import Resolution, hit, settle_defeats
from .end import check_end, tie
from .state import Battle
from .ties import burning, can_harm


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
