"""What an autobattle frame's events look like in motion: a timed list of effects, no DOM.

The renderer (ui/games/autobattle/renderer.py) draws each effect on the board's overlay layer or as a class
on a card. Keeping the plan free of the browser lets the tests check it on CPython: which attack
points where, which number shows, in what order, and that a frame's effects fit its autoplay pace.

Places name board spots, never pixels: ("cell", seat, index), ("leadership", seat),
("terrain", seat) and ("uid", uid) for a card found by its data-uid.
"""

from dataclasses import dataclass

# Relative lengths of what each event shows, in beats; one beat is scaled to the pace below.
BEATS = {"enter": 0.4, "terrain": 0.4, "equip": 0.3, "aura": 0.2, "attack": 1.0, "hit_ungar": 1.0,
         "damage": 0.5, "killed": 0.3, "fatigue": 0.6}
MIN_BEAT, MAX_BEAT = 0.08, 0.45     # seconds: readable at normal speed, still visible when very fast
SHARE_OF_PACE = 0.9                 # the effects of a frame end before autoplay shows the next one
ARRIVAL = 0.5                       # the share of an attack's beat after which the blow lands


@dataclass
class Effect:
    """One thing to show: `kind` at `start` seconds after the frame is drawn."""

    kind: str                       # shot | number | shake | enter | buff | death | pulse
    start: float
    place: tuple
    target: tuple | None = None     # where a shot points
    text: str = ""                  # a number's text
    card: str | None = None         # the card of a death (its ghost is drawn from it)
    life: int | None = None


def minus(amount: int) -> str:
    """A damage number as shown: a true minus sign, then the amount."""
    return f"\u2212{int(amount)}"


def _shot(event: dict, at: float, beat: float) -> list[Effect]:
    """An attack or a hit on the Ungar: the arrow, then the number (and a shake) where it lands."""
    seat, cell, amount = event["seat"], event["cell"], event.get("amount", 0)
    source = ("cell", seat, cell)
    if event["kind"] == "hit_ungar":
        target = ("leadership", 1 - seat)
        landed = [Effect("number", at + ARRIVAL * beat, target, text=minus(amount))]
    else:
        target = ("cell", 1 - seat, cell)
        landed = [Effect("number", at + ARRIVAL * beat, target, text=minus(amount)),
                  Effect("shake", at + ARRIVAL * beat, ("uid", event["target"]))]
    return [Effect("shot", at, source, target=target)] + landed


def _one(event: dict, at: float, beat: float, lives: dict, struck: set) -> list[Effect]:
    """The effects of one event starting at `at` seconds (none for events with nothing to show)."""
    kind = event["kind"]
    if kind in ("attack", "hit_ungar"):
        if kind == "attack":
            struck.add(event["target"])
        return _shot(event, at, beat)
    if kind == "enter":
        return [Effect("enter", at, ("uid", event["uid"]))]
    if kind == "terrain":
        return [Effect("pulse", at, ("terrain", event["seat"]))]
    if kind in ("equip", "aura"):
        uid = event.get("carrier", event["uid"]) if kind == "equip" else event["uid"]
        return [Effect("buff", at, ("uid", uid))]
    if kind == "damage":
        lives[event["uid"]] = event.get("life")
        if event["uid"] in struck:      # the blow an attack event already showed
            struck.discard(event["uid"])
            return []
        return [Effect("number", at, ("uid", event["uid"]), text=minus(event.get("amount", 0))),
                Effect("shake", at, ("uid", event["uid"]))]
    if kind == "killed":
        return [Effect("death", at, ("cell", event["seat"], event["cell"]), card=event.get("card"),
                       life=lives.get(event["uid"]))]
    if kind == "fatigue":
        return [Effect("number", at, ("leadership", event["seat"]), text=minus(event.get("amount", 0)))]
    return []


def timeline(events: list) -> tuple[float, list[Effect]]:
    """(length in beats, the effects with their start in beats), in the events' order."""
    effects: list[Effect] = []
    at, lives, struck = 0.0, {}, set()
    for event in events:
        shown = _one(event, at, 1.0, lives, struck)
        if shown:       # an event with nothing to show (or a blow its attack showed) takes no time
            effects += shown
            at += BEATS.get(event["kind"], 0)
    return at, effects


def plan(events: list, pace: float) -> tuple[float, list[Effect]]:
    """(seconds per beat, the effects in seconds, by start) so that the frame's effects fit in
    SHARE_OF_PACE of its autoplay interval `pace`, a beat kept between MIN_BEAT and MAX_BEAT."""
    length, effects = timeline(events)
    beat = MAX_BEAT if length <= 0 else max(MIN_BEAT, min(MAX_BEAT, pace * SHARE_OF_PACE / length))
    for effect in effects:
        effect.start = round(effect.start * beat, 3)
    return beat, sorted(effects, key=lambda effect: effect.start)
