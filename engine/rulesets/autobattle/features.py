"""The card-features interpreter: targets, effects, auras, damage and death, all driven by card data.

A feature is data (`trigger`, `target`, `effect`, `amount`, `only_element`, see cards.py); this
module is the one place that gives those words meaning (G4-3). Equipment features act as the
carrier's own; terrain features act for the whole side.
"""

from .state import Battle, Card

# The rule a feature event cites: the card in front is the default target (S4-R21); features that
# reach other enemy cards or the reserve are the ones S4-R23 describes; the rest is card text (G4-3).
_FEATURE_RULE = {"front": "S4-R21", "adjacent_enemies": "S4-R23", "all_enemies": "S4-R23",
                 "random_enemy": "S4-R23", "enemy_reserve": "S4-R23"}


# The target words that name the source's enemy's cards; the others name its own side's.
_ENEMY_TARGETS = frozenset(("front", "adjacent_enemies", "all_enemies", "random_enemy", "enemy_reserve"))


def in_battle(b: Battle, card: Card) -> bool:
    """True while the unit still holds its cell."""
    return card.cell >= 0 and b.sides[card.owner].cells[card.cell] is card


def fire(b: Battle, card: Card, trigger: str) -> None:
    """Use every feature of `card` (its equipment's included) that has this trigger, in printed order."""
    for feature in card.features.get(trigger, ()):
        use_feature(b, card, feature)


def use_feature(b: Battle, source: Card, feature) -> None:
    """Resolve one feature's targets and apply its effect to each."""
    targets = resolve_targets(b, source, feature.target, True)
    if feature.only_element:
        targets = [t for t in targets if t.defn.element == feature.only_element]
    if b.log.events is not None:
        b.log.emit("feature", _FEATURE_RULE.get(feature.target, "G4-3"), seat=source.owner,
                   source=source.uid, card=source.defn.id, trigger=feature.trigger,
                   effect=feature.effect, amount=feature.amount, targets=[t.uid for t in targets],
                   target_cards=[t.defn.id for t in targets])
    effect, amount = _EFFECTS[feature.effect], feature.amount
    for target in targets:
        effect(b, target, amount)


def resolve_targets(b: Battle, source: Card, target: str, chance: bool) -> list[Card]:
    """The cards a target word names, seen from `source` (a unit in a cell, or a terrain)."""
    own, enemy = b.sides[source.owner], b.sides[1 - source.owner]
    cell = source.cell
    if target == "all_enemies":
        return enemy.units()
    if target == "allies":
        return [card for card in own.cells if card is not None and card is not source]
    if target == "self":
        return [source] if in_battle(b, source) else []
    if target == "random_enemy":
        units = enemy.units()
        return [b.rng.choice(units)] if units and chance else []
    if target == "enemy_reserve":
        return list(enemy.reserve)
    if target == "own_reserve":
        return list(own.reserve)
    if cell < 0:
        return []
    if target == "front":
        card = enemy.cells[cell] if cell < len(enemy.cells) else None
        return [] if card is None else [card]
    if target == "adjacent_enemies":
        return _neighbours(enemy.cells, cell)
    return _neighbours(own.cells, cell)      # adjacent_allies


def _neighbours(cells: list, cell: int) -> list[Card]:
    """The cards left and right of `cell` (a loop, not a comprehension: it is called for most features)."""
    found = []
    if 0 < cell <= len(cells) and cells[cell - 1] is not None:
        found.append(cells[cell - 1])
    if cell + 1 < len(cells) and cells[cell + 1] is not None:
        found.append(cells[cell + 1])
    return found


# --- effects -----------------------------------------------------------------------------

def _damage(b, card, amount):
    if in_battle(b, card):
        hurt(b, card, amount, "G4-3")


def _heal(b, card, amount):
    if in_battle(b, card):
        healed = card.life + amount
        card.life = healed if healed < card.max_life else card.max_life    # min(), without a call


def _attack_up(b, card, amount):
    card.attack += amount


def _attack_down(b, card, amount):
    card.attack -= amount


def _life_up(b, card, amount):
    card.max_life += amount
    card.life += amount


def _life_down(b, card, amount):
    if in_battle(b, card):
        card.max_life -= amount
        hurt(b, card, amount, "G4-3")


def _crystals_up(b, card, amount):
    card.crystals += amount


def _crystals_down(b, card, amount):
    card.crystals -= amount


_EFFECTS = {"damage": _damage, "heal": _heal, "attack_up": _attack_up, "attack_down": _attack_down,
            "life_up": _life_up, "life_down": _life_down, "crystals_up": _crystals_up,
            "crystals_down": _crystals_down}


# --- damage and death ----------------------------------------------------------------------

def hurt(b: Battle, card: Card, amount: int, rule: str) -> None:
    """Lower a unit's Life; at 0 or below it is killed (S4-R25, A4-7)."""
    card.life -= amount
    if b.log.events is not None:
        b.log.emit("damage", rule, seat=card.owner, uid=card.uid, card=card.defn.id, amount=amount, life=card.life)
    if card.life <= 0:
        kill(b, card)


def kill(b: Battle, card: Card) -> None:
    """S4-R25: the cell is freed, the unit and its equipment leave the battle; then its death features."""
    if not in_battle(b, card):
        return
    side = b.sides[card.owner]
    side.cells[card.cell] = None
    left_play(b, card)
    side.out.append(card)
    if card.equipment is not None:
        side.out.append(card.equipment)
    if b.log.events is not None:
        b.log.emit("killed", "S4-R25", seat=card.owner, uid=card.uid, card=card.defn.id, cell=card.cell,
                   equipment=card.equipment.defn.id if card.equipment else None)
    if "death" in card.features:
        fire(b, card, "death")
    refresh_auras(b)


# --- auras (G4-5) ------------------------------------------------------------------------------

def refresh_auras(b: Battle) -> None:
    """Bring every unit's aura bonuses in line with the aura sources now in battle.

    Gaining a bonus raises Life with Life's maximum; losing one follows the `bonus_removal` option
    (G4-5): `cap` keeps the wounds but trims Life to the new maximum, `subtract` takes the bonus
    back from Life as well, which can kill.

    Only what may have changed is looked at (see came_into_play): nothing, when no card came into
    play or left with an aura since the last refresh; one unit, when only it came in.
    """
    stale = b.auras_stale
    if not b.has_auras or stale is False:
        return
    if not b.aura_sources and not b.auras_applied:
        b.auras_stale = False       # no aura in play and no bonus to take back: nothing changes
        return
    subtract = b.opts["bonus_removal"] == "subtract"
    if stale is True:
        wanted = _aura_totals(b, b.aura_sources)
        units = b.sides[0].cells + b.sides[1].cells       # seat 0 left to right, then seat 1
        b.auras_applied = bool(wanted)          # no unit was a target: every bonus is now 0
    else:
        wanted = _aura_totals(b, b.aura_sources, stale)
        units = (stale,) if in_battle(b, stale) else ()
        b.auras_applied = b.auras_applied or bool(wanted)
    fallen = []
    for card in units:
        if card is None:
            continue
        attack, up, down = wanted.get(card.uid, _NO_AURA)
        if attack == card.aura_attack and up == card.aura_life_up and down == card.aura_life_down:
            continue     # the common case: this unit's bonuses did not change
        card.attack += attack - card.aura_attack
        gained, lost = up - card.aura_life_up, down - card.aura_life_down
        card.max_life += gained - lost
        if gained > 0 or subtract:
            card.life += gained
        card.life -= lost
        if card.life > card.max_life:
            card.life = card.max_life
        card.aura_attack, card.aura_life_up, card.aura_life_down = attack, up, down
        if b.log.events is not None:
            b.log.emit("aura", "G4-5", seat=card.owner, uid=card.uid, card=card.defn.id,
                       attack=card.attack, life=card.life, max_life=card.max_life)
        if card.life <= 0:
            fallen.append(card)
    b.auras_stale = False
    for card in fallen:
        kill(b, card)


def unit_entered(b: Battle, unit: Card) -> None:
    """`unit` took a cell. Without an aura it changes no other unit's bonuses (nobody's targets
    move: cells do not shift), so when the bonuses were settled only its own is left to work out."""
    if "aura" in unit.features:
        came_into_play(b, unit)
    else:
        b.auras_stale = unit if b.auras_stale is False else True


def came_into_play(b: Battle, card: Card) -> None:
    """`card` (a unit with an aura, a terrain, or a carrier with its equipment's features) came into
    play: any unit's bonuses may change."""
    if "aura" in card.features and card not in b.aura_sources:
        b.aura_sources.append(card)
    b.auras_stale = True


def left_play(b: Battle, card: Card) -> None:
    """`card` left its cell or the terrain spot: only a card with an aura changes other bonuses."""
    if card in b.aura_sources:
        b.aura_sources.remove(card)
        b.auras_stale = True


def _aura_totals(b: Battle, sources: list[Card], only: Card | None = None) -> dict:
    """uid -> [attack bonus, life bonus, life malus] from the auras of `sources` (every one in play;
    their order does not matter: the bonuses are sums). With `only`, the auras that reach the
    other side from its are left out (its own total is the one wanted)."""
    totals: dict[int, list[int]] = {}
    for source in sources:
        for feature in source.features["aura"]:
            if only is not None and (feature.target in _ENEMY_TARGETS) == (source.owner == only.owner):
                continue
            slot, sign = _AURA_SLOTS[feature.effect]
            change, element = sign * feature.amount, feature.only_element
            for target in resolve_targets(b, source, feature.target, False):
                if element and target.defn.element != element or only is not None and target is not only:
                    continue
                total = totals.get(target.uid)
                if total is None:
                    total = totals[target.uid] = [0, 0, 0]
                total[slot] += change
    return totals


_NO_AURA = (0, 0, 0)
# (index in the totals, sign) of each aura effect (cards.py allows only these on an aura): attack
# up/down is the attack bonus; a Life raise is the life bonus, a Life cut the life malus (both
# counted positive). A table, not a function: it is read for every aura at every refresh.
_AURA_SLOTS: dict[str, tuple[int, int]] = {"attack_up": (0, 1), "attack_down": (0, -1),
                                           "life_up": (1, 1), "life_down": (2, 1)}
