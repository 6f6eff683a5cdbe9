"""The initiative page's words, without a browser: real games (2, 4 and 6 players and odd counts, quick and
long, both maps, hero drafts, a few options that bring out rare events) are played with the sensible bot
(now and then a seeded random answer, so that more kinds of decision come up); every event is put in words in
every language, every legal action of every decision met has a button's words, every decision a status
line; in Japanese and Russian no English word and nowhere an id or a placeholder."""

import copy
import random
import re
from pathlib import Path

import pytest

from engine.core import Session, make_bot
from engine.rulesets import get
from ui.games.initiative.words import (KINDS, action_words, because, card_name, decision_words, defence_total,
                                 describe, hero_label, hero_name, known_reason, seat_words, space_words)
from ui.words import message

ROOT = Path(__file__).resolve().parents[2]
LANGS = ("en", "ja", "ru")
LATIN_WORD = re.compile(r"[A-Za-z]{3,}")
RAW_ID = re.compile(r"\b[a-z]+_[a-z0-9_]+\b|\[|\]|\{|\}")       # nim_red1, causeway_x, [q, r], {placeholder}

CONFIGS = [
    ({"players": 2}, 0), ({"players": 2, "length": "long"}, 1),
    ({"players": 4}, 2), ({"players": 4, "length": "long", "tie_chooser": "seat_order"}, 3),
    ({"players": 6}, 4), ({"players": 6, "length": "long", "act_after_respawn": False}, 5),
    ({"players": 4, "map": "twinford"}, 6), ({"players": 6, "map": "twinford", "hero_selection": "player_draft"}, 7),
    ({"players": 4, "hero_selection": "pick_and_ban"}, 8), ({"players": 3, "hero_selection": "single_draft"}, 9),
    ({"players": 5, "map": "twinford", "hero_selection": "random_draft"}, 10),
    ({"players": 4, "hero_selection": "all_random", "round_limit": 2}, 11),
    ({"players": 4, "spawn_token": "remove_token", "defend_cards": "any"}, 12),
]


def frozen(view: dict) -> dict:
    """The view as it is now: its `pending` is the game's own prompt, which the next steps change."""
    return dict(view, pending=copy.deepcopy(view["pending"]))


class Game:
    """A played game: each step's events with the spectator's view after it (as the page logs them), and every
    decision met with the deciding seat's view, its legal actions and the action taken."""

    def __init__(self, options: dict, seed: int, mix: float = 0.3):
        self.options = options
        self.session = session = Session.start("initiative", seed=seed, options=options)
        bot, pick = make_bot(get("initiative"), "sensible"), random.Random(seed)
        self.steps = [([e.to_data() for e in session.history[0]], session.view(None))]     # the set-up's events
        self.decisions = []
        while session.outcome is None:
            decision = session.decision
            if decision is None:
                events = session.advance()
            else:
                events = []
                for seat in session.waiting()[:decision.needed]:
                    legal = decision.legal[seat]
                    action = pick.choice(legal) if pick.random() < mix else session.bot_action(seat, bot)
                    asked = {"kind": decision.kind, "prompt": copy.deepcopy(decision.prompt), "legal": decision.legal}
                    self.decisions.append((seat, asked, frozen(session.view(seat)), action))
                    events = session.submit(seat, action)
            self.steps.append(([e.to_data() for e in events], frozen(session.view(None))))

    def events(self):
        for events, view in self.steps:
            for event in events:
                yield event, view


@pytest.fixture(scope="module")
def games() -> list[Game]:
    """The games of CONFIGS, played once for this module when a test first asks (not at collection, and
    freed after the module: held for the whole session they slowed every later test's garbage collection)."""
    return [Game(options, seed) for options, seed in CONFIGS]


def clean(text: str, lang: str) -> list[str]:
    """What is wrong with a line: ids, brackets or placeholders; in ja and ru, English words."""
    found = RAW_ID.findall(text)
    if lang != "en":
        found += LATIN_WORD.findall(text)
    return found


# Events too rare for the games above (a stray minion, both lanes won at once, a token on a spawn point, …),
# written as the engine emits them (the 4-player game of `four` below names the heroes).
SAMPLES = [
    {"kind": "clear", "rule": "F-A6", "hero": 0, "spaces": [[12, 4], [13, 4]]},
    {"kind": "both_would_win", "rule": "G1-8", "claims": [["red", "F-W2"], ["blue", "F-W1"]], "zones": ["causeway"]},
    {"kind": "minion_not_respawned", "rule": "F-L2", "team": "red", "type": "melee", "space": [12, 4],
     "spawn_points": 4, "present": 4},
    {"kind": "minion_returns", "rule": "F-L1", "minion": 3, "team": "red", "to": [11, 4], "from": [9, 3],
     "by_path": True},
    {"kind": "minion_returns", "rule": "F-L1", "minion": 3, "team": "red", "to": [11, 4], "from": [9, 3],
     "by_path": False},
    {"kind": "token_removed", "rule": "A1-7", "hero": 1, "space": [25, 4], "token": "rubble"},
    {"kind": "token_removed", "rule": "P1-10", "space": [12, 4], "token": "rubble", "why": "a minion respawns here"},
    {"kind": "minion_removed", "rule": "F-K5", "minion": 2, "team": "red", "type": "heavy", "space": [12, 4],
     "why": "no empty space in the Battle Zone"},
    {"kind": "victory", "rule": "F-W1", "team": "blue"},
    # card text on minions (P1-21): only a user's cards do it, the starter heroes do not
    {"kind": "minion_moved", "rule": "S1-R16", "hero": 0, "minion": 3, "to": [11, 4], "from": [12, 4],
     "card": "brannoc_gold"},
    {"kind": "minion_pushed", "rule": "S1-R16", "hero": 0, "minion": 3, "spaces": 1, "to": [11, 4],
     "card": "brannoc_gold"},
    {"kind": "minion_removed", "rule": "F-K5", "minion": 2, "team": "red", "type": "heavy", "space": [12, 4],
     "why": "card"},
    {"kind": "target", "rule": "P1-21", "hero": 0, "minion": 3, "card": "brannoc_gold"},
    {"kind": "last_push", "rule": "G1-8", "counts": {"red": 2, "blue": 1}},
    {"kind": "ultimate", "rule": "F-V3", "hero": 0, "card": "brannoc_ultimate", "level": 8},
    {"kind": "active_effect", "rule": "P1-5", "hero": 0, "card": "brannoc_green1", "at": "end_of_turn"},
    # issue 23: F-D3 without a card that may defend, F-D4 a block that does not hold, F-K1 effects ended, G1-6
    {"kind": "no_defense", "rule": "F-D3", "hero": 1, "attack": 4, "why": "empty_hand"},
    {"kind": "no_defense", "rule": "F-D3", "hero": 1, "attack": 4, "why": "none_may_defend"},
    {"kind": "defend", "rule": "F-D4", "hero": 0, "card": "brannoc_blue1", "defense": 5, "attack": 4, "defended": False},
    {"kind": "effect_cancelled", "rule": "F-K1", "hero": 0, "by": 1, "stat": "movement", "amount": -1,
     "card": "isra_green1"},
    {"kind": "no_action", "rule": "G1-6", "hero": 1, "at_defeat": True},
    {"kind": "ceiling", "rule": "P1-14", "red": 3, "blue": 2, "reached": "rounds", "most": 60},
    {"kind": "ceiling", "rule": "P1-14", "red": 2, "blue": 2, "reached": "answers", "most": 6000},
]


@pytest.mark.parametrize("lang", LANGS)
def test_every_event_is_described_in_every_language(lang, four, games):
    kinds = set()
    for game in games:
        for event, view in game.events():
            text = describe(event, view, lang) + because(event, lang)
            assert text and text != message("ilog", "other", lang, kind=event["kind"]), event
            assert not clean(text, lang), (event, text, clean(text, lang))
            kinds.add(event["kind"])
    assert len(kinds) >= 75, sorted(KINDS - kinds)
    for event in SAMPLES:
        text = describe(event, four, lang)
        assert text and text != message("ilog", "other", lang, kind=event["kind"]), event
        assert not clean(text, lang), (event, text, clean(text, lang))
        kinds.add(event["kind"])
    assert kinds == set(KINDS), sorted(KINDS - kinds)


def test_every_reason_has_words_of_its_own(games):
    seen = 0
    for game in games:
        for event, _ in game.events():
            for reason in event.get("reasons") or []:
                seen += 1
                assert known_reason(reason), reason
    assert seen > 50


@pytest.mark.parametrize("lang", LANGS)
def test_every_legal_action_of_every_decision_met_has_words(lang, games):
    kinds = set()
    for game in games:
        for seat, decision, view, _ in game.decisions:
            kinds.add(decision["kind"])
            for action in decision["legal"][seat]:
                text = action_words(action, view, lang)
                assert text and text != message("iaction", "other", lang), (action, text)
                if action[0] == "space":                 # every space answer says what the space is for
                    assert text != message("iaction", "space", lang, space=space_words(action[1], view["board"], lang))
                assert not clean(text, lang), (action, text, clean(text, lang))
    assert kinds == {"choose", "choose_card", "choose_order", "choose_action", "choose_target", "defend", "respawn",
                     "deploy"}


@pytest.mark.parametrize("lang", LANGS)
def test_every_decision_met_has_a_status_line(lang, games):
    prompts = set()
    for game in games:
        for seat, decision, view, _ in game.decisions:
            text = decision_words(view, seat, decision, lang)
            assert text and text != message("istatus", "other", lang), (decision["kind"], decision["prompt"], text)
            assert not clean(text, lang), (decision["prompt"], text, clean(text, lang))
            prompts.add((decision["kind"], decision["prompt"].get("kind") or decision["prompt"].get("draft")
                         or decision["prompt"].get("step")))
    assert {("choose", "pick"), ("choose", "ban"), ("choose_card", None), ("choose_card", "level_up"),
            ("choose_order", "order"), ("respawn", "respawn"), ("choose_action", "act"), ("choose_target", "text"),
            ("defend", "defend"), ("choose_target", "minion_remove")} <= prompts


def test_the_defence_total_shown_is_the_total_the_defence_reaches(games):
    """At every defence with a card, the total the buttons promised (from the defender's view) is the one the
    engine's `defend` event then reports."""
    checked = 0
    for game in games:
        answers = [(view, decision["prompt"], action) for _, decision, view, action in game.decisions
                   if decision["kind"] == "defend" and action[0] == "defend"]
        reports = [event for event, _ in game.events() if event["kind"] == "defend"]
        assert len(answers) == len(reports)
        for (view, prompt, action), event in zip(answers, reports):
            assert event["card"] == action[1]
            assert defence_total(view, prompt, action[1]) == event["defense"], (prompt, event)
            checked += 1
    assert checked > 20


def test_a_card_played_face_down_is_never_named(games):
    for game in games:
        for event, view in game.events():
            if event["kind"] != "played":
                continue
            text = describe(event, view, "en").replace(hero_label(view, event["hero"], "en"), "")
            hero = view["heroes"][event["hero"]]
            assert not [c for c, card in view["cards"].items() if c.startswith(hero["hero"] + "_")
                        and card_name(card, "en") in text], text


def engine_kinds() -> set:
    """Every event kind the ruleset's source emits: emit("kind", …) and the kinds its text machine's stop() gives."""
    found = set()
    for path in (ROOT / "engine" / "rulesets" / "initiative").glob("*.py"):
        source = path.read_text("utf-8")
        found |= set(re.findall(r"""\bemit\(\s*"(\w+)\"""", source))
        found |= set(re.findall(r"""\bevent: str = "(\w+)\"""", source))
        found |= set(re.findall(r"""\bstop\([^()]*"(\w+)"\)""", source))
    return found


def test_the_words_know_every_event_kind_the_engine_emits():
    assert len(engine_kinds()) > 80
    assert engine_kinds() == set(KINDS)


# --- exact sentences, so that a wrong field is caught ---------------------------------------------------------

@pytest.fixture(scope="module")
def four():
    """A 4-player game on Saltmarsh Crossing with the heroes named."""
    session = Session.start("initiative", seed=0, options={"players": 4},
                            setup={"heroes": ["brannoc", "isra", "nim", "gorm"]})
    return session.view(None)


def test_names_seats_and_spaces(four):
    assert [seat_words(s, four, "en") for s in range(4)] == ["Red 1", "Blue 1", "Red 2", "Blue 2"]
    assert [seat_words(s, four, "ja") for s in range(2)] == ["赤1", "青1"]
    assert seat_words(3, four, "ru") == "«Синий 2»"
    assert hero_name(four, 2, "en") == "Nim Reedknife"
    assert hero_label(four, 2, "en") == "Nim Reedknife (Red 2)"
    assert hero_label(four, 1, "ru") == "Исра Чаячье Крыло («Синий 1»)"
    # odd-r offset column·row from 1: axial (12, 4) is column 15 of the file's row 5 ("…mmm…" of the Causeway)
    assert space_words([12, 4], four["board"], "en") == "Causeway 15·5"
    assert space_words([-1, 5], four["board"], "en") == "Red Throne 2·6"
    assert card_name(four["cards"]["brannoc_gold"], "ja") == "櫂の一撃"


def test_exact_english_sentences(four):
    def en(**event):
        return describe(event, four, "en")
    assert en(kind="played", rule="S1-R3", hero=2, seat=2, on_board=True) == "Nim Reedknife (Red 2) plays a card face down."
    assert en(kind="attack_total", rule="F-D1", hero=0, target=1, attack=6, printed=4) == \
        "Brannoc the Breakwater (Red 1)'s attack total against Isra Gullwing (Blue 1) is 6 (printed 4)."
    assert en(kind="defend", rule="F-D2", hero=1, card="isra_silver", defense=5, attack=6, defended=False) == \
        f"Isra Gullwing (Blue 1) defends with {card_name(four['cards']['isra_silver'], 'en')}: Defense 5 against " \
        "attack 6, not enough."
    assert en(kind="move", rule="F-A1", hero=3, to=[12, 4], action="secondary") == \
        "Gorm Sluicemaster (Blue 2) moves to Causeway 15·5."
    assert en(kind="tie", rule="S1-R9", heroes=[0, 1], initiative=7, coin="blue") == \
        "Brannoc the Breakwater (Red 1), Isra Gullwing (Blue 1) tie at initiative 7 across the teams: the coin " \
        "shows Team Blue, which goes first."
    assert en(kind="minion_defeated", rule="F-A5", minion=8, team="blue", type="heavy", space=[12, 4], by=2) == \
        "Nim Reedknife (Red 2) defeats the Blue heavy minion at Causeway 15·5."
    assert en(kind="coins", rule="F-K2", hero=2, coins=1, why="assist") == "Nim Reedknife (Red 2) gains 1 assist coin."
    assert en(kind="life", rule="F-K3", team="blue", spent=1, left=3) == "Team Blue spends 1 life counter: 3 left."
    assert en(kind="victory", rule="F-W3", team="red") == \
        "Team Red wins: the enemy team has spent its last life counter."
    assert en(kind="upgrade", rule="F-V2", hero=0, colour="green", tier=2, item="radius", items={"radius": 1}) == \
        "Brannoc the Breakwater (Red 1) takes a tier Ⅱ card into hand; the other of its pair goes under the dashboard " \
        "as a Radius item."
    assert en(kind="effect", rule="S1-R16", hero=1, stat="defense", amount=-1, duration="next_turn",
              card="brannoc_gold") == \
        f"Isra Gullwing (Blue 1) gets -1 Defense next turn ({card_name(four['cards']['brannoc_gold'], 'en')})."
    assert en(kind="flip", rule="S1-R10", hero=3, seat=3, coin="red") == \
        "Blue 2 flips the coin after Gorm Sluicemaster (Blue 2)'s card: it now shows Team Red."
    assert describe({"kind": "ban", "rule": "P1-9", "team": "red", "hero": "tova"}, four, "ru") == \
        "Команда «Красные» запрещает героя: Това Смотрительница Маяка."
    assert because({"kind": "tie", "reasons": [{"why": "the tie-breaker coin shows this team", "rule": "S1-R9",
                                                 "team": "blue"}]}, "en") == \
        " — because: the tie-breaker coin shows Team Blue (S1-R9)"


def test_issue_23_defence_and_defeat_sentences(four):
    """F-D3 (asked nothing), F-D4 (a block that does not hold), F-K1 (an effect ended at defeat), G1-6."""
    def line(**event):
        return describe(event, four, "en")
    assert line(kind="no_defense", rule="F-D3", hero=1, attack=4, why="empty_hand") == \
        "Isra Gullwing (Blue 1) has no card in hand to defend against the attack of 4: defeated at once."
    assert line(kind="no_defense", rule="F-D3", hero=1, attack=4, why="chosen") == \
        "Isra Gullwing (Blue 1) does not defend against the attack of 4."
    blue1 = card_name(four["cards"]["brannoc_blue1"], "en")
    assert line(kind="defend", rule="F-D4", hero=0, card="brannoc_blue1", defense=5, attack=4, defended=False) == \
        f"Brannoc the Breakwater (Red 1) reveals {blue1}, but its block does not hold against this attack: not " \
        f"stopped, whatever its number."
    green1 = card_name(four["cards"]["isra_green1"], "en")
    assert line(kind="effect_cancelled", rule="F-K1", hero=0, by=1, stat="movement", amount=-1,
                card="isra_green1") == \
        f"Isra Gullwing (Blue 1) is defeated: its effect on Brannoc the Breakwater (Red 1) (-1 Movement, {green1}) " \
        f"ends at once."
    assert line(kind="no_action", rule="G1-6", hero=1, at_defeat=True) == \
        "Isra Gullwing (Blue 1)'s card resolves at once, without an action, and leaves the initiative order."
    view = dict(four, pending={"kind": "defend", "hero": 0, "attacker": 1, "attack": 4, "ranged": False,
                               "minions": 0, "resume": {},
                               "cards": {"brannoc_blue1": {"total": 5, "blocks": False, "defends": False}}})
    assert action_words(["defend", "brannoc_blue1"], view, "en") == \
        f"Defend with {blue1}: its block does not hold, defeat"


def test_exact_buttons_and_status_lines(four):
    # The defender's view carries the engine's preview of each card (combat.defence_preview): words only read it.
    view = dict(four, pending={"kind": "defend", "hero": 1, "attacker": 0, "attack": 5, "ranged": False,
                               "minions": -1, "resume": {},
                               "cards": {"isra_silver": {"total": 5, "blocks": False},
                                         "isra_gold": {"total": 3, "blocks": False}}})
    view["heroes"] = [dict(h) for h in four["heroes"]]
    view["heroes"][1] = dict(view["heroes"][1], hand=["isra_gold", "isra_silver"], items={"defense": 1})
    silver, gold = view["cards"]["isra_silver"], view["cards"]["isra_gold"]
    assert defence_total(view, view["pending"], "isra_silver") == 5
    assert action_words(["defend", "isra_silver"], view, "en") == f"Defend with {card_name(silver, 'en')}: Defense 5, enough"
    assert action_words(["defend", "isra_gold"], view, "en") == f"Defend with {card_name(gold, 'en')}: Defense 3, not enough"
    assert action_words(["no_defense"], view, "en") == "No defence"
    assert action_words(["fast_travel", [12, 4], "primary"], view, "en") == "Fast Travel to Causeway 15·5"
    assert action_words(["first", 3], view, "en") == "Gorm Sluicemaster (Blue 2) acts first"
    assert action_words(["pick", "maren"], view, "en") == "Pick Maren Tidereader"
    assert decision_words(view, 1, {"kind": "defend", "prompt": view["pending"],
                                    "legal": {1: [["defend", "isra_silver"], ["no_defense"]]}}, "en") == (
        f"Brannoc the Breakwater (Red 1) attacks Isra Gullwing (Blue 1) with an attack total of 5. Defend with a card "
        f"(Defense totals: {card_name(silver, 'en')} 5, enough) or take "
        f"no defence. Minions next to you: -1 to Defense, counted in.")
    returning = dict(four, pending={"kind": "minion_return", "team": "red", "minion": 3, "spaces": [[12, 4], [12, 5]]})
    assert decision_words(returning, 0, {"kind": "choose_target", "prompt": returning["pending"],
                                         "legal": {0: [["space", [12, 4]], ["space", [12, 5]]]}}, "en") == \
        "The Red melee minion at Causeway 14·5 is outside the Battle Zone and returns: choose one of the equally " \
        "near spaces."
    assert action_words(["space", [12, 4]], returning, "en") == "Return it to Causeway 15·5"

    class Decision:
        kind, prompt = "choose_order", {"kind": "order", "team": "red", "heroes": [0, 2], "flip": True}
        legal = {0: [["first", 0], ["first", 2]]}
    assert decision_words(view, 0, Decision, "en") == (
        "Tie across the teams: the tie-breaker coin shows Team Red, so your team acts first. Choose which of "
        "Brannoc the Breakwater (Red 1), Nim Reedknife (Red 2) acts; its player flips the coin afterwards.")


def test_every_way_a_game_ends_has_its_reason_in_words():
    """The outcome line ("Team Red wins …: REASON") reads a [reason] entry per ending rule; without one it
    would show the engine's English sentence on every page. The rules are those the engine ends games by."""
    import re
    from pathlib import Path

    from engine.rulesets import get
    from ui.words import messages

    source = "".join(path.read_text("utf-8") for path in Path("engine/rulesets/initiative").glob("*.py"))
    ending = set(re.findall(r'"(F-W\d|P1-\d+)"', "\n".join(
        line for line in source.splitlines() if "Outcome." in line or "claims.append" in line or 'emit("victory"' in line
        or "_by_life(game" in line)))
    assert ending == {"F-W1", "F-W2", "F-W3", "P1-4", "P1-14"}
    for rule in ending:
        assert rule in get("initiative").catalogue
        entry = messages()["reason"][rule]
        assert set(entry) == {"en", "ja", "ru"} and all(entry.values())
