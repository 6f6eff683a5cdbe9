"""The card-effect language (G1-2): card text as a list of small steps built from the keyword list.

A card's `effect` is a list of tables, each one step:

    {do = "move", up_to = 1, optional = true, when = "before_attack"}

`do` names the keyword; `when` says at which moment of the action it applies (F-A1 for movement
cards: "now", i.e. before moving; F-D2 steps 1 and 7 for attacks: "before_attack", "after_attack";
"on_defend" for Defense text, F-D2 step 4; "always" for an ultimate while its hero is on the board;
the active-effect moments "next_turn_after_cards" and "end_of_turn"); `optional` marks "you may /
up to / if able" (F-A7: other steps are mandatory and stop the action when they cannot be done).

Minions (P1-21): a step acting on "the target" (move who=target, push, remove) may say which units it
takes: `unit = "minion"` (only a minion), `"unit"` (a hero or a minion), `"hero"` (the default: the
cards' "an adjacent enemy hero", P1-7); `side = "any"` lets it take a friendly minion too (default
"enemy"); its `radius` is how far the target may be (default adjacent). `remove` (F-K5: no coins) takes
only a minion. An immune heavy minion is never taken (F-D7), and moving or pushing a minion never makes
the lane push (spec §4): a minion left outside its Battle Zone returns at once (F-L1).

This module checks steps (one-line problems through engine.core.carddata); text.py performs them on a
game (a resumable machine that asks the acting player for every choice), actions.py holds the automatic ones.
"""

from ...core.carddata import Problems, got, show

WHEN = ("now", "before_attack", "after_attack", "on_defend", "always", "next_turn_after_cards", "end_of_turn")
DURATIONS = ("this_turn", "this_round", "next_turn", "while_on_board")     # the last: ultimates
STATS = ("attack", "defense", "initiative", "movement", "range", "radius")
WHO = ("self", "target", "friendly_in_radius", "enemy_in_radius")
MARKERS = ("poison",)
TOKENS = ("rubble",)
MAX_STEPS = 8

# do -> {parameter: allowed values (a tuple) or an integer range (low, high) as a list}
STEPS = {
    "move": {"who": ("self", "target"), "up_to": [1, 6]},            # movement in text: never Fast Travel (F-A2)
    "push": {"distance": [1, 6]},                                     # straight away from this hero
    "place": {"who": ("self",), "range": [1, 6]},                     # into an empty space: not movement
    "swap": {"with": ("target", "friendly_in_radius")},
    "marker": {"marker": MARKERS, "who": ("target", "enemy_in_radius")},
    "token": {"token": TOKENS, "range": [1, 4]},                      # an obstacle from the hero's supply
    "modify": {"stat": STATS, "amount": [-5, 5], "duration": DURATIONS, "who": WHO},
    "coins": {"amount": [1, 4]},
    "remove": {},                                                     # the target minion off the board (F-K5)
    "repeat": {"times": [1, 2]},                                      # the whole action again (F-A8)
    "choose": {"options": None},                                      # modal bullets: lists of steps (F-A8)
}
REQUIRED = {"move": ("up_to",), "push": ("distance",), "place": ("range",), "swap": ("with",),
            "marker": ("marker",), "token": ("token", "range"), "modify": ("stat", "amount", "duration"),
            "coins": ("amount",), "repeat": ("times",), "choose": ("options",), "remove": ()}
COMMON = ("do", "when", "optional", "radius")
UNITS = ("hero", "minion", "unit")          # what "the target" of a step may be (P1-21)
SIDES = ("enemy", "any")
# the steps that may take a minion as their target, with `unit` and `side` (P1-21)
ON_UNITS = {"move": lambda step: step.get("who") == "target", "push": lambda step: True,
            "remove": lambda step: True}


def takes_minions(step: dict) -> bool:
    """True when the step's target may be a minion (P1-21): `remove`, or `unit` "minion" / "unit"."""
    return step["do"] == "remove" or step.get("unit") in ("minion", "unit")


def check_steps(steps, where: str, field_name: str, problems: Problems, allowed_when=WHEN, depth: int = 0) -> list:
    """`steps` when it is a well-formed list of effect steps, else [] (each problem noted)."""
    if not isinstance(steps, list) or not 1 <= len(steps) <= MAX_STEPS:
        problems.add(where, field_name, f"must be a list of 1 to {MAX_STEPS} effect steps")
        return []
    good = []
    for index, step in enumerate(steps):
        name = f"{field_name}[{index}]"
        if not isinstance(step, dict) or not isinstance(step.get("do"), str) or step["do"] not in STEPS:
            problems.add(where, f"{name}.do", f"must be one of {', '.join(STEPS)}; got "
                                              f"{got(step, 'do') if isinstance(step, dict) else show(step)}")
            continue
        if _check_step(step, where, name, problems, allowed_when, depth):
            good.append(step)
    return good if len(good) == len(steps) else []


def _check_step(step: dict, where: str, name: str, problems: Problems, allowed_when, depth: int) -> bool:
    count = len(problems.lines)
    schema = STEPS[step["do"]]
    for key in step:
        if key not in schema and key not in COMMON and key not in ("unit", "side"):
            problems.add(where, f"{name}.{str(key)[:30]}", f"unknown parameter for {step['do']}")
    for key in REQUIRED[step["do"]]:
        if key not in step:
            problems.add(where, f"{name}.{key}", f"{step['do']} needs {key}")
    if "when" in step and step["when"] not in allowed_when:
        problems.add(where, f"{name}.when", f"must be one of {', '.join(allowed_when)}; got {got(step, 'when')}")
    if "optional" in step and not isinstance(step["optional"], bool):
        problems.add(where, f"{name}.optional", f"must be true or false; got {got(step, 'optional')}")
    if "radius" in step and not _whole(step["radius"], 1, 4):
        problems.add(where, f"{name}.radius", f"must be a whole number from 1 to 4; got {got(step, 'radius')}")
    for key, allowed in (("unit", UNITS), ("side", SIDES)):
        if key in step and (step[key] not in allowed or not ON_UNITS.get(step["do"], lambda _: False)(step)
                            or (key == "side" and not takes_minions(step))):
            problems.add(where, f"{name}.{key}", f"must be one of {', '.join(allowed)}, on a step acting on the target "
                                                 f"(move who = target, push, remove); got {got(step, key)}")
    if step["do"] == "remove" and step.get("unit", "minion") != "minion":
        problems.add(where, f"{name}.unit", "remove takes only a minion (F-K5)")
    who = step.get("who")
    if who in ("friendly_in_radius", "enemy_in_radius") and "radius" not in step:
        problems.add(where, f"{name}.radius", f"{who} needs a radius")
    for key, allowed in schema.items():
        if key not in step or allowed is None:
            continue
        value = step[key]
        if isinstance(allowed, list):
            if not _whole(value, *allowed):
                problems.add(where, f"{name}.{key}", f"must be a whole number from {allowed[0]} to {allowed[1]}; got {show(value)}")
        elif value not in allowed or isinstance(value, bool):
            problems.add(where, f"{name}.{key}", f"must be one of {', '.join(allowed)}; got {show(value)}")
    if step["do"] == "choose" and "options" in step:
        options = step["options"]
        if depth > 0 or not isinstance(options, list) or not 2 <= len(options) <= 4:
            problems.add(where, f"{name}.options", "must be a list of 2 to 4 bullets, each a list of steps, not nested")
        else:
            for bullet, option in enumerate(options):
                check_steps(option, where, f"{name}.options[{bullet}]", problems, allowed_when, depth + 1)
    return len(problems.lines) == count


def _whole(value, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high
