"""The siege deck builder: a deck of starter cards by name and level, checked live by the engine's deck
checks, saved in this browser (localStorage), offered in the page's deck selects, exported and imported
as card files (TOML).

Integration, for the siege play page (two lines, plus the calls):

    build/templates/games/siege.html:  {% include "games/siege_decks.html" %}
    ui/games/siege.py:                 self.decks = SiegeDeckEditor(ctl)       # in Renderer.__init__
                                       self.decks.bind()                       # in Renderer.bind
                                       ctl.new_game(seed, self.decks.setup(deck_id))   # on start

`SiegeDeckEditor(ctl)` needs `ctl.lang` and `ctl.bind(target, event, handler)` (ui/controller.py).
`.bind()` binds its controls, reads the saved decks, lists the cards and enables the panel.
`.setup(deck_id, automaton_deck=None)` is the game's setup for the player's deck (a starter deck id or
a saved deck's id; the automaton's first starter deck by default): a saved deck travels inside it.
Every <select> in the page that offers a starter player deck (an <option value="vanguard">) gets an
optgroup "Your decks" of the saved decks, kept up to date: its value is what `.setup` takes.
`.saved` is {deck id: Deck}.

The checks, the file format and the setup live in ui/siegedecks.py (pure Python, tested on CPython);
this module only reads the page's controls and writes text with textContent. Stored and imported text
is untrusted: it is read by `read_decks`, all or nothing.
"""

import asyncio

from pyscript import document, window
from pyscript.ffi import to_js

from engine.core.errors import BadCards
from engine.rulesets.siege.cards import DECK_SIZE, MAX_COPIES, builtin_content
from ui import dom
from ui.siegedecks import (MAX_SAVED, MAX_TEXT, SOURCE, Draft, battle_setup, card_rows, load_saved, read_decks,
                           slug, write_decks)
from ui.words import message

STORAGE_KEY = "skirmish.siege.decks"
SHOWN_PROBLEMS = 30         # lines of a bad import shown; the rest are counted


class StorageError(Exception):
    """localStorage refused: `key` is the message key that says why."""

    def __init__(self, key: str):
        super().__init__(key)
        self.key = key


class SiegeDeckEditor:
    """The deck builder panel of the siege page, and the saved decks it keeps."""

    def __init__(self, ctl):
        self.ctl, self.lang = ctl, ctl.lang
        self.draft = Draft()
        self.id_typed = False           # the id follows the name until the player types one
        self.saved: dict = {}
        self.download_url = None
        self.starters = {d for d, deck in builtin_content().decks.items() if deck.side == "player"}

    # --- the interface ---------------------------------------------------------------------

    def bind(self) -> None:
        """Bind the panel's controls, read the saved decks, list the cards, draw, and enable the controls."""
        bind = self.ctl.bind
        bind("sd-form", "submit", self.on_save)
        bind("sd-name", "input", self.on_name)
        bind("sd-id", "input", self.on_id)
        bind("sd-pool", "click", self.on_pool)
        bind("sd-saved", "click", self.on_saved_click)
        bind("sd-new", "click", self.on_new)
        bind("sd-export", "click", self.on_export)
        bind("sd-import", "change", self.on_import)
        self._fill_pool()
        self._load_saved()
        self._fill_form()
        self.refresh()
        for node in dom.find("sd-editor").querySelectorAll("input, #sd-save, #sd-new, #sd-export"):
            node.disabled = False

    def setup(self, deck_id: str, automaton_deck: str | None = None) -> dict:
        """The game's setup: the player's deck (a saved one travels inside it) against the automaton's."""
        return battle_setup(str(deck_id), self.saved, automaton_deck)

    # --- events ----------------------------------------------------------------------------

    def on_name(self, event) -> None:
        self.draft.set_name(dom.find("sd-name").value, self.lang)
        if not self.id_typed:
            self.draft.id = slug(self.draft.name[self.lang])
            dom.find("sd-id").value = self.draft.id
        self.refresh()

    def on_id(self, event) -> None:
        self.id_typed = True
        self.draft.id = str(dom.find("sd-id").value).strip()
        self.refresh()

    def on_pool(self, event) -> None:
        """+ or − on a card's row (one listener for the whole list); the focus stays on the row."""
        button = event.target.closest("button[data-card]")
        if not button:
            return
        card_id = str(button.getAttribute("data-card"))
        changed = self.draft.add(card_id) if button.classList.contains("sd-plus") else self.draft.remove(card_id)
        if changed:
            self._say(None)
            self.refresh()
        if button.disabled:      # at 0 or 3 copies: keep the keyboard's place on the row's other button
            row = button.closest("li")
            other = row.querySelector(".sd-minus" if button.classList.contains("sd-plus") else ".sd-plus")
            if other and not other.disabled:
                other.focus()

    def on_save(self, event) -> None:
        """Save the deck (it must have no problem) in this browser."""
        event.preventDefault()
        try:
            deck = self.draft.deck()
        except BadCards:
            self._say(None, message("page", "sd_fix_first", self.lang))
            return
        saved = {**self.saved, deck.id: deck}
        if len(saved) > MAX_SAVED:
            self._say(None, message("page", "sd_import_too_many", self.lang, file=SOURCE, count=len(saved),
                                    limit=MAX_SAVED))
            return
        if self._store(saved):
            self._say(message("page", "sd_saved_ok", self.lang, name=self._name(deck)))

    def on_new(self, event) -> None:
        self.draft, self.id_typed = Draft(), False
        self._say(None)
        self._fill_form()
        self.refresh()
        dom.find("sd-name").focus()

    def on_saved_click(self, event) -> None:
        """Edit or Delete on a saved deck's row."""
        button = event.target.closest("button[data-deck]")
        if not button:
            return
        deck = self.saved.get(str(button.getAttribute("data-deck")))
        if deck is None:
            return
        if button.classList.contains("sd-edit"):
            self.draft, self.id_typed = Draft.of(deck), True
            self._fill_form()
            self.refresh()
            self._say(message("page", "sd_editing", self.lang, name=self._name(deck)))
            dom.find("sd-name").focus()
        else:
            saved = {key: value for key, value in self.saved.items() if key != deck.id}
            if self._store(saved):
                self._say(message("page", "sd_deleted", self.lang, name=self._name(deck)))
                dom.find("sd-export").focus()

    def on_export(self, event) -> None:
        """The saved decks as a card file: in a text box to copy, and as a download (a Blob URL)."""
        text = write_decks(self.saved)
        dom.find("sd-export-text").value = text
        dom.show(dom.find("sd-export-box"), True)
        if self.download_url:
            window.URL.revokeObjectURL(self.download_url)
        blob = window.Blob.new(to_js([text]), to_js({"type": "application/toml"}))
        self.download_url = window.URL.createObjectURL(blob)
        link = dom.find("sd-download")
        link.href = self.download_url
        dom.show(link, True)
        self._say(message("page", "sd_exported", self.lang))

    def on_import(self, event) -> None:
        files = event.target.files
        if files and files.length:
            asyncio.ensure_future(self._import(files.item(0)))

    async def _import(self, file) -> None:
        """Read a card file the player chose; all its decks are saved, or none (its problems shown)."""
        name = str(file.name)[:80]
        dom.show(dom.find("sd-import-error"), False)
        try:
            if int(file.size) > MAX_TEXT * 4:           # a UTF-8 character is at most 4 bytes
                self._import_failed(message("page", "sd_import_too_large", self.lang, file=name,
                                            size=int(file.size), limit=MAX_TEXT * 4), [])
                return
            text = str(await file.text())
            try:
                decks = read_decks(text, name)
            except BadCards as error:
                self._import_failed(message("page", "sd_import_bad", self.lang, file=name), error.problems)
                return
            saved = {**self.saved, **decks}
            if len(saved) > MAX_SAVED:
                self._import_failed(message("page", "sd_import_too_many", self.lang, file=name, count=len(saved),
                                            limit=MAX_SAVED), [])
                return
            if self._store(saved):
                self._say(message("page", "sd_imported", self.lang, count=len(decks), file=name))
        except Exception as error:  # noqa: BLE001  (an async task: the guard of dom.bind is not around it)
            dom.say_error(dom.find("sd-error"), error)
        finally:
            dom.find("sd-import").value = ""

    # --- storage ---------------------------------------------------------------------------

    def _load_saved(self) -> None:
        """The decks this browser kept, read as untrusted input (a bad store is reported, not used)."""
        try:
            text = _storage().getItem(STORAGE_KEY)
        except Exception:  # noqa: BLE001  (no storage: nothing can have been saved; saving says why not)
            self._fill_saved()
            return
        decks, problem = load_saved(None if text is None else str(text))
        self.saved = decks
        if problem:
            self._say(None, message("page", "sd_stored_bad", self.lang, reason=problem))
        self._fill_saved()

    def _store(self, saved: dict) -> bool:
        """Keep `saved` in this browser; on failure say why and change nothing."""
        try:
            storage = _storage()
            if saved:
                storage.setItem(STORAGE_KEY, write_decks(saved))
            else:
                storage.removeItem(STORAGE_KEY)
        except StorageError as error:
            self._say(None, message("page", error.key, self.lang))
            return False
        except Exception as error:  # noqa: BLE001  (a JS exception: quota exceeded or storage refused)
            full = "quota" in str(error).lower()
            self._say(None, message("page", "sd_storage_full" if full else "sd_storage_unavailable", self.lang))
            return False
        self.saved = saved
        self._fill_saved()
        return True

    # --- drawing ---------------------------------------------------------------------------

    def refresh(self) -> None:
        """Counts, +/− states, the total and the problems, after any change."""
        counts = self.draft.counts
        for row in dom.find("sd-pool").querySelectorAll("li[data-card]"):
            copies = counts.get(str(row.getAttribute("data-card")), 0)
            dom.set_text(row.querySelector(".count"), copies)
            row.querySelector(".sd-minus").disabled = copies <= 0
            row.querySelector(".sd-plus").disabled = copies >= MAX_COPIES
            row.classList.toggle("chosen", copies > 0)
        dom.set_text(dom.find("sd-count"), message("page", "sd_count", self.lang, count=self.draft.total(),
                                                   low=DECK_SIZE[0], high=DECK_SIZE[1]))
        problems = self.draft.problems()
        dom.set_text(dom.find("sd-check-head"), message("page", "sd_problems", self.lang, file=SOURCE)
                     if problems else message("page", "sd_valid", self.lang))
        dom.find("sd-check").classList.toggle("bad", bool(problems))
        dom.find("sd-problems").replaceChildren(*[_line(text) for text in problems])

    def _fill_pool(self) -> None:
        """One row per starter card, by name and level, with its words in the page's language."""
        rows = []
        for card in card_rows(self.lang):
            row = dom.clone("sd-row")
            row.setAttribute("data-card", card["id"])
            dom.set_text(row.querySelector(".cname"), card["name"])
            dom.set_text(row.querySelector(".cinfo"), f"{message('page', 'sh_level', self.lang, level=card['level'])}"
                                                      f" · {message('page', 'sh_kind_' + card['kind'], self.lang)}")
            for selector, key in ((".sd-plus", "sd_add_card"), (".sd-minus", "sd_remove_card")):
                button = row.querySelector(selector)
                button.setAttribute("data-card", card["id"])
                button.setAttribute("aria-label", message("page", key, self.lang, name=card["name"]))
            rows.append(row)
        dom.find("sd-pool").replaceChildren(*rows)

    def _fill_form(self) -> None:
        dom.find("sd-name").value = self.draft.name.get(self.lang, "")
        dom.find("sd-id").value = self.draft.id

    def _fill_saved(self) -> None:
        """The saved decks' list, and an option group of them in every deck select of the page."""
        rows = []
        for deck in self.saved.values():
            row = dom.clone("sd-saved-row")
            name = self._name(deck)
            dom.set_text(row.querySelector(".cname"), name)
            dom.set_text(row.querySelector(".cinfo"), message("page", "sd_deck_cards", self.lang,
                                                              count=sum(deck.cards.values())))
            for selector, key in ((".sd-edit", "sd_edit_deck"), (".sd-delete", "sd_delete_deck")):
                button = row.querySelector(selector)
                button.setAttribute("data-deck", deck.id)
                button.setAttribute("aria-label", message("page", key, self.lang, name=name))
            rows.append(row)
        dom.find("sd-saved").replaceChildren(*rows)
        dom.show(dom.find("sd-none"), not rows)
        for select in document.querySelectorAll("select"):
            if any(str(option.value) in self.starters for option in select.options):
                self._fill_select(select)

    def _fill_select(self, select) -> None:
        chosen = str(select.value)
        for group in select.querySelectorAll("optgroup.sd-saved"):
            group.remove()
        if self.saved:
            group = document.createElement("optgroup")
            group.className = "sd-saved"
            group.label = message("page", "sd_your_decks", self.lang)
            for deck in self.saved.values():
                option = document.createElement("option")
                option.value = deck.id
                option.textContent = self._name(deck)
                group.append(option)
            select.append(group)
        select.value = chosen
        if str(select.value) != chosen:         # the chosen deck was deleted: back to the first one
            select.selectedIndex = 0

    def _say(self, status: str | None, error: str | None = None) -> None:
        dom.set_text(dom.find("sd-status"), status or "")
        dom.alert(dom.find("sd-error"), error)

    def _import_failed(self, head: str, problems: list[str]) -> None:
        dom.set_text(dom.find("sd-import-head"), head)
        lines = [_line(text) for text in problems[:SHOWN_PROBLEMS]]
        if len(problems) > SHOWN_PROBLEMS:
            lines.append(_line(message("page", "sd_more_problems", self.lang, count=len(problems) - SHOWN_PROBLEMS)))
        dom.find("sd-import-problems").replaceChildren(*lines)
        dom.show(dom.find("sd-import-error"), True)
        self._say(None)

    def _name(self, deck) -> str:
        return deck.name.get(self.lang) or deck.name["en"]


def _storage():
    """window.localStorage, or StorageError when the browser refuses it (a sandbox, privacy settings)."""
    try:
        storage = window.localStorage
    except Exception:  # noqa: BLE001  (reading the property itself throws SecurityError there)
        raise StorageError("sd_storage_unavailable") from None
    if not storage:
        raise StorageError("sd_storage_unavailable")
    return storage


def _line(text: str):
    item = document.createElement("li")
    dom.set_text(item, text)
    return item
