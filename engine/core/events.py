"""Events: the only channel from the engine to a UI or a log. Each cites the rule it applies, and a
choice can carry its reasons (e.g. the ordered priorities that picked a target)."""

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, with the id of the rule (e.g. `S4-R24`) that made it happen.

    `reasons`, when the event records a choice, says why, in order: each a dict with `why` (a short
    phrase), optionally the `rule` it applies and any data a UI needs to say it in words.
    """

    kind: str
    rule: str
    data: dict = field(default_factory=dict)
    reasons: tuple = ()

    def to_data(self) -> dict:
        """The event as JSON-able data (`reasons` only when there are some)."""
        data = {"kind": self.kind, "rule": self.rule, **self.data}
        if self.reasons:
            data["reasons"] = [dict(reason) for reason in self.reasons]
        return data


class EventLog:
    """Collects events, or drops them when switched off for bulk simulation.

    Given the ruleset's catalogue (`known`), it refuses an event citing a rule the catalogue lacks,
    in the event or in its reasons: that is a bug in the ruleset, caught the first time the event is
    emitted with events on.
    """

    __slots__ = ("events", "known")

    def __init__(self, enabled: bool = True, known: set[str] | None = None):
        self.events: list[Event] | None = [] if enabled else None
        self.known = known

    def emit(self, kind: str, rule: str, *, reasons=(), **data) -> None:
        """Record one event (a no-op when the log is off)."""
        if self.events is None:
            return
        known = self.known
        if known is not None and rule not in known:
            raise ValueError(f"event {kind!r} cites {rule!r}, which is not in the rule catalogue")
        if reasons:
            reasons = tuple(reasons)
            for reason in reasons:
                cited = reason.get("rule")
                if known is not None and cited is not None and cited not in known:
                    raise ValueError(f"event {kind!r} cites {cited!r}, which is not in the rule catalogue")
        self.events.append(Event(kind, rule, data, reasons))

    def take(self) -> list[Event]:
        """The events since the last take, clearing them."""
        if self.events is None:
            return []
        taken, self.events = self.events, []
        return taken
