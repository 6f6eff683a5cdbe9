"""Card and squad data: loaded from TOML, validated field by field, never trusted.

Every problem is reported as `file: table: field: message`, all of them at once, so a designer
fixes a card file in one pass. Content is data; the rules that read it live in features.py.
"""

from dataclasses import dataclass, field
from pathlib import Path

from ...core.carddata import (LANGUAGES, Problems, choice, got, names, parse_once, parse_toml, read_text, show, table,
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
    # (squad ids, heroes in deck) -> deck(): every battle with those squads asks again.
    _decks: dict = field(default_factory=dict, init=False, repr=False, compare=False)

    def deck(self, squad_ids, heroes: bool) -> "DeckCards":
        """The printed cards a deck of these squads holds, squad by squad, each hero first (S4-R1);
        without the heroes when they stay out of the deck (G4-4)."""
        key = (tuple(squad_ids), heroes)
        deck = self._decks.get(key)
        if deck is None:
            every = (self.cards[card_id] for squad_id in squad_ids for card_id in self.squads[squad_id].deck_cards())
            cards = tuple(defn for defn in every if heroes or defn.type != "hero")
            deck = self._decks[key] = DeckCards(cards, any("aura" in defn.by_trigger for defn in cards))
        return deck

    def merged_with(self, other: "Content") -> "Content":
        """This content with `other`'s cards and squads added (other wins on equal ids)."""
        return Content({**self.cards, **other.cards}, {**self.squads, **other.squads})


@dataclass(frozen=True)
class DeckCards:
    """A deck's printed cards in squad order, and whether any of them has an aura (G4-5)."""

    cards: tuple[CardDef, ...]
    has_auras: bool


def load_content_file(path, base: Content | None = None) -> Content:
    """Read and validate a card file laid over `base` (see content_from_data); raises BadCards listing every problem."""
    path = Path(path)
    return parse_once(parse_content, read_text(path), path.name, base)


def parse_content(text: str, source: str = "cards", base: Content | None = None) -> Content:
    """Validate card-file text; raises BadCards listing every problem."""
    return content_from_data(parse_toml(text, source), source, base)


def content_from_data(data, source: str = "cards", base: Content | None = None) -> Content:
    """Validate already-parsed card data (from TOML or from a record's setup), laid over `base`.

    Its squads may use `base`'s cards. When it replaces a card of `base` by id, every squad of
    `base` holding that card (and not itself replaced) is checked again with the new card, as a
    squad of this data would be: one hero, no hero among the seven, the squad's element, the
    hero's limits.
    """
    problems = top_level(data, source, ("cards", "squads"), "card data")
    written = table(data, "cards", problems)
    cards = {}
    for card_id, raw in written.items():
        card = _card(card_id, raw, problems)
        if card:
            cards[card_id] = card
    every_card = {**(base.cards if base else {}), **cards}
    invalid = set(written) - set(cards)
    written_squads = table(data, "squads", problems)
    squads = {}
    for squad_id, raw in written_squads.items():
        squad = _squad(squad_id, raw, every_card, invalid, problems)
        if squad:
            squads[squad_id] = squad
    if base:
        _recheck_squads(base, cards, set(written_squads), problems)
    problems.raise_any()
    return Content(cards, squads)


def _recheck_squads(base: Content, cards: dict, replaced_squads: set, problems: Problems) -> None:
    """Each squad of `base` that holds a card replaced in `cards`, checked again with the new cards."""
    every_card = {**base.cards, **cards}
    for squad in base.squads.values():
        replaced = sorted({card_id for card_id in squad.deck_cards() if card_id in cards and card_id in base.cards})
        if not replaced or squad.id in replaced_squads:
            continue
        note = f" (starter squad; replaced here: {', '.join(replaced)})"
        for field_name, message in _squad_rules(squad.element, squad.hero, list(squad.cards), every_card, set()):
            problems.add(f"squads.{squad.id}", field_name, message + note)


def carried_content(custom: Content, base: Content, squad_ids: list[str]) -> dict:
    """The part of `custom` (laid over `base`) that a record of decks of `squad_ids` must carry.

    The squads used and their cards from `custom`; and, since a replaced card is checked again in
    every squad of `base` that holds it, each squad of `custom` replacing such a squad of `base`
    (with its own cards), so the carried part is valid on its own exactly when the file was.
    """
    merged = base.merged_with(custom)
    squads = {squad_id for squad_id in squad_ids if squad_id in merged.squads}
    while True:
        cards = {card_id for squad_id in squads for card_id in merged.squads[squad_id].deck_cards()
                 if card_id in custom.cards}
        more = {squad_id for squad_id in custom.squads if squad_id in base.squads and squad_id not in squads
                and cards & set(base.squads[squad_id].deck_cards())}
        if not more:
            break
        squads |= more
    return {"cards": {card_id: custom.cards[card_id].to_data() for card_id in sorted(cards)},
            "squads": {squad_id: custom.squads[squad_id].to_data() for squad_id in sorted(squads)
                       if squad_id in custom.squads}}


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
        if card_type is None:       # unknown type: check what is there, in the widest range any type allows
            low, high = min(low, _EQUIPMENT_BONUS.get(key, (low,))[0]), high
            numbers[key] = whole_number(raw, key, low, high, where, problems) if key in raw or key == "crystals" else None
            continue
        if card_type == "equipment" and key in _EQUIPMENT_BONUS:
            low, high = _EQUIPMENT_BONUS[key]
            types = ("equipment",)
        numbers[key] = _number(raw, key, card_type, card_type in types, low, high, where, problems)
    limits = _limits(raw, card_type, where, problems)
    features = _features(raw.get("features", []), card_type, where, problems)
    if len(problems.lines) > before:
        return None
    by_trigger = {trigger: tuple(f for f in features if f.trigger == trigger) for trigger in TRIGGERS}
    return CardDef(card_id, card_type, element, rarity, numbers["crystals"], numbers["attack"] or 0,
                   numbers["life"] or 0, name, tuple(features), numbers["leadership"] or 0, limits,
                   {key: value for key, value in by_trigger.items() if value})


def _number(raw, key, card_type, wanted, low, high, where, problems):
    """A whole number the card's type needs (`wanted`) or must not have."""
    if not wanted:
        if key in raw:
            problems.add(where, key, f"not allowed on a {card_type} card")
        return None
    return whole_number(raw, key, low, high, where, problems)


def _limits(raw, card_type, where, problems) -> dict:
    if card_type != "hero" and (card_type is not None or "limits" not in raw):
        if "limits" in raw:
            problems.add(where, "limits", f"not allowed on a {card_type} card (only heroes have limits)")
        return {}
    value = raw.get("limits")
    if not isinstance(value, dict) or set(value) != {"equipment", "terrain"}:
        problems.add(where, "limits", f"must be a table with equipment and terrain; got {got(raw, 'limits')}")
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
        trigger = choice(raw, "trigger", TRIGGERS, where, problems, f"{at}.trigger")
        target = choice(raw, "target", TARGETS, where, problems, f"{at}.target")
        effect = choice(raw, "effect", EFFECTS, where, problems, f"{at}.effect")
        amount = whole_number(raw, "amount", 1, 9, where, problems, f"{at}.amount")
        element = raw.get("only_element")
        if element is not None and element not in ELEMENTS:
            problems.add(where, f"{at}.only_element", f"must be one of {', '.join(ELEMENTS)}; got {show(element)}")
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


def _squad(squad_id, raw, cards, invalid, problems) -> SquadDef | None:
    where = f"squads.{squad_id}"
    before = len(problems.lines)
    unknown_fields(raw, ("element", "name", "hero", "cards"), where, problems)
    element = choice(raw, "element", ELEMENTS, where, problems)
    name = names(raw.get("name"), where, "name", problems)
    members = raw.get("cards")
    listed = isinstance(members, list) and len(members) == SQUAD_SIZE
    for field_name, message in _squad_rules(element, raw.get("hero", _MISSING), members if listed else [],
                                            cards, invalid):
        problems.add(where, field_name, message)
    if not listed:
        problems.add(where, "cards", f"must list exactly {SQUAD_SIZE} card ids; got {got(raw, 'cards')}")
    if len(problems.lines) > before:
        return None
    return SquadDef(squad_id, element, name, raw["hero"], tuple(members))


_MISSING = object()


def _squad_rules(element, hero_id, members: list, cards: dict, invalid: set) -> list[tuple[str, str]]:
    """(field, message) for each way a squad breaks S4-R1/G4-4: one hero card, seven non-hero cards of
    its element (or neutral), at most two copies of a card, and no more equipment or terrain than its
    hero allows. Each card is reported once, however many copies the squad holds."""
    found = []
    if hero_id is _MISSING:
        found.append(("hero", "must name a hero card; got missing"))
        hero = None
    else:
        hero = cards.get(hero_id) if isinstance(hero_id, str) else None
        if hero is None:
            reason = f"{hero_id} is not a valid card (see cards.{hero_id})" if _named(hero_id, invalid) else \
                f"must name a hero card; got {show(hero_id)}"
            found.append(("hero", reason))
        elif hero.type != "hero":
            found.append(("hero", f"{hero.id} is a {hero.type}; a squad's hero must be a hero card"))
            hero = None
        elif element and hero.element != element:
            found.append(("hero", f"hero {hero.id} is {hero.element}; squad is {element}"))
    by_kind = {}
    seen = set()
    for card_id in members:
        if show(card_id) in seen:
            continue
        seen.add(show(card_id))
        copies = members.count(card_id)
        if copies > 2:
            found.append(("cards", f"{show(card_id)} appears {copies} times; at most twice"))
        card = cards.get(card_id) if isinstance(card_id, str) else None
        if card is None:
            found.append(("cards", f"{card_id} is not a valid card (see cards.{card_id})" if _named(card_id, invalid)
                          else f"unknown card {show(card_id)}"))
            continue
        by_kind.setdefault(card.type, []).extend([card_id] * copies)
        if card.type == "hero":
            found.append(("cards", f"{card_id} is a hero; a squad's seven cards are not heroes"))
        if element and card.element not in (element, "neutral"):
            found.append(("cards", f"{card_id} is {card.element}; squad is {element} (or neutral)"))
    if hero is not None:
        for kind in ("equipment", "terrain"):
            held, allowed = by_kind.get(kind, []), hero.limits.get(kind, 0)
            if len(held) > allowed:
                found.append(("cards", f"{len(held)} {kind} cards ({', '.join(dict.fromkeys(held))}); "
                                       f"hero {hero.id} allows {allowed}"))
    return found


def _named(card_id, ids: set) -> bool:
    """Whether `card_id` (any value a file may give) is one of `ids`."""
    return isinstance(card_id, str) and card_id in ids


_BUILTIN: Content | None = None


def builtin_content() -> Content:
    """The starter content shipped with the ruleset (loaded once)."""
    global _BUILTIN
    if _BUILTIN is None:
        _BUILTIN = parse_content(BUILTIN_FILE.read_text("utf-8"), BUILTIN_FILE.name)
    return _BUILTIN
