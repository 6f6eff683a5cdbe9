"""Seats and teams: who plays a game. They come from a game's options and setup, not from a class."""

from dataclasses import dataclass

from .errors import BadSetup


@dataclass(frozen=True)
class Seat:
    """One place at the table: its name (as the CLI and the UI say it) and its team."""

    name: str
    team: str

    def to_data(self) -> dict:
        """The seat as JSON-able data."""
        return {"name": self.name, "team": self.team}


def solo_seats(count: int) -> tuple[Seat, ...]:
    """`count` seats named "0", "1", … each on a team of its own (every seat for itself)."""
    seats = _SOLO.get(count)
    if seats is None:       # seats are frozen: every game of that size shares one tuple
        seats = _SOLO[count] = tuple(Seat(str(index), str(index)) for index in range(count))
    return seats


_SOLO: dict[int, tuple[Seat, ...]] = {}


def seat_index(seats: tuple[Seat, ...], text: str) -> int:
    """The index of the seat named `text` (or given by its number); BadSetup listing the seats."""
    text = str(text).strip()
    for index, seat in enumerate(seats):
        if text == seat.name:
            return index
    if text.isascii() and text.isdigit() and len(text) <= 20 and int(text) < len(seats):   # int() refuses > 4300 digits
        return int(text)
    names = ", ".join(seat.name for seat in seats)
    raise BadSetup(f"unknown seat {text[:20]!r}; this game's seats are {names}")


def teams_of(seats: tuple[Seat, ...]) -> dict[str, tuple[int, ...]]:
    """team -> the indices of its seats, in seat order."""
    teams: dict[str, list[int]] = {}
    for index, seat in enumerate(seats):
        teams.setdefault(seat.team, []).append(index)
    return {team: tuple(members) for team, members in teams.items()}
