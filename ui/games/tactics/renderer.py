"""The tactics renderer: the setup form with its army builder, the two Battle Areas, and clicks.

It draws a view and the deciding human's legal actions; a click becomes one action taken from
`decision.legal` (never one made up here), handed to the controller (`ctl.act`). Deployment, the
speed-tie pick and a character's turn are told apart by the view's `pending` kind. A decision kind
this module does not draw yet (e.g. `react`, `agree`) gets one button per legal action, so a game
never stalls on it.
"""

from engine.core import SkirmishError
from ui import dom
from ui.board_focus import BoardFocus
from ui.field_test import FieldTest
from ui.games.contract import GameRenderer
from ui.games.tactics.words import char_names, describe, skill_line, skill_names
from ui.words import message

ARROWS = {"ArrowLeft": (0, -1), "ArrowRight": (0, 1), "ArrowUp": (-1, 0), "ArrowDown": (1, 0)}
# What a cell's highlight means, for its accessible name: (class on the cell or its piece, message key).
HIGHLIGHTS = (("legal-move", "t_hl_move"), ("legal-target", "t_hl_target"), ("legal-choice", "t_hl_choice"),
              ("selectable", "t_hl_deploy"), ("selected", "t_hl_selected"), ("actor", "t_hl_actor"))


class Renderer(BoardFocus, GameRenderer):
    """Draws tactics for ui/controller.py."""

    CELL, UNDO = "tcell", "tactics-undo"        # for BoardFocus (ui/board_focus.py)
    DRAW_KEY = "t_outcome_draw"
    OTHER_LINK_KEY = "t_link_not_tactics"

    def __init__(self, ctl):
        super().__init__(ctl)
        self.custom = str(ctl.part("setup").getAttribute("data-custom") or "custom")
        self.armies = {}
        self.picked = {0: [], 1: []}    # a built army's members per seat, in the order they were ticked
        self.view, self.seat, self.decision, self.legal, self.kind = None, None, None, [], None
        self.selected = None            # uid picked from the tray (deployment)
        self.skill = None               # skill id picked for the acting character
        self.spend = 0
        self.chars = {}                 # uid -> the view's character, for the cells' accessible names
        self.roving = None              # the focus key of the board's one Tab stop (a cell)
        self.army_members = next(o.default for o in ctl.ruleset.options if o.key == "army_members")
        self.field = FieldTest(ctl, "tactics-field", "tactics", self.field_contender)

    def bind(self) -> None:
        ctl = self.ctl
        ctl.bind(ctl.part("setup"), "submit", self.on_start)
        ctl.bind(ctl.part("setup"), "change", lambda e: self.update_builders())
        ctl.bind(ctl.part("board"), "click", self.on_click)
        ctl.bind(ctl.part("board"), "keydown", self.on_key)
        ctl.bind(ctl.part("board"), "focusin", self.on_focus)
        ctl.bind("tactics-skills", "click", self.on_skill)
        ctl.bind("tactics-spend", "change", self.on_spend)
        ctl.bind("tactics-end", "click", lambda e: ctl.act(["end"]))
        ctl.bind("tactics-abandon", "click", lambda e: self.ask_abandon(True))
        ctl.bind("tactics-abandon-no", "click", lambda e: self.ask_abandon(False))
        ctl.bind("tactics-abandon-yes", "click", lambda e: self.ask_abandon(False) or ctl.act(["abandon"]))
        for option in dom.find("tactics-army-0").options:
            self.armies[str(option.value)] = str(option.textContent)
        self.armies[self.custom] = message("ui", "t_custom_army", self.lang)
        self.update_builders()
        self.field.bind()

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

    def army_name(self, army) -> str:
        """An army in words: a preset's name, "a built army", or "a set position" (demos, links)."""
        return self.armies.get(army) if isinstance(army, str) and army in self.armies else \
            message("ui", "t_set_position", self.lang)

    def army_problem(self, seat: int) -> str | None:
        """What a built army still lacks, in one line (None when it is complete or a preset)."""
        army = self.army_choice(seat)
        if isinstance(army, str):
            return None
        size, count = self.army_members, len(army["members"])
        if count > size:
            return message("ui", "t_too_many_members", self.lang, seat=self.side_word(seat), count=count - size, size=size)
        if not army["king"]:
            return message("ui", "t_need_king", self.lang, seat=self.side_word(seat))
        if count < size:
            return message("ui", "t_need_members", self.lang, seat=self.side_word(seat), count=size - count)
        return None

    def field_contender(self):
        """The army the field test's side select names (a preset or a whole built army), no extra content."""
        seat = int(str(dom.find("tactics-field-seat").value))
        problem = self.army_problem(seat)
        if problem:
            raise SkirmishError(problem)
        return self.army_choice(seat), None

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
                dom.set_text(status, problem or message("ui", "t_army_ready", self.lang, seat=self.side_word(seat)))
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
        """A new position: forget the half-made choice, draw it, and put the keyboard focus back."""
        key, ours = self._focus_state()
        self.view, self.seat, self.decision = view, seat, decision
        self.legal = decision.legal[seat] if seat is not None else []
        self.kind = (view.get("pending") or {}).get("kind")
        self.selected, self.skill, self.spend = None, None, 0
        self.render()
        self._refocus(key, ours)

    def clear(self) -> None:
        for seat in (0, 1):
            dom.find(f"tactics-side-{seat}").querySelector(".tgrid").replaceChildren()
        dom.find("tactics-tray").replaceChildren()
        dom.find("tactics-skills").replaceChildren()

    def animate(self, events: list, pace: float | None = None) -> None:
        pass

    def detail_for(self, target):
        """The character under a tap, focus or hover, in full: its state now and every skill in words."""
        node = target.closest(".tchar, .tcell") if target and target.closest and self.view else None
        piece = (node if node.classList.contains("tchar") else node.querySelector(".tchar")) if node else None
        if not piece or not piece.hasAttribute("data-uid"):
            return None
        char = self.chars.get(int(piece.getAttribute("data-uid")))
        if char is None:
            return None
        full = piece.cloneNode(True)
        for name in ("role", "tabindex", "aria-label", "aria-pressed", "class"):
            full.removeAttribute(name)
        full.className = " ".join(c for c in str(piece.className).split()
                                  if c not in ("selected", "selectable", "legal-target", "legal-choice", "actor"))
        defn = self.view["characters"][char["id"]]
        names = {cid: d["name"] for cid, d in self.view["characters"].items()}
        skills = [("act_skill", s) for s in defn["act_skills"]]
        skills += [("unique_skill", defn["unique_skill"])] if "unique_skill" in defn else []
        skills += [("react_skill", s) for s in defn["react_skills"]]
        lines = dom.element("ul", class_name="text")
        for key, skill in skills:
            lines.append(dom.element("li", f"{message('page', key, self.lang)} — {skill_line(skill, self.lang, names)}"))
        full.append(lines)
        full.setAttribute("data-detail", f"{char['uid']}:{char['health']}:{char['ap']}:{','.join(self._flags(char))}")
        return full

    def decision_kind(self, view, decision) -> str:
        return (view.get("pending") or {}).get("kind") or decision.kind

    def describe(self, event: dict, view) -> str:
        if event.get("kind") == "army":
            event = dict(event, army=self.army_name(event.get("army")))
        return describe(event, char_names(view, self.lang), skill_names(view, self.lang), self.lang)

    def position(self, index: int, replay) -> str:
        return message("ui", "t_status_replay", self.lang, step=index, last=replay.last)

    def status_over(self) -> str:
        return message("ui", "t_status_over", self.lang)

    def status(self, view, seat, decision) -> str:
        kind = self.kind if isinstance(self.kind, str) else None
        if kind == "deploy":
            return message("ui", "t_status_deploy", self.lang, seat=self.side_word(seat))
        if kind == "choose":
            return message("ui", "t_status_choose", self.lang, seat=self.side_word(seat))
        if kind == "turn" and self.skill is not None:
            names = skill_names(view, self.lang)
            return message("ui", "t_status_target", self.lang, skill=names.get(self.skill, self.skill))
        if kind == "turn":
            name = char_names(view, self.lang).get(self._actor_uid(), "?")
            return message("ui", "t_status_turn", self.lang, cycle=view["cycle"], seat=self.side_word(seat), name=name)
        if kind == "react" and decision is not None:
            prompt = decision.prompt
            return message("ui", "t_status_react", self.lang, seat=self.side_word(seat),
                           name=char_names(view, self.lang).get(prompt.get("uid"), "?"),
                           skill=skill_names(view, self.lang).get(prompt.get("skill"), prompt.get("skill")))
        if kind == "agree":
            return message("ui", "t_status_agree", self.lang, seat=self.side_word(seat))
        return message("ui", "t_status_other", self.lang, seat=self.side_word(seat))

    def ask_abandon(self, asking: bool) -> None:
        """Abandoning ends the battle (S0-R38): ask first, with the keyboard on "Keep playing"."""
        dom.show(dom.find("tactics-abandon-ask"), asking)
        dom.show(dom.find("tactics-abandon"), not asking)
        (dom.find("tactics-abandon-no") if asking else dom.find("tactics-abandon")).focus()

    # --- clicks --------------------------------------------------------------------------

    def on_click(self, event) -> None:
        """A click on the board or the tray: a target, a speed-tie pick, a tray pick, or a cell."""
        self.activate(event.target.closest(".tchar"), event.target.closest(".tcell"))

    def on_key(self, event) -> None:
        """Keyboard play on the board: Enter/Space act on the focused cell or tray piece, arrow keys
        move between cells (across both Battle Areas), Escape drops the chosen skill."""
        key, node = str(event.key), event.target
        if key in ("Enter", " "):
            if node.classList.contains("tcell"):
                event.preventDefault()
                self.activate(node.querySelector(".tchar"), node)
            elif node.classList.contains("tchar"):
                event.preventDefault()
                self.activate(node, None)
        elif key in ARROWS and node.classList.contains("tcell") and self.ctl.mode == "play":
            event.preventDefault()
            self._move_focus(node, *ARROWS[key])
        elif key == "Escape" and self.skill is not None:
            event.preventDefault()
            skill, self.skill = self.skill, None
            self.render()
            self._focus(self._skill_button(skill))

    def on_focus(self, event) -> None:
        """The focused cell becomes the board's one Tab stop (a roving tabindex)."""
        if event.target.classList.contains("tcell"):
            self._rove(event.target)

    def activate(self, piece, cell) -> None:
        """Act on a piece and/or its cell, from a click or a key: the same rules either way."""
        if self.seat is None:
            return
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
            self._focus(self._default_target())     # on to the cells it may go to
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
            self._focus(self._default_target())

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
        # On to the first target (a keyboard player need not Tab across the page); picked again, back to it.
        self._focus(self._default_target() if self.skill is not None else self._skill_button(skill))

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
        self.chars = {}
        for side in view["sides"]:
            seat = side["seat"]
            root = dom.find(f"tactics-side-{seat}")
            dom.set_text(root.querySelector(".well"), side["soulwell"])
            dom.show(root.querySelector(".first-card"), view["first"] == seat)
            dom.set_text(root.querySelector(".army-name"), self.army_name(side["army"]))
            grid = root.querySelector(".tgrid")
            grid.style.gridTemplateColumns = f"1.1em repeat({int(cols)}, minmax(0, 1fr))"
            cells, layout = {}, []
            column_numbers = [self._label(""), *(self._label(col + 1) for col in range(cols))]
            for row in (range(rows - 1, -1, -1) if seat == 1 else range(rows)):
                layout.append(self._label(row + 1))        # row 1 is the front row, as the log counts
                for col in range(cols):
                    node = dom.clone("tcell")
                    node.dataset.row, node.dataset.col, node.dataset.seat = str(row), str(col), str(seat)
                    if row == 0:
                        node.classList.add("front")
                    cells[(row, col)] = node
                    layout.append(node)
            # column numbers on the outer edge of each Battle Area (the front rows face each other)
            layout = [*column_numbers, *layout] if seat == 1 else [*layout, *column_numbers]
            for char in side["chars"]:
                self.chars[char["uid"]] = char
                if char["alive"] and char["row"] >= 0 and (char["row"], char["col"]) in cells:
                    piece = self._piece(char, actor)
                    pieces[char["uid"]] = piece
                    cells[(char["row"], char["col"])].append(piece)
            grid.replaceChildren(*layout)
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
        self._name_controls(tray_pieces, interactive)
        self._draw_controls(view, interactive)
        if interactive:
            dom.set_text(self.ctl.part("status"), self.status(view, self.seat, self.decision))

    @staticmethod
    def _label(text):
        """A row or column number beside the grid (the cells' own names already say where they are)."""
        node = dom.clone("tlabel")
        dom.set_text(node, text)
        return node

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
        node.querySelector(".thp").classList.toggle("damaged", char["health"] < char["max_health"])
        dom.set_text(node.querySelector(".ap"), char["ap"])
        for key, css in (("engaged", "engaged"), ("face_down", "face-down")):
            node.classList.toggle(css, bool(char[key]))
        node.classList.toggle("invoked", char["invoked_by"] is not None)
        dom.set_text(node.querySelector(".tflags"), " · ".join(self._flags(char)))
        if char["uid"] == actor:
            node.classList.add("actor")
        return node

    def _flags(self, char: dict) -> list[str]:
        """A character's states in short words: engaged, face down, invoked, shield, burn, weaken."""
        words = [message("page", key, self.lang) for key in ("engaged", "face_down") if char[key]]
        if char["invoked_by"] is not None:
            words.append(message("page", "invoked", self.lang))
        if char["shield"]:
            words.append(f"🛡{char['shield']}")
        for key, label in (("burn", "🔥"), ("weaken", "↓")):
            amount, cycles = char[key]
            if cycles > 0 and amount:
                words.append(f"{label}{amount}")
        return words

    def _char_words(self, char: dict) -> str:
        """A character for a screen reader: name, Health, Act Points and states."""
        name = char_names(self.view, self.lang).get(char["uid"], char["id"])
        return message("ui", "t_char_words", self.lang, name=name, health=char["health"],
                       max_health=char["max_health"], ap=char["ap"], flags="".join(f", {w}" for w in self._flags(char)))

    # --- keyboard and screen readers ---------------------------------------------------------

    def _name_controls(self, tray_pieces: list, interactive: bool) -> None:
        """Cells and tray pieces as named controls: role, a label with what is there and what the
        highlight means, and whether they can be used now. In a replay they are labelled groups."""
        live = self.ctl.mode == "play"
        for cell in self.ctl.part("board").querySelectorAll(".tcell"):
            piece = cell.querySelector(".tchar")
            states = self._states(cell, piece)
            occupant = self.chars.get(int(piece.dataset.uid)) if piece else None
            words = [message("ui", "t_cell", self.lang, side=self.ctl.seat_name(int(cell.dataset.seat)),
                             row=int(cell.dataset.row) + 1, col=int(cell.dataset.col) + 1),
                     self._char_words(occupant) if occupant else message("ui", "t_cell_empty", self.lang), *states]
            cell.setAttribute("aria-label", "; ".join(words))
            cell.setAttribute("role", "button" if live else "group")
            if not live and piece:
                cell.tabIndex = 0           # in a replay, focus shows the character in full
            if live:
                cell.tabIndex = -1
                usable = interactive and any(key in ("t_hl_move", "t_hl_target", "t_hl_choice", "t_hl_deploy")
                                             for key in self._state_keys(cell, piece))
                usable = usable or bool(interactive and self.skill is not None and piece  # (jsnull is falsy)
                                        and piece.classList.contains("actor"))
                cell.setAttribute("aria-disabled", "false" if usable else "true")
        for piece in tray_pieces:
            char = self.chars.get(int(piece.dataset.uid))
            usable = interactive and piece.classList.contains("selectable")
            if usable:
                piece.setAttribute("role", "button")
                piece.tabIndex = 0
                piece.setAttribute("aria-pressed", "true" if piece.classList.contains("selected") else "false")
            piece.setAttribute("aria-label", "; ".join([self._char_words(char), *self._states(None, piece)]))
            if not usable:
                piece.setAttribute("role", "group")
        if live:
            self._rove(self._element_for(self.roving) or self.ctl.part("board").querySelector(".tcell"))

    def _state_keys(self, cell, piece) -> list[str]:
        classes = [node.classList for node in (cell, piece) if node]
        return [key for css, key in HIGHLIGHTS if any(c.contains(css) for c in classes)]

    def _states(self, cell, piece) -> list[str]:
        """What a cell's or piece's highlight means, in words ("highlighted: legal move")."""
        return [message("ui", key, self.lang) for key in self._state_keys(cell, piece)]

    def _move_focus(self, cell, down: int, right: int) -> None:
        """Arrow keys: the next cell on screen, across both Battle Areas (both have `cols` columns)."""
        cells = list(self.ctl.part("board").querySelectorAll(".tcell"))
        cols = int(self.view["options"]["cols"])
        index = next(i for i, other in enumerate(cells) if other.isSameNode(cell))
        row, col = divmod(index, cols)
        row, col = row + down, col + right
        if 0 <= col < cols and 0 <= row * cols + col < len(cells):
            self._focus(cells[row * cols + col])

    def _key(self, node) -> str | None:
        """A focused element, as something that survives a redraw (cells and pieces are rebuilt)."""
        if not node:
            return None
        data = node.dataset
        if node.classList.contains("tcell"):
            return f"cell:{data.seat}:{data.row}:{data.col}"
        if node.classList.contains("tchar") and node.closest("#tactics-tray"):
            return f"tray:{data.uid}"
        if node.hasAttribute("data-skill"):
            return f"skill:{node.getAttribute('data-skill')}"
        return f"id:{node.id}" if node.id else None

    def _element_for(self, key: str | None):
        """The element a focus key names now (None when it is gone)."""
        if not key:
            return None
        kind, _, rest = key.partition(":")
        if kind == "cell":
            seat, row, col = rest.split(":")
            return self.ctl.part("board").querySelector(
                f'.tcell[data-seat="{int(seat)}"][data-row="{int(row)}"][data-col="{int(col)}"]') or None
        if kind == "tray":
            return dom.find("tactics-tray").querySelector(f'.tchar[data-uid="{int(rest)}"]') or None
        if kind == "skill":
            return self._skill_button(rest)
        return dom.find(rest) or None

    def _skill_button(self, skill: str):
        for button in dom.find("tactics-skills").querySelectorAll("button[data-skill]"):
            if str(button.getAttribute("data-skill")) == skill:
                return button
        return None

    def _default_target(self):
        """Where the keyboard goes when the deciding human's choice changes: what they will most
        likely use next (a tray piece, the cells it may go to, the acting character, a target)."""
        board = self.ctl.part("board")

        def cell_of(selector):
            piece = board.querySelector(selector)
            return piece.closest(".tcell") if piece else None
        if self.kind == "deploy":
            return (board.querySelector(".tcell.legal-move") if self.selected is not None
                    else dom.find("tactics-tray").querySelector(".tchar.selectable")) or None
        if self.kind == "choose":
            return cell_of(".tchar.legal-choice")
        if self.kind == "turn":
            return cell_of(".tchar.legal-target") if self.skill is not None else cell_of(".tchar.actor")
        return dom.find("tactics-skills").querySelector("button") or None


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
        if dom.find("tactics-abandon").disabled:
            dom.show(dom.find("tactics-abandon-ask"), False)
            dom.show(dom.find("tactics-abandon"), True)
