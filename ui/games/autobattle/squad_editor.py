"""The autobattle squad editor: build a squad from the starter cards, check it live with the engine's
validator, save it in this browser (localStorage), offer it in the sides' squad selects, export and
import card files (TOML).

The checks, the file format and the battle's setup live in ui/games/autobattle/squadfile.py (pure Python, tested on
CPython); saving, the saved list, export and import are ui/saved_files.py's, shared with the siege
deck builder. This module draws the squad being built and reads its controls, text only.
"""

from engine.core import SkirmishError
from engine.rulesets.autobattle.cards import SQUAD_SIZE, builtin_content
from engine.rulesets.autobattle.texts import term
from ui import dom
from ui.field_test import FieldTest
from ui.saved_files import SavedFilesPanel
from ui.games.autobattle.squadfile import SQUADS, Draft, battle_setup
from ui.words import message

SELECTS = [f"side-{seat}-squad-{slot}" for seat in (0, 1) for slot in (1, 2, 3)]


class SquadEditor(SavedFilesPanel):
    """The editor panel of the autobattle page, and the saved squads it keeps."""

    PREFIX, STORAGE_KEY, KIND = "sq", "skirmish.autobattle.squads", SQUADS

    def __init__(self, ctl):
        self.cards = builtin_content().cards
        super().__init__(ctl)
        self.field = FieldTest(ctl, "sq-field", "autobattle", self.field_contender)

    # --- wiring ----------------------------------------------------------------------------

    def bind(self) -> None:
        """Bind the editor's controls, read the saved squads, draw, and enable the controls."""
        self.ctl.bind(self.el("element"), "change", self.on_element)
        self.ctl.bind(self.el("hero"), "change", self.on_hero)
        self.ctl.bind(self.el("pool"), "click", self.on_pool)
        self.ctl.bind(self.el("members"), "click", self.on_members)
        self.bind_shared()
        self.fill_form()
        self.refresh()
        for node in self.el("editor").querySelectorAll("button, input, select"):
            node.disabled = False
        self.field.bind()       # after the loop above: it keeps Cancel disabled until a run starts

    def setup(self, decks: list) -> dict:
        """The battle's setup: the saved squads the decks use travel inside it."""
        return battle_setup(decks, self.saved)

    def field_contender(self) -> tuple[list, dict | None]:
        """The squad being edited, for the field test: a deck of it, and the squad carried in the setup."""
        lines = self.draft.problems()
        if lines:
            raise SkirmishError(message("page", "field_fix_squad", self.lang, problem=lines[0]))
        squad = self.draft.checked()
        return [squad.id], battle_setup([[squad.id]], {squad.id: squad}).get("content")

    # --- the shared panel's hooks ------------------------------------------------------------

    def new_draft(self) -> Draft:
        return Draft(hero=self._first_hero(Draft().element))

    def draft_of(self, squad) -> Draft:
        return Draft.of(squad)

    def row_info(self, squad) -> str:
        return f"{term('element', squad.element, self.lang)} · {self._card_name(squad.hero)}"

    def option_label(self, squad) -> str:
        return f"{self.name(squad)} ({term('element', squad.element, self.lang)})"

    def selects(self) -> list:
        return [dom.find(select_id) for select_id in SELECTS]

    def fill_form(self) -> None:
        super().fill_form()
        self.el("element").value = self.draft.element
        self.el("hero").value = self.draft.hero

    # --- events ----------------------------------------------------------------------------

    def on_element(self, event) -> None:
        self.draft.element = str(self.el("element").value)
        hero = self.cards.get(self.draft.hero)
        if hero is None or hero.element != self.draft.element:
            self.draft.hero = self._first_hero(self.draft.element)
            self.el("hero").value = self.draft.hero
        self.refresh()

    def on_hero(self, event) -> None:
        self.draft.hero = str(self.el("hero").value)
        self.refresh()

    def on_pool(self, event) -> None:
        """Add or Remove on a starter card's row (one listener for the whole list)."""
        button = event.target.closest("button")
        if not button:
            return
        if button.hasAttribute("data-add"):
            self.draft.add(str(button.getAttribute("data-add")))
        elif button.hasAttribute("data-remove"):
            self.draft.remove(str(button.getAttribute("data-remove")))
        self.say(None)
        self.refresh()

    def on_members(self, event) -> None:
        button = event.target.closest("button[data-remove]")
        if button:
            card_id = str(button.getAttribute("data-remove"))
            self.draft.remove(card_id)
            self.refresh()
            self._focus_after_remove(card_id)

    # --- drawing ---------------------------------------------------------------------------

    def refresh(self) -> None:
        """The draft's cards, counts, filter and problems, after any change."""
        draft = self.draft
        counts = draft.counts()
        shown = (draft.element, "neutral")
        for row in self.el("pool").querySelectorAll("li[data-card]"):
            card_id = str(row.getAttribute("data-card"))
            dom.set_text(row.querySelector(".count"), counts.get(card_id, 0))
            dom.show(row, str(row.getAttribute("data-element")) in shown or card_id in counts)
        members = []
        for card_id, copies in counts.items():
            row = dom.clone("sq-member")
            card_name = self._card_name(card_id)
            dom.set_text(row.querySelector(".cname"), card_name)
            dom.set_text(row.querySelector(".count"), f"×{copies}")
            button = row.querySelector("button")
            button.setAttribute("data-remove", card_id)
            button.setAttribute("aria-label", message("page", "sq_remove_card", self.lang, name=card_name))
            members.append(row)
        self.el("members").replaceChildren(*members)
        dom.set_text(self.el("count"), self.word("count", count=len(draft.cards), size=SQUAD_SIZE))
        hero = self.cards.get(draft.hero)
        dom.set_text(self.el("hero-info"), self.word(
            "hero_limits", leadership=hero.leadership, equipment=hero.limits.get("equipment", 0),
            terrain=hero.limits.get("terrain", 0)) if hero else "")
        self.show_problems(draft.problems())

    def _focus_after_remove(self, card_id: str) -> None:
        """Keep the keyboard's place: the same card's Remove button, else the list's first, else Add."""
        members = self.el("members")
        button = members.querySelector(f'button[data-remove="{_css(card_id)}"]') or members.querySelector("button")
        (button or self.el("pool").querySelector(f'button[data-add="{_css(card_id)}"]') or self.el("name")).focus()

    def _first_hero(self, element: str) -> str:
        heroes = sorted(card.id for card in self.cards.values() if card.type == "hero" and card.element == element)
        return heroes[0] if heroes else ""

    def _card_name(self, card_id: str) -> str:
        card = self.cards.get(card_id)
        return (card.name.get(self.lang) or card.name["en"]) if card else str(card_id)


def _css(card_id: str) -> str:
    """A starter card id (a-z, 0-9, '_', '-') as it goes in a CSS attribute selector."""
    return "".join(char for char in card_id if char.isalnum() or char in "_-")
