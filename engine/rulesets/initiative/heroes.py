"""Heroes as data (G1-2): content/heroes.toml read into Hero and Card values, checked on load.

A hero file has `[heroes.ID]` (name, style) and `[cards.ID]` tables. Each hero owns exactly the
18 cards of the rules' deck (F-S4, F-V2): a gold and a silver basic card; red, green and blue cards
of tier I (one each), II and III (two each, every one with an item icon); one purple ultimate
(tier IV). A hero may also own up to MAX_HANDICAP handicap cards (`tier = "H"`, G1-8, P1-20): action cards
outside the 18, kept in the upgrade pool, that a hero of the smaller team holds from the start in an uneven
game. A card has an initiative, a primary action with its value, secondary actions, range or radius, a
block condition ("!", F-D4: a defense card with a block may print no value), and text in en/ja/ru with
its effect steps (effects.py). A card whose secondaries have no `defense` and whose primary is not a
defense shows no Defense value: it is never offered as a defence (P1-2).
Every problem is one `file: table.id: field: message` line; all are reported together.
"""

import copy
from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path

from ...core.carddata import (LANGUAGES, Problems, choice, got, names, parse_toml, read_text,
                              table, top_level, unknown_fields, whole_number)
from ...core.errors import BadCards
from .effects import WHEN, check_steps

BUILTIN_HEROES = Path(__file__).with_name("content") / "heroes.toml"
STYLES = ("melee", "ranged", "support", "tactician", "skirmisher", "controller")
COLOURS = ("gold", "silver", "red", "green", "blue", "purple")
PRIMARIES = ("attack", "skill", "defense", "movement", "defense_skill")
SECONDARIES = ("movement", "defense")
ITEMS = ("attack", "defense", "initiative", "range", "movement", "radius")      # F-V5's six icons
BLOCKS = ("ranged_attack", "melee_attack")                                     # F-D4 block "!" conditions
CARD_FIELDS = ("hero", "name", "colour", "tier", "initiative", "primary", "value", "ranged", "range", "radius",
               "block", "secondaries", "item", "text", "effect")
# (colour, tier) -> how many cards of it a deck holds: the 18-card deck of F-S4 / F-V2
DECK = {("gold", 0): 1, ("silver", 0): 1, ("purple", 4): 1,
        **{(colour, tier): 1 if tier == 1 else 2 for colour in ("red", "green", "blue") for tier in (1, 2, 3)}}
HANDICAP = 5                 # tier "H" in a file: beyond the levelling tiers 0-4, so levelling never takes it
HANDICAP_COLOURS = ("gold", "silver", "red", "green", "blue")
MAX_HANDICAP = 2             # handicap cards per hero
MAX_TEXT = 200
MAX_HEROES = 40


@dataclass(frozen=True)
class Card:
    """One printed card. Tier 0 is a basic (gold, silver) card, 4 the ultimate, 5 (HANDICAP) a handicap card."""

    id: str
    hero: str
    name: dict
    colour: str
    tier: int
    initiative: int | None
    primary: str | None
    value: int | None
    ranged: bool
    range: int | None
    radius: int | None
    block: str | None
    secondaries: dict
    item: str | None
    text: dict | None
    effect: tuple

    @property
    def defense(self) -> int | None:
        """The printed Defense value used when defending (F-D2 step 5): the primary's or the secondary's."""
        if self.primary in ("defense", "defense_skill"):
            return self.value                  # None for a block card printing only its "!" (F-D4)
        return self.secondaries.get("defense")

    def shows(self, icon: str) -> bool:
        """True when the card prints this icon, so an item of it applies (F-V5)."""
        printed = {"initiative": self.initiative is not None, "range": self.range is not None,
                   "radius": self.radius is not None, "attack": self.primary == "attack",
                   "movement": self.primary == "movement" or "movement" in self.secondaries,
                   "defense": self.defense is not None}
        return printed.get(icon, False)

    def to_data(self) -> dict:
        """The printed card as JSON-able data."""
        return {"id": self.id, "hero": self.hero, "name": dict(self.name), "colour": self.colour, "tier": self.tier,
                "initiative": self.initiative, "primary": self.primary, "value": self.value, "ranged": self.ranged,
                "range": self.range, "radius": self.radius, "block": self.block,
                "secondaries": dict(self.secondaries), "item": self.item,
                "text": dict(self.text) if self.text else None}


@dataclass(frozen=True)
class Hero:
    """A hero: names, style and its 18 cards by id."""

    id: str
    name: dict
    style: str
    cards: tuple          # card ids, in file order

    def starting_hand(self, cards: dict, handicap: bool = False) -> list[str]:
        """The hand of five at setup (F-S4): the three tier-I cards and the two basics; with `handicap` its
        handicap cards too (P1-20: a hero of the smaller team in an uneven game)."""
        return [c for c in self.cards if cards[c].tier in ((0, 1, HANDICAP) if handicap else (0, 1))]


@dataclass(frozen=True)
class Heroes:
    """Every hero and card of a file."""

    heroes: dict
    cards: dict

    @cached_property
    def printed(self) -> dict:
        """card id -> the printed card with its effect steps as data, made once: views share these, so
        readers treat them as read-only (cards never change)."""
        return {cid: {**card.to_data(), "effect": copy.deepcopy(list(card.effect))} for cid, card in self.cards.items()}


def _text(value, where: str, problems: Problems) -> dict | None:
    if value is None:
        return None
    if not isinstance(value, dict) or set(value) != set(LANGUAGES):
        problems.add(where, "text", f"must be a table with exactly en, ja and ru; got {show_keys(value)}")
        return None
    for language in LANGUAGES:
        text = value[language]
        if not isinstance(text, str) or not text.strip() or len(text) > MAX_TEXT:
            problems.add(where, f"text.{language}", f"must be text of 1 to {MAX_TEXT} characters; got {got(value, language)}")
    return dict(value)


def show_keys(value) -> str:
    return f"keys {sorted(map(str, value))[:5]}" if isinstance(value, dict) else repr(value)[:40]


def _card(card_id: str, raw: dict, heroes: dict, problems: Problems) -> Card | None:
    where = f"cards.{card_id}"
    before = len(problems.lines)
    unknown_fields(raw, CARD_FIELDS, where, problems)
    if card_id == "pass":
        problems.add(where, "-", "'pass' is what an empty hand plays (S1-R5); a card needs another id")
    hero = raw.get("hero")
    if not isinstance(hero, str) or hero not in heroes:
        problems.add(where, "hero", f"must name a hero of the file; got {got(raw, 'hero')}")
    name = names(raw.get("name"), where, "name", problems)
    colour = choice(raw, "colour", COLOURS, where, problems)
    if raw.get("tier") == "H":                                     # G1-8: a handicap card (P1-20)
        tier = HANDICAP
        if colour is not None and colour not in HANDICAP_COLOURS:
            problems.add(where, "tier", f"a handicap card cannot be {colour}: it is one of {', '.join(HANDICAP_COLOURS)}")
    else:
        tier = raw.get("tier")
        if isinstance(tier, bool) or not isinstance(tier, int) or not 0 <= tier <= 4:
            problems.add(where, "tier", f'must be a whole number from 0 to 4, or "H" for a handicap card; '
                                        f'got {got(raw, "tier")}')
            tier = None
    ultimate = tier == 4
    if colour is not None and tier is not None and tier != HANDICAP and (colour, tier) not in DECK:
        problems.add(where, "tier", f"a {colour} card cannot be of tier {tier} (basics: 0, red/green/blue: 1-3, purple: 4, "
                                    f"handicap: H)")
    initiative = primary = value = range_ = radius = block = item = None
    ranged = raw.get("ranged", False)
    secondaries = raw.get("secondaries", {})
    if ultimate:
        for key in ("initiative", "primary", "value", "ranged", "range", "radius", "block", "secondaries", "item"):
            if key in raw:
                problems.add(where, key, "an ultimate has no actions: only text and an always-on effect")
    else:
        initiative = whole_number(raw, "initiative", 1, 13, where, problems)
        primary = choice(raw, "primary", PRIMARIES, where, problems)
        if primary == "skill":
            if "value" in raw:
                problems.add(where, "value", "a skill has no value")
        elif primary is not None and not ("value" not in raw and "block" in raw and primary in ("defense", "defense_skill")):
            value = whole_number(raw, "value", 0, 9, where, problems)         # a block card may print "!" alone
        if not isinstance(ranged, bool) or (ranged and primary != "attack"):
            problems.add(where, "ranged", "must be true or false, and true only on an attack")
        if ranged or "range" in raw:
            range_ = whole_number(raw, "range", 1, 9, where, problems)
            if not ranged:
                problems.add(where, "range", "only a ranged attack has a range")
        if "radius" in raw:
            radius = whole_number(raw, "radius", 1, 4, where, problems)
        if "block" in raw:
            block = choice(raw, "block", BLOCKS, where, problems)
            if primary not in ("defense", "defense_skill"):
                problems.add(where, "block", "only a defense card has a block condition")
        if not isinstance(secondaries, dict) or not secondaries:
            problems.add(where, "secondaries", "must be a table of at least one of movement, defense with values")
            secondaries = {}
        for key, amount in secondaries.items():
            if key not in SECONDARIES or isinstance(amount, bool) or not isinstance(amount, int) or not 1 <= amount <= 9:
                problems.add(where, f"secondaries.{str(key)[:20]}", "must be movement or defense, a whole number from 1 to 9")
        if tier in (2, 3):
            item = choice(raw, "item", ITEMS, where, problems)
        elif "item" in raw:
            problems.add(where, "item", "only tier II and III cards carry an item icon")
    text = _text(raw.get("text"), where, problems)
    effect = ()
    if "effect" in raw:
        allowed = ("always",) if ultimate else tuple(w for w in WHEN if w != "always")
        effect = tuple(check_steps(raw["effect"], where, "effect", problems, allowed))
        if text is None:
            problems.add(where, "text", "a card with an effect needs its text")
    if (ultimate or block) and text is None:
        problems.add(where, "text", "an ultimate or a block card needs its text")
    if len(problems.lines) > before:
        return None
    return Card(card_id, hero, name, colour, tier, initiative, primary, value, ranged, range_, radius, block,
                dict(secondaries), item, text, effect)


def _read(data, source: str) -> Heroes:
    problems = top_level(data, source, ("heroes", "cards"), "a hero file")
    heroes_raw = table(data, "heroes", problems)
    if len(heroes_raw) > MAX_HEROES:
        problems.add("heroes", "-", f"at most {MAX_HEROES} heroes")
        raise BadCards(problems.lines)
    for hero_id, raw in heroes_raw.items():
        unknown_fields(raw, ("name", "style"), f"heroes.{hero_id}", problems)
        names(raw.get("name"), f"heroes.{hero_id}", "name", problems)
        choice(raw, "style", STYLES, f"heroes.{hero_id}", problems)
    cards_raw = table(data, "cards", problems)
    if len(cards_raw) > (18 + MAX_HANDICAP) * MAX_HEROES:
        problems.add("cards", "-", f"at most {(18 + MAX_HANDICAP) * MAX_HEROES} cards")
        raise BadCards(problems.lines)
    cards = {}
    for card_id, raw in cards_raw.items():
        card = _card(card_id, raw, heroes_raw, problems)
        if card is not None:
            cards[card_id] = card
    problems.raise_any()
    heroes = {}
    for hero_id, raw in heroes_raw.items():
        own = [c for c in cards.values() if c.hero == hero_id]
        counts = {}
        for card in own:
            counts[(card.colour, card.tier)] = counts.get((card.colour, card.tier), 0) + 1
        handicaps = sum(1 for card in own if card.tier == HANDICAP)
        if handicaps > MAX_HANDICAP:
            problems.add(f"heroes.{hero_id}", "cards", f"at most {MAX_HANDICAP} handicap cards (tier H); has {handicaps}")
        for (colour, tier), wanted in DECK.items():
            if counts.get((colour, tier), 0) != wanted:
                problems.add(f"heroes.{hero_id}", "cards", f"needs {wanted} {colour} card(s) of tier {tier}; "
                                                           f"has {counts.get((colour, tier), 0)} (the 18-card deck, F-S4)")
        heroes[hero_id] = Hero(hero_id, dict(raw["name"]), raw["style"], tuple(c.id for c in own))
    problems.raise_any()
    return Heroes(heroes, cards)


def load_heroes_file(path) -> Heroes:
    """A hero file read and checked; BadCards listing every problem."""
    source = Path(path).name
    return _read(parse_toml(read_text(path), source), source)


def heroes_from_text(text: str, source: str = "heroes") -> Heroes:
    """Heroes from TOML text (tests and hostile input)."""
    return _read(parse_toml(text, source), source)


@lru_cache(maxsize=1)
def builtin_heroes() -> Heroes:
    """The starter heroes, read once."""
    return load_heroes_file(BUILTIN_HEROES)
