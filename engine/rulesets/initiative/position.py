"""Positions from a compact description: rule demos, teaching links and rule tests start from these.

    {"heroes": ["brannoc@0,4 hand=brannoc_strike+brannoc_guard level=2 coins=3 poison",
                "isra@off", "brannoc@2,4", "isra@5,4 dashboard=isra_aim"],
     "coin": "blue", "life": {"red": 2, "blue": 4}, "round": 2, "turn": 2, "tokens": ["rubble@9,4 hero=0"],
     "minions": ["red melee@9,7", "blue heavy@15,5"], "battle_zones": ["causeway"], "waves": [2]}

One description per hero in play, in hero order (the seats running them follow from the options,
`ruleset.hero_seats`). A hero is `hero_id@q,r` (axial coordinates) or `hero_id@off`, then optional
words: `hand=` and `dashboard=` (the hero's own card ids joined by `+`; the hand defaults to the
starting hand of F-S4 less the dashboard's cards, the dashboard fills slots from turn 1), `level=`, `coins=`, and marker names.
The upgrade pool is the hero's other cards. A token is `kind@q,r hero=N` (N placed it, from its
supply). A minion is `team type@q,r` (type melee, ranged or heavy), then `lane=N` when the map has two lanes
and the space is in no lane's zone (otherwise the lane is the space's); a position has no minion unless it lists
some (one standing outside its lane's Battle Zone returns to it at the first automatic step, F-L1).
`battle_zones` lists each lane's Battle Zone, a zone of that lane other than a Throne (default: the middle
zones, F-S5); `waves` the wave counters left, one number for every lane or a list per lane (default F-S2's
number for the game's length, F-S3's 7 per lane on the double-lane map). A description comes from links, so every mistake is a BadSetup naming what is wrong.
"""

from ...core.errors import BadSetup
from ...core.rng import Rng
from .effects import MARKERS, TOKENS
from .levelling import ULTIMATE
from .lane import add as add_minion, middles, waves_for
from .seating import life_counters, team_of
from .state import SLOTS, TEAMS, Game, HeroState

KEYS = {"heroes", "coin", "life", "round", "turn", "tokens", "minions", "battle_zones", "waves"}
MAX_LANES = 2
MINION_TYPES = ("melee", "ranged", "heavy")
MAX_WORDS = 12
MAX_TEXT = 400


def check_position(position) -> dict:
    """The description's shape (types and sizes); heroes, cards and spaces are checked when it is built."""
    if not isinstance(position, dict) or not position or set(position) - KEYS or "heroes" not in position:
        raise BadSetup(f"a position is an object with 'heroes' and some of: {', '.join(sorted(KEYS - {'heroes'}))}")
    heroes = position["heroes"]
    if not isinstance(heroes, list) or not 2 <= len(heroes) <= 7 or not all(
            isinstance(h, str) and len(h) <= MAX_TEXT and 0 < len(h.split()) <= MAX_WORDS for h in heroes):
        raise BadSetup(f"position 'heroes' must list 2 to 7 hero descriptions ('hero_id@q,r …', at most "
                       f"{MAX_WORDS} words each)")
    coin = position.get("coin", "red")
    if coin not in TEAMS:
        raise BadSetup("position 'coin' must be 'red' or 'blue'")
    life = position.get("life", {})
    if not isinstance(life, dict) or set(life) - set(TEAMS) or not all(
            type(v) is int and 1 <= v <= 20 for v in life.values()):
        raise BadSetup("position 'life' must map red/blue to whole numbers from 1 to 20")
    for key, high in (("round", 60), ("turn", SLOTS)):
        value = position.get(key, 1)
        if type(value) is not int or not 1 <= value <= high:
            raise BadSetup(f"position '{key}' must be a whole number from 1 to {high}")
    tokens = position.get("tokens", [])
    if not isinstance(tokens, list) or len(tokens) > 20 or not all(
            isinstance(t, str) and 0 < len(t) <= 40 and len(t.split()) == 2 for t in tokens):
        raise BadSetup("position 'tokens' must list at most 20 tokens ('rubble@q,r hero=N')")
    minions = position.get("minions", [])
    if not isinstance(minions, list) or len(minions) > 40 or not all(
            isinstance(m, str) and 0 < len(m) <= 50 and len(m.split()) in (2, 3) for m in minions):
        raise BadSetup("position 'minions' must list at most 40 minions ('red melee@q,r', then 'lane=N' if needed)")
    zone = position.get("battle_zones")
    if zone is not None and (not isinstance(zone, list) or not 1 <= len(zone) <= MAX_LANES or not all(
            isinstance(z, str) and 0 < len(z) <= 40 for z in zone)):
        raise BadSetup(f"position 'battle_zones' must list 1 to {MAX_LANES} zone ids, one per lane, none a Throne")
    waves = position.get("waves")
    if waves is not None and not (_count(waves) or isinstance(waves, list) and 1 <= len(waves) <= MAX_LANES
                                  and all(_count(w) for w in waves)):
        raise BadSetup(f"position 'waves' must be a whole number from 1 to 14, or a list of 1 to {MAX_LANES} of them "
                       "(one per lane)")
    normal = {"heroes": list(heroes), "coin": coin, "life": dict(life), "round": position.get("round", 1),
              "turn": position.get("turn", 1), "tokens": list(tokens)}
    normal.update({k: v for k, v in (("minions", list(minions)), ("battle_zones", zone), ("waves", waves))
                   if k in position})
    return normal


def _count(value) -> bool:
    return type(value) is int and 1 <= value <= 14


def build_position(position: dict, board, content, options: dict, seats: list, seed: int, log) -> Game:
    """The Game a checked position describes, at its turn's card selection (no set-up events).
    `seats` is the seat of each hero in play (ruleset.hero_seats)."""
    if len(position["heroes"]) != len(seats):
        raise BadSetup(f"position 'heroes' must describe {len(seats)} heroes for these options; got "
                       f"{len(position['heroes'])}")
    heroes = [_hero(index, seat, text, board, content, position["turn"])
              for index, (seat, text) in enumerate(zip(seats, position["heroes"]))]
    tokens = [_token(text, board, len(heroes)) for text in position.get("tokens", [])]
    minions = [_minion(text, board) for text in position.get("minions", [])]
    taken = [h.position for h in heroes if h.position is not None] + [tuple(t["space"]) for t in tokens] \
        + [tuple(m[2]) for m in minions]
    if len(set(taken)) != len(taken):
        raise BadSetup("position: two pieces stand on the same space")
    life = {team: position["life"].get(team, life_counters(options, board)) for team in TEAMS}
    game = Game(board, content, dict(options), heroes, position["coin"], life, Rng(seed), log)
    game.round, game.turn = position["round"], position["turn"]
    game.tokens = tokens
    lanes = board.lanes
    zones = position.get("battle_zones") or middles(board)
    if len(zones) != len(lanes):
        raise BadSetup(f"position 'battle_zones' must list {len(lanes)} zone id(s), one per lane of this map")
    for index, (zone, lane) in enumerate(zip(zones, lanes)):
        if zone not in lane[1:-1]:
            raise BadSetup(f"position 'battle_zones' place {index + 1} must be one of {', '.join(lane[1:-1])}; "
                           f"got {zone[:40]!r}")
    waves = position.get("waves") or waves_for(options, board)
    waves = [waves] * len(lanes) if isinstance(waves, int) else list(waves)
    if len(waves) != len(lanes):
        raise BadSetup(f"position 'waves' must give one number for every lane or a list of {len(lanes)}")
    game.battle_zones, game.waves, game.push_due = list(zones), waves, [None] * len(lanes)
    for team, kind, space, lane in minions:
        add_minion(game, team, kind, space, lane)
    return game


def _minion(text: str, board) -> tuple:
    """One minion from `team type@q,r` (then `lane=N`): (team, type, space, lane)."""
    team, rest, *more = text.split()
    kind, sep, at = rest.partition("@")
    if team not in TEAMS or not sep or kind not in MINION_TYPES:
        raise BadSetup(f"position minion {text[:40]!r} must be 'team type@q,r': a team of {', '.join(TEAMS)} and a "
                       f"type of {', '.join(MINION_TYPES)}")
    space = _space("position minion", at, board)
    lanes = len(board.lanes)
    if more:
        number = more[0].removeprefix("lane=")
        if not more[0].startswith("lane=") or not (number.isascii() and number.isdigit() and int(number) < lanes):
            raise BadSetup(f"position minion {text[:40]!r}: the last word must be lane=0" +
                           (f" to lane={lanes - 1}" if lanes > 1 else " (the map has one lane)"))
        return team, kind, space, int(number)
    lane = board.lane_of.get(board.zone_of[space], 0 if lanes == 1 else None)
    if lane is None:
        raise BadSetup(f"position minion {text[:40]!r} stands in no lane's zone: add lane=0 to lane={lanes - 1}")
    return team, kind, space, lane


def _token(text: str, board, heroes: int) -> dict:
    """One token from `kind@q,r hero=N`."""
    head, owner = text.split()
    kind, sep, at = head.partition("@")
    if not sep or kind not in TOKENS:
        raise BadSetup(f"position token {text[:40]!r} must be 'kind@q,r hero=N' with a kind of {', '.join(TOKENS)}")
    number = owner.removeprefix("hero=")
    if not owner.startswith("hero=") or not (number.isascii() and number.isdigit() and int(number) < heroes):
        raise BadSetup(f"position token {text[:40]!r} must name the hero that placed it: hero=0 to hero={heroes - 1}")
    return {"space": list(_space("position token", at, board)), "token": kind, "hero": int(number)}


def _hero(index: int, seat: int, text: str, board, content, turn: int) -> HeroState:
    """One hero from `hero_id@q,r word …`."""
    head, *words = text.split()
    hero_id, sep, at = head.partition("@")
    if not sep or hero_id not in content.heroes:
        raise BadSetup(f"position hero {index}: {head[:40]!r} must be 'hero_id@q,r' or 'hero_id@off' with a known "
                       f"hero ({', '.join(sorted(content.heroes))})")
    hero = content.heroes[hero_id]
    space = None if at == "off" else _space(f"position hero {index}", at, board)
    fields = {"hand": None, "dashboard": [], "level": 1, "coins": 0}
    markers = []
    for word in words:
        key, eq, value = word.partition("=")
        if not eq and key in MARKERS:
            markers.append(key)
        elif key in ("hand", "dashboard") and eq:
            fields[key] = _cards(index, key, value, hero, content.cards)
        elif key in ("level", "coins") and eq:
            high = 8 if key == "level" else 99
            if not (value.isascii() and value.isdigit() and len(value) <= 2 and (key == "coins" or int(value) >= 1)
                    and int(value) <= high):
                raise BadSetup(f"position hero {index}: {key} must be a whole number up to {high}; got {value[:20]!r}")
            fields[key] = int(value)
        else:
            raise BadSetup(f"position hero {index}: unknown word {word[:40]!r} (hand=, dashboard=, level=, coins= or "
                           f"a marker: {', '.join(MARKERS)})")
    dashboard = fields["dashboard"]
    hand = fields["hand"] if fields["hand"] is not None else [
        c for c in hero.starting_hand(content.cards) if c not in dashboard]
    if set(hand) & set(dashboard):
        raise BadSetup(f"position hero {index}: a card cannot be both in hand and on the dashboard")
    if len(dashboard) >= turn:
        raise BadSetup(f"position hero {index}: the dashboard holds the cards of turns before turn {turn}: "
                       f"at most {turn - 1}")
    deck = [c for c in hero.cards if c not in hand and c not in dashboard]
    state = HeroState(index, seat, team_of(seat), hero_id, space, sorted(hand), deck, fields["level"],
                      fields["coins"])
    state.dashboard = dashboard + [None] * (SLOTS - len(dashboard))
    state.markers = markers
    return state


def _space(where: str, at: str, board) -> tuple:
    parts = at.split(",")
    if len(parts) != 2 or not all(p.lstrip("-").isascii() and p.lstrip("-").isdigit() and len(p) <= 4 for p in parts):
        raise BadSetup(f"{where}: {at[:40]!r} must be a space 'q,r' (axial)" + (" or 'off'" if "hero" in where else ""))
    space = (int(parts[0]), int(parts[1]))
    if space not in board.spaces or space in board.terrain:
        raise BadSetup(f"{where}: {at[:40]!r} is not an open space of the map")
    return space


def _cards(index: int, key: str, value: str, hero, cards_of: dict) -> list:
    """The cards of `hand=` or `dashboard=`: the hero's own, each once, never its ultimate (F-V3: unlocked, not held)."""
    cards = [c for c in value.split("+") if c]
    unknown = [c for c in cards if c not in hero.cards]
    if unknown:
        raise BadSetup(f"position hero {index}: {key} names {unknown[0][:40]!r}, not a card of {hero.id}")
    if len(set(cards)) != len(cards):
        raise BadSetup(f"position hero {index}: {key} names a card twice")
    ultimate = next((c for c in cards if cards_of[c].tier == ULTIMATE), None)
    if ultimate is not None:
        raise BadSetup(f"position hero {index}: {key} names {ultimate!r}, an ultimate: it is unlocked at level 8, "
                       "never held in hand or played (F-V3)")
    return cards

