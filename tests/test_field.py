"""engine/field.py: one contender against each of a field. Its games are the round robin's (same
seeds, same seats), so its sums equal `balance`'s for a pair; steps of any size add up to the same
numbers; a bad contender or count is a one-line engine error."""

import pytest

from engine import balance
from engine.core import BadSetup, SkirmishError
from engine.field import MAX_GAMES, FieldError, FieldRun, pair_games, starters
from engine.parallel import play_pair_chunk
from engine.rulesets.autobattle.cards import builtin_content
from engine.rulesets import get as get_ruleset

SQUADS = list(builtin_content().squads)
ARMIES = list(get_ruleset("tactics").content.armies)


def test_the_field_is_every_starter_with_its_names_in_three_languages():
    assert [key for key, _ in starters("autobattle")] == SQUADS
    assert [key for key, _ in starters("tactics")] == ARMIES
    assert all(set(names) >= {"en", "ja", "ru"} for _, names in starters("autobattle") + starters("tactics"))
    with pytest.raises(FieldError, match="autobattle, tactics"):
        starters("siege")


@pytest.mark.parametrize("ruleset_id, first, second", [("autobattle", SQUADS[0], SQUADS[4]),
                                                       ("tactics", ARMIES[0], ARMIES[2])])
def test_one_pair_scores_exactly_what_balance_scores_with_the_same_seeds(ruleset_id, first, second):
    games, seed = 30, 7
    run = FieldRun(ruleset_id, first, [second], games, first_seed=seed)
    run.play(games)
    played = balance.play(ruleset_id, [first, second], None, games, first_seed=seed)
    assert run.done and run.results()[0]["games"] == games
    assert run.score[0] == played["score"][0][1]
    assert run.draws[0] == played["draws"][0][1]
    assert (run.results()[0]["low"], run.results()[0]["high"]) == balance.wilson(played["score"][0][1], games)


def test_seats_swap_game_by_game_with_the_contender_in_seat_0_on_even_games():
    even, odd = pair_games("autobattle", SQUADS[1], SQUADS[2])
    assert even["setup"] == {"decks": [[SQUADS[1]], [SQUADS[2]]]}
    assert odd["setup"] == {"decks": [[SQUADS[2]], [SQUADS[1]]]}
    tactics = pair_games("tactics", {"king": "k", "members": ["a"]}, ARMIES[0], content={"characters": {}, "armies": {}})
    assert tactics[0]["setup"]["armies"] == [{"king": "k", "members": ["a"]}, ARMIES[0]]
    assert tactics[1]["setup"]["armies"] == [ARMIES[0], {"king": "k", "members": ["a"]}]
    assert tactics[0]["setup"]["content"] == {"characters": {}, "armies": {}}
    # Game by game: the contender's points are seat 0's on even games and seat 1's on odd ones.
    run = FieldRun("autobattle", SQUADS[1], [SQUADS[2]], 6, first_seed=3)
    expected = 0.0
    for index in range(6):
        chunk = play_pair_chunk("autobattle", [even, odd], 3, index, 1)
        seat = index % 2
        assert chunk[seat]["games"] == 1 and chunk[1 - seat]["games"] == 0
        expected += chunk[seat]["results"][seat]
        run.play(1)
        assert run.score[0] == expected and run.played[0] == index + 1


def test_steps_of_any_size_add_up_to_the_same_sums_opponent_by_opponent():
    whole = FieldRun("autobattle", SQUADS[3], SQUADS[:4], 9)
    assert whole.play(10 ** 6) == 36 and whole.done
    ticks = iter(range(10 ** 6))
    stepped = FieldRun("autobattle", SQUADS[3], SQUADS[:4], 9)
    sizes = []
    while not stepped.done:        # a clock that moves 1 s per reading: one game per step
        sizes.append(stepped.step(0.5, clock=lambda: next(ticks)))
        if len(sizes) == 10:
            assert stepped.played == [9, 1, 0, 0]       # in order: the first opponent's games first
    assert sizes == [1] * 36
    assert stepped.score == whole.score and stepped.draws == whole.draws
    assert stepped.results() == whole.results() and stepped.overall() == whole.overall()
    overall = whole.overall()
    assert overall["games"] == 36 and overall["score"] == sum(whole.score)
    assert (overall["low"], overall["high"]) == balance.wilson(sum(whole.score), 36)
    assert whole.play(5) == 0 and whole.step(1.0) == 0        # nothing more once done


def test_partial_results_count_only_the_games_played():
    run = FieldRun("tactics", ARMIES[1], ARMIES, 4)
    run.play(6)
    rows = run.results()
    assert [row["games"] for row in rows] == [4, 2] + [0] * (len(ARMIES) - 2)
    assert rows[2]["win_rate"] == 0.0 and (rows[2]["low"], rows[2]["high"]) == (0.0, 1.0)
    assert run.overall()["games"] == 6 and run.done_games == 6 and run.total == 4 * len(ARMIES)


def test_a_built_army_plays_the_field():
    army = get_ruleset("tactics").content.armies[ARMIES[0]]
    built = {"king": army.king, "members": list(army.members)}
    as_built, as_preset = FieldRun("tactics", built, ARMIES[:2], 4), FieldRun("tactics", ARMIES[0], ARMIES[:2], 4)
    as_built.play(8)
    as_preset.play(8)
    assert as_built.score == as_preset.score


@pytest.mark.parametrize("make, error, words", [
    (lambda: FieldRun("autobattle", "no_such_squad", SQUADS, 5), BadSetup, "unknown squad 'no_such_squad'"),
    (lambda: FieldRun("autobattle", SQUADS[0], ["no_such_squad"], 5), BadSetup, "unknown squad"),
    (lambda: FieldRun("tactics", {"king": "nobody", "members": []}, ARMIES, 5), BadSetup, "king"),
    (lambda: FieldRun("autobattle", SQUADS[0], SQUADS, 0), FieldError, "from 1 to"),
    (lambda: FieldRun("autobattle", SQUADS[0], SQUADS, MAX_GAMES + 1), FieldError, "from 1 to"),
    (lambda: FieldRun("autobattle", SQUADS[0], SQUADS, True), FieldError, "whole number"),
    (lambda: FieldRun("autobattle", SQUADS[0], [], 5), FieldError, "at least one opponent"),
    (lambda: FieldRun("siege", "x", ["y"], 5), FieldError, "ruleset must be one of"),
])
def test_bad_input_is_refused_in_one_line_before_any_game(make, error, words):
    with pytest.raises(error, match=words) as caught:
        make()
    assert isinstance(caught.value, SkirmishError) and "\n" not in str(caught.value)
