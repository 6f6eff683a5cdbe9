"""The autobattle renderer: the setup form (decks, seed; a player's saved squads from the squad
editor, ui/autobattle_squads.py) and the board of one frame.

A battle has no decisions: the controller computes it in full and plays it as a replay, so this
module only reads the form, draws spectator views (cards cloned from their pre-rendered
templates) and puts events in words.
"""

from pyscript import window

from engine.core import SkirmishError
from ui import dom
from ui.autobattle_squads import SquadEditor
from ui.words import describe, message

FX = {"enter": "fx-enter", "damage": "fx-hit", "aura": "fx-buff", "equip": "fx-buff"}


class Renderer:
    """Draws autobattle for ui/controller.py."""

    DRAW_KEY = "outcome_draw"
    OTHER_LINK_KEY = "link_not_autobattle"

    def __init__(self, ctl):
        self.ctl, self.lang = ctl, ctl.lang
        self.names: dict = {}
        self.squad_names: dict = {}
        self.squads = SquadEditor(ctl)

    def bind(self) -> None:
        self.ctl.bind(self.ctl.part("setup"), "submit", self.on_start)
        self.ctl.bind("roll-seed", "click", self.on_roll)
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
                raise SkirmishError(message("ui", "no_squad", self.lang, seat=self.ctl.side_word(seat)))
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
        for side in view["sides"]:
            self._draw_side(side)

    def clear(self) -> None:
        for side in (0, 1):
            root = dom.find(f"side-{side}")
            for selector in (".reserve", ".terrain", ".cell"):
                for node in root.querySelectorAll(selector):
                    node.replaceChildren()

    def animate(self, events: list) -> None:
        board = self.ctl.part("board")
        for event in events:
            effect = FX.get(event["kind"])
            uid = event.get("carrier", event.get("uid")) if event["kind"] == "equip" else event.get("uid")
            if effect and uid is not None:
                node = board.querySelector(f'[data-uid="{int(uid)}"]')
                if node:
                    node.classList.add(effect)

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
