"""Checks for card data files (TOML), shared by every ruleset's content loader.

A loader reads its file with `read_text` and `parse_toml`, then walks the data with the checks
below. Each problem is a `file: table: field: message` line in a `Problems`; all of them are
gathered and raised together as one BadCards, so a card author fixes a file in one pass. A check
that fails adds its line and returns None (or an empty value), and the loader carries on.
"""

import re
from pathlib import Path

from .errors import BadCards, one_line
from .files import FileRefused, read_text as read_file_text

LANGUAGES = ("en", "ja", "ru")           # every name is given in each of these
MAX_FILE_BYTES = 1_000_000
ID_PATTERN = re.compile(r"[a-z0-9_-]{1,40}")
ID_MESSAGE = "ids use a-z, 0-9, '_' and '-' (1 to 40 characters)"


class Problems:
    """Collects `file: table: field: message` lines for one source (a file name, or "record")."""

    def __init__(self, source: str):
        self.source, self.lines = source, []

    def add(self, table: str, field_name: str, message: str) -> None:
        """Note one problem (as one line, whatever the names in it hold)."""
        self.lines.append(one_line(f"{self.source}: {table}: {field_name}: {message}"))

    def raise_any(self) -> None:
        """Raise BadCards with every line noted so far, if there is one."""
        if self.lines:
            raise BadCards(self.lines)


def show(value) -> str:
    """A value as a problem line quotes it (repr, cut to 40 characters)."""
    return repr(value)[:40]


def got(raw: dict, key: str) -> str:
    """What a problem line says was given for `raw[key]`: the value shown, or "missing"."""
    return "missing" if key not in raw else show(raw[key])


def read_text(path) -> str:
    """A card file's text; BadCards when it is not a regular file, too large, unreadable or not UTF-8."""
    try:
        return read_file_text(path, MAX_FILE_BYTES)
    except FileRefused as error:
        raise BadCards([f"{Path(path).name}: -: -: cannot read the file ({error.reason})"]) from None


def problems_in(load, *args) -> list[str]:
    """Every problem `load(*args)` finds in a card file (its BadCards lines), or [] when it reads cleanly."""
    try:
        load(*args)
    except BadCards as error:
        return error.problems
    return []


_LAST_PARSED: dict = {}     # parser -> ((text, source), base, content): one file each


def parse_once(parse, text: str, source: str, base):
    """`parse(text, source, base)`, remembered for the last text each parser read. A simulation or a
    balance run builds every game's setup from the same card file, and parsing it again for each game
    cost several times the game itself. The file is still read every time, so an edited file is seen;
    the content is shared, so nothing may change it (no loader or ruleset does)."""
    last = _LAST_PARSED.get(parse)
    if last is not None and last[0] == (text, source) and last[1] is base:
        return last[2]
    content = parse(text, source, base)
    _LAST_PARSED[parse] = ((text, source), base, content)
    return content


def parse_toml(text: str, source: str):
    """The data in TOML text; BadCards when it is not valid TOML or nests too deeply to read."""
    import tomllib  # on first use: start-up time in the browser
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise BadCards([f"{source}: -: -: not valid TOML ({error})"]) from None
    except RecursionError:
        # tomllib is pure Python and recurses once per nested array or inline table: a small file
        # of many nested brackets exhausts the recursion limit (cleanly, also under Pyodide).
        raise BadCards([f"{source}: -: -: arrays or inline tables are nested too deeply"]) from None
    except ValueError:
        # tomllib reads integers with int(), which refuses more than 4,300 digits (CPython's guard
        # against quadratic conversion) with a ValueError that is not a TOMLDecodeError.
        raise BadCards([f"{source}: -: -: not valid TOML (a number has too many digits)"]) from None


def top_level(data, source: str, tables: tuple, what: str) -> Problems:
    """A Problems for `source`, noting top-level tables other than `tables`.

    Raises BadCards at once when `data` is not a table at all ("`what` must be a table").
    """
    problems = Problems(source)
    if not isinstance(data, dict):
        problems.add("-", "-", f"{what} must be a table")
        raise BadCards(problems.lines)
    quoted = [f"'{name}'" for name in tables]
    expected = " and ".join([", ".join(quoted[:-1]), quoted[-1]] if len(quoted) > 1 else quoted)
    for key in data:
        if key not in tables:
            problems.add(str(key)[:40], "-", f"unknown top-level table (expected {expected})")
    return problems


def table(data: dict, key: str, problems: Problems) -> dict:
    """The entries of `data[key]` (a table of tables, by id) whose id and shape are right."""
    entries = data.get(key, {})
    if not isinstance(entries, dict):
        problems.add(key, "-", "must be a table of tables")
        return {}
    good = {}
    for item_id, raw in entries.items():
        if not ID_PATTERN.fullmatch(str(item_id)):
            problems.add(f"{key}.{str(item_id)[:40]}", "id", ID_MESSAGE)
        elif not isinstance(raw, dict):
            problems.add(f"{key}.{item_id}", "-", "must be a table")
        else:
            good[item_id] = raw
    return good


def unknown_fields(raw: dict, allowed, where: str, problems: Problems, prefix: str = "",
                   message: str = "unknown field") -> None:
    """Note every key of `raw` not in `allowed` (as field `prefix` + key)."""
    for key in raw:
        if key not in allowed:
            problems.add(where, f"{prefix}{str(key)[:40]}", message)


def identifier(value, where: str, field_name: str, problems: Problems) -> str | None:
    """`value` when it is a well-formed id, else None (noted)."""
    if not isinstance(value, str) or not ID_PATTERN.fullmatch(value):
        problems.add(where, field_name, ID_MESSAGE)
        return None
    return value


def choice(raw: dict, key: str, allowed, where: str, problems: Problems, field_name: str | None = None):
    """`raw[key]` when it is one of `allowed`, else None (noted as `field_name`, default `key`)."""
    value = raw.get(key)
    if value not in allowed or isinstance(value, bool):
        problems.add(where, field_name or key, f"must be one of {', '.join(allowed)}; got {got(raw, key)}")
        return None
    return value


def whole_number(raw: dict, key: str, low: int, high: int, where: str, problems: Problems,
                 field_name: str | None = None) -> int | None:
    """`raw[key]` when it is a whole number from `low` to `high`, else None (noted; "got missing" if absent)."""
    value = raw.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        problems.add(where, field_name or key, f"must be a whole number from {low} to {high}; got {got(raw, key)}")
        return None
    return value


def names(value, where: str, key: str, problems: Problems) -> dict:
    """A name table: text of 1 to 60 characters in every one of LANGUAGES, and no other language."""
    if not isinstance(value, dict):
        problems.add(where, key, f"must be a table with en, ja and ru; got {'missing' if value is None else show(value)}")
        return {}
    for language in value:
        if language not in LANGUAGES:
            problems.add(where, f"{key}.{str(language)[:10]}", "unknown language (use en, ja, ru)")
    for language in LANGUAGES:
        text = value.get(language)
        if not isinstance(text, str) or not text.strip() or len(text) > 60:
            problems.add(where, f"{key}.{language}", f"must be text of 1 to 60 characters; got {got(value, language)}")
    return {language: value.get(language) for language in LANGUAGES}
