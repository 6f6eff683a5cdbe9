"""The one game controller every ruleset page uses.

It owns the game: a live `Session` (humans and bots, bots at the chosen speed through
`Session.bot_action`, undo through `last_decision_of`/`undo(to=…)`, hand-off between humans sharing
the screen) or a replay (a finished game computed up front as frames, stepped both ways, played at a
speed; share and demo links open here). It draws what all games share — status, outcome, log with
rule ids and reasons, note, demo banner, share link — and asks the page's renderer (ui/games/ID/renderer.py,
through the members of ui/games/contract.py only) to draw the view and to turn clicks into actions,
which come back through `act`.

It finds its parts by `data-part` inside the page's section (build/templates/_game.html), reads
engine views, decisions and events only, and writes text with textContent only.
"""

import asyncio
import importlib

from pyscript import document, window

from engine.core import SkirmishError, Session, decode_link, encode_link, make_bot
from engine.rulesets import get as get_ruleset
from ui import dom
from ui.replay import Replay
from ui.route import note_param, replay_hash, whole_number
from ui.words import message, word

MAX_SEED = (1 << 63) - 1
MAX_AUTO_STEPS = 10_000
HUMAN = "human"


class Controller:
    """One ruleset page: its setup, its game (live or replayed) and everything around the board."""

    def __init__(self, page, section, lang: str):
        self.page, self.section, self.lang = page, section, lang
        self.ruleset = get_ruleset(page.id)
        self.bindings = dom.Bindings(self.part("form-error"))
        self.mode = None                # None | "play" | "replay"
        self.session: Session | None = None
        self.players: list[str] = []    # per seat: "human" or a bot's name
        self.bots = {}
        self.gen = 0                    # bumped on every change: a stale bot move or frame is dropped
        self.viewer = None              # the human seat whose view is on screen (hidden information)
        self.handoff_to = None          # the seat the screen waits to be passed to
        self.replay: Replay | None = None
        self.index = 0
        self.playing = False
        self.logged = 0
        self.demo: tuple[str, int] | None = None
        self.view = None
        self.steps: list = []           # the events of each step up to what is on screen (live or replay)
        self.focus_game = False         # a game just started from the form: the keyboard goes to it
        self.renderer = importlib.import_module(page.renderer).Renderer(self)

    # --- parts and wiring ------------------------------------------------------------------

    def part(self, name: str):
        """The element marked data-part=NAME in this page's section (jsnull when the page has none)."""
        return self.section.querySelector(f'[data-part="{name}"]')

    def bind(self, target, event: str, handler):
        """Bind inside this page: errors go to its form-error line; released with the page."""
        return self.bindings.bind(target, event, handler)

    def start(self) -> None:
        """Bind the shared controls, then the renderer's own, and enable the form."""
        handlers = {"to-start": lambda e: self.jump(0), "step-back": lambda e: self.step(-1),
                    "play": lambda e: self.play(), "pause": lambda e: self.pause(),
                    "step-forward": lambda e: self.step(1), "to-end": lambda e: self.jump(None),
                    "share": self.on_share, "undo": lambda e: self.undo(), "handoff-go": lambda e: self.take_screen()}
        for name, handler in handlers.items():
            if self.part(name):
                self.bind(self.part(name), "click", handler)
        self.bind(self.section, "keydown", self.on_key)
        if self.part("detail"):
            for gesture in ("click", "focusin", "mouseover"):
                self.bind(self.part("board"), gesture, self.on_detail)
            self.bind(self.part("detail-close"), "click", lambda e: self.hide_detail())
        self.renderer.bind()
        if self.part("start"):
            self.part("start").disabled = False

    def release(self) -> None:
        """Drop every handler and stop any pending bot move or autoplay."""
        self.gen += 1
        self.playing = False
        self.bindings.release()

    def error(self, text: str | None) -> None:
        dom.alert(self.part("form-error"), text)

    def seat_name(self, seat: int) -> str:
        """A seat standing alone in words ("Blue"; "Сторона «Синие»")."""
        return message("page", "side", self.lang, seat=self.renderer.side_word(seat))

    # --- starting ------------------------------------------------------------------------

    def seed(self, text) -> int:
        """A seed typed in the form: ASCII digits up to MAX_SEED, else a one-line error."""
        seed = whole_number(str(text).strip(), MAX_SEED)
        if seed is None:
            raise SkirmishError(message("ui", "bad_seed", self.lang))
        return seed

    def new_game(self, seed: int, setup: dict, players: list[str] | None = None, options: dict | None = None) -> None:
        """A game from the setup form. With a human seat it is played live; with none, it is computed
        in full and watched (stepped, played at a speed), as a replay is."""
        self.error(None)
        dom.alert(self.part("link-error"), None)
        self.gen += 1
        self.demo = None
        self._note("")
        if not players or HUMAN not in players:
            self.load_replay(Replay.start(self.page.id, seed, setup, options), at=0)
            self.play()
            self.part("pause").focus()      # Space pauses, arrows step (on_key)
            return
        self.focus_game = True
        self.players = list(players)
        self.session = Session.start(self.page.id, seed=seed, options=options or {}, setup=setup)
        self.bots = {seat: make_bot(self.ruleset, who) for seat, who in enumerate(self.players) if who != HUMAN}
        self.mode, self.replay, self.viewer, self.handoff_to = "play", None, None, None
        self.renderer.loaded(self.session.record)
        self._reset_log()
        self._show_game()
        self.refresh()
        self.part("game").scrollIntoView()

    def open_link(self, hash_text: str, params: dict) -> None:
        """Replay the record a share or demo link carries, at its step, with its rule and note."""
        dom.alert(self.part("link-error"), None)
        self.error(None)
        self.gen += 1
        try:
            record = decode_link(hash_text)
            if record.ruleset != self.page.id:
                raise SkirmishError(message("ui", self.renderer.OTHER_LINK_KEY, self.lang, ruleset=record.ruleset[:30]))
            replay = Replay.from_record(record)
        except SkirmishError as error:
            self.pause()
            dom.show(self.part("game"), False)
            dom.alert(self.part("link-error"), f"{message('ui', 'link_failed', self.lang)} {error}")
            return
        default = 0 if self.page.open_at == "start" else replay.last
        at = default
        step = params.get("step", params.get("turn"))
        if step is not None:
            at = whole_number(step, replay.last)
            if at is None:
                key = "bad_turn" if self.page.open_at == "start" else "t_bad_step"
                dom.alert(self.part("link-error"), message("ui", key, self.lang, last=replay.last))
                at = default
        rule = params.get("rule")
        self.demo = None
        if rule and rule in self.ruleset.catalogue:
            self.demo = (rule, at)
            if self.page.demo_before and at > 0:
                at -= 1             # open just before the step where the rule applies
        self._note(note_param(params))
        self.load_replay(replay, at)
        if note_param(params):
            self.part("note").scrollIntoView()      # the sender's words come first

    def _note(self, note: str) -> None:
        if self.part("note"):
            dom.set_text(self.part("note-text"), note)
            dom.show(self.part("note"), bool(note))

    def _show_game(self) -> None:
        dom.show(self.part("game"), True)
        if self.part("live"):
            dom.show(self.part("live"), self.mode == "play")
        if self.part("replay"):
            dom.show(self.part("replay"), self.mode == "replay")
        self.part("share-link").value = ""
        if self.part("detail"):
            self.hide_detail()
        if self.part("share-status"):
            dom.set_text(self.part("share-status"), "")

    def _reset_log(self) -> None:
        self.part("log").replaceChildren()
        self.logged = 0

    # --- the live game ---------------------------------------------------------------------

    def deciding(self):
        """(seat, decision) for the human who decides now on this screen, else (None, decision)."""
        session = self.session
        decision = session.decision
        if decision is None:
            return None, None
        for seat in session.waiting():
            if self.players[seat] == HUMAN:
                return seat, decision
        return None, decision

    def refresh(self) -> None:
        """After any change: automatic steps, then draw; a bot to move gets its turn after the delay."""
        session = self.session
        self.gen += 1
        paced = False
        for _ in range(MAX_AUTO_STEPS):
            if session.outcome is not None or session.decision is not None:
                break
            if self.page.watch_auto and self.bot_delay() > 0 and self.renderer.watched(session.view(None)):
                paced = True        # one step now, the next after the delay (_auto_step)
                break
            session.advance()
        seat, decision = self.deciding()
        humans = [s for s, who in enumerate(self.players) if who == HUMAN]
        secret = self.ruleset.capabilities.hidden_information and session.outcome is None
        if secret:
            viewer = seat if seat is not None else (self.viewer if self.viewer is not None else humans[0])
            if len(humans) > 1 and viewer != self.viewer:
                self._handoff(viewer)
                return
            self.viewer = viewer
        self._hide_handoff()
        self.view = session.view(self.viewer if secret else None)
        self.part("game").dataset.actions = str(len(session.record.actions))
        self.steps = [[e.to_data() for e in step] for step in session.history]
        self.renderer.draw(self.view, seat, decision)
        self._draw_status(seat, decision)
        self._log(self.steps)
        self._draw_outcome(session.outcome, session.digest() if session.outcome else None, session.turns())
        undo = self.part("undo")
        if undo:
            undo.disabled = session.last_decision_of(humans) is None
        if decision is not None and seat is None and any(s in self.bots for s in session.waiting()):
            asyncio.ensure_future(self._bot_move(self.gen))
        elif paced:
            asyncio.ensure_future(self._auto_step(self.gen))

    def _handoff(self, seat: int) -> None:
        """Pass the screen: nothing of either seat's private view stays in the page meanwhile."""
        self.handoff_to = seat
        self.renderer.clear()
        dom.show(self.part("board"), False)
        dom.set_text(self.part("handoff-text"), message("ui", "handoff", self.lang, seat=self.seat_name(seat)))
        dom.show(self.part("handoff"), True)
        self.part("handoff-go").focus()

    def _hide_handoff(self) -> None:
        self.handoff_to = None
        if self.part("handoff"):
            dom.show(self.part("handoff"), False)
        dom.show(self.part("board"), True)

    def take_screen(self) -> None:
        """The seat the screen was passed to is ready: show its view."""
        if self.handoff_to is not None and self.mode == "play":
            self.viewer = self.handoff_to
            self.refresh()

    def bot_delay(self) -> float:
        box = self.part("bot-delay") or self.part("speed")
        text = str(box.value) if box else "0"
        return int(text) / 1000 if text.isascii() and text.isdigit() else 0.5

    async def _bot_move(self, gen: int) -> None:
        """The bots' moves after the delay, unless the game changed meanwhile (undo, a new game)."""
        await asyncio.sleep(self.bot_delay())
        if gen != self.gen or self.mode != "play":
            return
        try:
            session = self.session
            if session.decision is None:
                return
            for seat in session.waiting():
                # An earlier bot's answer may have moved the game on to a decision of other seats.
                if seat in self.bots and seat in session.waiting():
                    session.submit(seat, session.bot_action(seat, self.bots[seat]))
            self.refresh()
        except Exception as error:   # noqa: BLE001  (not in a handler: the same one line on the page)
            dom.say_error(self.part("form-error"), error)

    async def _auto_step(self, gen: int) -> None:
        """One watched automatic step after the delay, then a redraw (unless the game changed meanwhile)."""
        await asyncio.sleep(self.bot_delay())
        if gen != self.gen or self.mode != "play":
            return
        try:
            if self.session.outcome is None and self.session.decision is None:
                self.session.advance()
            self.refresh()
        except Exception as error:   # noqa: BLE001  (not in a handler: the same one line on the page)
            dom.say_error(self.part("form-error"), error)

    def act(self, action) -> bool:
        """A renderer's click: submit `action` for the human deciding on this screen. An action that is
        not legal is refused by the engine with the rule it breaks (IllegalAction, shown in one line
        by the error guard); nothing changes."""
        if self.mode != "play":
            return False
        seat, decision = self.deciding()
        if seat is None or self.handoff_to is not None:
            return False
        self.error(None)
        self.session.submit(seat, action)
        self.refresh()
        return True

    def undo(self) -> None:
        """Back to before the last human decision (against a bot, its replies after it go too)."""
        if self.mode != "play":
            return
        session = self.session
        step = session.last_decision_of(seat for seat, who in enumerate(self.players) if who == HUMAN)
        if step is None:
            raise SkirmishError(message("ui", "t_nothing_to_undo", self.lang))
        session.undo(to=step)
        self._reset_log()
        self.refresh()

    def _draw_status(self, seat, decision) -> None:
        status = self.part("status")
        if not status:
            return
        status.dataset.seat = "" if seat is None else str(seat)
        if self.session.outcome is not None:
            status.dataset.kind = "over"
        elif decision is None and self.page.watch_auto:
            status.dataset.kind = "auto"        # a watched automatic step (Page.watch_auto)
        elif decision is None:
            status.dataset.kind = "over"
        else:
            status.dataset.kind = self.renderer.decision_kind(self.view, decision)
        status.dataset.human = "1" if seat is not None else "0"
        if self.session.outcome is None and decision is None and self.page.watch_auto:
            text = self.renderer.status_auto(self.view)
        elif self.session.outcome is not None:
            text = self.renderer.status_over()
        elif seat is None:
            waiting = self.session.waiting()
            text = message("ui", "status_bot", self.lang, seat=self.seat_name(waiting[0]) if waiting else "")
        else:
            text = self.renderer.status(self.view, seat, decision)
        dom.set_text(status, text)

    # --- replays ---------------------------------------------------------------------------

    def load_replay(self, replay: Replay, at: int) -> None:
        """Show a finished (or stopped) game at frame `at`."""
        self.pause()
        self.mode, self.session, self.replay = "replay", None, replay
        self.renderer.loaded(replay.record)
        self._reset_log()
        self._show_game()
        self._hide_handoff()
        self.show_frame(at)
        self.part("game").scrollIntoView()

    def show_frame(self, index: int, pace: float | None = None) -> None:
        """Draw frame `index` (clamped): board, log so far, position, demo, outcome at the end.

        `pace` is the autoplay interval in seconds when autoplay shows this frame; the renderer
        animates the frame's events only then (stepping and jumping are instant: pace None)."""
        if self.mode != "replay" or not self.replay:
            return
        replay = self.replay
        index = max(0, min(replay.last, index))
        self.index = index
        frame = replay.frames[index]
        self.view = frame.view
        self.steps = [f.events for f in replay.frames[:index + 1]]
        self.renderer.draw(frame.view, None, None)
        self.renderer.animate(frame.events, pace)
        if index + 1 < self.logged:
            self._reset_log()
        self._log([f.events for f in replay.frames[:index + 1]], [f.turn for f in replay.frames[:index + 1]])
        text = self.renderer.position(index, replay)
        banner = self.part("banner")
        demo_text = self._demo(index)
        if banner:
            dom.set_text(banner, demo_text or "")
            dom.show(banner, bool(demo_text))
        elif demo_text and self._demo_applied(index):
            text += " " + demo_text
        status = self.part("status")
        if status:
            dom.set_text(status, text)
        ended = index == replay.last and replay.outcome is not None
        self._draw_outcome(replay.outcome if ended else None, replay.digest if ended else None, replay.frames[-1].turn)

    def _demo_applied(self, index: int) -> bool:
        rule, step = self.demo
        return index >= step if self.page.demo_before else any(
            event["rule"] == rule for event in self.replay.frames[index].events)

    def _demo(self, index: int) -> str | None:
        """The demo's words at this frame, and its log lines highlighted where the rule applies."""
        if not self.demo:
            return None
        rule, step = self.demo
        log = self.part("log")
        for line in log.querySelectorAll("li.highlight"):
            line.classList.remove("highlight")
        applied = self._demo_applied(index)
        if applied and (index == step or not self.page.demo_before):
            lines = [line for line in log.querySelectorAll("li.new") if line.dataset.rule == rule]
            for line in lines:
                line.classList.add("highlight")
            if lines:
                log.scrollTop = max(0, lines[0].offsetTop - log.offsetTop - 40)
        elif not self.page.demo_before:
            return None
        key, section = ("demo_applied", "ui") if applied else ("demo_banner", "page")
        return message(section, key, self.lang, rule=rule, statement=self.statement(rule))

    def play(self) -> None:
        """Step forward at the chosen speed until the end or a pause."""
        if self.mode != "replay" or self.playing:
            return
        if self.index >= self.replay.last:
            self.show_frame(0)
        self.playing = True
        self.gen += 1               # one autoplay at a time: an older loop stops at its next tick
        self._toggle_play()
        asyncio.ensure_future(self._run(self.gen))

    async def _run(self, gen: int) -> None:
        while self.playing and gen == self.gen and self.mode == "replay" and self.index < self.replay.last:
            speed = str(self.part("speed").value)
            pace = int(speed) / 1000 if speed.isascii() and speed.isdigit() else 0.8
            await asyncio.sleep(pace)
            if self.playing and gen == self.gen:
                self.show_frame(self.index + 1, pace)
        if gen == self.gen:
            self.pause()

    def pause(self) -> None:
        """Stop autoplay."""
        self.playing = False
        self._toggle_play()

    def _toggle_play(self) -> None:
        """Show Play or Pause; the keyboard moves to the one shown, never dropping to <body>."""
        play, pause = self.part("play"), self.part("pause")
        if not play:
            return
        hiding = pause if not self.playing else play
        had_focus = hiding.isSameNode(document.activeElement)
        dom.show(play, not self.playing)
        dom.show(pause, self.playing)
        if had_focus:
            (pause if self.playing else play).focus()

    def on_key(self, event) -> None:
        """Replay shortcuts anywhere on the page's game except in a field or the log: ←/→ a step,
        Home/End the first/last step, Space play or pause (on a button, Space presses the button)."""
        if self.mode != "replay" or event.altKey or event.ctrlKey or event.metaKey:
            return
        target = event.target
        if target.closest("input, select, textarea, .log, form"):
            return
        key = str(event.key)
        actions = {"ArrowLeft": lambda: self.step(-1), "ArrowRight": lambda: self.step(1),
                   "Home": lambda: self.jump(0), "End": lambda: self.jump(None)}
        if key == " " and not target.closest("button, a, [role=button]"):
            actions[" "] = lambda: self.pause() if self.playing else self.play()
        if key in actions:
            event.preventDefault()
            actions[key]()

    def step(self, delta: int) -> None:
        self.pause()
        self.show_frame(self.index + delta)

    def jump(self, index: int | None) -> None:
        self.pause()
        if self.replay:
            self.show_frame(self.replay.last if index is None else index)

    # --- shared drawing --------------------------------------------------------------------

    def statement(self, rule: str) -> str:
        entry = self.ruleset.catalogue.get(rule, {})
        return entry.get(self.lang) or entry.get("en", "")

    def _draw_outcome(self, outcome, digest, turns) -> None:
        box = self.part("outcome")
        if outcome is None:
            dom.show(box, False)
            box.removeAttribute("data-digest")
            return
        data = outcome.to_data()
        values = {"turns": turns, "rule": data["rule"],
                  "reason": word("reason", data["rule"], self.lang, data["reason"])}
        if outcome.automaton:
            text = message("ui", "outcome_automaton", self.lang, **values)
        elif outcome.is_draw:
            text = message("ui", self.renderer.DRAW_KEY, self.lang, **values)
        elif outcome.team is not None and len(outcome.winners) > 1:
            text = message("ui", "outcome_team", self.lang, team=self.renderer.team_word(outcome.team),
                           seats=", ".join(self.seat_name(seat) for seat in outcome.winners), **values)
        elif self.renderer.WIN_KEY and len(outcome.winners) == 1:
            text = message("ui", self.renderer.WIN_KEY, self.lang, **values)     # a solo game: "You win"
        else:
            text = message("ui", "outcome_seat", self.lang,
                           winners=", ".join(self.seat_name(seat) for seat in outcome.winners), **values)
        dom.set_text(box, text)
        box.dataset.digest = digest
        dom.show(box, True)

    def _log(self, steps: list, turns: list | None = None) -> None:
        """Append the events of the steps not yet logged: one line each, with its rule (title: the
        statement) and the reasons the event gives."""
        log = self.part("log")
        if len(steps) < self.logged:
            self._reset_log()
        for old in log.querySelectorAll("li.new"):
            old.classList.remove("new")
        if len(steps) == self.logged:
            return
        template = dom.find("log-line")
        for index in range(self.logged, len(steps)):
            mark = turns[index] if turns is not None and self.page.log_by == "turn" else index
            for event in steps[index]:
                line = dom.clone(template)
                line.classList.add("new")
                dom.set_text(line.querySelector(".turn"), f"{mark}.")
                words = self.renderer.describe(event, self.view) + self.renderer.because(event)
                dom.set_text(line.querySelector(".what"), words)
                rule = line.querySelector(".rule")
                dom.set_text(rule, event["rule"])
                rule.title = self.statement(event["rule"])
                if self.page.rules:             # to the rule on its rules page (opened inside the app)
                    rule.href = f"./{self.page.id}/rules.html#{event['rule']}"
                line.dataset.rule = event["rule"]
                log.append(line)
        self.logged = len(steps)
        log.scrollTop = log.scrollHeight

    # --- card details ----------------------------------------------------------------------

    def on_detail(self, event) -> None:
        """A card tapped, focused or hovered on the board: the panel shows it in full (the renderer
        says what that is; a gesture elsewhere on the board leaves the panel as it is)."""
        node = self.renderer.detail_for(event.target)
        if node is None:
            return
        key = node.getAttribute("data-detail") or ""
        body = self.part("detail-body")
        if key and body.firstElementChild and body.firstElementChild.getAttribute("data-detail") == key:
            return              # the same card again (the mouse moving over it): nothing to redraw
        body.replaceChildren(node)
        dom.show(self.part("detail"), True)

    def hide_detail(self) -> None:
        self.part("detail-body").replaceChildren()
        dom.show(self.part("detail"), False)

    # --- sharing -----------------------------------------------------------------------------

    def on_share(self, event) -> None:
        """A link to this game (at this moment, with the sender's note when given); shown and copied."""
        record = self.session.shareable_record() if self.mode == "play" else self.replay.record if self.replay else None
        if record is None:
            return
        at = self.part("share-at")
        step = None
        if at and at.checked:
            step = len(self.session.history) - 1 if self.mode == "play" else self.index
        note_box = self.part("share-note")
        note = str(note_box.value).strip() if note_box else ""
        base = str(window.location.href).split("#")[0]
        url = base + replay_hash(self.page.id, encode_link(record), step=step, note=note or None)
        self.part("share-link").value = url
        dom.set_text(self.part("share-status"), "")
        asyncio.ensure_future(self._copy(url))

    async def _copy(self, url: str) -> None:
        """Copy the link and say so; with no clipboard (permission, http), select it to copy by hand."""
        try:
            await window.navigator.clipboard.writeText(url)
            key = "copied"
        except Exception:       # noqa: BLE001  (a refused clipboard is a JS error; the box has the link)
            self.part("share-link").select()
            key = "copy_failed"
        dom.set_text(self.part("share-status"), message("ui", key, self.lang))
