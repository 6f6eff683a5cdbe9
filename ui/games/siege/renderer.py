"""The siege renderer: the setup form, the grid with both sides' zones, the hand, and clicks.

It draws a view and the human's legal actions; a click becomes one action taken from
`decision.legal` (never one made up here), handed to the controller (`ctl.act`). In the Main Phase
the player picks a card in hand (then a square, the Command Zone or a character to grow) or one of
its characters (then a square, a target, or a button: Focus, an ability, Swap). Answers during the
automaton's attacks (defend, guard, join), the Commander choice and any decision kind this module
does not draw get one button per legal action in words, so a game never stalls.

The automaton's turn is automatic steps, watched one at a time (Page.watch_auto); its latest steps
and their reasons stand beside the board ("what the automaton did, and why").
"""

from engine.core import SkirmishError
from ui import dom
from ui.board_focus import BoardFocus
from ui.games.contract import GameRenderer
from ui.games.siege.deck_editor import SiegeDeckEditor
from ui.games.siege.words import because, card_name, describe, learn_abilities, learn_view, square_words
from ui.words import message

ARROWS = {"ArrowLeft": (0, -1), "ArrowRight": (0, 1), "ArrowUp": (-1, 0), "ArrowDown": (1, 0)}
# What a highlight means, for accessible names: (class on a cell, zone or piece, message key).
HIGHLIGHTS = (("legal-deploy", "s_hl_deploy"), ("legal-move", "s_hl_move"), ("legal-target", "s_hl_target"),
              ("legal-grow", "s_hl_grow"), ("selectable", "s_hl_select"), ("selected", "s_hl_selected"))
USABLE = {"s_hl_deploy", "s_hl_move", "s_hl_target", "s_hl_grow", "s_hl_select", "s_hl_selected"}
WHY_LINES = 8           # the automaton's latest events shown beside the board


class Renderer(BoardFocus, GameRenderer):
    """Draws siege for ui/controller.py."""

    CELL, UNDO = "scell", "siege-undo"          # for BoardFocus (ui/board_focus.py)
    DRAW_KEY = "s_outcome_draw"
    OTHER_LINK_KEY = "s_link_not_siege"
    WIN_KEY = "s_outcome_win"

    def __init__(self, ctl):
        super().__init__(ctl)
        self.view, self.seat, self.decision, self.legal, self.kind = None, None, None, [], None
        self.sel = None                 # ("card", uid) picked in hand, or ("unit", uid) on the board
        self.mode, self.uses = "atk", 0  # the attack the selected character would make
        self.by_card, self.by_unit = {}, {}
        self.units = {}                 # uid -> card id, for names in the log (views and events teach it)
        self.cards, self.names = {}, {}  # printed cards and names seen in views
        self.decks = {}                 # deck id -> name (the form's options)
        self.roving = None              # the focus key of the grid's one Tab stop
        self.deck_editor = SiegeDeckEditor(ctl)     # "Build your own deck" (ui/games/siege/deck_editor.py)

    def bind(self) -> None:
        ctl = self.ctl
        ctl.bind(ctl.part("setup"), "submit", self.on_start)
        ctl.bind(ctl.part("board"), "click", self.on_click)
        ctl.bind(ctl.part("board"), "keydown", self.on_key)
        ctl.bind("siege-buttons", "click", self.on_button)
        ctl.bind("siege-mode", "change", self.on_mode)
        ctl.bind("siege-uses", "change", self.on_uses)
        ctl.bind("siege-end", "click", lambda e: ctl.act(["end"]))
        for option in dom.find("siege-decks").querySelectorAll("[data-deck]"):
            self.decks[str(option.getAttribute("data-deck"))] = str(option.textContent)
        self.deck_editor.bind()

    def on_start(self, event) -> None:
        """Read the form and start: the player's deck (or the seed's), who plays, the seed."""
        event.preventDefault()
        seed = self.ctl.seed(dom.find("siege-seed").value)
        deck = str(dom.find("siege-deck").value)
        setup = self.deck_editor.setup(deck, str(dom.find("siege-deck").getAttribute("data-foe"))) if deck else None
        players = ["human" if str(dom.find("siege-seat").value) == "human" else self.ctl.page.bot]
        self.ctl.new_game(seed, setup, players)

    # --- what the controller asks --------------------------------------------------------------

    def loaded(self, record) -> None:
        self.units = {}
        carried = ((record.setup or {}).get("content") or {}).get("decks") or {}
        for deck_id, deck in carried.items():   # a built deck's name travels in the record
            name = deck.get("name") if isinstance(deck, dict) else None
            if isinstance(name, dict):
                self.decks[deck_id] = str(name.get(self.lang) or name.get("en") or deck_id)

    def watched(self, view) -> bool:
        """The automaton's steps are watched one by one; the player's own automatic phases run at once."""
        return view["active"] == "automaton"

    def draw(self, view: dict, seat, decision) -> None:
        """A new position: forget the half-made choice, draw it, and put the keyboard focus back."""
        key, ours = self._focus_state()
        self.view, self.seat, self.decision = view, seat, decision
        self.legal = list(decision.legal[seat]) if seat is not None else []
        self.kind = (view.get("pending") or {}).get("kind") if seat is not None else None
        self.sel, self.mode, self.uses = None, "atk", 0
        self._learn(view)
        self._index_actions()
        self.render()
        self._refocus(key, ours)

    def clear(self) -> None:
        dom.find("siege-grid").replaceChildren()
        dom.find("siege-hand").replaceChildren()

    def animate(self, events: list, pace: float | None = None) -> None:
        pass

    def decision_kind(self, view, decision) -> str:
        return (view.get("pending") or {}).get("kind") or decision.kind

    def describe(self, event: dict, view) -> str:
        self._learn_event(event)
        return describe(event, self.unit_name, self.card_name, self.lang, lambda d: self.decks.get(d, str(d)))

    def because(self, event: dict) -> str:
        return because(event, self.unit_name, self.lang)

    def position(self, index: int, replay) -> str:
        return message("ui", "s_status_replay", self.lang, step=index, last=replay.last)

    def status_over(self) -> str:
        return message("ui", "s_status_over", self.lang)

    def status_auto(self, view) -> str:
        return message("ui", "s_status_auto", self.lang, round=view["round"])

    def status(self, view, seat, decision) -> str:
        pending = view.get("pending") or {}
        kind = self.kind
        if kind == "commander":
            return message("ui", "s_status_commander", self.lang)
        if kind == "main" and self.sel and self.sel[0] == "card":
            return message("ui", "s_status_card", self.lang, card=self.card_name(self._hand_card(self.sel[1])))
        if kind == "main" and self.sel:
            return message("ui", "s_status_unit", self.lang, name=self.unit_name(self.sel[1]))
        if kind == "main":
            return message("ui", "s_status_main", self.lang, round=view["round"], ap=view["sides"][0]["ap"])
        if kind in ("defend", "guard", "join"):
            values = {key: value for key, value in pending.items() if key != "kind"}
            values["attacker"] = self.unit_name(pending.get("attacker"))
            values["name"] = self.unit_name(pending.get("uid"))
            values["card"] = self.card_name(pending.get("card", ""))
            return message("ui", f"s_status_{kind}", self.lang, **{k: values.get(k, "") for k in (
                "attacker", "name", "card", "attack", "defense", "predicted", "most")})
        return message("ui", "s_status_other", self.lang)

    # --- names --------------------------------------------------------------------------------

    def _learn(self, view: dict) -> None:
        self.cards.update(view["cards"])
        self.names.update(view["names"])
        learn_abilities(view["abilities"])
        learn_view(self.units, view)

    def _learn_event(self, event: dict) -> None:
        if event.get("kind") in ("deploy", "grow") and isinstance(event.get("uid"), int):
            self.units[event["uid"]] = event["card"]

    def card_name(self, card_id) -> str:
        """A card's name in the page's language: from the views, else from its pre-rendered card."""
        if card_id in self.cards:
            return card_name(self.cards[card_id], self.names, self.lang)
        template = dom.find(f"scard-{card_id}")
        if template:
            return str(template.content.querySelector(".tname").textContent)
        return str(card_id)

    def unit_name(self, uid) -> str:
        return self.card_name(self.units[uid]) if uid in self.units else "?"

    def _hand_card(self, uid) -> str:
        return next((c["card"] for c in self._hand() if c["uid"] == uid), "")

    def _hand(self) -> list:
        hand = self.view["sides"][0]["hand"]
        return hand if isinstance(hand, list) else []

    # --- the legal actions, by what the player clicks first ------------------------------------

    def _index_actions(self) -> None:
        self.by_card, self.by_unit = {}, {}
        if self.kind != "main":
            return
        for action in self.legal:
            kind = action[0]
            if kind == "deploy":
                self.by_card.setdefault(action[1], []).append(action)
            elif kind == "grow":
                self.by_card.setdefault(action[2], []).append(action)
                self.by_unit.setdefault(action[1], []).append(action)
            elif kind in ("move", "focus", "attack", "ability", "swap"):
                self.by_unit.setdefault(action[1], []).append(action)

    def _attacks(self) -> list:
        if not self.sel or self.sel[0] != "unit":
            return []
        return [a for a in self.by_unit.get(self.sel[1], []) if a[0] == "attack"]

    def _select(self, sel) -> None:
        """Pick (or drop) a card or character; the board shows what it can do now."""
        self.sel = None if sel == self.sel else sel
        attacks = self._attacks()
        modes = [m for m in ("atk", "mat") if any(a[2] == m for a in attacks)]
        self.mode = modes[0] if modes else "atk"
        self.uses = 0
        key, ours = self._focus_state()
        self.render()
        self._refocus(key, ours, moved=True)

    # --- drawing --------------------------------------------------------------------------------

    def render(self) -> None:
        view = self.view
        board = view["board"]
        rows, cols = board["rows"], board["cols"]
        grid = dom.find("siege-grid")
        grid.style.gridTemplateColumns = f"1.4em repeat({int(cols)}, minmax(0, 1fr))"
        layout = [self._label(""), *(self._label(col + 1) for col in range(cols))]
        zones = self._zones(board)
        cells = {}
        for row in range(rows):
            layout.append(self._label(row + 1))
            for col in range(cols):
                node = dom.clone("scell")
                node.dataset.row, node.dataset.col = str(row), str(col)
                for css in zones.get((row, col), ()):
                    node.classList.add(css)
                cells[(row, col)] = node
                layout.append(node)
        for index, square in enumerate(board["base"]):
            cells[tuple(square)].append(self._base(index))
        pieces = {}
        for index, side in enumerate(view["sides"]):
            for unit in side["units"]:
                piece = self._piece(unit)
                pieces[unit["uid"]] = piece
                cells[tuple(unit["square"])].append(piece)
            zone = dom.find(f"siege-cmd-{index}")
            slot = zone.querySelector(".slot")
            if side["commander"]:
                piece = self._piece(side["commander"])
                pieces[side["commander"]["uid"]] = piece
                slot.replaceChildren(piece)
            else:
                slot.replaceChildren(dom.element("span", message("ui", "s_empty", self.lang), "empty"))
            for css in ("legal-deploy", "legal-grow", "legal-target", "selectable", "selected"):
                zone.classList.remove(css)
            self._head(index, side)
        grid.replaceChildren(*layout)
        hand = self._draw_hand()
        self._highlight(cells, pieces, hand)
        self._name_controls(hand)
        self._draw_controls()
        self._explain()
        if self.seat is not None:
            dom.set_text(self.ctl.part("status"), self.status(view, self.seat, self.decision))

    @staticmethod
    def _zones(board: dict) -> dict:
        zones = {}

        def add(square, css):
            zones.setdefault(tuple(square), []).append(css)
        for index, squares in enumerate(board["own"]):
            for square in squares:
                add(square, f"own-{index}")
        for square in board["invasion"]:
            add(square, "invasion")
        for index, squares in enumerate(board["beside"]):
            for square in squares:
                add(square, "beside")
        for name, route in board["routes"].items():
            for square in route:
                add(square, f"route-{name}")
        for index, square in enumerate(board["base"]):
            add(square, f"base base-{index}")
        return {sq: " ".join(css).split() for sq, css in zones.items()}

    def _base(self, index: int):
        """A Base square: the player's Base HP, or the damage dealt toward the automaton's goal."""
        side = self.view["sides"][index]
        node = dom.clone("sbase")
        dom.set_text(node.querySelector(".bname"), message("ui", f"s_base_{index}", self.lang))
        if index == 0:
            text = message("ui", "s_base_hp_words", self.lang, hp=side["base_hp"])
        else:
            text = message("ui", "s_base_damage_words", self.lang, damage=side["base_damage"],
                           target=side["victory_damage"])
        dom.set_text(node.querySelector(".bvalue"), text)
        return node

    def _head(self, index: int, side: dict) -> None:
        """A side's AP, Base, deck, hand and Standby Zone in words."""
        root = dom.find(f"siege-side-{index}")
        dom.set_text(root.querySelector(".ap"), message("ui", "s_ap_words", self.lang, ap=side["ap"]))
        dom.set_text(root.querySelector(".deck"), message("ui", "s_deck_count", self.lang, count=side["deck"]))
        hand = side["hand"]
        dom.set_text(root.querySelector(".handcount"),
                     message("ui", "s_hand_count", self.lang, count=len(hand) if isinstance(hand, list) else hand))
        if index == 0:
            dom.set_text(root.querySelector(".base"), message("ui", "s_base_hp_words", self.lang, hp=side["base_hp"]))
        else:
            target = max(1, int(side["victory_damage"]))
            dom.set_text(root.querySelector(".base"), message("ui", "s_base_damage_words", self.lang,
                                                              damage=side["base_damage"], target=target))
            root.querySelector(".dmgbar .fill").style.width = f"{min(100, 100 * side['base_damage'] // target)}%"
        standby = side["standby"]
        dom.set_text(root.querySelector(".standby-count"),
                     message("ui", "s_standby_count", self.lang, count=len(standby)))
        dom.set_text(root.querySelector(".standby-list"), ", ".join(self.card_name(c["card"]) for c in standby[-6:]))
        root.classList.toggle("active", self.view["active"] == ("player", "automaton")[index] and not self.view["over"])

    def _piece(self, unit: dict):
        """A character from its pre-rendered card, with HP, MP, position and marks filled in."""
        template = dom.find(f"scard-{unit['card']}")
        node = dom.clone(template if template else "scard-generic")
        if not template:        # a card a file or a link carries: its name from the view, never its id
            dom.set_text(node.querySelector(".tname"), self.card_name(unit["card"]))
        node.dataset.uid = str(unit["uid"])
        node.dataset.side = str(unit["side"])
        node.classList.add(f"side-{unit['side']}")
        dom.set_text(node.querySelector(".hp"), f"{unit['hp']}/{unit['max_hp']}")
        node.querySelector(".thp").classList.toggle("damaged", unit["hp"] < unit["max_hp"])
        mp = node.querySelector(".smp")
        dom.set_text(mp.querySelector(".mp"), unit["mp"])
        dom.show(mp, unit["side"] == 1)
        node.classList.toggle("pos-defense", unit["position"] == "defense")
        dom.set_text(node.querySelector(".tflags"), " · ".join(self._flags(unit)))
        return node

    def _flags(self, unit: dict) -> list[str]:
        """A character's position and marks in short words."""
        words = [message("ui", f"s_pos_{unit['position']}", self.lang)]
        if unit["growth"]:
            words.append(message("ui", "s_flag_growth", self.lang, count=len(unit["growth"])))
        if unit["focus"]:
            words.append(message("ui", "s_flag_focus", self.lang, count=unit["focus"]))
        if unit["boost"]:
            words.append(message("ui", "s_flag_boost", self.lang, count=unit["boost"]))
        if unit["fresh"] and unit["side"] == 0:
            words.append(message("ui", "s_flag_fresh", self.lang))
        if unit["moved"]:
            words.append(message("ui", "s_flag_moved", self.lang))
        return words

    def _unit_words(self, unit: dict) -> str:
        """A character for a screen reader: name, side, HP, MP, position and marks."""
        return message("ui", "s_unit_words", self.lang, name=self.unit_name(unit["uid"]),
                       side=message("ui", f"s_side_{unit['side']}", self.lang), hp=unit["hp"],
                       max_hp=unit["max_hp"], mp=unit["mp"], flags=", ".join(self._flags(unit)))

    def _draw_hand(self) -> list:
        """The player's hand (or, for the Commander choice, the cards it may choose), as cards."""
        pieces = []
        if self.kind == "commander":
            for card_id in (self.view.get("pending") or {}).get("choices", []):
                node = dom.clone(dom.find(f"scard-{card_id}") or "scard-generic")
                node.dataset.choice = card_id
                node.classList.add("hcard", "selectable")
                pieces.append(node)
        else:
            for card in self._hand():
                node = dom.clone(dom.find(f"scard-{card['card']}") or "scard-generic")
                node.dataset.uid = str(card["uid"])
                node.classList.add("hcard")
                pieces.append(node)
        dom.find("siege-hand").replaceChildren(*pieces)
        return pieces

    @staticmethod
    def _label(text):
        node = dom.clone("slabel")
        dom.set_text(node, text)
        return node

    def _highlight(self, cells: dict, pieces: dict, hand: list) -> None:
        """Mark what the deciding human may click, from the legal actions only."""
        if self.kind != "main":
            return
        hand_by_uid = {int(node.dataset.uid): node for node in hand}
        command = dom.find("siege-cmd-0")
        base = cells[tuple(self.view["board"]["base"][1])]
        if self.sel is None:
            for uid, node in hand_by_uid.items():
                if uid in self.by_card:
                    node.classList.add("selectable")
            for uid in self.by_unit:
                if uid in pieces:
                    pieces[uid].classList.add("selectable")
            return
        kind, uid = self.sel
        if kind == "card":
            if uid in hand_by_uid:
                hand_by_uid[uid].classList.add("selected")
            for action in self.by_card.get(uid, []):
                if action[0] == "deploy" and action[2] == "command":
                    command.classList.add("legal-deploy")
                elif action[0] == "deploy":
                    cells[tuple(action[2])].classList.add("legal-deploy")
                elif action[1] in pieces:
                    pieces[action[1]].classList.add("legal-grow")
            return
        if uid in pieces:
            pieces[uid].classList.add("selected")
        for action in self.by_unit.get(uid, []):
            if action[0] == "move":
                cells[tuple(action[2])].classList.add("legal-move")
            elif action[0] == "attack" and action[2] == self.mode and action[4] == self.uses:
                if action[3] == "base":
                    base.classList.add("legal-target")
                elif action[3] in pieces:
                    pieces[action[3]].classList.add("legal-target")

    def _draw_controls(self) -> None:
        """The buttons for actions without a board gesture, the attack's options, End of Turn."""
        buttons = []
        interactive = self.seat is not None
        pending = self.view.get("pending") or {}
        if interactive and self.kind == "main" and self.sel and self.sel[0] == "unit":
            uid = self.sel[1]
            for action in self.by_unit.get(uid, []):
                if action[0] in ("focus", "ability", "swap", "grow"):
                    buttons.append(self._button(action))
        if interactive and self.kind == "main" and self.sel:
            buttons.append(self._button(None, message("ui", "s_cancel", self.lang)))
        elif interactive and self.kind != "main":
            for action in self.legal:
                buttons.append(self._button(action, pending=pending))
        dom.find("siege-buttons").replaceChildren(*buttons)
        attacks = self._attacks() if interactive else []
        modes = [m for m in ("atk", "mat") if any(a[2] == m for a in attacks)]
        self._options("siege-mode", modes, self.mode, lambda m: message("ui", f"s_mode_{m}", self.lang))
        uses = sorted({a[4] for a in attacks if a[2] == self.mode})
        self._options("siege-uses", uses, self.uses, str)
        dom.show(dom.find("siege-mode-box"), len(modes) > 1)
        dom.show(dom.find("siege-uses-box"), len(uses) > 1)
        dom.find("siege-end").disabled = not interactive or ["end"] not in self.legal

    def _options(self, select_id: str, values: list, chosen, words) -> None:
        options = []
        for value in values:
            option = dom.clone("soption")
            option.value = str(value)
            dom.set_text(option, words(value))
            option.selected = value == chosen
            options.append(option)
        dom.find(select_id).replaceChildren(*options)

    def _button(self, action, text: str | None = None, pending=None):
        node = dom.clone("sbutton")
        if action is None:
            node.dataset.cancel = "1"
        else:
            node.dataset.action = str(self.legal.index(action))
        dom.set_text(node, text if text is not None else self._action_words(action, pending or {}))
        return node

    def _action_words(self, action: list, pending: dict) -> str:
        """An action of a decision without a board gesture, in words."""
        kind = action[0] if action and isinstance(action[0], str) else ""
        if kind == "commander":
            return message("ui", "s_choose_commander", self.lang, card=self.card_name(action[1]))
        if kind == "defend":
            return message("ui", "s_defend_0" if action[1] == 0 else "s_defend_n", self.lang, count=action[1])
        if kind in ("join", "stay", "focus", "swap"):
            return message("ui", f"s_{kind}", self.lang)
        if kind == "ability":
            ability = self.view["abilities"].get(action[2], {})
            name = (ability.get("name") or {}).get(self.lang) or action[2]
            return message("ui", "s_ability", self.lang, ability=name, cost=ability.get("cost", 0))
        if kind == "grow":
            return message("ui", "s_grow", self.lang, card=self.card_name(self._hand_card(action[2])))
        return message("ui", "t_generic_action", self.lang, number=self.legal.index(action) + 1)

    def _explain(self) -> None:
        """The automaton's latest events with their reasons: its turn so far, or its last turn."""
        flat = [event for step in self.ctl.steps for event in step]
        start = max((i for i, e in enumerate(flat) if e.get("kind") == "active" and e.get("side") == 1), default=0)
        events = flat[start:]
        end = next((i for i, e in enumerate(events) if e.get("kind") == "turn_end" and e.get("side") == 1), None)
        events = events[:end + 1] if end is not None else events
        lines = []
        for event in events[-WHY_LINES:]:
            line = dom.clone("why-line")
            dom.set_text(line.querySelector(".what"), self.describe(event, self.view) + self.because(event))
            dom.set_text(line.querySelector(".rule"), event.get("rule", ""))
            lines.append(line)
        if lines:
            lines[-1].classList.add("newest")
        else:
            lines.append(dom.element("li", message("page", "s_why_none", self.lang)))
        dom.find("siege-why-list").replaceChildren(*lines)

    # --- clicks and keys -----------------------------------------------------------------------

    def on_click(self, event) -> None:
        target = event.target
        if not target or not target.closest or self.seat is None or self.ctl.mode != "play":
            return
        self._use(target.closest(".hcard, .scmd, .scell"))

    def _use(self, node) -> None:
        """A card in hand, a Command Zone or a square was used (clicked, or Enter/Space on it)."""
        if not node or self.seat is None:
            return
        if self.kind == "commander":
            if node.hasAttribute("data-choice"):
                self.ctl.act(["commander", str(node.getAttribute("data-choice"))])
            return
        if self.kind != "main":
            return
        if node.classList.contains("hcard"):
            uid = int(node.dataset.uid)
            if uid in self.by_card:
                self._select(("card", uid))
            return
        piece = node.querySelector(".scard")
        occupant = int(piece.dataset.uid) if piece else None
        if node.classList.contains("scmd"):
            where = "command" if node.dataset.side == "0" else None
        else:
            where = [int(node.dataset.row), int(node.dataset.col)]
        enemy_base = where == list(self.view["board"]["base"][1])
        if self.sel and self.sel[0] == "card":
            for action in self.by_card.get(self.sel[1], []):
                if (action[0] == "deploy" and action[2] == where) or (action[0] == "grow" and action[1] == occupant):
                    self.ctl.act(action)
                    return
        elif self.sel:
            for action in self.by_unit.get(self.sel[1], []):
                hit = action[0] == "attack" and action[2] == self.mode and action[4] == self.uses and (
                    action[3] == occupant or (action[3] == "base" and enemy_base))
                if (action[0] == "move" and action[2] == where) or hit:
                    self.ctl.act(action)
                    return
        if occupant is not None and occupant in self.by_unit:
            self._select(("unit", occupant))
        elif self.sel:
            self._select(None)

    def on_button(self, event) -> None:
        button = event.target.closest("button") if event.target and event.target.closest else None
        if not button or self.seat is None:
            return
        if button.hasAttribute("data-cancel"):
            self._select(None)
            return
        index = int(button.getAttribute("data-action"))
        if not 0 <= index < len(self.legal):
            raise SkirmishError(message("ui", "s_stale", self.lang))
        self.ctl.act(self.legal[index])

    def on_mode(self, event) -> None:
        self.mode = str(dom.find("siege-mode").value)
        self.uses = 0
        self._redraw_choice()

    def on_uses(self, event) -> None:
        text = str(dom.find("siege-uses").value)
        self.uses = int(text) if text.isascii() and text.isdigit() else 0
        self._redraw_choice()

    def _redraw_choice(self) -> None:
        key, ours = self._focus_state()
        self.render()
        self._refocus(key, ours)

    def on_key(self, event) -> None:
        """Arrows move between squares; Enter/Space use a square, zone or card; Escape drops a choice."""
        key = str(event.key)
        node = event.target
        if event.altKey or event.ctrlKey or event.metaKey or not node or not node.closest:
            return
        if key == "Escape" and self.sel:
            event.preventDefault()
            self._select(None)
            return
        cell = node.closest(".scell")
        if key in ARROWS and cell:
            event.preventDefault()
            down, right = ARROWS[key]
            self._focus(self._cell(int(cell.dataset.row) + down, int(cell.dataset.col) + right))
            return
        if key in ("Enter", " ") and self.ctl.mode == "play":
            usable = node.closest(".hcard, .scmd, .scell")
            if usable and usable.isSameNode(node):
                event.preventDefault()
                self._use(node)

    def detail_for(self, target):
        """The card under a tap, focus or hover, in full: its state now, its text and abilities."""
        if not target or not target.closest or not self.view:
            return None
        holder = target.closest(".scard, .scell, .scmd")
        piece = holder if holder and holder.classList.contains("scard") else (
            holder.querySelector(".scard") if holder else None)
        if not piece:
            return None
        card_id = str(piece.getAttribute("data-card"))
        full = piece.cloneNode(True)
        for name in ("role", "tabindex", "aria-label", "aria-pressed"):
            full.removeAttribute(name)
        for css in ("selected", "selectable", "legal-target", "legal-grow", "hcard"):
            full.classList.remove(css)
        card = self.cards.get(card_id)
        if card:
            lines = dom.element("ul", class_name="text")
            lines.append(dom.element("li", message("ui", "s_card_line", self.lang, cost=card["cost"],
                                                   enhance=card.get("enhance") or "—")))
            for ability_id in card["abilities"]:
                ability = self.view["abilities"].get(ability_id) or {}
                name, text = ability.get("name") or {}, ability.get("text") or {}
                lines.append(dom.element("li", f"{ability.get('suit', '')} {name.get(self.lang, ability_id)} — "
                                               f"{text.get(self.lang, '')}"))
            full.append(lines)
        full.setAttribute("data-detail", f"{piece.getAttribute('data-uid')}:{card_id}:"
                                         f"{piece.querySelector('.tflags').textContent}:{piece.querySelector('.hp').textContent}")
        return full

    # --- keyboard and screen readers -----------------------------------------------------------

    def _state_keys(self, *nodes) -> list[str]:
        classes = [node.classList for node in nodes if node]
        return [key for css, key in HIGHLIGHTS if any(c.contains(css) for c in classes)]

    def _name_controls(self, hand: list) -> None:
        """Squares, Command Zones and hand cards as named controls: role, a label with what is there and
        what the highlight means, and whether they can be used now. In a replay they are labelled groups."""
        live = self.ctl.mode == "play"
        interactive = live and self.seat is not None
        units = {u["uid"]: u for side in self.view["sides"] for u in side["units"] + (
            [side["commander"]] if side["commander"] else [])}
        board = self.view["board"]
        for cell in self.ctl.part("board").querySelectorAll(".scell, .scmd"):
            piece = cell.querySelector(".scard")
            occupant = units.get(int(piece.dataset.uid)) if piece else None
            if cell.classList.contains("scmd"):
                where = message("ui", "s_command_of", self.lang, side=message("ui", f"s_side_{cell.dataset.side}", self.lang))
            else:
                row, col = int(cell.dataset.row), int(cell.dataset.col)
                where = square_words([row, col], self.lang)
                where = message("ui", "s_square_name", self.lang, square=where[:1].upper() + where[1:],
                                zone=self._zone_words(board, [row, col]))
            states = self._state_keys(cell, piece)
            words = [where, self._unit_words(occupant) if occupant else self._empty_words(cell),
                     *(message("ui", key, self.lang) for key in states)]
            cell.setAttribute("aria-label", "; ".join(words))
            cell.setAttribute("role", "button" if live else "group")
            usable = interactive and bool(USABLE & set(states))
            if live:
                cell.setAttribute("aria-disabled", "false" if usable else "true")
            if cell.classList.contains("scell"):
                cell.tabIndex = 0 if (not live and piece) else -1
            else:
                cell.tabIndex = 0 if usable or (not live and piece) else -1
        for node in hand:
            card_id = str(node.getAttribute("data-card"))
            states = self._state_keys(node)
            usable = interactive and bool(USABLE & set(states))
            node.setAttribute("role", "button" if usable else "group")
            node.tabIndex = 0 if usable or not live else -1
            if usable:
                node.setAttribute("aria-pressed", "true" if node.classList.contains("selected") else "false")
            card = self.cards.get(card_id) or {}
            words = [message("ui", "s_hand_card", self.lang, card=self.card_name(card_id), cost=card.get("cost", "?")),
                     *(message("ui", key, self.lang) for key in states)]
            node.setAttribute("aria-label", "; ".join(words))
        if live:
            self._rove(self._element_for(self.roving) or self._cell(0, 0))

    def _zone_words(self, board: dict, square: list) -> str:
        for index, base in enumerate(board["base"]):
            if base == square:
                return message("ui", f"s_base_{index}", self.lang)
        if square in board["invasion"]:
            return message("page", "s_invasion", self.lang)
        return message("ui", "s_own_0" if square in board["own"][0] else "s_own_1", self.lang)

    def _empty_words(self, cell) -> str:
        base = cell.querySelector(".sbase")
        return str(base.textContent).strip() if base else message("ui", "s_empty", self.lang)

    def _cell(self, row: int, col: int):
        return self.ctl.part("board").querySelector(f'.scell[data-row="{int(row)}"][data-col="{int(col)}"]') or None

    def _key(self, node) -> str | None:
        """A focused element, as something that survives a redraw (cells and cards are rebuilt)."""
        if not node:
            return None
        if node.classList.contains("scell"):
            return f"cell:{node.dataset.row}:{node.dataset.col}"
        if node.classList.contains("scmd"):
            return f"cmd:{node.dataset.side}"
        if node.classList.contains("hcard"):
            return f"hand:{node.getAttribute('data-uid') or node.getAttribute('data-choice')}"
        return f"id:{node.id}" if node.id else None

    def _element_for(self, key: str | None):
        if not key:
            return None
        kind, _, rest = key.partition(":")
        if kind == "cell":
            row, col = rest.split(":")
            return self._cell(int(row), int(col))
        if kind == "cmd":
            return dom.find(f"siege-cmd-{int(rest)}") or None
        if kind == "hand":
            for node in dom.find("siege-hand").querySelectorAll(".hcard"):
                if str(node.getAttribute("data-uid") or node.getAttribute("data-choice")) == rest:
                    return node
            return None
        return dom.find(rest) or None

    def _default_target(self):
        """Where the keyboard goes when the human's choice changes: what they will most likely use next."""
        board = self.ctl.part("board")
        if self.kind == "main" and self.sel:
            found = board.querySelector(".legal-deploy, .legal-target, .legal-grow, .legal-move")
            if found:
                return found.closest(".scell, .scmd") or found
            return dom.find("siege-buttons").querySelector("button") or None
        if self.kind == "main":
            found = board.querySelector(".hcard.selectable") or board.querySelector(".scard.selectable")
            return (found.closest(".hcard, .scell, .scmd") if found else None) or dom.find("siege-end")
        if self.kind == "commander":
            return dom.find("siege-hand").querySelector(".hcard") or None
        return dom.find("siege-buttons").querySelector("button") or None

