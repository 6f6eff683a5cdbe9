"""The skill interpreter: react windows, effects, damage with elements, defeats and kill rewards.

A skill is data (characters.py); this module is the one place that gives its effect kinds their
meaning (G0-9). The order of one Act Skill follows the spec's state machine: defensive reacts
(A0-7), effects (S0-R22), damage (S0-R23), the offensive react (S0-R35), then defeats (S0-R24, G0-17).
A React Skill "may" be used (S0-R35, S0-R36): under react_choice=ask the resolution pauses (b.resolving)
and its owner decides; `resume` carries on from that stage.
"""

from .board import beats, compact, free_cells
from .characters import ENEMY_TARGETS, Effect, Skill
from .state import Battle, Char


class Resolution:
    """One skill's bookkeeping: who dealt the last damage to whom, for defeats and kill rewards."""

    __slots__ = ("actor", "hits")

    def __init__(self, actor: Char | None):
        self.actor = actor
        self.hits: dict[int, Char] = {}      # target uid -> the character whose damage hit it last


class Pending:
    """An Act or Unique Skill being resolved (A0-7 order), resumable: under react_choice=ask it pauses
    where a React Skill is ready and its owner decides whether to use it (S0-R35, S0-R36)."""

    __slots__ = ("actor", "skill", "targets", "res", "stage", "asking")

    def __init__(self, actor: int, skill: str, targets: list[int], res: Resolution):
        self.actor, self.skill, self.targets, self.res = actor, skill, targets, res
        self.stage = 0                  # the index of the next stage to run (see stages)
        self.asking: dict | None = None  # the React Skill offered now: uid, skill, trigger, rule, ...

    def to_data(self) -> dict:
        """The resolution left to run, as data (the digest and the view hold it)."""
        return {"actor": self.actor, "skill": self.skill, "targets": list(self.targets), "stage": self.stage,
                "hits": sorted([uid, char.uid] for uid, char in self.res.hits.items()),
                "asking": dict(self.asking) if self.asking else None}


def use_skill(b: Battle, actor: Char, skill: Skill, targets: list[Char]) -> bool:
    """Resolve an Act or Unique Skill whose cost is paid (S0-R21..R25). Returns True when it is fully
    resolved; False when it paused for a React Skill decision (b.resolving holds the rest)."""
    b.resolving = Pending(actor.uid, skill.id, [t.uid for t in targets], Resolution(actor))
    return resume(b)


def stages(b: Battle, p: Pending) -> list[tuple]:
    """The spec's order (A0-7, G0-10): defensive reacts per target (before or after damage), effects
    (S0-R22), damage (S0-R23), the offensive react (S0-R35), defeats (S0-R24)."""
    skill = _skill_of(b, p)
    attack = skill.target in ENEMY_TARGETS
    defend_first = b.opts["react_timing"] == "before_damage"
    out: list[tuple] = []
    if attack and defend_first:
        out += [("defend", uid) for uid in p.targets]
    out += [("effects",), ("damage",)]
    if attack and not defend_first:
        out += [("defend", uid) for uid in p.targets]
    out += [("offend",), ("defeats",)]
    return out


def _skill_of(b: Battle, p: Pending) -> Skill:
    return next(s for s in b.char(p.actor).defn.skills() if s.id == p.skill)


def resume(b: Battle, answer: str | None = None) -> bool:
    """Run the resolution's stages until one needs a decision (False) or all are done (True).
    `answer` ("react" or "decline") settles the React Skill offered at the current stage."""
    p = b.resolving
    plan = stages(b, p)
    if answer is not None:
        asked, p.asking = p.asking, None
        char = b.char(asked["uid"])
        if answer == "react":
            _fire(b, plan[p.stage], char, p)
        else:
            b.log.emit("react_declined", asked["rule"], seat=char.owner, uid=char.uid, skill=asked["skill"],
                       trigger=asked["trigger"])
        p.stage += 1
    while p.stage < len(plan):
        if _run(b, plan[p.stage], p):
            return False
        p.stage += 1
    b.resolving = None
    return True


def _run(b: Battle, stage: tuple, p: Pending) -> bool:
    """One stage; True when it pauses to offer a React Skill (react_choice=ask)."""
    actor, skill = b.char(p.actor), _skill_of(b, p)
    targets = [b.char(uid) for uid in p.targets]
    kind = stage[0]
    if kind == "effects":
        for effect in skill.effects:                               # S0-R22: effects first
            if effect.kind != "damage":
                apply_effect(b, actor, effect, targets, "S0-R22")
    elif kind == "damage":
        base = sum(effect.amount for effect in skill.effects if effect.kind == "damage")
        if base:                                                    # S0-R23: then damage, all at once
            for target in targets:
                if target.alive:
                    hit(b, actor, target, base, skill.element, p.res)
    elif kind == "defeats":
        settle_defeats(b, p.res)
    elif kind == "defend":
        char = b.char(stage[1])
        react = _ready_react(b, char, "when_attacked")
        if react is not None:
            return _offer(b, stage, char, react, p, "S0-R36", attacker=actor.uid)
    else:                                                           # offend
        react = _ready_react(b, actor, "after_own_act")
        if skill.target in ENEMY_TARGETS or b.opts["offensive_react"] == "any_act":
            if react is not None:
                return _offer(b, stage, actor, react, p, "S0-R35",
                              targets=[t.uid for t in _offense_recipients(b, actor, react, targets)])
        elif react is not None and b.log.events is not None:
            b.log.emit("no_offensive_react", "S0-R35", seat=actor.owner, uid=actor.uid, skill=skill.id)
    return False


def _offer(b: Battle, stage: tuple, char: Char, react: Skill, p: Pending, rule: str, **about) -> bool:
    """react_choice=auto: the React Skill fires at once (False); ask: its owner is asked (True)."""
    if b.opts["react_choice"] == "auto":
        _fire(b, stage, char, p)
        return False
    p.asking = {"uid": char.uid, "seat": char.owner, "skill": react.id, "trigger": react.trigger, "rule": rule,
                **about}
    return True


def _fire(b: Battle, stage: tuple, char: Char, p: Pending) -> None:
    if stage[0] == "defend":
        defend(b, char, b.char(p.actor), p.res)
    else:
        offend(b, char, [b.char(uid) for uid in p.targets], p.res)


def defend(b: Battle, char: Char, attacker: Char, res: Resolution) -> None:
    """S0-R36/R33/R34: an unused when_attacked React Skill fires, free of Act Points, once a cycle."""
    react = _ready_react(b, char, "when_attacked")
    if react is None:
        return
    char.react_used = True
    recipients = [char] if react.target == "self" else [attacker]
    b.log.emit("react", "S0-R36", seat=char.owner, uid=char.uid, skill=react.id, trigger=react.trigger,
               targets=[c.uid for c in recipients])
    b.log.emit("react_cost", "S0-R33", uid=char.uid, ap=0)
    _react_effects(b, char, react, recipients, res)


def _offense_recipients(b: Battle, actor: Char, react: Skill, targets: list[Char]) -> list[Char]:
    if react.target == "self":
        return [actor]
    if react.target == "target":
        return [t for t in targets if t.alive]
    return [c for c in b.on_board(actor.owner)]


def offend(b: Battle, actor: Char, targets: list[Char], res: Resolution) -> None:
    """S0-R35/R33/R34: when the character attacks a target with an Act Skill (offensive_react=any_act:
    after any Act Skill), an unused after_own_act React Skill adds its effect."""
    react = _ready_react(b, actor, "after_own_act")
    if react is None:
        return
    actor.react_used = True
    recipients = _offense_recipients(b, actor, react, targets)
    b.log.emit("react", "S0-R35", seat=actor.owner, uid=actor.uid, skill=react.id, trigger=react.trigger,
               targets=[c.uid for c in recipients])
    b.log.emit("react_cost", "S0-R33", uid=actor.uid, ap=0)
    _react_effects(b, actor, react, recipients, res)


def _ready_react(b: Battle, char: Char, trigger: str) -> Skill | None:
    if not char.alive or char.health <= 0 or char.react_used:
        return None
    if char.face_down and b.opts["face_down_turn"] == "no_turn":       # G0-12
        return None
    return next((r for r in char.defn.react_skills if r.trigger == trigger), None)


def _react_effects(b: Battle, source: Char, react: Skill, recipients: list[Char], res: Resolution) -> None:
    for effect in react.effects:
        if effect.kind == "damage":
            for target in recipients:
                if target.alive:
                    hit(b, source, target, effect.amount, None, res)
        else:
            apply_effect(b, source, effect, recipients, "S0-R22")


# --- damage ----------------------------------------------------------------------------------

def hit(b: Battle, source: Char | None, target: Char, base: int, element: str | None, res: Resolution) -> None:
    """S0-R22/R23 with S0-R28..R32: statuses and the element decide the damage, then Health drops."""
    amount = base
    if source is not None and source.weaken[1] > 0:               # G0-9: weaken lowers damage dealt
        amount = max(0, amount - source.weaken[0])
    heal_after = 0
    if element is not None:
        amount, heal_after = _elemental(b, element, target, amount)
    if source is not None:
        res.hits[target.uid] = source
    if amount is None:                                             # G0-8 absorb: no damage, heal 1
        _heal(b, target, heal_after, "S0-R32" if element == "pyro" else "G0-8")
        return
    if amount < 0:                                                 # G0-8 net: below 0 heals the difference
        _heal(b, target, -amount, "G0-8")
        return
    absorbed = min(target.shield, amount)
    if absorbed:
        target.shield -= absorbed
        b.log.emit("shielded", "G0-9", seat=target.owner, uid=target.uid, absorbed=absorbed, shield=target.shield)
    target.health -= amount - absorbed
    b.log.emit("damage", "S0-R23", seat=target.owner, uid=target.uid, amount=amount - absorbed,
               health=target.health, source=source.uid if source else None)
    if heal_after:
        _heal(b, target, heal_after, "S0-R32")


def _elemental(b: Battle, element: str, target: Char, amount: int) -> tuple[int | None, int]:
    """The damage after the Element Loop, and any heal that follows it (G0-8 heal_after).
    A damage of None means the hit is absorbed: no damage at all, only the heal (G0-8 absorb)."""
    their = target.defn.element
    if beats(b, element, their):
        rule = "S0-R30" if (element, their) == ("pyro", "eol") else "S0-R28"
        b.log.emit("element", rule, uid=target.uid, skill_element=element, target_element=their, modifier=1)
        return amount + 1, 0
    if element == their:
        rule = "S0-R32" if element == "pyro" else "G0-8"
        b.log.emit("element", rule, uid=target.uid, skill_element=element, target_element=their, modifier=-1)
        if b.opts["same_element"] == "absorb":
            return None, 1
        if b.opts["same_element"] == "heal_after":
            return amount, 1
        return amount - 1, 0
    if b.log.events is not None:
        rule = "S0-R31" if (element, their) == ("pyro", "aqua") else "S0-R29"
        b.log.emit("element", rule, uid=target.uid, skill_element=element, target_element=their, modifier=0)
    return amount, 0


def _heal(b: Battle, char: Char, amount: int, rule: str) -> None:
    """Raise Health, never above its maximum (G0-8)."""
    if not char.alive:
        return
    char.health = min(char.max_health, char.health + amount)
    b.log.emit("heal", rule, seat=char.owner, uid=char.uid, amount=amount, health=char.health)


# --- effects other than damage -----------------------------------------------------------------

def apply_effect(b: Battle, source: Char, effect: Effect, targets: list[Char], rule: str) -> None:
    """One non-damage effect on each target (invoke and soulwell act once, for the source's side)."""
    if effect.kind == "invoke":
        invoke(b, source, effect)
        return
    if effect.kind == "soulwell":
        side = b.sides[source.owner]
        side.soulwell += effect.amount
        b.log.emit("soulwell", rule, seat=side.seat, uid=source.uid, amount=effect.amount, soulwell=side.soulwell)
        return
    for target in targets:
        if target.alive:
            _STATUS[effect.kind](b, source, target, effect, rule)


def _heal_effect(b, source, target, effect, rule):
    _heal(b, target, effect.amount, rule)


def _shield(b, source, target, effect, rule):
    target.shield += effect.amount
    b.log.emit("shield", "G0-9", seat=target.owner, uid=target.uid, shield=target.shield)


def _burn(b, source, target, effect, rule):
    target.burn = [effect.amount, effect.cycles]
    b.log.emit("burn", "G0-9", seat=target.owner, uid=target.uid, amount=effect.amount, cycles=effect.cycles)


def _weaken(b, source, target, effect, rule):
    target.weaken = [effect.amount, effect.cycles]
    b.log.emit("weaken", "G0-9", seat=target.owner, uid=target.uid, amount=effect.amount, cycles=effect.cycles)


def _ap_gain(b, source, target, effect, rule):
    target.ap += effect.amount
    # A0-8 'never': the rules give an invoked character no Act Point, but the card wins (S0-R40)
    overrides = target.invoked_by is not None and b.opts["invoked_ap"] == "never"
    b.log.emit("ap_gain", "S0-R40" if overrides else rule, seat=target.owner, uid=target.uid,
               amount=effect.amount, ap=target.ap)


def _ap_drain(b, source, target, effect, rule):
    lost = min(target.ap, effect.amount)
    target.ap -= lost
    b.log.emit("ap_drain", rule, seat=target.owner, uid=target.uid, amount=lost, ap=target.ap)


def _face_down(b, source, target, effect, rule):
    """G0-12: face down, it gains no cycle-start AP (S0-R16); under face_down_turn=no_turn it also takes
    no turn (this cycle's is lost)."""
    target.face_down = max(target.face_down, effect.cycles)
    if b.opts["face_down_turn"] == "no_turn":
        target.engaged = True
    b.log.emit("face_down", "G0-12", seat=target.owner, uid=target.uid, cycles=target.face_down)


def _push(b, source, target, effect, rule):
    """A push moves a character outside its own turn, which no rule allows: the card wins (S0-R40)."""
    row = target.row + effect.rows
    cols = free_cells(b, target.owner, row) if row < b.opts["rows"] else []
    if not cols:
        b.log.emit("push_blocked", "S0-R40", seat=target.owner, uid=target.uid)
        return
    col = target.col if target.col in cols else cols[0]
    target.row, target.col = row, col
    b.log.emit("push", "S0-R40", seat=target.owner, uid=target.uid, row=row, col=col)
    compact(b, target.owner)


_STATUS = {"heal": _heal_effect, "shield": _shield, "burn": _burn, "weaken": _weaken,
           "ap_gain": _ap_gain, "ap_drain": _ap_drain, "face_down": _face_down, "push": _push}


def invoke(b: Battle, source: Char, effect: Effect) -> None:
    """G0-12: a summoned character joins the source's side, engaged until the next cycle, with no AP."""
    seat = source.owner
    rows = b.opts["rows"]
    wanted = min(effect.row, rows - 1)
    order = sorted(range(rows), key=lambda r: (abs(r - wanted), r))
    row = next((r for r in order if free_cells(b, seat, r)), None)
    defn = b.content.characters[effect.character]
    if row is None:
        b.log.emit("invoke_blocked", "G0-12", seat=seat, uid=source.uid, character=defn.id)
        return
    char = Char(b.next_uid, defn, seat, 0, invoked_by=source.uid)
    b.next_uid += 1
    char.engaged = True
    char.row, char.col = row, free_cells(b, seat, row)[0]
    b.sides[seat].chars.append(char)
    b.log.emit("invoke", "G0-12", seat=seat, uid=char.uid, id=defn.id, by=source.uid, row=char.row, col=char.col)
    compact(b, seat)


# --- defeats -----------------------------------------------------------------------------------

def settle_defeats(b: Battle, res: Resolution) -> None:
    """S0-R24: every character at 0 Health is defeated at once (G0-17); then kill rewards (S0-R25)."""
    fallen = [c for side in b.sides for c in side.chars if c.alive and c.row >= 0 and c.health <= 0]
    if not fallen:
        return
    rewards: dict[int, list[Char]] = {}
    for char in fallen:
        char.alive = False
        b.log.emit("defeated", "S0-R24", seat=char.owner, uid=char.uid, id=char.defn.id,
                   by=res.hits[char.uid].uid if char.uid in res.hits else None)
        char.row = char.col = -1
        killer = res.hits.get(char.uid)
        if killer is not None and killer.owner != char.owner:
            rewards.setdefault(killer.uid, [killer]).append(char)
    for victims in rewards.values():
        _kill_reward(b, victims[0], victims[1:])
    for seat in (0, 1):
        compact(b, seat)


def _kill_reward(b: Battle, killer: Char, victims: list[Char]) -> None:
    """S0-R25 with A0-5/G0-16: remaining Act Points go to the killer's side's Soulwell: by default the
    victims' (harvested from them); under kill_reward=killer the killer's own (moved, or copied)."""
    side = b.sides[killer.owner]
    if b.opts["kill_reward"] == "killer":
        amount = killer.ap
        if b.opts["kill_reward_transfer"]:
            killer.ap = 0
    else:
        amount = sum(victim.ap for victim in victims)
        for victim in victims:
            victim.ap = 0
    side.soulwell += amount
    b.log.emit("kill_reward", "S0-R25", seat=side.seat, uid=killer.uid, amount=amount,
               soulwell=side.soulwell, victims=[v.uid for v in victims], source=b.opts["kill_reward"])
