"""The initiative ruleset: seats and teams, setup from the seed, and the engine contract (its turn: turn.TURN)."""

import copy

from ...core.canonical import canonical_json
from ...core.carddata import problems_in
from ...core.errors import BadCards, BadSetup
from ...core.events import EventLog
from ...core.rng import Rng
from ...core.ruleset import Capabilities, Ruleset, register
from ...core.seats import Seat
from . import draft, lane, round_end
from .board import MAPS, board_for, load_board_file
from .bots import SensibleBot
from .content import Custom, bounds_problem, load_content_file, read as read_content
from .heroes import BUILTIN_HEROES, builtin_heroes, load_heroes_file
from .options import OPTIONS, SETTLED
from .position import build_position, check_position
from .resolution import start_turn
from .seating import hero_seats, life_counters, team_of
from .state import TEAMS, Game
from .turn import TURN
from .view import secrets as view_secrets, view as make_view

SETUP_STREAM = 99          # the PRNG stream that picks the default heroes, apart from the game's own


@register
class Initiative(Ruleset):
    """Heroes in two teams play cards at once, face down, resolved by initiative with a tie-breaker coin."""

    id = "initiative"
    version = 3                  # 2: End of Round as steps (round_end.py), the lane, minions and levelling
    # 3 (issue 23): a forced minion-battle removal asks nothing (G1-4 step 1); no defend decision without a card
    # that may defend (F-D3); a block card holds by its condition alone (F-D4); a defeated hero's effects end at
    # once on every unit (F-K1, A1-8); its unresolved card resolves at its defeat (G1-6, option defeated_card);
    # every game ends: after round 60 with no round limit set, or at 6,000 answers (P1-14)
    title = "Initiative — hidden card play resolved by initiative, in teams on a hex lane"
    capabilities = Capabilities(min_seats=2, max_seats=6, hidden_information=True, simultaneous=True,
                                teams=True, chance=True)
    options = OPTIONS
    settled_without_option = SETTLED
    card_tables = ("heroes", "cards", "map", "zones")
    # P1-14 ends every game at its ceiling of answers at the latest; the answers of one simultaneous
    # decision (one per seat, at most six) may cross it.
    max_actions = round_end.CEILING_ANSWERS + 5
    bots = {"sensible": SensibleBot}
    turn = TURN

    def __init__(self):
        self._custom: tuple[str, Custom] | None = None     # the last setup content checked, by its JSON

    def custom_for(self, setup) -> Custom | None:
        """The content a setup carries (a user's heroes and/or map), checked as strictly as a file (a bad
        one is a one-line BadSetup); None when it carries none."""
        if not isinstance(setup, dict) or "content" not in setup:
            return None
        extra = setup["content"]
        problem = bounds_problem(extra)                 # counted before anything is read
        if problem:
            raise BadSetup(problem)
        key = canonical_json(extra)      # a session asks several times (check, set-up): check once
        if self._custom is None or self._custom[0] != key:
            try:
                self._custom = (key, read_content(extra, "setup content", play=True))
            except BadCards as error:
                raise BadSetup(f"bad hero or map data in the setup: {error}") from None
        return self._custom[1]

    def content_for(self, setup) -> tuple:
        """(heroes, map) a setup plays with: the starter heroes and any it carries; its map, else the option's."""
        custom = self.custom_for(setup)
        if custom is None:
            return builtin_heroes(), None
        return custom.merged(), custom.board

    def seats(self, options: dict, setup: dict | None = None):
        return tuple(Seat(str(seat), team_of(seat)) for seat in range(options["players"]))

    def default_setup(self, options: dict, seed: int, heroes=None) -> dict:
        """Heroes drawn from the seed: each team's from a shuffle of all heroes (of `heroes`, default the
        starter ones; repeating when it runs out). With a selection phase (option hero_selection, draft.py)
        the setup is {}."""
        if draft.selecting(options):
            return {}
        rng = Rng(seed, SETUP_STREAM)
        ids = sorted((heroes or builtin_heroes()).heroes)
        pools = {team: [] for team in TEAMS}
        chosen = []
        for seat in hero_seats(options):
            pool = pools[team_of(seat)]
            if not pool:
                pool.extend(ids)
                rng.shuffle(pool)
            chosen.append(pool.pop())
        return {"heroes": chosen}

    def check_setup(self, setup: dict, options: dict) -> dict:
        """{"heroes": [hero id per hero, in hero order]} or {"position": {...}} (position.py); {} when the heroes
        are picked in the game (option hero_selection, draft.py). Any of them may come with 'content': the
        heroes and/or map of a user's file the game uses (content.py, build_setup)."""
        if not isinstance(setup, dict):
            raise BadSetup(f"setup must be an object, got {type(setup).__name__}")
        heroes, board = self.content_for(setup)
        extra = {"content": setup["content"]} if "content" in setup else {}
        setup = {key: value for key, value in setup.items() if key != "content"}
        if draft.selecting(options):
            return {**draft.check_setup(setup, options), **extra}
        wanted = len(hero_seats(options))
        if set(setup) == {"position"}:
            normal = {"position": check_position(setup["position"])}
            build_position(normal["position"], board or board_for(options), heroes, options, hero_seats(options), 0,
                           EventLog(False))
            return {**normal, **extra}
        known = heroes.heroes
        if set(setup) != {"heroes"} or not isinstance(setup["heroes"], list) or len(setup["heroes"]) != wanted:
            raise BadSetup(f"setup must be {{\"heroes\": [...]}} naming {wanted} heroes, one per hero in play, "
                           f"or {{\"position\": {{...}}}}, and optionally 'content'")
        for hero in setup["heroes"]:
            if not isinstance(hero, str) or hero not in known:
                raise BadSetup(f"unknown hero {str(hero)[:40]!r}; heroes: {', '.join(sorted(known))[:300]}")
        return {"heroes": list(setup["heroes"]), **extra}

    def build_setup(self, options: dict, seed: int, decks: dict[int, list[str]], cards_file=None) -> dict:
        """A setup from the command line: `--cards FILE` (a hero and/or map file, content.py) and
        `--deck SEAT=HERO[,HERO]` (the seat's heroes in hero order; default: drawn from the file's heroes,
        else the starter ones). The part of the file the game uses travels inside the setup, so the
        record replays without the file."""
        custom = load_content_file(cards_file, play=True) if cards_file else None
        setup = self.default_setup(options, seed, custom.heroes if custom else None)
        seats = hero_seats(options)
        for seat, names in decks.items():
            if draft.selecting(options):
                raise BadSetup(f"hero_selection={options['hero_selection']} picks the heroes in the game: no --deck")
            mine = [index for index, owner in enumerate(seats) if owner == seat]
            if len(names) != len(mine):
                raise BadSetup(f"--deck for seat {seat} must name {len(mine)} hero(es), one per hero it runs")
            for index, name in zip(mine, names):
                setup["heroes"][index] = name
        if custom:
            used = custom.used(None if draft.selecting(options) else setup["heroes"])
            if used:
                setup["content"] = used
        return self.check_setup(setup, options)

    def setup(self, options: dict, seed: int, setup: dict, log) -> Game:
        """F-S1 the coin flipped; F-S3 life counters; F-S4 heroes on their spawn points with a hand of five."""
        content, board = self.content_for(setup)
        board, rng = board or board_for(options), Rng(seed)
        if "position" in setup:
            game = build_position(setup["position"], board, content, options, hero_seats(options), seed, log)
            start_turn(game)
            return game
        selecting = draft.selecting(options)
        heroes = [] if selecting else draft.make_heroes(content, board, options, setup["heroes"])
        coin = rng.choice(TEAMS)
        life = life_counters(options, board)
        game = Game(board, content, dict(options), heroes, coin, {team: life for team in TEAMS}, rng, log)
        log.emit("coin", "F-S1", coin=coin)
        log.emit("life", "F-S3", each=life)
        lane.setup(game)                                     # F-S2, F-S5
        if selecting:
            draft.start(game)            # P1-8: picks from the coin's team on; F-S4 and the first turn follow
        else:
            draft.begin_play(game)
        return game

    def validate_cards(self, path=None) -> list[str]:
        """Every problem in a hero and/or map file (content.py); the starter files without one."""
        files = [(load_heroes_file, BUILTIN_HEROES)] + [(load_board_file, path) for path in MAPS.values()]
        if path is not None:
            files = [(load_content_file, path)]
        return [problem for load, file in files for problem in problems_in(load, file)]

    def squad_table(self):
        """(id, style, English name) of every hero."""
        return [(h.id, h.style, h.name["en"]) for h in builtin_heroes().heroes.values()]

    # --- the contract (decision, apply, advance: the declared turn, TURN) --------------------

    def turns(self, game: Game) -> int:
        """Turns begun (four a round)."""
        return (game.round - 1) * 4 + game.turn

    def view(self, game: Game, seat) -> dict:
        return make_view(game, seat)

    def secrets(self, game: Game, seat) -> list:
        return view_secrets(game, seat)

    def private_variant(self, game: Game, seat, rng):
        """The same game with one hand card of another seat's hero swapped with one of its upgrade pool."""
        if game.result is not None:
            return None
        if game.phase == "draft":
            return draft.private_variant(game, seat, rng)
        variant = copy.copy(game)
        variant.heroes = copy.deepcopy(game.heroes)
        others = [h for h in variant.heroes if h.seat != seat and h.hand and h.deck]
        if not others:
            return None
        hero = others[rng.below(len(others))]
        mine, theirs = rng.below(len(hero.hand)), rng.below(len(hero.deck))
        hero.hand[mine], hero.deck[theirs] = hero.deck[theirs], hero.hand[mine]
        hero.hand.sort()
        return variant
