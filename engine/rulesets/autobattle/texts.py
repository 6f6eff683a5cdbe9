"""Card texts in English, Japanese and Russian, built from card data and the templates in texts.toml."""

from ...core.messages import fill, load_messages, placeholders
from .cards import CONTENT_DIR, LANGUAGES, CardDef, Feature

_TEXTS: dict | None = None


def texts() -> dict:
    """The templates, loaded once: section -> key -> {en, ja, ru}."""
    global _TEXTS
    if _TEXTS is None:
        _TEXTS = load_messages(CONTENT_DIR / "texts.toml")
    return _TEXTS


def term(section: str, key: str, lang: str = "en") -> str:
    """One word or phrase, e.g. term("element", "forest", "ja")."""
    return texts()[section][key][lang]


def feature_text(feature: Feature, lang: str = "en") -> str:
    """A feature as a sentence: "On entering battle: deal 1 damage to the card in front."."""
    effect = fill(term("effect", feature.effect, lang), lang, target=term("target", feature.target, lang), n=feature.amount)
    if feature.only_element:
        effect = fill(term("feature", "only_element", lang), lang, effect=effect, element=term("element", feature.only_element, lang))
    return fill(term("feature", "sentence", lang), lang, trigger=term("trigger", feature.trigger, lang), effect=effect)


def card_lines(card: CardDef, lang: str = "en") -> list[str]:
    """Every rules line printed on a card, in one language."""
    lines = []
    if card.type == "equipment":
        lines.append(fill(term("stat", "equipment_bonus", lang), lang, attack=card.attack, life=card.life))
    if card.type == "hero":
        lines.append(fill(term("stat", "leadership", lang), lang, n=card.leadership))
    lines.extend(feature_text(feature, lang) for feature in card.features)
    return lines



__all__ = ["LANGUAGES", "card_lines", "feature_text", "placeholders", "term", "texts"]
