"""The tie tests (G0-14, P0-1): can either side still lower an enemy's Health?"""

from .characters import ENEMY_TARGETS
from .state import Battle, Char


HARM = ("damage", "burn")


def can_harm(b: Battle, seat: int) -> bool:
    """G0-14/P0-1: can `seat` still lower an enemy's Health? True when a character of it on the board has

    * an Act Skill, or a Unique Skill it may still use (G0-11), aimed at enemies that burns, or that
      deals damage some enemy on the board would not absorb (G0-8), or one that invokes a character
      that could (G0-12);
    * an offensive React Skill that damages or burns its target, and an Act Skill that triggers it
      (S0-R35: under offensive_react=attacks, one aimed at enemies);
    * a defensive React Skill that damages or burns its attacker, while the other side has a character
      with an Act Skill aimed at enemies (an attack that triggers it, S0-R36).

    Range is no limit (moves and the row rule can bring any enemy within reach) and neither are Act
    Points (every cycle adds one to a character or a Soulwell, S0-R15/R17). A side that fails this
    test can never again change the outcome by play; only abandoning could.
    """
    enemies = b.on_board(1 - seat)
    enemy_attacks = any(_attacks(b, c) for c in enemies)
    for char in b.on_board(seat):
        acts = _act_skills(b, char)
        if any(_harms_enemies(b, skill, enemies) for skill in acts):
            return True
        for react in char.defn.react_skills:
            if not any(e.kind in HARM for e in react.effects):
                continue
            if react.trigger == "when_attacked" and react.target == "attacker" and enemy_attacks:
                return True
            if react.trigger == "after_own_act" and react.target == "target" and any(
                    s.target in ENEMY_TARGETS for s in acts):
                return True
    return False


def burning(b: Battle) -> bool:
    """A burn still to hurt someone at a coming cycle start (G0-9): Health can still change."""
    return any(c.burn[1] > 0 and c.burn[0] > 0 for s in (0, 1) for c in b.on_board(s))


def _act_skills(b: Battle, char: Char) -> list:
    """The Act Skills a character may still use, with its Unique Skill while usable (G0-11)."""
    skills = list(char.defn.act_skills)
    unique = char.defn.unique_skill
    if unique and (not char.unique_used or b.opts["unique_limit"] != "once_per_battle"):
        skills.append(unique)
    return skills


def _attacks(b: Battle, char: Char) -> bool:
    """Has the character an Act Skill aimed at enemies (an attack, S0-R36)?"""
    return any(skill.target in ENEMY_TARGETS for skill in _act_skills(b, char))


def _harms_enemies(b: Battle, skill, enemies: list[Char], depth: int = 0) -> bool:
    """Does this skill lower some enemy's Health, itself or through a character it invokes?
    A damaging skill of an enemy's own element does not (G0-8 absorb; net/heal_after: unless it deals
    2 or more)."""
    if skill.target in ENEMY_TARGETS:
        if any(e.kind == "burn" for e in skill.effects):
            return True
        base = sum(e.amount for e in skill.effects if e.kind == "damage")
        if base and any(_hurts(b, skill.element, base, enemy) for enemy in enemies):
            return True
    for effect in skill.effects:
        if effect.kind == "invoke" and depth < 3:
            defn = b.content.characters[effect.character]
            invoked = list(defn.act_skills) + ([defn.unique_skill] if defn.unique_skill else [])
            if any(_harms_enemies(b, s, enemies, depth + 1) for s in invoked):
                return True
    return False


def _hurts(b: Battle, element: str | None, base: int, enemy: Char) -> bool:
    """Would `base` damage of `element` lower this enemy's Health (G0-8: not a same-element hit that
    is absorbed, or that nets 0 or less)?"""
    if element is None or element != enemy.defn.element:
        return True
    return b.opts["same_element"] != "absorb" and base >= 2
