"""The autobattle page: binds the DOM to the engine. Text goes in with textContent, never as HTML."""

import asyncio

from pyscript import document, window
from pyscript.ffi import create_proxy

from engine.core import SkirmishError, decode_link, encode_link
from engine.rulesets import get as get_ruleset
from ui.replay import Replay, time_battles
from ui.route import MAX_NOTE, parse_hash, replay_hash, whole_number
from ui.words import because, describe, message, word

MAX_SEED = (1 << 63) - 1
FX = {"enter": "fx-enter", "damage": "fx-hit", "aura": "fx-buff", "equip": "fx-buff"}


def element(element_id: str):
    """The element with this id."""
    return document.getElementById(element_id)


def show_error(element_id: str, text: str | None) -> None:
    """Show a one-line message in an alert box, or hide the box."""
    box = element(element_id)
    box.textContent = text or ""
    box.hidden = not text


class AutobattlePage:
    """Setup form, playback controls, board, log and share link for one replay at a time."""

    def __init__(self, lang: str = "en"):
        self.lang = lang if lang in ("en", "ja", "ru") else "en"
        self.ruleset = get_ruleset("autobattle")
        self.replay: Replay | None = None
        self.index = 0          # the frame on show
        self.logged = 0         # frames whose events are in the log
        self.playing = False
        self.names: dict = {}
        self.demo: tuple[str, int] | None = None    # (rule, step) when a demo link is open
        self._proxies = []

    # --- wiring --------------------------------------------------------------------------

    def bind(self) -> None:
        """Attach every control's handler; keep the proxies alive as long as the page."""
        handlers = {
            ("setup", "submit"): self.on_start, ("roll-seed", "click"): self.on_roll,
            ("play", "click"): lambda e: self.play(), ("pause", "click"): lambda e: self.pause(),
            ("step-forward", "click"): lambda e: self.step(1), ("step-back", "click"): lambda e: self.step(-1),
            ("to-start", "click"): lambda e: self.jump(0), ("to-end", "click"): lambda e: self.jump(None),
            ("share", "click"): self.on_share,
        }
        for (element_id, event), handler in handlers.items():
            proxy = create_proxy(guarded(handler))
            self._proxies.append(proxy)
            element(element_id).addEventListener(event, proxy)
        for element_id in ("start", "roll-seed"):
            element(element_id).disabled = False

    # --- starting a battle ---------------------------------------------------------------

    def on_start(self, event) -> None:
        """Read the form, compute the battle, and play it."""
        event.preventDefault()
        show_error("form-error", None)
        show_error("link-error", None)
        decks = []
        for seat in (0, 1):
            squads = [element(f"side-{seat}-squad-{slot}").value for slot in (1, 2, 3)]
            squads = [squad for squad in squads if squad]
            if not squads:
                raise SkirmishError(message("ui", "no_squad", self.lang, seat=seat))
            decks.append(squads)
        seed = whole_number(str(element("seed").value).strip(), MAX_SEED)
        if seed is None:
            raise SkirmishError(message("ui", "bad_seed", self.lang))
        self.demo = None
        element("note").hidden = True
        self.load(Replay.start("autobattle", seed, {"decks": decks}), at=0)
        self.play()

    def on_roll(self, event) -> None:
        """A fresh random seed in the seed box."""
        element("seed").value = str(int(window.Math.random() * 2_147_483_647))

    def open_link(self, hash_text: str, params: dict) -> None:
        """Show the game a share or demo link carries, at the step it names, with its note."""
        show_error("link-error", None)
        try:
            record = decode_link(hash_text)
            if record.ruleset != "autobattle":
                raise SkirmishError(message("ui", "link_not_autobattle", self.lang, ruleset=record.ruleset[:30]))
            replay = Replay.from_record(record)
        except SkirmishError as error:
            self.pause()
            element("player").hidden = True
            show_error("link-error", f"{message('ui', 'link_failed', self.lang)} {error}")
            return
        step, rule = params.get("step", params.get("turn")), params.get("rule")
        at = 0
        if step is not None:
            number = whole_number(step, replay.last)
            if number is not None:
                at = number
            else:
                show_error("link-error", message("ui", "bad_turn", self.lang, last=replay.last))
        self.demo = None
        if rule and rule in self.ruleset.catalogue and at > 0:
            self.demo = (rule, at)       # open just before the step where the rule applies
            at -= 1
        elif rule and rule in self.ruleset.catalogue:
            self.demo = (rule, 0)
        self.load(replay, at)
        note = params.get("note", "")[:MAX_NOTE].strip()
        element("note-text").textContent = note
        element("note").hidden = not note

    def load(self, replay: Replay, at: int) -> None:
        """Put a replay on the board at frame `at`."""
        self.pause()
        self.replay = replay
        self.names = {card_id: card.name for card_id, card in self.ruleset.content(replay.record.setup).cards.items()}
        self.logged = 0
        element("log").replaceChildren()
        element("player").hidden = False
        self.show(at)
        element("player").scrollIntoView()

    # --- playback ------------------------------------------------------------------------

    def play(self) -> None:
        """Step forward at the chosen speed until the end or a pause."""
        if not self.replay or self.playing:
            return
        if self.index >= self.replay.last:
            self.show(0)
        self.playing = True
        self._toggle_buttons()
        asyncio.ensure_future(self._run())

    async def _run(self) -> None:
        while self.playing and self.replay and self.index < self.replay.last:
            await asyncio.sleep(int(element("speed").value) / 1000)
            if self.playing:
                self.show(self.index + 1)
        self.pause()

    def pause(self) -> None:
        """Stop autoplay."""
        self.playing = False
        self._toggle_buttons()

    def step(self, delta: int) -> None:
        """One frame forward or back."""
        self.pause()
        if self.replay:
            self.show(max(0, min(self.replay.last, self.index + delta)))

    def jump(self, index: int | None) -> None:
        """To the first frame, or to the end (None)."""
        self.pause()
        if self.replay:
            self.show(self.replay.last if index is None else index)

    def _toggle_buttons(self) -> None:
        element("play").hidden = self.playing
        element("pause").hidden = not self.playing

    # --- drawing -------------------------------------------------------------------------

    def show(self, index: int) -> None:
        """Draw frame `index`: board, log up to it, turn label, outcome at the end."""
        replay = self.replay
        self.index = index
        frame = replay.frames[index]
        for side in frame.view["sides"]:
            self._draw_side(side)
        self._animate(frame.events)
        self._draw_log(index)
        self._draw_demo(index)
        label = "start_label" if index == 0 else "turn_label"
        element("turn-label").textContent = message("ui", label, self.lang, turn=frame.turn, last=replay.frames[-1].turn)
        outcome = element("outcome")
        if index == replay.last and replay.outcome is not None:
            data = replay.outcome.to_data()
            data["reason"] = word("reason", data["rule"], self.lang, data["reason"])
            key = "outcome_draw" if data["draw"] else "outcome_win"
            outcome.textContent = message("ui", key, self.lang, turns=frame.turn, winner=replay.outcome.winner, **data)
            outcome.dataset.digest = replay.digest
            outcome.hidden = False
        else:
            outcome.hidden = True
            outcome.removeAttribute("data-digest")

    def _statement(self, rule: str) -> str:
        entry = self.ruleset.catalogue.get(rule, {})
        return entry.get(self.lang) or entry.get("en", "")

    def _draw_demo(self, index: int) -> None:
        """The rule a demo link shows: announced before its step, highlighted in the log at it."""
        banner = element("rule-banner")
        if not self.demo:
            banner.hidden = True
            return
        rule, step = self.demo
        key = "demo_applied" if index >= step else "demo_banner"
        banner.textContent = message("page" if key == "demo_banner" else "ui", key, self.lang, rule=rule,
                                     statement=self._statement(rule))
        banner.hidden = False
        log = element("log")
        for line in log.querySelectorAll("li.highlight"):
            line.classList.remove("highlight")
        if index == step:
            lines = [line for line in log.querySelectorAll("li.new") if line.dataset.rule == rule]
            for line in lines:
                line.classList.add("highlight")
            if lines:
                log.scrollTop = max(0, lines[0].offsetTop - log.offsetTop - 40)

    def _draw_side(self, side: dict) -> None:
        root = element(f"side-{side['seat']}")
        root.querySelector(".leadership").textContent = str(side["leadership"])
        deck = side["deck"]
        root.querySelector(".deck").textContent = str(deck if isinstance(deck, int) else len(deck))
        root.querySelector(".squads").textContent = ", ".join(side["squads"])
        reserve = root.querySelector(".reserve")
        reserve.replaceChildren(*[self._card(card["card"], uid=card["uid"], crystals=card["crystals"])
                                  for card in side["reserve"]])
        for cell, node in zip(side["cells"], root.querySelectorAll(".cell")):
            node.replaceChildren(*([self._unit(cell)] if cell else []))
        terrain = root.querySelector(".terrain")
        terrain.replaceChildren(*([self._card(side["terrain"])] if side["terrain"] else []))

    def _unit(self, unit: dict):
        node = self._card(unit["card"], uid=unit["uid"], attack=unit["attack"], life=unit["life"])
        if unit.get("equipment"):
            gear = unit["equipment"]
            node.querySelector(".equip").append(self._card(gear["card"], uid=gear["uid"]))
        return node

    def _card(self, card_id: str, uid=None, crystals=None, attack=None, life=None):
        """A card cloned from its pre-rendered template (or the generic one for a user's card)."""
        template = element(f"card-{card_id}-{self.lang}")
        if not template:        # a missing element is jsnull (falsy), not None, in Pyodide
            template = element("card-generic")
            node = template.content.firstElementChild.cloneNode(True)
            node.querySelector(".name").textContent = self._name(card_id)
        else:
            node = template.content.firstElementChild.cloneNode(True)
        if uid is not None:
            node.dataset.uid = str(uid)
        for selector, value in ((".crystals", crystals), (".atk", attack), (".life", life)):
            if value is not None and node.querySelector(selector):
                node.querySelector(selector).textContent = str(value)
        return node

    def _name(self, card_id: str) -> str:
        names = self.names.get(card_id)
        return names.get(self.lang) or names["en"] if names else str(card_id)

    def _animate(self, events: list) -> None:
        board = element("board")
        for event in events:
            effect = FX.get(event["kind"])
            uid = event.get("carrier", event.get("uid")) if event["kind"] == "equip" else event.get("uid")
            if effect and uid is not None:
                node = board.querySelector(f'[data-uid="{int(uid)}"]')
                if node:
                    node.classList.add(effect)

    def _draw_log(self, index: int) -> None:
        log = element("log")
        if index < self.logged:
            log.replaceChildren()
            self.logged = 0
        for old in log.querySelectorAll("li.new"):
            old.classList.remove("new")
        template = element("log-line")
        for frame in self.replay.frames[self.logged:index + 1]:
            for event in frame.events:
                line = template.content.firstElementChild.cloneNode(True)
                line.classList.add("new")
                line.querySelector(".turn").textContent = f"{frame.turn}."
                line.querySelector(".what").textContent = describe(event, self._name, self.lang) + because(event, self.lang)
                rule = line.querySelector(".rule")
                rule.textContent = event["rule"]
                rule.title = self._statement(event["rule"])
                line.dataset.rule = event["rule"]
                log.append(line)
        self.logged = index + 1
        log.scrollTop = log.scrollHeight

    # --- sharing ---------------------------------------------------------------------------

    def on_share(self, event) -> None:
        """A link that opens this battle (at this moment), with the sender's note; shown and copied."""
        if not self.replay:
            return
        step = self.index if element("share-at-turn").checked else None
        note = str(element("share-note").value).strip()[:MAX_NOTE]
        base = str(window.location.href).split("#")[0]
        url = base + replay_hash("autobattle", encode_link(self.replay.record), step=step, note=note or None)
        element("share-link").value = url
        try:
            window.navigator.clipboard.writeText(url)
        except Exception:       # noqa: BLE001  (no clipboard: the link is in the box to copy)
            pass


def guarded(handler):
    """Turn an error in a handler into a one-line message on the page, never a traceback."""
    def run(event):
        try:
            handler(event)
        except SkirmishError as error:
            show_error("form-error", str(error))
        except Exception as error:   # noqa: BLE001  (a bug: say so in one line, log the rest)
            window.console.error(f"{type(error).__name__}: {error}")
            show_error("form-error", f"Something went wrong ({type(error).__name__}); please reload the page.")
    return run


class App:
    """Routes between the home page, the autobattle page and the tactics page as the address changes."""

    def __init__(self):
        self.lang = str(document.documentElement.lang or "en")
        self.page = AutobattlePage(self.lang)
        self.tactics = None         # the tactics page, imported and bound on first visit
        self._route_proxy = create_proxy(guarded(lambda event: self.route()))
        # For build/bench_site.py: the same battles timed here and on CPython.
        self._bench_proxy = create_proxy(lambda games: time_battles(int(games)))
        self._tactics_bench_proxy = create_proxy(self._tactics_bot_times)

    def start(self) -> None:
        """Bind everything, show the current route, and tell the page (and tests) we are ready."""
        self.page.bind()
        window.addEventListener("hashchange", self._route_proxy)
        window.skirmishTimeBattles = self._bench_proxy
        window.skirmishTacticsBotTimes = self._tactics_bench_proxy
        guarded(lambda event: self.route())(None)
        element("loading").hidden = True
        document.body.dataset.ready = "1"

    def route(self) -> None:
        """Show the section the hash names; open a replay link."""
        hash_text = str(window.location.hash)
        route = parse_hash(hash_text)
        name = route.ruleset if route.ruleset in ("autobattle", "tactics") else "home"
        for section in document.querySelectorAll("section.route"):
            section.hidden = section.id != f"route-{name}"
        if name == "tactics":
            page = self._tactics_page()
            if route.page == "replay":
                page.open_link(hash_text, route.params)
        elif route.page == "replay":
            self.page.open_link(hash_text, route.params)

    def _tactics_page(self):
        """The tactics page, imported on first use (the autobattle page's start-up stays light)."""
        if self.tactics is None:
            from ui.tactics import TacticsPage
            self.tactics = TacticsPage(self.lang)
            self.tactics.bind()
        return self.tactics

    def _tactics_bot_times(self, seed):
        """`window.skirmishTacticsBotTimes(seed)`: the sensible bot's decision times (ms) over one game."""
        from ui.tactics import times_for_js
        return times_for_js(seed)
