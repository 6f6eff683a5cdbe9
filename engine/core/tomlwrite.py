"""A small TOML writer for card files: `[table.id]` sections of plain values, read back by tomllib.

The standard library reads TOML but does not write it. Card files need only this much: tables of
tables by id, whose fields are text, whole numbers, booleans, lists and inline tables. Anything
else (floats, dates, text that is not valid Unicode) is refused with ValueError rather than
written in a way tomllib would read differently.
"""

import re

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}


def dump_tables(data: dict, header: str = "") -> str:
    """`{table: {id: {field: value}}}` as TOML text, one `[table.id]` section per entry, in order."""
    lines = [f"# {line}".rstrip() for line in header.splitlines()]
    for table, entries in data.items():
        if not isinstance(entries, dict):
            raise ValueError(f"{table!r} must be a table of tables")
        for item_id, fields in entries.items():
            if not isinstance(fields, dict):
                raise ValueError(f"{table}.{item_id} must be a table")
            if lines:
                lines.append("")
            lines.append(f"[{key(table)}.{key(item_id)}]")
            lines += [f"{key(name)} = {value(field)}" for name, field in fields.items()]
    return "\n".join(lines) + "\n"


def key(name) -> str:
    """A key: bare when it may be, else a quoted string."""
    if not isinstance(name, str):
        raise ValueError(f"a key must be text; got {type(name).__name__}")
    return name if _BARE_KEY.fullmatch(name) else string(name)


def value(item) -> str:
    """One value as TOML writes it inline."""
    if isinstance(item, bool):
        return "true" if item else "false"
    if isinstance(item, int):
        return str(item)
    if isinstance(item, str):
        return string(item)
    if isinstance(item, (list, tuple)):
        return "[" + ", ".join(value(part) for part in item) + "]"
    if isinstance(item, dict):
        return "{ " + ", ".join(f"{key(name)} = {value(part)}" for name, part in item.items()) + " }" \
            if item else "{}"
    raise ValueError(f"cannot write a {type(item).__name__} in a card file")


def string(text: str) -> str:
    """A basic (double-quoted) string; control characters escaped, lone surrogates refused."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError("text must be valid Unicode (it holds a lone surrogate)") from None
    out = []
    for char in text:
        if char in _ESCAPES:
            out.append(_ESCAPES[char])
        elif ord(char) < 0x20 or ord(char) == 0x7F:
            out.append(f"\\u{ord(char):04X}")
        else:
            out.append(char)
    return '"' + "".join(out) + '"'
