"""A recorded game looked at by hand: the position after step N, whole or as one seat sees it.

`python -m engine replay FILE --at N [--view SEAT]`. The seat's view is the very `ruleset.view()` the
site and the bots are given (the conformance suite proves it hides what the seat may not see), so what
this prints is what that seat could know; without `--view` it is the whole state, for checking a set-up.
"""

from collections import deque

from .core import Session, canonical_json
from .gamesetup import UserError

INDENT = "  "


def session_at(session: Session, step: int | None) -> Session:
    """The game after `step` steps (step 0 is the set-up; None: as far as the record goes)."""
    if step is None:
        return session
    last = len(session.history) - 1
    if not 0 <= step <= last:
        raise UserError(f"--at {step}: this record has steps 0 to {last}")
    walked = Session(session.record, events=False)
    walked.step_through(deque(session.record.actions), steps=step)
    return walked


def seat_of(session: Session, text: str) -> int:
    """A seat by its index or its name (any case), as `seats()` lists them."""
    names = [seat.name for seat in session.seats]
    if text.isascii() and text.isdigit() and int(text) < len(names):
        return int(text)
    lowered = [name.lower() for name in names]
    if text.lower() in lowered:
        return lowered.index(text.lower())
    listed = ", ".join(f"{index} ({name})" for index, name in enumerate(names))
    raise UserError(f"--view {text[:30]!r}: no such seat; the seats are {listed}")


def looked_at(session: Session, seat: int | None) -> dict:
    """What is shown: the seat's view, or the whole state when no seat is named."""
    if seat is None:
        return session.ruleset.to_data(session.state)
    return session.view(seat)


def as_text(value, depth: int = 0) -> list[str]:
    """Readable lines for JSON data: an object's keys one per line, short lists of plain values inline."""
    pad = INDENT * depth
    if isinstance(value, dict):
        lines = []
        for key, item in value.items():
            if _plain(item):
                lines.append(f"{pad}{key}: {_scalar(item)}")
            else:
                lines.append(f"{pad}{key}:")
                lines.extend(as_text(item, depth + 1))
        return lines or [f"{pad}(nothing)"]
    if isinstance(value, list):
        if _plain(value):
            return [f"{pad}{_scalar(value)}"]
        lines = []
        for index, item in enumerate(value):
            if _plain(item):
                lines.append(f"{pad}- {_scalar(item)}")
            else:
                lines.append(f"{pad}- [{index}]")
                lines.extend(as_text(item, depth + 1))
        return lines
    return [f"{pad}{_scalar(value)}"]


def _plain(value) -> bool:
    """A value shown on one line: no object inside, and short."""
    return not _holds_object(value) and len(_scalar(value)) <= 100


def _holds_object(value) -> bool:
    return isinstance(value, dict) or isinstance(value, list) and any(_holds_object(item) for item in value)


def _scalar(value) -> str:
    if isinstance(value, list):
        return "[" + ", ".join(_scalar(item) for item in value) + "]" if value else "(none)"
    if value is None:
        return "-"
    if isinstance(value, str):
        return value if value.isprintable() else repr(value)    # a name from a card file cannot fake a line
    return canonical_json(value)
