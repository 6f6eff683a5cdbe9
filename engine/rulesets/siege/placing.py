"""Putting a card into play on the battlefield (or the Command Zone), with its "on deploy" abilities.

Apart from field.py so that field (shared values and defeat) and abilities (which uses field) import
one way: this module uses both."""

from .abilities import trigger
from .field import name_of
from .state import AUTOMATON, Card, Game, Unit


def place(game: Game, side: int, card: Card, square, rule: str, triggers: bool = True, **extra) -> Unit:
    """Put a card into play on `square` (None: the Command Zone). The automaton's characters start with
    HP = MP = level (S2-R5); the player's with the printed HP (P2-4). Either enters in Attack position."""
    defn = card.defn
    if side == AUTOMATON:
        unit = Unit(card, side, defn.level, defn.level, square)
        if game.opts["automaton_max_hp"] == "printed":     # A2-10
            unit.max_hp = max(defn.level, defn.hp)
    else:
        unit = Unit(card, side, defn.hp, 0, square)
    if square is None:
        game.sides[side].commander = unit
    else:
        game.sides[side].units.append(unit)
    game.log.emit("deploy", rule, side=side, uid=unit.uid, card=defn.id, name=name_of(game, unit),
                  square=None if square is None else list(square), hp=unit.hp, mp=unit.mp, **extra)
    if triggers:
        trigger(game, unit, "deploy")
    return unit
