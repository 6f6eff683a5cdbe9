"""A whole game computed up front as frames, so the player can step both ways at once."""

from collections import deque
from dataclasses import dataclass

from engine.core import BadRecord, Record, Session, SkirmishError
from engine.rulesets import get as get_ruleset


@dataclass
class Frame:
    """What the spectator sees after a step, and the events of that step."""

    turn: int
    view: dict
    events: list


class Replay:
    """A finished (or stopped) game: frames 0..N, the outcome and the digest.

    Frame i is the state after `Session.history` step i (`Session.next_step`: a recorded action at
    its decision, an automatic step otherwise), so `&step=N` in a link names the same step a rule
    demo does, in every ruleset.
    """

    MAX_FRAMES = 10_000

    def __init__(self, session: Session, actions=()):
        queue = deque(list(entry) for entry in actions)
        self.record = session.record
        self.ruleset = session.ruleset
        self.seats = session.seats
        self.frames = [Frame(session.turns(), session.view(None), [e.to_data() for e in session.history[0]])]
        while (events := session.next_step(queue)) is not None:
            if len(self.frames) > self.MAX_FRAMES:
                raise SkirmishError(f"the game did not end within {self.MAX_FRAMES} steps")
            self.frames.append(Frame(session.turns(), session.view(None), [e.to_data() for e in events]))
        if queue:
            raise BadRecord(f"record has {len(queue)} action(s) after the game ended")
        self.outcome = session.outcome
        self.digest = session.digest()

    @classmethod
    def from_record(cls, record: Record) -> "Replay":
        """Replay a record, its actions fed at their decisions."""
        get_ruleset(record.ruleset)      # a built-in ruleset registers itself on first use
        return cls(Session(record), record.actions)

    @classmethod
    def start(cls, ruleset_id: str, seed: int, setup: dict, options: dict | None = None) -> "Replay":
        """A new game from the setup form."""
        return cls(Session.start(ruleset_id, seed=seed, options=options or {}, setup=setup))

    @property
    def last(self) -> int:
        """Index of the final frame."""
        return len(self.frames) - 1


def time_battles(games: int, ruleset_id: str) -> float:
    """Seconds to play `games` battles from seeds 0, 1, … with events off (the browser benchmark)."""
    import time

    started = time.perf_counter()
    for seed in range(games):
        session = Session.start(ruleset_id, seed=seed, events=False)
        session.run()
    return time.perf_counter() - started


def bot_times(ruleset_id: str, bot_name: str, seed: int) -> list[float]:
    """Milliseconds per decision of a bot (its view + choice) over one game where it plays every seat."""
    import time

    from engine.core import make_bot

    ruleset = get_ruleset(ruleset_id)
    session = Session.start(ruleset_id, seed=seed, events=False)
    bots = {seat: make_bot(ruleset, bot_name) for seat in range(len(session.seats))}
    times = []
    for _ in range(Replay.MAX_FRAMES):
        if session.outcome is not None:
            break
        if session.decision is None:
            session.advance()
            continue
        for seat in session.waiting():
            if seat not in session.waiting():   # an earlier answer moved the game on (a new decision)
                continue
            started = time.perf_counter()
            action = session.bot_action(seat, bots[seat])
            times.append((time.perf_counter() - started) * 1000)
            session.submit(seat, action)
            if session.decision is None:
                break
    return times


def automatic_run_times(ruleset_id: str, bot_name: str, seed: int) -> list[float]:
    """Milliseconds per run of automatic steps between two decisions (in siege: the automaton's turn
    and the player's own phases), with events on as the page plays them; bots play every seat."""
    import time

    from engine.core import make_bot

    ruleset = get_ruleset(ruleset_id)
    session = Session.start(ruleset_id, seed=seed)
    bots = {seat: make_bot(ruleset, bot_name) for seat in range(len(session.seats))}
    times = []
    for _ in range(Replay.MAX_FRAMES):
        if session.outcome is not None:
            break
        started = time.perf_counter()
        steps = 0
        while session.decision is None and session.outcome is None:
            session.advance()
            steps += 1
        if steps:
            times.append((time.perf_counter() - started) * 1000)
        if session.outcome is not None:
            break
        for seat in session.waiting():
            if seat in session.waiting():       # an earlier answer may have moved the game on
                session.submit(seat, session.bot_action(seat, bots[seat]))
    return times
