"""The automaton's turn, S2-R9…R37 in the rules' order; `turn.py` declares its steps (each one
automatic `advance`): Active, Charge, Draw, Main (deployment), then one attack declaration at a time,
each followed by its after-attack step, then the end of the turn.

Every step emits events citing its rule, with the reasons behind each choice; a free choice
('whichever you like') is drawn from the game's seeded RNG and logged as free.
"""

from ...core.outcome import Outcome
from . import combat
from .abilities import activate, trigger, usable
from .combat import attack_total, end_game
from .damage import predict
from .field import attack_value, base_in_range, can_pay, defense_value, edge, may_attack, name_of, pay, targets
from .placing import place
from .state import AUTOMATON, PLAYER, Game, Unit

HAND_LIMIT = 3       # S2-R13


# --- (1) Active, (2) Charge, (3) Draw --------------------------------------------------------

def active(game: Game) -> None:
    """S2-R9: every automaton character in Defense position turns to Attack position."""
    side = game.sides[AUTOMATON]
    turned = [u.uid for u in side.characters() if u.position == "defense"]
    for unit in side.characters():
        unit.position = "attack"
        trigger(game, unit, "turn_start")
    game.log.emit("active", "S2-R9", side=AUTOMATON, turned=turned)


def charge(game: Game) -> None:
    """S2-R10: recover 10 AP; S2-R11 (A2-2, G2-9): AP above the ceiling heals, priority first."""
    side = game.sides[AUTOMATON]
    regen = game.opts["mp_regen"]
    if regen:
        for unit in side.characters():
            unit.mp = min(unit.defn.level, unit.mp + regen)
        game.log.emit("mp_regen", "G2-8", amount=regen)
    before = side.ap
    side.ap += 10
    game.log.emit("charge", "S2-R10", side=AUTOMATON, before=before, ap=side.ap)
    ceiling = game.opts["ap_ceiling"]
    if side.ap < 11:
        _no_heal(game, f"AP is {side.ap} after the charge: HP rises only at 11 AP or more", "low_ap")
        side.ap = min(side.ap, ceiling)
        return
    points = side.ap - ceiling if game.opts["charge_overflow"] == "convert" else 1
    side.ap = min(side.ap, ceiling)
    for _ in range(max(0, points)):
        if not _heal_one(game):
            _no_heal(game, "no character of the automaton is hurt", "none_hurt")
            game.log.emit("overflow_lost", "G2-9", points=points, ap=side.ap)
            break


def _no_heal(game: Game, why: str, because: str) -> None:
    """S2-R11: the Charge says why no HP rose, so the log never leaves a reader guessing."""
    ap = game.sides[AUTOMATON].ap
    game.log.emit("no_heal", "S2-R11", ap=ap, reasons=[{"why": why, "rule": "S2-R11", "no_heal": because, "ap": ap}])


def _heal_one(game: Game) -> bool:
    """S2-R11 (A2-11): +1 HP to the highest maximum HP, then lowest remaining HP; full HP is skipped."""
    side = game.sides[AUTOMATON]
    chars = side.units + ([side.commander] if side.commander and game.opts["heal_commander"] else [])
    hurt = [u for u in chars if u.hp < u.max_hp]
    if not hurt:
        return False
    best = min((-u.max_hp, u.hp) for u in hurt)
    tied = [u for u in hurt if (-u.max_hp, u.hp) == best]
    reasons = [{"why": f"{name_of(game, u)}: maximum HP {u.max_hp}, HP {u.hp}", "rule": "S2-R11", "uid": u.uid,
                "max_hp": u.max_hp, "hp": u.hp} for u in sorted(hurt, key=lambda u: ((-u.max_hp, u.hp), u.uid))]
    chosen = tied[0]
    if len(tied) > 1:
        chosen = game.rng.choice(tied)
        reasons.append({"why": f"free choice among {len(tied)} tied characters (seeded RNG)", "rule": "S2-R11",
                        "free": True})
    chosen.hp += 1
    game.log.emit("heal", "S2-R11", uid=chosen.uid, name=name_of(game, chosen), hp=chosen.hp, reasons=reasons)
    return True


def draw(game: Game) -> None:
    """S2-R12: draw the top card of the Base; S2-R13 (A2-3): a 4th card goes to Standby, 1 damage."""
    side = game.sides[AUTOMATON]
    if not side.deck:
        if game.opts["deck_out"] == "player_wins":
            end_game(game, Outcome.win(PLAYER, "the automaton's Base deck ran out", "G2-14"))
        else:
            game.log.emit("no_draw", "G2-14", side=AUTOMATON)
        return
    card = side.deck.pop()
    if len(side.hand) >= HAND_LIMIT:
        side.standby.append(card)
        if game.opts["overflow_damage"] == "player":
            player = game.sides[PLAYER]
            player.base_hp = max(0, player.base_hp - 1)
            game.log.emit("hand_overflow", "S2-R13", card=card.defn.id, to="player", hp=player.base_hp,
                          reasons=[{"why": "the player's Base takes 1 damage, no Guard or Commander", "rule": "A2-3"}])
        else:
            side.base_damage += 1
            game.log.emit("hand_overflow", "S2-R13", card=card.defn.id, to="automaton", total=side.base_damage,
                          reasons=[{"why": "the owner of the hand takes the damage", "rule": "A2-3"}])
            if side.base_damage >= game.opts["victory_damage"]:
                end_game(game, Outcome.win(PLAYER, f"{side.base_damage} damage dealt to the automaton's Base", "S2-R2"))
        return
    side.hand.append(card)
    game.drawn = card.uid
    game.log.emit("draw", "S2-R12", side=AUTOMATON, hand=len(side.hand), deck=len(side.deck))


# --- (4) Main: deploy and move ---------------------------------------------------------------

def main_phase(game: Game) -> None:
    """S2-R14: the Main Phase (Deploy, Move, Focus, Attack, abilities; never Growth or Swap)."""
    game.log.emit("main", "S2-R14", side=AUTOMATON, actions=["deploy", "move", "focus", "attack", "ability"])
    deploy_all(game, movers="all")
    if game.opts["ability_timing"] == "all_first":
        side = game.sides[AUTOMATON]
        for unit in _in_order(game, side.units):
            for ability in usable(game, unit, "spade"):
                activate(game, unit, ability, "S2-R37", [{"why": "♤ activated abilities come before every "
                                                                   "declaration", "rule": "A2-8"}])


def _deploy_order(game: Game) -> list:
    """A2-9: the drawn card first, then the rest of the hand in order ('drawn': the drawn card only)."""
    hand = game.sides[AUTOMATON].hand
    drawn = [c for c in hand if c.uid == game.drawn]
    if game.opts["deploy_from_hand"] == "drawn":
        return drawn
    return drawn + [c for c in hand if c.uid != game.drawn]


def deploy_all(game: Game, movers: str, rule: str = "S2-R15") -> None:
    """Deploy every deployable card of the hand (S2-R15, S2-R16), paying its cost (G2-6)."""
    side = game.sides[AUTOMATON]
    for card in _deploy_order(game):
        if not can_pay(game, AUTOMATON, card.defn.cost):
            game.log.emit("cannot_pay", "G2-6", card=card.defn.id, cost=card.defn.cost, ap=side.ap)
            continue
        square, reasons = _place_for(game, movers)
        if square is False:
            game.log.emit("no_room", "S2-R16", card=card.defn.id,
                          reasons=[{"why": "no square beside the Base can be freed by the routes", "rule": "S2-R17"}])
            return
        pay(game, AUTOMATON, card.defn.cost)
        side.hand.remove(card)
        place(game, AUTOMATON, card, square, rule, cost=card.defn.cost, ap=side.ap, reasons=reasons)
        game.log.emit("set_dice", "S2-R5", uid=card.uid, hp=card.defn.level, mp=card.defn.level)


def _place_for(game: Game, movers: str):
    """Where the next card goes: the Command Zone when empty, else a free square beside the Base,
    after advancing the routes when none is free (S2-R16..R19). False when nothing frees."""
    side, board = game.sides[AUTOMATON], game.board
    if side.commander is None:
        return None, [{"why": "the Command Zone is empty: deploy there first", "rule": "S2-R15"}]
    free = [sq for sq in board.beside[AUTOMATON] if game.occupant(sq) is None]
    reasons = []
    if not free:
        reasons.append({"why": "neither square beside the Base is free: move first", "rule": "S2-R16"})
        game.log.emit("make_room", "S2-R16", reasons=reasons[-1:])
        if not _advance_until(game, movers, need_free=1):
            return False, reasons
        _advance_until(game, movers, need_free=2)        # A2-4: keep one square around the Base empty
        free = [sq for sq in board.beside[AUTOMATON] if game.occupant(sq) is None]
    if len(free) > 1 and game.opts["deploy_side"] == "free":
        square = game.rng.choice(free)
        reasons.append({"why": "both squares beside the Base are free: free choice (seeded RNG)", "rule": "P2-16",
                        "free": True})
    else:
        square = free[0]
        why = "the free square beside the Base" if len(free) == 1 else "both free: the left (Command-Zone) side first"
        reasons.append({"why": why, "rule": "S2-R15" if len(free) == 1 else "P2-16"})
    return square, reasons


def _goal(game: Game, need_free: int) -> bool:
    """need_free=1: a square beside the Base is free; 2: and one square around the Base stays empty
    after the deployment takes one (A2-4)."""
    board = game.board
    beside = [sq for sq in board.beside[AUTOMATON] if game.occupant(sq) is None]
    if need_free == 1:
        return bool(beside)
    around = [sq for sq in board.around_base(AUTOMATON, game.opts["around_base"] == "adjacent")
              if game.occupant(sq) is None]
    return bool(beside) and len(around) >= 2


def _advance_until(game: Game, movers: str, need_free: int) -> bool:
    """S2-R17/R18: advance one route a square at a time, only as far as needed; True at the goal."""
    moved = False
    while not _goal(game, need_free):
        if not _advance_route(game, movers):
            break
        moved = True
    reached = _goal(game, need_free)
    if moved or not reached:                              # the log says why a square stays taken, too
        game.log.emit("moved_enough", "S2-R18", need=("a square beside the Base", "one square around the Base "
                                                      "kept empty")[need_free - 1], reached=reached)
    if moved:
        game.log.emit("move_cost", "S2-R19", ap=game.sides[AUTOMATON].ap,
                      reasons=[{"why": "the automaton's movement costs no AP", "rule": "S2-R19"}])
    return reached


def _advance_route(game: Game, movers: str) -> bool:
    """S2-R17: the route with fewer enemies on it moves its enemies one square toward the centre
    (a tie: a free choice). Only routes that can move and whose Base square is taken are candidates."""
    side = game.sides[AUTOMATON]
    counts, movable = {}, []
    for name, route in game.board.routes.items():
        counts[name] = sum(1 for sq in route if side.at(sq) is not None)
        if side.at(route[0]) is not None and _shift(game, route, movers, dry=True):
            movable.append(name)
    if not movable:
        return False
    fewest = min(counts[n] for n in movable)
    tied = [n for n in movable if counts[n] == fewest]
    reasons = [{"why": f"{n} route: {counts[n]} enemies", "rule": "S2-R17", "route": n, "count": counts[n]}
               for n in game.board.routes]
    chosen = tied[0]
    if len(tied) > 1:
        chosen = game.rng.choice(tied)
        reasons.append({"why": "both routes hold as many: free choice (seeded RNG)", "rule": "S2-R17", "free": True})
    route = game.board.routes[chosen]
    moves = _shift(game, route, movers, dry=False)
    moved = {m[0] for m in moves}
    stay = [u.uid for u in (side.at(sq) for sq in route) if u is not None and u.uid not in moved]
    reasons.append({"why": "only the characters in the way of freeing the square beside the Base move",
                    "rule": "S2-R18"})
    game.log.emit("route_advance", "S2-R17", route=chosen, moves=moves, stay=stay, reasons=reasons)
    return True


def _in_the_way(game: Game, route, movers: str) -> list[int] | None:
    """S2-R18 (A2-4, 「必要なだけ」): the route indices of the characters in the way of freeing the
    square beside the Base, i.e. the unbroken line of them from that square up to the first empty
    square; None when one of them may not move (the other side's, or in Defense position when
    `movers='attack'`, S2-R29) or the line reaches the centre with no empty square ahead."""
    side = game.sides[AUTOMATON]
    line = []
    for i, square in enumerate(route):
        if game.occupant(square) is None:
            return line
        unit = side.at(square)
        if unit is None or (movers == "attack" and unit.position != "attack"):
            return None
        line.append(i)
    return None


def _shift(game: Game, route, movers: str, dry: bool) -> list:
    """The characters in the way (S2-R18) each one square toward the centre, the front one first;
    characters further along the route stay where they are. [] when the line cannot move."""
    side = game.sides[AUTOMATON]
    moves = []
    for i in reversed(_in_the_way(game, route, movers) or []):
        unit = side.at(route[i])
        moves.append([unit.uid, list(route[i]), list(route[i + 1])])
        if not dry:
            unit.square = route[i + 1]
    return moves


# --- (4) Main: attacks, in the declaration order --------------------------------------------

def _in_order(game: Game, units) -> list[Unit]:
    order = game.board.declaration_order(game.opts["attack_order"] == "serpentine")
    rank = {sq: i for i, sq in enumerate(order)}
    return sorted((u for u in units if u.square in rank), key=lambda u: rank[u.square])


def next_attacker(game: Game) -> Unit | None:
    """S2-R20/R21: the next character in the declaration order that has not declared and may attack;
    None when every attack is done."""
    ready = [u for u in _in_order(game, game.sides[AUTOMATON].units) if not u.declared and may_attack(u)]
    if not ready:
        game.log.emit("attacks_done", "S2-R20", side=AUTOMATON)
        return None
    return ready[0]


def declare(game: Game, unit: Unit) -> None:
    """One character's declaration: its line and place in the order (S2-R20/R21), ♤ abilities (S2-R37),
    target (S2-R25, S2-R27), ATK or MAT (S2-R22), self-enhancement (S2-R23, S2-R24, S2-R28), then the
    combat (F2-5)."""
    side = game.sides[AUTOMATON]
    unit.declared = True
    front = unit.square in game.board.front_line
    if not any(u is not unit and u.declared and (u.square in game.board.front_line) == front for u in side.units):
        game.log.emit("line", "S2-R20", line="front" if front else "back",
                      reasons=[{"why": "the front line declares first, then the back line", "rule": "S2-R20"}])
    game.log.emit("attacker", "S2-R21", uid=unit.uid, name=name_of(game, unit), square=list(unit.square),
                  reasons=[{"why": "front line from the Exclusion-Zone side" if front else
                            "back line from the Standby-Zone side", "rule": "S2-R21"}])
    if game.opts["ability_timing"] == "per_character":
        for ability in usable(game, unit, "spade"):
            activate(game, unit, ability, "S2-R37", [{"why": "a ♤ activated ability comes before the declaration",
                                                      "rule": "S2-R37"}])
    if not can_pay(game, AUTOMATON, game.opts["attack_cost"]):
        game.log.emit("no_attack", "P2-5", uid=unit.uid, ap=side.ap)
        return
    target, invasion = choose_target(game, unit)
    if target is None:
        _focus(game, unit)
        return
    mode = choose_mode(game, unit, target)
    uses = choose_enhancement(game, unit, target, mode, invasion)
    pay(game, AUTOMATON, game.opts["attack_cost"])
    unit.mp -= uses
    attack = attack_total(unit, mode, uses)
    unit.focus = 0
    game.log.emit("declare", "F2-1", uid=unit.uid, name=name_of(game, unit), mode=mode, attack=attack,
                  target="base" if target == "base" else target.uid, ap=side.ap)
    combat.start(game, unit, mode, target, attack)


def choose_target(game: Game, unit: Unit):
    """S2-R25: adjacent, then same column, then lower HP, then lower deployment cost; else the Base
    (S2-R27 from the Invasion Zone ignoring range, or P2-17 within range). (target, via_invasion)."""
    chars = targets(game, unit)
    if chars:
        key = lambda t: (not game.board.adjacent(unit.square, t.square), t.square[1] != unit.square[1],  # noqa: E731
                         t.hp, t.defn.cost)
        best = min(key(t) for t in chars)
        tied = [t for t in chars if key(t) == best]
        reasons = [{"why": f"{name_of(game, t)} (adjacent: {'yes' if k[0] is False else 'no'}, same column: "
                           f"{'yes' if k[1] is False else 'no'}, HP {t.hp}, cost {t.defn.cost})", "rule": "S2-R25",
                    "uid": t.uid, "adjacent": not k[0], "same_column": not k[1], "hp": t.hp, "cost": t.defn.cost}
                   for t, k in sorted(((t, key(t)) for t in chars), key=lambda p: (p[1], p[0].uid))]
        chosen = tied[0]
        if len(tied) > 1:
            chosen = game.rng.choice(tied)
            reasons.append({"why": f"{len(tied)} targets tie on every priority: free choice (seeded RNG)",
                            "rule": "S2-R25", "free": True})
        game.log.emit("target", "S2-R25", uid=unit.uid, target=chosen.uid, name=name_of(game, chosen),
                      reasons=reasons)
        return chosen, False
    if unit.square in game.board.invasion and not unit.fresh:
        game.log.emit("target_base", "S2-R27", uid=unit.uid, reasons=[
            {"why": "in the Invasion Zone with no character to target: the player's Base, range ignored",
             "rule": "S2-R27"}])
        return "base", True
    if base_in_range(game, unit):
        game.log.emit("target_base", "P2-17", uid=unit.uid, reasons=[
            {"why": "no character to target; the player's Base is within range", "rule": "F2-2"}])
        return "base", False
    blocked = unit.fresh and (unit.square in game.board.invasion or game.board.in_range(
        unit.side, unit.square, game.content.ranges[unit.defn.range]["offsets"], game.board.base[PLAYER]))
    why = "deployed this turn: it may not target the Base" if blocked else "no Defense-position enemy or Base in range"
    rule = "F2-3" if blocked else "F2-2"
    game.log.emit("no_target", rule, uid=unit.uid, reasons=[{"why": why, "rule": rule}])
    return None, False


def choose_mode(game: Game, unit: Unit, target) -> str:
    """S2-R22: ATK or MAT, whichever deals more damage; equal damage: the higher attack value."""
    options = []
    for mode in ("atk", "mat"):
        value = attack_value(unit, mode) + (0 if target == "base" else edge(game, unit, target))
        defense = 0 if target == "base" else defense_value(target, mode)
        options.append((predict(value, defense, game.opts["damage"]), value, mode == "atk", mode))
    best = max(options)
    reasons = [{"why": f"{m.upper()} {v}: damage {d}", "rule": "S2-R22", "mode": m, "value": v, "damage": d}
               for d, v, _, m in options]
    if options[0][:2] == options[1][:2]:
        reasons.append({"why": "same damage and value: ATK", "rule": "S2-R22"})
    elif options[0][0] == options[1][0]:
        reasons.append({"why": "same damage: the higher attack value", "rule": "S2-R22"})
    if target == "base":
        reasons.append({"why": "the Guard is unseen: defense counted as 0", "rule": "S2-R22"})
    game.log.emit("mode", "S2-R22", uid=unit.uid, mode=best[3], reasons=reasons)
    return best[3]


def choose_enhancement(game: Game, unit: Unit, target, mode: str, invasion: bool) -> int:
    """S2-R23 (1 MP a use, the field's values), S2-R24 / G2-10 / G2-11 against a character, S2-R28
    (as many as possible) against the Base."""
    most = min(len(unit.defn.enhance), unit.mp)
    if not unit.defn.enhance:
        return 0
    if target == "base":
        rule = "S2-R28" if invasion else "G2-10"
        game.log.emit("attack_enhance", rule, uid=unit.uid, uses=most, mp=unit.mp - most, reasons=[
            {"why": f"attacking the Base: as many uses as possible ({most})", "rule": rule},
            {"why": "each use costs 1 MP and adds the field's value", "rule": "S2-R23",
             "values": list(unit.defn.enhance[:most])}])
        return most
    defense = defense_value(target, mode)
    expect = 0
    if target.growth and game.opts["growth_source"] == "worst_case":
        expect = min(len(target.growth), target.defn.level)
    if target.growth:
        game.log.emit("growth_expected", "S2-R24", uid=unit.uid, target=target.uid, growth=len(target.growth),
                      expected=expect, reasons=[{"why": "the target has a Growth Source: enhance to defeat it with "
                                                        "that counted", "rule": "S2-R24"},
                                                {"why": "each Growth-Source card may add +1 defense, up to its level",
                                                 "rule": "G2-11"}])
    bonus = edge(game, unit, target)
    needed = next((k for k in range(most + 1) if predict(attack_total(unit, mode, k) + bonus, defense + expect,
                                                         game.opts["damage"]) >= target.hp), None)
    rule = "S2-R24" if target.growth else "G2-10"
    reasons = [{"why": f"target HP {target.hp}, defense {defense}" + (f" + {expect} expected from its Growth Source"
                                                                       if expect else ""), "rule": rule,
                "hp": target.hp, "defense": defense, "expected": expect}]
    if needed is None:
        uses = most if game.opts["not_lethal"] == "max" else 0
        reasons.append({"why": f"no number of uses defeats it: {'max' if uses else 'no'} enhancement", "rule": "G2-10"})
    else:
        uses = needed
        reasons.append({"why": f"{needed} use(s) make the attack lethal", "rule": rule,
                        "damage": predict(attack_total(unit, mode, needed) + bonus, defense + expect,
                                          game.opts["damage"])})
    if uses:
        reasons.append({"why": "each use costs 1 MP and adds the field's value", "rule": "S2-R23",
                        "values": list(unit.defn.enhance[:uses])})
    game.log.emit("attack_enhance", "S2-R23" if uses else rule, uid=unit.uid, uses=uses, mp=unit.mp - uses,
                  reasons=reasons)
    return uses


def _focus(game: Game, unit: Unit) -> None:
    """G2-7: a character with no target focuses (1 AP) when it holds no Focus yet."""
    if game.opts["focus"] == "none" or unit.focus or not can_pay(game, AUTOMATON, 1):
        return
    pay(game, AUTOMATON, 1)
    unit.focus = 1
    game.log.emit("focus", "G2-7", uid=unit.uid, name=name_of(game, unit), ap=game.sides[AUTOMATON].ap)


def after_attack(game: Game, uid: int, count: int) -> None:
    """S2-R36: abilities that can be used after the declaration are; S2-R29: a freed square and a
    deployable card in hand → move Attack-position enemies and deploy before the next attack."""
    unit = game.unit(uid)
    if unit is not None and unit.square is not None:
        for ability in usable(game, unit):
            if ability.category != "spade" or game.opts["ability_timing"] == "per_character":
                activate(game, unit, ability, "S2-R36", [{"why": "activatable after the declaration: always used",
                                                          "rule": "S2-R36"}])
    side = game.sides[AUTOMATON]
    if len(side.units) < count and side.hand and any(can_pay(game, AUTOMATON, c.defn.cost) for c in side.hand):
        game.log.emit("mid_deploy", "S2-R29", freed=count - len(side.units), hand=len(side.hand))
        deploy_all(game, movers="attack", rule="S2-R29")


def end_turn(game: Game) -> None:
    """The automaton passes; per-turn marks clear; the next round's player turn begins (S2-R7)."""
    for unit in game.sides[AUTOMATON].characters():
        unit.fresh = unit.declared = False
        unit.used, unit.boost = [], 0
    game.drawn = None
    game.log.emit("turn_end", "S2-R14", side=AUTOMATON, round=game.round)
