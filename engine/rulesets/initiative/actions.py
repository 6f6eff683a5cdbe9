"""A hero's one action (S1-R14…R20, F-A1…F-A8), the attack and its defence (F-D1…F-D7), defeat (F-K1…F-K5).

Actions, as a seat sends them:
    ["respawn", [q, r]] | ["decline"]                  before acting, off the board (S1-R18…R20)
    ["hold"]                                           F-A4 (every card, S1-R17)
    ["move", "primary"]                                F-A1: the text first, then the destination (text.py)
    ["move", [q, r], "secondary"]                      F-A1 (no text)
    ["fast_travel", [q, r], "primary"|"secondary"]     F-A2 (replaces a movement action)
    ["attack"]                                         F-A5 (primary): "before the attack" text, then the target
    ["clear", [[q, r], …]]                             F-A6 (replaces an attack action): tokens next to the hero
    ["skill"]                                          F-A3 (a skill or defense/skill primary, F-D5)
    ["defend", card] | ["no_defense"]                  the attacked hero's seat, mid-attack (F-D2 step 3)
The text of a primary action and the action's own steps run in text.py (answers of decision choose_target).
"""

from itertools import combinations

from ...core.outcome import Outcome
from . import hexes, lane, levelling, stats
from .resolution import resolve_card
from .state import Game, HeroState, other

ASSIST = (1, 1, 1, 2, 2, 2, 3, 3)       # F-K2: assist coins by the defeated hero's level


def _hex(value) -> tuple:
    return (value[0], value[1])


# --- respawn (S1-R18…R20, A1-7) ----------------------------------------------------------------------

def respawn_spaces(game: Game, hero: HeroState) -> list:
    """S1-R18: empty own spawn points (A1-7 remove_token: one holding only a token counts); else S1-R19: the
    nearest empty spaces next to one of them."""
    obstacles = game.obstacles()
    spawns = game.board.hero_spawns[hero.team]
    tokens = {tuple(t["space"]) for t in game.tokens} if game.opts["spawn_token"] == "remove_token" else set()
    free = [h for h in spawns if h not in obstacles or (h in tokens and game.hero_at(h) is None)]
    if free:
        return free
    spaces = game.board.spaces
    best, found = None, []
    for spawn in spawns:
        far = hexes.distances(spawn, spaces)
        for h, d in far.items():
            if d >= 1 and h not in obstacles and (best is None or d <= best):
                if best is None or d < best:
                    best, found = d, []
                found.append(h)
    return sorted(set(found))


def respawn_options(game: Game, hero: HeroState) -> list:
    """Where the hero may respawn, and S1-R20's decline."""
    return [["respawn", list(h)] for h in respawn_spaces(game, hero)] + [["decline"]]


def respawn(game: Game, action) -> None:
    """S1-R18/R19: the hero returns on the chosen space, then acts (A1-4); S1-R20: declined, no action."""
    hero = game.heroes[game.pending["hero"]]
    if action[0] == "decline":
        game.log.emit("decline_respawn", "S1-R20", hero=hero.index)
        resolve_card(game)
        return
    space = _hex(action[1])
    token = game.token_at(space)
    if token is not None:                                  # A1-7 remove_token: the token goes first, then the hero
        game.tokens.remove(token)
        game.log.emit("token_removed", "A1-7", hero=hero.index, space=list(space), token=token["token"])
    hero.position = space
    spawn = hero.position in game.board.hero_spawns[hero.team]
    game.log.emit("respawn", "S1-R18" if spawn else "S1-R19", hero=hero.index, space=list(hero.position))
    if game.opts["act_after_respawn"]:
        game.pending = {"kind": "act", "hero": hero.index}
    else:
        game.log.emit("respawn_is_the_action", "A1-4", hero=hero.index)
        resolve_card(game)


# --- the one action (S1-R14…R17, F-A1…F-A6) ------------------------------------------------------

def enemies_in_reach(game: Game, hero: HeroState, card) -> list:
    """F-A5: enemy heroes adjacent (non-ranged, whatever the Radius) or within Range (ranged); no line of sight."""
    reach = stats.attack_range(game, hero, card)
    return [h.index for h in game.heroes if h.team != hero.team and h.position is not None
            and hexes.distance(h.position, hero.position) <= reach]


def fast_travel_spaces(game: Game, hero: HeroState) -> list:
    """F-A2: any empty space of this zone or an adjacent one, when neither zone holds an enemy unit."""
    board = game.board
    here = board.zone_of[hero.position]
    enemy_zones = {board.zone_of[h.position] for h in game.heroes if h.team != hero.team and h.position} \
        | {board.zone_of[tuple(m["space"])] for m in game.minions if m["team"] != hero.team}
    if here in enemy_zones:
        return []
    zones = [z for z in board.zones if z == here or (z not in enemy_zones and z in board.neighbour_zones[here])]
    obstacles = game.obstacles()
    return sorted(h for z in zones for h in board.zones[z].spaces if h not in obstacles)


def move_spaces(game: Game, hero: HeroState, steps: int) -> list:
    """F-A1: spaces reachable in up to `steps` moves, never through or into an obstacle (staying included)."""
    blocked = game.obstacles() - {hero.position}
    return sorted(hexes.reachable(hero.position, game.board.spaces, blocked, steps))


def attack_possible(game: Game, hero: HeroState, card) -> bool:
    """An attack is offered when an enemy is in reach now, or when its "before the attack" text may move the
    hero first (F-D2 step 1: the target is picked after that move)."""
    if enemies_in_reach(game, hero, card) or lane.targets(game, hero, stats.attack_range(game, hero, card)):
        return True
    return any(s.get("when", "now") in ("now", "before_attack") and s["do"] in ("move", "place", "swap", "choose")
               for s in card.effect)


def clear_options(game: Game, hero: HeroState) -> list:
    """F-A6: every non-empty set of the tokens next to the hero (tokens only: Clear touches no minion)."""
    near = sorted(tuple(t["space"]) for t in game.tokens if hexes.distance(tuple(t["space"]), hero.position) == 1)
    return [["clear", [list(h) for h in chosen]] for size in range(1, len(near) + 1)
            for chosen in combinations(near, size)]


def act_options(game: Game, hero: HeroState) -> list:
    """S1-R14/R15/R17: the card's primary action, each secondary, Hold and the replacements (Fast Travel, Clear)."""
    card = game.content.cards[game.played[hero.index]]
    found = [["hold"]]
    primary = card.primary
    if primary == "attack":
        if attack_possible(game, hero, card):
            found.append(["attack"])
        found += clear_options(game, hero)             # F-A6: Clear replaces the attack action
    elif primary in ("skill", "defense_skill"):
        found.append(["skill"])                      # F-D5: a defense/skill card is a skill once played
    elif primary == "movement":
        found.append(["move", "primary"])            # F-A1: the text, then the destination
        found += [["fast_travel", list(h), "primary"] for h in fast_travel_spaces(game, hero)]
    if "movement" in card.secondaries:
        steps = stats.movement(game, hero, card, False)
        found += [["move", list(h), "secondary"] for h in move_spaces(game, hero, steps)]
        found += [["fast_travel", list(h), "secondary"] for h in fast_travel_spaces(game, hero)]
    return found


def action_rule(card, action) -> str:
    """The rule that makes this the hero's one action (S1-R14): the card's primary (S1-R14 itself), a
    secondary printed on it (S1-R15), or Hold, Fast Travel and Clear, the secondaries without icons (S1-R17)."""
    kind = action[0]
    if kind in ("hold", "fast_travel", "clear"):
        return "S1-R17"
    if kind == "move" and action[-1] == "secondary":
        return "S1-R15"
    return "S1-R14"


def act(game: Game, action) -> None:
    """Perform the chosen action; the card text applies only with the primary (S1-R16), through text.py."""
    from . import text
    hero = game.heroes[game.pending["hero"]]
    card = game.content.cards[game.played[hero.index]]
    kind = action[0]
    game.log.emit("action", action_rule(card, action), hero=hero.index, action=kind)
    if kind == "hold":
        game.log.emit("hold", "F-A4", hero=hero.index)
    elif kind == "move" and action[1] == "primary":
        game.log.emit("movement", "F-A1", hero=hero.index, card=card.id)
        text.start(game, hero.index, card, "move")
        return
    elif kind == "move":
        hero.position = _hex(action[1])
        game.log.emit("move", "F-A1", hero=hero.index, to=list(hero.position), action=action[2])
    elif kind == "fast_travel":
        hero.position = _hex(action[1])
        game.log.emit("fast_travel", "F-A2", hero=hero.index, to=list(hero.position))
    elif kind == "clear":
        spaces = [_hex(h) for h in action[1]]
        game.tokens = [t for t in game.tokens if tuple(t["space"]) not in spaces]
        game.log.emit("clear", "F-A6", hero=hero.index, spaces=[list(h) for h in spaces])
    elif kind == "skill":
        game.log.emit("skill", "F-A3" if card.primary == "skill" else "F-D5", hero=hero.index, card=card.id)
        text.start(game, hero.index, card, "skill")
        return
    elif kind == "attack":
        text.start(game, hero.index, card, "attack")
        return
    resolve_card(game)


# --- automatic text steps (the others need a choice: text.py) ---------------------------------------

def _affected(game: Game, hero: HeroState, step: dict, target: HeroState | None, card) -> list:
    who = step.get("who", "self")
    if who == "self":
        return [hero]
    if who == "target":
        return [target] if target is not None and target.position is not None else []
    friendly = who == "friendly_in_radius"       # keywords: "friendly" never includes yourself
    reach = stats.radius(game, hero, card, step["radius"])
    return [h for h in game.heroes if h is not hero and h.position is not None
            and (h.team == hero.team) == friendly and hexes.distance(h.position, hero.position) <= reach]


def _modify(game, hero, card, step, target) -> None:
    """An active effect on a stat for its duration (keywords: This Turn / This Round / Next Turn)."""
    t = stats.now(game)
    last_of_round = game.round * 4
    start, end = {"this_turn": (t, t), "next_turn": (t + 1, t + 1), "this_round": (t, last_of_round),
                  "while_on_board": (t, 10 ** 6)}[step["duration"]]
    for other_hero in _affected(game, hero, step, target, card):
        # F-A8: at most one instance of an active effect exists per card
        other_hero.effects = [e for e in other_hero.effects if not (e["card"] == card.id and e["stat"] == step["stat"])]
        other_hero.effects.append({"stat": step["stat"], "amount": step["amount"], "start": start, "end": end,
                                   "card": card.id})
        game.log.emit("effect", "S1-R16", hero=other_hero.index, stat=step["stat"], amount=step["amount"],
                      duration=step["duration"], card=card.id)


def _marker(game, hero, card, step, target) -> None:
    for other_hero in _affected(game, hero, step, target, card):
        other_hero.markers.append(step["marker"])
        game.log.emit("marker", "S1-R16", hero=other_hero.index, marker=step["marker"], card=card.id)


def _push(game, hero, card, step, target) -> bool:
    """Keywords, Push X: straight away from the pusher, as far as possible (possibly 0 spaces)."""
    if target is None or target.position is None:
        return False
    direction = hexes.direction_to(hero.position, target.position)
    if direction is None:                            # not in a straight line: "as far as possible" is 0 spaces
        game.log.emit("push", "S1-R16", hero=target.index, spaces=0, to=list(target.position))
        return True
    obstacles = game.obstacles()
    moved = 0
    while moved < step["distance"]:
        there = hexes.add(target.position, direction)
        if there not in game.board.spaces or there in obstacles:
            break
        target.position = there
        moved += 1
    game.log.emit("push", "S1-R16", hero=target.index, spaces=moved, to=list(target.position))
    return True


def _coins(game, hero, card, step, target) -> None:
    hero.coins += step["amount"]
    game.log.emit("coins", "S1-R16", hero=hero.index, coins=step["amount"], why="text", card=card.id)


STEP_DOERS = {"modify": _modify, "marker": _marker, "push": _push, "coins": _coins}


# --- attack and defence (F-A5, F-D1…F-D7) ----------------------------------------------------------

def ask_defence(game: Game, m: dict) -> bool:
    """F-D2 steps 2–3: the target still in reach (else the attack fails), then its seat may discard a card."""
    from . import text
    hero, card = game.heroes[m["hero"]], game.content.cards[m["card"]]
    if m.get("minion") is not None:                        # F-A5: an attacked minion is simply defeated
        minion = lane.by_id(game, m["minion"])
        if minion is None or hexes.distance(tuple(minion["space"]), hero.position) > stats.attack_range(game, hero, card):
            text.stop(game, m, {"do": "_defend"}, "F-D2", "the target is no longer in reach", "attack_fails")
        else:
            lane.defeat(game, minion, hero)
        return True
    target = game.heroes[m["target"]]
    if target.position is None or hexes.distance(target.position, hero.position) > stats.attack_range(game, hero, card):
        text.stop(game, m, {"do": "_defend"}, "F-D2", "the target is no longer in reach", "attack_fails")
        return True
    total = stats.attack_total(game, hero, card)
    levelling.cite_item(game, hero, card, "attack")
    game.log.emit("attack_total", "F-D1", hero=hero.index, target=target.index, attack=total, printed=card.value)
    minions, parts = lane.defence_modifier(game, target)           # F-D2 step 2, once, before the card (A1-9)
    if parts:
        game.log.emit("minion_modifiers", "F-D6", hero=target.index, total=minions, minions=parts)
    game.pending = {"kind": "defend", "hero": target.index, "attacker": hero.index,
                    "attack": total, "ranged": card.ranged, "minions": minions, "resume": m}
    return True


def defend_options(game: Game, hero: HeroState) -> list:
    """F-D2 step 3/F-D3: one card of the hand (never a played one) or none; P1-2 which cards may defend."""
    cards = game.content.cards
    usable = [c for c in sorted(hero.hand) if game.opts["defend_cards"] == "any" or cards[c].defense is not None]
    return [["defend", c] for c in usable] + [["no_defense"]]


def defend(game: Game, action) -> None:
    """F-D2 steps 3–4: reveal and discard a card; a Defense primary's text (F-D5 too) runs in the defender's
    text machine, whose last step is the total (steps 5–6); then the attack goes on (text.py)."""
    from . import text
    pending = game.pending
    target = game.heroes[pending["hero"]]
    defense = {"card": None, "attack": pending["attack"], "ranged": pending["ranged"], "attacker": pending["attacker"],
               "minions": pending.get("minions", 0)}
    steps = [{"do": "_defense_total"}]
    card = None
    if action[0] == "defend":
        card = game.content.cards[action[1]]
        target.hand.remove(card.id)
        target.discard.append(card.id)
        defense["card"] = card.id
        if card.primary in ("defense", "defense_skill"):                          # F-D2 step 4 (F-D5)
            steps = [dict(s) for s in card.effect if s.get("when") == "on_defend"] + steps
    m = text.machine(target.index, card, "defend", steps,
                     defense=defense, resume=pending["resume"])
    m["target"] = pending["attacker"]
    game.pending = m
    text.run(game)


def defence_total(game: Game, m: dict) -> None:
    """F-D2 steps 5–6: the Defense total against the attack total; a block (F-D4); no card (F-D3); defeat."""
    defense = m["defense"]
    target, attacker = game.heroes[m["hero"]], game.heroes[defense["attacker"]]
    if defense["card"] is None:
        game.log.emit("no_defense", "F-D3", hero=target.index, attack=defense["attack"])
        defended = False
    else:
        card = game.content.cards[defense["card"]]
        total = stats.defense_total(game, target, card) + defense.get("minions", 0)      # F-D6
        levelling.cite_item(game, target, card, "defense")
        blocked = card.block == ("ranged_attack" if defense["ranged"] else "melee_attack")
        defended = blocked or total >= defense["attack"]
        game.log.emit("defend", "F-D4" if blocked else "F-D2", hero=target.index, card=card.id, defense=total,
                      attack=defense["attack"], defended=defended)
    if not defended:
        defeat(game, target, attacker)


def defeat(game: Game, hero: HeroState, attacker: HeroState) -> None:
    """F-K1…F-K3: off the board, card to resolve without action, coins, assists, life counters; F-W3."""
    hero.position = None
    hero.effects, hero.markers = [], []                       # A1-8: the markers it carries
    game.scheduled = [e for e in game.scheduled if e["hero"] != hero.index]   # its active effects are cancelled
    if hero.index in game.unresolved and hero.index != game.acting:
        game.no_action.add(hero.index)
    game.log.emit("defeated", "F-K1", hero=hero.index, by=attacker.index)
    attacker.coins += hero.level
    game.log.emit("coins", "F-K2", hero=attacker.index, coins=hero.level, why="defeat")
    for friend in game.heroes:
        if friend.team == attacker.team and friend is not attacker:
            friend.coins += ASSIST[hero.level - 1]
            game.log.emit("coins", "F-K2", hero=friend.index, coins=ASSIST[hero.level - 1], why="assist")
    tier = 1 if hero.level <= 3 else 2 if hero.level <= 6 else 3
    game.life[hero.team] = max(0, game.life[hero.team] - tier)
    game.log.emit("life", "F-K3", team=hero.team, spent=tier, left=game.life[hero.team])
    if game.life[hero.team] == 0:
        winner = other(hero.team)
        game.result = Outcome.team_win(winner, sorted({h.seat for h in game.heroes if h.team == winner}),
                                       f"team {hero.team} spent its last life counter", "F-W3")
        game.phase = "over"
        game.log.emit("victory", "F-W3", team=winner)
