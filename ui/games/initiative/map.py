"""The initiative map in the browser: units on the pre-rendered hex map, highlights, keyboard and zoom.

The starter maps are drawn at build time (build/templates/games/initiative/map.html, one SVG per map). A
map the build has no drawing for (a user's map carried in a game's setup: issue 23) is drawn here, once,
into the pre-rendered empty frame (hexmap_generic), from the view's `board` by the function the build
uses (ui/games/initiative/mapdata.map_entry), element by element with the same classes, so it looks and
behaves as a pre-rendered one; its names come from a user's file, so they are set as text or attribute
values only. This module shows the view's map and keeps its `<g class="units">` layer in step with the
view. Units are clones of the pre-rendered `imap-*` templates (hexmap_templates()), their words set by
textContent; each is keyed (hero index, minion id, token place) and moved by a CSS transform, so a move glides (no
transition under prefers-reduced-motion: site.css). Every hex is a button named in words: zone, space,
what is printed there, what stands there, the Battle Zone, and what a highlight means.

Keyboard: the map is one Tab stop (a roving tabindex); arrow keys go to the neighbouring hex in that
direction on screen (ui/games/initiative/hexgeom.toward), Enter or Space clicks the hex. The renderer (ui/games/initiative/renderer.py)
binds the board's clicks and keys and asks `target_of` / `on_key`; this module binds only the zoom buttons
and the focus ring (`bind`).
"""

from pyscript import document, window
from pyscript.ffi import to_js

from engine.rulesets.initiative.board import MAX_COLS, MAX_ROWS
from engine.rulesets.initiative.content import MAX_SETUP_ZONES
from ui import dom
from ui.games.initiative import hexgeom
from ui.games.initiative.mapdata import GENERIC_KEY, map_entry
from ui.games.initiative.words import hero_label
from ui.words import message

ARROWS = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}
MARKS = ("legal-move", "legal-target", "legal-place", "selected")
MARK_WORDS = {"legal-move": "imap_hl_move", "legal-target": "imap_hl_target", "legal-place": "imap_hl_place",
              "selected": "imap_hl_selected"}
ZOOMS = (1, 1.5, 2, 2.75, 3.5)          # the map's width, in frame widths (site.css: --z; a phone starts at 2)
PIP_STEP = 3.2                          # marker pips along a hero's top edge, SVG units apart
TEAM = {"red": "r", "blue": "b"}
SVG = "http://www.w3.org/2000/svg"
MAX_SPACES = MAX_ROWS * MAX_COLS        # the most a map file (board.py) can hold: a carried map is drawn only within it


def _space(value) -> tuple[int, int]:
    return (int(value[0]), int(value[1]))


class HexMap:
    """The initiative board for one page; see the module's docstring."""

    def __init__(self, ctl, lang: str):
        self.ctl, self.lang = ctl, lang
        self.view = None
        self.map_id = None
        self.hexes = {}                 # map id -> {(q, r): the hex's <g>}
        self.base = {}                  # map id -> {(q, r): its own accessible name (_own_names)}
        self.said = {}                  # (q, r) -> the accessible name set last (set again only when it changes)
        self.units = {}                 # unit key -> (kind, its <g>) on the shown map
        self.at = {}                    # (q, r) -> {"hero", "minion", "token"} from the view
        self.marks = {}                 # (q, r) -> highlight class
        self.roving = None              # (q, r): the map's one Tab stop
        self.drawn = None               # the board data drawn into the generic frame (None: nothing drawn yet)

    # --- wiring ---------------------------------------------------------------------------------

    def _frames(self):
        return self.ctl.section.querySelectorAll(".imap-frame")

    def bind(self) -> None:
        """Zoom buttons and the keyboard's focus ring; call from the renderer's bind()."""
        for frame in self._frames():
            for button in frame.querySelectorAll(".imap-zoom button"):
                self.ctl.bind(button, "click", self._on_zoom)
            self._zoom_buttons(frame, self._zoom_index(frame))
            svg = frame.querySelector("svg.imap")
            self.ctl.bind(svg, "focusin", self._on_focus)
            self.ctl.bind(svg, "focusout", lambda event: self._ring(event.currentTarget, None))

    def _svg(self, map_id=None):
        """The map's <svg>: its pre-rendered one, else the generic frame when that holds it (None otherwise).
        A user's map may be called "generic", so the generic frame is told by its class, not its id."""
        map_id = map_id or self.map_id
        if self.drawn is not None and map_id == str(self.drawn["id"]):
            return self._generic()
        built = dom.find(f"imap-{map_id}")
        return built if built and not built.classList.contains("generic") else None

    def _generic(self):
        """The pre-rendered empty frame's <svg> (hexmap_generic)."""
        return self.ctl.section.querySelector("svg.imap.generic") or None

    # --- a map with no pre-rendered drawing ------------------------------------------------------------

    def _must_draw(self, board: dict) -> bool:
        """True when the board has no pre-rendered drawing and is not the one in the generic frame now."""
        map_id = str(board["id"])
        built = dom.find(f"imap-{map_id}")
        if built and not built.classList.contains("generic"):
            return False
        return self.drawn is None or not (self.drawn is board or self.drawn == board)

    def _draw(self, board: dict) -> None:
        """Draw the board into the generic frame, as the build draws a starter map (hexmap in
        games/initiative/map.html): hexes, zone edges, zone names and crowns; then name the frame. A board
        beyond what a map file may hold (MAX_SPACES, MAX_SETUP_ZONES: the engine refuses it first) is left
        undrawn rather than tying up the page."""
        svg = self._generic()
        if not svg:
            return
        if self.drawn is not None:
            self.hexes.pop(str(self.drawn["id"]), None)
            self.base.pop(str(self.drawn["id"]), None)
        self.drawn = board
        spaces = sum(len(zone["spaces"]) for zone in board["zones"].values())
        if spaces > MAX_SPACES or len(board["zones"]) > MAX_SETUP_ZONES:
            entry = {"id": board["id"], "viewbox": "0 0 10 10", "spaces": [], "zones": [], "name": board["name"]}
        else:
            entry = map_entry(board, GENERIC_KEY)
        svg.querySelector(".hexes").replaceChildren(*[self._hex_node(space) for space in entry["spaces"]])
        edges = [_element("path", {"class": f"zo {z['tint']}", "data-zone": z["id"], "d": z["outline"]})
                 for z in entry["zones"]]
        svg.querySelector(".zones").replaceChildren(*edges)
        labels = []
        for zone in entry["zones"]:
            labels += self._label_nodes(zone)
        svg.querySelector(".labels").replaceChildren(*labels)
        map_id = str(board["id"])
        svg.setAttribute("viewBox", entry["viewbox"])
        svg.setAttribute("data-map", map_id)
        svg.setAttribute("aria-label", message("page", "imap_map", self.lang,
                                               name=entry["name"].get(self.lang) or entry["name"].get("en") or map_id))
        svg.closest(".imap-frame").setAttribute("data-map", map_id)

    @staticmethod
    def _hex_node(space: dict):
        """<g class="hex TINT[ x]" data-q data-r data-zone>: the hexagon, then terrain and a spawn point."""
        at = {"x": space["x"], "y": space["y"]}
        node = _element("g", {"class": f"hex {space['tint']}" + (" x" if space["terrain"] else ""),
                              "data-q": str(space["q"]), "data-r": str(space["r"]), "data-zone": space["zone"]})
        node.append(_element("use", {"href": f"#{GENERIC_KEY}h", **at}))
        if space["terrain"]:
            node.append(_element("use", {"href": f"#{GENERIC_KEY}x", "class": "xm", **at}))
        spawn = space["spawn"]
        if spawn:
            shape = "h" if spawn["kind"] == "hero" else spawn["kind"]
            node.append(_element("use", {"href": f"#{GENERIC_KEY}s{shape}", "class": f"sp {spawn['team'][0]}", **at}))
        return node

    def _label_nodes(self, zone: dict) -> list:
        """A Throne's crown, and the zone's name in the page's language: one line, or two <tspan>s."""
        label = zone["label"]
        nodes = []
        if zone["kind"] == "throne":
            nodes.append(_element("use", {"href": f"#{GENERIC_KEY}cr", "class": f"cr {zone['team'][0]}",
                                          "x": label["x"], "y": label["crown_y"]}))
        lines = label["lines"].get(self.lang) or label["lines"]["en"]
        text = _element("text", {"class": f"zn {zone['tint']}", "data-zone": zone["id"],
                                 "x": label["x"], "y": label["y"]})
        if len(lines) == 1:
            text.textContent = lines[0]
        else:
            for index, line in enumerate(lines):
                tspan = _element("tspan", {"x": label["x"], "dy": "-.55em" if index == 0 else "1.1em"})
                tspan.textContent = line
                text.append(tspan)
        nodes.append(text)
        return nodes

    def _index(self, map_id: str, board: dict) -> None:
        """Read a map's hexes once: (q, r) -> element, made a button out of the Tab order (the map's one Tab
        stop is set by _rove), and each hex's own name: zone, space, terrain, spawn point (the build leaves
        these out of the page to keep it small: both maps are in every language's page)."""
        svg = self._svg(map_id)
        if map_id in self.hexes or not svg:
            return
        found = {}
        for node in svg.querySelectorAll(".hex"):
            found[(int(node.getAttribute("data-q")), int(node.getAttribute("data-r")))] = node
            node.setAttribute("role", "button")
            node.tabIndex = -1
        self.hexes[map_id], self.base[map_id] = found, self._own_names(board)

    def _own_names(self, board: dict) -> dict:
        """(q, r) -> "Causeway, 14·4, red melee minion spawn point": what is printed on each space."""
        terrain = {_space(h) for h in board["terrain"]}
        spawns = {_space(h): ("hero", team) for team, spaces in board["hero_spawns"].items() for h in spaces}
        spawns.update({_space(h): (entry["type"], entry["team"]) for entry in board["minion_spawns"]
                       for h in entry["spaces"]})
        names = {}
        for zone in board["zones"].values():
            zone_name = zone["name"].get(self.lang) or zone["name"]["en"]
            for space in map(_space, zone["spaces"]):
                words = [message("page", "imap_space", self.lang, zone=zone_name, space=hexgeom.space_label(*space))]
                if space in terrain:
                    words.append(message("page", "imap_terrain", self.lang))
                if space in spawns:
                    words.append(message("page", f"imap_spawn_{spawns[space][0]}_{spawns[space][1]}", self.lang))
                names[space] = ", ".join(words)
        return names

    # --- drawing -----------------------------------------------------------------------------

    def show(self, view: dict) -> None:
        """Show the view's map with its units, Battle Zone(s) and each hex's name (highlights are kept
        for spaces that still exist; the renderer sets them again with highlight())."""
        board = view["board"]
        map_id = str(board["id"])
        fresh = self._must_draw(board)
        if map_id != self.map_id or fresh:
            self.clear()
            self.map_id, self.roving, self.said = map_id, None, {}
        if fresh:
            self._draw(board)
        self._index(map_id, board)
        for frame in self._frames():
            frame.hidden = str(frame.getAttribute("data-map")) != map_id
        self.view = view
        if not self._svg():
            return
        self._draw_units(view)
        battle = set(view.get("battle_zones") or [])
        for path in self._svg().querySelectorAll(".zones .zo"):
            path.classList.toggle("bz", str(path.getAttribute("data-zone")) in battle)
        self._name_all()
        self._rove(self._tab_stop())

    def _draw_units(self, view: dict) -> None:
        layer = self._svg().querySelector(".units")
        wanted, self.at = [], {}
        for hero in view["heroes"]:
            if hero.get("position") is None:
                continue
            space = _space(hero["position"])
            self.at.setdefault(space, {})["hero"] = hero["index"]
            wanted.append((f"h{hero['index']}", f"imap-hero-{hero['team']}", space, hero))
        for minion in view.get("minions") or []:
            space = _space(minion["space"])
            self.at.setdefault(space, {})["minion"] = minion["id"]
            wanted.append((f"m{minion['id']}", f"imap-minion-{minion['type']}", space, minion))
        for token in view.get("tokens") or []:
            space = _space(token["space"])
            self.at.setdefault(space, {})["token"] = token
            wanted.append((f"t{space[0]},{space[1]}", "imap-token", space, token))
        keep = {key for key, *_ in wanted}
        for key in [key for key in self.units if key not in keep]:
            self.units.pop(key)[1].remove()
        for key, template, space, data in wanted:
            kind, node = self.units.get(key, (None, None))
            if kind != template:
                if node:
                    node.remove()
                node = dom.clone(template).querySelector("g")
                layer.append(node)
                self.units[key] = (template, node)
            self._place(node, space)
            if key[0] == "h":
                self._hero(node, data)
            elif key[0] == "m":
                node.setAttribute("class", f"u minion {data['type']} {TEAM.get(data['team'], '')}")
                node.setAttribute("data-minion", str(data["id"]))
            else:
                node.setAttribute("data-token", str(data["token"]))

    @staticmethod
    def _place(node, space) -> None:
        x, y = hexgeom.centre(*space)
        node.style.transform = f"translate({hexgeom.num(x)}px, {hexgeom.num(y)}px)"
        node.setAttribute("data-q", str(space[0]))
        node.setAttribute("data-r", str(space[1]))

    def _hero(self, node, hero: dict) -> None:
        name = hero["name"].get(self.lang) or hero["name"].get("en") or "?"
        dom.set_text(node.querySelector(".ini"), name[:1].upper())
        dom.set_text(node.querySelector(".lv"), hero.get("level", ""))
        node.setAttribute("data-hero", str(hero["index"]))
        node.classList.toggle("acting", self.view.get("acting") == hero["index"])
        pips = node.querySelector(".pips")
        markers = list(hero.get("markers") or [])[:5]
        while pips.childElementCount > len(markers):
            pips.lastElementChild.remove()
        while pips.childElementCount < len(markers):
            pips.append(dom.clone("imap-pip"))
        start = -PIP_STEP * (len(markers) - 1) / 2
        for index, pip in enumerate(pips.children):
            pip.setAttribute("cx", hexgeom.num(start + index * PIP_STEP))
            pip.setAttribute("cy", "-7.6")

    def clear(self) -> None:
        """Empty every map's unit layer and drop highlights and names of what stood there (hand-off)."""
        for layer in self.ctl.section.querySelectorAll(".imap .units"):
            layer.replaceChildren()
        self.units, self.at = {}, {}
        for space in list(self.marks):
            node = self._hex(space)
            if node:
                node.classList.remove(*MARKS)
        self.marks = {}
        if self.map_id in self.hexes:
            self._name_all()

    # --- highlights ----------------------------------------------------------------------------

    def highlight(self, marks: dict) -> None:
        """Mark spaces (and what stands on them): (q, r) -> "legal-move" | "legal-target" | "legal-place" |
        "selected". highlight({}) clears. The map's Tab stop moves to the first marked space unless the
        keyboard is on the map already."""
        old = set(self.marks)
        self.marks = {_space(space): css for space, css in marks.items() if css in MARKS}
        for space in old | set(self.marks):
            css = self.marks.get(space)
            for node in [self._hex(space), *self._units_at(space)]:
                if node:
                    node.classList.remove(*MARKS)
                    if css:
                        node.classList.add(css)
            self._name(space)
        if self.focused_space() is None:        # the Tab stop may move: the old one leaves the Tab order first
            old = self._hex(self.roving) if self.roving else None
            if old:
                old.tabIndex = -1
            self.roving = None
        self._rove(self._tab_stop())

    def _units_at(self, space) -> list:
        return [node for _, node in self.units.values()
                if node.getAttribute("data-q") == str(space[0]) and node.getAttribute("data-r") == str(space[1])]

    # --- words -------------------------------------------------------------------------------

    def _name_all(self) -> None:
        for space in self.hexes.get(self.map_id, {}):
            self._name(space)

    def _name(self, space) -> None:
        node = self._hex(space)
        if not node:
            return
        words = [self.base[self.map_id][space]]
        here = self.at.get(space, {})
        if self.view and "hero" in here:
            hero = next(h for h in self.view["heroes"] if h["index"] == here["hero"])
            words.append(message("page", "imap_hero", self.lang, hero=hero_label(self.view, here["hero"], self.lang),
                                 level=hero.get("level", "")))
            counts = {}
            for marker in hero.get("markers") or []:
                counts[marker] = counts.get(marker, 0) + 1
            words += [self._marker_words(marker, count) for marker, count in sorted(counts.items())]
        if self.view and "minion" in here:
            minion = next(m for m in self.view["minions"] if m["id"] == here["minion"])
            words.append(message("page", f"imap_minion_{minion['type']}_{minion['team']}", self.lang))
        if "token" in here:
            words.append(self._token_words(here["token"]["token"]))
        zone = str(node.getAttribute("data-zone"))
        if self.view and zone in (self.view.get("battle_zones") or []):
            words.append(message("page", "imap_battle_zone", self.lang))
        if space in self.marks:
            words.append(message("page", MARK_WORDS[self.marks[space]], self.lang))
        label = ", ".join(words)
        if self.said.get(space) != label:
            node.setAttribute("aria-label", label)
            self.said[space] = label

    def _marker_words(self, marker: str, count: int) -> str:
        words = message("page", "imap_marker_poison", self.lang) if marker == "poison" else str(marker)
        return f"{words} ×{count}" if count > 1 else words

    def _token_words(self, token: str) -> str:
        return message("page", "imap_token_rubble", self.lang) if token == "rubble" else str(token)

    # --- what a click or key means ----------------------------------------------------------------

    def target_of(self, node) -> dict | None:
        """What a click (or key) on `node` points at: the space, and the hero, minion or token on it."""
        if not node or not getattr(node, "closest", None) or not self.map_id:
            return None
        holder = node.closest(".u") or node.closest(".hex")
        svg = self._svg()
        if not holder or not svg or not svg.contains(holder):
            return None
        space = (int(holder.getAttribute("data-q")), int(holder.getAttribute("data-r")))
        here = self.at.get(space, {})
        return {"space": [space[0], space[1]], "hero": here.get("hero"), "minion": here.get("minion"),
                "token": "token" in here}

    def on_key(self, event) -> bool:
        """Arrow keys: to the neighbouring hex that way on screen; Enter or Space: click the hex."""
        node = event.target
        if event.altKey or event.ctrlKey or event.metaKey or not node or not getattr(node, "closest", None):
            return False
        hex_node = node.closest(".hex")
        if not hex_node or not hex_node.isSameNode(node) or not self.map_id:
            return False
        here = (int(node.getAttribute("data-q")), int(node.getAttribute("data-r")))
        key = str(event.key)
        if key in ARROWS:
            event.preventDefault()
            there = hexgeom.toward(self.hexes[self.map_id], here, *ARROWS[key])
            if there:
                self.focus_space(there)
            return True
        if key in ("Enter", " "):
            event.preventDefault()
            node.dispatchEvent(window.MouseEvent.new("click", to_js({"bubbles": True, "cancelable": True})))
            return True
        return False

    # --- focus ---------------------------------------------------------------------------------

    def focus_space(self, space) -> None:
        """Put the keyboard on a space of the shown map (and make it the map's Tab stop)."""
        node = self._hex(_space(space)) if space is not None else None
        if node:
            self._rove(_space(space))
            node.focus()

    def focused_space(self) -> list | None:
        """[q, r] of the hex the keyboard is on, on the shown map; None when it is elsewhere."""
        active = document.activeElement
        svg = self._svg() if self.map_id else None
        if not active or not svg or not svg.contains(active) or not active.classList.contains("hex"):
            return None
        return [int(active.getAttribute("data-q")), int(active.getAttribute("data-r"))]

    def _hex(self, space):
        return self.hexes.get(self.map_id, {}).get(space)

    def _tab_stop(self):
        """The Tab stop: where it was, else the first highlighted space, the acting hero, any hero, the
        first space (reading order)."""
        spaces = self.hexes.get(self.map_id, {})
        if self.roving in spaces:
            return self.roving
        order = sorted(spaces, key=lambda s: (s[1], s[0]))
        marked = [s for s in order if s in self.marks]
        if marked:
            return marked[0]
        heroes = (self.view or {}).get("heroes") or []
        acting = (self.view or {}).get("acting")
        placed = [_space(h["position"]) for h in heroes if h.get("position") is not None and h["index"] == acting]
        placed += [_space(h["position"]) for h in heroes if h.get("position") is not None]
        return next((s for s in placed if s in spaces), order[0] if order else None)

    def _rove(self, space) -> None:
        if space is None or space not in self.hexes.get(self.map_id, {}):
            return
        if self.roving != space:
            old = self._hex(self.roving) if self.roving else None
            if old:
                old.tabIndex = -1
        self._hex(space).tabIndex = 0
        self.roving = space

    def _on_focus(self, event) -> None:
        node = event.target
        if not node or not node.classList.contains("hex"):
            return
        self._rove((int(node.getAttribute("data-q")), int(node.getAttribute("data-r"))))
        self._ring(event.currentTarget, node if node.matches(":focus-visible") else None)

    @staticmethod
    def _ring(svg, node) -> None:
        """The keyboard's ring, drawn above everything (a hex's own edge is half hidden by its neighbours)."""
        ring = svg.querySelector(".ring") if svg else None
        if not ring:
            return
        if node is None:
            ring.setAttribute("visibility", "hidden")
            return
        use = node.querySelector("use")
        ring.setAttribute("x", use.getAttribute("x"))
        ring.setAttribute("y", use.getAttribute("y"))
        ring.setAttribute("visibility", "visible")

    # --- zoom ----------------------------------------------------------------------------------

    def _on_zoom(self, event) -> None:
        """− / +: the map's width in frame widths (ZOOMS), keeping the middle of what was in view in view."""
        button = event.currentTarget
        frame = button.closest(".imap-frame")
        pan = frame.querySelector(".imap-pan")
        index = max(0, min(len(ZOOMS) - 1, self._zoom_index(frame) + int(button.getAttribute("data-zoom"))))
        middle = (pan.scrollLeft + pan.clientWidth / 2) / max(1, pan.scrollWidth)
        frame.style.setProperty("--z", str(ZOOMS[index]))
        pan.scrollLeft = max(0, middle * pan.scrollWidth - pan.clientWidth / 2)
        self._zoom_buttons(frame, index)

    @staticmethod
    def _zoom_index(frame) -> int:
        """The zoom step the frame shows now (site.css sets the first: 1 on a wide screen, 2 on a phone)."""
        text = str(window.getComputedStyle(frame).getPropertyValue("--z")).strip()
        try:
            now = float(text)
        except ValueError:
            now = 1.0
        return min(range(len(ZOOMS)), key=lambda i: abs(ZOOMS[i] - now))

    @staticmethod
    def _zoom_buttons(frame, index: int) -> None:
        """A button that would go past the last step is disabled; the keyboard moves to the other one
        (a disabled button loses the focus to <body>)."""
        buttons = list(frame.querySelectorAll(".imap-zoom button"))
        for button in buttons:
            button.disabled = not 0 <= index + int(button.getAttribute("data-zoom")) < len(ZOOMS)
        for button in buttons:
            if button.disabled and button.isSameNode(document.activeElement):
                next((other for other in buttons if not other.disabled), frame).focus()


def _element(tag: str, attributes: dict):
    """A new SVG element with these attributes, each set as a value (never parsed as markup)."""
    node = document.createElementNS(SVG, tag)
    for name, value in attributes.items():
        node.setAttribute(name, str(value))
    return node
