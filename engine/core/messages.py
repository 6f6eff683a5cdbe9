"""Message catalogues: TOML tables of `{en = "…", ja = "…", ru = "…"}` with str.format placeholders.

One format serves card texts, log lines and UI strings, in Python at run time and in Jinja2 at
build time.
"""

import string
from pathlib import Path


def load_messages(path: Path) -> dict:
    """A catalogue file: section -> key -> {language: template}."""
    import tomllib  # on first use: start-up time in the browser
    return tomllib.loads(Path(path).read_text("utf-8"))


def placeholders(template: str) -> set[str]:
    """The names a template fills in, e.g. {"target", "n"}."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}
