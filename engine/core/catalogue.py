"""Rule catalogues: each ruleset keeps `rules.toml` beside it, rule id -> statement in our own words."""

from pathlib import Path


def load_catalogue(path: Path) -> dict[str, dict]:
    """The `[rules."ID"]` tables of a catalogue file, by rule id."""
    import tomllib  # on first use: start-up time in the browser
    with open(path, "rb") as handle:
        return tomllib.load(handle)["rules"]
