"""The game record: everything that determines a game, as canonical JSON."""

import json
import math
import re
from dataclasses import dataclass, field
from itertools import accumulate

from .canonical import MAX_DEPTH, MAX_INTEGER, canonical_json, json_problem
from .errors import BadRecord

FORMAT = "skirmish-record/1"
MAX_SEED = MAX_INTEGER
MAX_ACTIONS = 100_000
# For the nesting pre-check: the rest of a string after its opening quote, up to (not including)
# its closing quote or the end of the text. Possessive (`++`, `*+`): every character is read once
# and never given back, so a match is linear and an unterminated string cannot cause backtracking.
_STRING_BODY = re.compile(r'(?:[^"\\]++|\\.)*+\\?', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")
_DELTA = {"[": 1, "{": 1, "]": -1, "}": -1}


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
        problem = json_problem(data)
        if problem:
            raise BadRecord(f"record is not plain JSON data: {problem}")
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
        if not isinstance(text, str):
            raise BadRecord("a record must be JSON text")
        if _nesting(text) > MAX_DEPTH:
            raise BadRecord(f"record is nested deeper than {MAX_DEPTH} levels")
        try:
            data = json.loads(text, parse_constant=_refuse_constant, parse_float=_finite_float,
                              parse_int=_bounded_int)
        except _OutOfRange as error:
            raise BadRecord(f"record holds {error}") from None
        except (ValueError, RecursionError) as error:
            raise BadRecord(f"record is not valid JSON ({_first_line(error)})") from None
        return cls.from_data(data)


class _OutOfRange(ValueError):
    """NaN, Infinity, a number too large for a float, or a huge whole number: refused when read."""


def _refuse_constant(name: str):
    raise _OutOfRange(f"a number that is not finite ({name})")


def _finite_float(text: str) -> float:
    number = float(text)
    if not math.isfinite(number):
        raise _OutOfRange(f"a number that is not finite ({text[:40]})")
    return number


def _bounded_int(text: str) -> int:
    # Checked by length first: converting a long run of digits is slow (and capped by Python).
    if len(text) > 20 or not -MAX_INTEGER <= int(text) <= MAX_INTEGER:
        raise _OutOfRange(f"a whole number beyond ±{MAX_INTEGER} ({text[:24]}{'…' if len(text) > 24 else ''})")
    return int(text)


def _nesting(text: str) -> int:
    """How deeply brackets nest in JSON text, strings ignored (stops counting past MAX_DEPTH).

    Checked before parsing because the parser's recursion does not fail cleanly everywhere: under
    Pyodide a deep enough array exhausts the JavaScript stack and kills the interpreter. One pass,
    linear in the text: outside strings, the brackets up to the next quote are counted; from a
    quote, one possessive match skips the string's body (escapes included) to its closing quote.
    An unterminated string ends the scan (the parser then refuses the text).
    """
    depth = deepest = position = 0
    while position <= len(text) and deepest <= MAX_DEPTH:
        quote = text.find('"', position)
        end = len(text) if quote < 0 else quote
        brackets = _BRACKET.findall(text, position, end)
        if brackets:
            levels = list(accumulate(map(_DELTA.__getitem__, brackets), initial=depth))
            depth, deepest = levels[-1], max(deepest, max(levels))
        if quote < 0:
            break
        position = _STRING_BODY.match(text, quote + 1).end() + 1     # past the closing quote
    return deepest


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _short(value) -> str:
    return repr(value)[:40]


def _first_line(error: Exception) -> str:
    return str(error).splitlines()[0][:80] if str(error) else type(error).__name__
