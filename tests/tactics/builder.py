"""Exact positions for the tactics rule tests, on the test characters (tests/tactics/characters.toml).

    b = position(["red_king@1,0", "brute@0,0 ap=2"], ["blue_king@0,0 hp=3"], first=0, soulwell=(0, 1))

The character grammar is engine/rulesets/tactics/position.py's; here nothing is checked, so a
test may set up a position the rules could not reach (a lone King in the back row, say).
"""

from pathlib import Path

from engine.core.events import EventLog
from engine.core.options import resolve_options
from engine.rulesets.tactics.characters import load_content_file
from engine.rulesets.tactics.position import build_position
from engine.rulesets.tactics.ruleset import Tactics
from engine.rulesets.tactics.state import Battle

CHARACTERS_FILE = Path(__file__).with_name("characters.toml")
CONTENT = load_content_file(CHARACTERS_FILE)
RULESET = Tactics(CONTENT)


def position(a: list[str], b: list[str], first: int = 0, soulwell=(0, 0), cycle: int = 1, **opts) -> Battle:
    """A battle in cycle `cycle` with exactly these characters where they are said to be (no checks)."""
    options = resolve_options(RULESET.options, opts)
    spec = {"a": a, "b": b, "first": first, "cycle": cycle, "soulwell": list(soulwell)}
    return build_position(spec, CONTENT, options, 1, EventLog(True, RULESET.rule_ids()), strict=False)


def legal(b: Battle) -> list:
    """The deciding seat's legal actions."""
    decision = RULESET.decision(b)
    return decision.legal[decision.players[0]] if decision else []


def play(b: Battle, action: list) -> list:
    """Apply a legal action for the deciding seat; returns the events it produced."""
    decision = RULESET.decision(b)
    assert decision is not None, "no decision pending"
    seat = decision.players[0]
    assert action in decision.legal[seat], f"{action} not legal; legal: {decision.legal[seat][:12]}"
    b.log.take()
    RULESET.apply(b, {seat: action})
    return b.log.take()


def kinds(events) -> list[str]:
    """The kinds of some events, in order."""
    return [event.kind for event in events]


def cited(events, kind: str) -> list[str]:
    """The rules cited by events of one kind."""
    return [event.rule for event in events if event.kind == kind]


def one(events, kind: str):
    """The single event of a kind."""
    found = [event for event in events if event.kind == kind]
    assert len(found) == 1, f"{len(found)} {kind} events in {kinds(events)}"
    return found[0]


def answer(b: Battle, action: list, reply: str = "react") -> list:
    """Apply a legal action, then answer every React Skill offered during it (react_choice=ask,
    S0-R35/R36) with `reply` ("react" or "decline"); returns all the events."""
    events = play(b, action)
    while (decision := RULESET.decision(b)) is not None and decision.kind == "react":
        offered = decision.prompt
        events += play(b, ["react", offered["uid"], offered["skill"]] if reply == "react" else ["decline", offered["uid"]])
    return events
