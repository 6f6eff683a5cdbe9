"""Card and squad data: loaded from TOML, validated field by field, never trusted.

Every problem is reported as `file: table: field: message`, all of them at once, so a designer
fixes a card file in one pass. Content is data; the rules that read it live in features.py.
"""

from dataclasses import dataclass, field
from pathlib import Path

from ...core.carddata import (LANGUAGES, Problems, choice, names, parse_toml, read_text, show, table,
                              top_level, unknown_fields, whole_number)

CONTENT_DIR = Path(__file__).with_name("content")
BUILTIN_FILE = CONTENT_DIR / "cards.toml"

TYPES = ("creature", "hero", "equipment", "terrain")
UNIT_TYPES = ("creature", "hero")
ELEMENTS = ("mountains", "forest", "plains", "swamp", "darkness", "neutral")
RARITIES = ("common", "frequent", "rare", "super_rare", "ultra_rare", "promo")
TRIGGERS = ("enter", "before_attack", "attacked", "death", "turn_start", "aura")
TARGETS = ("front", "adjacent_enemies", "adjacent_allies", "all_enemies", "random_enemy",
           "enemy_reserve", "own_reserve", "allies", "self")
EFFECTS = ("damage", "heal", "attack_up", "attack_down", "life_up", "life_down",
           "crystals_up", "crystals_down")
STAT_EFFECTS = ("attack_up", "attack_down", "life_up", "life_down")
CRYSTAL_EFFECTS = ("crystals_up", "crystals_down")
RESERVE_TARGETS = ("enemy_reserve", "own_reserve")
TERRAIN_TARGETS = ("allies", "all_enemies", "random_enemy", "enemy_reserve", "own_reserve")
SQUAD_SIZE = 7          # a hero plus seven cards (G4-4)

# field -> (types it belongs to, lowest, highest)
_NUMBERS = {
    "crystals": (TYPES, 0, 6),
    "attack": (UNIT_TYPES, 0, 9),
    "life": (UNIT_TYPES, 1, 20),
    "leadership": (("hero",), 5, 20),
}
_EQUIPMENT_BONUS = {"attack": (-3, 5), "life": (-3, 8)}
_CARD_KEYS = {"type", "element", "rarity", "crystals", "attack", "life", "name", "features",
              "leadership", "limits"}
_FEATURE_KEYS = {"trigger", "target", "effect", "amount", "only_element"}


@dataclass(frozen=True)
class Feature:
    """One automatic ability: when `trigger`, apply `effect` of `amount` to `target`."""

    trigger: str
    target: str
    effect: str
    amount: int
    only_element: str | None = None

    def to_data(self) -> dict:
        """The feature as it is written in a card file."""
        data = {"trigger": self.trigger, "target": self.target, "effect": self.effect, "amount": self.amount}
        if self.only_element:
            data["only_element"] = self.only_element
        return data


@dataclass(frozen=True)
class CardDef:
    """A printed card. For equipment, `attack` and `life` are the bonuses it gives its carrier."""

    id: str
    type: str
    element: str
    rarity: str
    crystals: int
    attack: int
    life: int
    name: dict
    features: tuple = ()
    leadership: int = 0
    limits: dict = field(default_factory=dict)
    by_trigger: dict = field(default_factory=dict, compare=False)

    @property
    def is_unit(self) -> bool:
        """Creatures and heroes occupy cells; equipment and terrain do not."""
        return self.type in UNIT_TYPES

    def to_data(self) -> dict:
        """The card as it is written in a card file."""
        data = {"type": self.type, "element": self.element, "rarity": self.rarity,
                "crystals": self.crystals, "name": dict(self.name)}
        if self.type != "terrain":
            data.update(attack=self.attack, life=self.life)
        if self.features:
            data["features"] = [feature.to_data() for feature in self.features]
        if self.type == "hero":
            data.update(leadership=self.leadership, limits=dict(self.limits))
        return data


@dataclass(frozen=True)
class SquadDef:
    """A pre-formed squad: one hero and seven cards (S4-R1, G4-4)."""

    id: str
    element: str
    name: dict
    hero: str
    cards: tuple

    def to_data(self) -> dict:
        """The squad as it is written in a card file."""
        return {"element": self.element, "name": dict(self.name), "hero": self.hero, "cards": list(self.cards)}

    def deck_cards(self) -> list[str]:
        """The card ids this squad puts into a deck, hero first."""
        return [self.hero, *self.cards]


@dataclass
class Content:
    """A validated set of cards and squads."""

    cards: dict[str, CardDef]
    squads: dict[str, SquadDef]

    def merged_with(self, other: "Content") -> "Content":
        """This content with `other`'s cards and squads added (other wins on equal ids)."""
        return Content({**self.cards, **other.cards}, {**self.squads, **other.squads})


def load_content_file(path, known_cards: dict | None = None) -> Content:
    """Read and validate a card file (its squads may use `known_cards`); raises BadCards listing every problem."""
    path = Path(path)
    return parse_content(read_text(path), path.name, known_cards)


def parse_content(text: str, source: str = "cards", known_cards: dict | None = None) -> Content:
    """Validate card-file text; raises BadCards listing every problem."""
    return content_from_data(parse_toml(text, source), source, known_cards)


def content_from_data(data, source: str = "cards", known_cards: dict | None = None) -> Content:
    """Validate already-parsed card data (from TOML or from a record's setup)."""
    problems = top_level(data, source, ("cards", "squads"), "card data")
    cards = {}
    for card_id, raw in table(data, "cards", problems).items():
        card = _card(card_id, raw, problems)
        if card:
            cards[card_id] = card
    every_card = {**(known_cards or {}), **cards}
    squads = {}
    for squad_id, raw in table(data, "squads", problems).items():
        squad = _squad(squad_id, raw, every_card, problems)
        if squad:
            squads[squad_id] = squad
    problems.raise_any()
    return Content(cards, squads)


def _card(card_id: str, raw: dict, problems: Problems) -> CardDef | None:
    where = f"cards.{card_id}"
    before = len(problems.lines)
    unknown_fields(raw, _CARD_KEYS, where, problems)
    card_type = choice(raw, "type", TYPES, where, problems)
    element = choice(raw, "element", ELEMENTS, where, problems)
    rarity = choice(raw, "rarity", RARITIES, where, problems)
    name = names(raw.get("name"), where, "name", problems)
    numbers = {}
    for key, (types, low, high) in _NUMBERS.items():
        if card_type == "equipment" and key in _EQUIPMENT_BONUS:
            low, high = _EQUIPMENT_BONUS[key]
            types = ("equipment",)
        numbers[key] = _number(raw, key, card_type in types, low, high, where, problems)
    limits = _limits(raw, card_type, where, problems)
    features = _features(raw.get("features", []), card_type, where, problems)
    if len(problems.lines) > before:
        return None
    by_trigger = {trigger: tuple(f for f in features if f.trigger == trigger) for trigger in TRIGGERS}
    return CardDef(card_id, card_type, element, rarity, numbers["crystals"], numbers["attack"] or 0,
                   numbers["life"] or 0, name, tuple(features), numbers["leadership"] or 0, limits,
                   {key: value for key, value in by_trigger.items() if value})


def _number(raw, key, wanted, low, high, where, problems):
    """A whole number the card's type needs (`wanted`) or must not have."""
    if key not in raw:
        if wanted:
            problems.add(where, key, f"missing (a whole number from {low} to {high})")
        return None
    if not wanted:
        problems.add(where, key, "not allowed on a card of this type")
        return None
    return whole_number(raw, key, low, high, where, problems)


def _limits(raw, card_type, where, problems) -> dict:
    if card_type != "hero":
        if "limits" in raw:
            problems.add(where, "limits", "only heroes have limits")
        return {}
    value = raw.get("limits")
    if not isinstance(value, dict) or set(value) != {"equipment", "terrain"}:
        problems.add(where, "limits", "must be a table with equipment and terrain")
        return {}
    for key in value:
        whole_number(value, key, 0, SQUAD_SIZE, where, problems, f"limits.{key}")
    return dict(value)


def _features(value, card_type, where, problems) -> list[Feature]:
    if not isinstance(value, list) or len(value) > 4:
        problems.add(where, "features", "must be a list of at most 4 features")
        return []
    features = []
    for index, raw in enumerate(value):
        at = f"features[{index}]"
        if not isinstance(raw, dict):
            problems.add(where, at, "must be a table")
            continue
        before = len(problems.lines)
        unknown_fields(raw, _FEATURE_KEYS, where, problems, f"{at}.")
        trigger = choice(raw, "trigger", TRIGGERS, where, problems)
        target = choice(raw, "target", TARGETS, where, problems)
        effect = choice(raw, "effect", EFFECTS, where, problems)
        amount = _number(raw, "amount", True, 1, 9, where, problems)
        element = raw.get("only_element")
        if element is not None and element not in ELEMENTS:
            problems.add(where, f"{at}.only_element", f"must be one of {', '.join(ELEMENTS)}")
        if len(problems.lines) == before:
            message = _feature_mismatch(card_type, trigger, target, effect)
            if message:
                problems.add(where, at, message)
            else:
                features.append(Feature(trigger, target, effect, amount, element))
    return features


def _feature_mismatch(card_type, trigger, target, effect) -> str | None:
    """Why a feature's parts do not fit together, or None when they do."""
    if (effect in CRYSTAL_EFFECTS) != (target in RESERVE_TARGETS):
        return "crystals effects go with reserve targets, and reserve targets with crystals effects"
    if trigger == "aura" and (effect not in STAT_EFFECTS or target in ("random_enemy", *RESERVE_TARGETS)):
        return "an aura changes attack or life of cards in battle (not random_enemy or a reserve)"
    if card_type == "terrain":
        if trigger not in ("aura", "turn_start") or target not in TERRAIN_TARGETS:
            return "terrain features use aura or turn_start and target allies, all_enemies, random_enemy or a reserve"
    return None


def _squad(squad_id, raw, cards, problems) -> SquadDef | None:
    where = f"squads.{squad_id}"
    before = len(problems.lines)
    unknown_fields(raw, ("element", "name", "hero", "cards"), where, problems)
    element = choice(raw, "element", ELEMENTS, where, problems)
    name = names(raw.get("name"), where, "name", problems)
    hero = cards.get(raw.get("hero")) if isinstance(raw.get("hero"), str) else None
    if hero is None or hero.type != "hero":
        problems.add(where, "hero", f"must name a hero card; got {show(raw.get('hero'))}")
    members = raw.get("cards")
    if not isinstance(members, list) or len(members) != SQUAD_SIZE:
        problems.add(where, "cards", f"must list exactly {SQUAD_SIZE} card ids")
        members = []
    counts = {}
    for card_id in members:
        card = cards.get(card_id) if isinstance(card_id, str) else None
        if card is None:
            problems.add(where, "cards", f"unknown card {show(card_id)}")
            continue
        counts[card.type] = counts.get(card.type, 0) + 1
        if card.type == "hero":
            problems.add(where, "cards", f"{card_id} is a hero; a squad's seven cards are not heroes")
        if element and card.element not in (element, "neutral"):
            problems.add(where, "cards", f"{card_id} is {card.element}; squad is {element} (or neutral)")
        if members.count(card_id) > 2:
            problems.add(where, "cards", f"{card_id} appears more than twice")
    if hero is not None and hero.type == "hero":
        if element and hero.element != element:
            problems.add(where, "hero", f"hero {hero.id} is {hero.element}; squad is {element}")
        for kind in ("equipment", "terrain"):
            if counts.get(kind, 0) > hero.limits.get(kind, 0):
                problems.add(where, "cards", f"{counts[kind]} {kind} cards; hero {hero.id} allows {hero.limits.get(kind, 0)}")
    if len(problems.lines) > before:
        return None
    return SquadDef(squad_id, element, name, hero.id, tuple(members))


_BUILTIN: Content | None = None


def builtin_content() -> Content:
    """The starter content shipped with the ruleset (loaded once)."""
    global _BUILTIN
    if _BUILTIN is None:
        _BUILTIN = parse_content(BUILTIN_FILE.read_text("utf-8"), BUILTIN_FILE.name)
    return _BUILTIN
