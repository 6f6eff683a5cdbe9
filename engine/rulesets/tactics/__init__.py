"""The `tactics` ruleset: armies on rows, speed-ordered turns, Act Points, a Soulwell, an Element Loop.

`Tactics` registers itself when this package is imported (engine.rulesets.get does, on request); its
turn is `TURN` in turn.py.
"""

from .ruleset import Tactics

__all__ = ["Tactics"]
