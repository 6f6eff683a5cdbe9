"""The longest siege record the bounds allow that we could construct, and a timing of its replay.

    python tests/siege/siege_worst_record.py        # prints rounds, actions, link size, replay time

A record is bounded by the rules, not only by `max_actions`: the game is drawn after `round_limit`
rounds (P2-12, at most 200), and every player action but End of Turn, an attack, an ability and a
defence answer costs AP, which rises by at most `player_charge` (10) a turn. So the longest game
starts from a position with both sides' characters at 99 HP (nobody falls), the player with 99 AP
and the highest ceiling, attacks free (`attack_cost` 0), and a player who takes every free action
and then spends every AP (swapping the Commander back and forth, moving, focusing) until the round
limit: about 2,500 actions.
"""

import sys
import time
from pathlib import Path

if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from engine.core import Record, Session, encode_link        # noqa: E402
import engine.rulesets.siege                                 # noqa: E402,F401

OPTIONS = {"round_limit": 200, "player_charge": 10, "ap_ceiling": 99, "attack_cost": 0, "player_base_hp": 30,
           "victory_damage": 30, "mp_regen": 4}
TOUGH = " hp=99 max=99"
PLAYER = [f"{card}@{square}{TOUGH} def" for card, square in zip(
    ["bastion_4", "ember_4", "thorn_4", "lumen_4", "ember_3", "thorn_3", "lumen_3", "bastion_3", "ember_2"],
    ["cmd", "2,0", "2,1", "2,2", "3,0", "3,1", "3,2", "4,0", "4,2"])]
AUTOMATON = [f"{card}@{square}{TOUGH} mp=99 def" for card, square in zip(
    ["bastion_4", "ember_4", "thorn_4", "lumen_4", "ember_3", "thorn_3"], ["cmd", "0,0", "0,2", "1,0", "1,1", "1,2"])]
SETUP = {"position": {"player": PLAYER, "automaton": AUTOMATON, "ap": [99, 99], "base": [30, 0], "round": 1,
                      "from": "main", "deck": {"player": ["bastion_1"] * 60},
                      "hand": {"player": ["ember_1", "ember_2", "thorn_1"]}}}
# Free actions first, then the AP ones; never the Base (that would end the game early).
ORDER = ("ability", "attack", "defend", "join", "move", "focus", "swap", "grow", "deploy", "stay", "end")


def choose(legal: list) -> list:
    """The first action of the earliest kind in ORDER (an attack: on a character, most uses)."""
    for kind in ORDER:
        found = [a for a in legal if a[0] == kind and not (kind == "attack" and a[3] == "base")]
        if found:
            return found[-1]
    return legal[0]


def worst_record(seed: int = 1):
    """(record, the session that played it)."""
    session = Session.start("siege", seed=seed, options=OPTIONS, setup=SETUP, events=False)
    while session.outcome is None:
        if session.decision is None:
            session.advance()
        else:
            session.submit(0, choose(session.decision.legal[0]))
    return session.record, session


if __name__ == "__main__":
    record, played = worst_record()
    text = record.to_json()
    start = time.process_time()
    again = Session.replay(Record.from_json(text))
    spent = time.process_time() - start
    assert again.digest() == played.digest()
    print(f"rounds {played.state.round}, actions {len(record.actions)}, record {len(text):,} bytes, "
          f"link {len(encode_link(record)):,} characters; replay with events {spent:.2f} s CPU")
    if len(sys.argv) > 1:
        Path(sys.argv[1]).write_text(text, "utf-8")
