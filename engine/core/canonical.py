"""Canonical JSON: one byte string per value, so records and digests compare exactly."""

import json
import math

MAX_DEPTH = 64              # a real record nests a few levels; deep nesting only ever means an attack
MAX_INTEGER = (1 << 63) - 1  # the largest whole number a record may hold (the seed's bound)
MAX_NODES = 4_000_000       # values in one piece of JSON data (a 2 MB text holds fewer)


def canonical_json(value) -> str:
    """Sorted keys, no spaces, UTF-8 kept, NaN refused."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def digest_of(value) -> str:
    """sha256 (hex) of the canonical JSON of a value."""
    import hashlib  # on first use: every module imported at start-up delays the page in Pyodide
    return hashlib.sha256(canonical_json(value).encode("utf-8")).hexdigest()


def json_problem(value, max_depth: int = MAX_DEPTH) -> str | None:
    """Why `value` cannot be written as canonical JSON and read back the same, or None if it can.

    Refused: NaN and infinities, whole numbers beyond ±MAX_INTEGER, text with a lone surrogate
    (not Unicode: it cannot be written as UTF-8), keys that are not text, any type that is not
    JSON, nesting deeper than `max_depth`. One pass with an explicit stack: linear in the data,
    no recursion (a deep value cannot exhaust the interpreter's stack).
    """
    stack, nodes = [(value, 1)], 0
    while stack:
        item, depth = stack.pop()
        nodes += 1
        if nodes > MAX_NODES:
            return f"it holds more than {MAX_NODES} values"
        kind = type(item)
        if kind is not dict and kind is not list:     # plain dicts and lists go straight to their checks
            if item is None or isinstance(item, bool):
                continue
            if isinstance(item, int):
                if not -MAX_INTEGER <= item <= MAX_INTEGER:
                    return f"a whole number is beyond ±{MAX_INTEGER}"
                continue
            if isinstance(item, float):
                if not math.isfinite(item):
                    return "a number is not finite (NaN and Infinity are not JSON)"
                continue
            if isinstance(item, str):
                if not _is_unicode(item):
                    return "text holds a lone surrogate (not valid Unicode)"
                continue
            if not isinstance(item, (list, tuple, dict)):
                return f"a {type(item).__name__} is not a JSON value"
        if depth > max_depth:
            return f"it is nested deeper than {max_depth} levels"
        is_dict = kind is dict or isinstance(item, dict)
        if is_dict:
            for key in item:
                if type(key) is str and key.isascii():
                    continue        # the common key, without a call
                if not isinstance(key, str):
                    return f"an object key is not text ({type(key).__name__})"
                if not _is_unicode(key):
                    return "an object key holds a lone surrogate (not valid Unicode)"
        # Leaves that are plainly fine (None, booleans, ASCII text, whole numbers in range: most
        # of any record) are counted here instead of being pushed and popped one by one.
        for child in item.values() if is_dict else item:
            kind = type(child)
            if child is None or kind is bool or (kind is str and child.isascii()) or \
                    (kind is int and -MAX_INTEGER <= child <= MAX_INTEGER):
                nodes += 1
            else:
                stack.append((child, depth + 1))
        if nodes > MAX_NODES:
            return f"it holds more than {MAX_NODES} values"
    return None


def _is_unicode(text: str) -> bool:
    """True unless `text` holds a lone surrogate (which UTF-8 cannot encode)."""
    if text.isascii():
        return True
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True
