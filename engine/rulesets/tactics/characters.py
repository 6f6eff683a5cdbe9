"""Character and army data: load content/characters.toml and validate every field (DESIGN: content as data).

A problem is a `file: table: field: message` line; all of them are gathered and raised together
as one BadCards, so a card author sees every mistake at once.
"""

from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from ...core.carddata import (Problems, choice, identifier, names, parse_once, parse_toml, read_text, show,
                              table, top_level, unknown_fields, whole_number)

BUILTIN_FILE = Path(__file__).with_name("content") / "characters.toml"
KINDS = ("king", "hero", "unit")
CLASSES = ("guardian", "warrior", "archer", "mage", "healer", "summoner")
ELEMENTS = ("pyro", "eol", "aqua", "geo", "none")
SKILL_ELEMENTS = ("pyro", "eol", "aqua", "geo")
TARGETS = ("enemy", "enemy_row", "all_enemies", "ally", "all_allies", "self")
ENEMY_TARGETS = ("enemy", "enemy_row", "all_enemies")
TRIGGERS = ("when_attacked", "after_own_act")
REACT_TARGETS = {"when_attacked": ("self", "attacker"), "after_own_act": ("self", "target", "all_allies")}
ARMY_MEMBERS = 5                 # G0-13: a King plus five

# stat -> (lowest, highest)
_STATS = {"speed": (1, 9), "range": (1, 5), "health": (1, 30)}
# effect kind -> {field: (lowest, highest)}; `character` (invoke) is checked against the file
EFFECT_FIELDS = {
    "damage": {"amount": (1, 6)},
    "heal": {"amount": (1, 6)},
    "shield": {"amount": (1, 4)},
    "burn": {"amount": (1, 3), "cycles": (1, 3)},
    "weaken": {"amount": (1, 2), "cycles": (1, 3)},
    "ap_gain": {"amount": (1, 2)},
    "ap_drain": {"amount": (1, 2)},
    "soulwell": {"amount": (1, 2)},
    "invoke": {"row": (0, 2)},
    "face_down": {"cycles": (1, 2)},
    "push": {"rows": (1, 1)},
}
_CHAR_KEYS = {"kind", "class", "element", "speed", "range", "health", "summoned", "name",
              "act_skills", "unique_skill", "react_skills"}
_SKILL_KEYS = {"id", "name", "ap", "range", "element", "target", "effects"}
_REACT_KEYS = {"id", "name", "trigger", "target", "effects"}


@dataclass(frozen=True)
class Effect:
    """One effect of a skill: its kind and the numbers (or invoked character) it carries."""

    kind: str
    amount: int = 0
    cycles: int = 0
    rows: int = 0
    row: int = 0
    character: str = ""

    def to_data(self) -> dict:
        """The effect as written in the file."""
        data = {"kind": self.kind}
        for key in EFFECT_FIELDS[self.kind]:
            data[key] = getattr(self, key)
        if self.kind == "invoke":
            data["character"] = self.character
        return data


@dataclass(frozen=True)
class Skill:
    """An Act Skill, Unique Skill or React Skill (react skills use `trigger`, never `ap`)."""

    id: str
    name: dict
    target: str
    effects: tuple
    ap: int = 0
    range: int | None = None
    element: str | None = None
    trigger: str | None = None

    def to_data(self) -> dict:
        """The skill as written in the file (plus nothing hidden)."""
        data = {"id": self.id, "name": dict(self.name), "target": self.target,
                "effects": [effect.to_data() for effect in self.effects]}
        if self.trigger:
            data["trigger"] = self.trigger
        else:
            data["ap"] = self.ap
            if self.range is not None:
                data["range"] = self.range
            if self.element is not None:
                data["element"] = self.element
        return data


@dataclass(frozen=True)
class CharacterDef:
    """One Attribute card."""

    id: str
    kind: str
    cls: str
    element: str
    speed: int
    range: int
    health: int
    summoned: bool
    name: dict
    act_skills: tuple
    unique_skill: Skill | None
    react_skills: tuple

    def skills(self) -> tuple:
        """Act Skills, then the Unique Skill if any (it is used as an Act Skill, G0-11)."""
        return self.act_skills + ((self.unique_skill,) if self.unique_skill else ())

    @cached_property
    def data(self) -> dict:
        """`to_data()`, built once: a card never changes, so every view of it shares this one dict
        (read it, never change it)."""
        return self.to_data()

    def to_data(self) -> dict:
        """The character as written in the file."""
        data = {"kind": self.kind, "class": self.cls, "element": self.element, "speed": self.speed,
                "range": self.range, "health": self.health, "summoned": self.summoned,
                "name": dict(self.name), "act_skills": [s.to_data() for s in self.act_skills],
                "react_skills": [s.to_data() for s in self.react_skills]}
        if self.unique_skill:
            data["unique_skill"] = self.unique_skill.to_data()
        return data


@dataclass(frozen=True)
class ArmyDef:
    """A preset army: a King and five pickable members (G0-13)."""

    id: str
    name: dict
    king: str
    members: tuple

    def to_data(self) -> dict:
        """The army as written in the file."""
        return {"name": dict(self.name), "king": self.king, "members": list(self.members)}


@dataclass
class Content:
    """A validated set of characters and armies."""

    characters: dict
    armies: dict

    def merged_with(self, other: "Content") -> "Content":
        """This content with `other`'s characters and armies added (other wins on equal ids)."""
        return Content({**self.characters, **other.characters}, {**self.armies, **other.armies})


def load_content_file(path, known: dict | None = None) -> Content:
    """Read and validate a characters file (it may refer to the `known` characters); raises BadCards."""
    path = Path(path)
    return parse_once(parse_content, read_text(path), path.name, known)


def parse_content(text: str, source: str = "characters", known: dict | None = None) -> Content:
    """Validate characters-file text; raises BadCards listing every problem."""
    return content_from_data(parse_toml(text, source), source, known)


def content_from_data(data, source: str = "characters", known: dict | None = None) -> Content:
    """Validate already-parsed data (from TOML or a record's setup): characters first, then the
    references between them. Armies and invoke effects may also name the `known` characters (the
    starter ones, for a user's file); a character of the data replaces a known one with its id."""
    problems = top_level(data, source, ("characters", "armies"), "character data")
    raw_chars = table(data, "characters", problems)
    refs = {cid: {"kind": d.kind, "summoned": d.summoned} for cid, d in (known or {}).items()}
    refs.update(raw_chars)
    summoned = {cid for cid, raw in refs.items() if raw.get("summoned") is True}
    characters = {}
    for char_id, raw in raw_chars.items():
        char = _character(char_id, raw, summoned, problems)
        if char:
            characters[char_id] = char
    armies = {}
    for army_id, raw in table(data, "armies", problems).items():
        army = _army(army_id, raw, refs, problems)
        if army:
            armies[army_id] = army
    problems.raise_any()
    return Content(characters, armies)


def _character(char_id: str, raw: dict, summoned: set, problems: Problems) -> CharacterDef | None:
    where = f"characters.{char_id}"
    before = len(problems.lines)
    unknown_fields(raw, _CHAR_KEYS, where, problems)
    kind = choice(raw, "kind", KINDS, where, problems)
    cls = choice(raw, "class", CLASSES, where, problems)
    element = choice(raw, "element", ELEMENTS, where, problems)
    stats = {key: whole_number(raw, key, low, high, where, problems) for key, (low, high) in _STATS.items()}
    is_summoned = raw.get("summoned", False)
    if not isinstance(is_summoned, bool):
        problems.add(where, "summoned", f"must be true or false; got {show(is_summoned)}")
    elif is_summoned and kind == "king":
        problems.add(where, "summoned", "a King cannot be a summoned character")
    name = names(raw.get("name"), where, "name", problems)
    acts = raw.get("act_skills")
    if not isinstance(acts, list) or not 1 <= len(acts) <= 3:
        problems.add(where, "act_skills", "must be a list of 1 to 3 skill tables")
        acts = []
    act_skills = [_skill(s, where, f"act_skills[{i}]", summoned, problems) for i, s in enumerate(acts)]
    unique = None
    if "unique_skill" in raw:
        unique = _skill(raw["unique_skill"], where, "unique_skill", summoned, problems)
    reacts = raw.get("react_skills", [])
    if not isinstance(reacts, list) or len(reacts) > 1:
        problems.add(where, "react_skills", "must be a list of at most 1 react skill")
        reacts = []
    react_skills = [_react(s, where, f"react_skills[{i}]", summoned, problems) for i, s in enumerate(reacts)]
    ids = [s.id for s in act_skills + [unique] + react_skills if s is not None]
    if len(ids) != len(set(ids)):
        problems.add(where, "act_skills", "skill ids must differ within a character")
    if len(problems.lines) > before:
        return None
    return CharacterDef(char_id, kind, cls, element, stats["speed"], stats["range"], stats["health"],
                        is_summoned, name, tuple(act_skills), unique, tuple(react_skills))


def _skill(raw, where, at, summoned, problems) -> Skill | None:
    if not isinstance(raw, dict):
        problems.add(where, at, "must be a table")
        return None
    before = len(problems.lines)
    unknown_fields(raw, _SKILL_KEYS, where, problems, f"{at}.")
    skill_id = identifier(raw.get("id"), where, f"{at}.id", problems)
    name = names(raw.get("name"), where, f"{at}.name", problems)
    ap = whole_number(raw, "ap", 0, 4, where, problems, f"{at}.ap")
    reach = whole_number(raw, "range", 1, 5, where, problems, f"{at}.range") if "range" in raw else None
    element = choice(raw, "element", SKILL_ELEMENTS, where, problems, f"{at}.element") if "element" in raw else None
    target = choice(raw, "target", TARGETS, where, problems, f"{at}.target")
    effects = _effects(raw.get("effects"), where, at, summoned, problems)
    if len(problems.lines) > before:
        return None
    return Skill(skill_id, name, target, effects, ap=ap, range=reach, element=element)


def _react(raw, where, at, summoned, problems) -> Skill | None:
    if not isinstance(raw, dict):
        problems.add(where, at, "must be a table")
        return None
    before = len(problems.lines)
    unknown_fields(raw, _REACT_KEYS, where, problems, f"{at}.")
    skill_id = identifier(raw.get("id"), where, f"{at}.id", problems)
    name = names(raw.get("name"), where, f"{at}.name", problems)
    trigger = choice(raw, "trigger", TRIGGERS, where, problems, f"{at}.trigger")
    target = None
    if trigger:
        target = choice(raw, "target", REACT_TARGETS[trigger], where, problems, f"{at}.target")
    effects = _effects(raw.get("effects"), where, at, summoned, problems)
    if len(problems.lines) > before:
        return None
    return Skill(skill_id, name, target, effects, trigger=trigger)


def _effects(value, where, at, summoned, problems) -> tuple:
    if not isinstance(value, list) or not 1 <= len(value) <= 4:
        problems.add(where, f"{at}.effects", "must be a list of 1 to 4 effect tables")
        return ()
    effects = []
    for index, raw in enumerate(value):
        here = f"{at}.effects[{index}]"
        if not isinstance(raw, dict):
            problems.add(where, here, "must be a table")
            continue
        kind = choice(raw, "kind", tuple(EFFECT_FIELDS), where, problems, f"{here}.kind")
        if kind is None:
            continue
        allowed = set(EFFECT_FIELDS[kind]) | {"kind"} | ({"character"} if kind == "invoke" else set())
        unknown_fields(raw, allowed, where, problems, f"{here}.", f"not a field of a {kind} effect")
        numbers = {key: whole_number(raw, key, low, high, where, problems, f"{here}.{key}")
                   for key, (low, high) in EFFECT_FIELDS[kind].items()}
        character = ""
        if kind == "invoke":
            character = raw.get("character")
            if not isinstance(character, str) or character not in summoned:
                problems.add(where, f"{here}.character", f"must name a summoned=true character; got {show(character)}")
                character = ""
        if None not in numbers.values():
            effects.append(Effect(kind, character=character, **numbers))
    return tuple(effects)


def _army(army_id, raw, raw_chars, problems) -> ArmyDef | None:
    where = f"armies.{army_id}"
    before = len(problems.lines)
    unknown_fields(raw, ("name", "king", "members"), where, problems)
    name = names(raw.get("name"), where, "name", problems)
    king = raw.get("king")
    if not isinstance(king, str) or raw_chars.get(king, {}).get("kind") != "king":
        problems.add(where, "king", f"must name a kind=\"king\" character; got {show(king)}")
    members = raw.get("members")
    if not isinstance(members, list) or len(members) != ARMY_MEMBERS:
        problems.add(where, "members", f"must list exactly {ARMY_MEMBERS} character ids")
        members = []
    for member in members:
        problem = pick_problem(member, raw_chars)
        if problem:
            problems.add(where, "members", problem)
    if len(problems.lines) > before:
        return None
    return ArmyDef(army_id, name, king, tuple(members))


def pick_problem(member, characters: dict) -> str | None:
    """Why `member` cannot be picked into an army (unknown, a King, or summoned), or None."""
    raw = characters.get(member) if isinstance(member, str) else None
    if raw is None:
        return f"unknown character {show(member)}"
    kind = raw.kind if isinstance(raw, CharacterDef) else raw.get("kind")
    summoned = raw.summoned if isinstance(raw, CharacterDef) else raw.get("summoned", False)
    if kind == "king":
        return f"{member} is a King; an army's members are not Kings"
    if summoned:
        return f"{member} is summoned; only invoke effects bring it into play"
    return None


_BUILTIN: Content | None = None


def builtin_content() -> Content:
    """The characters shipped with the ruleset (loaded once)."""
    global _BUILTIN
    if _BUILTIN is None:
        _BUILTIN = load_content_file(BUILTIN_FILE)
    return _BUILTIN
