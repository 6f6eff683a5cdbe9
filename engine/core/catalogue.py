"""Rule catalogues: each ruleset keeps `rules.toml` beside it, rule id -> statement in our own words."""

from pathlib import Path

from .ruleids import RULE_ID


def load_catalogue(path: Path) -> dict[str, dict]:
    """The `[rules."ID"]` tables of a catalogue file, by rule id."""
    import tomllib  # on first use: start-up time in the browser
    with open(path, "rb") as handle:
        rules = tomllib.load(handle)["rules"]
    odd = [rule for rule in rules if not RULE_ID.fullmatch(rule)]
    if odd:
        raise ValueError(f"{path.name}: {odd[0]!r} is not a rule id (S4-R1, F-D2, F2-5, G…, A…, P…)")
    return rules
