"""Decisions: who must act now, what is being asked (its kind and prompt), and the legal answers."""

from dataclasses import dataclass, field

from .canonical import canonical_json

# What a decision may ask. A UI picks its controls from the kind; `prompt` carries what it shows.
KINDS = frozenset({
    "choose",          # a generic pick among the legal actions
    "choose_card",     # play a card from a hand (often simultaneous and hidden)
    "choose_action",   # what a piece or hero does on its turn
    "choose_target",   # whom an effect or attack is aimed at
    "choose_order",    # who goes first among tied pieces
    "defend",          # a defender's answer in the middle of an attack
    "react",           # use (or not) a skill that the rules say a piece "may" use
    "respawn",         # come back on the board, and where
    "deploy",          # put a piece onto the board
    "agree",           # accept or refuse a proposal (e.g. a tie by agreement)
})


@dataclass(frozen=True)
class Decision:
    """Who must act now, and how.

    Several `players` at once is a simultaneous, hidden choice: each submits, and the session holds
    the submissions until all are in. With `any_of`, the players are one team's seats and any one of
    them answers for the team: the first answer resolves the decision.
    """

    players: tuple[int, ...]
    legal: dict[int, list] = field(default_factory=dict)   # player -> legal actions (JSON-able)
    kind: str = "choose"
    prompt: dict = field(default_factory=dict)              # what a UI needs to ask it
    any_of: bool = False
    _keys: dict = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self):
        if self.kind not in KINDS:
            raise ValueError(f"unknown decision kind {self.kind!r}; kinds: {', '.join(sorted(KINDS))}")

    @property
    def simultaneous(self) -> bool:
        """True when more than one player chooses at the same time."""
        return len(self.players) > 1 and not self.any_of

    @property
    def needed(self) -> int:
        """How many submissions resolve the decision."""
        return 1 if self.any_of else len(self.players)

    def allows(self, player: int, action, key: str) -> bool:
        """True when `action` (whose canonical JSON is `key`) is one of `player`'s legal actions.

        Python equality finds the candidate without serialising the list (one serialisation then
        confirms it, since `True == 1` in Python but not in JSON). Only when that fails, e.g. for an
        illegal action, are the legal actions serialised, once per decision.
        """
        legal = self.legal.get(player, ())
        for candidate in legal:
            if candidate == action and canonical_json(candidate) == key:
                return True
        keys = self._keys.get(player)
        if keys is None:
            keys = self._keys[player] = {canonical_json(candidate) for candidate in legal}
        return key in keys
