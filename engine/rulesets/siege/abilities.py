"""The one ability interpreter (G2-12): every ability is data (category suit, zone tag, type,
trigger or cost, effect, amount, target) read here, for both sides."""

from .field import defeat, name_of, pattern, pay, can_pay
from .state import Game, Unit


def abilities_of(game: Game, unit: Unit):
    """The unit's abilities whose zone tag matches where it is (battlefield or Command Zone)."""
    if not game.opts["abilities"]:
        return []
    zone = "command" if unit.square is None else "battlefield"
    return [game.content.abilities[a] for a in unit.defn.abilities if game.content.abilities[a].zone == zone]


def target_of(game: Game, unit: Unit, ability):
    """The effect's target, or None when there is none (then the ability cannot be used)."""
    if ability.target == "self":
        return unit
    if ability.target == "ally_most_hurt":
        hurt = [u for u in game.sides[unit.side].characters() if u.hp < u.max_hp]
        # P2-19: the most missing HP; ties to the earliest card in play (lowest uid)
        return min(hurt, key=lambda u: (u.hp - u.max_hp, u.uid)) if hurt else None
    if unit.square is None:
        return None
    enemies = [u for u in game.sides[1 - unit.side].units
               if game.board.in_range(unit.side, unit.square, pattern(game, unit), u.square)]
    return min(enemies, key=lambda u: (u.hp, u.uid)) if enemies else None


def activatable(game: Game, unit: Unit, ability) -> bool:
    """P2-19: an activated ability, in its zone, once a turn, with its cost payable and a target."""
    return (ability.type == "activated" and ability.id not in unit.used and can_pay(game, unit.side, ability.cost)
            and target_of(game, unit, ability) is not None)


def usable(game: Game, unit: Unit, category=None) -> list:
    """The unit's activated abilities that can be used now (optionally of one category)."""
    return [a for a in abilities_of(game, unit)
            if activatable(game, unit, a) and (category is None or (a.category == "spade") == (category == "spade"))]


def activate(game: Game, unit: Unit, ability, rule: str, reasons=()) -> None:
    """Pay and resolve an activated ability."""
    pay(game, unit.side, ability.cost)
    unit.used.append(ability.id)
    resolve(game, unit, ability, rule, reasons)


def trigger(game: Game, unit: Unit, event: str) -> None:
    """Fire the unit's triggered abilities for `event` (deploy, defeat, turn_start)."""
    for ability in abilities_of(game, unit):
        if ability.type == "triggered" and ability.trigger == event and target_of(game, unit, ability):
            resolve(game, unit, ability, "G2-12", ({"why": f"triggered on {event}", "rule": "G2-12"},))


def resolve(game: Game, unit: Unit, ability, rule: str, reasons=()) -> None:
    target = target_of(game, unit, ability)
    amount = ability.amount
    if ability.effect == "boost":
        target.boost += amount
    elif ability.effect == "heal":
        amount = min(amount, target.max_hp - target.hp)
        target.hp += amount
    elif ability.effect == "ap":
        game.sides[unit.side].ap += amount
    else:
        target.hp -= amount
    game.log.emit("ability", rule, reasons=reasons, side=unit.side, uid=unit.uid, name=name_of(game, unit),
                  ability=ability.id, category=ability.category, effect=ability.effect, amount=amount,
                  target=target.uid if ability.effect != "ap" else None)
    if ability.effect == "strike" and target.hp <= 0:
        defeat(game, target, rule)
