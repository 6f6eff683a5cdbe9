"""What a player builds and keeps in this browser as a card file (autobattle squads, siege decks): the
half of their editor panels that is the same for both.

It owns the name and the id that follows it, Save, the saved list with Edit and Delete, export (a
download from a Blob URL and a text box to copy), import (every item of the file, or none, with the
validator's lines), the storage and how it fails, and the "Your squads"/"Your decks" option group in
the page's selects. A panel subclasses it with its kind of card file (KIND, ui/saved_text.CardKind),
its draft, its card list and its words: its elements are `PREFIX-…` (`#sq-name`, `#sd-export` …) and
its words `PREFIX_…` in ui/messages.toml. Stored and imported text is untrusted: the kind reads it,
checked all or nothing, and nothing from it reaches the page but as text.
"""

import asyncio

from pyscript import document, window
from pyscript.ffi import to_js

from engine.core.errors import BadCards
from ui import dom
from ui.saved_text import CardKind
from ui.words import message, messages

SHOWN_PROBLEMS = 30         # lines of a bad import shown; the rest are counted


class StorageError(Exception):
    """localStorage refused: `key` (without the prefix) is the word that says why."""

    def __init__(self, key: str):
        super().__init__(key)
        self.key = key


class SavedFilesPanel:
    """The shared half of an editor panel; see the module's docstring for what a subclass gives."""

    PREFIX = ""             # "sq": #sq-name, #sq-export…, and words sq_saved_ok…
    STORAGE_KEY = ""
    KIND: CardKind          # what it keeps; its `item` ("squad") marks a saved row's buttons (data-squad)
                            # and names its words (PREFIX_edit_squad…)

    def __init__(self, ctl):
        self.ctl, self.lang = ctl, ctl.lang
        self.draft = self.new_draft()
        self.id_typed = False           # the id follows the name until the player types one
        self.saved: dict = {}
        self.download_url = None

    # --- what a subclass gives -------------------------------------------------------------

    def new_draft(self):
        raise NotImplementedError

    def draft_of(self, item):
        raise NotImplementedError

    def row_info(self, item) -> str:
        raise NotImplementedError

    def option_label(self, item) -> str:
        return self.name(item)

    def selects(self) -> list:
        """The page's selects that offer the saved items."""
        raise NotImplementedError

    def fill_form(self) -> None:
        self.el("name").value = self.draft.name.get(self.lang, "")
        self.el("id").value = self.draft.id

    def refresh(self) -> None:
        raise NotImplementedError

    # --- wiring ------------------------------------------------------------------------------

    def el(self, name: str):
        """The panel's element PREFIX-name."""
        return dom.find(f"{self.PREFIX}-{name}")

    def word(self, key: str, **values) -> str:
        """The panel's word PREFIX_key (in [ui] or [page]), in the page's language."""
        name = f"{self.PREFIX}_{key}"
        return message("ui" if name in messages()["ui"] else "page", name, self.lang, **values)

    def bind_shared(self) -> None:
        """Bind the controls every such panel has, and read what this browser kept."""
        bind = self.ctl.bind
        bind(self.el("form"), "submit", self.on_save)
        bind(self.el("name"), "input", self.on_name)
        bind(self.el("id"), "input", self.on_id)
        bind(self.el("saved"), "click", self.on_saved_click)
        bind(self.el("new"), "click", self.on_new)
        bind(self.el("export"), "click", self.on_export)
        bind(self.el("import"), "change", self.on_import)
        self._load_saved()

    # --- events ----------------------------------------------------------------------------

    def on_name(self, event) -> None:
        self.draft.set_name(self.el("name").value, self.lang)
        if not self.id_typed:
            self.draft.id = self.KIND.slug(self.draft.name[self.lang])
            self.el("id").value = self.draft.id
        self.refresh()

    def on_id(self, event) -> None:
        self.id_typed = True
        self.draft.id = str(self.el("id").value).strip()
        self.refresh()

    def on_save(self, event) -> None:
        """Save the draft (it must have no problem) in this browser."""
        event.preventDefault()
        try:
            item = self.draft.checked()
        except BadCards:
            self.say(None, self.word("fix_first"))
            return
        saved = {**self.saved, item.id: item}
        if len(saved) > self.KIND.max_saved:
            self.say(None, self.word("import_too_many", file=self.KIND.source, count=len(saved),
                                     limit=self.KIND.max_saved))
            return
        if self._store(saved):
            self.say(self.word("saved_ok", name=self.name(item)))

    def on_new(self, event) -> None:
        self.draft, self.id_typed = self.new_draft(), False
        self.say(None)
        self.fill_form()
        self.refresh()
        self.el("name").focus()

    def on_saved_click(self, event) -> None:
        """Edit or Delete on a saved item's row."""
        button = event.target.closest(f"button[data-{self.KIND.item}]")
        if not button:
            return
        item = self.saved.get(str(button.getAttribute(f"data-{self.KIND.item}")))
        if item is None:
            return
        if button.classList.contains(f"{self.PREFIX}-edit"):
            self.draft, self.id_typed = self.draft_of(item), True
            self.fill_form()
            self.refresh()
            self.say(self.word("editing", name=self.name(item)))
            self.el("name").focus()
        else:
            saved = {key: value for key, value in self.saved.items() if key != item.id}
            if self._store(saved):
                self.say(self.word("deleted", name=self.name(item)))
                self.el("export").focus()

    def on_export(self, event) -> None:
        """The saved items as a card file: in a text box to copy, and as a download (a Blob URL)."""
        text = self.KIND.write(self.saved)
        self.el("export-text").value = text
        dom.show(self.el("export-box"), True)
        if self.download_url:
            window.URL.revokeObjectURL(self.download_url)
        blob = window.Blob.new(to_js([text]), to_js({"type": "application/toml"}))
        self.download_url = window.URL.createObjectURL(blob)
        link = self.el("download")
        link.href = self.download_url
        dom.show(link, True)
        self.say(self.word("exported"))

    def on_import(self, event) -> None:
        files = event.target.files
        if files and files.length:
            asyncio.ensure_future(self._import(files.item(0)))

    async def _import(self, file) -> None:
        """Read a card file the player chose; all its items are saved, or none (its problems shown)."""
        name = str(file.name)[:80]
        dom.show(self.el("import-error"), False)
        try:
            if int(file.size) > self.KIND.max_text * 4:      # a UTF-8 character is at most 4 bytes
                self._import_failed(self.word("import_too_large", file=name, size=int(file.size),
                                              limit=self.KIND.max_text * 4), [])
                return
            text = str(await file.text())
            try:
                items = self.KIND.read(text, name)
            except BadCards as error:
                self._import_failed(self.word("import_bad", file=name), error.problems)
                return
            saved = {**self.saved, **items}
            if len(saved) > self.KIND.max_saved:
                self._import_failed(self.word("import_too_many", file=name, count=len(saved),
                                              limit=self.KIND.max_saved), [])
                return
            if self._store(saved):
                self.say(self.word("imported", count=len(items), file=name))
        except Exception as error:  # noqa: BLE001  (an async task: the guard of dom.bind is not around it)
            dom.say_error(self.el("error"), error)
        finally:
            self.el("import").value = ""

    # --- storage ---------------------------------------------------------------------------

    def _load_saved(self) -> None:
        """The items this browser kept, read as untrusted input (a bad store is reported, not used)."""
        try:
            text = self._storage().getItem(self.STORAGE_KEY)
        except Exception:  # noqa: BLE001  (no storage: nothing can have been saved; saving says why not)
            self._fill_saved()
            return
        items, problem = self.KIND.load_saved(None if text is None else str(text))
        self.saved = items
        if problem:
            self.say(None, self.word("stored_bad", reason=problem))
        self._fill_saved()

    def _store(self, saved: dict) -> bool:
        """Keep `saved` in this browser; on failure say why and change nothing."""
        try:
            storage = self._storage()
            if saved:
                storage.setItem(self.STORAGE_KEY, self.KIND.write(saved))
            else:
                storage.removeItem(self.STORAGE_KEY)
        except StorageError as error:
            self.say(None, self.word(error.key))
            return False
        except Exception as error:  # noqa: BLE001  (a JS exception: quota exceeded or storage refused)
            self.say(None, self.word("storage_full" if "quota" in str(error).lower() else "storage_unavailable"))
            return False
        self.saved = saved
        self._fill_saved()
        return True

    @staticmethod
    def _storage():
        """window.localStorage, or StorageError when the browser refuses it (a sandbox, privacy settings)."""
        try:
            storage = window.localStorage
        except Exception:  # noqa: BLE001  (reading the property itself throws SecurityError there)
            raise StorageError("storage_unavailable") from None
        if not storage:
            raise StorageError("storage_unavailable")
        return storage

    # --- drawing ---------------------------------------------------------------------------

    def _fill_saved(self) -> None:
        """The saved items' list, and an option group of them in every select that offers them."""
        rows = []
        for item in self.saved.values():
            row = dom.clone(f"{self.PREFIX}-saved-row")
            name = self.name(item)
            dom.set_text(row.querySelector(".cname"), name)
            dom.set_text(row.querySelector(".cinfo"), self.row_info(item))
            for action in ("edit", "delete"):
                button = row.querySelector(f".{self.PREFIX}-{action}")
                button.setAttribute(f"data-{self.KIND.item}", item.id)
                button.setAttribute("aria-label", self.word(f"{action}_{self.KIND.item}", name=name))
            rows.append(row)
        self.el("saved").replaceChildren(*rows)
        dom.show(self.el("none"), not rows)
        for select in self.selects():
            self._fill_select(select)

    def _fill_select(self, select) -> None:
        chosen = str(select.value)
        for group in select.querySelectorAll(f"optgroup.{self.PREFIX}-saved"):
            group.remove()
        if self.saved:
            group = document.createElement("optgroup")
            group.className = f"{self.PREFIX}-saved"
            group.label = self.word(f"your_{self.KIND.item}s")
            for item in self.saved.values():
                option = document.createElement("option")
                option.value = item.id
                option.textContent = self.option_label(item)
                group.append(option)
            select.append(group)
        select.value = chosen
        if str(select.value) != chosen:         # the chosen one was deleted: back to the first option
            select.selectedIndex = 0

    def say(self, status: str | None, error: str | None = None) -> None:
        dom.set_text(self.el("status"), status or "")
        dom.alert(self.el("error"), error)

    def show_problems(self, problems: list[str]) -> None:
        """The draft's problems (the validator's lines) under its heading, or that it is valid."""
        dom.set_text(self.el("check-head"), self.word("problems", file=self.KIND.source) if problems else self.word("valid"))
        self.el("check").classList.toggle("bad", bool(problems))
        self.el("problems").replaceChildren(*[line(text) for text in problems])

    def _import_failed(self, head: str, problems: list[str]) -> None:
        dom.set_text(self.el("import-head"), head)
        lines = [line(text) for text in problems[:SHOWN_PROBLEMS]]
        if len(problems) > SHOWN_PROBLEMS:
            lines.append(line(self.word("more_problems", count=len(problems) - SHOWN_PROBLEMS)))
        self.el("import-problems").replaceChildren(*lines)
        dom.show(self.el("import-error"), True)
        self.say(None)

    def name(self, item) -> str:
        return item.name.get(self.lang) or item.name["en"]


def line(text: str):
    """A list item holding `text` as text."""
    return dom.element("li", text)
