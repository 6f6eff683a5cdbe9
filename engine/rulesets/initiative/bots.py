"""The sensible initiative bot: a one-ply greedy scorer that reads only its seat's view (botsense.py).

- choose_card: for each of its heroes, the card whose action reaches something — an attack with an
  enemy hero or attackable minion in reach (the card's "before the attack" move included), a move that
  brings the hero to attack distance of them (or toward the enemy's spawn points when neither is on the board),
  a skill that buffs threatened friends or poisons enemies in its radius — minus what playing it costs
  the hand's defence while an enemy threatens.
- choose_action: attack the best target (a push first, then certain kills; an uncertain attack still makes
  the defender spend a card), else the best move or useful skill, out of the reach of enemy attack cards
  still to resolve this turn.
- defend: the cheapest card whose total meets the attack (or that blocks it); none when no card saves.
- level_up: for each levelling hero, the upgrade whose taken card suits its hand (attack cards for an
  attacker) and whose tucked card's item raises the most cards it will hold (F-V5).
- respawn: always, on the spawn point nearest the fight. choose_order: the hero whose card gains by acting first.
- The lane (lane.py; the Battle Zone(s) and wave counters read only through botsense.battle_zones/waves and
  botsense.Lane): an enemy minion in reach is a target worth its coins (F-K4) and its lane value — its team's
  last in the Battle Zone is a push (worth more than a certain kill; a win on the last wave counter, F-W2, or
  into the Throne, F-W1), one that leaves them at half the bot's team or fewer sets up the minion battle's push
  (G1-4), else progress, more the fewer remain; heavies count only once attackable (F-D7). Places score by
  reach of enemy heroes or attackable minions (best both), and by the F-D6 modifier minions give a defender
  there (weighted up where enemies can attack); attack and defence totals count F-D6. Cautious, it keeps off
  enemy heroes but still walks to the lane. The team's lane choices: the minion battle removes the least useful
  minion (aura on the heroes it touches, distance from enemy heroes), a stray returns and a displaced minion is
  placed where it is most useful.
- Low life: when its team has one life counter left and is not behind, or is ahead in the last round,
  it keeps away from enemies (or their reach) and values defence cards in hand more; it still takes
  a certain kill.
- Hero selection (draft.py): a team mix — a melee hero and a ranged one first, then a style the team lacks;
  a ban takes the hero the enemy team would pick by the same measure.
- Card text's choices: the best target (heroes and minions alike), a space, a bullet; any other decision: the
  first legal action that is not a skip.

Enemy hands are never seen: their best defence is worked out from their printed deck less their public
dashboard, discard and played card, assuming the best card is held (conservative).
"""

from ...core.bots import Bot
from . import botsense as sense, hexes

SKIPS = ("skip", "decline", "pass", "no_defense", "hold")
PUSH = 30.0                 # a lane push won (F-S2): about half a game from the middle; more than a kill
WIN = 1000.0                # a push that wins (F-W1, F-W2)
FALLBACK_ERRORS = (KeyError, TypeError, ValueError, IndexError, AttributeError, ZeroDivisionError)


class SensibleBot(Bot):
    """Greedy: the legal action with the best immediate score for its seat (ties: the first listed)."""

    name = "sensible"
    strict = False                 # tests set it: errors surface instead of falling back

    def choose(self, view, legal, rng):
        if not legal:
            return None
        try:
            if view.get("phase") == "draft":
                choice = self.choose_hero(view, legal, rng)
            else:
                choice = _Reading(view, rng).choose(legal)
        except FALLBACK_ERRORS:
            if self.strict:
                raise
            choice = None
        return choice if choice in legal else fallback(legal)

    # --- hero selection (draft.py) -----------------------------------------------------------

    @staticmethod
    def choose_hero(view, legal, rng):
        """A pick that mixes the team (a melee and a ranged hero first, then a style it lacks, never a second
        of a style while another is open); a ban denies the enemy team its best pick by the same measure."""
        draft = view["draft"]
        step = draft["steps"][draft["next"]]
        style = {h: c["style"] for h, c in draft["catalogue"].items()}
        slots = {s["slot"]: s["team"] for s in draft["steps"] if s["do"] == "pick"}

        def value(hero, team):
            have = [style[p] for slot, p in enumerate(draft["picks"]) if p and slots[slot] == team]
            wanted = [s for s in ("melee", "ranged") if s not in have]
            return (3.0 if style[hero] in wanted else 0.0) + (1.0 if style[hero] not in have else -2.0)
        team = step["team"] if step["do"] == "pick" else \
            next(t for t in ("red", "blue") if t != step["team"])          # a ban: what the enemy would take
        scored = [(value(a[1], team), a) for a in legal]
        top = max(v for v, _ in scored)
        return rng.choice([a for v, a in scored if v == top])


def fallback(legal: list):
    """A reasonable answer to any decision: the first legal action that is not a skip or a pass."""
    for action in legal:
        if not (isinstance(action, list) and action and action[0] in SKIPS):
            return action
    return legal[0]


class _Reading:
    """One view, read for the seat whose hands it shows."""

    def __init__(self, view: dict, rng=None):
        self.view, self.rng = view, rng
        self.geo = sense.geometry(view["board"])
        self.cards = view["cards"]
        self.now = (view["round"] - 1) * 4 + view["turn"]
        self.heroes = view["heroes"]
        mine = [h for h in self.heroes if isinstance(h["hand"], list)]
        self.seat = mine[0]["seat"] if mine else None
        self.mine = [h for h in mine if h["seat"] == self.seat]
        self.team = self.mine[0]["team"] if self.mine else None
        self.enemies = [h for h in self.heroes if h["team"] != self.team and h["position"]]
        self.lane = sense.Lane(view, self.geo)                 # the Battle Zone(s), read only through botsense
        self.minions = self.lane.minions
        self.units = {tuple(h["position"]) for h in self.heroes if h["position"]} \
            | {tuple(t["space"]) for t in view.get("tokens", ())} \
            | {tuple(m["space"]) for m in self.minions}         # tokens and minions are obstacles too
        self.enemy_minions = self.lane.attackable(self.team)   # the enemy minions an attack may target (F-D7)
        self._near_minion, self._aura, self._mvalue = {}, {}, {}
        life = view["life"]
        ours, theirs = life.get(self.team, 0), sum(v for t, v in life.items() if t != self.team)
        last_round = view["round"] >= (view["options"].get("round_limit") or 10 ** 6)      # 0: no limit
        at_stake = max((1 if h["level"] <= 3 else 2 if h["level"] <= 6 else 3 for h in self.heroes
                        if h["team"] == self.team), default=1)           # F-K3: counters one defeat costs
        self.cautious = (ours <= at_stake and ours >= theirs) or (ours > theirs and last_round)
        self._threat, self._threats = {}, {}

    def best(self, actions: list, score):
        """The best-scoring action; equal best scores are broken by the bot's own PRNG stream (so neither
        side of the map is favoured by the order the actions are listed in)."""
        scored = [(score(a), a) for a in actions]
        top = max(value for value, _ in scored)
        tied = [a for value, a in scored if value >= top - 1e-9]
        return tied[0] if len(tied) == 1 or self.rng is None else self.rng.choice(tied)

    def hero(self, index) -> dict:
        return self.heroes[index]

    def choose(self, legal: list):
        pending = self.view.get("pending") or {}
        kind = pending.get("kind")
        if self.view["phase"] == "select" and not pending:
            return self.choose_cards(legal)
        handler = {"order": self.choose_order, "respawn": self.choose_respawn, "act": self.choose_action,
                   "defend": self.choose_defence, "text": self.choose_text,
                   "level_up": self.choose_level_up, "minion_remove": self.choose_removal,
                   "minion_return": self.choose_minion_space, "minion_place": self.choose_minion_space}.get(kind)
        if handler is None:
            return fallback(legal)
        return handler(pending, legal)

    # --- positions ------------------------------------------------------------------------------

    def enemy_distance(self, space) -> int | None:
        """Path distance from `space` to the nearest enemy on the board (to their spawns when none is)."""
        if self.enemies:
            starts = [tuple(e["position"]) for e in self.enemies]
        else:
            starts = [s for team, spawns in self.geo.spawns.items() if team != self.team for s in spawns]
        best = None
        for start in starts:
            d = self.geo.far(start).get(space)
            if d is not None and (best is None or d < best):
                best = d
        return best

    def in_reach(self, space, reach: int) -> bool:
        """True when an enemy on the board stands within `reach` (F-A5 counts spaces, no line of sight)."""
        return any(hexes_distance(space, e["position"]) <= reach for e in self.enemies)

    def reach_of(self, hero: dict, hand: list) -> tuple[int, int]:
        """How far the hero could attack next with a card of `hand` (1 when it holds no attack): from where
        it stands, and with a card's own "before the attack" move."""
        base = full = 1
        for cid in hand:
            card = self.cards[cid]
            if card["primary"] == "attack":
                reach = sense.attack_range(hero, card, self.now)
                base, full = max(base, reach), max(full, reach + sense.pre_attack_move(card))
        return base, full

    def place_score(self, hero: dict, space, hand: list, dodge: bool = False) -> float:
        """How good standing on `space` is: at attack distance of the nearest enemy hero or attackable enemy
        minion (the lane), best both (or, cautious, far from enemy heroes); better beside friendly minions and
        away from enemy ones (F-D6, worth more where an enemy can attack); with `dodge`, out of reach of the
        enemy attack cards still to resolve this turn."""
        space = tuple(space)
        d = self.enemy_distance(space)
        near, walk = self.minion_distance(space)
        if d is None and walk is None:
            return -50.0
        exposure = self.exposure(space)
        base, full = self.reach_of(hero, hand)
        minions = -50.0
        if walk is not None:
            minions = 0.0 if near <= base else -0.3 if near <= full else -float(max(1, walk - base))
        if self.cautious:                              # away from enemy heroes, still working the lane
            score = 0.5 * min(d if d is not None else 8, 8) + 0.5 * max(minions, -8.0)
        else:
            heroes = -50.0
            if d is not None:
                if self.in_reach(space, base):
                    heroes = -0.5 if base > 1 and d <= 1 else 0.0     # a ranged hero keeps out of melee
                else:
                    heroes = -0.3 if self.in_reach(space, full) else -float(max(1, d - base))
            score = max(heroes, minions) + (0.3 if heroes == 0.0 and minions == 0.0 else 0.0)
            score -= 0.2 * exposure - 0.01 * min(d if d is not None else 8, 8)   # ties: fewer enemies in reach
        score += self.aura(space) * (0.6 if exposure else 0.15)
        if dodge:
            score -= self.danger(hero, space, hand)
        return score

    def minion_distance(self, space) -> tuple:
        """(hex distance, path distance) from `space` to the nearest enemy minion an attack may target; (None, None)."""
        found = self._near_minion.get(space)
        if found is None:
            near = walk = None
            for m in self.enemy_minions:
                at = tuple(m["space"])
                far = hexes_distance(space, at)
                near = far if near is None else min(near, far)
                path = self.geo.far(at).get(space)
                if path is not None and (walk is None or path < walk):
                    walk = path
            found = self._near_minion[space] = (near, walk if near is not None else None)
        return found

    def aura(self, space, team: str | None = None) -> int:
        """F-D6: the minions' modifier to the Defense of a hero of `team` (the bot's) standing on `space`."""
        team = team or self.team
        key = (tuple(space), team)
        found = self._aura.get(key)
        if found is None:
            found = self._aura[key] = sense.minion_modifier(self.minions, team, key[0])
        return found

    def minion_value(self, minion: dict) -> float:
        """What defeating this enemy minion now is worth: its coins (F-K4) and the lane — a push when it is its
        team's last in the Battle Zone (a win when that push ends the game, F-W1/F-W2), a push made due at the
        End of Round's minion battle (G1-4) when it leaves the team at half the bot's team or fewer, else
        progress, more the fewer are left."""
        key = minion["id"]
        found = self._mvalue.get(key)
        if found is None:
            lane, team = self.lane, minion["team"]
            zone = lane.zone(minion)
            coins = 0.4 * (4 if minion["type"] == "heavy" else 2)
            if zone not in lane.zones:
                found = coins
            else:
                left, ours = lane.left(zone, team) - 1, lane.left(zone, self.team)
                if left <= 0:
                    found = WIN if lane.push_wins(zone, team) else PUSH + coins
                else:
                    found = coins + 2.0 + 2.0 / left
                    if 2 * left <= ours:                         # G1-4: the minion battle would finish them
                        found += (0.5 if self.view["turn"] >= 4 else 0.15) * \
                            (WIN / 10 if lane.push_wins(zone, team) else PUSH)
            self._mvalue[key] = found
        return found

    def minion_targets(self, space, reach: int) -> list:
        """Enemy minions an attack from `space` with `reach` may target."""
        return [m for m in self.enemy_minions if hexes_distance(space, m["space"]) <= reach]

    def best_target(self, hero: dict, card: dict, space, reach: int):
        """The best an attack with `card` from `space` could do (None: no target in reach)."""
        values = [self.attack_score(hero, card, e) for e in self.enemies if hexes_distance(space, e["position"]) <= reach]
        values += [self.minion_value(m) for m in self.minion_targets(space, reach)]
        return max(values, default=None)

    def danger(self, hero: dict, space, hand: list) -> float:
        """Enemy attack cards not yet resolved this turn that could reach `space`: more when no card saves."""
        total = 0.0
        for enemy in self.enemies:
            cid = self.view["played"].get(str(enemy["index"]))
            if not cid or enemy["index"] not in self.view["unresolved"]:
                continue
            card = self.cards[cid]
            if card["primary"] != "attack":
                continue
            reach = sense.attack_range(enemy, card, self.now) + sense.pre_attack_move(card)
            if hexes_distance(space, enemy["position"]) > reach:
                continue
            attack = sense.attack_total(enemy, card, self.now)
            saved = any(self.saves(hero, c, attack, card["ranged"], self.aura(space)) for c in hand)
            total += 0.5 if saved else (6.0 if self.cautious else 3.0)
        return total

    def enemy_reach(self, enemy: dict) -> int:
        """The farthest the enemy could attack from where it stands, with a card it may hold (0: none)."""
        key = enemy["index"]
        if key not in self._threat:
            self._threat[key] = sense.threat_reach(self.view, enemy, self.now)
        return self._threat[key]

    def exposure(self, space) -> int:
        """How many enemies could attack `space` from where they stand."""
        return sum(1 for e in self.enemies if hexes_distance(space, e["position"]) <= self.enemy_reach(e))

    def threatened(self, hero: dict, space) -> bool:
        """True when an enemy could attack `space` within about a turn (its reach plus a short walk)."""
        return any(self.enemy_reach(e) and hexes_distance(space, e["position"]) <= self.enemy_reach(e) + 2
                   for e in self.enemies)

    def destinations(self, hero: dict, steps: int | None) -> list:
        """Spaces a movement action could end on: walking `steps` around obstacles, or fast travel (F-A1, F-A2)."""
        if steps is None:
            return []
        here = tuple(hero["position"])
        blocked = (self.geo.terrain | self.units) - {here}
        found = set(hexes.reachable(here, self.geo.spaces, blocked, steps))
        zone = self.geo.zone_of.get(here)
        enemy_zones = {self.geo.zone_of.get(tuple(e["position"])) for e in self.enemies} \
            | {self.geo.zone_of.get(tuple(m["space"])) for m in self.minions if m["team"] != self.team}   # F-A2
        if zone is not None and zone not in enemy_zones:
            for other in self.geo.adjacent[zone]:
                if other not in enemy_zones:
                    found.update(h for h in self.geo.zone_spaces[other] if h not in blocked)
        return sorted(found)

    # --- attacks, skills and defence ------------------------------------------------------------

    def attack_score(self, hero: dict, card: dict, target: dict) -> float:
        """A certain kill scores high; otherwise by how close the attack comes to the best possible defence."""
        attack = sense.attack_total(hero, card, self.now)
        best, blocks = sense.best_defence(self.view, target, card["ranged"], self.now,
                                          (1 if sense.poisons_target(card) else 0)
                                          - self.aura(target["position"], target["team"]))     # F-D6
        if not blocks and (best is None or attack > best):
            return 20.0 + attack
        margin = -3 if blocks else attack - best
        return (4.0 if not self.cautious else 0.5) + 0.5 * margin

    def skill_value(self, hero: dict, card: dict, space) -> float:
        """What the card's text does for the team now: buffs for threatened friends, Poison on enemies near."""
        return max(0.0, sum(self.step_value(hero, step, space) for step in card.get("effect", ())
                            if step.get("when", "now") in ("now",)))

    def step_value(self, hero: dict, step: dict, space) -> float:
        kind, who = step["do"], step.get("who", "self")
        if kind == "choose":
            return max((sum(self.step_value(hero, s, space) for s in bullet) for bullet in step["options"]),
                       default=0.0)
        radius = step.get("radius", 0)
        if kind == "marker" and who == "enemy_in_radius":
            return 3.0 * sum(1 for e in self.enemies if hexes_distance(space, e["position"]) <= radius)
        if kind == "modify":
            lasting = 1.5 if step["duration"] in ("this_round", "while_on_board") else 1.0
            if who == "friendly_in_radius":
                friends = [h for h in self.heroes if h["team"] == self.team and h["position"]
                           and h["index"] != hero["index"] and hexes_distance(space, h["position"]) <= radius]
                helped = sum(1 for f in friends if self.threatened(f, tuple(f["position"])))
                return lasting * step["amount"] * 1.5 * helped
            if who == "self":
                useful = {"defense": self.threatened(hero, space), "attack": True,
                          "range": True}.get(step["stat"], False)
                return lasting * step["amount"] * (1.0 if useful else 0.2)
            return 0.0
        return 0.5                               # text with choices of its own: a little

    def saves(self, hero: dict, cid: str, attack: int, ranged: bool, minions: int = 0) -> bool:
        """True when defending with this card holds against `attack` (F-D2 step 5, F-D4; `minions`: F-D6)."""
        card = self.cards[cid]
        if sense.defense_value(card) is None and self.view["options"].get("defend_cards") != "any":
            return False
        if card.get("block"):                    # F-D4: a block card holds by its condition alone
            return card["block"] == ("ranged_attack" if ranged else "melee_attack")
        return sense.defense_total(hero, card, self.now) + minions >= attack

    # --- the decisions ------------------------------------------------------------------------

    def choose_cards(self, legal: list):
        """Score every card of each hero; the legal combination with the best sum."""
        scores = {h["index"]: self.card_scores(h) for h in self.mine}
        order = [h["index"] for h in self.mine]

        def total(action):
            return sum(scores[i].get(c, 0.0) for i, c in zip(order, action[1])) if action[0] == "play" else -1e9
        return self.best(legal, total)

    def card_scores(self, hero: dict) -> dict:
        hand = list(hero["hand"])
        if not hand:
            return {}
        if hero["position"] is None:
            spawn = self.respawn_space(hero, hand)
            if spawn is None or not self.view["options"].get("act_after_respawn", True):
                return {cid: -self.keep_value(hero, cid, hand) for cid in hand}
            hero = {**hero, "position": list(spawn)}
        return {cid: self.card_value(hero, cid, hand) for cid in hand}

    def threats(self, hero: dict) -> list:
        """(attack total, ranged) of every attack card an enemy within about a turn of the hero might hold."""
        key = hero["index"]
        if key not in self._threats:
            found, here = [], hero["position"]
            for enemy in self.enemies if here else ():
                for cid in sense.possible_hand(self.view, enemy):
                    card = self.cards[cid]
                    if card["primary"] == "attack" and hexes_distance(here, enemy["position"]) <= \
                            sense.attack_range(enemy, card, self.now) + sense.pre_attack_move(card) + 2:
                        found.append((sense.attack_total(enemy, card, self.now), card["ranged"]))
            self._threats[key] = found
        return self._threats[key]

    def keep_value(self, hero: dict, cid: str, hand: list) -> float:
        """What playing the card costs the hand's defence: the share of the attacks that threaten the hero
        which the hand would no longer save, and a little for the card's own Defense (more when cautious)."""
        rest = [c for c in hand if c != cid]
        threats = self.threats(hero)
        aura = self.aura(hero["position"]) if hero["position"] else 0
        lost = sum(1 for attack, ranged in threats if any(self.saves(hero, c, attack, ranged, aura) for c in hand)
                   and not any(self.saves(hero, c, attack, ranged, aura) for c in rest))
        card = self.cards[cid]
        own = max(0, sense.defense_total(hero, card, self.now)) if sense.defense_value(card) is not None else 0
        value = 4.0 * lost / len(threats) if threats else 0.0
        return (value + 0.05 * own) * (2.5 if self.cautious else 1.0)

    def card_value(self, hero: dict, cid: str, hand: list) -> float:
        """The best this card's action could do from here, with the hand that remains after it."""
        card, rest = self.cards[cid], [c for c in hand if c != cid]
        here = tuple(hero["position"])
        stay = self.place_score(hero, here, rest)
        best = stay
        if card["primary"] == "attack":
            reach = sense.attack_range(hero, card, self.now) + sense.pre_attack_move(card)
            value = self.best_target(hero, card, here, reach)
            if value is not None:
                best = max(best, stay + value)
        elif card["primary"] in ("skill", "defense_skill"):
            best = max(best, stay + self.skill_value(hero, card, here))
        for primary in (True, False):
            steps = sense.movement(hero, card, primary, self.now)
            if steps is not None:
                spots = self.destinations(hero, steps)
                if spots:
                    best = max(best, max(self.place_score(hero, s, rest) for s in spots) + (0.2 if primary else 0.0))
        return best - self.keep_value(hero, cid, hand)

    def choose_action(self, pending: dict, legal: list):
        hero = self.hero(pending["hero"])
        card = self.cards[self.view["played"][str(hero["index"])]]
        hand = list(hero["hand"])
        here = tuple(hero["position"])
        stay = self.place_score(hero, here, hand, dodge=True)

        def score(action):
            head = action[0]
            if head == "attack":            # the target is chosen later (after any "before the attack" move)
                reach = sense.attack_range(hero, card, self.now) + sense.pre_attack_move(card)
                value = self.best_target(hero, card, here, reach)
                return stay + (-5.0 if value is None else value)
            if head == "move" and action[1] == "primary":       # the text first, then the destination
                steps = sense.movement(hero, card, True, self.now)
                spots = self.destinations(hero, steps)
                best = max((self.place_score(hero, s, hand, dodge=True) for s in spots), default=stay)
                return best + 0.2 + self.skill_value(hero, card, here)
            if head in ("move", "fast_travel"):
                travel = 0.05 if head == "fast_travel" else 0.0
                return self.place_score(hero, action[1], hand, dodge=True) - travel
            if head == "clear":
                return stay - 0.3
            if head == "skill":
                return stay + self.skill_value(hero, card, here) - 0.1
            if head == "hold":
                return stay - 0.1
            return stay - 0.5
        return self.best(legal, score)

    def choose_text(self, pending: dict, legal: list):
        """Card text's choices (text.py): the best target, a space in reach before an attack or a good place to
        stand, the most useful bullet, always a repeat; "skip" when nothing offered beats standing still."""
        hero = self.hero(pending["hero"])
        card = self.cards[pending["card"]]
        hand = list(hero["hand"]) if isinstance(hero["hand"], list) else []
        step = pending.get("step") or (pending.get("steps") or [{}])[0]    # the view shows the machine (text.py)
        do, who = step.get("do"), step.get("who", "self")
        here = tuple(hero["position"]) if hero["position"] else None
        attacking = pending.get("action") == "attack"
        reach = sense.attack_range(hero, card, self.now) if card.get("primary") == "attack" else 0

        def stand(space) -> float:
            value = self.place_score(hero, space, hand, dodge=not attacking)
            if attacking and pending.get("target") is None and pending.get("minion") is None:
                target = self.best_target(hero, card, space, reach)     # a "before the attack" move that brings one
                if target is not None:
                    value += 10.0 + 0.1 * min(target, 100.0)
            return value

        def score(action):
            head = action[0]
            if head == "hero":
                target = self.hero(action[1])
                if target["team"] != self.team:
                    return self.attack_score(hero, card, target) if attacking else 1.0
                return 0.5 if self.threatened(target, tuple(target["position"])) else 0.0
            if head == "space":
                space = tuple(action[1])
                if do in ("_move", "move", "place") and who == "self" and here is not None:
                    return stand(space)
                if do == "token" and self.enemies:             # an obstacle in the enemies' way
                    return -min(hexes_distance(space, e["position"]) for e in self.enemies)
                return 0.0
            if head == "minion":                               # F-K4 coins and the lane
                minion = next((m for m in self.minions if m["id"] == action[1]), None)
                return self.minion_value(minion) if minion is not None else 0.0
            if head == "bullet":
                return sum(self.step_value(hero, s, here) for s in step["options"][action[1]]) if here else 0.0
            if head == "repeat":
                return 5.0
            if head == "skip":
                return stand(here) if do in ("_move", "move", "place") and who == "self" and here else -0.1
            return 0.0
        return self.best(legal, score)

    def choose_defence(self, pending: dict, legal: list):
        """The card that saves the hero at the least cost (a defence card before an attack card); else none."""
        hero = self.hero(pending["hero"])
        saving = [a for a in legal if a[0] == "defend" and self.saves(hero, a[1], pending["attack"], pending["ranged"],
                                                                        pending.get("minions", 0))]   # F-D6
        if not saving:
            return ["no_defense"] if ["no_defense"] in legal else fallback(legal)
        role = {"defense": 0, "defense_skill": 1, "movement": 2, "skill": 3, "attack": 4}

        def cost(action):
            card = self.cards[action[1]]
            return (role.get(card["primary"], 2), sense.defense_total(hero, card, self.now))
        return min(saving, key=cost)

    def respawn_space(self, hero: dict, hand: list):
        spots = [s for s in self.geo.spawns.get(hero["team"], []) if s not in self.units]
        if not spots:
            return None
        return max(spots, key=lambda s: self.place_score(hero, s, hand))

    def choose_respawn(self, pending: dict, legal: list):
        """Always come back (S1-R18/R19), on the space nearest the fight."""
        hero = self.hero(pending["hero"])
        spots = [a for a in legal if a[0] == "respawn"]
        if not spots:
            return fallback(legal)
        return self.best(spots, lambda a: self.place_score(hero, a[1], list(hero["hand"])))

    def choose_order(self, pending: dict, legal: list):
        """Among the team's tied heroes, the one whose card has an enemy hero or minion in reach now acts first
        (a push first of all)."""
        def gain(action):
            hero = self.hero(action[1])
            cid = self.view["played"].get(str(hero["index"]))
            if not cid or not hero["position"]:
                return 0.0
            card = self.cards[cid]
            if card["primary"] == "attack":
                reach = sense.attack_range(hero, card, self.now) + sense.pre_attack_move(card)
                value = self.best_target(hero, card, tuple(hero["position"]), reach)
                if value is not None:
                    return 2.0 + 0.01 * min(value, 100.0)
            return 1.0 if card["primary"] == "movement" else 0.5
        return self.best(legal, gain)

    # --- the lane's team choices (lane.py) --------------------------------------------------------------

    def minion_use(self, kind: str, team: str, space) -> float:
        """How useful a minion of `team` standing on `space` is: its F-D6 aura on the heroes it touches (a
        melee or heavy one next to any hero, a ranged one with enemy heroes within 2), and how long it may
        last (far from enemy heroes)."""
        space = tuple(space)
        use, closest = 0.0, 6
        for h in self.heroes:
            if not h["position"]:
                continue
            far = hexes_distance(space, h["position"])
            if kind == "ranged":
                use += 1.0 if h["team"] != team and far <= 2 else 0.0
            elif far == 1:
                use += 1.0
            if h["team"] != team:
                closest = min(closest, far)
        return use + 0.2 * closest + (0.3 if kind == "ranged" else 0.0)

    def choose_removal(self, pending: dict, legal: list):
        """G1-4 step 1: the team loses its least useful minion (the heavy is offered only last)."""
        by_id = {m["id"]: m for m in self.minions}

        def keep(action):
            m = by_id.get(action[1])
            return -self.minion_use(m["type"], m["team"], m["space"]) if m else 0.0
        return self.best(legal, keep)

    def choose_minion_space(self, pending: dict, legal: list):
        """F-L1 a stray's return space (P1-12), A1-10 a displaced minion's place: where it is most useful."""
        kind = pending.get("type")
        if kind is None:
            kind = next((m["type"] for m in self.minions if m["id"] == pending.get("minion")), "melee")
        team = pending.get("team", self.team)
        return self.best(legal, lambda a: self.minion_use(kind, team, a[1]) if a[0] == "space" else -1.0)

    # --- levelling (levelling.py) ------------------------------------------------------------------

    def choose_level_up(self, pending: dict, legal: list):
        """F-V2: for each levelling hero, the colour and card whose pair scores best: the card taken (an attack
        card for a hero whose hand attacks, else a defence card) plus the item the other card leaves, worth
        more the more cards of the new hand show its icon (F-V5)."""
        return self.best(legal, lambda action: sum(self.upgrade_value(*pick) for pick in action[1]))

    def upgrade_value(self, index: int, returned: str, taken: str) -> float:
        hero = self.hero(index)
        new = self.cards[taken]
        tucked = next((c for c in hero["deck"] if c != taken and self.cards[c]["colour"] == new["colour"]
                       and self.cards[c]["tier"] == new["tier"]), None)
        hand = [c for c in hero["hand"] if c != returned] + [taken]
        printed = [self.cards[c] for c in hand]
        attacks = [c for c in printed if c["primary"] == "attack"]
        attacker = sum(1 for c in attacks if c["tier"] >= 1) >= 1
        ranged = any(c["ranged"] for c in attacks)
        value = 0.1 * (new["value"] or 0)
        if new["primary"] == "attack":
            value += 1.5 if attacker else 0.3
        elif new["primary"] in ("defense", "defense_skill"):
            value += 0.6
        else:
            value += 0.4
        if tucked is not None:
            icon = self.cards[tucked]["item"]
            weight = {**ICON_WEIGHT, "attack": ICON_WEIGHT["attack"] * (1.5 if attacker else 0.5),
                      "range": ICON_WEIGHT["range"] * (1.5 if ranged else 1.0)}.get(icon, 0.3)
            value += weight * sum(1 for c in printed if shows(c, icon))
        return value


ICON_WEIGHT = {"attack": 1.0, "defense": 0.8, "range": 0.6, "movement": 0.4, "radius": 0.4, "initiative": 0.3}


def shows(card: dict, icon: str) -> bool:
    """Whether a printed card (view data) shows the icon an item raises (heroes.Card.shows)."""
    secondaries = card.get("secondaries") or {}
    return {"initiative": card["initiative"] is not None, "range": card["range"] is not None,
            "radius": card["radius"] is not None, "attack": card["primary"] == "attack",
            "movement": card["primary"] == "movement" or "movement" in secondaries,
            "defense": card["primary"] in ("defense", "defense_skill") or "defense" in secondaries}.get(icon, False)


def hexes_distance(a, b) -> int:
    return hexes.distance(tuple(a), tuple(b))
