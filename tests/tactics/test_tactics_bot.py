"""The "sensible" tactics bot beats the random bot, seeing only the view. (How fast it decides is a
benchmark figure: `python -m engine bench` prints it; tests never time anything.)"""

import pytest

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


@pytest.mark.slow       # 200 whole games that run long (the opponent never abandons): left to `make test`
def test_sensible_beats_a_random_bot_that_never_abandons(registered):
    assert match(registered, StayingRandom) >= 0.8


def test_G0_14_a_sensible_mirror_ends_by_agreement(registered):
    """A same-element mirror under the default absorb reading can heal forever; the sensible bot proposes,
    and accepts, a tie once the enemy's Health has not dropped for ten cycles (G0-14)."""
    for seed in (1, 4):
        session = Session.start("tactics", seed=seed, setup={"armies": ["ember_host", "ember_host"]}, events=False)
        session.run({0: make_bot(registered, "sensible"), 1: make_bot(registered, "sensible")})
        assert session.outcome is not None and session.outcome.rule == "G0-14"
        assert session.state.cycle < 60


def test_S0_R35_S0_R36_the_sensible_bot_uses_a_ready_react():
    from builder import RULESET, play, position
    b = position(["brute@0,0", "red_king@1,0"], ["blue_king@1,0", "guard@0,0"])
    play(b, ["skill", "club", [3], 0])
    decision = RULESET.decision(b)
    bot = make_bot(RULESET, "sensible")
    assert bot.choose(RULESET.view(b, 1), decision.legal[1], None) == ["react", 3, "brace"]
