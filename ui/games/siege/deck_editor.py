"""The siege deck builder: a deck of starter cards by name and level, checked live by the engine's deck
checks, saved in this browser (localStorage), offered in the page's deck selects, exported and imported
as card files (TOML).

Integration, for the siege play page (two lines, plus the calls):

    build/templates/games/siege/play.html:  {% include "games/siege/decks.html" %}
    ui/games/siege/renderer.py:                 self.decks = SiegeDeckEditor(ctl)       # in Renderer.__init__
                                       self.decks.bind()                       # in Renderer.bind
                                       ctl.new_game(seed, self.decks.setup(deck_id))   # on start

`SiegeDeckEditor(ctl)` needs `ctl.lang` and `ctl.bind(target, event, handler)` (ui/controller.py).
`.bind()` binds its controls, reads the saved decks, lists the cards and enables the panel.
`.setup(deck_id, automaton_deck=None)` is the game's setup for the player's deck (a starter deck id or
a saved deck's id; the automaton's first starter deck by default): a saved deck travels inside it.
Every <select> in the page that offers a starter player deck (an <option value="vanguard">) gets an
optgroup "Your decks" of the saved decks, kept up to date: its value is what `.setup` takes.
`.saved` is {deck id: Deck}.

The checks, the file format and the setup live in ui/games/siege/deckfile.py (pure Python, tested on CPython);
saving, the saved list, export and import are ui/saved_files.py's, shared with the autobattle squad
editor. This module lists the cards, draws the deck being built and reads its controls, text only.
"""

from pyscript import document

from engine.rulesets.siege.cards import DECK_SIZE, MAX_COPIES, builtin_content
from ui import dom
from ui.saved_files import SavedFilesPanel
from ui.games.siege.deckfile import DECKS, Draft, battle_setup, card_rows
from ui.words import message


class SiegeDeckEditor(SavedFilesPanel):
    """The deck builder panel of the siege page, and the saved decks it keeps."""

    PREFIX, STORAGE_KEY, KIND = "sd", "skirmish.siege.decks", DECKS

    def __init__(self, ctl):
        super().__init__(ctl)
        self.starters = {d for d, deck in builtin_content().decks.items() if deck.side == "player"}

    # --- the interface ---------------------------------------------------------------------

    def bind(self) -> None:
        """Bind the panel's controls, read the saved decks, list the cards, draw, and enable the controls."""
        self.ctl.bind(self.el("pool"), "click", self.on_pool)
        self._fill_pool()
        self.bind_shared()
        self.fill_form()
        self.refresh()
        for node in self.el("editor").querySelectorAll("input, #sd-save, #sd-new, #sd-export"):
            node.disabled = False

    def setup(self, deck_id: str, automaton_deck: str | None = None) -> dict:
        """The game's setup: the player's deck (a saved one travels inside it) against the automaton's."""
        return battle_setup(str(deck_id), self.saved, automaton_deck)

    # --- the shared panel's hooks ------------------------------------------------------------

    def new_draft(self) -> Draft:
        return Draft()

    def draft_of(self, deck) -> Draft:
        return Draft.of(deck)

    def row_info(self, deck) -> str:
        return self.word("deck_cards", count=sum(deck.cards.values()))

    def selects(self) -> list:
        """Every select of the page that offers a starter player deck."""
        return [select for select in document.querySelectorAll("select")
                if any(str(option.value) in self.starters for option in select.options)]

    # --- events ----------------------------------------------------------------------------

    def on_pool(self, event) -> None:
        """+ or − on a card's row (one listener for the whole list); the focus stays on the row."""
        button = event.target.closest("button[data-card]")
        if not button:
            return
        card_id = str(button.getAttribute("data-card"))
        changed = self.draft.add(card_id) if button.classList.contains("sd-plus") else self.draft.remove(card_id)
        if changed:
            self.say(None)
            self.refresh()
        if button.disabled:      # at 0 or 3 copies: keep the keyboard's place on the row's other button
            row = button.closest("li")
            other = row.querySelector(".sd-minus" if button.classList.contains("sd-plus") else ".sd-plus")
            if other and not other.disabled:
                other.focus()

    # --- drawing ---------------------------------------------------------------------------

    def refresh(self) -> None:
        """Counts, +/− states, the total and the problems, after any change."""
        counts = self.draft.counts
        for row in self.el("pool").querySelectorAll("li[data-card]"):
            copies = counts.get(str(row.getAttribute("data-card")), 0)
            dom.set_text(row.querySelector(".count"), copies)
            row.querySelector(".sd-minus").disabled = copies <= 0
            row.querySelector(".sd-plus").disabled = copies >= MAX_COPIES
            row.classList.toggle("chosen", copies > 0)
        dom.set_text(self.el("count"), self.word("count", count=self.draft.total(), low=DECK_SIZE[0],
                                                 high=DECK_SIZE[1]))
        self.show_problems(self.draft.problems())

    def _fill_pool(self) -> None:
        """One row per starter card, by name and level, with its words in the page's language."""
        rows = []
        for card in card_rows(self.lang):
            row = dom.clone("sd-row")
            row.setAttribute("data-card", card["id"])
            dom.set_text(row.querySelector(".cname"), card["name"])
            dom.set_text(row.querySelector(".cinfo"), f"{message('page', 'sh_level', self.lang, level=card['level'])}"
                                                      f" · {message('page', 'sh_kind_' + card['kind'], self.lang)}")
            for selector, key in ((".sd-plus", "add_card"), (".sd-minus", "remove_card")):
                button = row.querySelector(selector)
                button.setAttribute("data-card", card["id"])
                button.setAttribute("aria-label", self.word(key, name=card["name"]))
            rows.append(row)
        self.el("pool").replaceChildren(*rows)
