"""The built-in rulesets; importing this package registers each of them."""

from . import autobattle  # noqa: F401
from . import tactics  # noqa: F401
