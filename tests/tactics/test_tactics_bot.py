"""The "sensible" tactics bot beats the random bot, seeing only the view. (How fast it decides is a
benchmark figure: `python -m engine bench` prints it; tests never time anything.)"""

from engine.core import Session, make_bot
from test_tactics_games import StayingRandom

GAMES = 200


def match(ruleset, opponent) -> float:
    """The sensible bot's win rate over seeds 0..199, seats alternated."""
    wins = 0
    for seed in range(GAMES):
        seat = seed % 2
        session = Session.start("tactics", seed=seed, events=False)
        session.run({seat: make_bot(ruleset, "sensible"), 1 - seat: opponent()})
        wins += session.outcome.winners == (seat,)
    return wins / GAMES


def test_sensible_beats_the_random_bot(registered):
    assert match(registered, lambda: make_bot(registered, "random")) >= 0.8


def test_sensible_beats_a_random_bot_that_never_abandons(registered):
    assert match(registered, StayingRandom) >= 0.8
