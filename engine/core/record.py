"""The game record: everything that determines a game, as canonical JSON."""

import json
import re
from dataclasses import dataclass, field

from .canonical import canonical_json
from .errors import BadRecord

FORMAT = "skirmish-record/1"
MAX_SEED = (1 << 63) - 1
MAX_ACTIONS = 100_000
MAX_DEPTH = 64          # a real record nests a few levels; deep nesting only ever means an attack
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKET = re.compile(r"[\[\]{}]")


@dataclass
class Record:
    """`{format, ruleset, version, options, seed, setup, actions}`; actions are `[player, action]` pairs."""

    ruleset: str
    version: int
    options: dict
    seed: int
    setup: dict
    actions: list = field(default_factory=list)

    def to_data(self) -> dict:
        """The record as JSON-able data."""
        return {
            "format": FORMAT,
            "ruleset": self.ruleset,
            "version": self.version,
            "options": self.options,
            "seed": self.seed,
            "setup": self.setup,
            "actions": self.actions,
        }

    def to_json(self) -> str:
        """The record as canonical JSON text."""
        return canonical_json(self.to_data())

    @classmethod
    def from_data(cls, data) -> "Record":
        """A record from parsed JSON, with every field's shape checked."""
        if not isinstance(data, dict):
            raise BadRecord("a record must be a JSON object")
        if data.get("format") != FORMAT:
            raise BadRecord(f"not a Skirmish record (format must be {FORMAT!r}, got {_short(data.get('format'))})")
        unknown = set(data) - {"format", "ruleset", "version", "options", "seed", "setup", "actions"}
        if unknown:
            raise BadRecord(f"record has unknown field {sorted(unknown)[0]!r}")
        ruleset, version, seed = data.get("ruleset"), data.get("version"), data.get("seed")
        options, setup, actions = data.get("options", {}), data.get("setup", {}), data.get("actions", [])
        if not isinstance(ruleset, str) or not ruleset:
            raise BadRecord("record field 'ruleset' must be a ruleset id")
        if not _is_int(version) or version < 1:
            raise BadRecord("record field 'version' must be a positive whole number")
        if not _is_int(seed) or not 0 <= seed <= MAX_SEED:
            raise BadRecord(f"record field 'seed' must be a whole number from 0 to {MAX_SEED}")
        if not isinstance(options, dict):
            raise BadRecord("record field 'options' must be an object")
        if not isinstance(setup, dict):
            raise BadRecord("record field 'setup' must be an object")
        if not isinstance(actions, list) or len(actions) > MAX_ACTIONS:
            raise BadRecord(f"record field 'actions' must be a list of at most {MAX_ACTIONS} entries")
        for index, entry in enumerate(actions):
            if not (isinstance(entry, list) and len(entry) == 2 and _is_int(entry[0]) and entry[0] >= 0):
                raise BadRecord(f"record action {index + 1} must be a [player, action] pair")
        return cls(ruleset, version, options, seed, setup, [list(entry) for entry in actions])

    @classmethod
    def from_json(cls, text: str) -> "Record":
        """A record from JSON text."""
        if _nesting(text) > MAX_DEPTH:
            raise BadRecord(f"record is nested deeper than {MAX_DEPTH} levels")
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as error:
            raise BadRecord(f"record is not valid JSON ({_first_line(error)})") from None
        return cls.from_data(data)


def _nesting(text: str) -> int:
    """How deeply brackets nest in JSON text, strings ignored.

    Checked before parsing because the parser's recursion does not fail cleanly everywhere: under
    Pyodide a deep enough array exhausts the JavaScript stack and kills the interpreter.
    """
    depth = deepest = 0
    for bracket in _BRACKET.findall(_STRING.sub('""', text)):
        depth += 1 if bracket in "[{" else -1
        deepest = max(deepest, depth)
    return deepest


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _short(value) -> str:
    return repr(value)[:40]


def _first_line(error: Exception) -> str:
    return str(error).splitlines()[0][:80] if str(error) else type(error).__name__
