"""The autobattle squad editor: build a squad from the starter cards, check it live with the engine's
validator, save it in this browser (localStorage), offer it in the sides' squad selects, export and
import card files (TOML).

The checks, the file format and the battle's setup live in ui/squadfile.py (pure Python, tested on
CPython); this module only reads the page's controls and writes text with textContent. Stored and
imported text is untrusted: it is read by `read_squads`, all or nothing.
"""

import asyncio

from pyscript import document, window
from pyscript.ffi import to_js

from engine.core.errors import BadCards
from engine.rulesets.autobattle.cards import SQUAD_SIZE, builtin_content
from engine.rulesets.autobattle.texts import term
from ui import dom
from ui.squadfile import (MAX_SAVED, MAX_TEXT, SOURCE, Draft, battle_setup, load_saved, read_squads, slug,
                          write_squads)
from ui.words import message

STORAGE_KEY = "skirmish.autobattle.squads"
SHOWN_PROBLEMS = 30         # lines of a bad import shown; the rest are counted
SELECTS = [f"side-{seat}-squad-{slot}" for seat in (0, 1) for slot in (1, 2, 3)]


class StorageError(Exception):
    """localStorage refused: `key` is the message key that says why."""

    def __init__(self, key: str):
        super().__init__(key)
        self.key = key


class SquadEditor:
    """The editor panel of the autobattle page, and the saved squads it keeps."""

    def __init__(self, ctl):
        self.ctl, self.lang = ctl, ctl.lang
        self.cards = builtin_content().cards
        self.draft = Draft(hero=self._first_hero(Draft().element))
        self.id_typed = False           # the id follows the name until the player types one
        self.saved: dict = {}
        self.download_url = None

    # --- wiring ----------------------------------------------------------------------------

    def bind(self) -> None:
        """Bind the editor's controls, read the saved squads, draw, and enable the controls."""
        bind = self.ctl.bind
        bind("sq-form", "submit", self.on_save)
        bind("sq-name", "input", self.on_name)
        bind("sq-id", "input", self.on_id)
        bind("sq-element", "change", self.on_element)
        bind("sq-hero", "change", self.on_hero)
        bind("sq-pool", "click", self.on_pool)
        bind("sq-members", "click", self.on_members)
        bind("sq-saved", "click", self.on_saved_click)
        bind("sq-new", "click", self.on_new)
        bind("sq-export", "click", self.on_export)
        bind("sq-import", "change", self.on_import)
        self._load_saved()
        self._fill_form()
        self.refresh()
        for node in self._section().querySelectorAll("button, input, select"):
            node.disabled = False

    def setup(self, decks: list) -> dict:
        """The battle's setup: the saved squads the decks use travel inside it."""
        return battle_setup(decks, self.saved)

    # --- events ----------------------------------------------------------------------------

    def on_name(self, event) -> None:
        self.draft.set_name(dom.find("sq-name").value, self.lang)
        if not self.id_typed:
            self.draft.id = slug(self.draft.name[self.lang])
            dom.find("sq-id").value = self.draft.id
        self.refresh()

    def on_id(self, event) -> None:
        self.id_typed = True
        self.draft.id = str(dom.find("sq-id").value).strip()
        self.refresh()

    def on_element(self, event) -> None:
        self.draft.element = str(dom.find("sq-element").value)
        hero = self.cards.get(self.draft.hero)
        if hero is None or hero.element != self.draft.element:
            self.draft.hero = self._first_hero(self.draft.element)
            dom.find("sq-hero").value = self.draft.hero
        self.refresh()

    def on_hero(self, event) -> None:
        self.draft.hero = str(dom.find("sq-hero").value)
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
        self._say(None)
        self.refresh()

    def on_members(self, event) -> None:
        button = event.target.closest("button[data-remove]")
        if button:
            card_id = str(button.getAttribute("data-remove"))
            self.draft.remove(card_id)
            self.refresh()
            self._focus_after_remove(card_id)

    def on_save(self, event) -> None:
        """Save the squad (it must have no problem) in this browser."""
        event.preventDefault()
        try:
            squad = self.draft.squad()
        except BadCards:
            self._say(None, message("ui", "sq_fix_first", self.lang))
            return
        saved = {**self.saved, squad.id: squad}
        if len(saved) > MAX_SAVED:
            self._say(None, message("ui", "sq_import_too_many", self.lang, file=SOURCE, count=len(saved),
                                    limit=MAX_SAVED))
            return
        if self._store(saved):
            self._say(message("ui", "sq_saved_ok", self.lang, name=self._name(squad)))

    def on_new(self, event) -> None:
        self.draft = Draft(hero=self._first_hero(Draft().element))
        self.id_typed = False
        self._say(None)
        self._fill_form()
        self.refresh()
        dom.find("sq-name").focus()

    def on_saved_click(self, event) -> None:
        """Edit or Delete on a saved squad's row."""
        button = event.target.closest("button[data-squad]")
        if not button:
            return
        squad = self.saved.get(str(button.getAttribute("data-squad")))
        if squad is None:
            return
        if button.classList.contains("sq-edit"):
            self.draft, self.id_typed = Draft.of(squad), True
            self._fill_form()
            self.refresh()
            self._say(message("ui", "sq_editing", self.lang, name=self._name(squad)))
            dom.find("sq-name").focus()
        else:
            saved = {key: value for key, value in self.saved.items() if key != squad.id}
            if self._store(saved):
                self._say(message("ui", "sq_deleted", self.lang, name=self._name(squad)))
                dom.find("sq-export").focus()

    def on_export(self, event) -> None:
        """The saved squads as a card file: in a text box to copy, and as a download (a Blob URL)."""
        text = write_squads(self.saved)
        dom.find("sq-export-text").value = text
        dom.show(dom.find("sq-export-box"), True)
        if self.download_url:
            window.URL.revokeObjectURL(self.download_url)
        blob = window.Blob.new(to_js([text]), to_js({"type": "application/toml"}))
        self.download_url = window.URL.createObjectURL(blob)
        link = dom.find("sq-download")
        link.href = self.download_url
        dom.show(link, True)
        self._say(message("ui", "sq_exported", self.lang))

    def on_import(self, event) -> None:
        files = event.target.files
        if files and files.length:
            asyncio.ensure_future(self._import(files.item(0)))

    async def _import(self, file) -> None:
        """Read a card file the player chose; all its squads are saved, or none (its problems shown)."""
        name = str(file.name)[:80]
        dom.show(dom.find("sq-import-error"), False)
        try:
            if int(file.size) > MAX_TEXT * 4:           # a UTF-8 character is at most 4 bytes
                self._import_failed(message("ui", "sq_import_too_large", self.lang, file=name,
                                            size=int(file.size), limit=MAX_TEXT * 4), [])
                return
            text = str(await file.text())
            try:
                squads = read_squads(text, name)
            except BadCards as error:
                self._import_failed(message("ui", "sq_import_bad", self.lang, file=name), error.problems)
                return
            saved = {**self.saved, **squads}
            if len(saved) > MAX_SAVED:
                self._import_failed(message("ui", "sq_import_too_many", self.lang, file=name, count=len(saved),
                                            limit=MAX_SAVED), [])
                return
            if self._store(saved):
                self._say(message("ui", "sq_imported", self.lang, count=len(squads), file=name))
        except Exception as error:  # noqa: BLE001  (an async task: the guard of dom.bind is not around it)
            dom.say_error(dom.find("sq-error"), error)
        finally:
            dom.find("sq-import").value = ""

    # --- storage ---------------------------------------------------------------------------

    def _load_saved(self) -> None:
        """The squads this browser kept, read as untrusted input (a bad store is reported, not used)."""
        try:
            text = _storage().getItem(STORAGE_KEY)
        except Exception:  # noqa: BLE001  (no storage: nothing can have been saved; saving says why not)
            return
        squads, problem = load_saved(None if text is None else str(text))
        self.saved = squads
        if problem:
            self._say(None, message("ui", "sq_stored_bad", self.lang, reason=problem))
        self._fill_saved()

    def _store(self, saved: dict) -> bool:
        """Keep `saved` in this browser; on failure say why and change nothing."""
        try:
            storage = _storage()
            if saved:
                storage.setItem(STORAGE_KEY, write_squads(saved))
            else:
                storage.removeItem(STORAGE_KEY)
        except StorageError as error:
            self._say(None, message("ui", error.key, self.lang))
            return False
        except Exception as error:  # noqa: BLE001  (a JS exception: quota exceeded or storage refused)
            full = "quota" in str(error).lower()
            self._say(None, message("ui", "sq_storage_full" if full else "sq_storage_unavailable", self.lang))
            return False
        self.saved = saved
        self._fill_saved()
        return True

    # --- drawing ---------------------------------------------------------------------------

    def refresh(self) -> None:
        """The draft's cards, counts, filter and problems, after any change."""
        draft = self.draft
        counts = draft.counts()
        shown = (draft.element, "neutral")
        for row in dom.find("sq-pool").querySelectorAll("li[data-card]"):
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
        dom.find("sq-members").replaceChildren(*members)
        dom.set_text(dom.find("sq-count"), message("ui", "sq_count", self.lang, count=len(draft.cards),
                                                   size=SQUAD_SIZE))
        hero = self.cards.get(draft.hero)
        dom.set_text(dom.find("sq-hero-info"), message(
            "ui", "sq_hero_limits", self.lang, leadership=hero.leadership, equipment=hero.limits.get("equipment", 0),
            terrain=hero.limits.get("terrain", 0)) if hero else "")
        problems = draft.problems()
        dom.set_text(dom.find("sq-check-head"), message("ui", "sq_problems", self.lang, file=SOURCE)
                     if problems else message("ui", "sq_valid", self.lang))
        dom.find("sq-check").classList.toggle("bad", bool(problems))
        dom.find("sq-problems").replaceChildren(*[_line(text) for text in problems])

    def _fill_form(self) -> None:
        dom.find("sq-name").value = self.draft.name.get(self.lang, "")
        dom.find("sq-id").value = self.draft.id
        dom.find("sq-element").value = self.draft.element
        dom.find("sq-hero").value = self.draft.hero

    def _fill_saved(self) -> None:
        """The saved squads' list, and an option group of them in every squad select."""
        rows = []
        for squad in self.saved.values():
            row = dom.clone("sq-saved-row")
            name = self._name(squad)
            dom.set_text(row.querySelector(".cname"), name)
            dom.set_text(row.querySelector(".cinfo"),
                         f"{term('element', squad.element, self.lang)} · {self._card_name(squad.hero)}")
            for selector, key in ((".sq-edit", "sq_edit_squad"), (".sq-delete", "sq_delete_squad")):
                button = row.querySelector(selector)
                button.setAttribute("data-squad", squad.id)
                button.setAttribute("aria-label", message("page", key, self.lang, name=name))
            rows.append(row)
        dom.find("sq-saved").replaceChildren(*rows)
        dom.show(dom.find("sq-none"), not rows)
        for select_id in SELECTS:
            self._fill_select(dom.find(select_id))

    def _fill_select(self, select) -> None:
        chosen = str(select.value)
        for group in select.querySelectorAll("optgroup.sq-saved"):
            group.remove()
        if self.saved:
            group = document.createElement("optgroup")
            group.className = "sq-saved"
            group.label = message("ui", "sq_your_squads", self.lang)
            for squad in self.saved.values():
                option = document.createElement("option")
                option.value = squad.id
                option.textContent = f"{self._name(squad)} ({term('element', squad.element, self.lang)})"
                group.append(option)
            select.append(group)
        select.value = chosen

    def _focus_after_remove(self, card_id: str) -> None:
        """Keep the keyboard's place: the same card's Remove button, else the list's first, else Add."""
        members = dom.find("sq-members")
        button = members.querySelector(f'button[data-remove="{_css(card_id)}"]') or members.querySelector("button")
        (button or dom.find("sq-pool").querySelector(f'button[data-add="{_css(card_id)}"]') or dom.find("sq-name")).focus()

    def _say(self, status: str | None, error: str | None = None) -> None:
        dom.set_text(dom.find("sq-status"), status or "")
        dom.alert(dom.find("sq-error"), error)

    def _import_failed(self, head: str, problems: list[str]) -> None:
        dom.set_text(dom.find("sq-import-head"), head)
        lines = [_line(text) for text in problems[:SHOWN_PROBLEMS]]
        if len(problems) > SHOWN_PROBLEMS:
            lines.append(_line(message("ui", "sq_more_problems", self.lang, count=len(problems) - SHOWN_PROBLEMS)))
        dom.find("sq-import-problems").replaceChildren(*lines)
        dom.show(dom.find("sq-import-error"), True)
        self._say(None)

    # --- words -----------------------------------------------------------------------------

    def _section(self):
        return dom.find("sq-editor")

    def _first_hero(self, element: str) -> str:
        heroes = sorted(card.id for card in self.cards.values() if card.type == "hero" and card.element == element)
        return heroes[0] if heroes else ""

    def _card_name(self, card_id: str) -> str:
        card = self.cards.get(card_id)
        return (card.name.get(self.lang) or card.name["en"]) if card else str(card_id)

    def _name(self, squad) -> str:
        return squad.name.get(self.lang) or squad.name["en"]


def _storage():
    """window.localStorage, or StorageError when the browser refuses it (a sandbox, privacy settings)."""
    try:
        storage = window.localStorage
    except Exception:  # noqa: BLE001  (reading the property itself throws SecurityError there)
        raise StorageError("sq_storage_unavailable") from None
    if not storage:
        raise StorageError("sq_storage_unavailable")
    return storage


def _line(text: str):
    item = document.createElement("li")
    dom.set_text(item, text)
    return item


def _css(card_id: str) -> str:
    """A starter card id (a-z, 0-9, '_', '-') as it goes in a CSS attribute selector."""
    return "".join(char for char in card_id if char.isalnum() or char in "_-")
