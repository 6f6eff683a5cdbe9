"""Canonical JSON: one byte string per value, so records and digests compare exactly."""

import json


def canonical_json(value) -> str:
    """Sorted keys, no spaces, UTF-8 kept, NaN refused."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def digest_of(value) -> str:
    """sha256 (hex) of the canonical JSON of a value."""
    import hashlib  # on first use: every module imported at start-up delays the page in Pyodide
    return hashlib.sha256(canonical_json(value).encode("utf-8")).hexdigest()
