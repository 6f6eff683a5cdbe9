"""The contract every ruleset fulfils, and the registry that finds rulesets by id.

A ruleset is stateless: it creates a state and answers questions about it. The session drives it:

    seats = ruleset.seats(options, setup)
    state = ruleset.setup(options, seed, setup, log)
    while ruleset.outcome(state) is None:
        decision = ruleset.decision(state)
        if decision is None: ruleset.advance(state)            # automatic step (an automaton's too)
        else: ruleset.apply(state, {player: action, ...})     # the decision's answers, all at once

The core knows no game: rulesets register themselves (`@register`) when their package is imported;
`engine.rulesets` imports the built-in ones on request.
"""

import sys
from dataclasses import dataclass
from pathlib import Path

from .catalogue import load_catalogue
from .decision import Decision
from .demos import load_demos
from .errors import BadSetup, UnknownRuleset
from .events import EventLog
from .options import Option
from .outcome import Outcome
from .record import MAX_ACTIONS
from .seats import Seat, solo_seats
from .turn import Turn


@dataclass(frozen=True)
class Capabilities:
    """What kind of game a ruleset is, declared up front (as OpenSpiel's GameType); tests branch on it."""

    min_seats: int = 2
    max_seats: int = 2
    hidden_information: bool = False   # some seat may not see part of the state (hands, deck order)
    simultaneous: bool = False         # several seats choose at once, hidden from each other
    teams: bool = False                # seats play in teams that win or lose together
    chance: bool = False               # the seed changes the game (shuffles, dice, coin flips)
    automaton: bool = False            # an opponent that is not a seat and can win


class Ruleset:
    """Base class: metadata declared up front, the methods the session calls, optional hooks."""

    id: str = ""
    version: int = 0
    title: str = ""
    capabilities = Capabilities()
    options: tuple[Option, ...] = ()
    settled_without_option: dict[str, str] = {}   # spec id -> why no alternative reading is offered
    bots: dict[str, type] = {}                    # bot name -> class, besides the random bot
    card_tables: tuple[str, ...] = ()             # top-level tables that mark this ruleset's card files
    max_actions: int = MAX_ACTIONS                # the most decisions a record of this ruleset may hold
    turn: Turn | None = None                      # the turn as a table (core/turn.py): decision/apply/advance
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

    # --- seats and setup ------------------------------------------------------------------

    def seats(self, options: dict, setup: dict | None = None) -> tuple[Seat, ...]:
        """The seats of a game with these options and setup (None: before a setup is chosen)."""
        return solo_seats(self.capabilities.min_seats)

    def default_setup(self, options: dict, seed: int) -> dict:
        """A complete setup chosen from the seed when the user gave none."""
        raise NotImplementedError

    def check_setup(self, setup: dict, options: dict) -> dict:
        """The setup validated and normalised; raises BadSetup."""
        raise NotImplementedError

    def build_setup(self, options: dict, seed: int, decks: dict[int, list[str]], cards_file=None) -> dict:
        """A setup from the command line's `--deck SEAT=…` and `--cards FILE` (default: neither taken)."""
        if decks or cards_file:
            raise BadSetup(f"{self.id} takes no --deck or --cards")
        return self.check_setup(self.default_setup(options, seed), options)

    def setup(self, options: dict, seed: int, setup: dict, log: EventLog):
        """A fresh game state."""
        raise NotImplementedError

    # --- play -----------------------------------------------------------------------------

    def decision(self, state) -> Decision | None:
        """The pending decision, or None when the next step is automatic (or the game is over)."""
        return self.turn.decision(state)

    def illegal_reason(self, state, decision: Decision, player: int, action, key: str) -> str | None:
        """Why `action` (canonical JSON `key`) is not legal for `player` now, or None when it is.

        The default looks the action up among the decision's legal actions. A ruleset may check
        structurally instead, and should say which rule an illegal action breaks.
        """
        if decision.allows(player, action, key):
            return None
        return f"{key[:80]} is not a legal action for seat {player} now"

    def apply(self, state, moves: dict) -> None:
        """Apply one decision's actions; the session has already checked that they are legal."""
        self.turn.apply(state, moves)

    def advance(self, state) -> None:
        """Take one automatic step."""
        self.turn.advance(state)

    def outcome(self, state) -> Outcome | None:
        """The result once the game has ended, else None (every state keeps it as `result`)."""
        return state.result

    def turns(self, state) -> int:
        """How many turns have been played, in the ruleset's own sense of a turn."""
        raise NotImplementedError

    # --- looking at a game ----------------------------------------------------------------

    def view(self, state, player: int | None) -> dict:
        """What `player` may see (None = a spectator); everything once the game is over."""
        raise NotImplementedError

    def secrets(self, state, player: int | None) -> list:
        """JSON values `player` must not find in its view (checked by the conformance suite).

        A ruleset with hidden information gives a non-empty list mid-game for every seat.
        """
        return []

    def private_variant(self, state, player: int | None, rng):
        """A copy of `state` that differs only in what `player` may not see, or None when nothing is hidden.

        The conformance suite checks that `player`'s view of the copy equals its view of `state`.
        """
        return None

    def to_data(self, state) -> dict:
        """The whole state as JSON-able data (the ruleset, its version, the state's own `to_data`); its
        canonical hash is the digest."""
        return {"ruleset": self.id, "version": self.version, **state.to_data()}

    # --- content and rules ----------------------------------------------------------------

    def validate_cards(self, path=None) -> list[str]:
        """Every problem in a card file (the starter content when no file is given)."""
        raise BadSetup(f"{self.id} has no card data")

    def squad_table(self) -> list[tuple[str, str, str]]:
        """(id, kind, English name) of every ready-made deck or army, for `cards list`."""
        return []

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
    """The registered ruleset with this id, or an UnknownRuleset error listing the registered ones."""
    if not isinstance(ruleset_id, str) or ruleset_id not in _REGISTRY:
        known = ", ".join(sorted(_REGISTRY)) or "none"
        raise UnknownRuleset(f"unknown ruleset {str(ruleset_id)[:40]!r}; known rulesets: {known}")
    return _REGISTRY[ruleset_id]


def all_rulesets() -> list[Ruleset]:
    """Every registered ruleset, by id."""
    return [_REGISTRY[key] for key in sorted(_REGISTRY)]
