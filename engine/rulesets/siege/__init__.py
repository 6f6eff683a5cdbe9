"""The siege ruleset: a solo game against an automaton that follows seed 002's fixed procedure."""

from .ruleset import Siege  # noqa: F401  (registers the ruleset)
