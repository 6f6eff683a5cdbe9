"""The game record: everything that determines a game, as canonical JSON."""

import gc
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
# For the nesting pre-check: a string, from its opening quote to its closing quote or the end of the
# text. Possessive (`++`, `*+`): every character is read once and never given back, so the scan is
# linear and an unterminated string cannot cause backtracking.
_STRING = re.compile(r'"(?:[^"\\]++|\\.)*+"?', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]++")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}
_LONG_DIGITS = re.compile(r"[0-9]{19}")
# A `\u` escape of a surrogate (D800–DFFF) in JSON text: it may stand alone, which UTF-8 cannot
# write. Also matches inside an escaped backslash (`\\ud800`): then the exact check decides.
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


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
    def from_data(cls, data, plain: bool = False) -> "Record":
        """A record from parsed JSON, with every field's shape checked: its header and the number of
        actions first, then (unless the caller knows it is `plain` JSON data already) every value."""
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
        # Counted before anything is read deeply: an oversized record costs no more than its parse.
        problem = None if plain else json_problem(data)
        if problem:
            raise BadRecord(f"record is not plain JSON data: {problem}")
        for index, entry in enumerate(actions):
            if not (isinstance(entry, list) and len(entry) == 2 and _is_int(entry[0]) and entry[0] >= 0):
                raise BadRecord(f"record action {index + 1} must be a [player, action] pair")
        return cls(ruleset, version, options, seed, setup, [list(entry) for entry in actions])

    @classmethod
    def from_json(cls, text: str) -> "Record":
        """A record from JSON text."""
        if not isinstance(text, str):
            raise BadRecord("a record must be JSON text")
        bare = _STRING.sub("", text)          # the text outside strings: brackets and numbers
        if _depth(bare) > MAX_DEPTH:
            raise BadRecord(f"record is nested deeper than {MAX_DEPTH} levels")
        # Whole numbers are read natively (a Python hook per number costs more than the parse) unless
        # one may be out of range: a run of 19 digits or more is looked at by `_bounded_int`.
        hooks = {"parse_int": _bounded_int} if _LONG_DIGITS.search(bare) else {}
        paused = gc.isenabled()
        gc.disable()        # JSON data holds no cycles: collecting while it is built only costs time
        try:
            data = json.loads(text, parse_constant=_refuse_constant, parse_float=_finite_float, **hooks)
        except _OutOfRange as error:
            raise BadRecord(f"record holds {error}") from None
        except (ValueError, RecursionError) as error:
            raise BadRecord(f"record is not valid JSON ({_first_line(error)})") from None
        finally:
            if paused:
                gc.enable()
        return cls.from_data(data, plain=_reads_as_plain(text))


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
    """How deeply brackets nest in JSON text, strings ignored.

    Checked before parsing because the parser's recursion does not fail cleanly everywhere: under
    Pyodide a deep enough array exhausts the JavaScript stack and kills the interpreter. Linear and
    without a Python loop over the text: the strings are cut out (escapes included; an unterminated
    one runs to the end), then `_depth` counts.
    """
    return _depth(_STRING.sub("", text))


def _depth(bare: str) -> int:
    """The highest running sum of +1 per opening and -1 per closing bracket in text without strings
    (the parser stops at the first bracket that closes nothing, so what follows it never nests)."""
    brackets = _NOT_BRACKET.sub("", bare)
    return max(0, max(accumulate(map(_STEP.__getitem__, brackets)), default=0))


def _reads_as_plain(text: str) -> bool:
    """True when what `json.loads` (with this module's number hooks) reads from `text` is surely plain
    JSON data, so that `json_problem` need not walk it: its depth is checked, its numbers are bounded
    when read, its keys are text, and only a lone surrogate (written raw, or as a `\\u` escape) could be
    wrong. Both are looked for in the text, in C; a possible one sends the data to the exact check."""
    if text.isascii():
        return _SURROGATE_ESCAPE.search(text) is None
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return _SURROGATE_ESCAPE.search(text) is None


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _short(value) -> str:
    return repr(value)[:40]


def _first_line(error: Exception) -> str:
    return str(error).splitlines()[0][:80] if str(error) else type(error).__name__
