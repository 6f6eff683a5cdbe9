"""The contract every ruleset fulfils, and the registry that finds rulesets by id.

A ruleset is stateless: it creates a state and answers questions about it. The session drives it:

    state = ruleset.setup(options, seed, setup, log)
    while ruleset.outcome(state) is None:
        decision = ruleset.decision(state)
        if decision is None: ruleset.advance(state)            # automatic step
        else: ruleset.apply(state, {player: action, ...})     # all of decision.players at once
"""

import sys
import importlib
from dataclasses import dataclass, field
from pathlib import Path

from .catalogue import load_catalogue
from .demos import load_demos
from .errors import UnknownRuleset
from .events import EventLog
from .options import Option


@dataclass(frozen=True)
class Decision:
    """Who must act now. Several players at once means a simultaneous, hidden choice."""

    players: tuple[int, ...]
    legal: dict[int, list] = field(default_factory=dict)   # player -> legal actions (JSON-able)

    @property
    def simultaneous(self) -> bool:
        """True when more than one player chooses at the same time."""
        return len(self.players) > 1


@dataclass(frozen=True)
class Outcome:
    """How a game ended: a winner seat or a draw, why, and the rule that decided it."""

    winner: int | None
    reason: str
    rule: str

    def to_data(self) -> dict:
        """The outcome as JSON-able data."""
        return {"winner": self.winner, "draw": self.winner is None, "reason": self.reason, "rule": self.rule}


class Ruleset:
    """Base class: metadata declared up front, then the small set of methods the session calls."""

    id: str = ""
    version: int = 0
    title: str = ""
    seats: tuple[str, ...] = ()          # seat names; seat i is player i
    options: tuple[Option, ...] = ()
    settled_without_option: dict[str, str] = {}   # spec id -> why no alternative reading is offered
    _catalogue: dict | None = None

    def data_path(self, name: str) -> Path:
        """A data file kept beside the module that defines the ruleset (rules.toml, demos.toml)."""
        return Path(sys.modules[type(self).__module__].__file__).with_name(name)

    @property
    def catalogue(self) -> dict[str, dict]:
        """The rule catalogue (`rules.toml` beside the ruleset), rule id -> statement; read on first use."""
        if self._catalogue is None:
            self._catalogue = load_catalogue(self.data_path("rules.toml"))
        return self._catalogue

    def default_setup(self, options: dict, seed: int) -> dict:
        """A complete setup chosen from the seed when the user gave none."""
        raise NotImplementedError

    def check_setup(self, setup: dict, options: dict) -> dict:
        """The setup validated and normalised; raises BadSetup."""
        raise NotImplementedError

    def setup(self, options: dict, seed: int, setup: dict, log: EventLog):
        """A fresh game state."""
        raise NotImplementedError

    def decision(self, state) -> Decision | None:
        """The pending decision, or None when the next step is automatic (or the game is over)."""
        raise NotImplementedError

    def apply(self, state, moves: dict) -> None:
        """Apply one decision's actions; the session has already checked that they are legal."""
        raise NotImplementedError

    def advance(self, state) -> None:
        """Take one automatic step."""
        raise NotImplementedError

    def view(self, state, player: int | None) -> dict:
        """What `player` may see (None = a spectator); everything once the game is over."""
        raise NotImplementedError

    def secrets(self, state, player: int | None) -> list:
        """JSON values `player` must not find in its view (checked by the conformance suite)."""
        return []

    def outcome(self, state) -> Outcome | None:
        """The result once the game has ended, else None."""
        raise NotImplementedError

    def turns(self, state) -> int:
        """How many turns have been played, in the ruleset's own sense of a turn."""
        raise NotImplementedError

    def to_data(self, state) -> dict:
        """The whole state as JSON-able data; its canonical hash is the digest."""
        raise NotImplementedError

    def rule_ids(self) -> set[str]:
        """Every rule id this ruleset may cite: the ids in its catalogue."""
        return set(self.catalogue)

    def demos(self) -> dict:
        """Rule demos (`demos.toml` beside the ruleset; none without one), by rule id."""
        return load_demos(self, self.data_path("demos.toml"))


_REGISTRY: dict[str, Ruleset] = {}


def register(ruleset_class):
    """Class decorator: make a ruleset available by its id."""
    _REGISTRY[ruleset_class.id] = ruleset_class()
    return ruleset_class


def get_ruleset(ruleset_id) -> Ruleset:
    """The registered ruleset with this id, or an UnknownRuleset error listing the known ones."""
    from ..rulesets import BUILTIN
    if isinstance(ruleset_id, str) and ruleset_id not in _REGISTRY and ruleset_id in BUILTIN:
        importlib.import_module(BUILTIN[ruleset_id])     # only the ruleset asked for: start-up time
    if not isinstance(ruleset_id, str) or ruleset_id not in _REGISTRY:
        known = ", ".join(sorted(set(_REGISTRY) | set(BUILTIN)))
        raise UnknownRuleset(f"unknown ruleset {str(ruleset_id)[:40]!r}; known rulesets: {known}")
    return _REGISTRY[ruleset_id]


def all_rulesets() -> list[Ruleset]:
    """Every registered ruleset (the built-in ones imported), by id."""
    from ..rulesets import BUILTIN
    for module in BUILTIN.values():
        importlib.import_module(module)
    return [_REGISTRY[key] for key in sorted(_REGISTRY)]
