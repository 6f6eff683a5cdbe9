"""Every built-in ruleset, and the core's toy rulesets, pass the conformance suite (tests/conformance.py).

A new ruleset gets all of this for free by being registered in engine.rulesets.BUILTIN.
"""


import pytest

import engine.rulesets
from engine.core import register

from . import conformance
from .core import toy, toy_teams

RULESETS = engine.rulesets.builtin() + [toy.Pennies(), toy_teams.Relay()]


@pytest.mark.parametrize("check", conformance.CHECKS, ids=lambda check: check.__name__.removeprefix("check_"))
@pytest.mark.parametrize("ruleset", RULESETS, ids=lambda r: r.id)
def test_conformance(ruleset, check):
    check(ruleset)


@register
class LeakyRelay(toy_teams.Relay):
    """Relay whose views show a partner's hand: a leak the suite must catch."""

    id = "test-relay-leaky"

    def view(self, state, player):
        view = super().view(state, player)
        if player is not None and state.phase != "done":
            partner = (player + 2) % 4
            view["partner_hand"] = list(state.hands[partner])
        return view


@register
class LeakyInOrderOnly(toy_teams.Relay):
    """Relay whose views leak the deck's order as its sum of positions: no secret appears verbatim."""

    id = "test-relay-order-leak"

    def view(self, state, player):
        view = super().view(state, player)
        view["deck_hash"] = sum(i * int(card[1:]) for i, card in enumerate(state.deck))
        return view


def test_the_view_invariance_check_catches_a_leaking_view():
    with pytest.raises(AssertionError, match="changes with what it may not see"):
        conformance.check_view_invariance(LeakyRelay())


def test_the_view_invariance_check_catches_a_leak_that_shows_no_secret_verbatim():
    conformance.check_views_hide_secrets(LeakyInOrderOnly())      # the plain secrets check misses it ...
    with pytest.raises(AssertionError, match="changes with what it may not see"):
        conformance.check_view_invariance(LeakyInOrderOnly())   # ... the invariance check does not


def test_the_relay_team_decision_can_be_answered_by_any_one_seat():
    """A9-1 any_one: the taker team's seats are all asked; the first answer resolves for the team."""
    session = conformance.Session.start("test-relay", seed=3, options={"chooser": "any_one"})
    decision = session.decision
    for seat in decision.players:
        session.submit(seat, decision.legal[seat][0])
    decision = session.decision
    assert decision.any_of and decision.kind == "choose_action" and len(decision.players) == 2
    team = {session.seats[seat].team for seat in decision.players}
    assert team == {decision.prompt["team"]}
    events = session.submit(decision.players[1], "bank")
    assert [e.kind for e in events] == ["claim"] and events[0].data["seat"] == decision.players[1]
    assert session.decision.kind == "choose_card"


def test_the_relay_ends_with_a_team_outcome():
    outcomes = [conformance.play(toy_teams.Relay(), seed).outcome for seed in range(20)]
    teams = {outcome.team for outcome in outcomes}
    assert {"red", "blue"} <= teams
    for outcome in outcomes:
        if outcome.team:
            assert len(outcome.winners) == 2 and {s % 2 for s in outcome.winners} == {0 if outcome.team == "red" else 1}
