"""Start a siege game from a described position (engine/rulesets/siege/position.py) and step it."""

from engine.core import Session


def start(options=None, seed=1, **position):
    """A session opening at the described position."""
    return Session.start("siege", seed=seed, options=options or {}, setup={"position": position})


def new(decks=("vanguard", "horde"), options=None, seed=1):
    """A session from decks (the set-up events are in history[0])."""
    return Session.start("siege", seed=seed, options=options or {}, setup={"decks": list(decks)})


def step(session, action=None):
    """One step: the automatic one, or the player's action; its events as data."""
    events = session.advance() if action is None else session.submit(0, action)
    return [e.to_data() for e in events]


def of(events, rule):
    """The events citing `rule`."""
    return [e for e in events if e["rule"] == rule]


def units(session, side):
    """side 0/1 -> {card id: unit} of the characters on squares."""
    return {u.defn.id: u for u in session.state.sides[side].units}


def reasons(event, rule=None):
    """The reasons' `why` texts (of one rule)."""
    return [r["why"] for r in event.get("reasons", []) if rule is None or r.get("rule") == rule]
