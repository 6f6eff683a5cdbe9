"""`replay --at STEP [--view SEAT]`: the position after a step, whole or exactly as one seat's view holds it."""

import json
from collections import deque

import pytest

from engine.cli import main
from engine.core import Session
from engine.core.bots import RandomBot

from .test_cli import assert_user_error, engine


def played(ruleset: str, seed: int, **options) -> Session:
    """A finished game of random bots in every seat."""
    session = Session.start(ruleset, seed=seed, options=options)
    session.run({seat: RandomBot() for seat in range(len(session.seats))})
    return session


def record_file(tmp_path, session: Session):
    path = tmp_path / "game.json"
    path.write_text(session.record.to_json())
    return str(path)


def walked_to(session: Session, step: int) -> Session:
    walked = Session(session.record)
    walked.step_through(deque(session.record.actions), steps=step)
    return walked


def shown(capsys, *args) -> str:
    assert main(["replay", *args]) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("ruleset, options", [("autobattle", {}), ("tactics", {}), ("siege", {}),
                                              ("initiative", {"players": 4})])
def test_view_json_is_the_seats_own_view_at_that_step(tmp_path, capsys, ruleset, options):
    session = played(ruleset, 5, **options)
    path = record_file(tmp_path, session)
    step = min(3, len(session.history) - 1)
    walked = walked_to(session, step)
    for seat in range(len(session.seats)):
        assert json.loads(shown(capsys, path, "--at", str(step), "--view", str(seat), "--json")) == walked.view(seat)
    text = shown(capsys, path, "--at", str(step), "--view", session.seats[0].name)
    assert text.startswith(f"step {step} of {len(session.history) - 1}: what seat {session.seats[0].name} sees")


def test_at_0_is_the_whole_set_up_state(tmp_path, capsys):
    session = played("initiative", 3, players=4)
    start = Session(session.record)
    state = json.loads(shown(capsys, record_file(tmp_path, session), "--at", "0", "--json"))
    assert state == start.ruleset.to_data(start.state)
    assert (state["round"], state["turn"]) == (1, 1)
    assert [len(hero["hand"]) for hero in state["heroes"]] == [5, 5, 5, 5]      # F-S4: every hand, whole
    text = shown(capsys, record_file(tmp_path, session), "--at", "0")
    assert "the whole state" in text and f"hand: [{', '.join(state['heroes'][0]['hand'])}]" in text


def test_a_seat_never_sees_another_seats_hidden_card_before_the_reveal(tmp_path, capsys):
    session = played("initiative", 3, players=4)
    path = record_file(tmp_path, session)
    before = json.loads(shown(capsys, path, "--at", "0", "--view", "1", "--json"))
    heroes = Session(session.record).state.heroes
    hands = [hero.hand for hero in heroes]
    others = {card for hero in heroes if hero.hero != heroes[1].hero for card in hero.hand}   # not also its own
    assert others
    seen = json.dumps({key: value for key, value in before.items() if key != "cards"})  # "cards": the public catalogue
    assert not [card for card in others if f'"{card}"' in seen]
    assert before["heroes"][1]["hand"] == hands[1] and before["heroes"][0]["hand"] == len(hands[0])
    assert before["played"] == {}
    after = walked_to(session, 1)             # every card chosen and revealed (F-T2)
    revealed = json.loads(shown(capsys, path, "--at", "1", "--view", "1", "--json"))
    assert revealed["played"] == {str(h.index): card for h in after.state.heroes
                                  for card in [after.state.played.get(h.index)] if card}
    assert revealed["played"]["0"] in hands[0]


@pytest.mark.needs_subprocess
def test_bad_steps_and_seats_are_one_line(tmp_path):
    session = played("siege", 2)
    path = record_file(tmp_path, session)
    last = len(session.history) - 1
    assert_user_error(engine("replay", path, "--at", str(last + 1), "--view", "0", check_ok=False),
                      f"this record has steps 0 to {last}")
    assert_user_error(engine("replay", path, "--at", "1", "--view", "7", check_ok=False), "no such seat")
    assert_user_error(engine("replay", path, "--view", "名\nerror: fake", check_ok=False), "no such seat")
    assert_user_error(engine("replay", path, "--at", "-1", check_ok=False), "--at")
