"""One combat, for either side (F2-5 for a character target, F2-6 for a Base): defense enhancement,
the Commander's join and the Guard, damage calculation, end of combat.

`game.combat` holds the combat in progress (JSON data, part of the digest: its stage names are kept);
`run` takes its stages (`STAGES`) in order until the player must answer (a pending decision, whose
answers are `answer_defend`, `answer_join` and `answer_guard`) or the combat is over.
"""

from ...core.outcome import Outcome
from .abilities import trigger
from .damage import deal, predict
from .field import attack_value, defeat, defense_value, edge, name_of, payable_cards, spend_cards
from .state import AUTOMATON, PLAYER, Card, Game, Unit


def end_game(game: Game, outcome: Outcome) -> None:
    """The game is over: nothing more runs."""
    game.result, game.queue, game.pending, game.combat = outcome, [], None, None
    game.log.emit("game_over", outcome.rule, winners=list(outcome.winners), automaton=outcome.automaton,
                  reason=outcome.reason)


def start(game: Game, attacker: Unit, mode: str, target, attack: int) -> bool:
    """Begin a combat (the attack already declared, paid and enhanced); True when it is over."""
    game.combat = {"attacker": attacker.uid, "side": attacker.side, "mode": mode,
                   "target": "base" if target == "base" else target.uid, "attack": attack,
                   "stage": "defend" if target != "base" else "join", "def_enh": 0, "join": False,
                   "guard": None, "guard_enh": 0}
    return run(game)


def run(game: Game) -> bool:
    """Take the combat's stages until a decision waits (False) or the combat is over (True)."""
    while game.combat is not None and game.pending is None and game.result is None:
        STAGES[game.combat["stage"]](game)
    return game.combat is None


def attacker_of(game: Game) -> Unit:
    return game.unit(game.combat["attacker"])


def defense_cap(game: Game, predicted: int, level: int) -> int:
    """S2-R32 (A2-6): at most 2 uses against a predicted 1 damage; against 2 or more, the level."""
    if game.opts["defense_cap"] == "level":
        return level
    return 2 if predicted == 1 else level


def automaton_defense(game: Game, attack: int, defense: int, hp: int, level: int, mp: int, who: str) -> tuple:
    """S2-R30..R33: how many +1 defense uses (1 MP each) the automaton makes: as many as the cap and MP
    allow while each still lowers the damage (A2-7 'to_survive': only if that saves the character).
    Returns (uses, reasons)."""
    predicted = predict(attack, defense, game.opts["damage"])
    cap = defense_cap(game, predicted, level)
    uses = 0
    while uses < min(cap, mp) and predict(attack, defense + uses + 1, game.opts["damage"]) < \
            predict(attack, defense + uses, game.opts["damage"]):
        uses += 1
    reasons = [{"why": f"{who}: predicted damage {predicted}, cap {cap}, MP {mp}", "rule": "S2-R32",
                "predicted": predicted, "cap": cap, "mp": mp}]
    if uses < min(cap, mp):
        reasons.append({"why": "a further use would not change the damage taken", "rule": "S2-R33"})
    if game.opts["defend_enhance"] == "to_survive" and predict(attack, defense + uses, game.opts["damage"]) >= hp:
        reasons.append({"why": "it would not survive even so: no enhancement", "rule": "A2-7"})
        uses = 0
    return uses, reasons, predicted, cap


def _defend(game: Game) -> None:
    c = game.combat
    target, attacker = game.unit(c["target"]), attacker_of(game)
    attack = c["attack"] + edge(game, attacker, target)
    defense = defense_value(target, c["mode"])
    c["stage"] = "damage"
    if target.side == AUTOMATON:
        who = name_of(game, target)
        if target.mp <= 0:
            game.log.emit("defense_check", "S2-R30", uid=target.uid, name=who, can=False,
                          reasons=[{"why": "no MP left to enhance with", "rule": "S2-R31", "mp": 0}])
            return
        game.log.emit("defense_check", "S2-R30", uid=target.uid, name=who, can=True, mp=target.mp)
        uses, reasons, predicted, cap = automaton_defense(game, attack, defense, target.hp, target.defn.level,
                                                         target.mp, who)
        game.log.emit("defense_cap", "S2-R32", uid=target.uid, predicted=predicted, cap=cap, reasons=reasons[:1])
        if uses == 0 and predicted == 0:
            game.log.emit("defense_no_change", "S2-R33", uid=target.uid, predicted=0,
                          reasons=[{"why": "enhancing would not change the damage (already 0)", "rule": "S2-R33"}])
            return
        target.mp -= uses
        c["def_enh"] = uses
        game.log.emit("defense_enhance", "S2-R31", uid=target.uid, name=who, uses=uses, mp=target.mp,
                      defense=defense + uses, reasons=reasons)
        return
    most = min(target.defn.level, len(payable_cards(game, target)))      # P2-18
    if most > 0:
        game.pending = {"kind": "defend", "uid": target.uid, "attacker": attacker.uid, "mode": c["mode"],
                        "attack": attack, "defense": defense, "most": most,
                        "predicted": predict(attack, defense, game.opts["damage"])}


def _join(game: Game) -> None:
    """S2-R34 / F2-6 (1): does the defender's Commander join the Base's defence?"""
    c = game.combat
    defender = game.sides[1 - c["side"]]
    c["stage"] = "guard"
    commander = defender.commander
    if commander is None:
        return
    if defender.index == PLAYER:
        game.pending = {"kind": "join", "uid": commander.uid, "attacker": c["attacker"], "mode": c["mode"],
                        "attack": c["attack"]}
        return
    rule = game.opts["commander_join"]
    guard_def = defense_value(commander, c["mode"])
    joins = rule == "always" or (rule == "threshold" and c["attack"] >= guard_def)
    c["join"] = joins
    why = {"always": "the Commander always joins (commander_join=always)",
           "never": "the Commander never joins (commander_join=never)"}.get(
        rule, f"attack {c['attack']} {'≥' if joins else '<'} the Commander's defense {guard_def}")
    game.log.emit("commander_join", "S2-R34", uid=commander.uid, name=name_of(game, commander), joins=joins,
                  reasons=[{"why": why, "rule": "G2-4", "attack": c["attack"], "defense": guard_def}])


def _guard(game: Game) -> None:
    """F2-6 (2): reveal the Guard, the top card of the Base; S2-R35 for the automaton's."""
    c = game.combat
    defender = game.sides[1 - c["side"]]
    c["stage"] = "damage"
    if not defender.deck:
        game.log.emit("no_guard", "G2-14", side=defender.index)
        return
    card = defender.deck.pop()
    game.guard = card
    c["guard"] = {"uid": card.uid, "card": card.defn.id}
    game.log.emit("guard", "F2-6", side=defender.index, uid=card.uid, card=card.defn.id, name=name_of(game, card))
    if defender.index == AUTOMATON:
        _automaton_guard(game, card)
        return
    same = [h for h in defender.hand if h.defn.name is not None and h.defn.name == card.defn.name]
    most = min(card.defn.level, len(same))
    if most > 0:
        game.pending = {"kind": "guard", "card": card.defn.id, "uid": card.uid, "attacker": c["attacker"],
                        "mode": c["mode"], "attack": c["attack"], "defense": defense_value(card, c["mode"]),
                        "most": most}


def _automaton_guard(game: Game, card: Card) -> None:
    """S2-R35: a Guard with a same-named character on the battlefield that has MP enhances with that MP."""
    c = game.combat
    order = game.board.declaration_order(game.opts["attack_order"] == "serpentine")
    side = game.sides[AUTOMATON]
    same = [side.at(sq) for sq in order if side.at(sq) and side.at(sq).name == card.defn.name
            and card.defn.name is not None and side.at(sq).mp > 0]
    if not same:
        game.log.emit("guard_alone", "S2-R35", card=card.defn.id,
                      reasons=[{"why": "no same-named character with MP on the battlefield", "rule": "S2-R35"}])
        return
    payer = same[0]
    attacker = attacker_of(game)
    attack = c["attack"] + edge(game, attacker, card)
    defense = defense_value(card, c["mode"]) + _joined_defense(game)
    hp = guard_hp(game, card, AUTOMATON)
    uses, reasons, _, _ = automaton_defense(game, attack, defense, hp, card.defn.level, payer.mp, name_of(game, card))
    payer.mp -= uses
    c["guard_enh"] = uses
    game.log.emit("guard_enhance", "S2-R35", card=card.defn.id, payer=payer.uid, payer_name=name_of(game, payer),
                  uses=uses, mp=payer.mp, reasons=[{"why": f"{name_of(game, payer)} shares the Guard's name and has "
                                                           f"MP", "rule": "S2-R35"}, *reasons])


def _joined_defense(game: Game) -> int:
    c = game.combat
    commander = game.sides[1 - c["side"]].commander
    return defense_value(commander, c["mode"]) if c["join"] and commander else 0


def guard_hp(game: Game, card: Card, side: int) -> int:
    """G2-5: the Guard fights at full HP (the automaton's: its level, A2-10)."""
    if side == AUTOMATON and game.opts["automaton_max_hp"] == "level":
        return card.defn.level
    return max(card.defn.level, card.defn.hp) if side == AUTOMATON else card.defn.hp


def _damage(game: Game) -> None:
    c = game.combat
    c["stage"] = "end"
    attacker = attacker_of(game)
    if c["target"] == "base":
        _base_damage(game, attacker)
        return
    target = game.unit(c["target"])
    attack = c["attack"] + edge(game, attacker, target)
    defense = defense_value(target, c["mode"]) + c["def_enh"]
    damage, roll = deal(game, attack, defense)
    target.hp -= damage
    game.log.emit("damage", "F2-5", attacker=attacker.uid, target=target.uid, mode=c["mode"], attack=attack,
                  defense=defense, roll=roll, damage=damage, hp=max(0, target.hp))
    if target.hp <= 0:
        defeat(game, target, "F2-5")
        trigger(game, attacker, "defeat")


def _base_damage(game: Game, attacker: Unit) -> None:
    """P2-10: the Guard (and a joined Commander) defend together; the damage that gets through hits
    the Base, and each defender takes it too. Then the Guard fights back (G2-5)."""
    c = game.combat
    defender = game.sides[1 - c["side"]]
    card = getattr(game, "guard", None) if c["guard"] else None
    commander = defender.commander if c["join"] else None
    attack = c["attack"] + edge(game, attacker, card)
    defense = (defense_value(card, c["mode"]) + c["guard_enh"] if card else 0) + _joined_defense(game)
    damage, roll = deal(game, attack, defense)
    game.log.emit("base_combat", "P2-10", attacker=attacker.uid, mode=c["mode"], attack=attack, defense=defense,
                  roll=roll, damage=damage, guard=c["guard"], commander=commander.uid if commander else None)
    if commander is not None and damage > 0:
        commander.hp -= damage
        if commander.hp <= 0:
            defeat(game, commander, "P2-10")
    if _hit_base(game, defender, damage):
        return
    if card is not None:
        survives = damage < guard_hp(game, card, defender.index)
        fights = game.opts["guard_fights_back"]
        if fights == "always" or (fights == "if_survives" and survives):
            _fight_back(game, card, attacker)
        if survives:
            defender.deck.insert(0, card)       # G2-5: back under the deck
        else:
            defender.standby.append(card)
        game.log.emit("guard_leaves", "G2-5", card=card.defn.id, survives=survives,
                      to="deck bottom" if survives else "standby")
        game.guard = None


def _hit_base(game: Game, defender, damage: int) -> bool:
    """Damage on a Base; True when it ends the game (S2-R2, S2-R3)."""
    if damage <= 0:
        return False
    if defender.index == AUTOMATON:
        defender.base_damage += damage
        game.log.emit("base_damage", "S2-R2", side=AUTOMATON, damage=damage, total=defender.base_damage,
                      target=game.opts["victory_damage"])
        if defender.base_damage >= game.opts["victory_damage"]:
            end_game(game, Outcome.win(PLAYER, f"{defender.base_damage} damage dealt to the automaton's Base", "S2-R2"))
            return True
        return False
    if defender.base_hp <= 0:
        end_game(game, Outcome.automaton_win("an attack got through to the player's Base at 0 HP", "S2-R3"))
        return True
    defender.base_hp = max(0, defender.base_hp - damage)
    game.log.emit("base_damage", "G2-3", side=PLAYER, damage=damage, hp=defender.base_hp)
    return False


def _fight_back(game: Game, card: Card, attacker: Unit) -> None:
    """G2-5: the Guard strikes back with whichever of its ATK and MAT deals more."""
    options = []
    for mode in ("atk", "mat"):
        value = card.defn.atk if mode == "atk" else card.defn.mat
        options.append((predict(value, defense_value(attacker, mode), game.opts["damage"]), value, mode))
    _, value, mode = max(options)
    damage, roll = deal(game, value, defense_value(attacker, mode))
    attacker.hp -= damage
    game.log.emit("fight_back", "G2-5", card=card.defn.id, target=attacker.uid, mode=mode, attack=value,
                  defense=defense_value(attacker, mode), roll=roll, damage=damage, hp=max(0, attacker.hp))
    if attacker.hp <= 0:
        defeat(game, attacker, "G2-5")


def _end(game: Game) -> None:
    """S2-R26: the attacker, having finished combat, goes to Defense position."""
    attacker = attacker_of(game)
    game.combat = None
    if attacker is not None and attacker.hp > 0:
        attacker.position = "defense"
        game.log.emit("combat_end", "S2-R26", uid=attacker.uid, name=name_of(game, attacker), position="defense")


# A combat's stages in order (a character target skips join and guard; a Base, defend).
STAGES = {"defend": _defend, "join": _join, "guard": _guard, "damage": _damage, "end": _end}


def _answered(game: Game) -> dict:
    """The pending decision, now answered: none waits any more."""
    pending, game.pending = game.pending, None
    return pending


def answer_defend(game: Game, action: list) -> None:
    """F2-10, P2-18: the player pays `["defend", n]` same-named cards for +n defense; the combat runs on."""
    unit = game.unit(_answered(game)["uid"])
    spend_cards(game, unit, action[1], "F2-10")
    game.combat["def_enh"] = action[1]
    game.log.emit("defense_enhance", "P2-18", uid=unit.uid, uses=action[1], side=PLAYER)
    run(game)


def answer_join(game: Game, action: list) -> None:
    """F2-6 (1): the player's Commander joins the Base's defence (`["join"]`) or stays; the combat runs on."""
    pending, c = _answered(game), game.combat
    c["join"] = action[0] == "join"
    game.log.emit("commander_join", "F2-6", uid=pending["uid"], joins=c["join"], side=PLAYER)
    run(game)


def answer_guard(game: Game, action: list) -> None:
    """F2-10, P2-18: the player pays `["defend", n]` cards from hand named as the Guard for +n defense;
    the combat runs on."""
    _answered(game)
    side = game.sides[PLAYER]
    same = [h for h in side.hand if h.defn.name is not None and h.defn.name == game.guard.defn.name]
    for card in same[:action[1]]:
        side.hand.remove(card)
        side.standby.append(card)
        game.log.emit("enhance_cost", "F2-10", side=PLAYER, card=card.defn.id, source="hand")
    game.combat["guard_enh"] = action[1]
    game.log.emit("guard_enhance", "P2-18", uses=action[1], side=PLAYER)
    run(game)


def attack_total(unit: Unit, mode: str, enhance_uses: int) -> int:
    """The declared attack value with `enhance_uses` self-enhancements (F2-4: a, then b)."""
    return attack_value(unit, mode) + sum(unit.defn.enhance[:enhance_uses])
