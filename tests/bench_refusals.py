"""What hostile input costs: the CPU time to settle the worst inputs the tests feed the engine (issue 23 §4).

    python tests/bench_refusals.py          # one line per case: best and median of 5 runs, in seconds

A benchmark, not a test (tests assert what happens, never how fast): the goal is that every input is
settled, refused or replayed, in well under a second on CPython here.
"""

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.core import Record, Session, SkirmishError, decode_link, encode_link, get_ruleset   # noqa: E402
from engine.core.link import MAX_JSON_BYTES                                    # noqa: E402
from engine.rulesets import load_all                                           # noqa: E402
from tests.initiative.test_hostile import hold_on, many_zones_map              # noqa: E402
from engine.rulesets.initiative.board import board_from_text                   # noqa: E402
from tests.test_hostile_input import cheapest_json, pack                       # noqa: E402


def settle(work) -> None:
    """Run `work`; a one-line refusal is as good an end as an accepted game."""
    try:
        work()
    except SkirmishError:
        pass


def timed(name: str, work, runs: int = 5) -> None:
    times = []
    for _ in range(runs):
        began = time.process_time()
        settle(work)
        times.append(time.process_time() - began)
    print(f"{name:62} best {min(times):.3f} s  median {statistics.median(times):.3f} s")


def main() -> None:
    load_all()
    for kind in ("strings", "zeros", "lists", "objects", "actions"):
        link = pack(cheapest_json(kind, MAX_JSON_BYTES - 300))
        timed(f"link of the cheapest JSON at the inflate cap: {kind}",
              lambda link=link: Session.replay(decode_link(link), events=False))
    played = Session.start("autobattle", seed=1).record
    text = Record("autobattle", played.version, {}, 1, played.setup, [[0, ["x", 1.5]]] * 100_000).to_json()
    timed("autobattle record, 100,000 actions after the end", lambda: Session.replay(Record.from_json(text)))
    most = get_ruleset("initiative").max_actions
    over = Record("initiative", get_ruleset("initiative").version, {"players": 2}, 0,
                  {"heroes": ["brannoc", "isra", "brannoc", "isra"]}, [[0, "junk"]] * (most + 1)).to_json()
    timed("initiative record one action over its cap", lambda: Session.replay(Record.from_json(over)))
    for players, board in ((6, "twinford"), (2, "saltmarsh")):
        session = Session.start("initiative", seed=1, options={"players": players, "map": board}, events=False)
        hold_on(session)
        link = encode_link(session.record)
        timed(f"initiative, every hero holds every turn ({players} seats, {board}, "
              f"{len(session.record.actions)} actions)", lambda link=link: Session.replay(decode_link(link), events=False))
    zones = many_zones_map(2400)
    timed("initiative map file of 2,400 zones", lambda: board_from_text(zones))


if __name__ == "__main__":
    main()
