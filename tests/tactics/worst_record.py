"""The longest, heaviest tactics record the P0-10 bounds allow, and a timing of its replay.

    python tests/tactics/worst_record.py        # prints actions, steps, link size, replay time

Both sides start with the most characters a position may hold (12), every one a summoner with the
most Act Points allowed, on the largest Battle Area (5×6) with the highest cycle cap (100) and the
tie tests off. Each character invokes while it can (until its side's 30 cells are full), then every
action is End of Turn (or the speed-tie choice): so every later cycle has 60 character turns, most
behind a speed-tie choice. The cycle cap no longer ends such a game (P0-1: either side could still
act), so it goes on to the most decisions a tactics record may hold (P0-10), where P0-12 ends it
in a tie.
"""

import sys
import time
from pathlib import Path

if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from engine.core import IllegalAction, Session, decode_link, encode_link   # noqa: E402
import engine.rulesets.tactics                                             # noqa: E402,F401
from engine.rulesets.tactics.characters import builtin_content             # noqa: E402
from engine.rulesets.tactics.position import MAX_CHARS, MAX_CYCLE, MAX_SOULWELL, NUMBERS   # noqa: E402

ROWS, COLS = 5, 6


def worst_record():
    """(record, the session that played it)."""
    content = builtin_content()
    kings = sorted(c.id for c in content.characters.values() if c.kind == "king")
    invokers = sorted(c.id for c in content.characters.values()
                      if any(e.kind == "invoke" for s in c.skills() for e in s.effects))
    ap = NUMBERS["ap"][1]
    cells = [(r, c) for r in range(ROWS) for c in range(COLS)][:MAX_CHARS]
    sides = {}
    for seat, key in enumerate("ab"):
        specs = [f"{kings[seat]}@0,0 ap={ap}"]
        specs += [f"{invokers[(i + seat) % len(invokers)]}@{r},{c} ap={ap}" for i, (r, c) in enumerate(cells[1:])]
        sides[key] = specs
    options = {"rows": ROWS, "cols": COLS, "cycle_cap": MAX_CYCLE, "stall_cycles": 0, "tie_when_harmless": False}
    setup = {"position": {**sides, "first": 0, "cycle": 1, "soulwell": [MAX_SOULWELL, MAX_SOULWELL]}}
    session = Session.start("tactics", seed=1, options=options, setup=setup)
    while session.outcome is None and len(session.record.actions) < session.ruleset.max_actions:
        decision = session.decision
        if decision is None:
            session.advance()
            continue
        seat = decision.players[0]
        if decision.kind == "choose_order":
            session.submit(seat, ["choose", decision.prompt["tied"][0]])
            continue
        char = session.state.char(decision.prompt["uid"])
        for skill in char.defn.skills():
            if any(e.kind == "invoke" for e in skill.effects):
                try:
                    session.submit(seat, ["skill", skill.id, [char.uid], 0])
                    break
                except IllegalAction:
                    pass
        else:
            session.submit(seat, ["end"])
    return session.record, session


if __name__ == "__main__":
    record, played = worst_record()
    link = encode_link(record)
    times = []
    for _ in range(5):
        started = time.perf_counter()
        again = Session.replay(decode_link(link))
        times.append(time.perf_counter() - started)
    steps = len(again.history)
    print(f"actions {len(record.actions)}, steps {steps}, link {len(link)} characters; "
          f"replay best {min(times):.3f} s, median {sorted(times)[2]:.3f} s ({steps / min(times):,.0f} steps/s)")
