"""The turn machine: one player-turn is countdown, draw, entry, attack, fatigue, pass.

`TURN` declares it for the engine (core/turn.py): no decision is ever asked (S4-R26), and the one
automatic step is a whole player-turn, whose steps are `_STEPS` below.

Each step is a small function naming the rule it applies. The battle needs no decisions (S4-R26):
`play_turn` is the ruleset's only automatic step.

After each step the battle may be decided (`check_end`). A step returns False when it changed
nothing an end condition reads (Leadership, decks, reserves, cells, terrain), or when it checked
every change where it made it: the check before it still holds, so none is repeated.
"""

from ...core.outcome import Outcome
from ...core.turn import Turn, never_waits
from .features import (came_into_play, fire, hurt, in_battle, kill, left_play, refresh_auras, unit_entered)
from .state import Battle, Card, Side


def play_turn(b: Battle) -> None:
    """One whole player-turn for the active player (S4-R3)."""
    b.turn += 1
    side = b.sides[b.active]
    events = b.log.events is not None      # events off: no event arguments built at all
    if events:
        b.log.emit("turn", "S4-R3", seat=b.active, turn=b.turn)
    first, rest = _STEPS[b.opts["fatigue_timing"] == "start_of_turn"]
    first(b, side)
    if check_end(b):         # always after the first step: a battle built from a position may begin decided
        return
    for step in rest:
        if step(b, side) is not False and check_end(b):
            return
    if events:
        b.log.emit("pass", "S4-R26", seat=b.active, to=1 - b.active)
    b.active = 1 - b.active


def turn_start(b: Battle, side: Side) -> None:
    """Turn-start features of the active player's cards in battle, then of its terrain (G4-3)."""
    for card in side.cells:     # as they are now: a unit felled by an earlier one's feature is gone
        if card is not None and "turn_start" in card.features:
            fire(b, card, "turn_start")
    if side.terrain is not None and "turn_start" in side.terrain.features:
        fire(b, side.terrain, "turn_start")


def countdown(b: Battle, side: Side) -> bool:
    """S4-R5: every card in the active player's reserve loses one crystal, left to right.

    False: crystals decide nothing, so the battle is as decided as before.
    """
    for card in side.reserve:
        card.crystals -= 1
    if side.reserve and b.log.events is not None:
        b.log.emit("countdown", "S4-R5", seat=side.seat,
                   crystals=[[card.uid, card.crystals] for card in side.reserve])
    return False


def draw(b: Battle, side: Side) -> bool | None:
    """S4-R6/R7/R8: the top card of the deck goes to the right end of the reserve, after the countdown.

    False when the deck is empty: nothing moved.
    """
    if not side.deck:
        return False
    card = side.deck.pop()
    card.drawn_on = b.turn
    side.reserve.append(card)
    if b.log.events is not None:
        b.log.emit("draw", "S4-R6", seat=side.seat, uid=card.uid, card=card.defn.id,
                   crystals=card.crystals, deck=len(side.deck), slot=len(side.reserve) - 1)
        if len(side.reserve) > 1:
            left = side.reserve[-2]
            b.log.emit("placed", "S4-R7", seat=side.seat, uid=card.uid, card=card.defn.id,
                       slot=len(side.reserve) - 1, after=left.defn.id)
            b.log.emit("fresh", "S4-R8", seat=side.seat, uid=card.uid, card=card.defn.id, crystals=card.crystals)


def enter_battle(b: Battle, side: Side) -> bool | None:
    """S4-R9/R10: ready cards (crystals ≤ 0, G4-10) enter left to right; repeat while anything moves (A4-3).

    False when no card is ready: nothing moved.
    """
    for card in side.reserve:
        if card.crystals <= 0:
            break
    else:
        return False   # nothing ready: no entry step to keep books for (a loop: any() costs a generator a turn)
    step = _EntryStep()
    while _entry_pass(b, side, step):
        pass


class _EntryStep:
    """Bookkeeping for one entry step: who already waited (one event each), and what was taken.

    A card that waits after another card of its kind took the last cell (or carrier) in this step
    lost a competition (S4-R13, S4-R16); otherwise there was simply no room (S4-R12, S4-R15).
    """

    __slots__ = ("waited", "took", "announced")

    def __init__(self):
        self.waited: set[int] = set()
        self.took: set[str] = set()
        self.announced: set[int] = set()

    def announce(self, b: Battle, side: Side, ready: list) -> None:
        """S4-R9 for each card newly ready, and S4-R10 when several enter in draw order."""
        new = [card for card in ready if card.uid not in self.announced]
        for card in new:
            self.announced.add(card.uid)
            b.log.emit("ready", "S4-R9", seat=side.seat, uid=card.uid, card=card.defn.id, crystals=card.crystals)
        if len(new) > 1:
            b.log.emit("entry_order", "S4-R10", seat=side.seat, cards=[card.defn.id for card in new])

    def wait(self, b: Battle, side: Side, card: Card, kind: str, contested: str, plain: str) -> None:
        if card.uid not in self.waited:
            self.waited.add(card.uid)
            rule = contested if kind in self.took else plain
            b.log.emit("wait", rule, seat=side.seat, uid=card.uid, card=card.defn.id)


def _entry_pass(b: Battle, side: Side, step: _EntryStep) -> bool:
    moved = False
    turn, drawn_enter = b.turn, b.opts["drawn_zero_enters"]
    ready = []      # a loop, not a comprehension: this runs for every entry step
    for card in side.reserve:
        if card.crystals <= 0 and (drawn_enter or card.drawn_on != turn):
            ready.append(card)
    if b.log.events is not None:
        step.announce(b, side, ready)
    for card in ready:
        kind = card.defn.type
        if kind == "terrain":
            _place_terrain(b, side, card)
        elif kind == "equipment":
            if not _attach(b, side, card, step):
                continue
        elif not _place_unit(b, side, card, step):
            continue
        moved = True
    return moved


def _place_unit(b: Battle, side: Side, card: Card, step: _EntryStep) -> bool:
    """S4-R11: the leftmost free cell; none free → it waits (S4-R12), or lost the cell to an earlier card (S4-R13)."""
    try:
        cell = side.cells.index(None)
    except ValueError:
        step.wait(b, side, card, "cell", "S4-R13", "S4-R12")
        return False
    step.took.add("cell")
    side.reserve.remove(card)
    side.cells[cell] = card
    card.cell = cell
    unit_entered(b, card)
    side.fielded = True
    if b.log.events is not None:
        b.log.emit("enter", "S4-R11", seat=side.seat, uid=card.uid, card=card.defn.id, cell=cell,
                   attack=card.attack, life=card.life)
    if "enter" in card.features:
        fire(b, card, "enter")
    refresh_auras(b)
    return True


def _attach(b: Battle, side: Side, card: Card, step: _EntryStep) -> bool:
    """S4-R14/R17: onto a random unit of its owner without equipment; none → it waits (S4-R15, S4-R16)."""
    carriers = [unit for unit in side.cells if unit is not None and unit.equipment is None]
    if b.log.events is not None and len(carriers) < len(side.units()):
        b.log.emit("skip_equipped", "S4-R17", seat=side.seat, uid=card.uid, card=card.defn.id,
                   cells=[unit.cell for unit in side.units() if unit.equipment is not None])
    if not carriers:
        step.wait(b, side, card, "carrier", "S4-R16", "S4-R15")
        return False
    step.took.add("carrier")
    carrier = b.rng.choice(carriers)
    side.reserve.remove(card)
    carrier.equip(card)
    came_into_play(b, carrier)       # the carrier may have gained an aura
    if b.log.events is not None:
        b.log.emit("equip", "S4-R14", seat=side.seat, uid=card.uid, card=card.defn.id, carrier=carrier.uid,
                   cell=carrier.cell, attack=carrier.attack, life=carrier.life)
    if carrier.life <= 0:
        kill(b, carrier)
    return True


def _place_terrain(b: Battle, side: Side, card: Card) -> None:
    """S4-R18/R19: the terrain spot right of the field; an old terrain leaves and its effect ends."""
    side.reserve.remove(card)
    old = side.terrain
    if old is not None:
        side.out.append(old)
        left_play(b, old)
        if b.log.events is not None:
            b.log.emit("terrain_leaves", "S4-R19", seat=side.seat, uid=old.uid, card=old.defn.id)
    side.terrain = card
    came_into_play(b, card)
    if b.log.events is not None:
        b.log.emit("terrain", "S4-R18", seat=side.seat, uid=card.uid, card=card.defn.id)
    refresh_auras(b)


def attack_step(b: Battle, side: Side) -> bool | None:
    """S4-R20: each unit of the active player, left to right, uses its features, then attacks.

    False when it plays out: it checked the end after every blow and every use of features.
    """
    features_first = b.opts["feature_order"] == "features_first"
    immediate = b.opts["waiting_entry"] == "immediate"     # looked up once a step, not once a blow
    if b.log.events is not None and any(side.cells):
        b.log.emit("attack_step", "S4-R20", seat=side.seat,
                   cells=[index for index, card in enumerate(side.cells) if card is not None])
    if features_first:   # A4-5's other reading: every unit's features, then every attack
        for card in list(side.cells):
            if card is not None and in_battle(b, card):
                fire(b, card, "before_attack")
        if check_end(b):
            return
    for card in side.cells:        # read as the cells are now: the list keeps its length
        if card is None:           # empty, or killed earlier this turn (G4-9)
            continue
        if not features_first and "before_attack" in card.features:   # nothing else changes before it strikes
            fire(b, card, "before_attack")
            if immediate:
                _immediate_entry(b)
            if check_end(b):
                return
            if not in_battle(b, card):
                continue
        if strike(b, card) is False and not immediate:
            continue        # nothing an end condition reads changed: the last check still holds
        if immediate:
            _immediate_entry(b)
        if check_end(b):
            return
    return False


def strike(b: Battle, attacker: Card) -> bool | None:
    """S4-R21/R22/R24: hit the card in front, or the opposing Ungar when the cell in front is empty.

    False when only the target's Life fell and it stands: nothing an end condition reads changed.
    """
    enemy = b.sides[1 - attacker.owner]
    target = enemy.cells[attacker.cell]
    amount = attacker.attack if attacker.attack > 0 else 0     # max(0, attack), without a call
    events = b.log.events is not None
    if target is None:
        if b.opts["base_attack"] == "printed":      # A4-4's other reading
            amount = attacker.defn.attack
        enemy.leadership -= amount
        if events:
            b.log.emit("hit_ungar", "S4-R24", seat=attacker.owner, uid=attacker.uid, card=attacker.defn.id,
                       cell=attacker.cell, amount=amount, leadership=enemy.leadership)
        return
    if events:
        b.log.emit("attack", "S4-R22", seat=attacker.owner, uid=attacker.uid, card=attacker.defn.id,
                   cell=attacker.cell, target=target.uid, amount=amount)
    target.life -= amount
    if events:
        b.log.emit("damage", "S4-R22", seat=target.owner, uid=target.uid, card=target.defn.id,
                   amount=amount, life=target.life)
    attacked = "attacked" in target.features
    if attacked:
        fire(b, target, "attacked")     # as it is hit, even a blow that fells it (see "attacked" in cards.py)
    if target.life <= 0:
        kill(b, target)
    elif b.opts["retaliation"] and in_battle(b, attacker) and target.attack > 0:   # G4-8's other reading
        hurt(b, attacker, target.attack, "G4-8")
    elif not attacked:
        return False


def _immediate_entry(b: Battle) -> None:
    """A4-3's other reading: a waiting unit takes a freed cell at once, even in the opponent's turn."""
    if b.opts["waiting_entry"] == "immediate" and b.result is None:
        for seat in (b.active, 1 - b.active):
            enter_battle(b, b.sides[seat])


def fatigue(b: Battle, side: Side) -> bool | None:
    """S4-R30/R31: from turn 30 (G4-11, A4-6) Leadership falls by 1, 2, 3, … each turn.

    False before fatigue begins: no Leadership was lost.
    """
    opts = b.opts
    if opts["fatigue_count"] == "rounds":
        if b.turn % 2:           # a round ends with the second player's turn
            return False
        number = b.turn // 2
    else:
        number = b.turn
    if number < opts["fatigue_start"]:
        return False
    if not b.fatigue_started:
        b.fatigue_started = True
        b.log.emit("fatigue_begins", "S4-R30", turn=b.turn)
    amount = number - opts["fatigue_start"] + 1
    seats = (side.seat,) if opts["fatigue_targets"] == "active" else (0, 1)
    for seat in seats:
        b.sides[seat].leadership -= amount
        if b.log.events is not None:
            b.log.emit("fatigue", "S4-R31", seat=seat, amount=amount, leadership=b.sides[seat].leadership)


def lost_all_cards(b: Battle, side: Side) -> bool:
    """S4-R28 as G4-6 reads it: by default no card left anywhere (deck, reserve, cells, terrain spot;
    equipment rides on a unit); 'everything': no creature or hero still to come or in battle;
    'battle' (A4-8): the line emptied after a unit had entered."""
    rule = b.opts["lost_all_cards"]
    if rule == "battle":
        return side.fielded and not any(side.cells)
    if side.deck or any(side.cells):
        return False
    if rule == "anywhere":
        return not side.reserve and side.terrain is None
    return not any(card.defn.is_unit for card in side.reserve)


def check_end(b: Battle) -> bool:
    """S4-R27/R28/R29 and G4-7: decide the battle when an Ungar is out of Leadership or of cards."""
    if b.result is not None:
        return True
    first, second = b.sides
    if first.leadership > 0 and second.leadership > 0:
        if first.deck and second.deck and b.decks_hold_off_end:
            return False     # the common case, decided without looking at cells
        if not lost_all_cards(b, first) and not lost_all_cards(b, second):
            return False
    lead = [side.leadership for side in b.sides]
    beaten = [value <= 0 for value in lead]
    if any(beaten):
        if all(beaten):
            b.result = _higher(lead, "both Ungars fell to 0 Leadership together", "G4-7", b.opts["double_ko"] == "draw")
        else:
            b.result = Outcome.win_or_draw(beaten.index(False), "Leadership fell to 0", "S4-R27")
    else:
        out = [lost_all_cards(b, side) for side in b.sides]
        if all(out):
            b.result = _higher(lead, "both Ungars lost all their cards", "S4-R29", False)
        elif any(out):
            b.result = Outcome.win_or_draw(out.index(False), "lost all cards", "S4-R28")
    if b.result is not None:
        b.log.emit("end", b.result.rule, winner=b.result.winner, reason=b.result.reason,
                   leadership=lead, turn=b.turn)
        return True
    return False


# The steps of a player-turn (S4-R3), by whether fatigue comes at the start of the turn (A4-6):
# the first step, then the others.
_STEPS = {True: (fatigue, (turn_start, countdown, draw, enter_battle, attack_step)),
          False: (turn_start, (countdown, draw, enter_battle, attack_step, fatigue))}


def _higher(lead: list[int], reason: str, rule: str, always_draw: bool) -> Outcome:
    """The Ungar with more Leadership left wins; equal (or the draw option) is a draw."""
    if always_draw or lead[0] == lead[1]:
        return Outcome.win_or_draw(None, reason + "; a draw", rule)
    return Outcome.win_or_draw(0 if lead[0] > lead[1] else 1, reason + "; more Leadership left wins", rule)


# S4-R26: nobody decides; every automatic step is one player-turn.
TURN = Turn(waiting_for=never_waits, next_step=lambda b: "player_turn", steps={"player_turn": play_turn})
