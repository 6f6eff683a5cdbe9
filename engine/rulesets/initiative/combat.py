"""The parts of an action that card text runs without a choice: the automatic text steps (modify, marker,
push, coins), the attack meeting its target's defence (F-D1, F-D2, F-D4, F-D6) and defeat (F-K1…F-K3, F-W3).
text.py calls them; they call nothing above them."""

from ...core.outcome import Outcome
from . import hexes, lane, levelling, stats
from .resolution import resolve_at_defeat
from .state import Game, HeroState, other

ASSIST = (1, 1, 1, 2, 2, 2, 3, 3)       # F-K2: assist coins by the defeated hero's level


# --- automatic text steps (the others need a choice: text.py) ---------------------------------------

def _affected(game: Game, hero: HeroState, step: dict, target: HeroState | None, card) -> list:
    who = step.get("who", "self")
    if who == "self":
        return [hero]
    if who == "target":
        return [target] if target is not None and target.position is not None else []
    friendly = who == "friendly_in_radius"       # keywords: "friendly" never includes yourself
    reach = stats.radius(game, hero, card, step["radius"])
    return [h for h in game.heroes if h is not hero and h.position is not None
            and (h.team == hero.team) == friendly and hexes.distance(h.position, hero.position) <= reach]


def _modify(game, hero, card, step, target) -> None:
    """An active effect on a stat for its duration (keywords: This Turn / This Round / Next Turn)."""
    t = stats.now(game)
    last_of_round = game.round * 4
    start, end = {"this_turn": (t, t), "next_turn": (t + 1, t + 1), "this_round": (t, last_of_round),
                  "while_on_board": (t, 10 ** 6)}[step["duration"]]
    for other_hero in _affected(game, hero, step, target, card):
        # F-A8: at most one instance of an active effect exists per card
        other_hero.effects = [e for e in other_hero.effects if not (e["card"] == card.id and e["stat"] == step["stat"])]
        other_hero.effects.append({"stat": step["stat"], "amount": step["amount"], "start": start, "end": end,
                                   "card": card.id, "by": hero.index})     # its creator: cancelled at its defeat (F-K1)
        game.log.emit("effect", "S1-R16", hero=other_hero.index, stat=step["stat"], amount=step["amount"],
                      duration=step["duration"], card=card.id)


def _marker(game, hero, card, step, target) -> None:
    for other_hero in _affected(game, hero, step, target, card):
        other_hero.markers.append(step["marker"])
        game.log.emit("marker", "S1-R16", hero=other_hero.index, marker=step["marker"], card=card.id)


def _push(game, hero, card, step, target) -> bool:
    """Keywords, Push X: straight away from the pusher, as far as possible (possibly 0 spaces)."""
    if target is None or target.position is None:
        return False
    direction = hexes.direction_to(hero.position, target.position)
    if direction is None:                            # not in a straight line: "as far as possible" is 0 spaces
        game.log.emit("push", "S1-R16", hero=target.index, spaces=0, to=list(target.position))
        return True
    obstacles = game.obstacles()
    moved = 0
    while moved < step["distance"]:
        there = hexes.add(target.position, direction)
        if there not in game.board.spaces or there in obstacles:
            break
        target.position = there
        moved += 1
    game.log.emit("push", "S1-R16", hero=target.index, spaces=moved, to=list(target.position))
    return True


def _coins(game, hero, card, step, target) -> None:
    hero.coins += step["amount"]
    game.log.emit("coins", "S1-R16", hero=hero.index, coins=step["amount"], why="text", card=card.id)


STEP_DOERS = {"modify": _modify, "marker": _marker, "push": _push, "coins": _coins}


# --- attack and defence (F-A5, F-D1…F-D7) ----------------------------------------------------------

def ask_defence(game: Game, m: dict) -> bool:
    """F-D2 steps 2–3: the target still in reach (else False: the attack fails), then its seat may discard a card."""
    hero, card = game.heroes[m["hero"]], game.content.cards[m["card"]]
    if m.get("minion") is not None:                        # F-A5: an attacked minion is simply defeated
        minion = lane.by_id(game, m["minion"])
        if minion is None or hexes.distance(tuple(minion["space"]), hero.position) > stats.attack_range(game, hero, card):
            return False
        lane.defeat(game, minion, hero)
        return True
    target = game.heroes[m["target"]]
    if target.position is None or hexes.distance(target.position, hero.position) > stats.attack_range(game, hero, card):
        return False
    total = stats.attack_total(game, hero, card)
    levelling.cite_item(game, hero, card, "attack")
    game.log.emit("attack_total", "F-D1", hero=hero.index, target=target.index, attack=total, printed=card.value)
    minions, parts = lane.defence_modifier(game, target)           # F-D2 step 2, once, before the card (A1-9)
    if parts:
        game.log.emit("minion_modifiers", "F-D6", hero=target.index, total=minions, minions=parts)
    why = defenceless(game, target)
    if why is not None:                                            # F-D3: nothing to defend with, no question
        game.log.emit("no_defense", "F-D3", hero=target.index, attack=total, why=why)
        defeat(game, target, hero)
        return True
    game.pending = {"kind": "defend", "hero": target.index, "attacker": hero.index,
                    "attack": total, "ranged": card.ranged, "minions": minions, "resume": m}
    return True


def defenceless(game: Game, hero: HeroState) -> str | None:
    """F-D3: why the hero cannot defend ("empty_hand"; "none_may_defend" under P1-2's defend_cards), else None."""
    if not hero.hand:
        return "empty_hand"
    return "none_may_defend" if len(defend_options(game, hero)) == 1 else None


def defend_options(game: Game, hero: HeroState) -> list:
    """F-D2 step 3/F-D3: one card of the hand (never a played one) or none; P1-2 which cards may defend."""
    cards = game.content.cards
    usable = [c for c in sorted(hero.hand) if game.opts["defend_cards"] == "any" or cards[c].defense is not None
              or cards[c].block is not None]                 # a "!" alone shows in the Defense place (F-D4)
    return [["defend", c] for c in usable] + [["no_defense"]]


def blocks(card, ranged: bool) -> bool:
    """F-D4: the card's "!" blocks this kind of attack whatever the totals."""
    return card.block == ("ranged_attack" if ranged else "melee_attack")


def defends(card, total: int, attack: int, ranged: bool) -> bool:
    """F-D2 step 6 / F-D4: a block card ("!") holds by its condition alone (unmet: defeat, whatever number is
    printed beside the "!"); any other card by its Defense total against the attack total."""
    if card.block is not None:
        return blocks(card, ranged)
    return total >= attack


def defence_preview(game: Game, pending: dict) -> dict:
    """What each card the attacked hero may defend with would do (F-D2 step 5, before the choice): its
    Defense total against this attack, its own "on defend" +Defense text counted (F-D5) and the minion
    modifier (F-D6), whether it blocks (F-D4) and whether it holds ("defends": a block card by its condition
    alone). Shown to the defender only (view.py, the decision)."""
    hero = game.heroes[pending["hero"]]
    preview = {}
    for action in defend_options(game, hero)[:-1]:           # the cards, not "no defence"
        card = game.content.cards[action[1]]
        own_text = sum(step["amount"] for step in card.effect
                       if card.primary in ("defense", "defense_skill") and step.get("when") == "on_defend"
                       and step.get("do") == "modify" and step.get("stat") == "defense" and step.get("who", "self") == "self")
        total = stats.defense_total(game, hero, card) + own_text + pending.get("minions", 0)
        preview[card.id] = {"total": total, "blocks": blocks(card, pending["ranged"]),
                            "defends": defends(card, total, pending["attack"], pending["ranged"])}
    return preview


def defence_total(game: Game, m: dict) -> None:
    """F-D2 steps 5–6: the Defense total against the attack total; a block card by its condition (F-D4); no card
    (F-D3, chosen); defeat."""
    defense = m["defense"]
    target, attacker = game.heroes[m["hero"]], game.heroes[defense["attacker"]]
    if defense["card"] is None:
        game.log.emit("no_defense", "F-D3", hero=target.index, attack=defense["attack"], why="chosen")
        defended = False
    else:
        card = game.content.cards[defense["card"]]
        total = stats.defense_total(game, target, card) + defense.get("minions", 0)      # F-D6
        levelling.cite_item(game, target, card, "defense")
        defended = defends(card, total, defense["attack"], defense["ranged"])
        game.log.emit("defend", "F-D4" if card.block is not None else "F-D2", hero=target.index, card=card.id,
                      defense=total, attack=defense["attack"], defended=defended)
    if not defended:
        defeat(game, target, attacker)


def cancel_effects(game: Game, hero: HeroState) -> None:
    """F-K1: the active effects the defeated hero created end at once, on every unit they touch (markers it gave
    stay, A1-8); so do its effects still due later (P1-5)."""
    for unit in game.heroes:
        ended = [e for e in unit.effects if e.get("by") == hero.index]
        unit.effects = [e for e in unit.effects if e.get("by") != hero.index]
        for effect in ended:
            game.log.emit("effect_cancelled", "F-K1", hero=unit.index, by=hero.index, stat=effect["stat"],
                          amount=effect["amount"], card=effect["card"])
    game.scheduled = [e for e in game.scheduled if e["hero"] != hero.index]


def defeat(game: Game, hero: HeroState, attacker: HeroState) -> None:
    """F-K1…F-K3: off the board, its effects cancelled, its card resolved without action, coins, assists, life
    counters; F-W3."""
    hero.position = None
    game.log.emit("defeated", "F-K1", hero=hero.index, by=attacker.index)
    hero.effects, hero.markers = [], []                       # A1-8: the markers it carries
    cancel_effects(game, hero)
    if hero.index in game.unresolved and hero.index != game.acting:
        if game.opts["defeated_card"] == "resolves_at_defeat":
            resolve_at_defeat(game, hero)                     # G1-6: now, out of the initiative order
        else:
            game.no_action.add(hero.index)                    # G1-6 resolves_in_order: when its initiative comes up
    attacker.coins += hero.level
    game.log.emit("coins", "F-K2", hero=attacker.index, coins=hero.level, why="defeat")
    for friend in game.heroes:
        if friend.team == attacker.team and friend is not attacker:
            friend.coins += ASSIST[hero.level - 1]
            game.log.emit("coins", "F-K2", hero=friend.index, coins=ASSIST[hero.level - 1], why="assist")
    tier = 1 if hero.level <= 3 else 2 if hero.level <= 6 else 3
    game.life[hero.team] = max(0, game.life[hero.team] - tier)
    game.log.emit("life", "F-K3", team=hero.team, spent=tier, left=game.life[hero.team])
    if game.life[hero.team] == 0:
        winner = other(hero.team)
        game.result = Outcome.team_win(winner, sorted({h.seat for h in game.heroes if h.team == winner}),
                                       f"team {hero.team} spent its last life counter", "F-W3")
        game.phase = "over"
        game.log.emit("victory", "F-W3", team=winner)
