"""The game's state: two sides (0 = the player, 1 = the automaton), their characters, the queue of
automatic steps still to run, and the pending decision or combat."""

from ...core.events import EventLog
from ...core.rng import Rng
from .board import Board
from .cards import CardDef, Content

PLAYER, AUTOMATON = 0, 1
SIDE_NAMES = ("player", "automaton")


class Card:
    """One physical card (in a deck, hand, Standby Zone, or under a character as Growth Source)."""

    __slots__ = ("uid", "defn")

    def __init__(self, uid: int, defn: CardDef):
        self.uid, self.defn = uid, defn

    def to_data(self) -> dict:
        return {"uid": self.uid, "card": self.defn.id}


class Unit:
    """A character in play: on a square, or the Commander in the Command Zone (`square` None)."""

    __slots__ = ("uid", "card", "side", "hp", "max_hp", "mp", "position", "square", "growth", "fresh", "moved",
                 "focus", "boost", "used", "declared")

    def __init__(self, card: Card, side: int, hp: int, mp: int, square):
        self.card, self.side = card, side
        self.uid = card.uid             # the first card's uid: kept through Growth (P2-8)
        self.hp = self.max_hp = hp
        self.mp = mp                    # S2-R6: the automaton's stand-in for the Growth Source
        self.position = "attack"        # P2-4: a character enters in Attack position
        self.square = square            # (row, col), or None in the Command Zone
        self.growth: list[Card] = []    # the player's Growth Source (P2-8)
        self.fresh = True               # deployed this turn (F2-3)
        self.moved = False              # P2-1: one move a turn
        self.focus = 0                  # P2-7: +1 to the next attack
        self.boost = 0                  # ability boosts until the end of the turn
        self.used: list[str] = []       # activated abilities used this turn (P2-19)
        self.declared = False           # the automaton: this character's declaration is done this turn

    @property
    def defn(self) -> CardDef:
        return self.card.defn

    @property
    def name(self) -> str | None:
        return self.defn.name

    def to_data(self) -> dict:
        return {"uid": self.uid, "card": self.defn.id, "card_uid": self.card.uid, "side": self.side, "hp": self.hp, "max_hp": self.max_hp,
                "mp": self.mp, "position": self.position,
                "square": None if self.square is None else list(self.square),
                "growth": [c.to_data() for c in self.growth], "fresh": self.fresh, "moved": self.moved,
                "focus": self.focus, "boost": self.boost, "used": list(self.used), "declared": self.declared}


class Side:
    """One side's zones, AP and Base."""

    __slots__ = ("index", "deck_id", "deck", "hand", "units", "commander", "standby", "ap", "base_hp",
                 "base_damage")

    def __init__(self, index: int, deck_id: str, deck: list[Card], ap: int, base_hp: int):
        self.index, self.deck_id, self.deck = index, deck_id, deck   # deck: the top card is the last
        self.hand: list[Card] = []
        self.units: list[Unit] = []          # characters on squares
        self.commander: Unit | None = None   # the Command Zone
        self.standby: list[Card] = []
        self.ap = ap
        self.base_hp = base_hp               # the player's Base HP (G2-3)
        self.base_damage = 0                 # damage dealt to this Base (the automaton's counts to 10, S2-R2)

    def at(self, square) -> Unit | None:
        for unit in self.units:
            if unit.square == square:
                return unit
        return None

    def characters(self) -> list[Unit]:
        """Every character in play, the Commander included."""
        return self.units + ([self.commander] if self.commander else [])

    def to_data(self) -> dict:
        return {"deck_id": self.deck_id, "deck": [c.to_data() for c in self.deck],
                "hand": [c.to_data() for c in self.hand], "units": [u.to_data() for u in self.units],
                "commander": self.commander.to_data() if self.commander else None,
                "standby": [c.to_data() for c in self.standby], "ap": self.ap, "base_hp": self.base_hp,
                "base_damage": self.base_damage}


class Game:
    """The whole game. `queue` holds the automatic steps still to run (each a [name, args] list);
    `pending` the decision the player must take, `combat` an attack in progress."""

    def __init__(self, sides, rng: Rng, opts: dict, log: EventLog, content: Content, board: Board):
        self.sides: list[Side] = sides
        self.rng, self.opts, self.log, self.content, self.board = rng, opts, log, content, board
        self.round = 1
        self.active = PLAYER
        self.first_turn = True              # the player's first turn has no Charge (P2-2)
        self.queue: list[list] = []
        self.pending: dict | None = None
        self.combat: dict | None = None
        self.guard = None                   # the revealed Guard's Card during a Base combat
        self.drawn: int | None = None       # the automaton's card drawn this turn (A2-9)
        self.result = None
        self.next_uid = 0

    def unit(self, uid: int) -> Unit | None:
        for side in self.sides:
            for unit in side.characters():
                if unit.uid == uid:
                    return unit
        return None

    def occupant(self, square) -> Unit | None:
        return self.sides[0].at(square) or self.sides[1].at(square)

    def to_data(self) -> dict:
        return {"round": self.round, "active": self.active, "first_turn": self.first_turn,
                "queue": [list(step) for step in self.queue], "pending": self.pending, "combat": self.combat,
                "sides": [side.to_data() for side in self.sides], "rng": self.rng.to_data(),
                "board": self.board.id, "next_uid": self.next_uid, "drawn": self.drawn,
                "result": None if self.result is None else self.result.to_data()}
