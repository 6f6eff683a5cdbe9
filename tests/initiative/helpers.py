"""Exact positions for initiative rule tests: a started session whose heroes, hands and coin are set by hand."""

from engine.core import Session, resolve_options
from engine.rulesets.initiative.ruleset import Initiative, hero_seats, team_of


def start(players=4, heroes=None, coin="red", **options) -> Session:
    """A new game with these options; heroes by default alternate Brannoc (red) and Isra (blue)."""
    options = {"players": players, **options}
    resolved = resolve_options(Initiative.options, options)
    heroes = heroes or ["brannoc" if team_of(seat) == "red" else "isra" for seat in hero_seats(resolved)]
    session = Session.start("initiative", seed=0, options=options, setup={"heroes": heroes})
    session.state.coin = coin
    return session


def place(session, **spaces):
    """Put heroes on spaces: place(s, h0=(q, r), h1=None)."""
    for name, space in spaces.items():
        session.state.heroes[int(name[1:])].position = space


def play(session, *cards):
    """Every seat plays: cards[i] for hero i (seats with one hero each)."""
    decision = session.decision
    assert decision.kind == "choose_card"
    events = []
    for seat in decision.players:
        mine = [h.index for h in session.state.heroes if h.seat == seat]
        events += session.submit(seat, ["play", [cards[i] for i in mine]])
    return [e.to_data() for e in events]


def step(session):
    """One automatic step; its events as data."""
    return [e.to_data() for e in session.advance()]


def answer(session, action, seat=None):
    """The pending decision answered by `seat` (default: its first player)."""
    decision = session.decision
    seat = decision.players[0] if seat is None else seat
    return [e.to_data() for e in session.submit(seat, action)]


def of(events, rule):
    return [e for e in events if e["rule"] == rule]
