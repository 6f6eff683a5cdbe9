"""The `tactics` ruleset: armies on rows, speed-ordered turns, Act Points, a Soulwell, an Element Loop.

Not registered yet: the lead imports it from engine/rulesets/__init__.py (and adds `@register`
to `Tactics`) once its rule demos exist.
"""

from .ruleset import Tactics

__all__ = ["Tactics"]
