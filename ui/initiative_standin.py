"""TEMPORARY stand-in for the map helper's HexMap (ui/initiative_map.py) and the words helper's
functions (ui/initiative_words.py), to the brief's interfaces, so the play page runs before their work
is merged. Deleted when the real modules land (the renderer imports them first).
"""

import math

from pyscript import document

SIZE = 10


def _centre(q, r):
    return SIZE * math.sqrt(3) * (q + r / 2), SIZE * 1.5 * r


def _points(q, r):
    x, y = _centre(q, r)
    return " ".join(f"{x + SIZE * math.cos(math.radians(60 * i - 30)):.1f},"
                    f"{y + SIZE * math.sin(math.radians(60 * i - 30)):.1f}" for i in range(6))


class HexMap:
    """The map drawn at run time (the real one is pre-rendered at build time)."""

    def __init__(self, ctl, lang):
        self.ctl, self.lang = ctl, lang
        self.svg, self.map_id = None, None

    @staticmethod
    def _part(tag):
        return document.getElementById("istandin-svg").content.firstElementChild.querySelector(tag).cloneNode(False)

    def _build(self, board):
        holder = document.getElementById("initiative-standin-map")
        svg = document.getElementById("istandin-svg").content.firstElementChild.cloneNode(False)
        svg.setAttribute("class", "imap")
        spaces = [s for zone in board["zones"].values() for s in zone["spaces"]]
        xs = [_centre(q, r)[0] for q, r in spaces]
        ys = [_centre(q, r)[1] for q, r in spaces]
        svg.setAttribute("viewBox", f"{min(xs) - 12} {min(ys) - 12} {max(xs) - min(xs) + 24} {max(ys) - min(ys) + 24}")
        for zid, zone in board["zones"].items():
            for q, r in zone["spaces"]:
                g = self._part("g")
                g.setAttribute("class", f"hex zone-{zone['kind']}")
                g.setAttribute("data-q", str(q))
                g.setAttribute("data-r", str(r))
                g.setAttribute("data-zone", zid)
                g.setAttribute("tabindex", "-1")
                g.setAttribute("role", "button")
                g.setAttribute("aria-label", f"{zone['name'].get(self.lang, zid)} {q}·{r}")
                poly = self._part("polygon")
                poly.setAttribute("points", _points(q, r))
                g.append(poly)
                svg.append(g)
        units = self._part("g")
        units.setAttribute("class", "units")
        svg.append(units)
        holder.replaceChildren(svg)
        self.svg, self.map_id = svg, board["id"]

    def show(self, view):
        if self.map_id != view["board"]["id"]:
            self._build(view["board"])
        units = self.svg.querySelector(".units")
        nodes = []
        for hero in view["heroes"]:
            if hero.get("position"):
                nodes.append(self._dot(hero["position"], f"unit hero team-{hero['team']}", 7, str(hero["level"])))
        for minion in view["minions"]:
            nodes.append(self._dot(minion["space"], f"unit minion team-{minion['team']}", 4, ""))
        units.replaceChildren(*nodes)

    def _dot(self, space, css, radius, label):
        x, y = _centre(*space)
        circle = self._part("circle")
        circle.setAttribute("cx", f"{x:.1f}")
        circle.setAttribute("cy", f"{y:.1f}")
        circle.setAttribute("r", str(radius))
        circle.setAttribute("class", css)
        circle.setAttribute("pointer-events", "none")
        return circle

    def highlight(self, marks):
        if not self.svg:
            return
        for node in self.svg.querySelectorAll(".hex"):
            for css in ("legal-move", "legal-target", "legal-place", "selected"):
                node.classList.remove(css)
            mark = marks.get((int(node.dataset.q), int(node.dataset.r)))
            if mark:
                node.classList.add(mark)
                node.setAttribute("tabindex", "0")
            else:
                node.setAttribute("tabindex", "-1")

    def clear(self):
        if self.svg:
            self.svg.querySelector(".units").replaceChildren()

    def target_of(self, node):
        hexnode = node.closest(".hex") if node and node.closest else None
        if not hexnode:
            return None
        return {"space": [int(hexnode.dataset.q), int(hexnode.dataset.r)], "hero": None, "minion": None, "token": False}

    def on_key(self, event):
        return False

    def focus_space(self, space):
        pass

    def focused_space(self):
        return None


# --- words ---------------------------------------------------------------------------------------

def seat_words(seat, view, lang):
    return f"{'Red' if seat % 2 == 0 else 'Blue'} {seat // 2 + 1}"


def hero_name(view, index, lang):
    name = view["heroes"][index]["name"]
    return name.get(lang) or name.get("en", "?")


def hero_label(view, index, lang):
    return f"{hero_name(view, index, lang)} ({seat_words(view['heroes'][index]['seat'], view, lang)})"


def card_name(card, lang):
    return card["name"].get(lang) or card["name"].get("en", "?")


def space_words(space, board, lang):
    return f"{space[0]}·{space[1]}"


def describe(event, view, lang):
    return f"{event.get('kind')}: " + ", ".join(f"{k}={v}" for k, v in event.items()
                                                 if k not in ("kind", "rule", "reasons"))[:160]


def because(event, lang):
    return ""


def action_words(action, view, lang):
    return " ".join(str(part) for part in action)


def decision_words(view, seat, decision, lang):
    return f"{decision.kind} ({seat_words(seat, view, lang)})"
