"""The "sensible" tactics bot: it beats the random bot and decides fast, seeing only the view."""

import time

from engine.core import Rng, Session, make_bot
from test_tactics_games import StayingRandom

GAMES = 200


def match(ruleset, opponent) -> tuple[float, float, float]:
    """(sensible's win rate, mean and worst seconds per sensible decision) over seeds 0..199, seats alternated."""
    wins, spent, worst, decisions = 0, 0.0, 0.0, 0
    for seed in range(GAMES):
        seat = seed % 2
        sensible = make_bot(ruleset, "sensible")
        other = opponent()
        session = Session.start("tactics", seed=seed, events=False)
        rngs = {0: Rng(seed, 1000), 1: Rng(seed, 1001)}
        while session.outcome is None:
            decision = session.decision
            if decision is None:
                session.advance()
                continue
            player = decision.players[0]
            view = session.view(player)
            if player == seat:
                start = time.perf_counter()
                action = sensible.choose(view, decision.legal[player], rngs[player])
                took = time.perf_counter() - start
                spent, worst, decisions = spent + took, max(worst, took), decisions + 1
            else:
                action = other.choose(view, decision.legal[player], rngs[player])
            session.submit(player, action)
        wins += session.outcome.winner == seat
    return wins / GAMES, spent / decisions, worst


def test_sensible_beats_the_random_bot(registered):
    rate, mean, worst = match(registered, lambda: make_bot(registered, "random"))
    assert rate >= 0.8, rate
    assert mean < 0.03 and worst < 0.1, (mean, worst)


def test_sensible_beats_a_random_bot_that_never_abandons(registered):
    rate, mean, worst = match(registered, StayingRandom)
    assert rate >= 0.8, rate
    assert mean < 0.03, mean
