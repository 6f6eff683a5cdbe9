"""Measure the sensible initiative bot (not a test): decision time per kind, and the win rate against random bots.

    PYTHONPATH=. python tests/initiative/bench_sensible_bot.py [games]

Times only `bot.choose` (the view is built before the clock starts, as the session would build it
for any bot), over games of the sensible team against random bots, four players and two.
"""

import statistics
import sys
import time

from engine.core import RandomBot, Session, bot_rng
from engine.rulesets.initiative.bots import SensibleBot


def measure(players: int, games: int):
    times, wins, draws, view_times = {}, 0, 0, []
    started = time.perf_counter()
    for seed in range(games):
        team = seed % 2
        session = Session.start("initiative", seed=seed, options={"players": players}, events=False)
        bots = {seat: SensibleBot() if seat % 2 == team else RandomBot() for seat in range(players)}
        while session.outcome is None:
            decision = session.decision
            if decision is None:
                session.advance()
                continue
            for seat in session.waiting()[:decision.needed]:
                bot = bots[seat]
                if isinstance(bot, SensibleBot):
                    t0 = time.perf_counter()
                    view = session.view(seat)
                    t1 = time.perf_counter()
                    action = bot.choose(view, decision.legal[seat], bot_rng(seed, seat, len(session.history)))
                    t2 = time.perf_counter()
                    view_times.append(t1 - t0)
                    times.setdefault(decision.kind, []).append(t2 - t1)
                else:
                    action = session.bot_action(seat, bot)
                session.submit(seat, action)
        outcome = session.outcome
        draws += outcome.is_draw
        wins += outcome.team == ("red", "blue")[team]
    elapsed = time.perf_counter() - started
    return times, view_times, wins, draws, elapsed


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    print(f"CPython {sys.version.split()[0]}; sensible team vs random, {games} games each, events off")
    for players in (4, 2):
        times, view_times, wins, draws, elapsed = measure(players, games)
        every = [t for ts in times.values() for t in ts]
        print(f"\nplayers={players}: sensible won {wins}/{games} ({100 * wins / games:.1f}%), {draws} draws, "
              f"{games - wins - draws} losses; {elapsed:.1f} s with timing")
        print(f"  all {len(every)} decisions: median {1e3 * statistics.median(every):.3f} ms, "
              f"worst {1e3 * max(every):.3f} ms (view build: median {1e3 * statistics.median(view_times):.3f} ms)")
        for kind, ts in sorted(times.items()):
            print(f"  {kind:14} n={len(ts):6}  median {1e3 * statistics.median(ts):.3f} ms  worst {1e3 * max(ts):.3f} ms")


if __name__ == "__main__":
    main()
