"""Hostile input for initiative (issue 23 §4), and the ceiling that ends every game (P1-14).

Every parser of outside input (records, share links, positions, hero and map files, options) ends in
one clean error (a SkirmishError, one line) or in a game that then plays to its end; no other
exception. The parsers are called directly, so a crash fails the test with its traceback (the command
line would turn it into one `error:` line). Example counts are modest: the suite stays fast.
"""

import json
import math

import pytest
from hypothesis import HealthCheck, event, given, settings, strategies as st

from engine.core import BadRecord, IllegalAction, Record, Session, SkirmishError, decode_link, encode_link
from engine.core import session as session_module
from engine.core.bots import RandomBot
from engine.core.options import resolve_options
from engine.rulesets.initiative import round_end
from engine.rulesets.initiative.board import MAPS, board_from_text, builtin_board
from engine.rulesets.initiative.bots import SensibleBot
from engine.rulesets.initiative.heroes import BUILTIN_HEROES, builtin_heroes, load_heroes_file
from engine.rulesets.initiative.ruleset import Initiative, hero_seats

from tests.test_hostile_input import unread

from .helpers import play_out, start

FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                      HealthCheck.filter_too_much])
HEROES = sorted(builtin_heroes().heroes)
CARDS = sorted(builtin_heroes().cards)


def assert_one_line(error: Exception) -> None:
    assert isinstance(error, SkirmishError), f"{type(error).__name__}: {error}"
    assert "\n" not in str(error) and str(error)


def hold_on(session) -> None:
    """Play to the end: each seat holds (F-A4) when it may, else takes its first legal action."""
    play_out(session, lambda seat, decision: ["hold"] if ["hold"] in decision.legal[seat] else decision.legal[seat][0])


def of(session, kind):
    return [event.to_data() for event in session.events if event.kind == kind]


# --- P1-14: every game ends ---------------------------------------------------------------------------

def test_P1_14_without_a_round_limit_the_game_ends_after_round_60_and_more_life_counters_win():
    session = start(players=2, two_player_heroes=1, minions=True)
    session.state.round, session.state.life = 59, {"red": 3, "blue": 2}
    hold_on(session)
    outcome = session.outcome
    assert (outcome.rule, outcome.team, outcome.winners) == ("P1-14", "red", (0,)) or \
        (outcome.rule, outcome.team, list(outcome.winners)) == ("P1-14", "red", [0])
    assert outcome.reason == "more life counters left at the game's ceiling"
    assert [e["round"] for e in of(session, "round_end")] == [59, 60]       # round 59 did not end the game
    assert of(session, "ceiling") == [{"kind": "ceiling", "rule": "P1-14", "red": 3, "blue": 2, "reached": "rounds",
                                       "most": round_end.CEILING_ROUNDS}]
    assert session.state.phase == "over" and session.decision is None


def test_P1_14_equal_life_counters_at_the_ceiling_are_a_draw():
    session = start(players=2, two_player_heroes=1, minions=True)
    session.state.round = 60
    hold_on(session)
    assert session.outcome.is_draw and session.outcome.rule == "P1-14"
    assert session.outcome.reason == "equal life counters at the game's ceiling"


def test_P1_4_a_round_limit_still_ends_the_game_first_and_P1_14_stays_silent():
    session = start(players=2, two_player_heroes=1, minions=True, round_limit=2)
    hold_on(session)
    assert session.outcome.rule == "P1-4" and session.state.round == 3
    assert of(session, "round_limit") and not of(session, "ceiling")


def test_P1_14_the_game_ends_at_once_when_the_answers_reach_the_ceiling():
    session = start(players=2, two_player_heroes=1, minions=True)
    session.state.answers = round_end.CEILING_ANSWERS - 2            # both seats' cards are the last two answers
    hand0, hand1 = session.state.heroes[0].hand[0], session.state.heroes[1].hand[0]
    session.submit(0, ["play", [hand0]])
    assert session.outcome is None                                   # one answer of a simultaneous decision held
    events = [e.to_data() for e in session.submit(1, ["play", [hand1]])]
    assert session.outcome.rule == "P1-14" and session.outcome.is_draw
    assert events[-1] == {"kind": "ceiling", "rule": "P1-14", "red": session.state.life["red"],
                          "blue": session.state.life["blue"], "reached": "answers", "most": round_end.CEILING_ANSWERS}
    assert session.decision is None
    with pytest.raises(IllegalAction, match="the game is over"):
        session.submit(0, ["hold"])


def test_P1_14_a_record_may_hold_the_ceiling_plus_one_simultaneous_decision_and_no_more(monkeypatch):
    assert Initiative.max_actions == round_end.CEILING_ANSWERS + 5      # six seats: five answers may cross it
    record = Record("initiative", Initiative.version, {"players": 2}, 0, {"heroes": ["brannoc", "isra", "brannoc",
                                                                                    "isra"]},
                    [[0, "junk"]] * (Initiative.max_actions + 1))
    read = Record.from_json(record.to_json())
    monkeypatch.setattr(session_module, "_check_json", unread)      # counted, not read
    with pytest.raises(BadRecord, match=f"may hold at most {Initiative.max_actions}"):
        Session.replay(read)


@pytest.mark.parametrize("players, board", [(6, "twinford"), (2, "saltmarsh")])
def test_the_longest_record_of_held_turns_ends_at_the_ceiling_and_replays_in_under_a_second(players, board):
    """Issue 23: every hero holding every turn used to reach the 30,000-action cap (2.3–3.5 s to replay here)."""
    session = Session.start("initiative", seed=1, options={"players": players, "map": board}, events=False)
    hold_on(session)
    assert session.outcome.rule == "P1-14" and len(session.record.actions) <= Initiative.max_actions
    link = encode_link(session.record)
    replayed = Session.replay(decode_link(link), events=False)        # its time: tests/bench_refusals.py
    assert replayed.digest() == session.digest()


# --- positions ------------------------------------------------------------------------------------------

SPACE = st.tuples(st.integers(-4, 32), st.integers(-2, 14)).map(lambda qr: f"{qr[0]},{qr[1]}")
CARD_LIST = st.lists(st.sampled_from(CARDS + ["", "x", "brannoc_red1"]), max_size=9).map("+".join)
WORD = st.one_of(
    CARD_LIST.map(lambda cards: f"hand={cards}"), CARD_LIST.map(lambda cards: f"dashboard={cards}"),
    st.integers(-2, 12).map(lambda n: f"level={n}"), st.integers(-1, 99).map(lambda n: f"coins={n}"),
    st.sampled_from(["poison", "slow", "weak", "stun", "poison", "level=", "=", "hand", "\ud800", "a\nb"]))
HERO = st.builds(lambda hero, where, words: " ".join([f"{hero}@{where}"] + words),
                 st.sampled_from(HEROES + ["nobody", ""]), st.one_of(SPACE, st.just("off"), st.just("1,2,3")),
                 st.lists(WORD, max_size=4))
MINION = st.builds(lambda team, kind, where: f"{team} {kind}@{where}", st.sampled_from(["red", "blue", "green"]),
                   st.sampled_from(["melee", "ranged", "heavy", "boss"]), SPACE)
TOKEN = st.builds(lambda kind, where, hero: f"{kind}@{where} hero={hero}",
                  st.sampled_from(["rubble", "trap", "smoke", "wall", "x"]), SPACE, st.integers(-1, 7))
POSITION = st.fixed_dictionaries({"heroes": st.lists(HERO, min_size=1, max_size=8)}, optional={
    "coin": st.sampled_from(["red", "blue", "grey", 1]),
    "life": st.dictionaries(st.sampled_from(["red", "blue", "x"]), st.integers(-1, 25), max_size=2),
    "round": st.one_of(st.integers(-1, 62), st.just(1.5), st.just(True)),
    "turn": st.integers(0, 5),
    "tokens": st.lists(TOKEN, max_size=4),
    "minions": st.lists(MINION, max_size=30),
    "battle_zones": st.lists(st.sampled_from(["causeway", "red_shore", "blue_throne", "north_ford", "x"]), max_size=3),
    "waves": st.one_of(st.integers(-1, 9), st.lists(st.integers(-1, 9), max_size=3)),
})


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(position=POSITION, players=st.integers(2, 6), board=st.sampled_from(sorted(MAPS)),
       late=st.sampled_from([None, 57, 60]))
def test_any_position_is_one_clean_error_or_a_game_that_ends(position, players, board, late):
    """Heroes on any space, hands and decks past their limits, markers, tokens, minions, waves: refused in
    one line, or played by the sensible bots to an end (a late round keeps the example fast; the ceiling of
    P1-14 ends the game whatever the position)."""
    if late is not None:
        position = {**position, "round": late}
    try:
        session = Session.start("initiative", seed=3, options={"players": players, "map": board},
                                setup={"position": position}, events=False)
    except Exception as error:       # noqa: BLE001 - any other exception is the failure this test looks for
        assert_one_line(error)
        return
    session.run({seat: SensibleBot() for seat in range(players)})
    assert session.outcome is not None
    replayed = Session.replay(Record.from_json(session.record.to_json()), events=False)
    assert replayed.digest() == session.digest()


@st.composite
def near_legal_position(draw):
    """(options, position): the right number of heroes on open spaces of the chosen map (or off it), hands and
    dashboards from each hero's own cards (sometimes more than a hand holds), levels, coins and poison markers,
    tokens and minions on open spaces, any round, turn, coin, life and wave counts: mostly accepted."""
    players = draw(st.integers(2, 6))
    options = {"players": players, "map": draw(st.sampled_from(sorted(MAPS))),
               "two_player_heroes": draw(st.integers(1, 2))}
    board = builtin_board(options["map"])
    open_spaces = sorted(board.spaces - board.terrain)
    seats = hero_seats(resolve_options(Initiative.options, options))
    content = builtin_heroes()
    used = draw(st.lists(st.sampled_from(open_spaces), min_size=len(seats) + 8, max_size=len(seats) + 8, unique=True))
    heroes = []
    for index in range(len(seats)):
        hero = content.heroes[draw(st.sampled_from(HEROES))]
        words = [f"{hero.id}@{'off' if draw(st.booleans()) and index % 3 == 0 else '%d,%d' % used[index]}"]
        if draw(st.booleans()):
            cards = [c for c in hero.cards if content.cards[c].initiative is not None]
            words.append("hand=" + "+".join(draw(st.lists(st.sampled_from(cards), min_size=1, max_size=8,
                                                         unique=True))))
        words += draw(st.lists(st.sampled_from(["level=1", "level=2", "level=3", "coins=0", "coins=5", "coins=30",
                                                "poison", "poison"]), max_size=3, unique=True))
        heroes.append(" ".join(words))
    spare = used[len(seats):]
    position = {"heroes": heroes, "coin": draw(st.sampled_from(["red", "blue"])),
                "round": draw(st.sampled_from([1, 2, 30, 58, 59, 60])), "turn": draw(st.integers(1, 4)),
                "life": {"red": draw(st.integers(1, 6)), "blue": draw(st.integers(1, 6))},
                "tokens": [f"rubble@{q},{r} hero={draw(st.integers(0, len(seats) - 1))}" for q, r in spare[:draw(
                    st.integers(0, 2))]],
                "minions": [f"{draw(st.sampled_from(['red', 'blue']))} {draw(st.sampled_from(['melee', 'ranged', 'heavy']))}"
                            f"@{q},{r}" for q, r in spare[2:2 + draw(st.integers(0, 6))]]}
    if draw(st.booleans()):
        position["waves"] = draw(st.integers(1, 14))
    return options, position


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(drawn=near_legal_position(), bot=st.sampled_from(["random", "sensible"]))
def test_a_near_legal_position_is_one_clean_error_or_a_game_that_ends(drawn, bot):
    options, position = drawn
    try:
        session = Session.start("initiative", seed=5, options=options, setup={"position": position}, events=False)
    except Exception as error:       # noqa: BLE001
        assert_one_line(error)
        return
    event("accepted")
    session.run({seat: SensibleBot() if bot == "sensible" else RandomBot() for seat in range(len(session.seats))})
    assert session.outcome is not None and len(session.record.actions) <= Initiative.max_actions


def test_a_position_without_minions_played_by_sensible_bots_ends():
    """The issue's game that never ended: no minions, sensible bots (1,342 rounds and going); now P1-14 ends it."""
    session = Session.start("initiative", seed=0, options={"players": 2, "two_player_heroes": 1}, events=False,
                            setup={"position": {"heroes": ["brannoc@off", "isra@off"], "minions": [], "round": 50}})
    session.run({0: SensibleBot(), 1: SensibleBot()})
    assert session.outcome is not None and session.state.round <= round_end.CEILING_ROUNDS + 1


# --- options ------------------------------------------------------------------------------------------------

ODD_VALUES = [math.nan, math.inf, -math.inf, -1, 0, 7, 61, 10 ** 30, -(10 ** 30), 1.5, True, False, None, "", "x",
              "\ud800", "a\nb", "2", [], [[[]]], {}, {"a": 1}, "saltmarsh\x00", "twinford " * 50]


@pytest.mark.parametrize("option", Initiative.options, ids=lambda option: option.key)
def test_every_option_at_and_past_its_bounds_is_one_line_or_a_value_in_bounds(option):
    values = list(ODD_VALUES)
    if option.minimum is not None:
        values += [option.minimum, option.minimum - 1, option.maximum, option.maximum + 1]
    for value in values:
        try:
            resolved = resolve_options(Initiative.options, {option.key: value})
        except Exception as error:      # noqa: BLE001
            assert_one_line(error)
            continue
        got = resolved[option.key]
        if option.choices:
            assert got in option.choices
        elif option.minimum is not None and not isinstance(option.default, bool):
            assert type(got) is int and option.minimum <= got <= option.maximum
        else:
            assert isinstance(got, type(option.default))


def test_unknown_and_odd_option_keys_are_one_line():
    for options in ({"\ud800": 1}, {"a\nb": 1}, {"players" * 1000: 2}, {"": 0}, {"players": 2, "x": 1}):
        with pytest.raises(SkirmishError) as caught:
            Session.start("initiative", options=options)
        assert_one_line(caught.value)


# --- records and links ----------------------------------------------------------------------------------

def golden_texts() -> list[str]:
    from pathlib import Path
    games = json.loads((Path(__file__).resolve().parents[1] / "golden" / "initiative.json").read_text("utf-8"))
    return [json.dumps(game["record"], ensure_ascii=False) for game in games]


GOLDEN = golden_texts()
EDIT = st.tuples(st.integers(0, 10 ** 6), st.sampled_from(["cut", "drop", "insert", "replace"]),
                 st.sampled_from(["", "0", "-1", "99999999999999999999", "1e999", "NaN", "\"", "]", "[[[", "{",
                                  "\\ud800", "\\u0000", "null", "true", ",", " ", "\"hold\"", "[0,[\"hold\"]]",
                                  "\"brannoc_gold\"", "\"\ud800\"", "\n"]))


def edited(text: str, edits) -> str:
    """`text` after each edit: cut it short, drop a character, insert or replace at a place."""
    for where, how, what in edits:
        at = where % (len(text) + 1)
        if how == "cut":
            text = text[:at]
        elif how == "drop":
            text = text[:at] + text[at + 1:]
        elif how == "insert":
            text = text[:at] + what + text[at:]
        else:
            text = text[:at] + what + text[at + len(what):]
    return text


def replays_or_one_line(text: str) -> None:
    """A record text: refused in one line, or replayed (its end reached by the record, or a decision waiting)."""
    try:
        session = Session.replay(Record.from_json(text), events=True)
    except Exception as error:      # noqa: BLE001
        assert_one_line(error)
        return
    assert session.outcome is not None or session.decision is not None


@FAST
@given(game=st.integers(0, len(GOLDEN) - 1), edits=st.lists(EDIT, min_size=1, max_size=3))
def test_an_altered_record_is_one_line_or_a_game(game, edits):
    replays_or_one_line(edited(GOLDEN[game], edits))


@FAST
@given(game=st.integers(0, len(GOLDEN) - 1), edits=st.lists(EDIT, min_size=1, max_size=2))
def test_an_altered_link_is_one_line_or_a_game(game, edits):
    link = encode_link(Record.from_json(GOLDEN[game]))
    altered = edited(link, [(where, how, what.replace("\"", "").replace("\\", "")) for where, how, what in edits])
    try:
        record = decode_link(altered)
    except Exception as error:      # noqa: BLE001
        assert_one_line(error)
        return
    replays_or_one_line(record.to_json())


@FAST
@given(game=st.integers(0, len(GOLDEN) - 1), data=st.data())
def test_records_with_actions_moved_dropped_or_repeated_are_one_line_or_a_game(game, data):
    record = json.loads(GOLDEN[game])
    actions = record["actions"]
    if actions:
        index = data.draw(st.integers(0, len(actions) - 1))
        how = data.draw(st.sampled_from(["drop", "repeat", "swap_seat", "to_end", "replace"]))
        if how == "drop":
            del actions[index]
        elif how == "repeat":
            actions.insert(index, actions[index])
        elif how == "swap_seat":
            actions[index] = [(actions[index][0] + 1) % 7, actions[index][1]]
        elif how == "to_end":
            actions.append(actions.pop(index))
        else:
            actions[index] = [actions[index][0], data.draw(st.sampled_from(
                [["hold"], ["play", ["pass"]], ["move", [0, 0], "secondary"], ["attack"], ["first", 9], ["defend", "x"],
                 ["play", CARDS[:6]], [], "hold", None, ["clear", [[0, 0]] * 50]]))]
    replays_or_one_line(json.dumps(record))


# --- hero and map files ---------------------------------------------------------------------------------

HEROES_TEXT = BUILTIN_HEROES.read_text("utf-8")
MAP_TEXTS = [path.read_text("utf-8") for path in MAPS.values()]
LINE_EDIT = st.tuples(st.integers(0, 10 ** 6), st.sampled_from(["drop", "repeat", "number", "cut", "char", "row"]),
                      st.sampled_from(["-1", "0", "99999999999", "1e999", "nan", "inf", "\"\"", "[]", "{}",
                                       "\"\\ud800\"", "true", "\"x\"", "\"!\"", "\"H\"", "\"#\""]))


def edited_lines(text: str, edits) -> str:
    """`text` with lines dropped or repeated, a value replaced, a grid row damaged, or cut short."""
    lines = text.split("\n")
    for where, how, what in edits:
        at = where % len(lines)
        line = lines[at]
        if how == "drop":
            del lines[at]
        elif how == "repeat":
            lines.insert(at, line)
        elif how == "number" and "=" in line:
            lines[at] = line.partition("=")[0] + "= " + what
        elif how == "char" and line:
            spot = where % len(line)
            lines[at] = line[:spot] + what.strip("\"") + line[spot + 1:]
        elif how == "row" and line.strip().startswith("\""):
            lines[at] = line.replace(".", "#", 3).replace("h", ".", 1)
        elif how == "cut":
            lines = lines[:at]
        if not lines:
            break
    return "\n".join(lines)


@FAST
@given(edits=st.lists(LINE_EDIT, min_size=1, max_size=4))
def test_an_altered_hero_file_is_one_line_per_problem_or_heroes(tmp_path_factory, edits):
    path = tmp_path_factory.mktemp("heroes") / "heroes.toml"
    path.write_text(edited_lines(HEROES_TEXT, edits), "utf-8", errors="surrogatepass")
    try:
        load_heroes_file(path)
    except Exception as error:      # noqa: BLE001
        assert_one_line(error)
        assert all("\n" not in line for line in getattr(error, "problems", []))


@FAST
@given(which=st.integers(0, len(MAP_TEXTS) - 1), edits=st.lists(LINE_EDIT, min_size=1, max_size=4))
def test_an_altered_map_file_is_one_line_per_problem_or_a_map(which, edits):
    try:
        board_from_text(edited_lines(MAP_TEXTS[which], edits))
    except Exception as error:      # noqa: BLE001
        assert_one_line(error)


def many_zones_map(zones: int) -> str:
    """A map whose every space is a zone of its own (keys from the private-use plane), 40 rows of 60."""
    keys = [chr(0xE000 + n) for n in range(zones)]
    rows = ["".join(keys[(row * 60 + col) % zones] for col in range(60)) for row in range(40)]
    tables = "\n".join(f'[zones.z{n}]\nkey = "{key}"\nkind = "jungle"\nteam = "red"\nname = {{ en = "z", ja = "z", '
                       f'ru = "z" }}' for n, key in enumerate(keys))
    return (f'[map]\nid = "many"\nname = {{ en = "m", ja = "m", ru = "m" }}\nlayout = "odd-r"\n'
            f'lane = ["z0", "z1", "z2", "z3", "z4"]\nzone_grid = {json.dumps(rows, ensure_ascii=False)}\n'
            f'feature_grid = {json.dumps(["." * 60] * 40)}\n{tables}\n')


def test_a_map_of_thousands_of_zones_is_refused_or_read_quickly():
    text = many_zones_map(2400)
    with pytest.raises(SkirmishError) as caught:
        board_from_text(text)
    assert_one_line(caught.value)


def test_a_hero_file_near_its_size_cap_is_read_quickly(tmp_path):
    """Six copies of the starter heroes under new ids: 36 heroes, 648 cards, 330 KB (measured 0.11 s)."""
    import re
    copies = []
    for n in range(6):
        text = HEROES_TEXT
        for hero in HEROES:
            text = re.sub(r"(?<![a-z])%s(?=[_\].\"]|\b)" % hero, f"{hero}x{n}", text)
        copies.append(text)
    path = tmp_path / "heroes.toml"
    path.write_text("\n".join(copies), "utf-8")
    content = load_heroes_file(path)
    assert (len(content.heroes), len(content.cards)) == (36, 648)
