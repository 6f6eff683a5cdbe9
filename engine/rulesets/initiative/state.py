"""The state of an initiative game: heroes (each run by a seat), the played cards of the turn, the coin.

A seat runs one hero, or two (G1-8: two players, or the smaller team of an odd count). The hero is
the unit that plays a card and acts; a seat answers the decisions of its heroes.
"""

from dataclasses import dataclass, field

TEAMS = ("red", "blue")
SLOTS = 4                    # turns in a round, one dashboard slot each (S1-R21, S1-R23)


def other(team: str) -> str:
    """The opposing team."""
    return TEAMS[1 - TEAMS.index(team)]


@dataclass
class HeroState:
    """One hero on (or off) the board and its cards."""

    index: int
    seat: int
    team: str
    hero: str                                  # hero id in the content
    position: tuple | None                     # axial hex, None = off the board
    hand: list
    deck: list                                 # the upgrade pool, never drawn from (F-S4)
    level: int = 1
    coins: int = 0
    dashboard: list = field(default_factory=lambda: [None] * SLOTS)
    discard: list = field(default_factory=list)
    items: dict = field(default_factory=dict)  # item icon -> count (F-V5; gained by levelling, part 2)
    markers: list = field(default_factory=list)
    effects: list = field(default_factory=list)  # active effects: {stat, amount, duration, source, turn, round}
    ultimate: str | None = None                # the unlocked tier-IV card, always on while on the board (F-V3)

    def to_data(self) -> dict:
        """Everything about the hero, secrets included (the digest's view)."""
        return {"index": self.index, "seat": self.seat, "team": self.team, "hero": self.hero,
                "position": list(self.position) if self.position else None, "hand": list(self.hand),
                "deck": list(self.deck), "level": self.level, "coins": self.coins,
                "dashboard": list(self.dashboard), "discard": list(self.discard), "items": dict(self.items),
                "markers": list(self.markers), "effects": [dict(e) for e in self.effects],
                "ultimate": self.ultimate}


@dataclass
class Game:
    """The whole game. `phase`: (draft: hero selection, draft.py) → select → resolve (with order/respawn/act/defend prompts) → … → end_of_round
    (after turn 4, round_end.py) → select … → over."""

    board: object
    content: object
    opts: dict
    heroes: list
    coin: str                                  # the team shown on the tie-breaker coin
    life: dict                                 # team -> life counters left
    rng: object
    log: object
    round: int = 1
    turn: int = 1
    phase: str = "select"
    round_step: int = 0                              # the next End of Round step (round_end.STEPS)
    played: dict = field(default_factory=dict)       # hero index -> card id, or None for a pass (S1-R5)
    unresolved: list = field(default_factory=list)   # hero indices whose card is not yet resolved
    no_action: set = field(default_factory=set)      # heroes defeated before their card resolved (F-K1)
    pending: dict | None = None                      # the prompt being answered, if any
    acting: int | None = None                        # the hero resolving its card now
    flip_after: bool = False                         # its card won a cross-team tie (S1-R10)
    result: object = None
    tokens: list = field(default_factory=list)       # on the board: {"space": [q, r], "token": kind, "hero": owner}
    scheduled: list = field(default_factory=list)    # active effects due later (P1-5): {"hero", "card", "at", "turn", "steps"}
    # levelling (levelling.py)
    levelled: list = field(default_factory=list)     # hero indices that levelled up this End of Round (pity coin)
    draft: dict | None = None                        # hero selection (draft.py, P1-8); None: heroes given
    # --- the lane (part 2, issue 13: lane.py) ------------------------------------------------------
    minions: list = field(default_factory=list)      # on the board: {"id": n, "team", "type": melee|ranged|heavy, "lane": i, "space": [q, r]}
    battle_zones: list = field(default_factory=list) # per lane: its Battle Zone, a zone id of that lane (F-S5, G1-8)
    waves: list = field(default_factory=list)        # per lane: its wave counters left (F-S2, F-S3)
    push_due: list = field(default_factory=list)     # per lane: the team the minion battle ran out of minions, or None (G1-4 step 3)
    next_minion: int = 0                             # the next minion's id
    answers: int = 0                                 # seats' answers applied so far (the P1-14 ceiling; not in
                                                     # to_data: it is the record's length, known from the record)
    # --- end of the lane's fields ----------------------------------------------------------------------

    def hero_at(self, hex_) -> HeroState | None:
        """The hero standing on `hex_`, if any."""
        for hero in self.heroes:
            if hero.position == hex_:
                return hero
        return None

    def obstacles(self) -> set:
        """Every space an obstacle stands on: terrain, units (heroes and minions) and tokens (F-A1)."""
        return (set(self.board.terrain) | {h.position for h in self.heroes if h.position is not None}
                | {tuple(t["space"]) for t in self.tokens} | {tuple(m["space"]) for m in self.minions})

    def token_at(self, hex_) -> dict | None:
        """The token on `hex_`, if any (a space holds at most one obstacle)."""
        for token in self.tokens:
            if tuple(token["space"]) == tuple(hex_):
                return token
        return None

    def to_data(self) -> dict:
        """The whole state as JSON-able data."""
        data = {"round": self.round, "turn": self.turn, "phase": self.phase, "round_step": self.round_step,
                "coin": self.coin,
                "life": dict(self.life), "heroes": [h.to_data() for h in self.heroes],
                "played": {str(k): v for k, v in sorted(self.played.items())}, "unresolved": list(self.unresolved),
                "no_action": sorted(self.no_action), "pending": self.pending, "acting": self.acting,
                "flip_after": self.flip_after, "options": dict(self.opts),
                "tokens": [dict(t) for t in self.tokens], "scheduled": [dict(e) for e in self.scheduled],
                "levelled": list(self.levelled),
                "minions": [dict(m) for m in self.minions], "battle_zones": list(self.battle_zones),
                "waves": list(self.waves), "push_due": list(self.push_due), "next_minion": self.next_minion,
                "rng": self.rng.to_data(), "result": None if self.result is None else self.result.to_data()}
        if self.draft is not None:                   # hero selection (draft.py): absent when heroes are given
            data["draft"] = {k: (list(v) if isinstance(v, list) else v) for k, v in self.draft.items()}
        return data
