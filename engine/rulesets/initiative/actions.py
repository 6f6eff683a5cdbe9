"""A hero's one action (S1-R14…R20, F-A1…F-A8) and the defender's answer (F-D2 step 3): the decisions and their
answers (the turn's asks, turn.py); the attack meeting the defence and defeat run in combat.py, the card text
in text.py.

Actions, as a seat sends them:
    ["respawn", [q, r]] | ["decline"]                  before acting, off the board (S1-R18…R20)
    ["hold"]                                           F-A4 (every card, S1-R17)
    ["move", "primary"]                                F-A1: the text first, then the destination (text.py)
    ["move", [q, r], "secondary"]                      F-A1 (no text)
    ["fast_travel", [q, r], "primary"|"secondary"]     F-A2 (replaces a movement action)
    ["attack"]                                         F-A5 (primary): "before the attack" text, then the target
    ["clear", [[q, r], …]]                             F-A6 (replaces an attack action): tokens next to the hero
    ["skill"]                                          F-A3 (a skill or defense/skill primary, F-D5)
    ["defend", card] | ["no_defense"]                  the attacked hero's seat, mid-attack (F-D2 step 3); not asked
                                                       when no card may defend (F-D3: defeated at once, combat.py)
The text of a primary action and the action's own steps run in text.py (answers of decision choose_target).
"""

from itertools import combinations

from ...core.decision import Decision
from . import combat, hexes, lane, stats, text
from .resolution import resolve_card
from .state import Game, HeroState

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


def decide_respawn(game: Game, kind: str) -> Decision:
    """S1-R18…R20: the seat of the hero off the board chooses where it returns, or declines."""
    pending = game.pending
    hero = game.heroes[pending["hero"]]
    return Decision((hero.seat,), {hero.seat: respawn_options(game, hero)}, "respawn", dict(pending))


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


def decide_act(game: Game, kind: str) -> Decision:
    """S1-R14…R17: the acting hero's seat chooses its one action."""
    pending = game.pending
    hero = game.heroes[pending["hero"]]
    return Decision((hero.seat,), {hero.seat: act_options(game, hero)}, "choose_action",
                    {**pending, "card": game.played[hero.index]})


def act(game: Game, action) -> None:
    """Perform the chosen action; the card text applies only with the primary (S1-R16), through text.py."""
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


def decide_defence(game: Game, kind: str) -> Decision:
    """F-D2 step 3: the attacked hero's seat discards a card that may defend, or none; the prompt shows each
    card's total (F-D3/F-D4, combat.defence_preview)."""
    pending = game.pending
    hero = game.heroes[pending["hero"]]
    return Decision((hero.seat,), {hero.seat: combat.defend_options(game, hero)}, "defend",
                    {**pending, "cards": combat.defence_preview(game, pending)})


def defend(game: Game, action) -> None:
    """F-D2 steps 3–4: reveal and discard a card; a Defense primary's text (F-D5 too) runs in the defender's
    text machine, whose last step is the total (steps 5–6); then the attack goes on (text.py)."""
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
