"""Routes from `location.hash`: `#/`, `#/ID`, `#/ID/replay?g=PAYLOAD&step=N&rule=R&note=…`,
`#/ID/cards` and `#/ID/rules` (the gallery and rules pages, shown inside the app).

The hash comes from whoever made the link: it is parsed strictly (a known page id from ui/pages.py,
numbers as ASCII digits within bounds, a capped note) and anything else is the home page.
"""

from dataclasses import dataclass, field

from ui import pages

MAX_HASH = 70_000
MAX_NOTE = 140          # a viewer's note is a short line, never more
MAX_DIGITS = 9          # a step number in a link: far above any game's length


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
        kind = parts[1] if len(parts) > 1 and parts[1] in ("play", "replay", "cards", "rules") else "play"
        if (kind == "cards" and not page.gallery) or (kind == "rules" and not page.rules):
            kind = "play"
        return Route(kind, page.id, params)
    return Route("home")


def whole_number(text, last: int) -> int | None:
    """A link's number (a step): ASCII digits only, at most MAX_DIGITS of them, from 0 to `last`; else None.

    `str.isdigit` alone would take "²" or "١" (which `int` then refuses or reads), so ASCII is checked too.
    """
    if not isinstance(text, str) or not 0 < len(text) <= MAX_DIGITS or not (text.isascii() and text.isdigit()):
        return None
    value = int(text)
    return value if value <= last else None


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
