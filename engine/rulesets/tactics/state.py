"""The battle's state: two armies of characters on their own grids, Soulwells, the First Player Card."""

from ...core.events import EventLog
from ...core.rng import Rng
from .characters import CharacterDef


class Char:
    """A character in the battle (one Attribute card). `row` is -1 until deployed and after defeat."""

    __slots__ = ("uid", "defn", "owner", "health", "max_health", "ap", "engaged", "face_down",
                 "invoked_by", "row", "col", "alive", "shield", "burn", "weaken", "react_used",
                 "unique_used")

    def __init__(self, uid: int, defn: CharacterDef, owner: int, ap: int, invoked_by: int | None = None):
        self.uid, self.defn, self.owner = uid, defn, owner
        self.health = self.max_health = defn.health
        self.ap = ap
        self.engaged = False
        self.face_down = 0              # cycle starts it stays face down for (G0-12)
        self.invoked_by = invoked_by    # uid of the invoker, for summoned characters (S0-R16)
        self.row = self.col = -1
        self.alive = True
        self.shield = 0                 # absorbs damage until used or the next cycle (G0-9)
        self.burn = [0, 0]              # [amount, cycles left]
        self.weaken = [0, 0]            # [amount, cycles left]
        self.react_used = False         # S0-R34
        self.unique_used = False        # G0-11

    @property
    def on_board(self) -> bool:
        """Alive and deployed."""
        return self.alive and self.row >= 0

    def to_data(self) -> dict:
        """The character's visible state (all public in this game)."""
        return {"uid": self.uid, "id": self.defn.id, "owner": self.owner, "health": self.health,
                "max_health": self.max_health, "ap": self.ap, "engaged": self.engaged,
                "face_down": self.face_down, "invoked_by": self.invoked_by, "row": self.row,
                "col": self.col, "alive": self.alive, "shield": self.shield, "burn": list(self.burn),
                "weaken": list(self.weaken), "react_used": self.react_used, "unique_used": self.unique_used}


class Side:
    """One player: Soulwell, army, and whether it abandoned."""

    __slots__ = ("seat", "soulwell", "army", "chars", "abandoned", "speed")

    def __init__(self, seat: int, army: str, chars: list[Char]):
        self.seat, self.army, self.chars = seat, army, chars
        self.soulwell = 0
        self.abandoned = False
        self.speed = sum(char.defn.speed for char in chars)     # S0-R1

    def living(self) -> list[Char]:
        """Characters still in the battle (deployed or not), by uid."""
        return [char for char in self.chars if char.alive]

    def king(self) -> Char:
        """The army's King (G0-13: exactly one)."""
        return next(char for char in self.chars if char.defn.kind == "king")

    def to_data(self) -> dict:
        """The side as data."""
        return {"seat": self.seat, "army": self.army, "soulwell": self.soulwell, "speed": self.speed,
                "abandoned": self.abandoned, "chars": [char.to_data() for char in self.chars]}


class Battle:
    """The whole game state. `opts` holds the resolved options; `log` may be switched off."""

    __slots__ = ("sides", "phase", "deploying", "cycle", "first", "active", "acting", "turn", "placed",
                 "rng", "opts", "log", "result", "next_uid", "stall", "mark", "content", "chained",
                 "resolving", "tie_offer", "tie_proposed", "health_log", "answers")

    def __init__(self, sides: list[Side], first: int, rng: Rng, opts: dict, log: EventLog, content):
        self.sides, self.first = sides, first
        self.phase = "deploy"           # deploy -> cycle -> ended
        self.deploying = first          # S0-R7
        self.cycle = 0
        self.active = first             # the player whose character engages next (G0-15)
        self.acting: int | None = None  # uid chosen after a speed tie (S0-R13)
        self.turn = 0                   # character turns played
        self.placed = 0                 # deployments made (S0-R7): each is a player's turn too
        self.rng, self.opts, self.log, self.content = rng, opts, log, content
        self.result = None
        self.next_uid = sum(len(side.chars) for side in sides)
        self.stall = 0                  # whole cycles in a row without change (G0-14)
        self.mark = ""                  # Health and positions at the cycle's start (G0-14)
        self.chained: list[str] = []    # Act Skills used so far this turn, under chain_skills (A0-10, P0-3)
        self.resolving = None           # effects.Pending: a skill paused for a React Skill decision (S0-R35/R36)
        self.tie_offer: int | None = None   # the seat whose tie proposal awaits an answer (G0-14)
        self.tie_proposed: list[int] = []   # seats that proposed a tie this cycle (P0-11: once a cycle)
        self.health_log: list[list[int]] = []   # each side's total Health at the last cycle starts (bots read it)
        self.answers = 0                # decisions applied (the P0-12 ceiling; not in to_data: the record's length)

    def char(self, uid: int) -> Char | None:
        """The character with this uid, or None."""
        for side in self.sides:
            for char in side.chars:
                if char.uid == uid:
                    return char
        return None

    def on_board(self, seat: int) -> list[Char]:
        """A side's living, deployed characters, by uid."""
        return [char for char in self.sides[seat].chars if char.alive and char.row >= 0]

    def to_data(self) -> dict:
        """The whole state as JSON-able data (the digest hashes this)."""
        return {
            "sides": [side.to_data() for side in self.sides],
            "phase": self.phase,
            "deploying": self.deploying,
            "cycle": self.cycle,
            "first": self.first,
            "active": self.active,
            "acting": self.acting,
            "turn": self.turn,
            "placed": self.placed,
            "stall": self.stall,
            "chained": list(self.chained),
            "resolving": self.resolving.to_data() if self.resolving else None,
            "tie_offer": self.tie_offer,
            "tie_proposed": list(self.tie_proposed),
            "health_log": [list(h) for h in self.health_log],
            "rng": self.rng.to_data(),
            "result": self.result.to_data() if self.result else None,
        }
