"""The "sensible" bot: a one-ply greedy scorer over the legal actions, reading only the view.

It values damage (more on the King), defeats, statuses and healing, charges for Act Points and
Soulwell points spent, keeps its King back and walks characters into range. No search: each
decision costs one pass over the legal actions.
"""

from ...core.bots import Bot

LOOPS = {"three": ("pyro", "eol", "aqua"), "four": ("pyro", "eol", "geo", "aqua")}
KING_WEIGHT = 2.0       # damage to a King is worth more: a dead King ends the battle (S0-R37)
KILL_BONUS = 5.0
KING_KILL = 1000.0
AP_COST = 0.3           # an own Act Point spent
WELL_COST = 0.45        # a Soulwell point spent: shared by the whole army, so dearer
END_VALUE = 0.45        # End of Turn earns an Act Point (S0-R27)
STALE_CYCLES = 10       # no enemy Health lost over this many cycles: the battle goes nowhere (G0-14)


class SensibleBot(Bot):
    """Greedy: the legal action with the best immediate score (ties: the first listed)."""

    name = "sensible"

    def choose(self, view, legal, rng):
        """The best-scoring legal action; never abandons while anything else is legal.

        A ready React Skill is always used (S0-R35, S0-R36: it is free and once a cycle). A tie is
        proposed, and accepted, only when the battle goes nowhere (G0-14, see `stalled`)."""
        kinds = {action[0] for action in legal}
        if "react" in kinds:
            return next(action for action in legal if action[0] == "react")
        if "accept_tie" in kinds:
            return ["accept_tie"] if stalled(view, view["pending"]["seat"]) else ["refuse_tie"]
        ctx = _Context(view)
        best, best_score = legal[0], None
        for action in legal:
            score = ctx.score(action)
            if best_score is None or score > best_score:
                best, best_score = action, score
        return best


def stalled(view, seat: int) -> bool:
    """No progress: the enemy's Health on the board is no lower than STALE_CYCLES cycle starts ago
    (read from the view's health_log), so neither waiting nor playing on is likely to win."""
    log = view.get("health_log") or []
    if len(log) <= STALE_CYCLES:
        return False
    enemy = 1 - seat
    now = sum(max(0, c["health"]) for c in view["sides"][enemy]["chars"] if c["alive"] and c["row"] >= 0)
    return now >= log[-STALE_CYCLES - 1][enemy]


class _Context:
    """What the scorer reads from one view."""

    def __init__(self, view):
        self.view = view
        self.defs = view["characters"]
        self.opts = view["options"]
        self.chars = {c["uid"]: c for side in view["sides"] for c in side["chars"]}
        pending = view["pending"] or {}
        self.seat = pending.get("seat")
        self.actor = self.chars.get(pending.get("uid"))
        self.loop = LOOPS[self.opts["element_loop"]]

    def score(self, action) -> float:
        kind = action[0]
        if kind == "abandon":
            return -1e9
        if kind == "deploy":
            return self._deploy(action[1], action[2])
        if kind == "choose":
            return self.chars[action[1]]["ap"]
        if kind == "end":
            return END_VALUE
        if kind == "propose_tie":
            return 1e6 if stalled(self.view, self.seat) else -1e8
        if kind == "move":
            return self._move(action[1], action[2])
        return self._skill(action[1], action[2], action[3])

    # --- deployment and movement -------------------------------------------------------------

    def _ideal_row(self, char) -> int:
        defn = self.defs[char["id"]]
        rows = self.opts["rows"]
        if defn["kind"] == "king":
            return rows - 1
        return min(defn["range"] - 1, rows - 1)

    def _deploy(self, uid, row) -> float:
        ideal = self._ideal_row(self.chars[uid])
        return -10 * abs(row - ideal) - ideal      # front-liners first, so the back rows open up

    def _reach(self, char, row) -> bool:
        """Would a damaging skill of `char` reach some enemy from `row` (column ignored)?"""
        defn = self.defs[char["id"]]
        enemies = [c for c in self.chars.values() if c["owner"] != char["owner"] and c["alive"] and c["row"] >= 0]
        best = max((s.get("range", defn["range"]) for s in defn["act_skills"]
                    if any(e["kind"] == "damage" for e in s["effects"])), default=0)
        return any(row + 1 + e["row"] <= best for e in enemies)

    def _move(self, row, col) -> float:
        actor = self.actor
        defn = self.defs[actor["id"]]
        if defn["kind"] == "king":
            return 0.3 if row > actor["row"] else -2.0
        now, then = self._reach(actor, actor["row"]), self._reach(actor, row)
        if then and not now:
            return 1.2
        if now and not then:
            return -1.0
        return 0.1 if row > actor["row"] and defn["range"] > 1 else -0.2

    # --- skills -------------------------------------------------------------------------------

    def _skill(self, skill_id, targets, spend) -> float:
        actor = self.actor
        defn = self.defs[actor["id"]]
        skills = list(defn["act_skills"]) + ([defn["unique_skill"]] if "unique_skill" in defn else [])
        skill = next(s for s in skills if s["id"] == skill_id)
        value = -WELL_COST * spend - AP_COST * (skill["ap"] - spend)    # spend moves onto the actor
        if "unique_skill" in defn and skill is defn["unique_skill"]:
            value -= 0.5                            # keep the once-a-battle skill for a good moment
        base = sum(e["amount"] for e in skill["effects"] if e["kind"] == "damage")
        for uid in targets:
            target = self.chars[uid]
            enemy = target["owner"] != actor["owner"]
            if base and enemy:
                value += self._damage_value(actor, target, base, skill.get("element"))
            for effect in skill["effects"]:
                value += self._effect_value(effect, target, enemy)
        for effect in skill["effects"]:
            if effect["kind"] == "invoke":
                value += 3.0
            elif effect["kind"] == "soulwell":
                value += WELL_COST * effect["amount"]
        return value

    def _damage_value(self, actor, target, base, element) -> float:
        amount = base - (actor["weaken"][0] if actor["weaken"][1] > 0 else 0)
        their = self.defs[target["id"]]["element"]
        if element in self.loop and their in self.loop:
            if self.loop[(self.loop.index(element) + 1) % len(self.loop)] == their:
                amount += 1
            elif element == their:
                if self.opts["same_element"] == "absorb":       # G0-8: the hit only heals the enemy
                    return -0.5 * min(1, target["max_health"] - target["health"]) - 0.1
                amount -= 1
        amount = max(0, amount - target["shield"])
        king = self.defs[target["id"]]["kind"] == "king"
        dealt = min(amount, target["health"])
        value = dealt * (KING_WEIGHT if king else 1.0)
        if amount >= target["health"]:
            value += KING_KILL if king else KILL_BONUS + self.defs[target["id"]]["speed"] * 0.2
        return value

    def _effect_value(self, effect, target, enemy) -> float:
        kind = effect["kind"]
        if enemy:
            if kind == "burn":
                return 0.7 * effect["amount"] * effect["cycles"]
            if kind == "weaken":
                return 0.6 * effect["amount"] * effect["cycles"]
            if kind == "face_down":       # G0-12: a lost turn each cycle, or only a lost Act Point
                return (2.5 if self.opts["face_down_turn"] == "no_turn" else AP_COST) * effect["cycles"]
            if kind == "ap_drain":
                return 0.6 * min(effect["amount"], target["ap"])
            if kind == "push":
                return 0.3
            return 0.0
        missing = target["max_health"] - target["health"]
        king = self.defs[target["id"]]["kind"] == "king"
        if kind == "heal":
            return min(effect["amount"], missing) * (1.5 if king else 1.0)
        if kind == "shield":
            return 0.4 * effect["amount"] * (1.5 if king else 1.0)
        if kind == "ap_gain":
            return 0.5 * effect["amount"]
        return 0.0
