"""The initiative renderer: the setup form, and a turn that reads — the hand, the action, the spaces.

It draws a view (panels: ui/games/initiative/panels.py; the hex map: ui/games/initiative/map.py) and the human's
legal actions. Every click becomes one action taken from `decision.legal[seat]` (never one made up
here), handed to the controller (`ctl.act`). The hand is in the page only for the human deciding on
this screen (or the only human at the table); with several humans the controller's hand-off comes
first and `clear()` takes everything private out of the page. A decision kind without a drawing of its
own gets one button per legal action in words, so a game never stalls.

End of Round is automatic steps, watched one at a time at the bot speed (Page.watch_auto).
"""

from engine.core import SkirmishError
from ui import dom
from ui.games.initiative import draft as draft_screen
from ui.games.initiative import panels
from ui.games.contract import GameRenderer
from ui.words import message

from ui.games.initiative.map import HexMap
from ui.games.initiative.words import action_words, because, decision_words, describe, hero_name, seat_words

MAP_KINDS = ("hero", "minion", "token", "space")   # a map click's candidates, most specific first
SPACE_BUTTONS = 6                                 # up to this many target spaces also get a button
SELECTION_OPTIONS = ("length", "map", "hero_selection")


class Renderer(GameRenderer):
    """Draws initiative for ui/controller.py."""

    DRAW_KEY = "i_outcome_draw"
    OTHER_LINK_KEY = "i_link_not_initiative"

    def __init__(self, ctl):
        super().__init__(ctl)
        self.map = HexMap(ctl, ctl.lang)
        self.view, self.seat, self.decision, self.legal = None, None, None, []
        self.kind, self.pkind = None, None
        self.picked = {}                # hero index -> card id (selection) or (returned, taken) (level up)
        self.mode = None                # choose_action: the group whose spaces the map shows
        self.targets = {}               # (q, r) -> the legal actions a click there can mean
        self.revealed = None            # (round, turn) whose cards were last drawn face up

    # --- the setup form ---------------------------------------------------------------------------

    def bind(self) -> None:
        ctl = self.ctl
        ctl.bind(ctl.part("setup"), "submit", self.on_start)
        ctl.bind("initiative-players", "change", lambda e: self.show_seats())
        ctl.bind(ctl.part("board"), "click", self.on_click)
        ctl.bind(ctl.part("board"), "keydown", self.on_key)
        ctl.bind("initiative-buttons", "click", self.on_button)
        self.map.bind()
        self.show_seats()

    def players(self) -> int:
        text = str(dom.find("initiative-players").value)
        return int(text) if text.isascii() and text.isdigit() and 2 <= int(text) <= 6 else 4

    def show_seats(self) -> None:
        count = self.players()
        for seat in range(6):
            dom.show(dom.find(f"initiative-seat-row-{seat}"), seat < count)

    def on_start(self, event) -> None:
        """Read the form: seats (human or computer), length, map, hero selection, the seed."""
        event.preventDefault()
        seed = self.ctl.seed(dom.find("initiative-seed").value)
        count = self.players()
        players = ["human" if str(dom.find(f"initiative-seat-{seat}").value) == "human" else self.ctl.page.bot
                   for seat in range(count)]
        options = {"players": count}
        for key in SELECTION_OPTIONS:
            options[key] = str(dom.find(f"initiative-{key}").value)
        self.ctl.new_game(seed, None, players, options)

    # --- what the controller asks -----------------------------------------------------------------

    def loaded(self, record) -> None:
        self.view, self.revealed = None, None

    def watched(self, view) -> bool:
        """End of Round (minion battle, push, retrieve, levels, the pity coin) is shown step by step."""
        return view.get("phase") == "end_of_round"

    def side_word(self, seat: int) -> str:
        """A seat in words for the controller ("Red 1", "Blue 2"): even seats red, odd blue."""
        return seat_words(seat, self.view, self.lang)

    def team_word(self, team: str) -> str:
        return panels.team_word(team, self.lang)

    def decision_kind(self, view, decision) -> str:
        return (view.get("pending") or {}).get("kind") or decision.kind

    def describe(self, event: dict, view) -> str:
        return describe(event, view or self.view, self.lang)

    def because(self, event: dict) -> str:
        return because(event, self.lang)

    def position(self, index: int, replay) -> str:
        return message("ui", "i_status_replay", self.lang, step=index, last=replay.last)

    def status_over(self) -> str:
        return message("ui", "i_status_over", self.lang)

    def status_auto(self, view) -> str:
        key = "i_status_end_of_round" if view.get("phase") == "end_of_round" else "i_status_auto"
        return message("ui", key, self.lang, round=view["round"], turn=view["turn"])

    def status(self, view, seat, decision) -> str:
        text = decision_words(view, seat, decision, self.lang)
        mine = self._my_heroes()
        if self.kind == "choose_card" and len(mine) > 1 and self.picked:
            left = [h for h in mine if h not in self.picked]
            if left:
                text += " " + message("ui", "i_now_for", self.lang, hero=hero_name(view, left[0], self.lang))
        if self.mode:
            text += " " + message("ui", "i_pick_space", self.lang)
        return text

    def clear(self) -> None:
        """The hand-off: nothing of any seat's hand or choice stays in the page."""
        for part in ("initiative-hand", "initiative-buttons", "initiative-track-list", "initiative-dashboards"):
            dom.find(part).replaceChildren()
        draft_screen.clear()
        dom.show(dom.find("initiative-hand-box"), False)
        self.map.highlight({})
        self.map.clear()
        if self.ctl.part("detail"):
            self.ctl.hide_detail()

    def animate(self, events: list, pace: float | None = None) -> None:
        """In autoplay, the reveal turns the track's cards face up together (S1-R6)."""
        if pace is not None and any(event["kind"] == "reveal" for event in events):
            dom.find("initiative-track-list").classList.add("flip")

    # --- drawing ----------------------------------------------------------------------------------

    def draw(self, view: dict, seat, decision) -> None:
        """A new position: forget the half-made choice and draw it all."""
        self.view, self.seat, self.decision = view, seat, decision
        self.legal = list(decision.legal.get(seat, [])) if seat is not None and decision is not None else []
        self.kind = decision.kind if seat is not None and decision is not None else None
        self.pkind = (view.get("pending") or {}).get("kind")
        self.picked, self.mode = {}, None
        refocus = seat is not None and self._focus_is_ours()
        self.render()
        if refocus or (seat is not None and self.ctl.focus_game):
            self.ctl.focus_game = False
            self._focus_default()

    def render(self) -> None:
        view = self.view
        panels.draw_head(view, self.lang)
        panels.draw_track(view, self.lang, self._chosen_seats())
        self._flip_on_reveal(view)
        panels.draw_dashboards(view, self.lang)
        self._draw_draft(view)
        self.map.show(view)
        self.targets = {}
        buttons = self._choices()
        hand = self._hand()
        dom.find("initiative-buttons").replaceChildren(*buttons)
        dom.find("initiative-hand").replaceChildren(*hand)
        dom.show(dom.find("initiative-hand-box"), bool(hand))
        marks = {space: self._mark(actions) for space, actions in self.targets.items()}
        self.map.highlight(marks)
        if self.seat is not None and self.ctl.mode == "play":
            dom.set_text(self.ctl.part("status"), self.status(view, self.seat, self.decision))

    def _flip_on_reveal(self, view: dict) -> None:
        """S1-R6: the turn's cards turn face up together, once, in live play (a replay flips them in
        autoplay only, through `animate`; stepping never animates). CSS skips it under reduced motion."""
        turn = (view["round"], view["turn"]) if view["played"] else None
        track = dom.find("initiative-track-list")
        track.classList.remove("flip")
        if turn is not None and turn != self.revealed and self.ctl.mode == "play":
            track.classList.add("flip")
        self.revealed = turn

    def _draw_draft(self, view) -> None:
        """While the heroes are chosen the board shows the draft screen (ui/games/initiative/draft.py) in
        place of the track, the map, the hand and the dashboards (none of them exists yet)."""
        drafting = draft_screen.drafting(view)
        self.ctl.part("board").classList.toggle("drafting", drafting)
        dom.show(dom.find(draft_screen.BOX), drafting)
        if drafting:
            live = self.seat is not None and self.ctl.mode == "play"
            draft_screen.draw(view, self.legal, live, self.lang)
        else:
            draft_screen.clear()

    def _chosen_seats(self) -> list:
        """Seats whose card is chosen and face down (the session holds it until everyone has played)."""
        session, decision = self.ctl.session, self.decision
        if self.ctl.mode != "play" or session is None or decision is None or decision.kind != "choose_card" \
                or self.pkind == "level_up":
            return []
        waiting = session.waiting()
        return [s for s in decision.players if s not in waiting]

    def _my_heroes(self) -> list:
        seat = self.seat if self.seat is not None else self._only_human()
        if seat is None or not self.view:
            return []
        return [h["index"] for h in self.view["heroes"] if h["seat"] == seat]

    def _only_human(self):
        """The one human at the table (their hand may stay on screen while bots play), else None."""
        if self.ctl.mode != "play":
            return None
        humans = [s for s, who in enumerate(self.ctl.players) if who == "human"]
        return humans[0] if len(humans) == 1 else None

    def _mark(self, actions: list) -> str:
        """What a highlighted space means: a move, a target, or a place to put a hero or minion."""
        head = actions[0][0]
        if head in ("move", "fast_travel"):
            return "legal-move"
        if head in ("hero", "minion", "token"):
            return "legal-target"
        step = ((self.decision.prompt if self.decision else None) or {}).get("step") or {}
        if head == "space" and self.kind == "choose_target":
            return "legal-move" if step.get("do") in ("_move", "move") else "legal-target"
        return "legal-place"

    # --- the hand ---------------------------------------------------------------------------------

    def _hand(self) -> list:
        """Cards of the human deciding now (selection, defence, level up), or the only human's hand."""
        view, mine = self.view, self._my_heroes()
        if not mine or self.ctl.mode != "play":
            return []
        groups = []
        for index in mine:
            hero = view["heroes"][index]
            if not isinstance(hero["hand"], list):
                continue
            if self.kind == "choose_card" and self.pkind == "level_up":
                groups.append(self._level_group(index))
                continue
            usable = self._usable(index)
            group = dom.clone("ihand-group")
            dom.set_text(group.querySelector(".gname"), hero_name(view, index, self.lang))
            cards = []
            for number, cid in enumerate(hero["hand"]):
                node = panels.card_node(cid, view, self.lang)
                node.dataset.hero = str(index)
                caption = self._caption(index, cid)
                if caption:
                    node.append(dom.element("p", caption, "icaption"))
                self._as_control(node, cid in usable, self.picked.get(index) == cid,
                                 message("ui", "i_hand_card", self.lang, number=number + 1,
                                         card=str(node.querySelector(".iname").textContent) if node.querySelector(".iname") else cid))
                cards.append(node)
            group.querySelector(".gcards").replaceChildren(*cards)
            groups.append(group)
        return [g for g in groups if g]

    def _usable(self, index: int) -> set:
        """The cards of hero `index` that some legal action of this decision uses."""
        mine = self._my_heroes()
        if self.kind == "choose_card" and self.pkind != "level_up":
            position = mine.index(index)
            return {a[1][position] for a in self.legal if a[0] == "play" and a[1][position] != "pass"}
        if self.kind == "defend" and (self.view.get("pending") or {}).get("hero") == index:
            return {a[1] for a in self.legal if a[0] == "defend"}
        return set()

    def _caption(self, index: int, cid: str) -> str:
        """Under a defence card: its Defense total against the attack (F-D2), minions counted (F-D6)."""
        pending = self.view.get("pending") or {}
        if self.kind != "defend" or pending.get("hero") != index or ["defend", cid] not in self.legal:
            return ""
        preview = (pending.get("cards") or {}).get(cid) or {}      # the engine's (combat.defence_preview)
        total = preview.get("total", 0)
        holds = preview["defends"] if "defends" in preview else preview.get("blocks") or total >= pending.get("attack", 0)
        block = ((self.view.get("cards") or {}).get(cid) or {}).get("block")
        key = "i_defence_saves" if holds else "i_defence_block_fails" if block else "i_defence_short"   # F-D4
        return message("ui", key, self.lang, defence=total, attack=pending.get("attack", 0))

    def _level_group(self, index: int):
        """Level up: each card the hero may take, with the card it returns and the item the other leaves."""
        view = self.view
        mine = self._my_heroes()
        position = [h for h in mine if any(p[0] == h for a in self.legal for p in a[1])]
        if index not in position:
            return None
        choices = []
        for action in self.legal:
            for hero, returned, taken in action[1]:
                if hero == index and (returned, taken) not in choices:
                    choices.append((returned, taken))
        group = dom.clone("ihand-group")
        dom.set_text(group.querySelector(".gname"), message("ui", "i_level_up_for", self.lang,
                                                            hero=hero_name(view, index, self.lang)))
        cards = []
        for number, (returned, taken) in enumerate(choices):
            node = panels.card_node(taken, view, self.lang)
            node.dataset.hero = str(index)
            node.dataset.returned = returned
            tucked = self._sibling(taken)
            icon = (view["cards"].get(tucked) or {}).get("item") if tucked else None
            words = message("ui", "i_level_caption", self.lang, card=panels.card_name(view["cards"][returned], self.lang),
                            item=message("ui", f"i_icon_{icon}", self.lang) if icon else "—")
            node.append(dom.element("p", words, "icaption"))
            self._as_control(node, True, self.picked.get(index) == (returned, taken),
                             message("ui", "i_level_card", self.lang, number=number + 1,
                                     card=panels.card_name(view["cards"][taken], self.lang), caption=words))
            cards.append(node)
        group.querySelector(".gcards").replaceChildren(*cards)
        return group

    def _sibling(self, taken: str):
        """The other card of the same colour and tier (F-V2: it goes under the dashboard as an item)."""
        card = self.view["cards"].get(taken) or {}
        for cid, other in self.view["cards"].items():
            if cid != taken and other.get("hero") == card.get("hero") and other.get("colour") == card.get("colour") \
                    and other.get("tier") == card.get("tier"):
                return cid
        return None

    def _as_control(self, node, usable: bool, selected: bool, label: str) -> None:
        live = self.seat is not None
        node.setAttribute("role", "button" if usable and live else "group")
        node.tabIndex = 0 if usable and live else -1
        node.setAttribute("aria-label", label)
        if usable and live:
            node.classList.add("usable")
            node.setAttribute("aria-pressed", "true" if selected else "false")
        if selected:
            node.classList.add("selected")

    # --- the buttons and the map's targets --------------------------------------------------------

    def _button(self, text: str, action=None, mode=None, css: str = ""):
        node = dom.clone("ibutton")
        if action is not None:
            node.dataset.action = str(self.legal.index(action))
        if mode is not None:
            node.dataset.mode = mode
        if css:
            node.classList.add(css)
        dom.set_text(node, text)
        return node

    def _words(self, action) -> str:
        return action_words(action, self.view, self.lang)

    def _space_of(self, action):
        """The space a map click chooses for this action, or None when it is not a map action."""
        head = action[0]
        if head in ("respawn", "space", "token") and isinstance(action[1], list):
            return tuple(action[1])
        if head in ("move", "fast_travel") and len(action) > 2 and isinstance(action[1], list):
            return tuple(action[1])
        if head == "hero" and isinstance(action[1], int):
            position = self.view["heroes"][action[1]]["position"]
            return tuple(position) if position else None
        if head == "minion":
            found = next((m for m in self.view["minions"] if m["id"] == action[1]), None)
            return tuple(found["space"]) if found else None
        return None

    def _target(self, action) -> None:
        space = self._space_of(action)
        if space is not None:
            self.targets.setdefault(space, []).append(action)

    def _choices(self) -> list:
        """The buttons of this decision; map actions go to `self.targets` (highlighted on the map)."""
        if self.seat is None or not self.legal:
            return []
        kind, legal = self.kind, self.legal
        if kind == "choose_card":
            return self._pass_buttons() if self.pkind != "level_up" else []
        if kind == "defend":
            return [self._button(self._words(a), a, css="secondary") for a in legal if a[0] == "no_defense"]
        if kind == "choose_action":
            return self._action_buttons()
        if kind == "choose" and any(a[0] in ("pick", "ban") for a in legal):
            return []                   # the draft screen's tiles (ui/games/initiative/draft.py)
        buttons, spaces = [], []
        for action in legal:
            if self._space_of(action) is not None:
                self._target(action)
                spaces.append(action)
                if action[0] in ("hero", "minion", "token"):
                    buttons.append(self._button(self._words(action), action))
            else:
                buttons.append(self._button(self._words(action), action))
        if spaces and len(spaces) <= SPACE_BUTTONS:
            buttons += [self._button(self._words(a), a) for a in spaces if a[0] not in ("hero", "minion", "token")]
        return buttons

    def _pass_buttons(self) -> list:
        mine = self._my_heroes()
        buttons = []
        for position, index in enumerate(mine):
            if any(a[0] == "play" and a[1][position] == "pass" for a in self.legal):
                node = self._button(message("ui", "i_pass_for", self.lang, hero=hero_name(self.view, index, self.lang)),
                                    css="secondary")
                node.setAttribute("data-pass-hero", str(index))
                buttons.append(node)
        return buttons

    def _action_buttons(self) -> list:
        """Hold, the primary (with its text), each secondary, fast travel, clear; a space group's button
        shows its spaces on the map, and a click there takes the action."""
        groups, buttons = {}, []
        for action in self.legal:
            head = action[0]
            if head in ("move", "fast_travel") and len(action) > 2 and isinstance(action[1], list):
                groups.setdefault(f"{head}:{action[2]}", []).append(action)
            else:
                buttons.append(self._button(self._action_label(action), action,
                                            css="primary" if self._is_primary(action) else ""))
        for key, actions in groups.items():
            head, kind = key.split(":")
            node = self._button(message("ui", f"i_{head}_{'primary' if kind == 'primary' else 'secondary'}", self.lang,
                                        count=len(actions)), mode=key)
            node.setAttribute("aria-pressed", "true" if self.mode == key else "false")
            buttons.append(node)
            if self.mode == key or len(groups) == 1:
                for action in actions:
                    self._target(action)
        if self.mode:
            buttons.append(self._button(message("ui", "i_back", self.lang), mode="", css="secondary"))
        return buttons

    @staticmethod
    def _is_primary(action) -> bool:
        return action[0] in ("attack", "skill") or action == ["move", "primary"]

    def _action_label(self, action) -> str:
        """The primary with the card's text; anything else in words."""
        if not self._is_primary(action):
            return self._words(action)
        card = self.view["cards"].get((self.decision.prompt or {}).get("card") or "") or {}
        text = (card.get("text") or {}).get(self.lang) or (card.get("text") or {}).get("en") or ""
        words = self._words(action)
        return f"{words} — {text}" if text else words

    # --- clicks and keys --------------------------------------------------------------------------

    def on_click(self, event) -> None:
        target = event.target
        if not target or not target.closest or self.seat is None or self.ctl.mode != "play":
            return
        tile = target.closest(".idraft-act")
        if tile:
            if not tile.disabled and tile.hasAttribute("data-action"):
                self._act_index(int(tile.getAttribute("data-action")))
            return
        card = target.closest(".icard.usable")
        if card:
            self._use_card(card)
            return
        if target.closest(".imap, svg"):
            self._use_map(self.map.target_of(target))

    def _use_card(self, node) -> None:
        index = int(node.dataset.hero)
        cid = str(node.getAttribute("data-card"))
        if self.kind == "defend":
            self._act(["defend", cid])
            return
        if self.kind != "choose_card":
            return
        choice = (str(node.dataset.returned), cid) if self.pkind == "level_up" else cid
        self.picked[index] = choice
        self._complete()

    def _complete(self) -> None:
        """With a card (or a pass, or a level-up choice) for every hero of the seat: the one legal action."""
        mine = [h for h in self._my_heroes() if self.pkind != "level_up" or
                any(p[0] == h for a in self.legal for p in a[1])]
        if all(h in self.picked for h in mine):
            if self.pkind == "level_up":
                action = ["level_up", [[h, *self.picked[h]] for h in mine]]
            else:
                action = ["play", [self.picked[h] for h in mine]]
            if action in self.legal:
                self._act(action)
                return
            self.picked = {}
            raise SkirmishError(message("ui", "i_not_together", self.lang))
        self.render()
        self._focus_default()

    def _use_map(self, hit) -> None:
        if not hit:
            return
        space = tuple(hit["space"])
        actions = self.targets.get(space) or []
        for kind in MAP_KINDS:
            for action in actions:
                if action[0] == kind and (kind in ("space", "token") or action[1] == hit.get(kind) or
                                          hit.get(kind) is None):
                    self._act(action)
                    return
        if actions:
            self._act(actions[0])

    def on_button(self, event) -> None:
        button = event.target.closest("button") if event.target and event.target.closest else None
        if not button or self.seat is None:
            return
        if button.hasAttribute("data-pass-hero"):
            self.picked[int(button.getAttribute("data-pass-hero"))] = "pass"
            self._complete()
            return
        if button.hasAttribute("data-mode"):
            mode = str(button.getAttribute("data-mode"))
            self.mode = mode or None
            self.render()
            if self.mode and self.targets:      # its spaces are on the map: the keyboard goes there
                self.map.focus_space(list(next(iter(self.targets))))
            else:
                self._focus_default()
            return
        self._act_index(int(button.getAttribute("data-action")))

    def _act_index(self, index: int) -> None:
        """The legal action a button or tile stands for (its index in `decision.legal[seat]`)."""
        if not 0 <= index < len(self.legal):
            raise SkirmishError(message("ui", "i_stale", self.lang))
        self._act(self.legal[index])

    def _act(self, action) -> None:
        if action not in self.legal:
            raise SkirmishError(message("ui", "i_stale", self.lang))
        self.ctl.act(action)

    def on_key(self, event) -> None:
        """The map's arrows (HexMap.on_key); Enter/Space use a card; 1–9 pick the n-th usable card;
        Escape drops a half-made choice."""
        if event.altKey or event.ctrlKey or event.metaKey or not event.target or not event.target.closest:
            return
        if self.map.on_key(event):
            return
        key, node = str(event.key), event.target
        if key == "Escape" and (self.mode or self.picked):
            event.preventDefault()
            self.mode, self.picked = None, {}
            self.render()
            self._focus_default()
            return
        if self.seat is None or self.ctl.mode != "play":
            return
        if key in ("Enter", " ") and node.classList.contains("usable"):
            event.preventDefault()
            self._use_card(node)
            return
        if key.isdigit() and key != "0" and not node.closest("input, select, textarea"):
            cards = list(dom.find("initiative-hand").querySelectorAll(".icard.usable"))
            unpicked = [c for c in cards if int(c.dataset.hero) not in self.picked] or cards
            number = int(key) - 1
            if number < len(unpicked):
                event.preventDefault()
                self._use_card(unpicked[number])

    # --- focus and details ------------------------------------------------------------------------

    quiet_focus = False     # True while the page itself moves the keyboard (no card panel opens then)

    def _focus_is_ours(self) -> bool:
        from pyscript import document
        active = document.activeElement
        if not active or active.isSameNode(document.body):
            return True
        if active.id == "initiative-undo":
            return False
        return bool(self.ctl.part("board").contains(active) or self.ctl.part("live").contains(active))

    def _focus_default(self) -> None:
        """The keyboard goes where the human will most likely act: a usable card, a button, the map."""
        found = dom.find("initiative-hand").querySelector(".icard.usable:not(.selected)") \
            or draft_screen.first_button() or dom.find("initiative-buttons").querySelector("button")
        if found:
            # Moved here by the page, not by the player: no card panel over the hand (detail_for).
            self.quiet_focus = True
            try:
                found.focus()
            finally:
                self.quiet_focus = False
        elif self.targets:
            self.map.focus_space(list(next(iter(self.targets))))

    def detail_for(self, target):
        """The card under a tap, focus or hover, in full."""
        if not target or not target.closest or not self.view or self.quiet_focus:
            return None
        card = target.closest(".icard")
        if not card or card.classList.contains("icard-back"):
            return None
        cid = str(card.getAttribute("data-card"))
        full = panels.card_node(cid, self.view, self.lang)
        full.setAttribute("data-detail", cid)
        return full
