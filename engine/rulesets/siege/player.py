"""The player's side (S2-R1: as in the two-player game, built from F2-1…F2-10 and the P2 rules):
the turn's phases, the Main-Phase actions, their legality with the rule each one breaks.

Actions (JSON lists):
    ["commander", CARD_ID]              setup: the Lv1 Main card for the Command Zone (F2-8)
    ["deploy", CARD_UID, [ROW, COL]]    from hand onto a free square beside the Base, paying AP (P2-4)
    ["deploy", CARD_UID, "command"]     … or into an empty Command Zone
    ["move", UID, [ROW, COL]]           one square, 1 AP, once a turn (P2-1)
    ["focus", UID]                      1 AP: +1 to its next attack (G2-7, P2-7)
    ["attack", UID, "atk"|"mat", TARGET_UID|"base", USES]   F2-1…F2-4, USES self-enhancements
    ["ability", UID, ABILITY_ID]        an activated ability (P2-19)
    ["grow", UID, CARD_UID]             Growth (P2-8)
    ["swap", UID]                       Swap with the Commander (P2-9)
    ["end"]                             end the turn
    ["defend", USES] / ["join"] / ["stay"]   answers during the automaton's attacks (F2-6, F2-10, P2-18)
"""

from .abilities import abilities_of, activatable, activate, trigger
from .combat import attack_total, start as start_combat
from .field import (base_in_range, can_pay, may_attack, name_of, pay, payable_cards, spend_cards,
                    targets)
from .placing import place
from .state import PLAYER, Game, Unit

HAND_LIMIT = 7          # P2-2
SHAPES = ('["deploy", card_uid, [row, col] or "command"]', '["move", uid, [row, col]]', '["focus", uid]',
          '["attack", uid, "atk" or "mat", target_uid or "base", uses]', '["ability", uid, ability_id]',
          '["grow", uid, card_uid]', '["swap", uid]', '["end"]')


def active(game: Game) -> None:
    """P2-2: the player's Active Phase turns its Defense-position characters to Attack position."""
    side = game.sides[PLAYER]
    turned = [u.uid for u in side.characters() if u.position == "defense"]
    for unit in side.characters():
        unit.position = "attack"
        trigger(game, unit, "turn_start")
    game.log.emit("active", "P2-2", side=PLAYER, turned=turned, round=game.round)


def charge(game: Game) -> None:
    """P2-2: the player recovers player_charge AP up to the ceiling; none in its first turn."""
    side = game.sides[PLAYER]
    if game.first_turn:
        game.log.emit("charge", "P2-2", side=PLAYER, ap=side.ap, skipped=True)
        return
    side.ap = min(game.opts["ap_ceiling"], side.ap + game.opts["player_charge"])
    game.log.emit("charge", "P2-2", side=PLAYER, ap=side.ap)


def draw(game: Game) -> None:
    """P2-2: the player draws one card; over the hand limit it goes to the Standby Zone."""
    side = game.sides[PLAYER]
    if not side.deck:
        game.log.emit("no_draw", "P2-2", side=PLAYER)
        return
    card = side.deck.pop()
    if len(side.hand) >= HAND_LIMIT:
        side.standby.append(card)
        game.log.emit("hand_overflow", "P2-2", side=PLAYER, card=card.defn.id)
    else:
        side.hand.append(card)
        game.log.emit("draw", "P2-2", side=PLAYER, card=card.defn.id, hand=len(side.hand), deck=len(side.deck))


def end_turn(game: Game) -> None:
    """P2-2: End of Turn: the turn's marks clear; the player's first turn is over."""
    for unit in game.sides[PLAYER].characters():
        unit.fresh = unit.moved = False
        unit.used, unit.boost = [], 0
    game.first_turn = False
    game.log.emit("turn_end", "P2-2", side=PLAYER, round=game.round)


# --- legal actions -----------------------------------------------------------------------------

def legal_actions(game: Game) -> list:
    """Every legal Main-Phase action, in a stable order (end last)."""
    side = game.sides[PLAYER]
    acts = []
    for card in side.hand:
        for where in deploy_places(game):
            if side.ap >= card.defn.cost:
                acts.append(["deploy", card.uid, where])
    for unit in side.units:
        for square in move_squares(game, unit):
            acts.append(["move", unit.uid, list(square)])
    for unit in side.units:
        if may_focus(game, unit):
            acts.append(["focus", unit.uid])
    for unit in side.units:
        acts += attack_actions(game, unit)
    for unit in side.characters():
        acts += [["ability", unit.uid, a.id] for a in abilities_of(game, unit) if activatable(game, unit, a)]
        acts += [["grow", unit.uid, c.uid] for c in side.hand if may_grow(game, unit, c)]
    for unit in side.units:
        if may_swap(game, unit):
            acts.append(["swap", unit.uid])
    return acts + [["end"]]


def deploy_places(game: Game) -> list:
    """P2-4: the Command Zone when empty, and the free squares beside the player's Base."""
    places = ["command"] if game.sides[PLAYER].commander is None else []
    return places + [list(sq) for sq in game.board.beside[PLAYER] if game.occupant(sq) is None]


def move_squares(game: Game, unit: Unit) -> list:
    """P2-1: a free neighbouring square the player may stand on, once a turn, for 1 AP."""
    if unit.square is None or unit.moved or game.sides[PLAYER].ap < 1:
        return []
    return [sq for sq in game.board.neighbours(unit.square)
            if game.board.may_stand(PLAYER, sq) and game.occupant(sq) is None]


def may_focus(game: Game, unit: Unit) -> bool:
    """G2-7/P2-7: 1 AP, on the battlefield, holding no Focus yet."""
    return game.opts["focus"] != "none" and unit.square is not None and not unit.focus and game.sides[PLAYER].ap >= 1


def attack_actions(game: Game, unit: Unit) -> list:
    """F2-1…F2-4: an Attack-position character, ATK or MAT (a positive value), a Defense-position
    enemy or the Base in range (not when deployed this turn), 0…n self-enhancements."""
    if not may_attack(unit) or not can_pay(game, PLAYER, game.opts["attack_cost"]):
        return []
    aims = [t.uid for t in targets(game, unit)] + (["base"] if base_in_range(game, unit) else [])
    most = min(len(unit.defn.enhance), len(payable_cards(game, unit)))
    return [["attack", unit.uid, mode, aim, uses] for mode in ("atk", "mat")
            if (unit.defn.atk if mode == "atk" else unit.defn.mat) > 0 for aim in aims for uses in range(most + 1)]


def may_grow(game: Game, unit: Unit, card) -> bool:
    """P2-8: a Main card one level up with the same name (a Nameless character grows into any Lv2
    Main card); Support cards neither grow nor are grown into; 1 AP."""
    if card.defn.kind != "main" or unit.defn.kind == "support" or game.sides[PLAYER].ap < 1:
        return False
    if card.defn.level != unit.defn.level + 1:
        return False
    return unit.defn.kind == "nameless" or card.defn.name == unit.name


def may_swap(game: Game, unit: Unit) -> bool:
    """P2-9: a character beside the Base changes places with the Commander, 1 AP."""
    side = game.sides[PLAYER]
    return side.commander is not None and unit.square in game.board.beside[PLAYER] and side.ap >= 1


# --- why an action is illegal ------------------------------------------------------------------

def illegal_reason(game: Game, action) -> str | None:
    """One line naming the rule an action breaks, or None when it is legal."""
    if not isinstance(action, list) or not action or not isinstance(action[0], str):
        return f"an action is a JSON list such as {', '.join(SHAPES[:3])}, …"
    if action in legal_actions(game):
        return None
    kind, side = action[0], game.sides[PLAYER]
    unit = game.unit(action[1]) if len(action) > 1 and type(action[1]) is int else None
    if kind == "deploy":
        card = next((c for c in side.hand if len(action) > 1 and c.uid == action[1]), None)
        if card is None:
            return "deploy: that card is not in your hand (P2-4)"
        if side.ap < card.defn.cost:
            return f"deploy: {name_of(game, card)} costs {card.defn.cost} AP; you have {side.ap} (P2-4)"
        return "deploy: only onto a free square beside your Base, or into an empty Command Zone (P2-4)"
    if kind in ("move", "focus", "attack", "ability", "grow", "swap") and (unit is None or unit.side != PLAYER):
        return f"{kind}: no character of yours has that uid"
    if kind == "move":
        return "move: one step to a free neighbouring square of your own or the Invasion Zone, once a turn, 1 AP (P2-1)"
    if kind == "focus":
        return "focus: 1 AP, a character on the battlefield not already focused (G2-7, P2-7)"
    if kind == "attack":
        if not may_attack(unit):
            return f"attack: {name_of(game, unit)} is not in Attack position on the battlefield (F2-1)"
        if not can_pay(game, PLAYER, game.opts["attack_cost"]):
            return f"attack: an attack costs {game.opts['attack_cost']} AP (P2-5)"
        if len(action) > 3 and action[3] == "base" and unit.fresh:
            return "attack: a character deployed this turn cannot target the Base (F2-3)"
        if len(action) > 4 and type(action[4]) is int and action[4] > 0:
            return ("attack: self-enhancement is Lv3 once, Lv4 twice, each paid with a same-named card from hand "
                    "or Growth Source (F2-4)")
        return "attack: the target must be a Defense-position enemy or the enemy Base within range (F2-2)"
    if kind == "ability":
        return "ability: an activated ability in its zone, once a turn, with its AP and a target (P2-19)"
    if kind == "grow":
        return "grow: a same-named Main card one level up from hand, 1 AP (P2-8)"
    if kind == "swap":
        return "swap: a character beside your Base changes places with your Commander, 1 AP (P2-9)"
    return f"not a legal action now; actions look like {', '.join(SHAPES)}"


# --- applying them -------------------------------------------------------------------------

def apply(game: Game, action: list) -> None:
    """Apply one legal Main-Phase action other than End of Turn (`end_turn`)."""
    kind, side = action[0], game.sides[PLAYER]
    if kind == "deploy":
        card = next(c for c in side.hand if c.uid == action[1])
        side.hand.remove(card)
        pay(game, PLAYER, card.defn.cost)
        where = None if action[2] == "command" else tuple(action[2])
        place(game, PLAYER, card, where, "P2-4", cost=card.defn.cost, ap=side.ap)
        return
    unit = game.unit(action[1])
    if kind == "move":
        pay(game, PLAYER, 1)
        before, unit.square, unit.moved = unit.square, tuple(action[2]), True
        game.log.emit("move", "P2-1", uid=unit.uid, frm=list(before), to=list(unit.square), ap=side.ap)
    elif kind == "focus":
        pay(game, PLAYER, 1)
        unit.focus = 1
        game.log.emit("focus", "G2-7", uid=unit.uid, name=name_of(game, unit), ap=side.ap)
    elif kind == "attack":
        _attack(game, unit, action[2], action[3], action[4])
    elif kind == "ability":
        activate(game, unit, game.content.abilities[action[2]], "P2-19")
    elif kind == "grow":
        _grow(game, unit, next(c for c in side.hand if c.uid == action[2]))
    else:
        pay(game, PLAYER, 1)
        commander = side.commander
        side.units.remove(unit)
        side.units.append(commander)
        commander.square, unit.square = unit.square, None
        side.commander = unit
        game.log.emit("swap", "P2-9", uid=unit.uid, commander=commander.uid, square=list(commander.square), ap=side.ap)


def _attack(game: Game, unit: Unit, mode: str, aim, uses: int) -> None:
    """F2-5: declare (F2-1), self-enhance paying same-named cards (F2-4), choose the target (F2-2)."""
    pay(game, PLAYER, game.opts["attack_cost"])
    spend_cards(game, unit, uses, "F2-4")
    attack = attack_total(unit, mode, uses)
    unit.focus = 0
    target = "base" if aim == "base" else game.unit(aim)
    game.log.emit("declare", "F2-1", uid=unit.uid, name=name_of(game, unit), mode=mode, attack=attack,
                  uses=uses, target=aim, ap=game.sides[PLAYER].ap)
    start_combat(game, unit, mode, target, attack)


def _grow(game: Game, unit: Unit, card) -> None:
    """P2-8: the new card goes on top; the old one becomes a Growth Source; damage taken carries over."""
    side = game.sides[PLAYER]
    pay(game, PLAYER, 1)
    side.hand.remove(card)
    damage = unit.max_hp - unit.hp
    unit.growth.append(unit.card)
    unit.card = card
    unit.max_hp = card.defn.hp
    unit.hp = max(1, card.defn.hp - damage)
    game.log.emit("grow", "P2-8", uid=unit.uid, card=card.defn.id, name=name_of(game, unit), hp=unit.hp,
                  growth=len(unit.growth), ap=side.ap)


def choose_commander(game: Game, card_id: str) -> None:
    """F2-8: the chosen Lv1 Main card goes from the deck to the Command Zone; then the opening hand (P2-3)."""
    side = game.sides[PLAYER]
    card = next(c for c in reversed(side.deck) if c.defn.id == card_id)
    side.deck.remove(card)
    place(game, PLAYER, card, None, "F2-8")
    for _ in range(game.opts["player_hand"]):
        if side.deck:
            side.hand.append(side.deck.pop())
    game.log.emit("opening_hand", "P2-3", cards=len(side.hand), deck=len(side.deck))


def commander_choices(game: Game) -> list[str]:
    """F2-8: the Lv1 Main cards in the player's deck, one entry per card id."""
    return sorted({c.defn.id for c in game.sides[PLAYER].deck if c.defn.kind == "main" and c.defn.level == 1})
