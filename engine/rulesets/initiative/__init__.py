"""The initiative ruleset (seed 001): hidden simultaneous card play resolved by initiative, in teams."""

from . import ruleset  # noqa: F401  (registers the ruleset)
