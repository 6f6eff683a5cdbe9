"""The session: a ruleset, its state and the growing record. The UI and the CLI drive this."""

from collections import deque

from .bots import Bot, bot_rng
from .canonical import canonical_json, digest_of, json_problem
from .decision import Decision
from .errors import BadRecord, BadSetup, IllegalAction, SkirmishError
from .events import Event, EventLog
from .options import resolve_options
from .outcome import Outcome
from .record import MAX_SEED, Record
from .ruleset import get_ruleset
from .seats import Seat

MAX_STEPS = 200_000   # a guard against a ruleset bug looping forever


class Session:
    """One game: submit / advance / run bots / undo, views, and the event history.

    A step is one entry of `history`: the set-up is step 0, then each automatic step and each
    resolved decision is one more. `actions_at[i]` is how many recorded actions step i had used.
    """

    def __init__(self, record: Record, events: bool = True, *, made: tuple[str, ...] = ()):
        """The game at the start of `record` (none of its actions played: see `replay`).

        `made`: the record fields `start` made itself, "options" (from resolve_options) and "setup"
        (drawn by the ruleset from the seed). They are plain JSON by construction, so they are not
        checked again, and options made so are not resolved again (that would give the same).
        """
        self.ruleset = get_ruleset(record.ruleset)
        _check_version(self.ruleset, record)
        _check_length(self.ruleset, record)          # counted before any action is read
        _check_json(record, [name for name in ("options", "setup", "actions") if name not in made])
        self.record = Record(record.ruleset, record.version, {}, record.seed, {}, [])
        self.record.options = dict(record.options) if "options" in made else \
            resolve_options(self.ruleset.options, record.options)
        self.record.setup = self.ruleset.check_setup(record.setup, self.record.options)
        self.seats: tuple[Seat, ...] = self.ruleset.seats(self.record.options, self.record.setup)
        _check_seats(self.ruleset, self.seats)
        # The catalogue is only consulted when an event is logged: none is when events are off.
        self.log = EventLog(events, self.ruleset.rule_ids() if events else None)
        self.state = self.ruleset.setup(self.record.options, record.seed, self.record.setup, self.log)
        self.history: list[list[Event]] = [self.log.take()]
        self.actions_at: list[int] = [0]
        self.pending: dict[int, object] = {}
        self._decision: tuple[int, Decision | None] | None = None   # (step, decision): one per step

    @classmethod
    def start(cls, ruleset_id: str, seed: int = 0, options: dict | None = None,
              setup: dict | None = None, events: bool = True) -> "Session":
        """A new game; the setup is drawn from the seed when not given."""
        ruleset = get_ruleset(ruleset_id)
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
            raise BadRecord(f"seed must be a whole number from 0 to {MAX_SEED}")
        resolved = resolve_options(ruleset.options, options or {})
        made = ("options",)
        if setup is None:
            setup, made = ruleset.default_setup(resolved, seed), ("options", "setup")
        return cls(Record(ruleset.id, ruleset.version, resolved, seed, setup), events, made=made)

    @classmethod
    def replay(cls, record: Record, events: bool = True, finish: bool = True) -> "Session":
        """The game a record describes, through every recorded action (and on to the end if `finish`)."""
        session = cls(record, events)
        session._feed(record.actions, finish=finish)
        return session

    # --- driving the game -------------------------------------------------------------

    @property
    def decision(self) -> Decision | None:
        """The pending decision, or None when the next step is automatic or the game is over.

        Asked of the ruleset once per step: its legal actions are built (and, when checked,
        serialised) once, however often the UI, the bots and `submit` look at them.
        """
        step = len(self.history)
        known = self._decision
        if known is None or known[0] != step:
            ruleset, state = self.ruleset, self.state
            known = self._decision = (step, None if ruleset.outcome(state) else ruleset.decision(state))
        return known[1]

    @property
    def outcome(self) -> Outcome | None:
        """The result, once the game has ended."""
        return self.ruleset.outcome(self.state)

    def submit(self, player: int, action) -> list[Event]:
        """A player's action. A simultaneous decision resolves once every player has submitted (the
        others' submissions are held here, out of the state and every view); a team's decision
        (`any_of`) with the first answer. An illegal action raises IllegalAction saying why."""
        decision = self._decision_for(player)
        problem = json_problem(action)
        if problem:
            raise IllegalAction(f"seat {player}'s action is not plain JSON data: {problem}")
        key = canonical_json(action)
        reason = self.ruleset.illegal_reason(self.state, decision, player, action, key)
        if reason:
            raise IllegalAction(reason)
        self.pending[player] = action
        self.record.actions.append([player, action])
        if len(self.pending) < decision.needed:
            return []
        moves, self.pending = self.pending, {}
        self.ruleset.apply(self.state, moves)
        return self._close_step()

    def shareable_record(self) -> Record:
        """The record as a link may carry it now: without the answers held for a simultaneous decision
        that is not complete (the cards chosen face down before the reveal stay on this screen)."""
        held = len(self.pending)
        if not held:
            return self.record
        kept = self.record.actions[:len(self.record.actions) - held]
        return Record(self.record.ruleset, self.record.version, self.record.options, self.record.seed,
                      self.record.setup, [list(action) for action in kept])

    def advance(self) -> list[Event]:
        """One automatic step."""
        if self.outcome:
            raise IllegalAction("the game is over")
        if self.decision is not None:
            raise IllegalAction("a player must decide before the game can go on")
        self.ruleset.advance(self.state)
        return self._close_step()

    def waiting(self) -> list[int]:
        """The seats whose answer the pending decision still needs (none when the next step is automatic)."""
        decision = self.decision
        if decision is None:
            return []
        return [player for player in decision.players if player not in self.pending]

    def bot_action(self, player: int, bot: Bot):
        """The action `bot` chooses for `player` now, from that seat's view and legal actions only."""
        rng = bot_rng(self.record.seed, player, len(self.history))
        return bot.choose(self.view(player), self.decision.legal[player], rng)

    def run(self, bots: dict[int, Bot] | None = None, max_steps: int = MAX_STEPS) -> None:
        """Play on: automatic steps, and bots for the seats that have one, until the end or a human's turn.

        For a team's decision (`any_of`), the team's first seat with a bot answers, unless a human
        sits in the team: then the humans decide.
        """
        bots = bots or {}
        # Looked up once: a bulk simulation spends much of its time in this loop.
        outcome, advance, state, log = self.ruleset.outcome, self.ruleset.advance, self.state, self.log
        history, actions_at, actions = self.history, self.actions_at, self.record.actions
        decide = self.ruleset.decision
        for _ in range(max_steps):
            if outcome(state):
                return
            known = self._decision     # what the decision property does, knowing the game goes on
            if known is None or known[0] != len(history):
                known = self._decision = (len(history), decide(state))
            decision = known[1]
            if decision is None:
                advance(state)                       # what advance() does, minus its re-checks,
                history.append(log.take())           # and what _close_step() does, inline
                actions_at.append(len(actions))
                continue
            waiting = self.waiting()
            if any(player not in bots for player in waiting):
                return
            for player in waiting[:decision.needed]:
                self.submit(player, self.bot_action(player, bots[player]))
        raise BadRecord(f"the game did not end within {max_steps} steps")

    def next_step(self, actions: list) -> list[Event] | None:
        """One step of a recorded game, for walking it step by step; returns that step's events.

        A step is one entry of `history`: the set-up is step 0, then each automatic step (advance)
        and each resolved decision (the submit that completes it) is one more. `actions` is the
        queue of recorded `[player, action]` pairs still to play (a deque, or a short list), taken from its front: when a
        decision is pending and an action remains, the actions that resolve it are submitted (one,
        or one per player of a simultaneous decision); when none is pending, the game advances.
        Returns None, taking no step, when the game is over or a decision waits with no recorded
        action left. A recorded action that is not legal raises BadRecord.
        """
        if self.outcome:
            return None
        if self.decision is None:
            return self.advance()
        steps = len(self.history)
        take = actions.popleft if isinstance(actions, deque) else lambda: actions.pop(0)
        while actions and len(self.history) == steps:
            player, action = take()
            try:
                self.submit(player, action)
            except IllegalAction as error:   # refused actions are not recorded: this one is the next
                raise BadRecord(f"record action {len(self.record.actions) + 1} is illegal: {error}") from None
        return self.history[-1] if len(self.history) > steps else None

    def step_through(self, actions: list, steps: int = MAX_STEPS) -> list[list[Event]]:
        """Take up to `steps` steps with `next_step(actions)`; the events of each step taken, in order.

        From a fresh session (`Session(record)`, which plays none of the record's actions) with
        `list(record.actions)`, step i's events are `history[i]`, as a viewer stepping through the
        record shows them.
        """
        taken = []
        while len(taken) < steps:
            events = self.next_step(actions)
            if events is None:
                break
            taken.append(events)
        return taken

    def undo(self, to: int | None = None) -> None:
        """Go back to step `to` (default: take back the last recorded action), replaying the record once."""
        if to is None:
            if not self.record.actions:
                raise IllegalAction("there is nothing to undo")
            keep = len(self.record.actions) - 1
        else:
            if isinstance(to, bool) or not isinstance(to, int) or not 0 <= to < len(self.history):
                raise IllegalAction(f"there is no step {str(to)[:20]} to go back to (0 to {len(self.history) - 1})")
            keep = self.actions_at[to]
        fresh = Session(self.record, events=self.log.events is not None)
        fresh._feed(self.record.actions[:keep], finish=False)
        while to is not None and len(fresh.history) <= to and fresh.decision is None and not fresh.outcome:
            fresh.advance()
        self.__dict__.update(fresh.__dict__)

    def last_decision_of(self, players) -> int | None:
        """The step at which the most recent recorded action of any of `players` was decided, or None.

        `undo(to=that step)` takes a human back to their last decision, with every bot reply after it.
        """
        players = set(players)
        for index in range(len(self.record.actions) - 1, -1, -1):
            if self.record.actions[index][0] in players:
                return max(step for step, used in enumerate(self.actions_at) if used <= index)
        return None

    # --- looking at the game ----------------------------------------------------------

    def view(self, player: int | None = None) -> dict:
        """What a player (or a spectator, None) may see."""
        return self.ruleset.view(self.state, player)

    def teams(self) -> dict[str, tuple[int, ...]]:
        """team -> its seats."""
        from .seats import teams_of
        return teams_of(self.seats)

    @property
    def events(self) -> list[Event]:
        """Every event so far, in order."""
        return [event for step in self.history for event in step]

    def turns(self) -> int:
        """Turns played so far."""
        return self.ruleset.turns(self.state)

    def digest(self) -> str:
        """sha256 of the canonical JSON of the whole state: equal digests, identical games."""
        return digest_of(self.ruleset.to_data(self.state))

    # --- internals --------------------------------------------------------------------

    def _decision_for(self, player):
        if self.outcome:
            raise IllegalAction("the game is over")
        decision = self.decision
        if decision is None:
            raise IllegalAction("no player decides now; the next step is automatic")
        if player not in decision.players:
            raise IllegalAction(f"seat {player} has no decision to make now")
        if player in self.pending:
            raise IllegalAction(f"seat {player} has already chosen this turn")
        return decision

    def _close_step(self) -> list[Event]:
        events = self.log.take()
        self.history.append(events)
        self.actions_at.append(len(self.record.actions))
        return events

    def _feed(self, actions: list, finish: bool) -> None:
        """Replay recorded actions (automatic steps taken between them), then play on if `finish`."""
        queue = deque(list(entry) for entry in actions)
        while queue:
            if self.next_step(queue) is None and queue:    # None with actions left: the game ended
                raise BadRecord(f"record has {len(queue)} action(s) after the game ended")
        if finish:
            self.run()


def _check_json(record: Record, fields=("options", "setup", "actions")) -> None:
    """A record built in code (not read by Record.from_json) holds only what canonical JSON can write."""
    for name in fields:
        problem = json_problem(getattr(record, name))
        if problem:
            raise BadRecord(f"record field {name!r} is not plain JSON data: {problem}")


def _check_seats(ruleset, seats) -> None:
    low, high = ruleset.capabilities.min_seats, ruleset.capabilities.max_seats
    if not low <= len(seats) <= high:
        raise BadSetup(f"{ruleset.id} is played by {low} to {high} seats; this setup has {len(seats)}")


def _check_length(ruleset, record: Record) -> None:
    """A record holding more actions than its ruleset's games can is refused before any is checked."""
    count, most = len(record.actions), ruleset.max_actions
    if count <= most:
        return
    if most == 0:
        raise BadRecord(f"record has {count} action(s) after the game ended: no player decides anything "
                        f"in {ruleset.id}")
    raise BadRecord(f"record holds {count} decisions; a {ruleset.id} record may hold at most {most}")


def _check_version(ruleset, record: Record) -> None:
    if record.version != ruleset.version:
        raise BadRecord(
            f"record is for {ruleset.id} version {record.version}; this build plays version "
            f"{ruleset.version} and cannot replay it exactly, so it refuses it")


__all__ = ["Session", "SkirmishError"]
