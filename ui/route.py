"""Routes from `location.hash`: `#/`, `#/ID`, `#/ID/replay?g=PAYLOAD&step=N&rule=R&note=…`,
`#/ID/cards`, `#/ID/rules` and `#/ID/howto` (the gallery, rules and how-to pages, shown inside the app).

The hash comes from whoever made the link: it is parsed strictly (a known page id from ui/pages.py,
numbers as ASCII digits within bounds, a capped note) and anything else is the home page.
"""

import re
from dataclasses import dataclass, field

from ui import pages

MAX_HASH = 70_000
MAX_NOTE = 140          # a viewer's note is a short line, never more
_DIGITS = re.compile(r"[0-9]{1,20}")     # ASCII only: str.isdigit() also takes "²" and "٣"


@dataclass(frozen=True)
class Route:
    """Where the address points: a page, and its query parameters (each a string)."""

    page: str
    ruleset: str | None = None
    params: dict = field(default_factory=dict)


def parse_hash(hash_text: str) -> Route:
    """The route a hash names; anything unknown (or a page that is not built yet) is the home page."""
    text = (hash_text or "")[:MAX_HASH].lstrip("#")
    path, _, query = text.partition("?")
    parts = [part for part in path.split("/") if part]
    params = {}
    if query:
        from urllib.parse import parse_qs  # only for links with a query: a costly import in Pyodide
        params = {key: values[-1] for key, values in parse_qs(query, keep_blank_values=True).items()}
    if not parts:
        return Route("home")
    page = pages.get(parts[0])
    if page is not None and page.built:
        kind = parts[1] if len(parts) > 1 and parts[1] in ("play", "replay", "cards", "rules", "howto") else "play"
        if (kind == "cards" and not page.gallery) or (kind == "rules" and not page.rules) or (kind == "howto" and not page.howto):
            kind = "play"
        return Route(kind, page.id, params)
    return Route("home")


def note_param(params: dict) -> str:
    """The sender's note: plain text, capped at MAX_NOTE characters ("" when none)."""
    return str(params.get("note", ""))[:MAX_NOTE].strip()


def replay_hash(ruleset: str, payload: str, step: int | None = None, rule: str | None = None,
                note: str | None = None) -> str:
    """The hash of a share or demo link (the payload needs no escaping: it is base64url)."""
    from urllib.parse import quote  # on first use: a costly import in Pyodide
    tail = ""
    if step is not None:
        tail += f"&step={int(step)}"
    if rule:
        tail += f"&rule={quote(rule, safe='')}"
    if note:
        tail += f"&note={quote(note[:MAX_NOTE], safe='')}"
    return f"#/{ruleset}/replay?g={payload}{tail}"


def whole_number(text, maximum: int) -> int | None:
    """`text` (a step, a seed) as a whole number from 0 to `maximum`, or None when it is anything
    else: only ASCII digits count (not `²`, not `٣`, no sign, no spaces), at most 20 of them."""
    if not isinstance(text, str) or not _DIGITS.fullmatch(text):
        return None
    number = int(text)
    return number if number <= maximum else None
