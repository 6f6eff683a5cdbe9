"""The initiative play page's panels around the map: the round and its counters (life, waves, the
tie-breaker coin), the initiative track, each hero's dashboard, and cards cloned from their templates.

Drawing only, from a view: no clicks here (ui/games/initiative/renderer.py owns the choices). Every text goes in
with textContent; cards come from the pre-rendered `icard-…` templates (games/initiative/_card.html),
or a generic card filled from the view's printed card when a template is missing.
"""

from engine.rulesets.initiative.botsense import initiative as effective_initiative
from ui import dom
from ui.words import message

from ui.games.initiative.words import card_name, hero_name, seat_words

TEAMS = ("red", "blue")


def now(view: dict) -> int:
    """The turn counted from the first (active effects use it), as the engine's stats.now."""
    return (view["round"] - 1) * 4 + view["turn"]


def team_word(team: str, lang: str) -> str:
    return message("ui", f"i_team_{team}", lang)


def card_node(cid: str, view: dict, lang: str, mini: bool = False):
    """A card as its pre-rendered template (or the generic one, filled in), ready to place."""
    template = dom.find(f"icard-{cid}")
    if template:
        node = dom.clone(template)
    else:
        node = dom.clone("icard-generic")
        card = view["cards"].get(cid) or {}
        node.classList.add(f"colour-{card.get('colour', 'none')}", f"tier-{card.get('tier', 0)}")
        node.setAttribute("data-card", cid)
        dom.set_text(node.querySelector(".iname"), card_name(card, lang) if card else cid)
        dom.set_text(node.querySelector(".iinit"), card.get("initiative") if card.get("initiative") is not None else "—")
        primary = card.get("primary")
        dom.set_text(node.querySelector(".iprimary"), message("ui", f"i_primary_{primary}", lang, value=card.get("value") or 0)
                     if primary else "")
        text = card.get("text") or {}
        dom.set_text(node.querySelector(".itext"), text.get(lang) or text.get("en") or "")
    if mini:
        node.classList.add("mini")
    return node


def back_node():
    """A face-down card: the selection is made, the card stays hidden until every seat has played."""
    return dom.clone("icard-back")


def draw_head(view: dict, lang: str) -> None:
    """Round and turn, the coin's face, each team's life counters, each lane's wave counters."""
    dom.set_text(dom.find("initiative-round"), message("ui", "i_round_turn", lang, round=view["round"], turn=view["turn"]))
    coin = dom.find("initiative-coin")
    coin.dataset.team = view["coin"]
    dom.set_text(coin.querySelector(".face"), team_word(view["coin"], lang))
    coin.setAttribute("aria-label", message("ui", "i_coin_label", lang, team=team_word(view["coin"], lang)))
    for team in TEAMS:
        box = dom.find(f"initiative-life-{team}")
        count = int(view["life"].get(team, 0))
        dom.set_text(box.querySelector(".count"), count)
        box.setAttribute("aria-label", message("ui", "i_life_label", lang, team=team_word(team, lang), count=count))
    waves = dom.find("initiative-waves")
    nodes = []
    lanes = len(view["waves"])
    for lane, count in enumerate(view["waves"]):
        node = dom.clone("iwave")
        zone = view["battle_zones"][lane] if lane < len(view["battle_zones"]) else None
        zone_name = view["board"]["zones"].get(zone, {}).get("name", {}) if zone else {}
        where = zone_name.get(lang) or zone_name.get("en") or ""
        key = "i_waves_lane" if lanes > 1 else "i_waves"
        dom.set_text(node.querySelector(".count"), count)
        dom.set_text(node.querySelector(".what"), message("ui", key, lang, lane=lane + 1))
        dom.set_text(node.querySelector(".where"), message("ui", "i_battle_zone", lang, zone=where) if where else "")
        nodes.append(node)
    waves.replaceChildren(*nodes)


def track_order(view: dict) -> list:
    """The heroes with a card this turn, in initiative order (highest first; the coin's team first in a
    cross-team tie, as S1-R9 settles it), with (hero index, card id | None, effective initiative)."""
    printed = (view.get("options") or {}).get("effective_initiative") == "printed"
    entries = []
    for key, cid in view["played"].items():
        hero = view["heroes"][int(key)]
        card = view["cards"].get(cid) if cid else None
        value = effective_initiative(hero, card, now(view), printed) if card and card.get("initiative") is not None else None
        entries.append((int(key), cid, value))
    coin = view["coin"]
    return sorted(entries, key=lambda e: (e[2] is None, -(e[2] or 0), view["heroes"][e[0]]["team"] != coin, e[0]))


def draw_track(view: dict, lang: str, chosen_seats: list) -> None:
    """The turn's cards in initiative order once revealed; before the reveal, a face-down card for each
    hero whose seat has chosen. Ties are marked and explained (the coin, or the team's choice)."""
    track = dom.find("initiative-track-list")
    items = []
    if view["played"]:
        order = track_order(view)
        values = [value for _, _, value in order if value is not None]
        unresolved = set(view["unresolved"])
        for hero_index, cid, value in order:
            item = dom.clone("itrack-item")
            hero = view["heroes"][hero_index]
            item.classList.add(f"team-{hero['team']}")
            state = "acting" if view["acting"] == hero_index else ("waiting" if hero_index in unresolved else "done")
            item.classList.add(state)
            dom.set_text(item.querySelector(".who"), hero_name(view, hero_index, lang))
            dom.set_text(item.querySelector(".value"), value if value is not None else "—")
            dom.set_text(item.querySelector(".state"), message("ui", f"i_track_{state}", lang))
            slot = item.querySelector(".card")
            slot.replaceChildren(card_node(cid, view, lang, mini=True) if cid else
                                 dom.element("span", message("ui", "i_passed", lang), "passed"))
            if value is not None and values.count(value) > 1 and hero_index in unresolved:
                item.classList.add("tie")
            items.append(item)
        dom.set_text(dom.find("initiative-track-note"), tie_note(view, order, lang))
    else:
        for hero in view["heroes"]:
            if hero["seat"] in chosen_seats:
                item = dom.clone("itrack-item")
                item.classList.add(f"team-{hero['team']}", "facedown")
                dom.set_text(item.querySelector(".who"), hero_name(view, hero["index"], lang))
                dom.set_text(item.querySelector(".state"), message("ui", "i_track_chosen", lang))
                item.querySelector(".card").replaceChildren(back_node())
                items.append(item)
        dom.set_text(dom.find("initiative-track-note"),
                     message("ui", "i_track_hidden", lang) if view["phase"] == "select" else "")
    if not items:
        items.append(dom.element("li", message("ui", "i_track_empty", lang), "empty"))
    track.replaceChildren(*items)


def tie_note(view: dict, order: list, lang: str) -> str:
    """Ties among the cards still to resolve, in words: across teams the coin's team goes first (S1-R9),
    within a team the team chooses (S1-R11)."""
    unresolved = set(view["unresolved"])
    waiting = [(i, v) for i, _, v in order if i in unresolved and v is not None]
    if not waiting:
        return ""
    best = waiting[0][1]
    tied = [i for i, v in waiting if v == best]
    if len(tied) < 2:
        return ""
    teams = {view["heroes"][i]["team"] for i in tied}
    names = ", ".join(hero_name(view, i, lang) for i in tied)
    if len(teams) > 1:
        return message("ui", "i_tie_coin", lang, heroes=names, value=best, team=team_word(view["coin"], lang))
    return message("ui", "i_tie_team", lang, heroes=names, value=best, team=team_word(teams.pop(), lang))


def draw_dashboards(view: dict, lang: str) -> None:
    """Each hero: name and seat, level, coins, items, markers, where it stands, its four dashboard slots."""
    nodes = []
    for hero in view["heroes"]:
        node = dom.clone("idash")
        node.classList.add(f"team-{hero['team']}")
        if view["acting"] == hero["index"]:
            node.classList.add("acting")
        node.dataset.hero = str(hero["index"])
        dom.set_text(node.querySelector(".hname"), hero_name(view, hero["index"], lang))
        dom.set_text(node.querySelector(".hseat"), seat_words(hero["seat"], view, lang))
        dom.set_text(node.querySelector(".hlevel"), message("ui", "i_level", lang, level=hero["level"]))
        dom.set_text(node.querySelector(".hcoins"), message("ui", "i_coins", lang, coins=hero["coins"]))
        hand = hero["hand"]
        dom.set_text(node.querySelector(".hhand"), message("ui", "i_hand_count", lang,
                                                             count=len(hand) if isinstance(hand, list) else hand))
        dom.set_text(node.querySelector(".hwhere"), message("ui", "i_off_board", lang) if not hero["position"] else "")
        items = ", ".join(message("ui", "i_item", lang, icon=message("ui", f"i_icon_{icon}", lang), count=count)
                          for icon, count in sorted(hero["items"].items()) if count)
        dom.set_text(node.querySelector(".hitems"), message("ui", "i_items", lang, items=items) if items else "")
        markers = ", ".join(message("ui", f"i_marker_{m}", lang) for m in hero["markers"])
        dom.set_text(node.querySelector(".hmarkers"), message("ui", "i_markers", lang, markers=markers) if markers else "")
        slots = []
        for position, cid in enumerate(hero["dashboard"]):
            slot = dom.clone("islot")
            slot.setAttribute("aria-label", message("ui", "i_slot", lang, number=position + 1))
            if cid:
                slot.append(card_node(cid, view, lang, mini=True))
            slots.append(slot)
        node.querySelector(".hslots").replaceChildren(*slots)
        nodes.append(node)
    dom.find("initiative-dashboards").replaceChildren(*nodes)
