""""Test against the field" on a page: the page's chosen squad or army plays each starter (engine/field.py)
with a progress bar, Cancel, a one-line summary and a bar chart, one bar per opponent.

Python runs on the page's main thread, so the games are played in steps of about STEP_SECONDS and
the loop awaits `asyncio.sleep(0)` between steps: Pyodide's event loop then hands back to the
browser (a posted message on the main thread), which answers clicks and paints the progress bar
before the next step. Cancel (or leaving the page) stops the run after the step under way, keeping
what was played. The squad editor (ui/games/autobattle/squad_editor.py) and the tactics page (ui/games/tactics/renderer.py)
each give their contender through `contender()`; the rest is here, once.
"""

import asyncio
import time

from pyscript import document

from engine.core import SkirmishError
from engine.field import FieldRun, starters
from ui import dom
from ui.words import message

STEP_SECONDS = 0.03     # games per step stop here: a click waits at most one step (~30 ms, slower phones more)


class FieldTest:
    """One page's field-test panel (ids `PREFIX-…`, build/templates/_field_test.html).

    `contender()` returns (contender, content) as engine/field.py takes them, or raises SkirmishError
    with the one line that says why there is nothing to test."""

    def __init__(self, ctl, prefix: str, ruleset_id: str, contender):
        self.ctl, self.lang, self.prefix = ctl, ctl.lang, prefix
        self.ruleset_id, self.contender = ruleset_id, contender
        self.field = starters(ruleset_id)
        self.names = {key: names.get(self.lang) or names["en"] for key, names in self.field}
        self.run: FieldRun | None = None
        self.cancelled = False

    def el(self, name: str):
        return dom.find(f"{self.prefix}-{name}")

    def bind(self) -> None:
        self.ctl.bind(self.el("start"), "click", self.on_start)
        self.ctl.bind(self.el("cancel"), "click", self.on_cancel)
        self._controls(running=False)

    @property
    def running(self) -> bool:
        return self.run is not None

    # --- events ------------------------------------------------------------------------------

    def on_start(self, event) -> None:
        """Check the contender, then play the field in steps (nothing runs if the contender is bad)."""
        if self.running:
            return
        dom.alert(self.el("error"), None)
        try:
            contender, content = self.contender()
            run = FieldRun(self.ruleset_id, contender, [key for key, _ in self.field],
                           int(str(self.el("games").value)), content=content)
        except SkirmishError as error:
            dom.alert(self.el("error"), str(error))
            return
        self.run, self.cancelled = run, False
        self.el("chart").replaceChildren()
        dom.show(self.el("chart-box"), False)
        self._controls(running=True)
        self.el("cancel").focus()           # Start is disabled now: the keyboard stays on the panel
        self._progress()
        asyncio.ensure_future(self._play(run))

    def on_cancel(self, event) -> None:
        self.cancelled = True

    # --- the run -------------------------------------------------------------------------------

    async def _play(self, run: FieldRun) -> None:
        started, drawn = time.perf_counter(), 0
        ending = "field_finished"
        try:
            while not run.done:
                if self.cancelled:
                    ending = "field_cancelled"
                    break
                if self.ctl.section.hidden:     # the page was left: stop, keep what was played
                    ending = "field_left"
                    break
                run.step(STEP_SECONDS)
                self._progress()
                finished = sum(1 for played in run.played if played == run.games)
                if finished != drawn:           # a bar is added as each opponent is done
                    drawn = finished
                    self._chart()
                await asyncio.sleep(0)          # the browser's turn: clicks, paint
        except Exception as error:      # noqa: BLE001  (one line on the panel, as dom.guarded does)
            dom.say_error(self.el("error"), error)
            ending = "field_cancelled"
        seconds = time.perf_counter() - started
        self.run = None
        on_cancel = str(document.activeElement.id or "") == f"{self.prefix}-cancel" if document.activeElement else False
        self._controls(running=False)
        if on_cancel:                           # Cancel is hidden now: the keyboard goes back to Start
            self.el("start").focus()
        self._chart(run)
        dom.set_text(self.el("status"), message("page", ending, self.lang, done=run.done_games, total=run.total,
                                                seconds=f"{seconds:.1f}"))
        self.el("status").setAttribute("data-rate", f"{run.done_games / seconds:.0f}" if seconds > 0 else "0")

    # --- drawing -------------------------------------------------------------------------------

    def _controls(self, running: bool) -> None:
        for name in ("start", "games", "seat"):
            if self.el(name):
                self.el(name).disabled = running
        cancel = self.el("cancel")
        dom.show(cancel, running)
        cancel.disabled = not running
        dom.show(self.el("progress"), running or self.el("progress").value > 0)
        dom.find(self.prefix).setAttribute("aria-busy", "true" if running else "false")

    def _progress(self) -> None:
        run = self.run
        bar = self.el("progress")
        bar.max, bar.value = run.total, run.done_games
        dom.show(bar, True)
        dom.set_text(self.el("status"), message("page", "field_running", self.lang,
                                                done=run.done_games, total=run.total))

    def _chart(self, run: FieldRun | None = None) -> None:
        """The summary line and one bar per opponent played so far (win rate, 95% interval, the 50% line)."""
        run = run or self.run
        overall = run.overall()
        if not overall["games"]:
            return
        rows = [self._row(row) for row in run.results() if row["games"]]
        self.el("chart").replaceChildren(*rows)
        dom.set_text(self.el("summary"), message("page", f"field_summary_{self.ruleset_id}", self.lang,
                                                 games=overall["games"], **_percents(overall)))
        dom.show(self.el("chart-box"), True)

    def _row(self, row: dict):
        item = dom.element("li", class_name="field-row")
        item.setAttribute("data-opponent", row["id"])
        item.setAttribute("data-score", f"{row['score']:g}")
        item.setAttribute("data-games", str(row["games"]))
        track = dom.element("span", class_name="field-track")
        track.setAttribute("aria-hidden", "true")      # the numbers beside it say the same in words
        bar, interval = dom.element("span", class_name="field-bar"), dom.element("span", class_name="field-ci")
        bar.style.width = f"{100 * row['win_rate']:.2f}%"
        interval.style.left = f"{100 * row['low']:.2f}%"
        interval.style.width = f"{100 * (row['high'] - row['low']):.2f}%"
        track.append(bar, interval, dom.element("span", class_name="field-half"))
        numbers = message("page", "field_row", self.lang, games=row["games"], **_percents(row))
        item.append(dom.element("span", self.names[row["id"]], "field-name"), track,
                    dom.element("span", numbers, "field-rate"))
        return item


def _percents(row: dict) -> dict:
    return {key: f"{100 * row[name]:.1f}" for key, name in (("rate", "win_rate"), ("low", "low"), ("high", "high"))}
