"""Hero selection before the first turn (spec §6 Setup, rulebook p. 22; P1-8 the phase and its order,
P1-9 each variant's reading). Option `hero_selection`:

- `given` (default): the setup names the heroes, or they are drawn from the seed (ruleset.default_setup);
  no selection phase.
- `all_random`: every hero is drawn at setup from the game's PRNG, in pick order; no decision.
- `all_pick`: each seat picks any hero its team has not taken.
- `single_draft`: when its pick comes, the seat is offered 3 heroes drawn from those nobody has taken
  (fewer when fewer are left) and picks one; the offer is that seat's secret, the rest go back.
- `random_draft`: a public pool of one hero more than there are heroes to pick is drawn at setup; picks
  come from it.
- `player_draft`: every hero is open; each player picks for itself, a hero at most once at the table.
- `pick_and_ban`: the teams first ban heroes alternately (one each, two each when at least four heroes
  would be left over; none when the heroes just suffice), any one seat of the team answering; then as
  `player_draft` without the banned heroes.

The order (P1-8): after the coin is flipped (F-S1), one hero at a time, the teams alternating, starting
with the team shown on the coin; within a team its heroes in hero order, so a seat running two heroes
(G1-8, P1-1) picks twice. When one team has picked all its heroes the other goes on alone. Bans come
first, in the same alternation. `all_random` and `all_pick` forbid a hero twice within a team; the drafts
forbid it at the table. Only when every hero is chosen do the heroes take their spawn points and hands
(F-S4) and the first turn begin. Picks and bans are public (events and `view["draft"]`).

Actions: `["pick", HERO_ID]` (decision kind `choose`, prompt `{"draft": "pick", "slot", "seat", "team",
"variant"}`), `["ban", HERO_ID]` (kind `choose`, prompt `{"draft": "ban", "team", "variant"}`, any one seat
of the team: `any_of`). The state: `game.draft` = `{"variant", "steps": [{"do": "ban", "team"} |
{"do": "pick", "team", "slot", "seat"}], "next": index of the step to answer, "picks": [hero id | null per
hero], "bans": [{"team", "hero"}], "pool": [hero id] | null (random_draft), "offer": [hero id] | null
(single_draft, the picking seat's secret)}`.
"""

import copy

from ...core.decision import Decision
from ...core.errors import BadSetup
from .resolution import start_turn
from .seating import hero_seats, team_of
from .state import TEAMS, HeroState, other

OFFER = 3                     # heroes offered to a seat in a single draft


def selecting(options: dict) -> bool:
    """True when the heroes are picked in the game (a selection phase before the first turn)."""
    return options["hero_selection"] != "given"


def check_setup(setup, options: dict) -> dict:
    """With a selection phase the setup names nothing: it must be {}."""
    if setup != {}:
        keys = ", ".join(sorted(map(str, setup)))[:60] if isinstance(setup, dict) else type(setup).__name__
        raise BadSetup(f"hero_selection={options['hero_selection']} picks the heroes in the game (P1-8): "
                       f"setup must be {{}}, got {keys}")
    return {}


def make_heroes(content, board, options: dict, ids: list) -> list:
    """F-S4: each hero at level 1 on its Throne's next spawn point (P1-3) with its hand of five; in an uneven
    game the smaller team's heroes hold their handicap cards too (G1-8, P1-20)."""
    heroes, placed = [], {team: 0 for team in TEAMS}
    seats = hero_seats(options)
    fielded = {team: sum(1 for seat in seats if team_of(seat) == team) for team in TEAMS}
    for index, (seat, hero_id) in enumerate(zip(seats, ids)):
        team = team_of(seat)
        spawn = board.hero_spawns[team][placed[team]]
        placed[team] += 1
        smaller = fielded[team] < fielded[other(team)]
        hand = content.heroes[hero_id].starting_hand(content.cards, handicap=smaller)
        deck = [c for c in content.heroes[hero_id].cards if c not in hand]
        heroes.append(HeroState(index, seat, team, hero_id, spawn, sorted(hand), deck))
    return heroes


def begin_play(game) -> None:
    """F-S4 told for every hero, then the first turn (S1-R1)."""
    for hero in game.heroes:
        game.log.emit("hero", "F-S4", hero=hero.index, seat=hero.seat, team=hero.team, name=hero.hero,
                      space=list(hero.position), hand=list(hero.hand))
    game.phase = "select"
    start_turn(game)


# --- the order (P1-8) ------------------------------------------------------------------------

def pick_order(options: dict, first: str) -> list:
    """P1-8: one hero at a time, teams alternating from `first` (the coin's team); a team's heroes in order."""
    queues = {team: [(slot, seat) for slot, seat in enumerate(hero_seats(options)) if team_of(seat) == team]
              for team in TEAMS}
    order, team = [], first
    while queues["red"] or queues["blue"]:
        if not queues[team]:
            team = other(team)
        slot, seat = queues[team].pop(0)
        order.append({"do": "pick", "team": team, "slot": slot, "seat": seat})
        team = other(team)
    return order


def bans_per_team(options: dict, heroes: int) -> int:
    """P1-9: each team bans two heroes when at least four would be left over, one when two would, else none."""
    if options["hero_selection"] != "pick_and_ban":
        return 0
    return min(2, (heroes - len(hero_seats(options))) // 2)


def start(game) -> None:
    """The selection phase (P1-8), after the coin (F-S1): its steps, a random draft's pool, all-random draws."""
    variant, ids = game.opts["hero_selection"], sorted(game.content.heroes)
    bans = bans_per_team(game.opts, len(ids))
    steps = [{"do": "ban", "team": team} for _ in range(bans) for team in (game.coin, other(game.coin))]
    steps += pick_order(game.opts, game.coin)
    game.draft = {"variant": variant, "steps": steps, "next": 0, "picks": [None] * len(hero_seats(game.opts)),
                  "bans": [], "pool": None, "offer": None}
    game.phase = "draft"
    if variant == "random_draft":
        pool = list(ids)
        game.rng.shuffle(pool)
        game.draft["pool"] = sorted(pool[:min(len(ids), len(game.draft["picks"]) + 1)])
    game.log.emit("draft", "P1-8", variant=variant, coin=game.coin, steps=[dict(s) for s in steps],
                  pool=game.draft["pool"])
    prepare(game)


def step_now(game) -> dict | None:
    """The step to answer now (None when every hero is chosen)."""
    draft = game.draft
    return draft["steps"][draft["next"]] if draft["next"] < len(draft["steps"]) else None


def taken(game, team: str | None = None) -> set:
    """Heroes picked (by `team` only, when given) and banned."""
    draft, seats = game.draft, hero_seats(game.opts)
    picked = {h for slot, h in enumerate(draft["picks"]) if h and (team is None or team_of(seats[slot]) == team)}
    return picked | {b["hero"] for b in draft["bans"]}


def choices(game, step: dict) -> list:
    """P1-9: the heroes the step may name, sorted."""
    draft, variant = game.draft, game.draft["variant"]
    if step["do"] == "pick" and variant == "single_draft":
        return list(draft["offer"])
    if step["do"] == "pick" and variant in ("all_pick", "all_random"):
        return sorted(set(game.content.heroes) - taken(game, step["team"]))       # not twice within a team
    base = draft["pool"] if variant == "random_draft" else game.content.heroes
    return sorted(set(base) - taken(game))                                       # drafts: not twice at all


def prepare(game) -> None:
    """Before the next step: all-random draws it at once, a single draft offers its heroes; the end of
    the selection places the heroes (F-S4) and begins the first turn."""
    while True:
        step = step_now(game)
        if step is None:
            finish(game)
            return
        if game.draft["variant"] == "all_random":
            pick(game, step, game.rng.choice(choices(game, step)), drawn=True)
            continue
        if step["do"] == "pick" and game.draft["variant"] == "single_draft":
            free = sorted(set(game.content.heroes) - taken(game))
            game.rng.shuffle(free)
            game.draft["offer"] = sorted(free[:OFFER])
            # the offer is the seat's secret: the event names only how many
            game.log.emit("offer", "P1-9", seat=step["seat"], slot=step["slot"], count=len(game.draft["offer"]))
        return


def pick(game, step: dict, hero: str, drawn: bool = False) -> None:
    draft = game.draft
    draft["picks"][step["slot"]] = hero
    draft["offer"] = None
    draft["next"] += 1
    reasons = [{"why": "drawn at random", "rule": "P1-9"}] if drawn else []
    game.log.emit("pick", "P1-8", slot=step["slot"], seat=step["seat"], team=step["team"], hero=hero,
                  variant=draft["variant"], reasons=reasons)


def finish(game) -> None:
    """Every hero chosen: F-S4 and the first turn."""
    game.heroes = make_heroes(game.content, game.board, game.opts, game.draft["picks"])
    game.log.emit("draft_end", "P1-8", picks=list(game.draft["picks"]), bans=[dict(b) for b in game.draft["bans"]])
    begin_play(game)


# --- the decision (the turn's ask, turn.py) ------------------------------------------------------

def team_seats(game, team: str) -> list:
    return [s for s in range(game.opts["players"]) if team_of(s) == team]


def decide(game, kind: str) -> Decision:
    """P1-8/P1-9: the step now: a ban (any one seat of the team) or a pick (the seat whose hero it is)."""
    step = step_now(game)
    variant = game.draft["variant"]
    legal = [[step["do"], h] for h in choices(game, step)]
    if step["do"] == "ban":
        players = team_seats(game, step["team"])
        return Decision(tuple(players), {s: legal for s in players}, "choose",
                        {"draft": "ban", "team": step["team"], "variant": variant}, any_of=len(players) > 1)
    return Decision((step["seat"],), {step["seat"]: legal}, "choose",
                    {"draft": "pick", "slot": step["slot"], "seat": step["seat"], "team": step["team"],
                     "variant": variant})


def answer(game, action) -> None:
    """P1-8/P1-9: the ban or pick made; then the next step is prepared (or the first turn begins)."""
    step = step_now(game)
    if step["do"] == "ban":
        game.draft["bans"].append({"team": step["team"], "hero": action[1]})
        game.draft["next"] += 1
        game.log.emit("ban", "P1-9", team=step["team"], hero=action[1])
    else:
        pick(game, step, action[1])
    prepare(game)


# --- what a seat sees ---------------------------------------------------------------------------

def view(game, seat) -> dict:
    """The selection as a seat sees it: picks, bans, pool and steps are public; a single draft's offer
    only to the seat it is made to (others see how many); while selecting, every hero's name and style."""
    data = copy.deepcopy(game.draft)
    step = step_now(game) if game.phase == "draft" else None
    if data["offer"] is not None and (step is None or step.get("seat") != seat) and game.result is None:
        data["offer"] = len(data["offer"])
    if game.phase == "draft":
        data["catalogue"] = {h.id: {"name": dict(h.name), "style": h.style} for h in game.content.heroes.values()}
    return data


def secrets(game, seat) -> list:
    """A single draft's offer, secret from every seat but the one picking."""
    step = step_now(game) if game.phase == "draft" else None
    if step is None or not game.draft["offer"] or step.get("seat") == seat:
        return []
    return [{"secret": "offer", "seat": step["seat"], "heroes": list(game.draft["offer"])}]


def private_variant(game, seat, rng):
    """The same selection with another offer made to the picking seat (None when `seat` sees it or none is made)."""
    if not secrets(game, seat):
        return None
    free = sorted(set(game.content.heroes) - taken(game))
    rng.shuffle(free)
    variant = copy.copy(game)
    variant.draft = copy.deepcopy(game.draft)
    variant.draft["offer"] = sorted(free[:len(game.draft["offer"])])
    return variant
