"""The card-text machine (S1-R16, F-A7, F-A8): a primary action's text and its own parts as a list of steps,
performed in order, pausing whenever the acting player must choose. Resumable: everything it needs is in
`game.pending` as plain data.

    {"kind": "text", "hero": i (who chooses), "card": card id, "action": "attack"|"skill"|"move"|"defend"|"scheduled",
     "steps": [step, …] (the remaining ones; the first is the current one), "target": hero index | null,
     "instance": 0 (1, 2 … for repeats, F-A8), "again": repeats still allowed, "repeat_optional": bool,
     "moment": the current step's `when`, "defense": {…} (defend only), "resume": the attacker's machine (defend only)}

Steps are effects.py's (their `when` = the moment) and the action's own parts, named with a leading "_":
`_target` (F-A5: pick the attacked hero), `_defend` (F-D2 step 3), `_attack_end` (steps 8–9),
`_defense_total` (steps 5–6, F-D3/F-D4), `_move` (F-A1: the primary movement, after the text), `_repeat` (F-A8).

Answers (decision kind `choose_target`, prompt = the pending machine plus `ask` and the current `step`):
    ["space", [q, r]]   where a move / place / token / the movement goes
    ["hero", i]         the target (attack or text), or the friendly hero to swap with
    ["token", [q, r]]   which own token to take back from the board when the supply is empty (P1-6)
    ["bullet", n]       a modal bullet, 0-based (F-A8)
    ["repeat"]          perform the whole action again (F-A8)
    ["skip"]            an optional step ("you may / up to / if able", F-A7) is not done
"""

from ...core.decision import Decision
from . import combat, hexes, lane, stats
from .effects import takes_minions
from .resolution import resolve_card
from .state import Game

SCHEDULED = ("next_turn_after_cards", "end_of_turn")
TARGETED = ("push", "remove")


# --- building the step lists -------------------------------------------------------------------

def refers_to_target(step: dict) -> bool:
    """True when a step acts on "the target" (so the target must be picked first)."""
    if step["do"] == "choose":
        return any(refers_to_target(s) for bullet in step["options"] for s in bullet)
    if step["do"] in TARGETED:
        return True
    if step["do"] == "swap":
        return step["with"] == "target"
    return step.get("who") == "target"


def primary_steps(card, action: str) -> list:
    """The steps of one instance of a primary action, in the order the rules apply them."""
    effect = [dict(s) for s in card.effect]
    later = [s for s in effect if s.get("when") in SCHEDULED]
    if action == "attack":                               # F-D2: before (the target picked when first needed), defend, after
        before = [s for s in effect if s.get("when", "now") in ("now", "before_attack")]
        after = [s for s in effect if s.get("when") == "after_attack"]
        at = next((i for i, s in enumerate(before) if refers_to_target(s)), len(before))
        return before[:at] + [{"do": "_target"}] + before[at:] + [{"do": "_defend"}] + after + later \
            + [{"do": "_attack_end"}]
    if action == "skill":                                # F-A3; F-D5: a defense/skill card's text applies either way
        return [s for s in effect if s.get("when", "now") in ("now", "on_defend") + SCHEDULED]
    return [s for s in effect if s.get("when", "now") in ("now",) + SCHEDULED] + [{"do": "_move"}]   # F-A1


def machine(hero: int, card, action: str, steps: list, **extra) -> dict:
    """A new text machine (the pending prompt's data)."""
    return {"kind": "text", "hero": hero, "card": card.id if card else None, "action": action, "steps": steps, "target": None,
            "minion": None, "instance": 0, "again": 0, "repeat_optional": False, "moment": None, **extra}


def start(game: Game, hero: int, card, action: str) -> None:
    """Begin a primary action's text (S1-R16) and run it until a choice is needed or it ends."""
    game.pending = machine(hero, card, action, primary_steps(card, action))
    run(game)


# --- what the current step asks ----------------------------------------------------------------

def _card(game: Game, m: dict):
    return game.content.cards[m["card"]]


def _free(game: Game, spaces) -> list:
    obstacles = game.obstacles()
    return sorted(h for h in spaces if h in game.board.spaces and h not in obstacles)


def skill_targets(game: Game, hero) -> list:
    """P1-7: "the target" of a text that is not an attack is an adjacent enemy hero (the cards' words)."""
    return [h.index for h in game.heroes if h.team != hero.team and h.position is not None
            and hexes.distance(h.position, hero.position) == 1]


def unit_targets(game: Game, hero, step: dict, m: dict) -> list:
    """The answers for "the target" of a text step: an adjacent enemy hero (P1-7); for a step that takes
    minions (P1-21), the minions within its radius (adjacent without one; enemy ones unless side = "any"),
    never an immune heavy (F-D7), and the enemy heroes within it too when unit = "unit"."""
    if not takes_minions(step):
        return [["hero", i] for i in skill_targets(game, hero)]
    reach = _reach(game, hero, step, m)
    heroes = [["hero", h.index] for h in game.heroes if step.get("unit") == "unit" and h.team != hero.team
              and h.position is not None and hexes.distance(h.position, hero.position) <= reach]
    return heroes + [["minion", x["id"]] for x in _minions_near(game, hero, step, reach) if not lane.immune(game, x)]


def _reach(game: Game, hero, step: dict, m: dict) -> int:
    """How far a minion-taking step reaches: its radius (with Radius items and effects, F-V5), else adjacent."""
    return stats.radius(game, hero, _card(game, m), step["radius"]) if "radius" in step else 1


def _minions_near(game: Game, hero, step: dict, reach: int) -> list:
    """The minions a step could take by side and reach, immune or not, by id."""
    return sorted((x for x in game.minions if (x["team"] != hero.team or step.get("side") == "any")
                   and hexes.distance(tuple(x["space"]), hero.position) <= reach), key=lambda x: x["id"])


def _target_minion(game: Game, m: dict):
    """The minion a text step acts on, when it is still on the board and not immune (F-D7); else None."""
    minion = lane.by_id(game, m.get("minion"))
    return None if minion is None or lane.immune(game, minion) else minion


def supply_left(game: Game, hero, kind: str) -> int:
    """P1-6: a hero's supply of a token kind, less its tokens of that kind on the board."""
    return game.opts["token_supply"] - sum(1 for t in game.tokens if t["hero"] == hero.index and t["token"] == kind)


def ask(game: Game, m: dict) -> tuple:
    """(what the answer means, the legal answers) for the current step; (None, None) when it is automatic.
    An empty list means the step cannot be done."""
    step = m["steps"][0]
    hero = game.heroes[m["hero"]]
    do = step["do"]
    optional = [["skip"]] if step.get("optional") else []
    if step.get("when") in SCHEDULED:
        return None, None                                 # kept for later (P1-5)
    if hero.position is None and not do.startswith("_"):
        return "step", []                                 # a hero off the board does nothing more
    if not do.startswith("_") and do != "choose" and refers_to_target(step) and m["target"] is None \
            and m.get("minion") is None:
        return "target", unit_targets(game, hero, step, m) + optional
    if do == "_target":
        card = _card(game, m)
        reach = stats.attack_range(game, hero, card)
        return "step", [["hero", h.index] for h in game.heroes if h.team != hero.team and h.position is not None
                        and hexes.distance(h.position, hero.position) <= reach] \
            + [["minion", i] for i in lane.targets(game, hero, reach)]          # F-A5: a unit; F-D7
    if do == "_move":
        steps = stats.movement(game, hero, _card(game, m), True)
        blocked = game.obstacles() - {hero.position}
        return "step", [["space", list(h)] for h in sorted(hexes.reachable(hero.position, game.board.spaces,
                                                                             blocked, steps))]
    if do == "_repeat":
        return "step", [["repeat"]] + optional
    if takes_minions(step) and m.get("minion") is not None:         # P1-21: the step acts on a minion
        minion = _target_minion(game, m)
        if minion is None:
            return "step", optional                   # defeated (an attacked minion, P1-11), removed or immune
        if do == "move":
            here = tuple(minion["space"])
            spaces = hexes.reachable(here, game.board.spaces, game.obstacles() - {here}, step["up_to"])
            return "step", [["space", list(h)] for h in sorted(spaces)] + optional
        return None, None                             # push, remove: no choice
    if takes_minions(step) and step.get("unit", "minion") == "minion":
        return "step", optional                       # the target is a hero: a minion step cannot be done
    if m.get("minion") is not None and refers_to_target(step) and do in ("move", "swap"):
        return "step", []                                 # the attacked minion is defeated: nothing to move (P1-11)
    if do == "move":
        mover = hero if step.get("who", "self") == "self" else game.heroes[m["target"]]
        if mover.position is None:
            return "step", optional if optional else []
        blocked = game.obstacles() - {mover.position}
        spaces = sorted(hexes.reachable(mover.position, game.board.spaces, blocked, step["up_to"]))
        return "step", [["space", list(h)] for h in spaces] + optional
    if do == "place":
        spaces = [h for h in _free(game, hexes.within(hero.position, step["range"])) if h != hero.position]
        return "step", [["space", list(h)] for h in spaces] + optional
    if do == "swap" and step["with"] == "friendly_in_radius":
        card = _card(game, m)
        radius = stats.radius(game, hero, card, step.get("radius") or card.radius or 1)
        return "step", [["hero", h.index] for h in game.heroes if h is not hero and h.team == hero.team
                        and h.position is not None and hexes.distance(h.position, hero.position) <= radius] + optional
    if do == "token":
        if supply_left(game, hero, step["token"]) <= 0:
            own = sorted(tuple(t["space"]) for t in game.tokens if t["hero"] == hero.index and t["token"] == step["token"])
            return "take", [["token", list(h)] for h in own] + optional
        return "step", [["space", list(h)] for h in _free(game, hexes.within(hero.position, step["range"]))] + optional
    if do == "choose":
        allowed = [["bullet", n] for n, bullet in enumerate(step["options"]) if _possible(game, m, bullet[0])]
        return "step", allowed + optional
    return None, None


def _possible(game: Game, m: dict, step: dict) -> bool:
    """Whether a bullet's first step could be done now (F-A8: choose among the allowed bullets)."""
    trial = dict(m, steps=[dict(step, when=m["steps"][0].get("when", "now"))])
    kind, answers = ask(game, trial)
    if kind is None:
        return _doable(game, trial, step)
    return any(a != ["skip"] for a in answers)


def _doable(game: Game, m: dict, step: dict) -> bool:
    """Whether an automatic step can be done (a step on the target needs the target on the board)."""
    if takes_minions(step) and m.get("minion") is not None:
        return _target_minion(game, m) is not None
    if refers_to_target(step) and step["do"] != "choose":
        target = m["target"]
        return target is not None and game.heroes[target].position is not None
    return True


def decide(game: Game, kind: str) -> Decision:
    """S1-R16, F-A7, F-A8: the player whose text runs chooses for its current step; the prompt is the machine
    plus what is asked now."""
    m = game.pending
    seat = game.heroes[m["hero"]].seat
    asked, answers = ask(game, m)
    return Decision((seat,), {seat: answers}, "choose_target", {**m, "ask": asked, "step": dict(m["steps"][0])})


# --- running ----------------------------------------------------------------------------------

def run(game: Game) -> None:
    """Perform automatic steps until a choice is needed, another prompt takes over, or the action ends."""
    while game.result is None:
        m = game.pending
        if m is None or m["kind"] != "text":
            return
        if not m["steps"]:
            finish(game, m)
            continue
        step = m["steps"][0]
        if m["action"] != "scheduled":
            m["moment"] = step.get("when", "action" if step["do"].startswith("_") else "now")
        kind, answers = ask(game, m)
        if kind is None:
            m["steps"].pop(0)
            if not perform(game, m, step):
                cannot(game, m, step)
            continue
        if not answers or answers == [["skip"]]:
            if step["do"] == "_target":
                stop(game, m, step, "F-D2", "no enemy hero in reach: the attack fails", "attack_fails")
            else:
                m["steps"].pop(0)
                cannot(game, m, step)
            continue
        return                                           # the acting player chooses (decision choose_target)


def cannot(game: Game, m: dict, step: dict) -> None:
    """F-A7: an optional step that cannot be done is skipped; a mandatory one stops the action."""
    if step.get("optional"):
        game.log.emit("skip", "F-A7", hero=m["hero"], card=m["card"], step=step["do"], why="cannot")
    else:
        stop(game, m, step, "F-A7", "a mandatory step cannot be done")


def stop(game: Game, m: dict, step: dict, rule: str, why: str, event: str = "text_stops") -> None:
    """The action stops at this step: the remaining steps are skipped (only the defence's total still counts)."""
    game.log.emit(event, rule, hero=m["hero"], card=m["card"], step=step["do"], why=why)
    m["steps"] = [s for s in m["steps"] if s["do"] == "_defense_total"]
    m["again"] = 0


def finish(game: Game, m: dict) -> None:
    """The instance is done: offer a repeat (F-A8), resume the attack a defence interrupted, or resolve the card."""
    if m["again"] > 0:
        m["again"] -= 1
        m["steps"].append({"do": "_repeat", "optional": m["repeat_optional"]})
    elif "resume" in m:
        game.pending = m["resume"]
    elif m["action"] == "scheduled":
        game.pending = None
    else:
        resolve_card(game)


def answer(game: Game, action) -> None:
    """Apply the acting player's answer to the current step, then go on."""
    m = game.pending
    step = m["steps"][0]
    kind, _ = ask(game, m)
    hero = game.heroes[m["hero"]]
    if action[0] == "skip":
        m["steps"].pop(0)
        if step["do"] == "_repeat":
            m["again"] = 0
        game.log.emit("skip", "F-A7", hero=hero.index, card=m["card"], step=step["do"], why="chosen")
    elif kind == "target" and action[0] == "minion":                  # P1-21: a minion-taking step
        m["minion"] = action[1]
        game.log.emit("target", "P1-21", hero=hero.index, minion=action[1], card=m["card"])
        _cite_immune(game, hero, step, m)
    elif kind == "target":
        m["target"] = action[1]
        game.log.emit("target", "P1-7", hero=hero.index, target=action[1], card=m["card"])
        if takes_minions(step):
            _cite_immune(game, hero, step, m)
    elif kind == "take":
        token = game.token_at(action[1])
        game.tokens.remove(token)
        game.log.emit("token_back", "P1-6", hero=hero.index, token=token["token"], space=list(token["space"]))
    else:
        m["steps"].pop(0)
        chosen(game, m, step, action)
    run(game)


def _cite_immune(game: Game, hero, step: dict, m: dict) -> None:
    """F-D7: the heavy minions the step could have taken but for their immunity, told once the target is chosen."""
    shielded = [x["id"] for x in _minions_near(game, hero, step, _reach(game, hero, step, m)) if lane.immune(game, x)]
    if shielded:
        game.log.emit("immune", "F-D7", hero=hero.index, minions=shielded)


def chosen(game: Game, m: dict, step: dict, action) -> None:
    """A step performed with the player's choice."""
    hero = game.heroes[m["hero"]]
    do = step["do"]
    where = tuple(action[1]) if action[0] in ("space", "token") else None
    if do == "_target":
        reach = stats.attack_range(game, hero, _card(game, m))
        shielded = [x["id"] for x in game.minions if x["team"] != hero.team and lane.immune(game, x)
                    and hexes.distance(tuple(x["space"]), hero.position) <= reach]
        if shielded:                                     # F-D7: in reach, but immune
            game.log.emit("immune", "F-D7", hero=hero.index, minions=shielded)
    if do == "_target" and action[0] == "minion":                # F-A5: a minion is a unit (P1-11)
        m["minion"] = action[1]
        card = _card(game, m)
        game.log.emit("attack", "F-A5", hero=hero.index, minion=action[1], card=card.id, ranged=card.ranged)
    elif do == "_target":
        m["target"] = action[1]
        card = _card(game, m)
        game.log.emit("attack", "F-A5", hero=hero.index, target=action[1], card=card.id, ranged=card.ranged)
    elif do == "_move":
        hero.position = where
        game.log.emit("move", "F-A1", hero=hero.index, to=list(where), action="primary")
    elif do == "_repeat":
        m["instance"] += 1
        m["target"], m["minion"] = None, None
        m["steps"] = primary_steps(_card(game, m), m["action"])
        game.log.emit("repeat", "F-A8", hero=hero.index, card=m["card"], instance=m["instance"])
    elif do == "move" and takes_minions(step) and m.get("minion") is not None:      # P1-21
        minion = lane.by_id(game, m["minion"])
        start = list(minion["space"])
        minion["space"] = list(where)
        game.log.emit("minion_moved", "S1-R16", hero=hero.index, minion=minion["id"], to=list(where),
                      card=m["card"], **{"from": start})
        lane.return_strays(game, m)                      # F-L1 at once; moving a minion never pushes the lane
    elif do == "move":                                   # movement in text: never Fast Travel (F-A2)
        mover = hero if step.get("who", "self") == "self" else game.heroes[m["target"]]
        mover.position = where
        game.log.emit("move", "F-A1", hero=mover.index, to=list(where), text=True, card=m["card"])
    elif do == "place":                                  # keywords: place is not movement
        hero.position = where
        game.log.emit("place", "S1-R16", hero=hero.index, to=list(where), card=m["card"])
    elif do == "swap":
        _swap(game, hero, game.heroes[action[1]], m)
    elif do == "token":
        game.tokens.append({"space": list(where), "token": step["token"], "hero": hero.index})
        game.log.emit("token", "S1-R16", hero=hero.index, token=step["token"], space=list(where), card=m["card"])
    elif do == "choose":
        bullet = step["options"][action[1]]
        m["steps"][:0] = [{"when": step.get("when", "now"), **s} for s in bullet]     # a bullet's own moment wins
        game.log.emit("bullet", "F-A8", hero=hero.index, card=m["card"], bullet=action[1])


def _swap(game: Game, hero, other, m: dict) -> None:
    hero.position, other.position = other.position, hero.position
    game.log.emit("swap", "S1-R16", hero=hero.index, other=other.index, card=m["card"])


def perform(game: Game, m: dict, step: dict) -> bool:
    """An automatic step; False when it cannot be done."""
    hero = game.heroes[m["hero"]]
    if step.get("when") in SCHEDULED:
        schedule(game, m, step)
        return True
    do = step["do"]
    if do == "_defend":
        if not combat.ask_defence(game, m):
            stop(game, m, step, "F-D2", "the target is no longer in reach", "attack_fails")
        return True
    if do == "_attack_end":
        game.log.emit("attack_end", "F-D2", hero=hero.index, target=m["target"])
        return True
    if do == "_defense_total":
        combat.defence_total(game, m)
        return True
    if do == "repeat":
        if m["instance"] > 0 or m["action"] not in ("attack", "skill", "move"):
            game.log.emit("not_repeated", "F-A8", hero=hero.index, card=m["card"])
        else:
            m["again"], m["repeat_optional"] = step["times"], bool(step.get("optional"))
        return True
    if takes_minions(step) and m.get("minion") is not None:              # push, remove a minion (P1-21)
        if not _doable(game, m, step):
            return False
        minion = lane.by_id(game, m["minion"])
        (_push_minion if do == "push" else _remove_minion)(game, hero, minion, step, m)
        return True
    if m.get("minion") is not None and refers_to_target(step) and do in ("marker", "modify"):
        game.log.emit("no_effect", "P1-11", hero=hero.index, minion=m["minion"], step=do, card=m["card"])
        return True                                      # P1-11: a minion carries no marker or stat effect
    if not _doable(game, m, step):
        return False
    target = game.heroes[m["target"]] if m["target"] is not None else None
    if do == "swap":
        _swap(game, hero, target, m)
        return True
    return combat.STEP_DOERS[do](game, hero, _card(game, m), step, target) is not False


def _push_minion(game: Game, hero, minion: dict, step: dict, m: dict) -> None:
    """Keywords, Push X, on a minion: straight away from the pusher, as far as possible; a minion left outside
    its Battle Zone returns at once (F-L1), and a push never results from it (spec §4 LANE_PUSH)."""
    here = tuple(minion["space"])
    direction = hexes.direction_to(hero.position, here)
    obstacles, moved = game.obstacles(), 0
    while direction is not None and moved < step["distance"]:
        there = hexes.add(here, direction)
        if there not in game.board.spaces or there in obstacles:
            break
        here, moved = there, moved + 1
    minion["space"] = list(here)
    game.log.emit("minion_pushed", "S1-R16", hero=hero.index, minion=minion["id"], spaces=moved, to=list(here),
                  card=m["card"])
    lane.return_strays(game, m)


def _remove_minion(game: Game, hero, minion: dict, step: dict, m: dict) -> None:
    """F-K5: "remove" takes the minion off the board and pays no coins; the team's last minion in its Battle
    Zone removed makes the lane push at once (spec §4 LANE_PUSH)."""
    lane.remove(game, minion, "card")
    lane.gone(game, minion["team"], minion["lane"])


# --- active effects due later (P1-5) -------------------------------------------------------------

def schedule(game: Game, m: dict, step: dict) -> None:
    """A "Next turn, after playing cards" / "End of turn" step: kept to run once at that moment."""
    turn = stats.now(game) + (1 if step["when"] == "next_turn_after_cards" else 0)
    last = game.scheduled[-1] if game.scheduled else None
    if last and last["hero"] == m["hero"] and last["card"] == m["card"] and last["at"] == step["when"] \
            and last["turn"] == turn:
        last["steps"].append(dict(step, when="now"))
        return
    if any(e["hero"] == m["hero"] and e["card"] == m["card"] and e["at"] == step["when"] and e["turn"] == turn
           for e in game.scheduled):
        return                                           # F-A8: one instance of an active effect per card
    game.scheduled.append({"hero": m["hero"], "card": m["card"], "at": step["when"], "turn": turn,
                           "steps": [dict(step, when="now")]})
    game.log.emit("scheduled", "P1-5", hero=m["hero"], card=m["card"], at=step["when"], turn=turn)


def due(game: Game, moment: str) -> list:
    """The scheduled effects due now, in P1-5's order: the coin's team first, then hero order."""
    t = stats.now(game)
    found = [e for e in game.scheduled if e["at"] == moment and e["turn"] == t]
    return sorted(found, key=lambda e: (game.heroes[e["hero"]].team != game.coin, e["hero"]))


def run_due(game: Game, moment: str) -> None:
    """Start the first effect due at this moment (there is one: `due`)."""
    entry = due(game, moment)[0]
    game.scheduled.remove(entry)
    hero = game.heroes[entry["hero"]]
    game.log.emit("active_effect", "P1-5", hero=hero.index, card=entry["card"], at=moment)
    card = game.content.cards[entry["card"]]
    if hero.position is not None:
        game.pending = machine(hero.index, card, "scheduled", [dict(s) for s in entry["steps"]], moment=moment)
        run(game)
