"""How a game ended: who won (seats, a team, or the automaton) or a draw, and the rule that said so."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Outcome:
    """The result. `winners` are seat indices; a team win names the team and lists its seats.

    Nobody won when `winners` is empty: that is a draw, unless `automaton` says the automaton (a
    player that is not a seat, as in a solo game) won.
    """

    winners: tuple[int, ...]
    reason: str
    rule: str
    team: str | None = None
    automaton: bool = False

    @classmethod
    def win(cls, seat: int, reason: str, rule: str) -> "Outcome":
        """One seat won."""
        return cls((seat,), reason, rule)

    @classmethod
    def win_or_draw(cls, seat: int | None, reason: str, rule: str) -> "Outcome":
        """One seat won, or nobody did when `seat` is None (as two-seat games decide)."""
        return cls(() if seat is None else (seat,), reason, rule)

    @classmethod
    def team_win(cls, team: str, seats, reason: str, rule: str) -> "Outcome":
        """A team (and so each of its seats) won."""
        return cls(tuple(seats), reason, rule, team=team)

    @classmethod
    def draw(cls, reason: str, rule: str) -> "Outcome":
        """Nobody won."""
        return cls((), reason, rule)

    @classmethod
    def automaton_win(cls, reason: str, rule: str) -> "Outcome":
        """The automaton won; every seat lost."""
        return cls((), reason, rule, automaton=True)

    @property
    def is_draw(self) -> bool:
        """True when nobody, not even the automaton, won."""
        return not self.winners and not self.automaton

    @property
    def winner(self) -> int | None:
        """The winning seat when exactly one seat won, else None (a draw, a team, the automaton)."""
        return self.winners[0] if len(self.winners) == 1 else None

    def result(self, seat: int) -> float:
        """The seat's result for simulations: 1 for a win, ½ for a draw, 0 for a loss."""
        if self.is_draw:
            return 0.5
        return 1.0 if seat in self.winners else 0.0

    def to_data(self) -> dict:
        """The outcome as JSON-able data."""
        return {"winners": list(self.winners), "team": self.team, "automaton": self.automaton,
                "draw": self.is_draw, "reason": self.reason, "rule": self.rule}
