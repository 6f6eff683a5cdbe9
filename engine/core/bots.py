"""Bots: they see only a player's view and the legal actions, never the full state."""

from .errors import BadSetup
from .rng import Rng


class Bot:
    """A seat's automatic player."""

    name = ""

    def choose(self, view: dict, legal: list, rng: Rng):
        """One of `legal`, chosen from what `view` shows."""
        raise NotImplementedError


class RandomBot(Bot):
    """Picks uniformly among the legal actions."""

    name = "random"

    def choose(self, view, legal, rng):
        """A uniformly random legal action."""
        return rng.choice(legal)


def bots_for(ruleset) -> dict[str, type]:
    """The bots a ruleset offers: the random bot plus any it declares in `bots`."""
    return {"random": RandomBot, **getattr(ruleset, "bots", {})}


def make_bot(ruleset, name: str) -> Bot:
    """A bot by name, or a BadSetup listing the ruleset's bots."""
    available = bots_for(ruleset)
    if name not in available:
        raise BadSetup(f"unknown bot {name!r} for {ruleset.id}; bots: {', '.join(sorted(available))}")
    return available[name]()
