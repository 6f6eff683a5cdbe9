"""Initiative in words: names, spaces, the battle log's sentences, action buttons and the status line.

Pure Python (no browser): the play page calls it, the tests run it over real games on CPython. It reads
only engine views, decisions and events; every string comes from ui/messages.toml ([ilog] sentences and
the game's words, [iwhy] reasons, [iaction] buttons, [istatus] status lines) in en, ja and ru.

Names come from the view: a hero's from `view["heroes"][i]["name"]`, a card's from
`view["cards"][id]["name"]`, a zone's from `view["board"]["zones"][id]["name"]`. A hero named only by its
id (a draft's pick or ban) is found in the view's heroes, then in the draft's catalogue (shown while
heroes are picked), and last in the built-in hero file (a banned hero is in neither once the draft is
over). Ids are never shown.

Seats: even seats are team Red, odd seats team Blue (engine seating.team_of); a seat is numbered within
its team from 1: seat 0 "Red 1", seat 1 "Blue 1", seat 2 "Red 2", seat 3 "Blue 2", …

Spaces: "Causeway 12·4" — the zone's name and the space's column·row in the map file's odd-r offset grid,
both counted from 1 (axial (q, r) → offset (col, row) with engine hexes.to_offset, then +1 each). Column 1
is the first character of a map file's grid row, row 1 its first row; odd-r: rows 2, 4, … (offset rows 1,
3, …) are drawn half a hex to the right. The map's labels use the same scheme.

Hidden information: an event is put in words from its own public fields only. `played` names the hero,
never the card (the engine's event does not carry it before the reveal); an `offer` says how many heroes
were offered, not which; `hero` carries the starting hand, which is not told (the same five cards for a
hero in every game, but a log line has no use for it).
"""

from engine.rulesets.initiative import hexes
from ui.words import message, messages

TEAMS = ("red", "blue")
TIERS = {0: "0", 1: "Ⅰ", 2: "Ⅱ", 3: "Ⅲ", 4: "Ⅳ"}

# Every event kind the ruleset emits (tests compare this with the engine's source).
KINDS = frozenset({
    "acting", "action", "active_effect", "attack", "attack_end", "attack_fails", "attack_total", "ban",
    "both_would_win", "bullet", "ceiling", "clear", "clear_board", "coin", "coins", "decline_respawn", "defeated",
    "defend", "draft", "draft_end", "effect", "effect_cancelled", "fast_travel", "flip", "hero", "hold", "immune", "initiative",
    "initiatives", "item", "lane_push", "last_push", "level_up", "life", "marker", "max_tier",
    "minion_battle", "minion_defeated", "minion_modifiers", "minion_moved", "minion_not_respawned", "minion_placed",
    "minion_pushed",
    "minion_removed", "minion_respawned", "minion_returns", "minions", "move", "movement", "no_action",
    "no_defense", "no_effect", "not_repeated", "offer", "order", "pass", "pick", "place", "played", "push",
    "push_due", "recheck", "repeat", "reveal", "resolved", "respawn", "respawn_is_the_action", "retrieve",
    "round_end", "round_limit", "scheduled", "skill", "skip", "swap", "target", "text_stops", "tie", "token",
    "token_back", "token_removed", "turn_end", "turn_start", "ultimate", "upgrade", "victory", "wave",
    "waves",
})


def _t(section: str, key: str, lang: str, **values) -> str:
    return message(section, key, lang, **values)


def _w(key: str, lang: str) -> str:
    """One of the game's words ([ilog] `w_…` keys): teams, stats, minion types, …"""
    return message("ilog", f"w_{key}", lang)


def _has(section: str, key: str) -> bool:
    return key in messages().get(section, {})


def _capital(text: str) -> str:
    """A sentence begins with a capital (ru sentences may begin with "команда …")."""
    return text[:1].upper() + text[1:] if text else text


# --- names ---------------------------------------------------------------------------------------------

def _local(names, lang: str, fallback: str = "?") -> str:
    if isinstance(names, dict):
        return names.get(lang) or names.get("en") or fallback
    return fallback


def team_of(seat: int) -> str:
    """F-S1: seats alternate red, blue, red, … (engine seating.team_of)."""
    return TEAMS[seat % 2]


def team_words(team, lang: str) -> str:
    """A team in a sentence: "Team Red", "赤チーム", "команда «Красные»"."""
    return _t("ilog", "team", lang, side=side_words(team, lang))


def side_words(team, lang: str) -> str:
    """A team's colour alone: "Red", "赤", "«Красные»"."""
    return _w(f"side_{team}" if team in TEAMS else "side_none", lang)


def seat_words(seat, view: dict | None, lang: str) -> str:
    """A seat: "Red 1", "Blue 2" (its team's colour and its number within the team, from 1)."""
    if not isinstance(seat, int) or isinstance(seat, bool) or seat < 0:
        return _w("nobody", lang)
    return _t("ilog", f"seat_{team_of(seat)}", lang, number=seat // 2 + 1)


def _hero(view: dict, index):
    heroes = view.get("heroes") or []
    if isinstance(index, int) and not isinstance(index, bool) and 0 <= index < len(heroes):
        return heroes[index]
    return None


def hero_name(view: dict, index, lang: str) -> str:
    """The hero's name in the page's language."""
    hero = _hero(view, index)
    return _local(hero.get("name"), lang, _w("a_hero", lang)) if hero else _w("a_hero", lang)


def hero_label(view: dict, index, lang: str) -> str:
    """The hero with its seat: "Nim Reedknife (Red 1)" (two teams may field the same hero)."""
    hero = _hero(view, index)
    if hero is None:
        return _w("a_hero", lang)
    return _t("ilog", "hero_label", lang, name=hero_name(view, index, lang), seat=seat_words(hero["seat"], view, lang))


def _heroes(view: dict, indices, lang: str) -> str:
    return _w("and", lang).join(hero_label(view, i, lang) for i in indices or [])


_BUILTIN_NAMES: dict = {}


def hero_id_name(view: dict, hero_id, lang: str) -> str:
    """A hero named by its id (draft picks and bans): from the view's heroes, the draft's catalogue, or
    the built-in hero file."""
    for hero in view.get("heroes") or []:
        if hero.get("hero") == hero_id:
            return _local(hero.get("name"), lang)
    catalogue = (view.get("draft") or {}).get("catalogue") or {}
    if hero_id in catalogue:
        return _local(catalogue[hero_id].get("name"), lang)
    if not _BUILTIN_NAMES:
        from engine.rulesets.initiative.heroes import builtin_heroes
        _BUILTIN_NAMES.update({h.id: dict(h.name) for h in builtin_heroes().heroes.values()})
    return _local(_BUILTIN_NAMES.get(hero_id), lang, _w("a_hero", lang))


def card_name(card: dict, lang: str) -> str:
    """A printed card's name (a view's `cards` entry) in the page's language."""
    return _local(card.get("name") if isinstance(card, dict) else None, lang, "?")


def _card(view: dict, card_id, lang: str) -> str:
    card = (view.get("cards") or {}).get(card_id)
    return card_name(card, lang) if card else _w("a_card", lang)


def tier_words(tier) -> str:
    """A card tier as printed: Ⅰ, Ⅱ, Ⅲ, Ⅳ (the ultimate)."""
    return TIERS.get(tier, str(tier))


# --- spaces --------------------------------------------------------------------------------------------

_ZONES: dict = {}


def _zone_of(board: dict) -> dict:
    """(q, r) -> zone id, once per map (boards are shared, read-only data)."""
    key = board.get("id")
    found = _ZONES.get(key)
    if found is None or found[0] is not board:
        found = (board, {tuple(space): zone for zone, data in board.get("zones", {}).items()
                         for space in data.get("spaces", [])})
        _ZONES[key] = found
    return found[1]


def coordinate(space) -> tuple[int, int]:
    """The space's (column, row) in the map file's odd-r grid, both from 1."""
    col, row = hexes.to_offset((space[0], space[1]))
    return col + 1, row + 1


def zone_name(board: dict, zone_id, lang: str) -> str:
    zone = board.get("zones", {}).get(zone_id)
    return _local(zone.get("name"), lang) if zone else _w("off_map", lang)


def space_words(space, board: dict, lang: str) -> str:
    """A space as the map labels it: "Causeway 12·4" (zone name, column·row from 1)."""
    if not isinstance(space, (list, tuple)) or len(space) != 2:
        return _w("off_map", lang)
    col, row = coordinate(space)
    zone = _zone_of(board).get((space[0], space[1]))
    if zone is None:
        return _t("ilog", "space_bare", lang, col=col, row=row)
    return _t("ilog", "space", lang, zone=zone_name(board, zone, lang), col=col, row=row)


def _spaces(view: dict, spaces, lang: str) -> str:
    return _w("and", lang).join(space_words(s, view["board"], lang) for s in spaces or [])


def lane_words(view: dict, lane, lang: str) -> str:
    """"" on a one-lane map; else a clause naming the lane by its middle zone (" (the Upper Ford lane)")."""
    lanes = view["board"].get("lanes") or []
    if len(lanes) < 2 or not isinstance(lane, int) or not 0 <= lane < len(lanes):
        return ""
    middle = lanes[lane][len(lanes[lane]) // 2]
    return _t("ilog", "lane", lang, zone=zone_name(view["board"], middle, lang))


# --- minions -------------------------------------------------------------------------------------------

def minion_words(team, kind, lang: str) -> str:
    """"Red melee minion" / "赤の近接ミニオン" / "миньон ближнего боя («Красные»)"."""
    kind_words = _w(f"minion_{kind}", lang) if kind in ("melee", "ranged", "heavy") else _w("minion", lang)
    return _t("ilog", "minion", lang, side=side_words(team, lang), kind=kind_words)


def _minion(view: dict, ident) -> dict | None:
    return next((m for m in view.get("minions") or [] if m["id"] == ident), None)


def _minion_by_id(view: dict, ident, lang: str, team=None) -> str:
    """A minion named by its id: its team, type and space while the view shows it on the board; else only
    its team (an attacked minion is gone by the end of the step: the next line, `minion_defeated`, names it)."""
    found = _minion(view, ident)
    if found is not None:
        return _t("ilog", "minion_at", lang, minion=minion_words(found["team"], found["type"], lang),
                  space=space_words(found["space"], view["board"], lang))
    return minion_words(team, None, lang)


# --- card text as words (bullets, prompts) ------------------------------------------------------------

def _who(step: dict, lang: str) -> str:
    who = step.get("who", "self")
    return _t("ilog", f"who_{who}", lang, radius=step.get("radius", 1)) if _has("ilog", f"who_{who}") \
        else _t("ilog", "who_self", lang, radius=1)


def step_words(step: dict, lang: str) -> str:
    """One effect step in words ("friendly heroes in radius 3: +1 Defense this round")."""
    do = step.get("do")
    values = {"who": _who(step, lang), "n": step.get("up_to", step.get("distance", step.get("range", 0))),
              "radius": step.get("radius", 1)}
    key = f"step_{do}"
    if do in ("move", "push", "remove") and (do == "remove" or step.get("unit") in ("minion", "unit")):
        key = f"step_{do}_{step.get('unit', 'minion')}"                 # P1-21: a step on minions
    elif do == "move" and step.get("who") == "target":
        key = "step_move_target"
    elif do == "swap":
        key = "step_swap_friend" if step.get("with") == "friendly_in_radius" else "step_swap_target"
    elif do == "marker":
        values["marker"] = _w(f"marker_{step.get('marker')}", lang) if _has("ilog", f"w_marker_{step.get('marker')}") \
            else _w("marker", lang)
    elif do == "token":
        values["token"] = _token(step.get("token"), lang)
    elif do == "modify":
        values.update(amount=f"{step.get('amount', 0):+d}", stat=_stat_to(step.get("stat"), lang),
                      duration=_duration(step.get("duration"), lang))
    elif do == "coins":
        values["n"] = step.get("amount", 0)
    elif do == "choose":
        values["n"] = len(step.get("options") or [])
    if not _has("ilog", key):
        return _do_words(do, lang)
    return _t("ilog", key, lang, **values)


def bullet_words(card: dict | None, bullet, lang: str) -> str:
    """A modal bullet (F-A8) of a card's "choose one" text, in words."""
    for step in (card or {}).get("effect") or []:
        options = step.get("options") if step.get("do") == "choose" else None
        if options and isinstance(bullet, int) and 0 <= bullet < len(options):
            return _w("then", lang).join(step_words(s, lang) for s in options[bullet])
    return _t("ilog", "bullet_n", lang, n=(bullet + 1) if isinstance(bullet, int) else "?")


def _do_words(do, lang: str) -> str:
    return _w(f"do_{str(do).lstrip('_')}", lang) if _has("ilog", f"w_do_{str(do).lstrip('_')}") else _w("do_step", lang)


def _token(kind, lang: str) -> str:
    return _w(f"token_{kind}", lang) if _has("ilog", f"w_token_{kind}") else _w("token", lang)


def _stat(stat, lang: str) -> str:
    return _w(f"stat_{stat}", lang) if _has("ilog", f"w_stat_{stat}") else str(stat)


def _stat_to(stat, lang: str) -> str:
    return _w(f"to_{stat}", lang) if _has("ilog", f"w_to_{stat}") else _stat(stat, lang)


def _duration(duration, lang: str) -> str:
    return _w(f"for_{duration}", lang) if _has("ilog", f"w_for_{duration}") else ""


def _moment(moment, lang: str) -> str:
    return _w(f"at_{moment}", lang) if _has("ilog", f"w_at_{moment}") else _w("at_later", lang)


# --- the log ---------------------------------------------------------------------------------------------

def describe(event: dict, view: dict, lang: str) -> str:
    """An initiative event as a sentence (the rule id is shown beside it by the controller)."""
    kind = str(event.get("kind", ""))
    if kind not in KINDS:
        return _t("ilog", "other", lang, kind=kind)
    try:
        key, values = _sentence(kind, event, view, lang)
        return _capital(_t("ilog", key, lang, **values))
    except (KeyError, IndexError, TypeError, ValueError, AttributeError):
        return _t("ilog", "other", lang, kind=kind)


def _sentence(kind: str, e: dict, view: dict, lang: str) -> tuple[str, dict]:
    """(message key, values) for one event: the names, cards, spaces, seat and team any event may carry,
    then the kind's own values (SENTENCES); a kind's function returns its message key when not the kind."""
    board = view["board"]
    v: dict = {}
    if isinstance(e.get("hero"), int):
        v["hero"] = hero_label(view, e["hero"], lang)
    if "card" in e and isinstance(e["card"], str):
        v["card"] = _card(view, e["card"], lang)
    for field in ("to", "space"):
        if isinstance(e.get(field), list):
            v[field] = space_words(e[field], board, lang)
    if isinstance(e.get("seat"), int):
        v["seat"] = seat_words(e["seat"], view, lang)
    if e.get("team") in TEAMS:
        v["team"] = team_words(e["team"], lang)
    own = SENTENCES.get(kind)
    key = own(e, view, lang, v) if own else None
    return key or kind, v


# --- one function per event kind: it adds the kind's values to `v` and returns its key (None: the kind) --

def _on_coin(e, view, lang, v):
    v["team"] = team_words(e["coin"], lang)


def _on_life(e, view, lang, v):
    if "each" in e:
        v["each"] = e["each"]
        return "life_start"
    v.update(spent=e["spent"], left=e["left"])


def _on_waves(e, view, lang, v):
    v["waves"] = _w("and", lang).join(str(w) for w in e["waves"])


def _on_minions(e, view, lang, v):
    counts = {t: sum(1 for m in e["minions"] if m["team"] == t) for t in TEAMS}
    v.update(zones=_w("and", lang).join(zone_name(view["board"], z, lang) for z in e["zones"]), red=counts["red"],
             blue=counts["blue"])


def _on_draft(e, view, lang, v):
    v.update(variant=_w(f"variant_{e['variant']}", lang), team=team_words(e["coin"], lang),
             bans=sum(1 for s in e["steps"] if s["do"] == "ban"),
             picks=sum(1 for s in e["steps"] if s["do"] == "pick"))
    if e.get("pool"):
        v["pool"] = _w("and", lang).join(hero_id_name(view, h, lang) for h in e["pool"])
        return "draft_pool"


def _on_offer(e, view, lang, v):
    v["count"] = e["count"]


def _on_pick_or_ban(e, view, lang, v):
    v["name"] = hero_id_name(view, e["hero"], lang)
    v.pop("hero", None)


def _on_draft_end(e, view, lang, v):
    v["picks"] = _w("and", lang).join(hero_label(view, i, lang) if _hero(view, i) else hero_id_name(view, h, lang)
                                      for i, h in enumerate(e["picks"]))


def _on_round_and_turn(e, view, lang, v):
    v.update(round=e.get("round"), turn=e.get("turn"))


def _on_reveal(e, view, lang, v):
    _on_round_and_turn(e, view, lang, v)
    v["cards"] = _w("then", lang).join(_t("ilog", "hero_card", lang, hero=hero_label(view, int(i), lang),
                                          card=_card(view, c, lang) if c else _w("passed", lang))
                                       for i, c in sorted(e["cards"].items(), key=lambda item: int(item[0])))


def _on_played(e, view, lang, v):
    return "played" if e.get("on_board") else "played_off"


def _on_initiatives(e, view, lang, v):
    parts = []
    for i, value in sorted(e["values"].items(), key=lambda item: int(item[0])):
        name = hero_label(view, int(i), lang)
        parts.append(_t("ilog", "initiative_value", lang, hero=name, value=value["effective"])
                     if value["printed"] == value["effective"] else
                     _t("ilog", "initiative_changed", lang, hero=name, value=value["effective"],
                        printed=value["printed"]))
    v["values"] = _w("then", lang).join(parts)


def _on_initiative(e, view, lang, v):
    v["initiative"] = e["initiative"]


def _on_tie(e, view, lang, v):
    v.update(heroes=_heroes(view, e["heroes"], lang), initiative=e["initiative"])
    if "coin" in e:
        v["team"] = team_words(e["coin"], lang)
        return "tie_coin"
    return "tie_team"


def _on_acting(e, view, lang, v):
    primary = f"primary_{e.get('primary')}"
    v["primary"] = _w(primary, lang) if _has("ilog", f"w_{primary}") else _w("primary_none", lang)


def _on_action_taken(e, view, lang, v):
    v["action"] = _w(f"action_{e['action']}", lang)


def _on_move(e, view, lang, v):
    return "move_text" if e.get("text") else "move"


def _on_clear(e, view, lang, v):
    v.update(spaces=_spaces(view, e["spaces"], lang), count=len(e["spaces"]))


def _on_effect(e, view, lang, v):
    v.update(amount=f"{e['amount']:+d}", stat=_stat_to(e["stat"], lang), duration=_duration(e["duration"], lang))


def _on_marker(e, view, lang, v):
    marker = f"marker_{e['marker']}"
    v["marker"] = _w(marker, lang) if _has("ilog", f"w_{marker}") else _w("marker", lang)


def _on_push(e, view, lang, v):
    v["spaces"] = e["spaces"]
    return "push_none" if e["spaces"] == 0 else "push"


def _on_coins(e, view, lang, v):
    v.update(coins=e["coins"], total=e.get("total", ""))
    v["minion"] = _w(f"minion_{e.get('type')}", lang) if e.get("type") in ("melee", "ranged", "heavy") \
        else _w("minion", lang)
    why = e.get("why")
    return f"coins_{why}" if why in ("text", "defeat", "assist", "minion", "pity") else "coins_other"


def _on_attack(e, view, lang, v):
    key = "attack"
    if e.get("minion") is not None:
        key = "attack_minion"
        v["target"] = _minion_by_id(view, e["minion"], lang, _other_team(view, e["hero"]))
    else:
        v["target"] = hero_label(view, e["target"], lang)
    return key + "_ranged" if e.get("ranged") else key


def _on_attack_total(e, view, lang, v):
    v.update(target=hero_label(view, e["target"], lang), attack=e["attack"], printed=e["printed"])
    return "attack_total" if e["attack"] == e["printed"] else "attack_total_changed"


def _on_minion_modifiers(e, view, lang, v):
    v["total"] = f"{e['total']:+d}"


def _on_no_defense(e, view, lang, v):
    v["attack"] = e["attack"]
    return {"empty_hand": "no_defense_empty_hand", "none_may_defend": "no_defense_none_may_defend"}.get(e.get("why"))


def _on_effect_cancelled(e, view, lang, v):
    v.update(by=hero_label(view, e["by"], lang), amount=f"{e['amount']:+d}", stat=_stat_to(e["stat"], lang))


def _on_no_action(e, view, lang, v):
    return "no_action_at_defeat" if e.get("at_defeat") else None


def _on_defend(e, view, lang, v):
    v.update(defense=e["defense"], attack=e["attack"])
    if e.get("rule") == "F-D4":                  # a block card: its condition alone decides (F-D4)
        return "defend_block" if e["defended"] else "defend_block_fails"
    return "defend_held" if e["defended"] else "defend_fails"


def _on_defeated(e, view, lang, v):
    v["by"] = hero_label(view, e["by"], lang)


def _on_victory(e, view, lang, v):
    return f"victory_{e.get('rule')}" if _has("ilog", f"victory_{e.get('rule')}") else "victory"


def _on_minion_event(e, view, lang, v):
    kind_of = e["type"] if "type" in e else (_minion(view, e.get("minion")) or {}).get("type")
    v["minion"] = minion_words(e["team"], kind_of, lang)


def _on_minion_defeated(e, view, lang, v):
    _on_minion_event(e, view, lang, v)
    v["by"] = hero_label(view, e["by"], lang)


def _on_minion_removed(e, view, lang, v):
    _on_minion_event(e, view, lang, v)
    return {"minion battle": "minion_removed_battle", "lane push": "minion_removed_push",
            "card": "minion_removed_card"}.get(e.get("why"), "minion_removed_full")


def _on_minion_moved(e, view, lang, v):
    """A card's text moved (P1-21) or pushed a minion: the minion by its id, where it went."""
    v["minion"] = _minion_by_id(view, e["minion"], lang)
    v["start"] = space_words(e["from"], view["board"], lang) if "from" in e else ""
    v["spaces"] = e.get("spaces", 0)


def _on_minion_placed(e, view, lang, v):
    _on_minion_event(e, view, lang, v)
    v["spawn"] = space_words(e["spawn_point"], view["board"], lang)


def _on_minion_not_respawned(e, view, lang, v):
    _on_minion_event(e, view, lang, v)
    v.update(present=e["present"], points=e["spawn_points"])


def _on_minion_returns(e, view, lang, v):
    _on_minion_event(e, view, lang, v)
    v["start"] = space_words(e["from"], view["board"], lang)
    return "minion_returns" if e.get("by_path", True) else "minion_returns_nearest"


def _on_wave(e, view, lang, v):
    v.update(left=e["left"], lane=lane_words(view, e["lane"], lang))


def _on_lane_push(e, view, lang, v):
    board = view["board"]
    v.update(winner=team_words(e["winner"], lang), loser=team_words(e["loser"], lang),
             lane=lane_words(view, e["lane"], lang), start=zone_name(board, e["from"], lang),
             end=zone_name(board, e["to"], lang))


def _on_last_push(e, view, lang, v):
    v.update(red=e["counts"]["red"], blue=e["counts"]["blue"])


def _on_both_would_win(e, view, lang, v):
    v["zones"] = _w("and", lang).join(zone_name(view["board"], z, lang) for z in e["zones"])


def _on_minion_battle(e, view, lang, v):
    counts = e["counts"]
    v.update(zone=zone_name(view["board"], e["zone"], lang), red=counts["red"], blue=counts["blue"],
             lane=lane_words(view, e["lane"], lang))
    if counts["red"] == counts["blue"]:
        return "minion_battle_even"
    fewer = min(TEAMS, key=lambda t: counts[t])
    v.update(team=team_words(fewer, lang), count=abs(counts["red"] - counts["blue"]))


def _on_push_due(e, view, lang, v):
    v.update(team=team_words(e["loser"], lang), lane=lane_words(view, e["lane"], lang))


def _on_token_removed(e, view, lang, v):
    v["token"] = _token(e["token"], lang)
    return "token_removed_respawn" if "hero" in e else "token_removed_minion"


def _on_level_up(e, view, lang, v):
    v.update(level=e["level"], paid=e["paid"], coins=e["coins"])


def _on_upgrade(e, view, lang, v):
    # the colour is left out: it tells which card went into a hand the view hides (the level-up is a hidden choice)
    v.update(tier=tier_words(e["tier"]), item=_stat(e["item"], lang))


def _on_max_tier(e, view, lang, v):
    v.update(level=e["level"], tier=tier_words(e["tier"]))


def _on_ultimate(e, view, lang, v):
    v["level"] = e["level"]


def _on_item(e, view, lang, v):
    v.update(icon=_stat(e["icon"], lang), items=e["items"], bonus=e["bonus"])
    return "item" if e.get("shows") and e.get("bonus") else "item_none"


def _on_resolved(e, view, lang, v):
    v["slot"] = e["slot"]


def _on_clear_board(e, view, lang, v):
    v.update(tokens=len(e["tokens"]), markers=sum(e["markers"].values()))


def _on_round_limit(e, view, lang, v):
    v.update(red=e["red"], blue=e["blue"])


def _on_ceiling(e, view, lang, v):
    v.update(red=e["red"], blue=e["blue"], most=e["most"])
    return "ceiling_rounds" if e["reached"] == "rounds" else "ceiling_answers"


def _on_text_step(e, view, lang, v):
    v["step"] = _do_words(e["step"], lang)
    v.setdefault("card", _w("a_card", lang))


def _on_skip(e, view, lang, v):
    _on_text_step(e, view, lang, v)
    return "skip_chosen" if e.get("why") == "chosen" else "skip_cannot"


def _on_attack_fails(e, view, lang, v):
    _on_text_step(e, view, lang, v)
    return "attack_fails_reach" if e.get("step") == "_defend" else "attack_fails"


def _on_target(e, view, lang, v):
    v["target"] = _minion_by_id(view, e["minion"], lang) if e.get("minion") is not None \
        else hero_label(view, e["target"], lang)                         # P1-21: a minion; P1-7: a hero


def _on_token(e, view, lang, v):
    v["token"] = _token(e["token"], lang)


def _on_immune(e, view, lang, v):
    v["count"] = len(e["minions"])


def _on_repeat(e, view, lang, v):
    v["instance"] = e["instance"] + 1


def _on_bullet(e, view, lang, v):
    v["bullet"] = bullet_words((view.get("cards") or {}).get(e["card"]), e["bullet"], lang)


def _on_swap(e, view, lang, v):
    v["other"] = hero_label(view, e["other"], lang)


def _on_attack_end(e, view, lang, v):
    return "attack_end" if e.get("target") is not None else "attack_end_minion"


def _on_later(e, view, lang, v):
    v["at"] = _moment(e["at"], lang)


SENTENCES = {
    "coin": _on_coin, "flip": _on_coin, "life": _on_life, "waves": _on_waves, "minions": _on_minions, "draft": _on_draft,
    "offer": _on_offer, "pick": _on_pick_or_ban, "ban": _on_pick_or_ban, "draft_end": _on_draft_end,
    "turn_start": _on_round_and_turn, "turn_end": _on_round_and_turn, "round_end": _on_round_and_turn,
    "retrieve": _on_round_and_turn, "reveal": _on_reveal, "played": _on_played, "initiatives": _on_initiatives,
    "recheck": _on_initiative, "initiative": _on_initiative, "tie": _on_tie, "acting": _on_acting, "action": _on_action_taken,
    "move": _on_move, "clear": _on_clear, "effect": _on_effect, "marker": _on_marker, "push": _on_push, "coins": _on_coins,
    "attack": _on_attack, "attack_total": _on_attack_total, "minion_modifiers": _on_minion_modifiers,
    "no_defense": _on_no_defense, "effect_cancelled": _on_effect_cancelled, "no_action": _on_no_action,
    "defend": _on_defend, "defeated": _on_defeated, "victory": _on_victory,
    "minion_defeated": _on_minion_defeated, "minion_removed": _on_minion_removed, "minion_respawned": _on_minion_event,
    "minion_placed": _on_minion_placed, "minion_not_respawned": _on_minion_not_respawned,
    "minion_returns": _on_minion_returns, "minion_moved": _on_minion_moved, "minion_pushed": _on_minion_moved, "wave": _on_wave, "lane_push": _on_lane_push, "last_push": _on_last_push,
    "both_would_win": _on_both_would_win, "minion_battle": _on_minion_battle, "push_due": _on_push_due,
    "token_removed": _on_token_removed, "token_back": _on_token, "token": _on_token, "level_up": _on_level_up,
    "upgrade": _on_upgrade, "max_tier": _on_max_tier, "ultimate": _on_ultimate, "item": _on_item, "resolved": _on_resolved,
    "clear_board": _on_clear_board, "round_limit": _on_round_limit, "ceiling": _on_ceiling, "skip": _on_skip, "text_stops": _on_text_step,
    "attack_fails": _on_attack_fails, "no_effect": _on_text_step, "target": _on_target, "immune": _on_immune,
    "repeat": _on_repeat, "bullet": _on_bullet, "swap": _on_swap, "attack_end": _on_attack_end, "scheduled": _on_later,
    "active_effect": _on_later,
}


def _other_team(view: dict, index) -> str | None:
    hero = _hero(view, index)
    return None if hero is None else TEAMS[1 - TEAMS.index(hero["team"])]


# --- reasons --------------------------------------------------------------------------------------------

# the engine's English `why` -> the [iwhy] key (the fields of the reason fill it in)
WHY = {
    "the tie-breaker coin shows this team": "coin_team",
    "the preference set at setup: the lowest hero first": "lowest_first",
    "drawn at random": "drawn",
    "a card of the lowest tier in hand goes up": "lowest_tier",
}


def reason_words(reason: dict, lang: str) -> str:
    """One reason in words, without its rule id."""
    key = WHY.get(str(reason.get("why", "")))
    if key is None:
        return _t("iwhy", "other", lang)
    return _t("iwhy", key, lang, team=team_words(reason.get("team"), lang), tier=tier_words(reason.get("tier")))


def known_reason(reason: dict) -> bool:
    """True when the reason has words of its own here (tests: no engine English in a line)."""
    return str(reason.get("why", "")) in WHY


def because(event: dict, lang: str) -> str:
    """The event's reasons as one clause (" — because: …", each with its rule), or "" when it gives none."""
    parts = []
    for reason in event.get("reasons") or []:
        text = reason_words(reason, lang)
        parts.append(f"{text} ({reason['rule']})" if reason.get("rule") else text)
    return message("ui", "because", lang, reasons="; ".join(parts)) if parts else ""


# --- defence totals (F-D2 step 5: the engine's preview, combat.defence_preview) ----------------------------

def defence_total(view: dict, pending: dict, card_id) -> int | None:
    """The Defense total the attacked hero reaches with this card, as the engine previews it for the defender
    (its view's or its decision's "cards"); None when the prompt has no preview for that card."""
    return ((pending.get("cards") or {}).get(card_id) or {}).get("total")


def blocks(view: dict, pending: dict, card_id) -> bool:
    """F-D4: the card blocks this kind of attack (ranged or melee) whatever the totals."""
    return bool(((pending.get("cards") or {}).get(card_id) or {}).get("blocks"))


def defends(view: dict, pending: dict, card_id) -> bool:
    """Whether the card holds against this attack, as the engine previews it (a block card by its condition
    alone, F-D4; another by its total)."""
    preview = (pending.get("cards") or {}).get(card_id) or {}
    if "defends" in preview:
        return bool(preview["defends"])
    return bool(preview.get("blocks")) or preview.get("total", -99) >= pending.get("attack", 0)


# --- action buttons ---------------------------------------------------------------------------------------

def _pending(view: dict) -> dict:
    return view.get("pending") or {}


def action_words(action: list, view: dict, lang: str) -> str:
    """Any legal action of any decision, in words for its button."""
    try:
        return _capital(_action(action, view, lang))
    except (KeyError, IndexError, TypeError, ValueError, AttributeError):
        return _t("iaction", "other", lang)


def _action(action: list, view: dict, lang: str) -> str:
    kind = action[0]
    board = view["board"]
    pending = _pending(view)
    if kind == "play":
        cards = action[1]
        mine = _seat_heroes_for(view, len(cards))
        if len(cards) == 1:
            return _t("iaction", "play", lang, card=_card_or_pass(view, cards[0], lang))
        return _w("then", lang).join(_t("iaction", "play_for", lang, card=_card_or_pass(view, c, lang),
                                        hero=hero_name(view, h, lang)) for c, h in zip(cards, mine))
    if kind == "level_up":
        return _w("then", lang).join(_t("iaction", "level_up", lang, hero=hero_name(view, h, lang),
                                        returned=_card(view, r, lang), taken=_card(view, t, lang))
                                     for h, r, t in action[1])
    if kind == "first":
        return _t("iaction", "first", lang, hero=hero_label(view, action[1], lang))
    if kind == "respawn":
        return _t("iaction", "respawn", lang, space=space_words(action[1], board, lang))
    if kind in ("decline", "hold", "attack", "skill", "repeat", "skip", "no_defense"):
        return _t("iaction", kind, lang)
    if kind == "move" and action[1] == "primary":
        return _t("iaction", "move_primary", lang)
    if kind == "move":
        return _t("iaction", "move", lang, space=space_words(action[1], board, lang))
    if kind == "fast_travel":
        return _t("iaction", "fast_travel", lang, space=space_words(action[1], board, lang))
    if kind == "clear":
        return _t("iaction", "clear", lang, spaces=_spaces(view, action[1], lang))
    if kind == "defend":
        total = defence_total(view, pending, action[1])
        key = "defend_" + _defend_key(view, pending, action[1], total)
        return _t("iaction", key, lang, card=_card(view, action[1], lang), total=total if total is not None else "?")
    if kind in ("pick", "ban"):
        return _t("iaction", kind, lang, name=hero_id_name(view, action[1], lang))
    if kind == "bullet":
        return _t("iaction", "bullet", lang, bullet=bullet_words((view.get("cards") or {}).get(pending.get("card")),
                                                                  action[1], lang))
    if kind == "token":
        return _t("iaction", "take_token", lang, space=space_words(action[1], board, lang))
    if kind == "minion":
        key = "remove_minion" if pending.get("kind") == "minion_remove" else \
            "target_minion" if pending.get("kind") == "text" and _step_of(pending).get("do") != "_target" else "attack_minion"
        return _t("iaction", key, lang, minion=_minion_by_id(view, action[1], lang))
    if kind == "hero":
        step = _step_of(pending)
        do = step.get("do")
        swap = do == "swap" and step.get("with") == "friendly_in_radius"
        key = "attack_hero" if do == "_target" else "swap_with" if swap else "target_hero"
        return _t("iaction", key, lang, hero=hero_label(view, action[1], lang))
    if kind == "space":
        space = space_words(action[1], board, lang)
        if pending.get("kind") == "minion_return":
            return _t("iaction", "minion_return", lang, space=space)
        if pending.get("kind") == "minion_place":
            return _t("iaction", "minion_place", lang, space=space)
        step = _step_of(pending)
        do = step.get("do")
        key = {"_move": "space_move", "move": "space_move_target" if step.get("who") == "target" else "space_move",
               "place": "space_place", "token": "space_token"}.get(do, "space")
        return _t("iaction", key, lang, space=space, token=_token(step.get("token"), lang))
    return _t("iaction", "other", lang)


def _card_or_pass(view: dict, card_id, lang: str) -> str:
    return _t("iaction", "pass", lang) if card_id == "pass" else _card(view, card_id, lang)


def _step_of(pending: dict) -> dict:
    steps = pending.get("steps") if pending.get("kind") == "text" else None
    return steps[0] if steps else {}


def _seat_heroes_for(view: dict, count: int) -> list:
    """The heroes whose hands the view shows (the seat's own), in hero order: a play's cards follow them."""
    mine = [h["index"] for h in view.get("heroes") or [] if isinstance(h.get("hand"), list)]
    return mine[:count] if len(mine) >= count else list(range(count))


# --- the status line ----------------------------------------------------------------------------------------

def _get(decision, name: str, default=None):
    if isinstance(decision, dict):
        return decision.get(name, default)
    return getattr(decision, name, default)


def decision_words(view: dict, seat, decision, lang: str) -> str:
    """The status line for the seat deciding now: what is asked, with the numbers the prompt holds."""
    try:
        return _capital(_status(view, seat, decision, lang))
    except (KeyError, IndexError, TypeError, ValueError, AttributeError):
        return _t("istatus", "other", lang)


def _status(view: dict, seat, decision, lang: str) -> str:
    kind = _get(decision, "kind")
    prompt = _get(decision, "prompt") or {}
    legal = (_get(decision, "legal") or {}).get(seat, [])
    pending = _pending(view)
    if kind == "choose" and prompt.get("draft") == "ban":
        return _t("istatus", "ban", lang, team=team_words(prompt.get("team"), lang))
    if kind == "choose" and prompt.get("draft") == "pick":
        key = "pick_offer" if prompt.get("variant") == "single_draft" else "pick"
        return _t("istatus", key, lang, seat=seat_words(prompt.get("seat"), view, lang), count=len(legal))
    if kind == "choose_card" and prompt.get("step") == "level_up":
        mine = [i for i in prompt.get("heroes", []) if (_hero(view, i) or {}).get("seat") == seat]
        return _t("istatus", "level_up", lang, heroes=_w("and", lang).join(
            _t("istatus", "hero_level", lang, hero=hero_name(view, i, lang),
               level=prompt.get("levels", {}).get(str(i), "?"))
            for i in mine))
    if kind == "choose_card":
        mine = [h["index"] for h in view.get("heroes") or [] if h.get("seat") == seat]
        if legal and all(c == "pass" for c in legal[0][1]) and len(legal) == 1:
            return _t("istatus", "select_pass", lang, round=prompt.get("round"), turn=prompt.get("turn"))
        return _t("istatus", "select", lang, round=prompt.get("round"), turn=prompt.get("turn"),
                  heroes=_w("and", lang).join(hero_name(view, i, lang) for i in mine))
    if kind == "choose_order":
        key = "order_coin" if prompt.get("flip") else "order_team"
        return _t("istatus", key, lang, team=team_words(prompt.get("team"), lang),
                  heroes=_heroes(view, prompt.get("heroes"), lang))
    if kind == "respawn":
        return _t("istatus", "respawn", lang, hero=hero_label(view, prompt.get("hero"), lang))
    if kind == "choose_action":
        return _t("istatus", "act", lang, hero=hero_label(view, prompt.get("hero"), lang),
                  card=_card(view, prompt.get("card"), lang))
    if kind == "defend":
        return _defend_status(view, prompt, legal, lang)
    if kind == "deploy" or prompt.get("kind") == "minion_place":
        return _t("istatus", "minion_place", lang, minion=minion_words(prompt.get("team"), prompt.get("type"), lang),
                  spawn=space_words(prompt.get("from"), view["board"], lang))
    if prompt.get("kind") == "minion_remove":
        zones = view.get("battle_zones") or []
        lane = prompt.get("lane", 0)
        return _t("istatus", "minion_remove", lang, team=team_words(prompt.get("team"), lang), left=prompt.get("left"),
                  zone=zone_name(view["board"], zones[lane] if lane < len(zones) else None, lang))
    if prompt.get("kind") == "minion_return":
        minion = _minion_by_id(view, prompt.get("minion"), lang, prompt.get("team"))
        return _t("istatus", "minion_return", lang, minion=minion)
    if kind == "choose_target":
        return _text_status(view, prompt, pending, lang)
    return _t("istatus", "other", lang)


def _defend_key(view: dict, pending: dict, card_id, total) -> str:
    """How a defence card fares against the pending attack: "block", "block_fails" (a block card whose condition
    does not hold: defeat whatever its number, F-D4), "held" or "fails" by its total."""
    if blocks(view, pending, card_id):
        return "block"
    if ((view.get("cards") or {}).get(card_id) or {}).get("block"):
        return "block_fails"
    return "held" if total is not None and defends(view, pending, card_id) else "fails"


def _defend_status(view: dict, prompt: dict, legal: list, lang: str) -> str:
    """F-D2: the attacker, the attack total, and the Defense total each card would reach (F-D4: a block)."""
    options = []
    for action in legal:
        if action[0] != "defend":
            continue
        total = defence_total(view, prompt, action[1])
        key = "defend_card_" + _defend_key(view, prompt, action[1], total)
        options.append(_t("istatus", key, lang, card=_card(view, action[1], lang), total=total))
    minions = prompt.get("minions", 0)
    values = dict(attacker=hero_label(view, prompt.get("attacker"), lang),
                  hero=hero_label(view, prompt.get("hero"), lang),
                  attack=prompt.get("attack"), minions=f"{minions:+d}", cards=_w("then", lang).join(options))
    key = "defend" if options else "defend_none"
    text = _t("istatus", key, lang, **values)
    return text + (_t("istatus", "defend_minions", lang, minions=f"{minions:+d}") if minions else "")


# The status line's key for card text waiting on a choice: by what it asks, else by its step.
TEXT_ASKS = {"take": "take_token", "target": "choose_target"}
TEXT_STEPS = {"_target": "attack_target", "_move": "move", "_repeat": "repeat", "choose": "bullet"}


def _text_status(view: dict, prompt: dict, pending: dict, lang: str) -> str:
    """A card-text step waiting for the acting (or defending) hero's choice (text.py's `ask`)."""
    step = prompt.get("step") or _step_of(pending)
    values = dict(hero=hero_label(view, prompt.get("hero"), lang), card=_card(view, prompt.get("card"), lang),
                  step=step_words(step, lang) if not str(step.get("do", "")).startswith("_") else "",
                  token=_token(step.get("token"), lang))
    key = TEXT_ASKS.get(prompt.get("ask")) or TEXT_STEPS.get(step.get("do"), "step")
    text = _t("istatus", key, lang, **values)
    if step.get("optional") and key not in ("repeat",):
        text += _t("istatus", "may_skip", lang)
    return text
