"""Exact positions for initiative rule tests: a started session whose heroes, hands and coin are set by hand."""

import copy
from dataclasses import replace

import pytest

from engine.core import BadCards, Session, resolve_options
from engine.core.carddata import Problems
from engine.rulesets.initiative import hexes
from engine.rulesets.initiative.effects import check_steps
from engine.rulesets.initiative.heroes import Heroes
from engine.rulesets.initiative.ruleset import Initiative, hero_seats, team_of

CENTRE = hexes.from_offset(12, 4)                 # an open space of the Causeway
EAST = hexes.add(CENTRE, (1, 0))


def start(players=4, heroes=None, coin="red", minions=False, **options) -> Session:
    """A new game with these options; heroes by default alternate Brannoc (red) and Isra (blue).
    The set-up's minions (F-S5) are taken off unless `minions`: rule tests place the pieces they need."""
    options = {"players": players, **options}
    resolved = resolve_options(Initiative.options, options)
    heroes = heroes or ["brannoc" if team_of(seat) == "red" else "isra" for seat in hero_seats(resolved)]
    session = Session.start("initiative", seed=0, options=options, setup={"heroes": heroes})
    session.state.coin = coin
    if not minions:
        session.state.minions = []
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


def idle(session):
    """Answer the pending decision doing nothing: hold, decline to respawn, no defence, skip, or the first answer."""
    decision = session.decision
    seat = decision.players[0]
    legal = decision.legal[seat]
    for quiet in (["hold"], ["decline"], ["no_defense"], ["skip"]):
        if quiet in legal:
            return answer(session, quiet, seat)
    return answer(session, legal[0], seat)


def to_act(session, cards, acting):
    """Play the cards and step until hero `acting` is to act."""
    play(session, *cards)
    while not (session.state.acting == acting and session.decision is not None
               and session.decision.kind == "choose_action"):
        if session.decision is None:
            step(session)
        else:
            idle(session)


def attack(session, target):
    """Start the attack (["attack"]: its "before the attack" text first), then pick the target (["hero", i])."""
    answer(session, ["attack"])
    while session.decision.prompt["step"]["do"] != "_target":     # an optional "before the attack" step: skipped
        answer(session, ["skip"])
    assert session.decision.kind == "choose_target"
    return answer(session, ["hero", target])


def give(session, hero, *cards):
    """Put cards (of the hero's deck, or test cards) into a hero's hand."""
    state = session.state.heroes[hero]
    for card in cards:
        if card in state.deck:
            state.deck.remove(card)
        state.hand.append(card)
    state.hand.sort()


def make_card(card_id, base, effect, **changes):
    """A card made for a test from a built-in one: its effect steps checked by effects.py like a file's."""
    problems = Problems("test")
    steps = check_steps(effect, card_id, "effect", problems)
    assert not problems.lines, problems.lines
    text = {"en": card_id, "ja": card_id, "ru": card_id}
    return replace(builtin_cards()[base], id=card_id, effect=tuple(steps), text=text, **changes)


def builtin_cards():
    from engine.rulesets.initiative.heroes import builtin_heroes
    return builtin_heroes().cards


def add_cards(session, *cards):
    """The game's content with these test cards added (the session is not replayed afterwards)."""
    content = session.state.content
    session.state.content = Heroes(content.heroes, {**content.cards, **{c.id: c for c in cards}})


def legal(session):
    decision = session.decision
    return decision.legal[decision.players[0]]


def problems_after(edit, raw: dict, read, source: str) -> list:
    """The one-line problems `read` gives for a copy of `raw` changed by `edit` (hostile cases of a file)."""
    data = copy.deepcopy(raw)
    edit(data)
    with pytest.raises(BadCards) as caught:
        read(data, source)
    return caught.value.problems


def play_out(session, choose) -> None:
    """Play a game to its end: automatic steps, and `choose(seat, decision)` for every seat a decision waits for."""
    while session.outcome is None:
        decision = session.decision
        if decision is None:
            session.advance()
            continue
        for seat in session.waiting()[:decision.needed]:
            session.submit(seat, choose(seat, decision))
