"""The lanes: minions, the Battle Zones, wave counters, lane pushes and the lanes' victories.

F-S2 wave counters, F-S5 minions at setup, F-A5 an attacked minion is simply defeated, F-D6 minion
defence modifiers (once, before the defender's card: A1-9), F-D7 heavy immunity, F-K4 coins for a
minion, F-K5 "remove" pays none, F-L1 minions return to the Battle Zone, F-L2 respawn limits, the
lane push (spec §4 LANE_PUSH, P1-10) with displaced minions (A1-10), F-W1 and F-W2.

A map has one lane or two (G1-8's double lane, option `map`); every lane is the same code: lane i has its
Battle Zone `game.battle_zones[i]`, its wave counters `game.waves[i]` and its minions (`"lane": i`).
A minion is `{"id": n, "team", "type": "melee"|"ranged"|"heavy", "lane": i, "space": [q, r]}` in
`game.minions`. On two lanes (P1-13) each lane has 7 wave counters; a Last Push counts the zones between
each Throne and both Battle Zones, and when both teams would win at once the minions are restored and play
goes on (G1-8). The lane's prompts (asked and answered through the turn's asks, turn.py):

    {"kind": "minion_remove", "team", "lane", "left": n}          the minion battle (G1-4 step 1): the team
        removes one of its minions in that lane's Battle Zone, heavy last — answer ["minion", id] (choose_target)
    {"kind": "minion_return", "team", "minion": id, "spaces"}      F-L1: which of the equally near Battle Zone
        spaces the stray minion returns to — answer ["space", [q, r]] (choose_target)
    {"kind": "minion_place", "team", "type", "lane", "from", "spaces", "queue", "resume"}   A1-10: where a minion whose
        spawn point holds a unit is placed — answer ["space", [q, r]] (deploy)

`resume` is the prompt a mid-action push interrupted (a text machine), taken up again afterwards.
"""

from ...core.decision import Decision
from ...core.outcome import Outcome
from . import hexes
from .seating import choosers
from .state import TEAMS, Game, HeroState, other

VALUE = {"melee": 2, "ranged": 2, "heavy": 4}          # F-K4
KINDS = ("melee", "ranged", "heavy")
WAVES = {"quick": 3, "long": 5}                          # F-S2
DOUBLE_LANE_WAVES = 7                                    # F-S3: 2×7 on the double-lane map (P1-13)


# --- setup (F-S2, F-S5) ------------------------------------------------------------------------------

def waves_for(options: dict, board) -> int:
    """F-S2: wave counters per lane by game length; F-S3 (P1-13): 7 per lane on a two-lane map."""
    return DOUBLE_LANE_WAVES if len(board.lanes) > 1 else WAVES[options["length"]]


def middles(board) -> list:
    """Each lane's middle zone: its first Battle Zone (F-S5)."""
    return [lane[len(lane) // 2] for lane in board.lanes]


def setup(game: Game) -> None:
    """F-S2 the wave counters; F-S5 each team's minions on its spawn points of each lane's middle zone."""
    game.battle_zones = middles(game.board)
    game.waves = [waves_for(game.opts, game.board)] * len(game.battle_zones)
    game.push_due = [None] * len(game.battle_zones)
    game.log.emit("waves", "F-S2", waves=list(game.waves))
    for lane, zone in enumerate(game.battle_zones):
        for team in TEAMS:
            for kind in KINDS:
                for space in game.board.minion_spawns.get((zone, team, kind), []):
                    add(game, team, kind, space, lane)
    game.log.emit("minions", "F-S5", zones=list(game.battle_zones), minions=[dict(m) for m in game.minions])


def add(game: Game, team: str, kind: str, space, lane: int) -> dict:
    """A new minion of lane `lane` on `space`."""
    minion = {"id": game.next_minion, "team": team, "type": kind, "lane": lane, "space": list(space)}
    game.next_minion += 1
    game.minions.append(minion)
    return minion


# --- reading the lane ---------------------------------------------------------------------------------

def by_id(game: Game, ident) -> dict | None:
    return next((m for m in game.minions if m["id"] == ident), None)


def at(game: Game, space) -> dict | None:
    """The minion on `space`, if any."""
    return next((m for m in game.minions if tuple(m["space"]) == tuple(space)), None)


def in_zone(game: Game, lane: int, team: str | None = None) -> list:
    """The lane's minions in its Battle Zone (of one team)."""
    zone, battle_zone = game.board.zone_of, game.battle_zones[lane]
    return [m for m in game.minions if m["lane"] == lane and zone.get(tuple(m["space"])) == battle_zone
            and (team is None or m["team"] == team)]


def immune(game: Game, minion: dict) -> bool:
    """F-D7: a heavy minion is immune while a friendly non-heavy minion is in its Battle Zone."""
    return minion["type"] == "heavy" and any(m["type"] != "heavy"
                                             for m in in_zone(game, minion["lane"], minion["team"]))


def targets(game: Game, hero: HeroState, reach: int) -> list:
    """F-A5: enemy minions within `reach` of the hero that may be attacked (not immune, F-D7), by id."""
    return [m["id"] for m in game.minions if m["team"] != hero.team and not immune(game, m)
            and hexes.distance(tuple(m["space"]), hero.position) <= reach]


def defence_modifier(game: Game, hero: HeroState) -> tuple[int, list]:
    """F-D6: +1 per adjacent friendly melee or heavy minion, −1 per adjacent enemy one, −1 per enemy ranged
    minion within radius 2. (total, the minions that count with their amounts)."""
    parts = []
    for m in game.minions:
        far = hexes.distance(tuple(m["space"]), hero.position)
        if m["type"] in ("melee", "heavy") and far == 1:
            parts.append({"minion": m["id"], "amount": 1 if m["team"] == hero.team else -1})
        elif m["type"] == "ranged" and m["team"] != hero.team and far <= 2:
            parts.append({"minion": m["id"], "amount": -1})
    return sum(p["amount"] for p in parts), parts


# --- defeat and removal (F-A5, F-K4, F-K5) --------------------------------------------------------------

def defeat(game: Game, minion: dict, attacker: HeroState) -> None:
    """F-A5: an attacked minion is simply defeated (no defence); F-K4: the attacker gains its coins."""
    game.minions.remove(minion)
    game.log.emit("minion_defeated", "F-A5", minion=minion["id"], team=minion["team"], type=minion["type"],
                  space=list(minion["space"]), by=attacker.index)
    attacker.coins += VALUE[minion["type"]]
    game.log.emit("coins", "F-K4", hero=attacker.index, coins=VALUE[minion["type"]], why="minion",
                  type=minion["type"])
    gone(game, minion["team"], minion["lane"])


def remove(game: Game, minion: dict, why: str) -> None:
    """F-K5: "remove" takes the minion off the board and pays no coins."""
    game.minions.remove(minion)
    game.log.emit("minion_removed", "F-K5", minion=minion["id"], team=minion["team"], type=minion["type"],
                  space=list(minion["space"]), why=why)


def gone(game: Game, team: str, lane: int) -> None:
    """§4 LANE_PUSH: a team's last minion in a Battle Zone went (defeated or removed mid-turn): push at once."""
    if game.result is None and not in_zone(game, lane, team):
        push(game, {lane: team})


# --- the lane push (§4 LANE_PUSH, P1-10; F-S2, F-W1, F-W2, F-L2, A1-10) -----------------------------------

def push(game: Game, pushes: dict) -> None:
    """The pushes made at once ({lane: losing team}: one mid-action, or every lane's due push at End of Round
    step 3): each flips its lane's wave counter and moves its Battle Zone toward the loser's Throne; then the
    victories (F-W1 into a Throne, F-W2 the Last Push), else the old zones' minions go and the new zones respawn.

    One lane: the push that flips the last counter wins at once (F-W2, no move). Two lanes (G1-8, P1-13): a push
    that flips its lane's last counter, or finds none left, is a Last Push: after the moves each team counts the
    zones between its Throne and both Battle Zones, the higher count wins (equal: nobody yet). If both teams would
    win at once, nobody does: the Battle Zones stay where they were, their minions are restored (respawned on
    their spawn points, F-L2) and play goes on."""
    lanes = game.board.lanes
    claims, moved, last_push = [], {}, False
    for lane, loser in sorted(pushes.items()):
        winner = other(loser)
        last = game.waves[lane] <= 1
        game.waves[lane] = max(0, game.waves[lane] - 1)
        game.log.emit("wave", "F-S2", team=winner, lane=lane, left=game.waves[lane])
        if last and len(lanes) == 1:
            claims.append((winner, "F-W2", f"team {winner} won the push that flipped the last wave counter"))
            continue
        old = game.battle_zones[lane]
        step = -1 if loser == TEAMS[0] else 1             # the red Throne is each lane's first zone
        game.battle_zones[lane] = lanes[lane][lanes[lane].index(old) + step]
        moved[lane] = old
        game.log.emit("lane_push", "P1-10", winner=winner, loser=loser, lane=lane, to=game.battle_zones[lane],
                      **{"from": old})
        if game.battle_zones[lane] == game.board.throne(loser).id:
            claims.append((winner, "F-W1", f"team {winner} pushed a lane into the {loser} Throne"))
        last_push = last_push or last
    if last_push:
        counts = zones_between(game)
        game.log.emit("last_push", "G1-8", counts=counts)
        if counts["red"] != counts["blue"]:
            leader = max(TEAMS, key=lambda t: counts[t])
            claims.append((leader, "F-W2", f"team {leader} led the zone count at the Last Push (G1-8)"))
    winners = {team for team, _, _ in claims}
    if len(winners) == 1:
        win(game, *claims[0])
        return
    if winners:                                           # G1-8: both would win at once
        game.log.emit("both_would_win", "G1-8", claims=[[team, rule] for team, rule, _ in claims],
                      zones=[moved[lane] for lane in sorted(moved)])
        for lane, old in moved.items():
            game.battle_zones[lane] = old
        respawn(game, sorted(pushes))
        return
    for lane, old in moved.items():
        for minion in [m for m in game.minions if m["lane"] == lane and game.board.zone_of[tuple(m["space"])] == old]:
            remove(game, minion, "lane push")
    respawn(game, sorted(moved))


def zones_between(game: Game) -> dict:
    """G1-8: for each team, the zones between its Throne and each lane's Battle Zone, summed over the lanes."""
    counts = {team: 0 for team in TEAMS}
    for lane, zone in zip(game.board.lanes, game.battle_zones):
        place = lane.index(zone)
        counts["red"] += max(0, place - 1)
        counts["blue"] += max(0, len(lane) - 2 - place)
    return counts


def respawn(game: Game, lanes: list) -> None:
    """Respawn on every spawn point of these lanes' Battle Zones, within F-L2's limit; a token there goes first;
    a unit there displaces the minion (A1-10: placed after every free point is filled, the coin's team first)."""
    displaced = []
    for lane, team, kind in ((lane, team, kind) for lane in lanes for team in TEAMS for kind in KINDS):
        spawns = game.board.minion_spawns.get((game.battle_zones[lane], team, kind), [])
        for space in spawns:
            present = sum(1 for m in in_zone(game, lane, team) if m["type"] == kind) \
                + sum(1 for d in displaced if (d["team"], d["type"], d["lane"]) == (team, kind, lane))
            if present >= len(spawns):
                game.log.emit("minion_not_respawned", "F-L2", team=team, type=kind, space=list(space),
                              spawn_points=len(spawns), present=present)
                continue
            token = game.token_at(space)
            if token is not None:
                game.tokens.remove(token)
                game.log.emit("token_removed", "P1-10", space=list(space), token=token["token"],
                              why="a minion respawns here")
            if space in game.obstacles():
                displaced.append({"team": team, "type": kind, "lane": lane, "from": list(space)})
                continue
            minion = add(game, team, kind, space, lane)
            game.log.emit("minion_respawned", "F-L2", minion=minion["id"], team=team, type=kind,
                          space=list(space), spawn_points=len(spawns), present=present)
    displaced.sort(key=lambda d: d["team"] != game.coin)
    place_displaced(game, displaced, game.pending)


def place_displaced(game: Game, queue: list, resume) -> None:
    """A1-10: each displaced minion into the nearest empty space of the Battle Zone to its blocked spawn point;
    the owning team chooses among equally near spaces."""
    while queue:
        entry = queue.pop(0)
        obstacles = game.obstacles()
        empty = [h for h in game.board.zones[game.battle_zones[entry["lane"]]].spaces if h not in obstacles]
        spaces = hexes.nearest(tuple(entry["from"]), empty, game.board.spaces)
        if len(spaces) > 1:
            game.pending = {"kind": "minion_place", "team": entry["team"], "type": entry["type"],
                            "lane": entry["lane"], "from": entry["from"], "spaces": [list(h) for h in spaces], "queue": queue,
                            "resume": resume}
            return
        if spaces:
            _placed(game, entry, spaces[0])
    game.pending = resume


def _placed(game: Game, entry: dict, space) -> None:
    minion = add(game, entry["team"], entry["type"], space, entry["lane"])
    game.log.emit("minion_placed", "A1-10", minion=minion["id"], team=entry["team"], type=entry["type"],
                  space=list(space), spawn_point=entry["from"])


def win(game: Game, team: str, rule: str, why: str) -> None:
    """F-W1 / F-W2: the lane decides the game."""
    game.result = Outcome.team_win(team, sorted({h.seat for h in game.heroes if h.team == team}), why, rule)
    game.phase = "over"
    game.log.emit("victory", rule, team=team)


# --- minions outside the Battle Zone (F-L1) -------------------------------------------------------------

def stray(game: Game) -> dict | None:
    """F-L1: the first minion outside its lane's Battle Zone, if any."""
    zone = game.board.zone_of
    return next((m for m in game.minions if zone[tuple(m["space"])] != game.battle_zones[m["lane"]]), None)


def return_strays(game: Game, resume=None) -> None:
    """F-L1: a minion outside the Battle Zone returns at once by the shortest path of empty spaces (to the
    nearest Battle Zone space that path reaches; the team chooses among equally near ones, P1-12); with no
    such path, to the nearest empty Battle Zone space (P1-12).
    `resume`: the card text that moved the minion (P1-21), taken up again after the team's choice."""
    minion = stray(game)
    if minion is None:
        return
    here = tuple(minion["space"])
    blocked = game.obstacles() - {here}
    empty = [h for h in game.board.zones[game.battle_zones[minion["lane"]]].spaces if h not in blocked]
    far = hexes.distances(here, game.board.spaces, blocked)
    reached = [h for h in empty if h in far]
    if reached:
        best = min(far[h] for h in reached)
        spaces = sorted(h for h in reached if far[h] == best)
    else:
        spaces = hexes.nearest(here, empty, game.board.spaces)
    if not spaces:
        remove(game, minion, "no empty space in the Battle Zone")
        gone(game, minion["team"], minion["lane"])
        return
    if len(spaces) > 1:
        game.pending = {"kind": "minion_return", "team": minion["team"], "minion": minion["id"],
                        "spaces": [list(h) for h in spaces], **({"resume": resume} if resume else {})}
        return
    _return(game, minion, spaces[0], bool(reached))


def _return(game: Game, minion: dict, space, by_path: bool = True) -> None:
    start = list(minion["space"])
    minion["space"] = list(space)
    game.log.emit("minion_returns", "F-L1", minion=minion["id"], team=minion["team"], to=list(space),
                  **{"from": start}, by_path=by_path)


# --- End of Round (G1-4 steps 1 and 3) -----------------------------------------------------------------------

def minion_battle(game: Game, first: int = 0) -> None:
    """G1-4 step 1, per Battle Zone in lane order: the team with fewer minions there removes the difference, its
    choice, the heavy last; a team left with none makes that lane's push due (it waits for step 3)."""
    for lane in range(first, len(game.battle_zones)):
        counts = {team: len(in_zone(game, lane, team)) for team in TEAMS}
        game.log.emit("minion_battle", "G1-4", lane=lane, zone=game.battle_zones[lane], counts=counts)
        if counts["red"] == counts["blue"]:
            continue
        team = min(TEAMS, key=lambda t: counts[t])
        removing(game, lane, team, counts[other(team)] - counts[team])
        if game.pending is not None:
            return


def removing(game: Game, lane: int, team: str, left: int) -> None:
    """Remove `left` more minions of `team` from the lane's Battle Zone; ask only when the choice is real: when
    the count takes every minion the heavy-last order allows (all the non-heavy ones), nobody is asked."""
    while left > 0:
        mine = in_zone(game, lane, team)
        if not mine:
            break
        choices = [m for m in mine if m["type"] != "heavy"] or mine          # the heavy last
        if left < len(choices):                                               # some of them stay: the team picks
            game.pending = {"kind": "minion_remove", "team": team, "lane": lane, "left": left,
                            "minions": sorted(m["id"] for m in choices)}
            return
        remove(game, choices[0], "minion battle")
        left -= 1
    game.pending = None
    counts = {t: len(in_zone(game, lane, t)) for t in TEAMS}
    if counts[team] == 0 and counts[other(team)] > 0:
        game.push_due[lane] = team
        game.log.emit("push_due", "G1-4", lane=lane, loser=team)


def lane_push(game: Game) -> None:
    """G1-4 step 3: the pushes the minion battle made due, every lane's at once (G1-8)."""
    due = {lane: team for lane, team in enumerate(game.push_due) if team is not None}
    game.push_due = [None] * len(game.battle_zones)
    if due:
        push(game, due)


# --- the lane's prompts (the turn's asks, turn.py) -----------------------------------------------------------

def decide(game: Game, kind: str) -> Decision:
    """The team's choice (any one of its seats, or its lowest: option tie_chooser): which minion the minion battle
    removes (G1-4 step 1), or where a stray (F-L1, P1-12) or displaced (A1-10) minion goes."""
    pending = game.pending
    seats = choosers(game, pending["team"])
    if kind == "minion_remove":
        legal = [["minion", i] for i in pending["minions"]]
    else:
        legal = [["space", list(h)] for h in pending["spaces"]]
    return Decision(tuple(seats), {s: legal for s in seats}, "deploy" if kind == "minion_place" else "choose_target",
                    dict(pending), any_of=len(seats) > 1)


def answer(game: Game, action) -> bool:
    """Apply a team's answer to a lane prompt; True when a card text it interrupted is to be taken up again
    (the caller runs it: the text machine sits above the lane)."""
    pending = game.pending
    kind = pending["kind"]
    if kind == "minion_remove":
        remove(game, by_id(game, action[1]), "minion battle")
        removing(game, pending["lane"], pending["team"], pending["left"] - 1)
        if game.pending is None:
            minion_battle(game, pending["lane"] + 1)          # the next Battle Zone's battle
        return False
    if kind == "minion_return":
        game.pending = pending.get("resume")
        _return(game, by_id(game, pending["minion"]), tuple(action[1]))
        return game.pending is not None and game.pending["kind"] == "text"
    entry = {"team": pending["team"], "type": pending["type"], "lane": pending["lane"], "from": pending["from"]}
    _placed(game, entry, tuple(action[1]))
    place_displaced(game, list(pending["queue"]), pending["resume"])
    return game.pending is not None and game.pending["kind"] == "text"
