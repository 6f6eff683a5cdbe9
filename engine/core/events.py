"""Events: the only channel from the engine to a UI or a log. Each cites the rule it applies."""

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, with the id of the rule (e.g. `S4-R24`) that made it happen."""

    kind: str
    rule: str
    data: dict = field(default_factory=dict)

    def to_data(self) -> dict:
        """The event as JSON-able data."""
        return {"kind": self.kind, "rule": self.rule, **self.data}


class EventLog:
    """Collects events, or drops them when switched off for bulk simulation.

    Given the ruleset's catalogue (`known`), it refuses an event citing a rule the catalogue lacks:
    that is a bug in the ruleset, caught the first time the event is emitted with events on.
    """

    __slots__ = ("events", "known")

    def __init__(self, enabled: bool = True, known: set[str] | None = None):
        self.events: list[Event] | None = [] if enabled else None
        self.known = known

    def emit(self, kind: str, rule: str, **data) -> None:
        """Record one event (a no-op when the log is off)."""
        if self.events is not None:
            if self.known is not None and rule not in self.known:
                raise ValueError(f"event {kind!r} cites {rule!r}, which is not in the rule catalogue")
            self.events.append(Event(kind, rule, data))

    def take(self) -> list[Event]:
        """The events since the last take, clearing them."""
        if self.events is None:
            return []
        taken, self.events = self.events, []
        return taken
