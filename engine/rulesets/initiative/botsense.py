"""What the sensible bot reads from one seat's view: board geometry, card values, and what others might hold.

Only the view: positions, life counters, dashboards, discards, the turn's played cards, effects,
markers, items and the printed decks of the heroes in play (view.py) — never a hidden hand. The
values mirror stats.py (F-D1 attack, F-D2 step 5 defence, F-V5 items, active effects, Poison) on
view data. The board's geometry is static, so it is worked out once per map and kept.

The lane is read through `battle_zones(view)` and `waves(view)` only (one entry per lane: the view holds
`battle_zone`/`waves` for a one-lane map, `battle_zones`/`waves` lists for more) and `Lane`, which counts each
Battle Zone's minions per team, knows F-D7's immunity and whether a push would win (F-W1, F-W2);
`minion_modifier` is F-D6 on view data.
"""

from . import hexes

POISON = "poison"
_GEOMETRY: dict = {}          # map key -> Geometry


class Geometry:
    """A map's spaces, terrain, zones, zone adjacency and path distances (through units, around terrain)."""

    def __init__(self, board: dict):
        self.terrain = frozenset(tuple(h) for h in board["terrain"])
        self.zone_of, self.zone_spaces = {}, {}
        for zone, data in board["zones"].items():
            spaces = [tuple(h) for h in data["spaces"]]
            self.zone_spaces[zone] = spaces
            for h in spaces:
                self.zone_of[h] = zone
        self.spaces = frozenset(self.zone_of)                   # every space, terrain included
        self.open = self.spaces - self.terrain
        self.spawns = {team: [tuple(h) for h in hs] for team, hs in board["hero_spawns"].items()}
        self.adjacent = {z: {o for o in self.zone_spaces if o == z or hexes.zones_adjacent(
            self.zone_spaces[z], self.zone_spaces[o], self.terrain)} for z in self.zone_spaces}
        self._far: dict = {}

    def far(self, start) -> dict:
        """Path distance from `start` to every open space, around terrain (units move, so they are ignored)."""
        found = self._far.get(start)
        if found is None:
            found = self._far[start] = hexes.distances(start, self.open)
        return found


def geometry(board: dict) -> Geometry:
    """The geometry of the view's board, built once per map."""
    key = (board["id"], len(board["terrain"]), sum(len(z["spaces"]) for z in board["zones"].values()))
    found = _GEOMETRY.get(key)
    if found is None:
        found = _GEOMETRY[key] = Geometry(board)
    return found


# --- card values on view data (stats.py) ------------------------------------------------------------

def defense_value(card: dict):
    """The printed Defense value used when defending: the primary's or the secondary's (None: none)."""
    if card["primary"] in ("defense", "defense_skill"):
        return card["value"]
    return card["secondaries"].get("defense")


def shows(card: dict, icon: str) -> bool:
    """F-V5: an item applies only to a card that prints its icon."""
    return {"initiative": card["initiative"] is not None, "range": card["range"] is not None,
            "radius": card["radius"] is not None, "attack": card["primary"] == "attack",
            "movement": card["primary"] == "movement" or "movement" in card["secondaries"],
            "defense": defense_value(card) is not None}.get(icon, False)


def items(hero: dict, card: dict, icon: str) -> int:
    return hero["items"].get(icon, 0) if shows(card, icon) else 0


def bonus(hero: dict, stat: str, now: int) -> int:
    """The hero's active effects on `stat` at turn `now`."""
    return sum(e["amount"] for e in hero["effects"] if e["stat"] == stat and e["start"] <= now <= e["end"])


def poison(hero: dict) -> int:
    return hero["markers"].count(POISON)


def attack_total(hero: dict, card: dict, now: int) -> int:
    """F-D1."""
    return card["value"] + items(hero, card, "attack") + bonus(hero, "attack", now) - poison(hero)


def defense_total(hero: dict, card: dict, now: int) -> int:
    """F-D2 step 5, plus the card's own Defense text that raises the defender's Defense (F-D2 step 4)."""
    own = sum(s["amount"] for s in card.get("effect", ()) if s.get("when") == "on_defend" and s["do"] == "modify"
              and s["stat"] == "defense" and s.get("who", "self") == "self") \
        if card["primary"] in ("defense", "defense_skill") else 0
    return (defense_value(card) or 0) + own + items(hero, card, "defense") + bonus(hero, "defense", now) - poison(hero)


def movement(hero: dict, card: dict, primary: bool, now: int) -> int | None:
    """Spaces a movement action of this card may cover (None: the card has no such movement)."""
    if primary and card["primary"] != "movement":
        return None
    if not primary and "movement" not in card["secondaries"]:
        return None
    base = card["value"] if primary else card["secondaries"]["movement"]
    return max(0, base + items(hero, card, "movement") + bonus(hero, "movement", now))


def attack_range(hero: dict, card: dict, now: int) -> int:
    """F-A5: a ranged attack's range with items and effects; 1 for melee."""
    if not card["ranged"]:
        return 1
    return max(1, card["range"] + items(hero, card, "range") + bonus(hero, "range", now))


def initiative(hero: dict, card: dict, now: int, printed: bool) -> int:
    """A1-6."""
    if printed:
        return card["initiative"]
    return card["initiative"] + items(hero, card, "initiative") + bonus(hero, "initiative", now) - poison(hero)


def pre_attack_move(card: dict) -> int:
    """Spaces the card's own "before the attack" text lets its hero move (Shoulder Charge)."""
    return sum(s.get("up_to", 0) for s in card.get("effect", ())
               if s["do"] == "move" and s.get("when") == "before_attack" and s.get("who", "self") == "self")


def poisons_target(card: dict) -> bool:
    """True when the attack puts Poison on its target before the defence (−1 Defense)."""
    return any(s["do"] == "marker" and s.get("marker") == POISON and s.get("who") == "target"
               and s.get("when") == "before_attack" for s in card.get("effect", ()))


# --- what another hero might hold ---------------------------------------------------------------------

def possible_hand(view: dict, hero: dict) -> list:
    """Cards the hero may hold, from public facts: its printed deck less its dashboard, discard and
    played card. At level 1 only the starting cards (tiers 0 and I, F-S4) can be in a hand; above,
    any upgrade might be (conservative)."""
    if isinstance(hero["hand"], list):
        return list(hero["hand"])
    if hero["hand"] == 0:
        return []
    used = {c for c in hero["dashboard"] + hero["discard"] if c}
    played = view["played"].get(str(hero["index"]))
    if played:
        used.add(played)
    top = 1 if hero["level"] <= 1 else 3
    return [cid for cid, card in view["cards"].items()
            if card["hero"] == hero["hero"] and cid not in used and card["tier"] <= top]


def best_defence(view: dict, hero: dict, ranged: bool, now: int, extra_poison: int = 0) -> tuple:
    """(highest Defense total the hero could show with a card that is not a block card, whether it might block
    this attack: F-D4) — best is None when no such card. Conservative: it is assumed to hold its best card."""
    any_card = view["options"].get("defend_cards") == "any"
    block = "ranged_attack" if ranged else "melee_attack"
    best, blocks = None, False
    for cid in possible_hand(view, hero):
        card = view["cards"][cid]
        if defense_value(card) is None and not any_card:
            continue
        if card.get("block"):                    # F-D4: it blocks or fails, its printed number never counts
            blocks = blocks or card["block"] == block
            continue
        total = defense_total(hero, card, now) - extra_poison
        best = total if best is None else max(best, total)
    return best, blocks


def threat_reach(view: dict, hero: dict, now: int) -> int:
    """The farthest another hero could attack from where it stands with a card it may hold."""
    reach = 0
    for cid in possible_hand(view, hero):
        card = view["cards"][cid]
        if card["primary"] == "attack":
            reach = max(reach, attack_range(hero, card, now) + pre_attack_move(card))
    return reach


# --- the lane (F-S2, F-S5, F-D6, F-D7, F-W1, F-W2) -----------------------------------------------------
# Every reading of the Battle Zone(s) and the wave counters goes through `battle_zones` and `waves`: a map
# may have more than one lane (the view then holds "battle_zones" and "waves" as lists, one per lane).

def battle_zones(view: dict) -> list:
    """The Battle Zone of each lane."""
    return list(view["battle_zones"])


def waves(view: dict) -> list:
    """The wave counters left, one per lane."""
    return list(view["waves"])


def lanes(board: dict) -> list:
    """Each lane's zones in order, red Throne first."""
    return [list(lane) for lane in board["lanes"]]


class Lane:
    """One view's lane state: the minions of each Battle Zone by team, immunity (F-D7), and what a push
    of each team would do (F-W1, F-W2)."""

    def __init__(self, view: dict, geo: Geometry):
        self.zones = battle_zones(view)
        left = waves(view)
        self.waves = {z: (left[i] if len(left) == len(self.zones) else min(left, default=99))
                      for i, z in enumerate(self.zones)}
        self.minions = view.get("minions") or []
        self.zone_of = {m["id"]: geo.zone_of.get(tuple(m["space"])) for m in self.minions}
        self.count = {}                                     # (zone, team) -> minions there
        self.plain = {}                                     # (zone, team) -> non-heavy minions there
        for m in self.minions:
            key = (self.zone_of[m["id"]], m["team"])
            self.count[key] = self.count.get(key, 0) + 1
            if m["type"] != "heavy":
                self.plain[key] = self.plain.get(key, 0) + 1
        self.board = view["board"]

    def zone(self, minion: dict):
        return self.zone_of.get(minion["id"])

    def left(self, zone, team: str) -> int:
        return self.count.get((zone, team), 0)

    def immune(self, minion: dict) -> bool:
        """F-D7: a heavy minion is immune while a friendly non-heavy minion is in its Battle Zone."""
        return minion["type"] == "heavy" and self.plain.get((self.zone(minion), minion["team"]), 0) > 0

    def attackable(self, team: str) -> list:
        """Minions of the other teams that an attack may target (not immune)."""
        return [m for m in self.minions if m["team"] != team and not self.immune(m)]

    def push_wins(self, zone, loser: str) -> bool:
        """True when a push won against `loser` in `zone`'s lane ends the game: the last wave counter (F-W2)
        or the Battle Zone moving into the loser's Throne (F-W1)."""
        if self.waves.get(zone, 99) <= 1:
            return True
        for lane in lanes(self.board):
            if zone in lane:
                i = lane.index(zone) + (-1 if loser == lane_team(self.board, lane[0]) else 1)
                return 0 <= i < len(lane) and self.board["zones"][lane[i]]["kind"] == "throne"
        return False


def lane_team(board: dict, zone) -> str:
    """The team whose Throne is `zone` (red when the map does not say)."""
    return board["zones"][zone].get("team") or "red"


def minion_modifier(minions: list, team: str, space) -> int:
    """F-D6 for a hero of `team` defending on `space`: +1 per adjacent friendly melee or heavy minion, −1 per
    adjacent enemy one, −1 per enemy ranged minion within radius 2."""
    total = 0
    for m in minions:
        far = hexes.distance(tuple(m["space"]), tuple(space))
        if far == 1 and m["type"] != "ranged":
            total += 1 if m["team"] == team else -1
        elif m["type"] == "ranged" and m["team"] != team and far <= 2:
            total -= 1
    return total
