"""One contender against each of a field: a squad (autobattle) or an army (tactics) plays a number
of games against every starter squad or army, in small steps a page can interleave with its own
work (the browser's "test against the field"); one job only.

The games are the round robin's (engine/balance.py): game i against an opponent uses seed
first_seed + i, with the contender in seat 0 when i is even and in seat 1 when i is odd, random
bots in both seats, played by parallel.play_pair_chunk. So `python -m engine balance` with the same
pair and seeds scores the same points, and so does this module in Pyodide or CPython. A win scores
1, a draw ½; rates come with balance.wilson's 95% interval."""

import time

from .balance import wilson
from .core import SkirmishError, resolve_options
from .parallel import play_pair_chunk

RULESETS = ("autobattle", "tactics")
MAX_GAMES = 10_000      # games per opponent; a page offers a few hundred
SEAT_KEY = {"autobattle": "decks", "tactics": "armies"}     # the setup's list of one entry per seat


class FieldError(SkirmishError):
    """A field test that cannot be run as asked."""


def starters(ruleset_id: str) -> list[tuple[str, dict]]:
    """(id, names by language) of each starter squad (autobattle) or army (tactics): the field."""
    if ruleset_id == "autobattle":
        from .rulesets.autobattle.cards import builtin_content
        found = builtin_content().squads
    elif ruleset_id == "tactics":
        from .rulesets import get as get_ruleset
        found = get_ruleset("tactics").content.armies
    else:
        raise FieldError(f"a field test plays squads or armies: ruleset must be one of {', '.join(RULESETS)}")
    return [(key, dict(entry.name)) for key, entry in found.items()]


def entry(ruleset_id: str, contender_or_id):
    """What one seat's place in the setup holds: an autobattle deck is a list of squad ids (a lone id
    becomes a deck of one); a tactics army is a preset id or {"king", "members"}."""
    if ruleset_id == "autobattle" and isinstance(contender_or_id, str):
        return [contender_or_id]
    return contender_or_id


def pair_games(ruleset_id: str, contender, opponent, content: dict | None = None) -> list[dict]:
    """The game arguments of contender against opponent: [contender in seat 0, opponent in seat 0].
    `content`: a user's squads/characters the contender uses, carried in the setup as a page does."""
    def game(first, second):
        setup = {SEAT_KEY[ruleset_id]: [entry(ruleset_id, first), entry(ruleset_id, second)]}
        if content:
            setup["content"] = content
        return {"option": [], "cards": None, "deck": [], "bot": [], "setup": setup}
    return [game(contender, opponent), game(opponent, contender)]


class FieldRun:
    """A field test under way: `step` plays on, `results` and `overall` say how it stands."""

    def __init__(self, ruleset_id: str, contender, opponents: list[str], games: int,
                 first_seed: int = 0, content: dict | None = None):
        if ruleset_id not in RULESETS:
            raise FieldError(f"a field test plays squads or armies: ruleset must be one of {', '.join(RULESETS)}")
        if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= MAX_GAMES:
            raise FieldError(f"games per opponent must be a whole number from 1 to {MAX_GAMES}")
        if not opponents:
            raise FieldError("a field test needs at least one opponent")
        self.ruleset_id, self.games, self.first_seed = ruleset_id, games, first_seed
        self.opponents = list(opponents)
        self.pairs = [pair_games(ruleset_id, contender, opponent, content) for opponent in self.opponents]
        self._check()
        self.score = [0.0] * len(self.opponents)     # the contender's points against each opponent
        self.draws = [0] * len(self.opponents)
        self.played = [0] * len(self.opponents)      # games played against each, in order

    def _check(self) -> None:
        """Refuse a bad contender or opponent now, in the ruleset's own words (BadSetup)."""
        from .rulesets import get as get_ruleset
        ruleset = get_ruleset(self.ruleset_id)
        options = resolve_options(ruleset.options, {})
        for games in self.pairs:
            ruleset.check_setup(games[0]["setup"], options)

    @property
    def total(self) -> int:
        return self.games * len(self.opponents)

    @property
    def done_games(self) -> int:
        return sum(self.played)

    @property
    def done(self) -> bool:
        return self.done_games >= self.total

    def play(self, count: int = 1) -> int:
        """Play up to `count` more games, opponent by opponent in order; returns how many were played."""
        left = count
        while left > 0 and not self.done:
            k = next(k for k, played in enumerate(self.played) if played < self.games)
            n = min(left, self.games - self.played[k])
            even, odd = play_pair_chunk(self.ruleset_id, self.pairs[k], self.first_seed, self.played[k], n)
            self.score[k] += even["results"][0] + odd["results"][1]     # the contender's seat: 0 even, 1 odd
            self.draws[k] += even["draws"] + odd["draws"]
            self.played[k] += n
            left -= n
        return count - left

    def step(self, budget: float, clock=time.perf_counter) -> int:
        """Play games until `budget` seconds have passed (at least one game, unless done); returns
        how many. A page yields to the browser between steps."""
        start, played, batch = clock(), 0, 1
        while not self.done:
            played += self.play(batch)
            spent = clock() - start
            if spent >= budget:
                break
            # As many games as the time left holds at the pace so far: each `play` call sets its
            # games up again (ruleset, seats, bots), which one game at a time paid for every game.
            batch = max(1, int((budget - spent) * played / spent)) if spent > 0 else 2 * batch
        return played

    def results(self) -> list[dict]:
        """Per opponent, as far as played: games, score, draws, win rate and its 95% interval."""
        return [_rate({"id": key}, self.played[k], self.score[k], self.draws[k])
                for k, key in enumerate(self.opponents)]

    def overall(self) -> dict:
        """The contender against the whole field, as far as played."""
        return _rate({"id": "field"}, self.done_games, sum(self.score), sum(self.draws))


def _rate(row: dict, games: int, score: float, draws: int) -> dict:
    low, high = wilson(score, games)
    row.update(games=games, score=score, draws=draws, win_rate=score / games if games else 0.0,
               low=low, high=high)
    return row

