"""The tactics page: setup form, the two Battle Areas, clicks that map to legal actions, bots, log, share.

It reads only the engine's views, events and the Decision's legal actions: every click submits one
action taken from `decision.legal` (never one made up here). Text goes in with textContent only.
Imported on first visit to `#/tactics` (ui/app.py), so the autobattle page starts as before.
"""

import asyncio
import time

from pyscript import window
from pyscript.ffi import create_proxy, to_js

from engine.core import SkirmishError, Session, decode_link, encode_link, make_bot
from engine.rulesets import get as get_ruleset
from ui.app import element, show_error
from ui.replay import Frame, Replay
from ui.route import replay_hash, whole_number
from ui.tactics_words import char_names, describe, skill_line, skill_names
from ui.words import because, message, word

MAX_SEED = (1 << 63) - 1
CUSTOM = "custom"       # the army select's "Build your own" value (build/build_site.py CUSTOM_ARMY)
MAX_AUTO_STEPS = 10_000
BOT = "sensible"


def bot_times(seed: int) -> list[float]:
    """Milliseconds per decision of the sensible bot (view + choose), over one bot-vs-bot game."""
    ruleset = get_ruleset("tactics")
    session = Session.start("tactics", seed=seed, events=False)
    bots = {seat: make_bot(ruleset, BOT) for seat in (0, 1)}
    times = []
    for _ in range(MAX_AUTO_STEPS):
        if session.outcome is not None:
            break
        decision = session.decision
        if decision is None:
            session.advance()
            continue
        seat = decision.players[0]
        started = time.perf_counter()
        action = session.bot_action(seat, bots[seat])
        times.append((time.perf_counter() - started) * 1000)
        session.submit(seat, action)
    return times


def clone(template_id: str):
    """The first element of a pre-rendered <template>."""
    return element(template_id).content.firstElementChild.cloneNode(True)


def guarded(handler, box: str = "tactics-form-error"):
    """Turn an error in a handler into a one-line message on the page, never a traceback."""
    def run(*args):
        try:
            return handler(*args)
        except SkirmishError as error:
            show_error(box, str(error))
        except Exception as error:   # noqa: BLE001  (a bug: say so in one line, log the rest)
            window.console.error(f"{type(error).__name__}: {error}")
            show_error(box, f"Something went wrong ({type(error).__name__}); please reload the page.")
    return run


class TacticsPage:
    """One game at a time: played (hotseat or against the bot) or replayed from a link."""

    def __init__(self, lang: str = "en"):
        self.lang = lang if lang in ("en", "ja", "ru") else "en"
        self.ruleset = get_ruleset("tactics")
        self.mode = None                # "play" | "replay"
        self.session: Session | None = None
        self.seats = ["human", "human"]
        self.bots = {}
        self.gen = 0                    # bumped on every change: a stale bot move is dropped
        self.view = None
        self.seat, self.kind, self.legal = None, None, []
        self.selected = None            # uid picked from the tray (deployment)
        self.skill = None               # skill id picked for the acting character
        self.spend = 0
        self.logged = 0                 # history steps (or frames) already in the log
        self.frames: list[Frame] = []
        self.index = 0
        self.replayed: Replay | None = None
        self.demo_rule = None
        self.armies = {}
        self.picked = {0: [], 1: []}    # a built army's members per seat, in the order they were ticked
        self._proxies = []

    # --- wiring --------------------------------------------------------------------------

    def bind(self) -> None:
        """Attach the handlers (proxies kept alive with the page) and enable the form."""
        handlers = {
            ("tactics-setup", "submit"): self.on_start, ("tactics-end", "click"): self.on_end,
            ("tactics-undo", "click"): self.on_undo, ("tactics-abandon", "click"): self.on_abandon,
            ("tactics-share", "click"): self.on_share, ("tactics-spend", "change"): self.on_spend,
            ("tactics-board", "click"): self.on_click, ("tactics-skills", "click"): self.on_skill,
            ("tactics-setup", "change"): self.on_setup_change,
            ("tactics-to-start", "click"): lambda e: self.show_frame(0),
            ("tactics-back", "click"): lambda e: self.show_frame(self.index - 1),
            ("tactics-forward", "click"): lambda e: self.show_frame(self.index + 1),
            ("tactics-to-end", "click"): lambda e: self.show_frame(len(self.frames) - 1),
        }
        for (element_id, event), handler in handlers.items():
            proxy = create_proxy(guarded(handler))
            self._proxies.append(proxy)
            element(element_id).addEventListener(event, proxy)
        for option in element("tactics-army-0").options:
            self.armies[str(option.value)] = str(option.textContent)
        self.armies[CUSTOM] = message("ui", "t_custom_army", self.lang)
        self.army_members = next(o.default for o in self.ruleset.options if o.key == "army_members")
        self.update_builders()

    # --- the army builder ----------------------------------------------------------------

    def on_setup_change(self, event) -> None:
        """Any change in the setup form: show or hide a builder, keep the ticked order, re-check."""
        self.update_builders()

    def _ticked(self, seat: int) -> list[str]:
        """The ticked members of a seat's builder: those ticked before keep their order, new ones follow."""
        boxes = element(f"tactics-members-{seat}").querySelectorAll("input[type=checkbox]")
        checked = [str(box.value) for box in boxes if box.checked]
        kept = [cid for cid in self.picked[seat] if cid in checked]
        self.picked[seat] = kept + [cid for cid in checked if cid not in kept]
        return self.picked[seat]

    def army_choice(self, seat: int):
        """The army a seat's controls name: a preset id, or {"king", "members"} from the builder."""
        value = str(element(f"tactics-army-{seat}").value)
        if value != CUSTOM:
            return value
        return {"king": str(element(f"tactics-king-{seat}").value), "members": list(self._ticked(seat))}

    def army_problem(self, seat: int) -> str | None:
        """What a built army still lacks, in one line (None when it is complete or a preset)."""
        army = self.army_choice(seat)
        if isinstance(army, str):
            return None
        size, count = self.army_members, len(army["members"])
        if count > size:
            return message("ui", "t_too_many_members", self.lang, seat=seat, count=count - size, size=size)
        if not army["king"]:
            return message("ui", "t_need_king", self.lang, seat=seat)
        if count < size:
            return message("ui", "t_need_members", self.lang, seat=seat, count=size - count)
        return None

    def update_builders(self) -> None:
        """Show each seat's builder when "Build your own" is chosen; Start only when both armies are whole."""
        problems = []
        for seat in (0, 1):
            builder = element(f"tactics-build-{seat}")
            custom = str(element(f"tactics-army-{seat}").value) == CUSTOM
            builder.hidden = not custom
            problem = self.army_problem(seat)
            if custom:
                full = len(self._ticked(seat)) >= self.army_members
                for box in element(f"tactics-members-{seat}").querySelectorAll("input[type=checkbox]"):
                    box.disabled = full and not box.checked
                status = element(f"tactics-build-status-{seat}")
                status.textContent = problem or message("ui", "t_army_ready", self.lang, seat=seat)
                status.classList.toggle("missing", problem is not None)
            if problem:
                problems.append(problem)
        hint = element("tactics-start-hint")
        hint.textContent = problems[0] if problems else ""
        hint.hidden = not problems
        element("tactics-start").disabled = bool(problems)

    # --- starting ------------------------------------------------------------------------

    def on_start(self, event) -> None:
        """Read the form and start a game; bots play their seats."""
        event.preventDefault()
        show_error("tactics-form-error", None)
        show_error("tactics-link-error", None)
        seed = whole_number(str(element("tactics-seed").value).strip(), MAX_SEED)
        if seed is None:
            raise SkirmishError(message("ui", "bad_seed", self.lang))
        problems = [problem for problem in (self.army_problem(seat) for seat in (0, 1)) if problem]
        if problems:
            raise SkirmishError(problems[0])
        armies = [self.army_choice(seat) for seat in (0, 1)]
        self.seats = ["bot" if str(element(f"tactics-seat-{seat}").value) == "bot" else "human" for seat in (0, 1)]
        self.session = Session.start("tactics", seed=seed, setup={"armies": armies})
        self.bots = {seat: make_bot(self.ruleset, BOT) for seat in (0, 1) if self.seats[seat] == "bot"}
        self.mode = "play"
        self._reset_log()
        self._show_game()
        self.refresh()
        element("tactics-game").scrollIntoView()

    def open_link(self, hash_text: str, params: dict) -> None:
        """Replay the record a share link carries; show its last step (or `&step=N`)."""
        show_error("tactics-link-error", None)
        show_error("tactics-form-error", None)
        self.gen += 1
        try:
            record = decode_link(hash_text)
            if record.ruleset != "tactics":
                raise SkirmishError(message("ui", "t_link_not_tactics", self.lang, ruleset=record.ruleset[:30]))
            replay = Replay.from_record(record)
        except SkirmishError as error:
            element("tactics-game").hidden = True
            show_error("tactics-link-error", f"{message('ui', 'link_failed', self.lang)} {error}")
            return
        self.mode, self.session, self.frames, self.replayed = "replay", None, replay.frames, replay
        last = replay.last
        at = last
        step = params.get("step")
        if step is not None:
            number = whole_number(step, last)
            if number is not None:
                at = number
            else:
                show_error("tactics-link-error", message("ui", "t_bad_step", self.lang, last=last))
        rule = params.get("rule")
        self.demo_rule = rule if rule in self.ruleset.catalogue else None
        self._reset_log()
        self._show_game()
        self.show_frame(at)

    def _show_game(self) -> None:
        element("tactics-game").hidden = False
        element("tactics-actions").hidden = self.mode != "play"
        element("tactics-replay").hidden = self.mode != "replay"
        element("tactics-share-link").value = ""

    def _reset_log(self) -> None:
        element("tactics-log").replaceChildren()
        self.logged = 0

    # --- the live game -------------------------------------------------------------------

    def refresh(self) -> None:
        """After any change: automatic steps, then draw; a bot seat to move gets its turn soon."""
        session = self.session
        self.gen += 1
        for _ in range(MAX_AUTO_STEPS):
            if session.outcome is not None or session.decision is not None:
                break
            session.advance()
        self.view = session.view(None)
        decision = session.decision
        if decision is None:
            self.seat, self.kind, self.legal = None, None, []
        else:
            self.seat = decision.players[0]
            self.legal = decision.legal[self.seat]
            self.kind = (self.view.get("pending") or {}).get("kind")
        self.selected, self.skill, self.spend = None, None, 0
        element("tactics-game").dataset.actions = str(len(session.record.actions))
        self.render()
        self._log_steps([[e.to_data() for e in step] for step in session.history])
        self._draw_outcome(session.outcome, session.digest() if session.outcome else None, session.turns())
        if decision is not None and self.seats[self.seat] == "bot":
            asyncio.ensure_future(self._bot_move(self.gen))

    def human_turn(self) -> bool:
        """A human decides now (so clicks count)."""
        return self.mode == "play" and self.seat is not None and self.seats[self.seat] == "human"

    async def _bot_move(self, gen: int) -> None:
        """The bot's move after a short delay, unless the game changed meanwhile (undo, a new game)."""
        try:
            delay = int(str(element("tactics-bot-delay").value) or "0") / 1000
        except ValueError:
            delay = 0.5
        await asyncio.sleep(delay)
        if gen != self.gen or self.mode != "play":
            return
        try:
            session = self.session
            decision = session.decision
            if decision is None:
                return
            seat = decision.players[0]
            if self.seats[seat] != "bot":
                return
            action = session.bot_action(seat, self.bots[seat])
            session.submit(seat, action)
            self.refresh()
        except Exception as error:   # noqa: BLE001
            window.console.error(f"bot move failed: {type(error).__name__}: {error}")
            show_error("tactics-form-error", f"Something went wrong ({type(error).__name__}); please reload the page.")

    def submit(self, action) -> None:
        """Submit the deciding human's action. One that is not legal is refused by the engine with the
        rule it breaks (IllegalAction), which `guarded` shows on the page; nothing changes."""
        if not self.human_turn():
            return
        show_error("tactics-form-error", None)
        self.session.submit(self.seat, action)
        self.refresh()

    # --- clicks --------------------------------------------------------------------------

    def on_click(self, event) -> None:
        """A click on the board or the tray: a target, a speed-tie pick, a tray pick, or a cell."""
        if not self.human_turn():
            return
        piece = event.target.closest(".tchar")
        cell = event.target.closest(".tcell")
        uid = int(piece.dataset.uid) if piece and piece.dataset.uid else None
        if uid is not None and piece.classList.contains("legal-target"):
            for action in self.legal:
                if action[0] == "skill" and action[1] == self.skill and action[3] == self.spend and uid in action[2]:
                    self.submit(action)
                    return
        if uid is not None and piece.classList.contains("legal-choice"):
            self.submit(next(a for a in self.legal if a[0] == "choose" and a[1] == uid))
            return
        if uid is not None and self.kind == "deploy" and any(a[0] == "deploy" and a[1] == uid for a in self.legal):
            self.selected = uid
            self.render()
            return
        if cell and cell.classList.contains("legal-move"):
            row, col = int(cell.dataset.row), int(cell.dataset.col)
            if self.kind == "deploy":
                wanted = ["deploy", self.selected, row, col]
            else:
                wanted = ["move", row, col]
            for action in self.legal:
                if action == wanted:
                    self.submit(action)
                    return
        if uid is not None and self.skill is not None and uid != self._actor_uid():
            self.submit(["skill", self.skill, [uid], self.spend])   # not a legal target: the engine says why
            return
        if uid is not None and uid == self._actor_uid() and self.skill is not None:
            self.skill = None           # clicking the actor again: back to all its actions
            self.render()

    def on_skill(self, event) -> None:
        """Pick (or drop) a skill of the acting character; its legal targets light up."""
        button = event.target.closest("button[data-skill]")
        if not button or button.disabled or not self.human_turn():
            return
        skill = str(button.dataset.skill)
        self.skill = None if self.skill == skill else skill
        spends = self._spends()
        self.spend = min(spends) if spends else 0
        self.render()

    def on_spend(self, event) -> None:
        """Soulwell points to move onto the acting character with the skill (S0-R4, G0-6)."""
        try:
            self.spend = int(str(element("tactics-spend").value))
        except ValueError:
            self.spend = 0
        self.render()

    def on_end(self, event) -> None:
        """End of Turn (S0-R27), when it is a legal action now."""
        self.submit(["end"])

    def on_abandon(self, event) -> None:
        """The deciding human abandons (S0-R38)."""
        self.submit(["abandon"])

    def on_undo(self, event) -> None:
        """Session.undo back to before the last human action (against the bot: its replies go too)."""
        if self.mode != "play":
            return
        session = self.session
        step = session.last_decision_of(seat for seat, who in enumerate(self.seats) if who == "human")
        if step is None:
            show_error("tactics-form-error", message("ui", "t_nothing_to_undo", self.lang))
            return
        session.undo(to=step)
        self._reset_log()
        self.refresh()

    def on_share(self, event) -> None:
        """A link that replays this game (as far as it went)."""
        record = self.session.record if self.mode == "play" else self.replayed.record if self.replayed else None
        if record is None:
            return
        base = str(window.location.href).split("#")[0]
        url = base + replay_hash("tactics", encode_link(record))
        element("tactics-share-link").value = url
        try:
            window.navigator.clipboard.writeText(url)
        except Exception:       # noqa: BLE001  (no clipboard: the link is in the box to copy)
            pass

    # --- replay --------------------------------------------------------------------------

    def show_frame(self, index: int) -> None:
        """Draw replay frame `index` (clamped), its log so far and, at the end, the outcome."""
        if self.mode != "replay" or not self.frames:
            return
        index = max(0, min(len(self.frames) - 1, index))
        self.index = index
        self.view = self.frames[index].view
        self.seat, self.kind, self.legal = None, None, []
        self.render()
        if index + 1 < self.logged:
            self._reset_log()
        self._log_steps([frame.events for frame in self.frames[:index + 1]])
        last = len(self.frames) - 1
        status = message("ui", "t_status_replay", self.lang, step=index, last=last)
        if self.demo_rule and any(event["rule"] == self.demo_rule for event in self.frames[index].events):
            entry = self.ruleset.catalogue[self.demo_rule]
            status += " " + message("ui", "demo_applied", self.lang, rule=self.demo_rule,
                                    statement=entry.get(self.lang) or entry["en"])
            for line in element("tactics-log").querySelectorAll("li.new"):
                if line.dataset.rule == self.demo_rule:
                    line.classList.add("highlight")
        element("tactics-status").textContent = status
        replay = self.replayed
        ended = index == last and replay.outcome is not None
        self._draw_outcome(replay.outcome if ended else None, replay.digest if ended else None, replay.frames[-1].turn)

    # --- drawing -------------------------------------------------------------------------

    def _actor_uid(self):
        pending = (self.view or {}).get("pending") or {}
        return pending.get("uid") if pending.get("kind") == "turn" else None

    def _spends(self) -> list[int]:
        """The Soulwell spends the legal actions allow for the chosen skill (or any skill)."""
        return sorted({a[3] for a in self.legal if a[0] == "skill" and (self.skill is None or a[1] == self.skill)})

    def render(self) -> None:
        """Board, tray, status and controls from the current view and legal actions."""
        view = self.view
        interactive = self.human_turn()
        rows, cols = view["options"]["rows"], view["options"]["cols"]
        actor = self._actor_uid()
        pieces = {}
        for side in view["sides"]:
            seat = side["seat"]
            root = element(f"tactics-side-{seat}")
            root.querySelector(".well").textContent = str(side["soulwell"])
            root.querySelector(".first-card").hidden = view["first"] != seat
            root.querySelector(".army-name").textContent = self.armies.get(side["army"], side["army"])
            grid = root.querySelector(".tgrid")
            grid.style.gridTemplateColumns = f"repeat({int(cols)}, minmax(0, 1fr))"
            cells = {}
            for row in (range(rows - 1, -1, -1) if seat == 1 else range(rows)):
                for col in range(cols):
                    node = clone("tcell")
                    node.dataset.row, node.dataset.col, node.dataset.seat = str(row), str(col), str(seat)
                    if row == 0:
                        node.classList.add("front")
                    cells[(row, col)] = node
            for char in side["chars"]:
                if char["alive"] and char["row"] >= 0 and (char["row"], char["col"]) in cells:
                    piece = self._piece(char, view, actor)
                    pieces[char["uid"]] = piece
                    cells[(char["row"], char["col"])].append(piece)
            grid.replaceChildren(*cells.values())
            root.classList.toggle("deciding", self.seat == seat)
        tray = element("tactics-tray")
        waiting = []
        if view["phase"] == "deploy":
            waiting = [c for c in view["sides"][view["deploying"]]["chars"] if c["alive"] and c["row"] < 0]
        tray_pieces = [self._piece(char, view, None) for char in waiting]
        for char, piece in zip(waiting, tray_pieces):
            pieces[char["uid"]] = piece
        tray.replaceChildren(*tray_pieces)
        tray.hidden = not tray_pieces
        if interactive:
            self._highlight(pieces)
        self._draw_controls(view, interactive)
        if self.mode == "play":
            self._draw_status(view)

    def _piece(self, char: dict, view: dict, actor):
        """A character cloned from its pre-rendered card, with Health, AP and state filled in."""
        template = element(f"tchar-{char['id']}")
        if template:
            node = template.content.firstElementChild.cloneNode(True)
        else:               # a missing element is jsnull (falsy) in Pyodide
            node = clone("tchar-generic")
            node.querySelector(".tname").textContent = str(char["id"])
        node.dataset.uid = str(char["uid"])
        node.dataset.owner = str(char["owner"])
        node.querySelector(".hp").textContent = f"{char['health']}/{char['max_health']}"
        node.querySelector(".ap").textContent = str(char["ap"])
        flags = node.querySelector(".tflags")
        words = []
        if char["engaged"]:
            node.classList.add("engaged")
            words.append(message("page", "engaged", self.lang))
        if char["face_down"]:
            node.classList.add("face-down")
            words.append(message("page", "face_down", self.lang))
        if char["invoked_by"] is not None:
            node.classList.add("invoked")
            words.append(message("page", "invoked", self.lang))
        if char["shield"]:
            words.append(f"🛡{char['shield']}")
        for key, label in (("burn", "🔥"), ("weaken", "↓")):
            amount, cycles = char[key]
            if cycles > 0 and amount:
                words.append(f"{label}{amount}")
        flags.textContent = " · ".join(words)
        if char["uid"] == actor:
            node.classList.add("actor")
        return node

    def _highlight(self, pieces: dict) -> None:
        """Mark what the deciding human may click, from the legal actions only."""
        seat_grid = element(f"tactics-side-{self.seat}")

        def cell(row, col):
            return seat_grid.querySelector(f'.tcell[data-row="{int(row)}"][data-col="{int(col)}"]')

        if self.kind == "deploy":
            for action in self.legal:
                if action[0] == "deploy" and action[1] in pieces:
                    pieces[action[1]].classList.add("selectable")
                    if action[1] == self.selected:
                        cell(action[2], action[3]).classList.add("legal-move")
            if self.selected in pieces:
                pieces[self.selected].classList.add("selected")
        elif self.kind == "choose":
            for action in self.legal:
                if action[0] == "choose" and action[1] in pieces:
                    pieces[action[1]].classList.add("legal-choice")
        elif self.kind == "turn":
            actor = self._actor_uid()
            if actor in pieces:
                pieces[actor].classList.add("selected")
            if self.skill is None:
                for action in self.legal:
                    if action[0] == "move":
                        cell(action[1], action[2]).classList.add("legal-move")
            else:
                for action in self.legal:
                    if action[0] == "skill" and action[1] == self.skill and action[3] == self.spend:
                        for uid in action[2]:
                            if uid in pieces:
                                pieces[uid].classList.add("legal-target")

    def _draw_controls(self, view: dict, interactive: bool) -> None:
        box = element("tactics-skills")
        buttons = []
        actor = self._actor_uid()
        if interactive and self.kind == "turn" and actor is not None:
            char = next(c for side in view["sides"] for c in side["chars"] if c["uid"] == actor)
            defn = view["characters"][char["id"]]
            names = {cid: d["name"] for cid, d in view["characters"].items()}
            usable = {a[1] for a in self.legal if a[0] == "skill"}
            for skill in [*defn["act_skills"], *([defn["unique_skill"]] if "unique_skill" in defn else [])]:
                button = clone("tskill")
                button.dataset.skill = skill["id"]
                button.querySelector(".sname").textContent = skill["name"].get(self.lang) or skill["name"]["en"]
                button.querySelector(".scost").textContent = message("ui", "t_skill_cost", self.lang, ap=skill["ap"])
                button.title = skill_line(skill, self.lang, names)
                button.disabled = skill["id"] not in usable
                if skill["id"] == self.skill:
                    button.classList.add("chosen")
                buttons.append(button)
        box.replaceChildren(*buttons)
        spends = self._spends() if interactive else []
        spend_box = element("tactics-spend-box")
        spend_box.hidden = not spends or spends == [0]
        if not spend_box.hidden:
            options = []
            for value in spends:
                option = clone("toption")
                option.value = str(value)
                option.textContent = str(value)
                option.selected = value == self.spend
                options.append(option)
            element("tactics-spend").replaceChildren(*options)
        element("tactics-end").disabled = not interactive or ["end"] not in self.legal
        element("tactics-abandon").disabled = not interactive or ["abandon"] not in self.legal
        has_human_move = self.mode == "play" and any(self.seats[p] == "human" for p, _ in self.session.record.actions)
        element("tactics-undo").disabled = not has_human_move

    def _draw_status(self, view: dict) -> None:
        status = element("tactics-status")
        seat, kind = self.seat, self.kind
        status.dataset.seat = "" if seat is None else str(seat)
        status.dataset.kind = kind or "over"
        status.dataset.human = "1" if self.human_turn() else "0"
        if self.session.outcome is not None or seat is None:
            text = message("ui", "t_status_over", self.lang)
        elif self.seats[seat] == "bot":
            text = message("ui", "t_status_bot", self.lang, seat=seat)
        elif kind == "deploy":
            text = message("ui", "t_status_deploy", self.lang, seat=seat)
        elif kind == "choose":
            text = message("ui", "t_status_choose", self.lang, seat=seat)
        elif self.skill is not None:
            names = skill_names(view, self.lang)
            text = message("ui", "t_status_target", self.lang, skill=names.get(self.skill, self.skill))
        else:
            name = char_names(view, self.lang).get(self._actor_uid(), "?")
            text = message("ui", "t_status_turn", self.lang, cycle=view["cycle"], seat=seat, name=name)
        status.textContent = text

    def _draw_outcome(self, outcome, digest, turns) -> None:
        box = element("tactics-outcome")
        if outcome is None:
            box.hidden = True
            box.removeAttribute("data-digest")
            return
        data = outcome.to_data()
        data["reason"] = word("reason", data["rule"], self.lang, data["reason"])
        key = "t_outcome_draw" if data["draw"] else "t_outcome_win"
        box.textContent = message("ui", key, self.lang, turns=turns, winner=outcome.winner, **data)
        box.dataset.digest = digest
        box.hidden = False

    def _log_steps(self, steps: list) -> None:
        """Append the events of steps not yet logged, each line citing its rule (title = the statement)."""
        log = element("tactics-log")
        if len(steps) < self.logged:
            self._reset_log()
        for old in log.querySelectorAll("li.new"):
            old.classList.remove("new")
        if len(steps) == self.logged:
            return
        view = self.view
        names, skills = char_names(view, self.lang), skill_names(view, self.lang)
        template = element("log-line")
        for index in range(self.logged, len(steps)):
            for event in steps[index]:
                line = template.content.firstElementChild.cloneNode(True)
                line.classList.add("new")
                line.querySelector(".turn").textContent = f"{index}."
                if event.get("kind") == "army":
                    event = dict(event, army=self.armies.get(event.get("army"), event.get("army")))
                line.querySelector(".what").textContent = describe(event, names, skills, self.lang) + because(event, self.lang)
                rule = line.querySelector(".rule")
                rule.textContent = event["rule"]
                entry = self.ruleset.catalogue.get(event["rule"], {})
                rule.title = entry.get(self.lang) or entry.get("en", "")
                line.dataset.rule = event["rule"]
                log.append(line)
        self.logged = len(steps)
        log.scrollTop = log.scrollHeight


def times_for_js(seed) -> object:
    """`window.skirmishTacticsBotTimes(seed)`: the bot's decision times in ms, as a JS array."""
    return to_js(bot_times(int(seed)))
