"""Side-by-side autobattle speed, events off: `python tests/autobattle/bench_speed.py BEFORE_TREE AFTER_TREE`.

Runs the same seeds in a fresh process per tree, alternating, for a few rounds; prints games/s
and a digest check (the totals of both trees must match). Not a test: tests never time anything.
"""

import subprocess
import sys

CHILD = r"""
import sys, time
sys.path.insert(0, sys.argv[1])
from engine.rulesets import get
from engine.core import Session
get("autobattle")
games = int(sys.argv[2])
for i in range(200):   # warm up
    Session.start("autobattle", seed=i, events=False).run()
started, turns, wins = time.perf_counter(), 0, [0, 0, 0]
for i in range(games):
    s = Session.start("autobattle", seed=i, events=False)
    s.run()
    turns += s.turns()
    w = s.outcome.winner
    wins[2 if w is None else w] += 1
elapsed = time.perf_counter() - started
print(f"{games / elapsed:.0f} {turns} {wins}")
"""


def main(before: str, after: str, games: int = 3000, rounds: int = 3) -> None:
    results = {before: [], after: []}
    for _ in range(rounds):
        for tree in (before, after):
            out = subprocess.run([sys.executable, "-c", CHILD, tree, str(games)], capture_output=True,
                                 text=True, check=True).stdout.split(maxsplit=1)
            results[tree].append((float(out[0]), out[1].strip()))
            print(f"{tree}: {out[0]} games/s ({out[1].strip()})", flush=True)
    for tree, rows in results.items():
        speeds = sorted(speed for speed, _ in rows)
        print(f"{tree}: median {speeds[len(speeds) // 2]:.0f} games/s over {rounds} rounds of {games} games")
    totals = {totals for rows in results.values() for _, totals in rows}
    if len(totals) != 1:
        raise SystemExit(f"the trees' totals differ: {sorted(totals)}")
    print(f"same totals in every run: {totals.pop()}")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], *(int(a) for a in sys.argv[3:]))
