"""How a battle ends: a defeated King or army (S0-R37, G0-17), abandoning (S0-R38), a tie (S0-R39, P0-12)."""

from ...core.outcome import Outcome
from .state import Battle


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


def tie(b: Battle, reason: str, test: str) -> None:
    """S0-R39: no possible play is left, as the G0-14 / A0-9 test `test` found."""
    b.log.emit("tie_test", test, reason=reason)
    finish(b, None, reason, "S0-R39")


# P0-10: the most decisions a record holds; longer than any real battle (sensible bots finish within ~17
# cycles, ~400 decisions), short enough that any accepted record replays in well under a second.
MOST_ANSWERS = 12_000


def count_answer(b: Battle, moves: dict) -> None:
    """P0-12: a battle that reaches the most decisions a record holds is a tie at once."""
    b.answers += 1
    if b.answers >= MOST_ANSWERS and b.result is None:
        b.log.emit("ceiling", "P0-12", most=MOST_ANSWERS)
        finish(b, None, f"the battle reached {MOST_ANSWERS} decisions, the most a record holds", "P0-12")


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
