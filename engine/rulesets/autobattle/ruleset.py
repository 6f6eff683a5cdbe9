"""The autobattle ruleset: metadata, setup from squads and seed, and the engine contract."""

import copy

from ...core.canonical import canonical_json
from ...core.carddata import problems_in
from ...core.errors import BadSetup
from ...core.events import EventLog
from ...core.rng import Rng
from ...core.ruleset import Capabilities, Ruleset, register
from .cards import (BUILTIN_FILE, Content, builtin_content, carried_content, content_from_data,
                    load_content_file)
from .options import OPTIONS, SETTLED
from .position import build_position, check_position
from .state import Battle, Card, Side
from .turn import TURN, play_turn

MAX_SQUADS = 3          # S4-R1: one, two or three squads
DEFAULT_SQUADS = 2      # squads per deck when the seed chooses
SETUP_STREAM = 99       # the PRNG stream that picks default squads, apart from the battle's own


@register
class Autobattle(Ruleset):
    """Two Ungars' decks play themselves out; the seed decides everything."""

    id = "autobattle"
    version = 2           # 2: G4-6 counts every card by default (lost_all_cards=anywhere)
    title = "Autobattle — squads that fight by themselves"
    # The deck order is hidden from everyone (the seed decides all); no seat ever decides.
    capabilities = Capabilities(min_seats=2, max_seats=2, hidden_information=True, chance=True)
    options = OPTIONS
    settled_without_option = SETTLED
    card_tables = ("cards", "squads")
    max_actions = 0       # no seat ever decides (S4-R26): any recorded action is refused before it is read

    # --- setup ---------------------------------------------------------------------------

    _custom: tuple[str, Content] | None = None     # the last custom content validated, by its JSON

    def content(self, setup: dict) -> Content:
        """The cards a setup may use: the starter content plus any it carries."""
        extra = setup.get("content")
        if not extra:
            return builtin_content()
        key = canonical_json(extra)     # a session asks several times (check, set-up, names): validate once
        if self._custom is None or self._custom[0] != key:
            merged = builtin_content().merged_with(content_from_data(extra, "record", builtin_content()))
            self._custom = (key, merged)
        return self._custom[1]

    def default_setup(self, options: dict, seed: int, content: Content | None = None) -> dict:
        """Two squads a side, drawn from the seed on a stream of their own."""
        squads = sorted((content or builtin_content()).squads)
        if not squads:
            raise BadSetup("the card data has no squads to build decks from")
        rng = Rng(seed, SETUP_STREAM)
        decks = []
        for _ in self.seats(options):
            pool = list(squads)
            rng.shuffle(pool)
            decks.append(sorted(pool[:DEFAULT_SQUADS]))
        return {"decks": decks}

    def check_setup(self, setup: dict, options: dict) -> dict:
        """Decks of 1–3 known squads per seat (S4-R1), or a described position; plus any custom cards."""
        if not isinstance(setup, dict) or set(setup) - {"decks", "position", "content"} or \
                ("decks" in setup) == ("position" in setup):
            raise BadSetup("setup must be an object with 'decks' or 'position' (and optionally 'content')")
        content = self.content(setup)
        normal = {"position": check_position(setup["position"])} if "position" in setup else \
            {"decks": self._check_decks(setup["decks"], content)}
        if setup.get("content"):
            normal["content"] = setup["content"]
        if "position" in normal:      # build it once, so a bad card id is refused here
            build_position(normal["position"], content, options, 0, EventLog(False))
        return normal

    def _check_decks(self, decks, content: Content) -> list:
        seats = self.capabilities.max_seats
        if not isinstance(decks, list) or len(decks) != seats:
            raise BadSetup(f"setup needs one deck per seat ({seats})")
        for seat, deck in enumerate(decks):
            if not isinstance(deck, list) or not 1 <= len(deck) <= MAX_SQUADS:
                raise BadSetup(f"seat {seat}'s deck must have 1 to {MAX_SQUADS} squads (S4-R1)")
            for squad in deck:
                if not isinstance(squad, str) or squad not in content.squads:
                    raise BadSetup(f"unknown squad {str(squad)[:40]!r} for seat {seat}; see 'python -m engine cards list'")
        return [list(deck) for deck in decks]

    def setup(self, options: dict, seed: int, setup: dict, log: EventLog) -> Battle:
        """Build and shuffle both decks (S4-R1, S4-R2), then draw the first player (S4-R4)."""
        content = self.content(setup)
        if "position" in setup:
            return build_position(setup["position"], content, options, seed, log)
        rng = Rng(seed)
        sides, uid, has_auras = [], 0, False
        for seat, squad_ids in enumerate(setup["decks"]):
            printed = content.deck(squad_ids, options["hero_in_deck"])
            deck = [Card(uid + index, defn, seat) for index, defn in enumerate(printed.cards)]
            uid += len(deck)
            rng.shuffle(deck)
            leadership = options["leadership"]
            if leadership == "heroes":
                leadership = sum(content.cards[content.squads[squad_id].hero].leadership for squad_id in squad_ids)
            sides.append(Side(seat, leadership, deck, options["cells"], list(squad_ids)))
            has_auras = has_auras or printed.has_auras
            if log.events is not None:
                log.emit("deck", "S4-R1", seat=seat, squads=list(squad_ids), cards=len(deck), leadership=leadership)
                log.emit("shuffle", "S4-R2", seat=seat)
        first = rng.below(2)
        if log.events is not None:
            log.emit("first_player", "S4-R4", seat=first)
        return Battle(sides, first, rng, dict(options), log, has_auras)

    def build_setup(self, options: dict, seed: int, decks: dict[int, list[str]], cards_file=None) -> dict:
        """A setup from the command line: chosen squads per seat, the rest drawn from the seed.

        A user's card file may add or replace cards and squads; the ones a deck uses are carried
        inside the setup, so the record stays complete on its own.
        """
        custom = load_content_file(cards_file, builtin_content()) if cards_file else None
        setup = self.default_setup(options, seed, custom if custom and custom.squads else None)
        for seat, squads in decks.items():
            setup["decks"][seat] = list(squads)
        if custom:
            carried = carried_content(custom, builtin_content(), [s for deck in setup["decks"] for s in deck])
            if carried["cards"] or carried["squads"]:
                setup["content"] = carried
        return self.check_setup(setup, options)

    def validate_cards(self, path=None) -> list[str]:
        """Every problem in a card file (the starter content when no file is given)."""
        return problems_in(load_content_file, path or BUILTIN_FILE, builtin_content() if path else None)

    def squad_table(self) -> list[tuple[str, str, str]]:
        """(id, element, English name) of every starter squad, for `cards list`."""
        return [(sq.id, sq.element, sq.name["en"]) for sq in builtin_content().squads.values()]

    # --- the contract --------------------------------------------------------------------

    turn = TURN
    # The table's one step, bound directly: the hot loop of every simulation costs two calls fewer a turn.
    advance = staticmethod(play_turn)

    def view(self, state: Battle, player) -> dict:
        """Everything but the decks' order (and the PRNG), until the battle is over."""
        over = state.result is not None
        data = state.to_data(hide_decks=not over)
        data["cells"] = len(state.sides[0].cells)
        return data

    def secrets(self, state: Battle, player) -> list:
        """The order of each deck, while the battle lasts."""
        if state.result is not None:
            return []
        return [[card.defn.id for card in reversed(side.deck)] for side in state.sides if len(side.deck) > 1]

    def private_variant(self, state: Battle, player, rng):
        """The same battle with each deck in another order: what nobody may see (S4-R2)."""
        if state.result is not None or all(len({c.defn.id for c in side.deck}) < 2 for side in state.sides):
            return None
        variant = copy.deepcopy(state)
        for side in variant.sides:
            while len({c.defn.id for c in side.deck}) > 1:
                before = [c.defn.id for c in side.deck]
                rng.shuffle(side.deck)
                if [c.defn.id for c in side.deck] != before:
                    break
        return variant

    def turns(self, state: Battle) -> int:
        """Player-turns played."""
        return state.turn
