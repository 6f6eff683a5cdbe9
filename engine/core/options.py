"""Options: every gap or ambiguity the spec leaves open, named, defaulted and tied to its spec id."""

import re
from dataclasses import dataclass

from .errors import BadOption

# A whole number as text: ASCII digits only. int() also reads "٣" (3), "1_000" and " +5 ", and
# str.isdigit() also takes "²", which int() then refuses.
_WHOLE = re.compile(r"-?[0-9]{1,20}")


def whole_number(text) -> int | None:
    """`text` as a whole number when it is one written in ASCII digits (an optional minus sign, at
    most 20 digits, spaces around allowed), else None."""
    if not isinstance(text, str):
        return None
    text = text.strip(" ")
    return int(text) if _WHOLE.fullmatch(text) else None


@dataclass(frozen=True)
class Option:
    """One named choice; `spec` is the G…/A… id it settles, `default` the spec's proposal."""

    key: str
    default: object
    spec: str
    doc: str
    choices: tuple = ()          # allowed values when the option is an enumeration
    minimum: int | None = None   # bounds when the option is an integer
    maximum: int | None = None
    also: tuple = ()             # extra non-integer values an integer option accepts (e.g. "heroes")

    def parse(self, value):
        """The option's value from user input (a string from the CLI, or JSON from a record)."""
        if self.choices:
            return self._parse_choice(value)
        if isinstance(self.default, bool):
            return self._parse_bool(value)
        return self._parse_int(value)

    def _parse_choice(self, value):
        if isinstance(value, bool) or value not in self.choices:
            raise BadOption(f"option {self.key} ({self.spec}) must be one of {', '.join(map(str, self.choices))}; got {value!r}")
        return value

    def _parse_bool(self, value):
        if isinstance(value, bool):
            return value
        text = str(value).lower()
        if text in ("true", "yes", "1", "on"):
            return True
        if text in ("false", "no", "0", "off"):
            return False
        raise BadOption(f"option {self.key} ({self.spec}) must be true or false; got {value!r}")

    def _parse_int(self, value):
        if value in self.also:
            return value
        if isinstance(value, bool):
            number = None
        elif isinstance(value, int):
            number = value
        else:
            number = whole_number(value)
        extra = f" or {', '.join(self.also)}" if self.also else ""
        if number is None or not (self.minimum <= number <= self.maximum):
            raise BadOption(f"option {self.key} ({self.spec}) must be a whole number from {self.minimum} to {self.maximum}{extra}; got {value!r}")
        return number


def resolve_options(declared: tuple[Option, ...], given: dict) -> dict:
    """All options with defaults filled in; an unknown key or bad value is a BadOption."""
    if not isinstance(given, dict):
        raise BadOption("options must be a mapping of option names to values")
    key = _memo_key(declared, given)
    known = _RESOLVED.get(key) if key is not None else None
    if known is not None and known[0] is declared:
        return dict(known[1])
    by_key = {option.key: option for option in declared}
    for name in given:
        if name not in by_key:
            known_names = ", ".join(sorted(by_key)) or "none"
            raise BadOption(f"unknown option {name!r}; this ruleset's options are: {known_names}")
    resolved = {name: option.parse(given[name]) if name in given else option.default
                for name, option in by_key.items()}
    if key is not None:
        if len(_RESOLVED) >= _MEMO_SIZE:
            _RESOLVED.clear()
        _RESOLVED[key] = (declared, dict(resolved))
    return resolved


# Resolved options, remembered: a bulk simulation resolves the same options twice a game (the
# session's start, then its record). Keyed on the declaration's identity (kept alive in the value
# and checked) and on each given (name, type, value), so 1 and True, or 1 and 1.0, never share an
# entry; only plain text, whole numbers and booleans are remembered. Each caller gets a fresh dict.
_RESOLVED: dict[tuple, tuple[tuple, dict]] = {}
_MEMO_SIZE = 256
_PLAIN = (str, int, bool)


def _memo_key(declared, given: dict) -> tuple | None:
    """The memo key of these options, or None when a name or value is not a plain one."""
    items = []
    for name, value in given.items():
        kind = type(value)
        if type(name) is not str or kind not in _PLAIN:
            return None
        items.append((name, kind, value))
    return id(declared), tuple(items)


def parse_option_args(pairs: list[str]) -> dict:
    """`KEY=VALUE` strings from the command line as a mapping (values still strings)."""
    options = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise BadOption(f"option {pair!r} must look like KEY=VALUE")
        options[key.strip()] = value.strip()
    return options
