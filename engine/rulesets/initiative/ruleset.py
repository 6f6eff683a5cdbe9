"""The initiative ruleset: seats and teams, setup from the seed, and the engine contract."""

import copy
from pathlib import Path

from ...core.decision import Decision
from ...core.carddata import parse_toml, read_text
from ...core.errors import BadCards, BadSetup
from ...core.events import EventLog
from ...core.rng import Rng
from ...core.ruleset import Capabilities, Ruleset, register
from ...core.seats import Seat
from . import actions, combat, draft, lane, levelling, round_end, text, turn
from .board import BUILTIN_MAP, MAPS, board_for, load_board_file
from .bots import SensibleBot
from .heroes import BUILTIN_HEROES, builtin_heroes, load_heroes_file
from .options import OPTIONS, SETTLED
from .position import build_position, check_position
from .seating import hero_seats, life_counters, team_of
from .state import TEAMS, Game
from .view import secrets as view_secrets, view as make_view

SETUP_STREAM = 99          # the PRNG stream that picks the default heroes, apart from the game's own


@register
class Initiative(Ruleset):
    """Heroes in two teams play cards at once, face down, resolved by initiative with a tie-breaker coin."""

    id = "initiative"
    version = 2                  # 2: End of Round as steps (round_end.py), the lane, minions and levelling
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

    def seats(self, options: dict, setup: dict | None = None):
        return tuple(Seat(str(seat), team_of(seat)) for seat in range(options["players"]))

    def default_setup(self, options: dict, seed: int) -> dict:
        """Heroes drawn from the seed: each team's from a shuffle of all heroes (repeating when it runs out).
        With a selection phase (option hero_selection, draft.py) the setup is {}."""
        if draft.selecting(options):
            return {}
        rng = Rng(seed, SETUP_STREAM)
        ids = sorted(builtin_heroes().heroes)
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
        are picked in the game (option hero_selection, draft.py)."""
        if draft.selecting(options):
            return draft.check_setup(setup, options)
        wanted = len(hero_seats(options))
        if isinstance(setup, dict) and set(setup) == {"position"}:
            normal = {"position": check_position(setup["position"])}
            build_position(normal["position"], board_for(options), builtin_heroes(), options, hero_seats(options), 0,
                           EventLog(False))
            return normal
        known = builtin_heroes().heroes
        if not isinstance(setup, dict) or set(setup) != {"heroes"} or not isinstance(setup["heroes"], list) \
                or len(setup["heroes"]) != wanted:
            raise BadSetup(f"setup must be {{\"heroes\": [...]}} naming {wanted} heroes, one per hero in play, "
                           f"or {{\"position\": {{...}}}}")
        for hero in setup["heroes"]:
            if not isinstance(hero, str) or hero not in known:
                raise BadSetup(f"unknown hero {str(hero)[:40]!r}; heroes: {', '.join(sorted(known))}")
        return {"heroes": list(setup["heroes"])}

    def setup(self, options: dict, seed: int, setup: dict, log) -> Game:
        """F-S1 the coin flipped; F-S3 life counters; F-S4 heroes on their spawn points with a hand of five."""
        content, board, rng = builtin_heroes(), board_for(options), Rng(seed)
        if "position" in setup:
            game = build_position(setup["position"], board, content, options, hero_seats(options), seed, log)
            turn.start_turn(game)
            return game
        selecting = draft.selecting(options)
        heroes = [] if selecting else draft.make_heroes(content, board, options, setup["heroes"])
        coin = rng.choice(TEAMS)
        life = life_counters(options)
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
        """Every problem in a hero file or a map file (told by its tables); both starter files without one."""
        files = [(load_heroes_file, BUILTIN_HEROES)] + [(load_board_file, path) for path in MAPS.values()]
        if path is not None:
            tables = parse_toml(read_text(path), Path(path).name)
            files = [(load_board_file if isinstance(tables, dict) and "map" in tables else load_heroes_file, path)]
        problems = []
        for load, file in files:
            try:
                load(file)
            except BadCards as error:
                problems += error.problems
        return problems

    def squad_table(self):
        """(id, style, English name) of every hero."""
        return [(h.id, h.style, h.name["en"]) for h in builtin_heroes().heroes.values()]

    # --- the contract ----------------------------------------------------------------------

    def decision(self, game: Game):
        if game.phase == "draft" and game.result is None:
            return draft.decision(game)
        kind = turn.pending_kind(game)
        if kind is None:
            return None
        if kind == "select":
            seats = sorted({h.seat for h in game.heroes})
            return Decision(tuple(seats), {s: turn.select_options(game, s) for s in seats}, "choose_card",
                            {"round": game.round, "turn": game.turn})
        if kind == "level_up":                                  # End of Round step 5 (levelling.py)
            return levelling.decision(game)
        pending = game.pending
        if kind == "order":
            members = [s for s in range(game.opts["players"]) if turn.TEAMS[s % 2] == pending["team"]]
            players = members if game.opts["tie_chooser"] == "any_one" else members[:1]
            return Decision(tuple(players), {s: [["first", i] for i in pending["heroes"]] for s in players},
                            "choose_order", dict(pending), any_of=len(players) > 1)
        if kind in lane.LANE_PROMPTS:                            # the lane's team choices (lane.py)
            seats = lane.team_seats(game, pending["team"])
            ask = "deploy" if kind == "minion_place" else "choose_target"
            return Decision(tuple(seats), {s: lane.options(game) for s in seats}, ask, dict(pending),
                            any_of=len(seats) > 1)
        hero = game.heroes[pending["hero"]]
        if kind == "respawn":
            return Decision((hero.seat,), {hero.seat: actions.respawn_options(game, hero)}, "respawn", dict(pending))
        if kind == "act":
            return Decision((hero.seat,), {hero.seat: actions.act_options(game, hero)}, "choose_action",
                            {**pending, "card": game.played[hero.index]})
        if kind == "text":
            return Decision((hero.seat,), {hero.seat: text.legal(game)}, "choose_target", text.prompt(game))
        return Decision((hero.seat,), {hero.seat: combat.defend_options(game, hero)}, "defend",
                        {**pending, "cards": combat.defence_preview(game, pending)})

    def apply(self, game: Game, moves: dict) -> None:
        self._apply(game, moves)
        round_end.answered(game, len(moves))                    # P1-14: the game's ceiling

    def _apply(self, game: Game, moves: dict) -> None:
        if game.phase == "draft":
            draft.apply(game, moves)
            return
        kind = turn.pending_kind(game)
        if kind == "select":
            turn.play_cards(game, moves)
            return
        if kind == "level_up":                                  # every levelling seat at once (levelling.py)
            levelling.answer(game, moves)
            return
        (_, action), = moves.items()
        if kind == "order":
            turn.choose_order(game, action[1])
        elif kind in lane.LANE_PROMPTS:                          # the lane's team choices (lane.py)
            if lane.answer(game, action):
                text.run(game)                                   # the card text the push interrupted
        elif kind == "respawn":
            actions.respawn(game, action)
        elif kind == "act":
            actions.act(game, action)
        elif kind == "text":
            text.answer(game, action)
        else:
            actions.defend(game, action)

    def advance(self, game: Game) -> None:
        turn.advance(game)

    def outcome(self, game: Game):
        return game.result

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

    def to_data(self, game: Game) -> dict:
        return {"ruleset": self.id, "version": self.version, **game.to_data()}
