"""Measure the sensible initiative bot (not a test): win rate against random bots, game length, decision time per kind.

    PYTHONPATH=. python tests/initiative/bench_sensible_bot.py [games] [players …]

Games of the sensible team against random bots (alternating which team is sensible; draws are not wins),
2-vs-2, 3-vs-3 and 1-vs-1 by default, no round limit (P1-4's default: a game ends by the lane, F-W1/F-W2,
or the life counters, F-W3). Times only `bot.choose` (the view is built before the clock starts, as the
session would build it for any bot). Decisions are timed per kind, the lane's team choices
(minion_remove, minion_return, minion_place), levelling and hero selection told apart.
"""

import collections
import statistics
import sys
import time

from engine.core import RandomBot, Session, bot_rng
from engine.rulesets.initiative.bots import SensibleBot
from tests.initiative.helpers import play_out


def label(decision) -> str:
    """The decision's kind, with the prompt that tells apart the lane's choices, levelling and hero selection."""
    prompt = decision.prompt or {}
    if prompt.get("step") == "level_up":
        return "choose_card/level_up"
    tag = prompt.get("kind") if prompt.get("kind") in ("minion_remove", "minion_return", "minion_place") \
        else prompt.get("draft")
    return f"{decision.kind}/{tag}" if isinstance(tag, str) else decision.kind


def measure(players: int, games: int, options: dict | None = None):
    times, wins, draws, view_times = {}, 0, 0, []
    rounds, rules = [], collections.Counter()
    started = time.perf_counter()
    for seed in range(games):
        team = seed % 2
        session = Session.start("initiative", seed=seed, options={"players": players, **(options or {})},
                                events=False)
        bots = {seat: SensibleBot() if seat % 2 == team else RandomBot() for seat in range(players)}

        def choose(seat, decision):
            bot = bots[seat]
            if not isinstance(bot, SensibleBot):
                return session.bot_action(seat, bot)
            t0 = time.perf_counter()
            view = session.view(seat)
            t1 = time.perf_counter()
            action = bot.choose(view, decision.legal[seat], bot_rng(seed, seat, len(session.history)))
            view_times.append(t1 - t0)
            times.setdefault(label(decision), []).append(time.perf_counter() - t1)
            return action
        play_out(session, choose)
        outcome = session.outcome
        draws += outcome.is_draw
        wins += outcome.team == ("red", "blue")[team]
        rounds.append(session.state.round)
        rules[outcome.rule] += 1
    elapsed = time.perf_counter() - started
    return times, view_times, wins, draws, rounds, rules, elapsed


def report(players: int, games: int, options: dict | None = None) -> None:
    times, view_times, wins, draws, rounds, rules, elapsed = measure(players, games, options)
    every = [t for ts in times.values() for t in ts]
    name = {2: "1-vs-1", 4: "2-vs-2", 6: "3-vs-3"}.get(players, f"{players} players")
    print(f"\nplayers={players} ({name}{', ' + str(options) if options else ''}): sensible won {wins}/{games} "
          f"({100 * wins / games:.1f}%), {draws} draws, {games - wins - draws} losses; {elapsed:.1f} s with timing")
    print(f"  rounds: mean {statistics.mean(rounds):.2f}, median {statistics.median(rounds)}, max {max(rounds)}; "
          f"ended by {', '.join(f'{r} {n}' for r, n in rules.most_common())}")
    print(f"  all {len(every)} decisions: median {1e3 * statistics.median(every):.3f} ms, "
          f"worst {1e3 * max(every):.3f} ms (view build: median {1e3 * statistics.median(view_times):.3f} ms)")
    for kind, ts in sorted(times.items()):
        print(f"  {kind:28} n={len(ts):6}  median {1e3 * statistics.median(ts):.3f} ms  worst {1e3 * max(ts):.3f} ms")


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    players = [int(p) for p in sys.argv[2:]] or [4, 6, 2]
    print(f"CPython {sys.version.split()[0]}; sensible team vs random, {games} games each, events off")
    for count in players:
        report(count, games)
    report(4, games // 4 or 1, {"hero_selection": "pick_and_ban", "length": "long"})


if __name__ == "__main__":
    main()
