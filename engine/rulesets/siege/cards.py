"""Siege card data: names, ranges, abilities, character cards and decks, checked on load.

A card file is TOML with the tables `names`, `ranges`, `abilities`, `cards` and `decks` (each
optional in a user's file, whose entries may refer to the starter ones). Every problem is one
`file: table.id: field: message` line (engine.core.carddata); all are reported together.
Deck rules (F2-7): 50 to 60 cards, at most 3 copies per level of a same-named card (a Nameless
card, which has no name, at most 3 copies of itself); a player's deck needs a Lv1 Main card for
its Commander (F2-8).
"""

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from ...core.carddata import (LANGUAGES, Problems, choice, got, names, parse_once, parse_toml, read_text,
                              table, top_level, unknown_fields, whole_number)

BUILTIN_FILE = Path(__file__).with_name("content") / "cards.toml"
TABLES = ("names", "ranges", "abilities", "cards", "decks")
KINDS = ("main", "support", "nameless")
LEVELS = {"main": (1, 4), "support": (2, 3), "nameless": (1, 1)}
WEAPONS = ("sword", "spear", "bow", "staff", "shield", "dagger")
ATTRIBUTES = ("fire", "water", "earth", "wind", "light", "dark")
CATEGORIES = ("spade", "diamond", "heart", "club")          # ♤ ♢ ♡ ♧ (G2-12)
SUITS = {"spade": "♤", "diamond": "♢", "heart": "♡", "club": "♧"}
ZONES = ("battlefield", "command")
TYPES = ("activated", "triggered")
TRIGGERS = ("deploy", "defeat", "turn_start")
EFFECTS = ("boost", "heal", "strike", "ap")
TARGETS = ("self", "ally_most_hurt", "enemy_weakest_in_range")
DECK_SIZE = (50, 60)
MAX_COPIES = 3
MAX_ENTRIES = 400
CARD_FIELDS = ("kind", "name", "title", "level", "hp", "atk", "mat", "def", "mdf", "range", "cost", "enhance",
               "weapon", "attribute", "abilities")
ABILITY_FIELDS = ("category", "zone", "type", "trigger", "cost", "effect", "amount", "target", "name", "text")


@dataclass(frozen=True)
class Ability:
    """An ability as data (G2-12): its category suit, zone tag, type and one effect."""

    id: str
    category: str
    zone: str
    type: str
    trigger: str | None
    cost: int
    effect: str
    amount: int
    target: str
    name: dict
    text: dict

    def to_data(self) -> dict:
        data = {k: getattr(self, k) for k in ABILITY_FIELDS if k != "trigger"}
        if self.trigger:
            data["trigger"] = self.trigger
        data["suit"] = SUITS[self.category]
        return data

    def to_file(self) -> dict:
        """The ability as a card file's [abilities.ID] table holds it (what `content_from_data` reads)."""
        data = {k: getattr(self, k) for k in ABILITY_FIELDS if k not in ("trigger", "cost")}
        data.update({"trigger": self.trigger} if self.type == "triggered" else {"cost": self.cost})
        return data


@dataclass(frozen=True)
class CardDef:
    """A character card as printed."""

    id: str
    kind: str
    name: str | None          # the shared name id (None for a Nameless card)
    title: dict
    level: int
    hp: int
    atk: int
    mat: int
    defense: int
    mdf: int
    range: str
    cost: int
    enhance: tuple            # () / (a,) for Lv3 / (a, b) for Lv4 (F2-4)
    weapon: str
    attribute: str
    abilities: tuple

    def to_data(self) -> dict:
        data = {"id": self.id, "kind": self.kind, "name": self.name, "title": self.title, "level": self.level,
                "hp": self.hp, "atk": self.atk, "mat": self.mat, "def": self.defense, "mdf": self.mdf,
                "range": self.range, "cost": self.cost, "weapon": self.weapon, "attribute": self.attribute,
                "abilities": list(self.abilities)}
        if self.enhance:
            data["enhance"] = "/".join(map(str, self.enhance))
        return data

    def to_file(self) -> dict:
        """The card as a card file's [cards.ID] table holds it (the Lv4 field as written: 'a/b')."""
        data = self.to_data()
        del data["id"]
        if self.name is None:
            del data["name"]
        return data


@dataclass(frozen=True)
class Deck:
    id: str
    side: str
    name: dict
    cards: dict               # card id -> copies

    def card_list(self) -> list[str]:
        return [cid for cid, n in self.cards.items() for _ in range(n)]

    def to_data(self) -> dict:
        """The deck as a card file's [decks.ID] table holds it."""
        return {"side": self.side, "name": dict(self.name), "cards": dict(self.cards)}


@dataclass
class Content:
    names: dict = field(default_factory=dict)
    ranges: dict = field(default_factory=dict)        # id -> {"offsets": ((f, s), ...), "name": {...}}
    abilities: dict = field(default_factory=dict)
    cards: dict = field(default_factory=dict)
    decks: dict = field(default_factory=dict)

    def merged_with(self, other: "Content") -> "Content":
        return Content(*({**getattr(self, t), **getattr(other, t)} for t in TABLES))

    def used_by(self, card_ids) -> "Content":
        """The cards of `card_ids` that this content defines, with the names, ranges and abilities of
        this content they refer to (what a setup must carry to play them without the file)."""
        used = Content()
        for cid in sorted(set(card_ids)):
            card = self.cards.get(cid)
            if card is None:
                continue
            used.cards[cid] = card
            if card.name in self.names:
                used.names[card.name] = self.names[card.name]
            if card.range in self.ranges:
                used.ranges[card.range] = self.ranges[card.range]
            used.abilities.update({a: self.abilities[a] for a in card.abilities if a in self.abilities})
        return used

    def to_file(self) -> dict:
        """The content as a card file holds it (its non-empty tables), for a setup to carry."""
        tables = {"names": {n: dict(v) for n, v in self.names.items()},
                  "ranges": {r: {"offsets": [list(o) for o in v["offsets"]], "name": dict(v["name"])}
                             for r, v in self.ranges.items()},
                  "abilities": {a: v.to_file() for a, v in self.abilities.items()},
                  "cards": {c: v.to_file() for c, v in self.cards.items()},
                  "decks": {d: v.to_data() for d, v in self.decks.items()}}
        return {t: entries for t, entries in tables.items() if entries}

    def card_name(self, card_id: str, language: str = "en") -> str:
        """A card's display name: "Name, Title" (a Nameless card: its title)."""
        defn = self.cards[card_id]
        if defn.name is None:
            return defn.title[language]
        return f"{self.names[defn.name][language]} ({defn.title[language]})"


@lru_cache(maxsize=1)
def builtin_content() -> Content:
    """The starter content (read once)."""
    return load_content_file(BUILTIN_FILE)


def load_content_file(path, base: Content | None = None) -> Content:
    """A card file's content (a user's file may refer to `base`); BadCards listing every problem."""
    return parse_once(parse_content, read_text(path), Path(path).name, base)


def parse_content(text: str, source: str, base: Content | None = None) -> Content:
    return content_from_data(parse_toml(text, source), source, base)


def content_from_data(data, source: str, base: Content | None = None) -> Content:
    """Content from parsed data, every field checked (refs may point into `base`)."""
    problems = top_level(data, source, TABLES, "a siege card file")
    base = base or Content()
    content = Content()
    raw = {t: table(data, t, problems) for t in TABLES}
    for t in TABLES:
        if len(raw[t]) > MAX_ENTRIES:
            problems.add(t, "-", f"at most {MAX_ENTRIES} entries")
            problems.raise_any()
    _no_starter_ids(raw, base, problems)
    for nid, entry in raw["names"].items():
        content.names[nid] = names(entry, f"names.{nid}", "-", problems)
    for rid, entry in raw["ranges"].items():
        content.ranges[rid] = _range(rid, entry, problems)
    for aid, entry in raw["abilities"].items():
        ability = _ability(aid, entry, problems)
        if ability:
            content.abilities[aid] = ability
    known = base.merged_with(content)
    for cid, entry in raw["cards"].items():
        card = _card(cid, entry, known, problems)
        if card:
            content.cards[cid] = card
    known = base.merged_with(content)
    for did, entry in raw["decks"].items():
        deck = _deck(did, entry, known, problems)
        if deck:
            content.decks[did] = deck
    problems.raise_any()
    return content


def _no_starter_ids(raw: dict, base: Content, problems: Problems) -> None:
    """A user's file adds names, ranges, abilities and cards; it never replaces a starter one, so a
    game's record (which carries only what is not a starter's) means the same card everywhere.
    (A deck's id is checked where it is played: see the ruleset's `content`.)"""
    for t, what in (("names", "name"), ("ranges", "range"), ("abilities", "ability"), ("cards", "card")):
        for item_id in raw[t]:
            if item_id in getattr(base, t):
                problems.add(f"{t}.{item_id}", "id", f"is a starter {what}'s id: a card file adds {t}, it does "
                                                     f"not replace them; choose another id")


def _range(rid: str, raw: dict, problems: Problems) -> dict:
    where = f"ranges.{rid}"
    unknown_fields(raw, ("offsets", "name"), where, problems)
    offsets = raw.get("offsets")
    good = isinstance(offsets, list) and 1 <= len(offsets) <= 40 and all(
        isinstance(o, list) and len(o) == 2 and all(type(v) is int and -6 <= v <= 6 for v in o) for o in offsets)
    if not good:
        problems.add(where, "offsets", "must list 1 to 40 [forward, sideways] pairs of whole numbers from -6 to 6")
        offsets = []
    return {"offsets": tuple((o[0], o[1]) for o in offsets), "name": names(raw.get("name"), where, "name", problems)}


def _text(value, where: str, key: str, problems: Problems) -> dict:
    if not isinstance(value, dict) or set(value) != set(LANGUAGES) or not all(
            isinstance(value[k], str) and 1 <= len(value[k].strip()) and len(value[k]) <= 200 for k in LANGUAGES):
        problems.add(where, key, "must be a table with en, ja and ru texts of 1 to 200 characters")
        return {}
    return dict(value)


def _ability(aid: str, raw: dict, problems: Problems) -> Ability | None:
    where = f"abilities.{aid}"
    unknown_fields(raw, ABILITY_FIELDS, where, problems)
    category = choice(raw, "category", CATEGORIES, where, problems)
    zone = choice(raw, "zone", ZONES, where, problems)
    kind = choice(raw, "type", TYPES, where, problems)
    trigger, cost = None, 0
    if kind == "triggered":
        trigger = choice(raw, "trigger", TRIGGERS, where, problems)
        if "cost" in raw:
            problems.add(where, "cost", "a triggered ability has no cost")
    elif kind == "activated":
        cost = whole_number(raw, "cost", 0, 10, where, problems)
        if "trigger" in raw:
            problems.add(where, "trigger", "an activated ability has no trigger")
    effect = choice(raw, "effect", EFFECTS, where, problems)
    amount = whole_number(raw, "amount", 1, 5, where, problems)
    target = choice(raw, "target", TARGETS, where, problems)
    name = names(raw.get("name"), where, "name", problems)
    text = _text(raw.get("text"), where, "text", problems)
    if None in (category, zone, kind, effect, amount, target, cost) or (kind == "triggered" and trigger is None):
        return None
    return Ability(aid, category, zone, kind, trigger, cost, effect, amount, target, name, text)


def _card(cid: str, raw: dict, known: Content, problems: Problems) -> CardDef | None:
    where = f"cards.{cid}"
    before = len(problems.lines)
    unknown_fields(raw, CARD_FIELDS, where, problems)
    kind = choice(raw, "kind", KINDS, where, problems)
    low, high = LEVELS.get(kind, (1, 4))
    level = whole_number(raw, "level", low, high, where, problems)
    name = raw.get("name")
    if kind == "nameless":
        if "name" in raw:
            problems.add(where, "name", "a Nameless card has no name (F2-7)")
        name = None
    elif kind is not None and (not isinstance(name, str) or name not in known.names):
        problems.add(where, "name", f"must be the id of a name in [names]; got {got(raw, 'name')}")
    title = names(raw.get("title"), where, "title", problems)
    stats = {key: whole_number(raw, key, 0 if key != "hp" else 1, 20, where, problems)
             for key in ("hp", "atk", "mat", "def", "mdf")}
    cost = whole_number(raw, "cost", 0, 10, where, problems)
    rng = raw.get("range")
    if not isinstance(rng, str) or rng not in known.ranges:
        problems.add(where, "range", f"must be the id of a range in [ranges]; got {got(raw, 'range')}")
    enhance = _enhance(raw, kind, level, where, problems)
    weapon = choice(raw, "weapon", WEAPONS, where, problems)
    attribute = choice(raw, "attribute", ATTRIBUTES, where, problems)
    abilities = raw.get("abilities", [])
    if not isinstance(abilities, list) or len(abilities) > 4 or not all(
            isinstance(a, str) and a in known.abilities for a in abilities):
        problems.add(where, "abilities", "must list at most 4 ids of abilities in [abilities]")
        abilities = []
    if len(problems.lines) > before:
        return None
    return CardDef(cid, kind, name, title, level, stats["hp"], stats["atk"], stats["mat"], stats["def"],
                   stats["mdf"], rng, cost, enhance, weapon, attribute, tuple(abilities))


def _enhance(raw: dict, kind, level, where: str, problems: Problems) -> tuple:
    """F2-4: only Lv3 ("a", one use) and Lv4 ("a/b", two uses) have a self-enhancement field."""
    wanted = {3: 1, 4: 2}.get(level, 0)
    text = raw.get("enhance")
    if text is None:
        if wanted and kind == "main":
            problems.add(where, "enhance", f"a Lv{level} Main card needs its self-enhancement field "
                         f"({'a' if wanted == 1 else 'a/b'}, F2-4)")
        return ()
    parts = text.split("/") if isinstance(text, str) and len(text) <= 10 else None
    if not wanted or parts is None or len(parts) != wanted or not all(
            p.isascii() and p.isdigit() and 1 <= int(p) <= 9 for p in parts):
        form = {0: "none (only Lv3 and Lv4 cards have one)", 1: "'a' with a from 1 to 9",
                2: "'a/b' with a and b from 1 to 9"}[wanted]
        problems.add(where, "enhance", f"must be {form} (F2-4); got {got(raw, 'enhance')}")
        return ()
    return tuple(int(p) for p in parts)


def _deck(did: str, raw: dict, known: Content, problems: Problems) -> Deck | None:
    where = f"decks.{did}"
    unknown_fields(raw, ("side", "name", "cards"), where, problems)
    side = choice(raw, "side", ("player", "automaton"), where, problems)
    name = names(raw.get("name"), where, "name", problems)
    cards = raw.get("cards")
    if not isinstance(cards, dict) or not cards:
        problems.add(where, "cards", "must be a table of card id = copies")
        return None
    before = len(problems.lines)
    per_level: dict = {}
    for cid, count in cards.items():
        if cid not in known.cards:
            problems.add(where, f"cards.{str(cid)[:40]}", "unknown card")
            continue
        if type(count) is not int or not 1 <= count <= MAX_COPIES:
            problems.add(where, f"cards.{cid}", f"copies must be a whole number from 1 to {MAX_COPIES} (F2-7)")
            continue
        defn = known.cards[cid]
        key = (defn.name or cid, defn.level)
        per_level[key] = per_level.get(key, 0) + count
    for (name_id, level), total in sorted(per_level.items()):
        if total > MAX_COPIES:
            problems.add(where, "cards", f"{total} cards named {name_id} of level {level}: at most {MAX_COPIES} (F2-7)")
    total = sum(c for c in cards.values() if type(c) is int)
    if not DECK_SIZE[0] <= total <= DECK_SIZE[1]:
        problems.add(where, "cards", f"a deck holds {DECK_SIZE[0]} to {DECK_SIZE[1]} cards (F2-7); this one has {total}")
    if side == "player" and not any(known.cards[c].kind == "main" and known.cards[c].level == 1
                                    for c in cards if c in known.cards):
        problems.add(where, "cards", "a player's deck needs a Lv1 Main card for its Commander (F2-8)")
    if len(problems.lines) > before or side is None:
        return None
    return Deck(did, side, name, dict(cards))
