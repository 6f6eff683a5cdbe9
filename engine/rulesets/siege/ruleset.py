"""The siege ruleset: metadata, setup from decks and seed, and the engine contract (its turn: `turn.py`)."""

import copy
from dataclasses import replace

from ...core.canonical import canonical_json
from ...core.carddata import problems_in
from ...core.errors import BadCards, BadSetup
from ...core.events import EventLog
from ...core.rng import Rng
from ...core.ruleset import Capabilities, Ruleset, register
from ...core.seats import Seat
from . import player
from .bots import SensibleBot
from .cards import BUILTIN_FILE, Content, builtin_content, content_from_data, load_content_file
from .options import OPTIONS, SETTLED
from .position import build_position, check_position
from .setup import new_game
from .state import AUTOMATON, PLAYER, Game
from .turn import TURN
from .view import secrets as view_secrets, view as make_view

SETUP_STREAM = 99       # the PRNG stream that picks the default deck, apart from the game's own
# P2-22: what a setup may carry. Two decks of 50-60 cards hold at most 120 different cards; each
# entry is bounded field by field (cards.py), so a hostile record's content costs milliseconds.
CARRIED = {"names": 120, "ranges": 40, "abilities": 120, "cards": 120, "decks": 2}


def _check_carried(carried, decks) -> None:
    """The carried content's shape and size, before anything in it is read (a hostile record stays
    cheap): tables of a card file, at most CARRIED entries each; decks only beside 'decks', each one
    played and none a starter deck."""
    if not isinstance(carried, dict) or not carried or set(carried) - set(CARRIED) or not all(
            isinstance(entries, dict) for entries in carried.values()):
        raise BadSetup("setup 'content' must be an object with some of the tables 'names', 'ranges', "
                       "'abilities', 'cards' and 'decks', as a card file holds them")
    for table_name, most in CARRIED.items():
        if len(carried.get(table_name, {})) > most:
            raise BadSetup(f"setup 'content' may carry at most {most} {table_name}; "
                           f"this one has {len(carried[table_name])} (P2-22)")
    if decks is not None and not carried.get("decks"):
        raise BadSetup("setup 'content' must carry the deck it plays (the new cards travel with their deck)")
    starter = builtin_content().decks
    for deck_id in carried.get("decks", {}):
        if decks is None or deck_id in starter or deck_id not in decks:
            why = ("a position plays no decks" if decks is None else
                   "is a starter deck" if deck_id in starter else "the setup does not play")
            raise BadSetup(f"setup 'content' carries deck {str(deck_id)[:40]!r}, which {why}")


@register
class Siege(Ruleset):
    """One human against an automaton that runs the seed's fixed procedure and shows why."""

    id = "siege"
    # 2: AP set after the opening placements (S2-R8), which fire no 'on deploy' ability (P2-21);
    # 3: an advancing route moves only the characters in the way of freeing the square beside the Base (S2-R18, A2-4)
    version = 3
    title = "Siege — a solo game against an automaton that shows its reasoning"
    # Decks are shuffled (chance); deck orders and the automaton's hand are hidden; the automaton
    # is not a seat and can win.
    capabilities = Capabilities(min_seats=1, max_seats=1, hidden_information=True, chance=True, automaton=True)
    options = OPTIONS
    settled_without_option = SETTLED
    bots = {"sensible": SensibleBot}
    card_tables = ("names", "ranges", "abilities", "cards", "decks")
    # P2-12: at most 200 rounds; a player turn takes a few dozen decisions at most.
    max_actions = 12_000
    turn = TURN

    def __init__(self):
        self._carried: tuple[str, Content] | None = None   # the last carried content validated, by its JSON

    def seats(self, options: dict, setup: dict | None = None):
        """One seat, the player (seat 0); the automaton is not a seat."""
        return (Seat("player", "player"),)

    # --- setup ---------------------------------------------------------------------------

    def default_setup(self, options: dict, seed: int) -> dict:
        """A player deck drawn from the seed (its own stream) against the automaton's deck."""
        content = builtin_content()
        mine = sorted(d for d, deck in content.decks.items() if deck.side == "player")
        theirs = sorted(d for d, deck in content.decks.items() if deck.side == "automaton")
        return {"decks": [Rng(seed, SETUP_STREAM).choice(mine), theirs[0]]}

    def check_setup(self, setup: dict, options: dict) -> dict:
        """{"decks": [PLAYER_DECK, AUTOMATON_DECK]} or {"position": {...}} (position.py), either optionally
        with "content": the new cards (and their names, ranges, abilities) and, with decks, the one or two
        non-starter decks the setup plays, as a card file holds them (see `content`)."""
        keys = set(setup) - {"content"} if isinstance(setup, dict) else None
        if keys not in ({"decks"}, {"position"}):
            raise BadSetup("setup must be an object with 'decks' ([player deck, automaton deck]) or 'position', "
                           "optionally with 'content' (the new cards and decks it plays, as a card file holds them)")
        carried = {"content": setup["content"]} if "content" in setup else {}
        if "position" in setup:
            normal = {"position": check_position(setup["position"]), **carried}
            build_position(normal["position"], self.content(setup), options, 0, EventLog(False))
            return normal
        decks = setup["decks"]
        if not isinstance(decks, list) or len(decks) != 2:
            raise BadSetup("setup 'decks' must name two decks: the player's and the automaton's")
        content = self.content(setup)
        for index, (deck, side) in enumerate(zip(decks, ("player", "automaton"))):
            if not isinstance(deck, str) or deck not in content.decks or content.decks[deck].side != side:
                known = ", ".join(sorted(d for d, v in content.decks.items() if v.side == side))
                raise BadSetup(f"unknown {side} deck {str(deck)[:40]!r}; {side} decks: {known}")
        return {"decks": list(decks), **carried}

    def content(self, setup: dict) -> Content:
        """The cards and decks a setup may use: the starter content, plus what it carries (P2-22): new
        names, ranges, abilities and cards, at most CARRIED of each, none with a starter's id (refused,
        never replaced), and with 'decks' only the one or two non-starter decks the setup plays."""
        if "content" not in setup:
            return builtin_content()
        carried = setup["content"]
        _check_carried(carried, setup.get("decks"))
        key = canonical_json(carried)       # a session asks several times (check, set-up): validate once
        if self._carried is None or self._carried[0] != key:
            try:
                extra = content_from_data(carried, "setup", builtin_content())
            except BadCards as error:
                raise BadSetup(f"the content the setup carries is not valid: {error}") from None
            # A record's canonical JSON sorts keys: a carried deck is built in card-id order, whatever its order.
            extra.decks = {d: replace(deck, cards=dict(sorted(deck.cards.items()))) for d, deck in extra.decks.items()}
            self._carried = (key, builtin_content().merged_with(extra))
        return self._carried[1]

    def build_setup(self, options: dict, seed: int, decks: dict, cards_file=None) -> dict:
        """`--deck 0=DECK` (the player's deck; `--deck 0=DECK,AUTOMATON_DECK` names both). A card file may
        add cards and decks; the decks played and the new cards they hold travel in the setup, so the
        record needs no file."""
        custom = load_content_file(cards_file, builtin_content()) if cards_file else None
        setup = self.default_setup(options, seed)
        if PLAYER in decks:
            names = decks[PLAYER]
            if len(names) > 2:
                raise BadSetup("--deck 0= takes the player's deck and optionally the automaton's")
            setup["decks"][:len(names)] = names
        played = [custom.decks[d] for d in dict.fromkeys(setup["decks"]) if custom and d in custom.decks]
        if played:
            used = custom.used_by(cid for deck in played for cid in deck.cards)
            used.decks = {deck.id: deck for deck in played}
            setup["content"] = used.to_file()
        return self.check_setup(setup, options)

    def setup(self, options: dict, seed: int, setup: dict, log: EventLog) -> Game:
        if "position" in setup:
            return build_position(setup["position"], self.content(setup), options, seed, log)
        return new_game(self.content(setup), setup["decks"], options, seed, log)

    def validate_cards(self, path=None) -> list[str]:
        """Every problem in a siege card file (the starter content when no file is given)."""
        return problems_in(load_content_file, path or BUILTIN_FILE, builtin_content() if path else None)

    def squad_table(self):
        """(id, side, English name) of every ready deck."""
        return [(d.id, d.side, d.name["en"]) for d in builtin_content().decks.values()]

    # --- the contract --------------------------------------------------------------------

    def illegal_reason(self, state: Game, decision, player_seat: int, action, key: str):
        if player_seat != PLAYER:
            return f"seat {player_seat} does not exist; the player is seat 0"
        if decision.kind == "choose_action":
            return player.illegal_reason(state, action)
        if decision.allows(player_seat, action, key):
            return None
        if decision.kind == "choose_card":
            return f"choose the Commander: a Lv1 Main card of your deck, as [\"commander\", id] (F2-8); got {key[:60]}"
        if state.pending["kind"] == "join":
            return f"answer [\"join\"] or [\"stay\"]: does your Commander join the Base's defence (F2-6); got {key[:60]}"
        return (f"answer [\"defend\", n] with n from 0 to {state.pending['most']}: same-named cards paid for +1 "
                f"defense each (F2-10, P2-18); got {key[:60]}")

    def view(self, state: Game, seat) -> dict:
        kind = self.turn.waiting_for(state)
        pending = None if kind is None else {"kind": kind, **(state.pending or {})}
        return make_view(state, pending)

    def secrets(self, state: Game, seat) -> list:
        return view_secrets(state)

    def private_variant(self, state: Game, seat, rng):
        """The same game with both decks reordered and the automaton's hand swapped with its deck."""
        if state.result is not None:
            return None
        variant = copy.deepcopy(state)
        robot = variant.sides[AUTOMATON]
        pool = robot.hand + robot.deck
        rng.shuffle(pool)
        robot.hand, robot.deck = pool[:len(robot.hand)], pool[len(robot.hand):]
        rng.shuffle(variant.sides[PLAYER].deck)
        if variant.drawn is not None and all(c.uid != variant.drawn for c in robot.hand):
            variant.drawn = robot.hand[0].uid if robot.hand else None
        return variant

    def turns(self, state: Game) -> int:
        """Rounds begun (a player turn and an automaton turn each)."""
        return state.round
