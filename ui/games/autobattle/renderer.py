"""The autobattle renderer: the setup form (decks, seed; a player's saved squads from the squad
editor, ui/games/autobattle/squad_editor.py) and the board of one frame.

A battle has no decisions: the controller computes it in full and plays it as a replay, so this
module only reads the form, draws spectator views (cards cloned from their pre-rendered
templates) and puts events in words. While autoplay plays a frame, its events are shown in motion
(ui/games/autobattle/fx.py plans them): arrows from attacker to target, damage numbers, deaths,
entries and terrain, on an overlay layer over the board; stepping and jumping draw the frame only.
"""

import math

from pyscript import window

from engine.core import SkirmishError
from ui import dom
from ui.games.autobattle import fx
from ui.games.autobattle.squad_editor import SquadEditor
from ui.games.autobattle.words import describe
from ui.games.contract import GameRenderer
from ui.words import message

# Effects shown as a class on the card itself (the rest are overlay elements).
CARD_FX = {"enter": "fx-enter", "shake": "fx-hit", "buff": "fx-buff"}
OVERLAY_FX = {"shot": "fx-shot", "number": "fx-damage", "death": "fx-death", "pulse": "fx-pulse"}
NUMBER_MARGIN = 40      # px: room above a damage number for it to float up inside the board


class Renderer(GameRenderer):
    """Draws autobattle for ui/controller.py."""

    DRAW_KEY = "outcome_draw"
    OTHER_LINK_KEY = "link_not_autobattle"

    def __init__(self, ctl):
        super().__init__(ctl)
        self.names: dict = {}
        self.squad_names: dict = {}
        self.squads = SquadEditor(ctl)

    def bind(self) -> None:
        self.ctl.bind(self.ctl.part("setup"), "submit", self.on_start)
        self.ctl.bind("roll-seed", "click", self.on_roll)
        self.ctl.bind(self.ctl.part("fx"), "animationend", self._fx_done)
        dom.find("roll-seed").disabled = False
        self.squads.bind()

    # --- the form --------------------------------------------------------------------------

    def on_start(self, event) -> None:
        """Read the form and watch the battle it sets up."""
        event.preventDefault()
        decks = []
        for seat in (0, 1):
            squads = [str(dom.find(f"side-{seat}-squad-{slot}").value) for slot in (1, 2, 3)]
            squads = [squad for squad in squads if squad]
            if not squads:
                raise SkirmishError(message("ui", "no_squad", self.lang, seat=self.side_word(seat)))
            decks.append(squads)
        seed = self.ctl.seed(dom.find("seed").value)
        self.ctl.new_game(seed, self.squads.setup(decks))

    def on_roll(self, event) -> None:
        """A fresh random seed in the seed box."""
        dom.find("seed").value = str(int(window.Math.random() * 2_147_483_647))

    # --- what the controller asks ------------------------------------------------------------

    def loaded(self, record) -> None:
        """A game is on: card names for the log (a link's own cards included)."""
        content = self.ctl.ruleset.content(record.setup)
        self.names = {card_id: card.name for card_id, card in content.cards.items()}
        self.squad_names = {squad_id: squad.name for squad_id, squad in content.squads.items()}

    def draw(self, view: dict, seat, decision) -> None:
        self.ctl.part("fx").replaceChildren()      # a new frame: the last one's effects are over
        for side in view["sides"]:
            self._draw_side(side)

    def clear(self) -> None:
        self.ctl.part("fx").replaceChildren()
        for side in (0, 1):
            root = dom.find(f"side-{side}")
            for selector in (".reserve", ".terrain", ".cell"):
                for node in root.querySelectorAll(selector):
                    node.replaceChildren()

    def animate(self, events: list, pace: float | None = None) -> None:
        """Show the frame's events in motion when autoplay drew it (`pace`: its interval in seconds);
        nothing when the user stepped or jumped here (pace None)."""
        if not pace:
            return
        beat, effects = fx.plan(events, pace)
        board = self.ctl.part("board")
        board.style.setProperty("--beat", f"{beat:.3f}s")
        origin = board.getBoundingClientRect()
        for effect in effects:
            if effect.kind in CARD_FX:
                self._card_fx(board, effect)
            else:
                self._overlay_fx(board, origin, effect)

    def detail_for(self, target):
        """The card under a tap, focus or hover, in full: its text and its values now (None: no card)."""
        card = target.closest(".card[data-card]") if target and target.closest else None
        if not card:
            return None
        full = self._card(str(card.getAttribute("data-card")))
        values = []
        for selector in (".crystals", ".atk", ".life"):
            now, shown = card.querySelector(selector), full.querySelector(selector)
            if now and shown:
                dom.set_text(shown, now.textContent)
                shown.className = now.className
                values.append(str(now.textContent))
        full.setAttribute("data-detail", ":".join([str(card.getAttribute("data-card")),
                                                   str(card.getAttribute("data-uid") or ""), *values]))
        return full

    def describe(self, event: dict, view) -> str:
        return describe(event, self._name, self.lang, self._squad)

    def position(self, index: int, replay) -> str:
        frame = replay.frames[index]
        key = "start_label" if index == 0 else "turn_label"
        return message("ui", key, self.lang, turn=frame.turn, last=replay.frames[-1].turn)

    def decision_kind(self, view, decision) -> str:
        return decision.kind

    def status(self, view, seat, decision) -> str:
        return ""

    def status_over(self) -> str:
        return ""

    # --- drawing -------------------------------------------------------------------------

    def _draw_side(self, side: dict) -> None:
        root = dom.find(f"side-{side['seat']}")
        dom.set_text(root.querySelector(".leadership"), max(0, side["leadership"]))   # A4-7: ≤ 0 counts as 0
        deck = side["deck"]
        dom.set_text(root.querySelector(".deck"), deck if isinstance(deck, int) else len(deck))
        dom.set_text(root.querySelector(".squads"), ", ".join(self._squad(squad) for squad in side["squads"]))
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
        template = dom.find(f"card-{card_id}-{self.lang}")
        if not template:        # a missing element is jsnull (falsy), not None, in Pyodide
            node = dom.clone("card-generic")
            dom.set_text(node.querySelector(".name"), self._name(card_id))
        else:
            node = dom.clone(template)
        if uid is not None:
            node.dataset.uid = str(uid)
            node.tabIndex = 0           # focus shows the card in full (the card details panel)
        # A compact card on a narrow board may cut its name short: the tooltip keeps it whole.
        details = str(node.title or "")
        node.title = f"{self._name(card_id)} — {details}" if details else self._name(card_id)
        for selector, value in ((".crystals", crystals), (".atk", attack), (".life", life)):
            if value is not None and node.querySelector(selector):
                dom.set_text(node.querySelector(selector), value)
        self._mark_changes(node, attack, life)
        return node

    @staticmethod
    def _mark_changes(node, attack, life) -> None:
        """Badges that differ from the printed card: buffed (above it) or damaged (Life below it)."""
        printed = {key: str(node.getAttribute(f"data-{key}") or "") for key in ("attack", "life")}
        for key, value, selector in (("attack", attack, ".atk"), ("life", life, ".life")):
            badge = node.querySelector(selector)
            if value is None or not badge or not printed[key].lstrip("-").isdigit():
                continue
            badge.classList.toggle("buffed", value > int(printed[key]))
            badge.classList.toggle("damaged", key == "life" and value < int(printed[key]))

    def _name(self, card_id: str) -> str:
        return self._in_lang(self.names.get(card_id), card_id)

    def _squad(self, squad_id: str) -> str:
        return self._in_lang(self.squad_names.get(squad_id), squad_id)

    def _in_lang(self, names: dict | None, fallback: str) -> str:
        """A name in the page's language (English when it lacks one; the id only if it has none)."""
        return names.get(self.lang) or names["en"] if names else str(fallback)

    # --- effects ------------------------------------------------------------------------------

    def _spot(self, board, place: tuple):
        """The element a place names on the board (jsnull when it is not drawn, e.g. a dead card)."""
        kind = place[0]
        if kind == "uid":
            return board.querySelector(f'[data-uid="{int(place[1])}"]')
        side = f"#side-{int(place[1])}"
        if kind == "cell":
            return board.querySelector(f'{side} .cell[data-cell="{int(place[2])}"]')
        return board.querySelector(f"{side} .{'leadership' if kind == 'leadership' else 'terrain'}")

    def _card_fx(self, board, effect) -> None:
        """An entry, a hit or a buff as a class on the card, delayed to its moment in the frame."""
        node = self._spot(board, effect.place)
        if node:
            node.style.animationDelay = f"{effect.start}s"
            node.classList.add(CARD_FX[effect.kind])

    def _overlay_fx(self, board, origin, effect) -> None:
        """An arrow, a number, a fading dead card or a terrain pulse on the overlay layer."""
        spot = self._spot(board, effect.place)
        if not spot:
            return
        box = _box(spot, origin, board)
        node = window.document.createElement("div")
        node.className = f"fx {OVERLAY_FX[effect.kind]}"
        node.style.animationDelay = f"{effect.start}s"
        if effect.kind == "shot":
            target = self._spot(board, effect.target)
            if not target:
                return
            _aim(node, box, _box(target, origin, board))
            node.dataset.to = effect.target[0]
        elif effect.kind == "number":
            # Kept clear of the layer's edges (it clips): a number on the top side's Leadership
            # would otherwise float out of sight.
            y = min(max(box["y"] + box["h"] / 2, NUMBER_MARGIN), board.clientHeight - NUMBER_MARGIN / 2)
            _at(node, box["x"] + box["w"] / 2, y)
            dom.set_text(node, effect.text)
        else:
            _cover(node, box)
            if effect.kind == "death" and effect.card:
                node.append(self._card(effect.card, life=effect.life))
        self.ctl.part("fx").append(node)

    def _fx_done(self, event) -> None:
        """An overlay's animation ended: remove it (the card classes go with the next frame)."""
        node = event.target
        if node.classList.contains("fx"):       # the overlays themselves, never a card inside a ghost
            node.remove()



# --- placing overlays (pixels relative to the board's padding box, where the layer sits) ----------

def _box(node, origin, board) -> dict:
    """`node`'s box relative to the board's padding box."""
    rect = node.getBoundingClientRect()
    return {"x": rect.left - origin.left - board.clientLeft, "y": rect.top - origin.top - board.clientTop,
            "w": rect.width, "h": rect.height}


def _at(node, x: float, y: float) -> None:
    node.style.left, node.style.top = f"{x:.1f}px", f"{y:.1f}px"


def _cover(node, box: dict) -> None:
    """Lay `node` exactly over a box."""
    _at(node, box["x"], box["y"])
    node.style.width, node.style.height = f"{box['w']:.1f}px", f"{box['h']:.1f}px"


def _aim(node, source: dict, target: dict) -> None:
    """An arrow from the centre of `source` to the edge of `target` facing it."""
    x1, y1 = source["x"] + source["w"] / 2, source["y"] + source["h"] / 2
    x2, y2 = target["x"] + target["w"] / 2, target["y"] + target["h"] / 2
    # Stop at the target's near edge (its half height along the line), so the head stays visible.
    dx, dy = x2 - x1, y2 - y1
    length = math.hypot(dx, dy)
    stop = min(target["h"] / 2, length / 2) if length else 0
    _at(node, x1, y1)
    node.style.width = f"{max(0.0, length - stop):.1f}px"
    node.style.rotate = f"{math.degrees(math.atan2(dy, dx)):.2f}deg"
