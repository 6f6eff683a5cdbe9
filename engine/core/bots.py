"""Bots: they see only a player's view and the legal actions, never the full state."""

from .errors import BadSetup
from .rng import Rng

BOT_STREAM = 1000                 # bots' PRNG streams start here, apart from the game's own
_STEP_MIX = 0x9E3779B97F4A7C15    # spreads step numbers over the seed space (the golden ratio)


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


def bot_rng(seed: int, seat: int, step: int) -> Rng:
    """The one rule for a bot's randomness: its own stream, fixed by the game's seed, its seat and the step.

    So a bot makes the same choice in the same position however the game got there (after an undo,
    a reload, or in a simulation), and no bot's draws touch the game's own PRNG or another bot's.
    """
    return Rng((seed + step * _STEP_MIX) & 0xFFFFFFFFFFFFFFFF, BOT_STREAM + seat)


def bots_for(ruleset) -> dict[str, type]:
    """The bots a ruleset offers: the random bot plus any it declares in `bots`."""
    return {"random": RandomBot, **ruleset.bots}


def make_bot(ruleset, name: str) -> Bot:
    """A bot by name, or a BadSetup listing the ruleset's bots."""
    available = bots_for(ruleset)
    if name not in available:
        raise BadSetup(f"unknown bot {str(name)[:40]!r} for {ruleset.id}; bots: {', '.join(sorted(available))}")
    return available[name]()
