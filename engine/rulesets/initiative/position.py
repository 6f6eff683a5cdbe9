"""Positions from a compact description: rule demos, teaching links and rule tests start from these.

    {"heroes": ["brannoc@0,4 hand=brannoc_strike+brannoc_guard level=2 coins=3 poison",
                "isra@off", "brannoc@2,4", "isra@5,4 dashboard=isra_aim"],
     "coin": "blue", "life": {"red": 2, "blue": 4}, "round": 2, "turn": 2, "tokens": ["rubble@9,4 hero=0"]}

One description per hero in play, in hero order (the seats running them follow from the options,
`ruleset.hero_seats`). A hero is `hero_id@q,r` (axial coordinates) or `hero_id@off`, then optional
words: `hand=` and `dashboard=` (the hero's own card ids joined by `+`; the hand defaults to the
starting hand of F-S4 less the dashboard's cards, the dashboard fills slots from turn 1), `level=`, `coins=`, and marker names.
The upgrade pool is the hero's other cards. A token is `kind@q,r hero=N` (N placed it, from its
supply). A description comes from links, so every mistake is a BadSetup naming what is wrong.
"""

from ...core.errors import BadSetup
from ...core.rng import Rng
from .effects import MARKERS, TOKENS
from .seating import life_counters, team_of
from .state import SLOTS, TEAMS, Game, HeroState

KEYS = {"heroes", "coin", "life", "round", "turn", "tokens"}
MAX_WORDS = 12
MAX_TEXT = 400


def check_position(position) -> dict:
    """The description's shape (types and sizes); heroes, cards and spaces are checked when it is built."""
    if not isinstance(position, dict) or not position or set(position) - KEYS or "heroes" not in position:
        raise BadSetup(f"a position is an object with 'heroes' and some of: {', '.join(sorted(KEYS - {'heroes'}))}")
    heroes = position["heroes"]
    if not isinstance(heroes, list) or not 2 <= len(heroes) <= 7 or not all(
            isinstance(h, str) and 0 < len(h) <= MAX_TEXT and len(h.split()) <= MAX_WORDS for h in heroes):
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
    return {"heroes": list(heroes), "coin": coin, "life": dict(life), "round": position.get("round", 1),
            "turn": position.get("turn", 1), "tokens": list(tokens)}


def build_position(position: dict, board, content, options: dict, seats: list, seed: int, log) -> Game:
    """The Game a checked position describes, at its turn's card selection (no set-up events).
    `seats` is the seat of each hero in play (ruleset.hero_seats)."""
    if len(position["heroes"]) != len(seats):
        raise BadSetup(f"position 'heroes' must describe {len(seats)} heroes for these options; got "
                       f"{len(position['heroes'])}")
    heroes = [_hero(index, seat, text, board, content, position["turn"])
              for index, (seat, text) in enumerate(zip(seats, position["heroes"]))]
    tokens = [_token(text, board, len(heroes)) for text in position.get("tokens", [])]
    taken = [h.position for h in heroes if h.position is not None] + [tuple(t["space"]) for t in tokens]
    if len(set(taken)) != len(taken):
        raise BadSetup("position: two pieces stand on the same space")
    life = {team: position["life"].get(team, life_counters(options)) for team in TEAMS}
    game = Game(board, content, dict(options), heroes, position["coin"], life, Rng(seed), log)
    game.round, game.turn = position["round"], position["turn"]
    game.tokens = tokens
    return game


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
            fields[key] = _cards(index, key, value, hero)
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


def _cards(index: int, key: str, value: str, hero) -> list:
    cards = [c for c in value.split("+") if c]
    unknown = [c for c in cards if c not in hero.cards]
    if unknown:
        raise BadSetup(f"position hero {index}: {key} names {unknown[0][:40]!r}, not a card of {hero.id}")
    if len(set(cards)) != len(cards):
        raise BadSetup(f"position hero {index}: {key} names a card twice")
    return cards
