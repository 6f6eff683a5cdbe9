"""What both sides share on the battlefield: placing and defeating characters, attack and defense
values, ranges and legal targets (F2-1..F2-3), AP."""

from .state import AUTOMATON, PLAYER, Card, Game, Unit

BEATS = {"fire": ("wind",), "wind": ("earth",), "earth": ("water",), "water": ("fire",),
         "light": ("dark",), "dark": ("light",)}     # G2-13, only with attribute_edge > 0


def name_of(game: Game, unit_or_card) -> str:
    """A card's English display name, for events."""
    return game.content.card_name(unit_or_card.defn.id)


def new_card(game: Game, defn) -> Card:
    card = Card(game.next_uid, defn)
    game.next_uid += 1
    return card


def defeat(game: Game, unit: Unit, rule: str) -> None:
    """P2-13: a defeated character goes to its side's Standby Zone with its Growth Source."""
    side = game.sides[unit.side]
    if unit is side.commander:
        side.commander = None
    elif unit in side.units:
        side.units.remove(unit)
    side.standby += [unit.card, *unit.growth]
    unit.growth = []
    unit.hp = 0
    game.log.emit("defeated", rule, side=unit.side, uid=unit.uid, name=name_of(game, unit))


def attack_value(unit: Unit, mode: str) -> int:
    """ATK or MAT, plus Focus (P2-7) and ability boosts."""
    base = unit.defn.atk if mode == "atk" else unit.defn.mat
    return base + unit.focus + unit.boost


def defense_value(unit: Unit, mode: str) -> int:
    """DEF against a physical attack, MDF against a magic one (G2-2)."""
    return unit.defn.defense if mode == "atk" else unit.defn.mdf


def edge(game: Game, attacker: Unit, defender) -> int:
    """G2-13: the attribute edge, when the option gives one."""
    bonus = game.opts["attribute_edge"]
    if not bonus or defender is None:
        return 0
    return bonus if defender.defn.attribute in BEATS[attacker.defn.attribute] else 0


def pattern(game: Game, unit: Unit):
    return game.content.ranges[unit.defn.range]["offsets"]


def targets(game: Game, unit: Unit) -> list[Unit]:
    """F2-2: enemy characters in Defense position on squares within the attacker's range."""
    if unit.square is None:
        return []
    enemy = game.sides[1 - unit.side]
    offsets = pattern(game, unit)
    return [u for u in enemy.units
            if u.position == "defense" and game.board.in_range(unit.side, unit.square, offsets, u.square)]


def base_in_range(game: Game, unit: Unit) -> bool:
    """F2-2/F2-3: the enemy Base is a target when in range, unless the attacker was deployed this turn."""
    if unit.square is None or unit.fresh:
        return False
    return game.board.in_range(unit.side, unit.square, pattern(game, unit), game.board.base[1 - unit.side])


def may_attack(unit: Unit) -> bool:
    """F2-1: only an Attack-position character on the battlefield declares an attack."""
    return unit.position == "attack" and unit.square is not None


def pay(game: Game, side: int, amount: int) -> bool:
    """Spend AP (the automaton pays only under automaton_pays, G2-6); False when it cannot."""
    if side == AUTOMATON and not game.opts["automaton_pays"]:
        return True
    if game.sides[side].ap < amount:
        return False
    game.sides[side].ap -= amount
    return True


def can_pay(game: Game, side: int, amount: int) -> bool:
    return (side == AUTOMATON and not game.opts["automaton_pays"]) or game.sides[side].ap >= amount


def same_named(unit: Unit, card: Card, in_growth: bool) -> bool:
    """F2-4: a card counts as same-named when it shares the name; a Nameless card in a Growth Source
    has its holder's name, in hand it has none."""
    if in_growth:
        return True
    return card.defn.name is not None and card.defn.name == unit.name


def payable_cards(game: Game, unit: Unit) -> list[tuple[str, Card]]:
    """The player's cards that can pay one self-enhancement of `unit`, in payment order (P2-6)."""
    growth = [("growth", c) for c in reversed(unit.growth)]
    hand = [("hand", c) for c in game.sides[PLAYER].hand if same_named(unit, c, False)]
    return growth + hand if game.opts["enhance_payment"] == "growth_first" else hand + growth


def spend_cards(game: Game, unit: Unit, count: int, rule: str) -> None:
    """Send `count` same-named cards to the Standby Zone (F2-4, F2-10)."""
    side = game.sides[PLAYER]
    for where, card in payable_cards(game, unit)[:count]:
        (unit.growth if where == "growth" else side.hand).remove(card)
        side.standby.append(card)
        game.log.emit("enhance_cost", rule, side=PLAYER, uid=unit.uid, card=card.defn.id, source=where)
