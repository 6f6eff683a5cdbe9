"""Tactics random-bot games per second, events off, as `python -m engine bench` plays them.

Run with PYTHONPATH set to the tree to measure: `PYTHONPATH=. python tests/tactics/bench_tactics.py 300`.
Prints games per second and the digest of every game's final state folded together, so two trees
can be compared for speed and for identical play.
"""

import hashlib
import sys
import time

from engine.core.bots import make_bot
from engine.core.options import resolve_options
from engine.core.session import Session
from engine.rulesets import get as get_ruleset


def main(games: int, first: int = 0) -> None:
    ruleset = get_ruleset("tactics")
    bot = make_bot(ruleset, "random")
    bots = {seat: bot for seat in range(len(ruleset.seats(resolve_options(ruleset.options, {}))))}
    folded = hashlib.sha256()
    elapsed = 0.0
    for seed in range(first, first + games):
        started = time.perf_counter()
        session = Session.start(ruleset.id, seed=seed, events=False)
        session.run(bots)
        elapsed += time.perf_counter() - started
        folded.update(session.digest().encode())
    print(f"{games / elapsed:.1f} games/s {folded.hexdigest()[:16]}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 300, int(sys.argv[2]) if len(sys.argv) > 2 else 0)
