"""What a seat sees (`view`), documented for renderers.

    {"round": N, "active": "player"|"automaton", "first_turn": bool, "over": bool,
     "board": {rows, cols, base: [[r, c] player, [r, c] automaton], beside, own, invasion, centre,
               routes: {red, blue}, front_line, back_line, command_zone_side, standby_zone_side},
     "sides": [PLAYER_SIDE, AUTOMATON_SIDE],
     "pending": {"kind": "commander"|"main"|"defend"|"join"|"guard", …prompt data} or None,
     "combat": the attack in progress or None,
     "cards": {card id: printed card}, "names", "abilities", "ranges": the content the view refers to,
     "options": {…}, "result": outcome data or None}

    SIDE = {"side": "player"|"automaton", "ap": int,
            "base_hp": int (player), "base_damage": int, "victory_damage": int (automaton),
            "deck": count, "hand": [{"uid", "card"}] (player) | count (automaton, secret),
            "commander": UNIT or None (the Command Zone), "units": [UNIT] (on squares),
            "standby": [{"uid", "card"}] (public, in order)}
    UNIT = {"uid", "card", "side", "hp", "max_hp", "mp", "position": "attack"|"defense",
            "square": [row, col] | None, "growth": [{"uid", "card"}], "fresh", "moved", "focus", "boost",
            "used", "declared"}

Hidden until the game ends: the order of both decks and the automaton's hand (P2: the spectator sees
what the player sees: the only human's own hand is shown). Afterwards `decks` and the automaton's hand
appear in full.
"""

from .state import AUTOMATON, PLAYER, SIDE_NAMES, Game


def view(game: Game, pending: dict | None) -> dict:
    over = game.result is not None
    sides = []
    for side in game.sides:
        data = {"side": SIDE_NAMES[side.index], "ap": side.ap, "deck": len(side.deck),
                "commander": side.commander.to_data() if side.commander else None,
                "units": [u.to_data() for u in side.units],
                "standby": [c.to_data() for c in side.standby], "base_damage": side.base_damage}
        if side.index == PLAYER:
            data["base_hp"] = side.base_hp
            data["hand"] = [c.to_data() for c in side.hand]
        else:
            data["victory_damage"] = game.opts["victory_damage"]
            data["hand"] = [c.to_data() for c in side.hand] if over else len(side.hand)
        if over:
            data["deck_cards"] = [c.to_data() for c in reversed(side.deck)]
        sides.append(data)
    ids = set()
    for side in game.sides:
        for unit in side.characters():
            ids.add(unit.defn.id)
            ids.update(c.defn.id for c in unit.growth)
        ids.update(c.defn.id for c in side.standby)
    ids.update(c.defn.id for c in game.sides[PLAYER].hand)
    if pending and pending.get("choices"):
        ids.update(pending["choices"])
    if game.combat and game.combat.get("guard"):
        ids.add(game.combat["guard"]["card"])
    if over:
        ids.update(c.defn.id for side in game.sides for c in side.deck + side.hand)
    content = game.content
    cards = {cid: content.cards[cid].to_data() for cid in sorted(ids)}
    names = {n: content.names[n] for n in sorted({c["name"] for c in cards.values() if c["name"]})}
    abilities = {a: content.abilities[a].to_data() for a in sorted({a for c in cards.values() for a in c["abilities"]})}
    ranges = {r: {"offsets": [list(o) for o in content.ranges[r]["offsets"]], "name": content.ranges[r]["name"]}
              for r in sorted({c["range"] for c in cards.values()})}
    return {"round": game.round, "active": SIDE_NAMES[game.active], "first_turn": game.first_turn, "over": over,
            "board": game.board.to_data(), "sides": sides, "pending": pending, "combat": game.combat,
            "cards": cards, "names": names, "abilities": abilities, "ranges": ranges,
            "options": dict(game.opts), "result": None if game.result is None else game.result.to_data()}


def secrets(game: Game) -> list:
    """The deck orders (when they could differ) and the automaton's hand, while the game lasts."""
    if game.result is not None:
        return []
    found = [{"secret": "deck order", "side": s.index, "cards": [c.defn.id for c in reversed(s.deck)]}
             for s in game.sides if len({c.defn.id for c in s.deck}) > 1]
    hand = game.sides[AUTOMATON].hand
    if hand:
        found.append({"secret": "automaton hand", "cards": [c.defn.id for c in hand]})
    return found
