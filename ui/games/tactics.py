"""The tactics renderer: the setup form with its army builder, the two Battle Areas, and clicks.

It draws a view and the deciding human's legal actions; a click becomes one action taken from
`decision.legal` (never one made up here), handed to the controller (`ctl.act`). Deployment, the
speed-tie pick and a character's turn are told apart by the view's `pending` kind. A decision kind
this module does not draw yet (e.g. `react`, `agree`) gets one button per legal action, so a game
never stalls on it.
"""

from engine.core import SkirmishError
from ui import dom
from ui.tactics_words import char_names, describe, skill_line, skill_names
from ui.words import message


class Renderer:
    """Draws tactics for ui/controller.py."""

    DRAW_KEY = "t_outcome_draw"
    OTHER_LINK_KEY = "t_link_not_tactics"

    def __init__(self, ctl):
        self.ctl, self.lang = ctl, ctl.lang
        self.custom = str(ctl.part("setup").getAttribute("data-custom") or "custom")
        self.armies = {}
        self.picked = {0: [], 1: []}    # a built army's members per seat, in the order they were ticked
        self.view, self.seat, self.decision, self.legal, self.kind = None, None, None, [], None
        self.selected = None            # uid picked from the tray (deployment)
        self.skill = None               # skill id picked for the acting character
        self.spend = 0
        self.army_members = next(o.default for o in ctl.ruleset.options if o.key == "army_members")

    def bind(self) -> None:
        ctl = self.ctl
        ctl.bind(ctl.part("setup"), "submit", self.on_start)
        ctl.bind(ctl.part("setup"), "change", lambda e: self.update_builders())
        ctl.bind(ctl.part("board"), "click", self.on_click)
        ctl.bind("tactics-skills", "click", self.on_skill)
        ctl.bind("tactics-spend", "change", self.on_spend)
        ctl.bind("tactics-end", "click", lambda e: ctl.act(["end"]))
        ctl.bind("tactics-abandon", "click", lambda e: ctl.act(["abandon"]))
        for option in dom.find("tactics-army-0").options:
            self.armies[str(option.value)] = str(option.textContent)
        self.armies[self.custom] = message("ui", "t_custom_army", self.lang)
        self.update_builders()

    # --- the army builder ----------------------------------------------------------------

    def _ticked(self, seat: int) -> list[str]:
        """The ticked members of a seat's builder: those ticked before keep their order, new ones follow."""
        boxes = dom.find(f"tactics-members-{seat}").querySelectorAll("input[type=checkbox]")
        checked = [str(box.value) for box in boxes if box.checked]
        kept = [cid for cid in self.picked[seat] if cid in checked]
        self.picked[seat] = kept + [cid for cid in checked if cid not in kept]
        return self.picked[seat]

    def army_choice(self, seat: int):
        """The army a seat's controls name: a preset id, or {"king", "members"} from the builder."""
        value = str(dom.find(f"tactics-army-{seat}").value)
        if value != self.custom:
            return value
        return {"king": str(dom.find(f"tactics-king-{seat}").value), "members": list(self._ticked(seat))}

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
            custom = str(dom.find(f"tactics-army-{seat}").value) == self.custom
            dom.show(dom.find(f"tactics-build-{seat}"), custom)
            problem = self.army_problem(seat)
            if custom:
                full = len(self._ticked(seat)) >= self.army_members
                for box in dom.find(f"tactics-members-{seat}").querySelectorAll("input[type=checkbox]"):
                    box.disabled = full and not box.checked
                status = dom.find(f"tactics-build-status-{seat}")
                dom.set_text(status, problem or message("ui", "t_army_ready", self.lang, seat=seat))
                status.classList.toggle("missing", problem is not None)
            if problem:
                problems.append(problem)
        dom.alert(dom.find("tactics-start-hint"), problems[0] if problems else None)
        self.ctl.part("start").disabled = bool(problems)

    def on_start(self, event) -> None:
        """Read the form and start a game; bots play their seats."""
        event.preventDefault()
        seed = self.ctl.seed(dom.find("tactics-seed").value)
        problems = [problem for problem in (self.army_problem(seat) for seat in (0, 1)) if problem]
        if problems:
            raise SkirmishError(problems[0])
        armies = [self.army_choice(seat) for seat in (0, 1)]
        players = ["human" if str(dom.find(f"tactics-seat-{seat}").value) == "human" else self.ctl.page.bot
                   for seat in (0, 1)]
        self.ctl.new_game(seed, {"armies": armies}, players)

    # --- what the controller asks ------------------------------------------------------------

    def loaded(self, record) -> None:
        pass

    def draw(self, view: dict, seat, decision) -> None:
        """A new position: forget the half-made choice and draw it."""
        self.view, self.seat, self.decision = view, seat, decision
        self.legal = decision.legal[seat] if seat is not None else []
        self.kind = (view.get("pending") or {}).get("kind")
        self.selected, self.skill, self.spend = None, None, 0
        self.render()

    def clear(self) -> None:
        for seat in (0, 1):
            dom.find(f"tactics-side-{seat}").querySelector(".tgrid").replaceChildren()
        dom.find("tactics-tray").replaceChildren()
        dom.find("tactics-skills").replaceChildren()

    def animate(self, events: list, pace: float | None = None) -> None:
        pass

    def decision_kind(self, view, decision) -> str:
        return (view.get("pending") or {}).get("kind") or decision.kind

    def describe(self, event: dict, view) -> str:
        if event.get("kind") == "army":
            event = dict(event, army=self.armies.get(event.get("army"), event.get("army")))
        return describe(event, char_names(view, self.lang), skill_names(view, self.lang), self.lang)

    def position(self, index: int, replay) -> str:
        return message("ui", "t_status_replay", self.lang, step=index, last=replay.last)

    def status_over(self) -> str:
        return message("ui", "t_status_over", self.lang)

    def status(self, view, seat, decision) -> str:
        kind = self.kind if isinstance(self.kind, str) else None
        if kind == "deploy":
            return message("ui", "t_status_deploy", self.lang, seat=seat)
        if kind == "choose":
            return message("ui", "t_status_choose", self.lang, seat=seat)
        if kind == "turn" and self.skill is not None:
            names = skill_names(view, self.lang)
            return message("ui", "t_status_target", self.lang, skill=names.get(self.skill, self.skill))
        if kind == "turn":
            name = char_names(view, self.lang).get(self._actor_uid(), "?")
            return message("ui", "t_status_turn", self.lang, cycle=view["cycle"], seat=seat, name=name)
        if kind == "react" and decision is not None:
            prompt = decision.prompt
            return message("ui", "t_status_react", self.lang, seat=seat,
                           name=char_names(view, self.lang).get(prompt.get("uid"), "?"),
                           skill=skill_names(view, self.lang).get(prompt.get("skill"), prompt.get("skill")))
        if kind == "agree":
            return message("ui", "t_status_agree", self.lang, seat=seat)
        return message("ui", "t_status_other", self.lang, seat=seat)

    # --- clicks --------------------------------------------------------------------------

    def on_click(self, event) -> None:
        """A click on the board or the tray: a target, a speed-tie pick, a tray pick, or a cell."""
        if self.seat is None:
            return
        piece = event.target.closest(".tchar")
        cell = event.target.closest(".tcell")
        uid = int(piece.dataset.uid) if piece and piece.dataset.uid else None
        if uid is not None and piece.classList.contains("legal-target"):
            for action in self.legal:
                if action[0] == "skill" and action[1] == self.skill and action[3] == self.spend and uid in action[2]:
                    self.ctl.act(action)
                    return
        if uid is not None and piece.classList.contains("legal-choice"):
            self.ctl.act(next(a for a in self.legal if a[0] == "choose" and a[1] == uid))
            return
        if uid is not None and self.kind == "deploy" and any(a[0] == "deploy" and a[1] == uid for a in self.legal):
            self.selected = uid
            self.render()
            return
        if cell and cell.classList.contains("legal-move"):
            row, col = int(cell.dataset.row), int(cell.dataset.col)
            wanted = ["deploy", self.selected, row, col] if self.kind == "deploy" else ["move", row, col]
            if wanted in self.legal:
                self.ctl.act(wanted)
                return
        if uid is not None and self.skill is not None and uid != self._actor_uid():
            self.ctl.act(["skill", self.skill, [uid], self.spend])   # not a legal target: the engine says why
            return
        if uid is not None and uid == self._actor_uid() and self.skill is not None:
            self.skill = None           # clicking the actor again: back to all its actions
            self.render()

    def on_skill(self, event) -> None:
        """Pick (or drop) a skill of the acting character; its legal targets light up. A button of a
        decision drawn generically submits its action."""
        button = event.target.closest("button")
        if not button or button.disabled or self.seat is None:
            return
        if button.hasAttribute("data-action"):     # (a missing data-* key raises in Pyodide)
            index = int(button.getAttribute("data-action"))
            if 0 <= index < len(self.legal):
                self.ctl.act(self.legal[index])
            return
        if not button.hasAttribute("data-skill"):
            return
        skill = str(button.getAttribute("data-skill"))
        self.skill = None if self.skill == skill else skill
        spends = self._spends()
        self.spend = min(spends) if spends else 0
        self.render()

    def on_spend(self, event) -> None:
        """Soulwell points to move onto the acting character with the skill (S0-R4, G0-6)."""
        text = str(dom.find("tactics-spend").value)
        self.spend = int(text) if text.isascii() and text.isdigit() else 0
        self.render()

    # --- drawing -------------------------------------------------------------------------

    def _actor_uid(self):
        pending = (self.view or {}).get("pending") or {}
        return pending.get("uid") if pending.get("kind") == "turn" else None

    def _spends(self) -> list[int]:
        """The Soulwell spends the legal actions allow for the chosen skill (or any skill)."""
        return sorted({a[3] for a in self.legal if a[0] == "skill" and (self.skill is None or a[1] == self.skill)})

    def render(self) -> None:
        """Board, tray and controls from the current view and legal actions."""
        view = self.view
        interactive = self.seat is not None
        rows, cols = view["options"]["rows"], view["options"]["cols"]
        actor = self._actor_uid()
        pieces = {}
        for side in view["sides"]:
            seat = side["seat"]
            root = dom.find(f"tactics-side-{seat}")
            dom.set_text(root.querySelector(".well"), side["soulwell"])
            dom.show(root.querySelector(".first-card"), view["first"] == seat)
            dom.set_text(root.querySelector(".army-name"), self.armies.get(side["army"], side["army"]))
            grid = root.querySelector(".tgrid")
            grid.style.gridTemplateColumns = f"repeat({int(cols)}, minmax(0, 1fr))"
            cells = {}
            for row in (range(rows - 1, -1, -1) if seat == 1 else range(rows)):
                for col in range(cols):
                    node = dom.clone("tcell")
                    node.dataset.row, node.dataset.col, node.dataset.seat = str(row), str(col), str(seat)
                    if row == 0:
                        node.classList.add("front")
                    cells[(row, col)] = node
            for char in side["chars"]:
                if char["alive"] and char["row"] >= 0 and (char["row"], char["col"]) in cells:
                    piece = self._piece(char, actor)
                    pieces[char["uid"]] = piece
                    cells[(char["row"], char["col"])].append(piece)
            grid.replaceChildren(*cells.values())
            root.classList.toggle("deciding", self.seat == seat)
        tray = dom.find("tactics-tray")
        waiting = []
        if view["phase"] == "deploy":
            waiting = [c for c in view["sides"][view["deploying"]]["chars"] if c["alive"] and c["row"] < 0]
        tray_pieces = [self._piece(char, None) for char in waiting]
        for char, piece in zip(waiting, tray_pieces):
            pieces[char["uid"]] = piece
        tray.replaceChildren(*tray_pieces)
        dom.show(tray, bool(tray_pieces))
        if interactive:
            self._highlight(pieces)
        self._draw_controls(view, interactive)
        if interactive:
            dom.set_text(self.ctl.part("status"), self.status(view, self.seat, self.decision))

    def _piece(self, char: dict, actor):
        """A character cloned from its pre-rendered card, with Health, AP and state filled in."""
        template = dom.find(f"tchar-{char['id']}")
        if template:
            node = dom.clone(template)
        else:               # a missing element is jsnull (falsy) in Pyodide
            node = dom.clone("tchar-generic")
            dom.set_text(node.querySelector(".tname"), char["id"])
        node.dataset.uid = str(char["uid"])
        node.dataset.owner = str(char["owner"])
        dom.set_text(node.querySelector(".hp"), f"{char['health']}/{char['max_health']}")
        dom.set_text(node.querySelector(".ap"), char["ap"])
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
        dom.set_text(node.querySelector(".tflags"), " · ".join(words))
        if char["uid"] == actor:
            node.classList.add("actor")
        return node

    def _highlight(self, pieces: dict) -> None:
        """Mark what the deciding human may click, from the legal actions only."""
        seat_grid = dom.find(f"tactics-side-{self.seat}")

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

    def _action_words(self, action: list, index: int, skills: dict) -> str:
        """A button's words for an action of a decision without board gestures."""
        kind = action[0] if action and isinstance(action[0], str) else ""
        if kind == "react":
            return message("ui", "t_react_use", self.lang, skill=skills.get(action[2], action[2]))
        if kind in ("decline", "accept_tie", "refuse_tie"):
            return message("ui", {"decline": "t_react_decline"}.get(kind, f"t_{kind}"), self.lang)
        return message("ui", "t_generic_action", self.lang, number=index + 1)

    def _draw_controls(self, view: dict, interactive: bool) -> None:
        box = dom.find("tactics-skills")
        buttons = []
        actor = self._actor_uid()
        if interactive and self.kind == "turn" and actor is not None:
            char = next(c for side in view["sides"] for c in side["chars"] if c["uid"] == actor)
            defn = view["characters"][char["id"]]
            names = {cid: d["name"] for cid, d in view["characters"].items()}
            usable = {a[1] for a in self.legal if a[0] == "skill"}
            for skill in [*defn["act_skills"], *([defn["unique_skill"]] if "unique_skill" in defn else [])]:
                button = dom.clone("tskill")
                button.dataset.skill = skill["id"]
                dom.set_text(button.querySelector(".sname"), skill["name"].get(self.lang) or skill["name"]["en"])
                dom.set_text(button.querySelector(".scost"), message("ui", "t_skill_cost", self.lang, ap=skill["ap"]))
                button.title = skill_line(skill, self.lang, names)
                button.disabled = skill["id"] not in usable
                if skill["id"] == self.skill:
                    button.classList.add("chosen")
                buttons.append(button)
        elif interactive and self.kind not in ("deploy", "choose", "turn"):
            # A decision with no board gestures (a React Skill to use, a tie to answer, or a kind this
            # renderer does not know): one button per legal action, in words where it knows them.
            skills = skill_names(view, self.lang)
            for index, action in enumerate(self.legal):
                if action == ["abandon"]:
                    continue          # the Abandon button below the board is always there
                button = dom.clone("tskill")
                button.dataset.action = str(index)
                dom.set_text(button.querySelector(".sname"), self._action_words(action, index, skills))
                dom.set_text(button.querySelector(".scost"), "")
                buttons.append(button)
        if interactive and self.kind == "turn" and ["propose_tie"] in self.legal:
            button = dom.clone("tskill")        # G0-14: a tie by agreement may be proposed on a turn
            button.dataset.action = str(self.legal.index(["propose_tie"]))
            dom.set_text(button.querySelector(".sname"), message("ui", "t_propose_tie", self.lang))
            dom.set_text(button.querySelector(".scost"), "")
            buttons.append(button)
        box.replaceChildren(*buttons)
        spends = self._spends() if interactive else []
        spend_box = dom.find("tactics-spend-box")
        dom.show(spend_box, bool(spends) and spends != [0])
        if not spend_box.hidden:
            options = []
            for value in spends:
                option = dom.clone("toption")
                option.value = str(value)
                dom.set_text(option, value)
                option.selected = value == self.spend
                options.append(option)
            dom.find("tactics-spend").replaceChildren(*options)
        dom.find("tactics-end").disabled = not interactive or ["end"] not in self.legal
        dom.find("tactics-abandon").disabled = not interactive or ["abandon"] not in self.legal
