"""The initiative hero selection screen (phase "draft": engine/rulesets/initiative/draft.py).

While the heroes are picked there is no map to play on yet, so the board shows this instead: the order
of the bans and picks (done, now, later; each done step with its hero), and the heroes on offer as
tiles — name, style, the gallery's line about the hero, who picked or banned it, and a link to its
cards. A tile is a button only when its `["pick", h]` / `["ban", h]` is in the seat's legal actions;
its `data-action` is that action's index there, so a click (ui/games/initiative/renderer.py) submits exactly
the legal action.

Tiles are cloned from the pre-rendered `idraft-<hero>` templates (words from the build), or the
generic one filled in from the view's catalogue. A single draft's offer is in the view only for the
seat it is made to: other seats get its size, and the screen says so without naming a hero.
"""

from ui import dom
from ui.words import message

from ui.games.initiative.words import hero_id_name, seat_words, team_words

BOX = "initiative-draft"
PARTS = ("initiative-draft-order", "initiative-draft-tiles")


def drafting(view: dict | None) -> bool:
    """True while the heroes are being chosen (the view's phase "draft" with its "draft" part)."""
    return bool(view) and view.get("phase") == "draft" and bool(view.get("draft"))


def clear() -> None:
    """The hand-off: a single draft's offer (and everything else of the screen) out of the page."""
    for part in PARTS:
        dom.find(part).replaceChildren()
    dom.set_text(dom.find("initiative-draft-now"), "")
    dom.set_text(dom.find("initiative-draft-note"), "")


def draw(view: dict, legal: list, live: bool, lang: str) -> None:
    """The whole screen for `view`; tiles are buttons for the actions in `legal` when `live`."""
    draft = view["draft"]
    dom.set_text(dom.find("initiative-draft-title"),
                 message("ui", "i_draft_title", lang, variant=message("page", f"i_sel_{draft['variant']}", lang)))
    step = current(draft)
    now = dom.find("initiative-draft-now")
    now.className = f"idraft-now team-{step['team']}" if step else "idraft-now"
    dom.set_text(now, now_words(step, view, lang) if step else "")
    dom.find("initiative-draft-order").replaceChildren(*order_items(view, lang))
    dom.find("initiative-draft-tiles").replaceChildren(*[tile(h, view, legal if live else [], lang)
                                                         for h in on_offer(draft)])
    dom.set_text(dom.find("initiative-draft-note"), note(view, step, lang))


def current(draft: dict) -> dict | None:
    steps, index = draft["steps"], draft["next"]
    return steps[index] if index < len(steps) else None


def on_offer(draft: dict) -> list:
    """The heroes the screen shows as tiles: a single draft's offer (when this seat sees it), a random
    draft's pool, else every hero (taken ones marked)."""
    if draft["variant"] == "single_draft":
        return list(draft["offer"]) if isinstance(draft.get("offer"), list) else []
    if draft["variant"] == "random_draft" and draft.get("pool"):
        return list(draft["pool"])
    return list(draft.get("catalogue") or {})


def now_words(step: dict, view: dict, lang: str) -> str:
    """Whose turn and what: "Now: Team Red bans a hero" / "Now: Blue 1 picks a hero"."""
    if step["do"] == "ban":
        return message("ui", "i_draft_now_ban", lang, team=team_words(step["team"], lang))
    return message("ui", "i_draft_now_pick", lang, seat=seat_words(step["seat"], view, lang))


def step_words(step: dict, view: dict, lang: str) -> str:
    if step["do"] == "ban":
        return message("ui", "i_draft_step_ban", lang, team=team_words(step["team"], lang))
    return message("ui", "i_draft_step_pick", lang, seat=seat_words(step["seat"], view, lang))


def order_items(view: dict, lang: str) -> list:
    """One item per step, in order: who, pick or ban, and the hero once chosen; the step now is marked."""
    draft = view["draft"]
    bans = iter(draft["bans"])
    items = []
    for index, step in enumerate(draft["steps"]):
        item = dom.clone("idraft-step")
        item.classList.add(f"team-{step['team']}", f"do-{step['do']}")
        dom.set_text(item.querySelector(".who"), step_words(step, view, lang))
        hero = None
        if index < draft["next"]:
            item.classList.add("done")
            hero = next(bans, {}).get("hero") if step["do"] == "ban" else draft["picks"][step["slot"]]
        elif index == draft["next"]:
            item.classList.add("now")
            item.setAttribute("aria-current", "step")
        dom.set_text(item.querySelector(".hero"), hero_id_name(view, hero, lang) if hero else
                     message("ui", "i_draft_step_now" if index == draft["next"] else "i_draft_step_later", lang))
        items.append(item)
    return items


def marks(view: dict, hero: str, lang: str) -> tuple[list, list]:
    """(words, teams) saying who picked and who banned `hero` (all pick lets both teams take one)."""
    draft = view["draft"]
    words, teams = [], []
    for ban in draft["bans"]:
        if ban["hero"] == hero:
            words.append(message("ui", "i_draft_banned_by", lang, team=team_words(ban["team"], lang)))
    for step in draft["steps"]:
        if step["do"] == "pick" and draft["picks"][step["slot"]] == hero:
            words.append(message("ui", "i_draft_picked_by", lang, seat=seat_words(step["seat"], view, lang)))
            teams.append(step["team"])
    return words, teams


def tile(hero: str, view: dict, legal: list, lang: str):
    """A hero's tile: its button (enabled for this seat's legal pick or ban) and the link to its cards."""
    node = blank(hero, view, lang)
    button = node.querySelector(".idraft-act")
    words, teams = marks(view, hero, lang)
    banned = any(b["hero"] == hero for b in view["draft"]["bans"])
    if banned:
        node.classList.add("banned")
    for team in dict.fromkeys(teams):
        node.classList.add("picked", f"team-{team}")
    dom.set_text(node.querySelector(".mark"), "; ".join(words))
    action = next((a for a in legal if len(a) == 2 and a[1] == hero and a[0] in ("pick", "ban")), None)
    if action is None:
        button.disabled = True
        dom.set_text(node.querySelector(".verb"), "")
        return node
    node.classList.add("legal", f"do-{action[0]}")
    button.disabled = False
    button.dataset.action = str(legal.index(action))
    dom.set_text(node.querySelector(".verb"), message("ui", f"i_draft_verb_{action[0]}", lang))
    return node


def blank(hero: str, view: dict, lang: str):
    """The hero's pre-rendered tile, or the generic one filled in from the view's catalogue."""
    template = dom.find(f"idraft-{hero}")
    if template:
        return dom.clone(template)
    node = dom.clone("idraft-generic")
    node.dataset.hero = hero
    style = ((view["draft"].get("catalogue") or {}).get(hero) or {}).get("style")
    dom.set_text(node.querySelector(".name"), hero_id_name(view, hero, lang))
    dom.set_text(node.querySelector(".style"), message("page", f"icard_style_{style}", lang) if style else "")
    return node


def note(view: dict, step: dict | None, lang: str) -> str:
    """Under the tiles: a single draft's offer made to another seat (its size only), or a random
    draft's pool."""
    draft = view["draft"]
    if draft["variant"] == "single_draft" and isinstance(draft.get("offer"), int) and step and step["do"] == "pick":
        return message("ui", "i_draft_offer_hidden", lang, count=draft["offer"],
                       seat=seat_words(step["seat"], view, lang))
    if draft["variant"] == "single_draft" and isinstance(draft.get("offer"), list):
        return message("ui", "i_draft_offer_yours", lang, count=len(draft["offer"]))
    if draft["variant"] == "random_draft" and draft.get("pool"):
        return message("ui", "i_draft_pool", lang, count=len(draft["pool"]))
    return ""


def first_button():
    """The first tile the seat may choose (for the keyboard), or None."""
    return dom.find("initiative-draft-tiles").querySelector(".idraft-act:not([disabled])")
