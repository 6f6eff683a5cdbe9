"""`autobattle`: decks of squads count down in a reserve and fight by themselves (spec: autobattle.md)."""

from .ruleset import Autobattle

__all__ = ["Autobattle"]
