"""The sensible player bot: a one-ply greedy scorer over the legal actions, reading only the view.

It deploys what it can afford, grows characters, walks toward the automaton's Base, attacks where
the damage is best (defeats and Base hits first), enhances when that makes a kill, and defends
whenever a same-named card can save damage. No search: one pass over the legal actions.
"""

from ...core.bots import Bot


class SensibleBot(Bot):
    """Greedy: the legal action with the best immediate score (ties: the first listed)."""

    name = "sensible"

    def choose(self, view, legal, rng):
        pending = view.get("pending") or {}
        kind = pending.get("kind")
        if kind == "commander":
            return max(legal, key=lambda a: _commander_score(view, a[1]))
        if kind == "join":
            return ["join"] if pending["attack"] >= 2 else ["stay"]
        if kind in ("defend", "guard"):
            need = max(0, pending["attack"] - pending["defense"])
            return ["defend", min(pending["most"], need)]
        ctx = _Context(view)
        best, best_score = legal[-1], 0.0
        for action in legal:
            score = ctx.score(action)
            if score > best_score:
                best, best_score = action, score
        return best


def _commander_score(view, card_id: str) -> float:
    card = view["cards"][card_id]
    return card["def"] + card["mdf"] + card["hp"]


class _Context:
    """What the scorer reads from one view."""

    def __init__(self, view):
        self.view = view
        self.cards = view["cards"]
        me, robot = view["sides"]
        self.me, self.robot = me, robot
        self.units = {u["uid"]: u for side in view["sides"] for u in side["units"] + ([side["commander"]]
                                                                                       if side["commander"] else [])}
        self.hand = {c["uid"]: c["card"] for c in me["hand"]}
        self.ap = me["ap"]
        self.target_row = view["board"]["base"][1][0]
        self.invasion = [tuple(s) for s in view["board"]["invasion"]]

    def score(self, action) -> float:
        kind = action[0]
        if kind == "attack":
            return self._attack(action)
        if kind == "deploy":
            card = self.cards[self.hand[action[1]]]
            if action[2] == "command":
                return 6.0
            return 3.0 + card["level"] - 0.3 * card["cost"] if self.ap - card["cost"] >= 1 else 0.5
        if kind == "grow":
            return 5.0
        if kind == "move":
            unit = self.units[action[1]]
            if unit["position"] != "attack" or self.ap < 2:
                return 0.0
            here, there = tuple(unit["square"]), tuple(action[2])
            score = 1.5 * (here[0] - there[0])             # toward the automaton (row 0)
            if self._reaches_base(unit, there) and not self._reaches_base(unit, here):
                score += 3.0
            if there in self.invasion:                      # holding the Invasion Zone blocks the routes
                score += 1.0
            return score
        if kind == "ability":
            return 1.0
        if kind == "focus":
            return 0.2
        return 0.0

    def _reaches_base(self, unit, square) -> bool:
        """True when the automaton's Base lies within the unit's range from `square`."""
        offsets = self.view["ranges"][self.cards[unit["card"]]["range"]]["offsets"]
        base = tuple(self.view["board"]["base"][1])
        return any((square[0] - f, square[1] + s) == base for f, s in offsets)

    def _attack(self, action) -> float:
        _, uid, mode, aim, uses = action
        unit = self.units[uid]
        card = self.cards[unit["card"]]
        value = (card["atk"] if mode == "atk" else card["mat"]) + unit["focus"] + unit["boost"]
        value += sum(int(v) for v in card.get("enhance", "0").split("/")[:uses]) if uses else 0
        if aim == "base":
            return 8.0 + value - 0.5 * uses
        target = self.units[aim]
        tdef = self.cards[target["card"]]["def" if mode == "atk" else "mdf"]
        damage = max(0, value - tdef)
        kill = damage >= target["hp"]
        return (6.0 if kill else 1.0) + damage - 1.5 * uses
