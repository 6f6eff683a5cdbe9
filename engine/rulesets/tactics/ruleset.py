"""The tactics ruleset: metadata, setup from armies and seed, and the engine contract."""

from ...core.canonical import canonical_json
from ...core.carddata import problems_in
from ...core.errors import BadCards, BadSetup
from ...core.events import EventLog
from ...core.rng import Rng
from ...core.ruleset import Capabilities, Ruleset, register
from ...core.turn import LegalList
from .bots import SensibleBot
from .characters import (BUILTIN_FILE, Content, builtin_content, content_from_data, load_content_file,
                         pick_problem)
from .end import MOST_ANSWERS
from .legality import illegal_reason
from .options import OPTIONS, SETTLED
from .position import build_position, check_position
from .state import Battle, Char, Side
from .turn import TURN, choose_first, waiting_for

SETUP_STREAM = 99       # the PRNG stream that picks default armies, apart from the battle's own
# What a record's setup may carry from a user's character file: the characters and armies one game
# uses (two armies of six, plus the summoned characters they invoke), with room to spare.
MAX_SETUP_CHARACTERS = 40
MAX_SETUP_ARMIES = 2


@register
class Tactics(Ruleset):
    """Two armies on rows; speed-ordered character turns, Act Points, a Soulwell, an Element Loop."""

    id = "tactics"
    version = 3                  # 3 (issue 23): a battle that reaches 12,000 decisions, the most a record holds, is a tie (P0-12)
    title = "Tactics — armies of characters, Act Points and a Soulwell"
    # Everything is on the table; the seed draws the First Player and breaks speed ties (S0-R1..R5).
    capabilities = Capabilities(min_seats=2, max_seats=2, chance=True)
    options = OPTIONS
    settled_without_option = SETTLED
    bots = {"sensible": SensibleBot}
    card_tables = ("characters", "armies")
    max_actions = MOST_ANSWERS   # P0-10: the most decisions a record holds (end.py); P0-12 ends a battle there
    turn = TURN                  # deploy, then cycles of character turns (turn.py)

    def __init__(self, content: Content | None = None):
        self._content = content        # tests pass their own; else the shipped file, loaded on first use
        self._custom: tuple[str, Content] | None = None   # the last setup content validated, by its JSON

    @property
    def content(self) -> Content:
        """The characters and armies this ruleset plays with."""
        if self._content is None:
            self._content = builtin_content()
        return self._content

    def content_for(self, setup: dict) -> Content:
        """The characters a setup may use: the shipped ones plus any its 'content' carries (a user's
        file, validated as the shipped one is; a bad one is a one-line BadSetup)."""
        extra = setup.get("content")
        if not extra:
            return self.content
        key = canonical_json(extra)     # a session asks several times (check, set-up): validate once
        if self._custom is None or self._custom[0] != key:
            if not isinstance(extra, dict):
                raise BadSetup("setup 'content' must be an object with 'characters' and 'armies'")
            for table_name, most in (("characters", MAX_SETUP_CHARACTERS), ("armies", MAX_SETUP_ARMIES)):
                if isinstance(extra.get(table_name), dict) and len(extra[table_name]) > most:
                    raise BadSetup(f"setup 'content' may carry at most {most} {table_name}; "
                                   f"this one has {len(extra[table_name])} (P0-10)")
            try:
                custom = content_from_data(extra, "setup content", self.content.characters)
            except BadCards as error:
                raise BadSetup(f"bad character data in the setup: {error}") from None
            self._custom = (key, self.content.merged_with(custom))
        return self._custom[1]

    # --- setup ---------------------------------------------------------------------------

    def default_setup(self, options: dict, seed: int, content: Content | None = None) -> dict:
        """Two different preset armies (when there are two), drawn from the seed on a stream of their own."""
        armies = sorted((content or self.content).armies)
        if not armies:
            raise BadSetup("the character data has no armies")
        rng = Rng(seed, SETUP_STREAM)
        rng.shuffle(armies)
        return {"armies": [armies[0], armies[1 % len(armies)]]}

    def check_setup(self, setup: dict, options: dict) -> dict:
        """{"armies": [ARMY, ARMY]}, each a preset id or {"king": id, "members": [ids]} (G0-13); or a position.

        Either may come with 'content': the characters and armies a user's file adds (see build_setup).
        """
        keys = set(setup) - {"content"} if isinstance(setup, dict) else None
        if keys not in ({"armies"}, {"position"}):
            raise BadSetup("setup must be an object with 'armies' (two army ids or {king, members} objects) "
                           "or 'position' (see engine/rulesets/tactics/position.py), and optionally 'content'")
        content = self.content_for(setup)
        extra = {"content": setup["content"]} if setup.get("content") else {}
        if "position" in setup:
            normal = {"position": check_position(setup["position"]), **extra}
            build_position(normal["position"], content, options, 0, EventLog(False))   # refuse bad ones now
            return normal
        armies = setup["armies"]
        if not isinstance(armies, list) or len(armies) != 2:
            raise BadSetup("setup 'armies' must list two armies, one per seat")
        members = options["army_members"]
        if options["rows"] * options["cols"] < members + 1:
            raise BadSetup(f"a {options['rows']}×{options['cols']} Battle Area cannot hold {members + 1} characters (G0-1)")
        return {"armies": [self._check_army(seat, army, members, content) for seat, army in enumerate(armies)],
                **extra}

    def _check_army(self, seat: int, army, size: int, content: Content):
        chars = content.characters
        if isinstance(army, str):
            if army not in content.armies:
                raise BadSetup(f"unknown army {army[:40]!r} for seat {seat}; armies: {', '.join(sorted(content.armies))}")
            return army
        if not isinstance(army, dict) or set(army) != {"king", "members"}:
            raise BadSetup(f"seat {seat}'s army must be a preset id or an object with 'king' and 'members'")
        king, picked = army["king"], army["members"]
        if not isinstance(king, str) or king not in chars or chars[king].kind != "king":
            raise BadSetup(f"seat {seat}'s king must name a King character; got {str(king)[:40]!r}")
        if not isinstance(picked, list) or len(picked) != size:
            raise BadSetup(f"seat {seat}'s army needs exactly {size} members besides the King (G0-13)")
        for member in picked:
            problem = pick_problem(member, chars)
            if problem:
                raise BadSetup(f"seat {seat}: {problem}")
        if len(set(picked)) != len(picked):
            raise BadSetup(f"seat {seat}'s members must all differ (one Attribute card each)")
        return {"king": king, "members": list(picked)}

    def build_setup(self, options: dict, seed: int, decks: dict[int, list[str]], cards_file=None) -> dict:
        """A setup from the command line: `--deck SIDE=ARMY` (a preset) or `--deck SIDE=KING,MEMBER,…`.

        A user's character file (`--cards FILE`) may add or replace characters and armies; the ones
        the game uses from it travel inside the setup, so the record replays without the file.
        """
        custom = load_content_file(cards_file, self.content.characters) if cards_file else None
        content = self.content.merged_with(custom) if custom else self.content
        setup = self.default_setup(options, seed, custom if custom and custom.armies else None)
        for seat, names in decks.items():
            setup["armies"][seat] = names[0] if len(names) == 1 else {"king": names[0], "members": names[1:]}
        if custom:
            used = self._used_content(setup["armies"], content, custom)
            if used["characters"] or used["armies"]:
                setup["content"] = used
        return self.check_setup(setup, options)

    @staticmethod
    def _used_content(armies: list, content: Content, custom: Content) -> dict:
        """The characters and armies of `custom` that these armies use, with the characters they invoke."""
        picked, used_armies = [], {}
        for army in armies:
            if isinstance(army, str):
                preset = content.armies.get(army)
                if preset is None:
                    continue                 # check_setup says what is wrong
                if army in custom.armies:
                    used_armies[army] = custom.armies[army].to_data()
                picked += [preset.king, *preset.members]
            elif isinstance(army, dict):
                picked += [army.get("king"), *(army.get("members") or [])]
        used, queue = {}, [cid for cid in picked if isinstance(cid, str)]
        while queue:
            cid = queue.pop()
            if cid in used or cid not in content.characters:
                continue
            used[cid] = content.characters[cid]
            queue += [e.character for s in used[cid].skills() for e in s.effects if e.kind == "invoke"]
        chars = {cid: defn.to_data() for cid, defn in sorted(used.items()) if cid in custom.characters}
        return {"characters": chars, "armies": used_armies}

    def squad_table(self) -> list[tuple[str, str, str]]:
        """(id, king, English name) of every preset army, for `cards list`."""
        return [(army.id, army.king, army.name["en"]) for army in self.content.armies.values()]

    def army_ids(self, army, size: int, content: Content | None = None) -> tuple[str, list[str]]:
        """(king, members) of a checked army spec; a preset gives its first `size` members."""
        if isinstance(army, str):
            preset = (content or self.content).armies[army]
            return preset.king, list(preset.members[:size])
        return army["king"], list(army["members"])

    def setup(self, options: dict, seed: int, setup: dict, log: EventLog) -> Battle:
        """Build both armies with their starting AP (G0-5); choose the First Player (S0-R1..R5)."""
        content = self.content_for(setup)
        if "position" in setup:
            return build_position(setup["position"], content, options, seed, log)
        sides, uid = [], 0
        for seat, army in enumerate(setup["armies"]):
            king, members = self.army_ids(army, options["army_members"], content)
            chars = []
            for char_id in [king, *members]:
                chars.append(Char(uid, content.characters[char_id], seat, options["start_ap"]))
                uid += 1
            sides.append(Side(seat, army if isinstance(army, str) else "custom", chars))
            log.emit("army", "G0-13", seat=seat, army=sides[-1].army, chars=[[c.uid, c.defn.id] for c in chars])
        log.emit("start_ap", "G0-5", ap=options["start_ap"])
        battle = Battle(sides, 0, Rng(seed), dict(options), log, content)
        choose_first(battle)
        return battle

    def validate_cards(self, path=None) -> list[str]:
        """Every problem in a characters file (the shipped one when no file is given)."""
        return problems_in(load_content_file, path or BUILTIN_FILE, self.content.characters if path else None)

    # --- the contract --------------------------------------------------------------------

    def illegal_reason(self, state: Battle, decision, player: int, action, key: str) -> str | None:
        """Why `action` is illegal (one line citing the rule it breaks), checked from the state alone."""
        seat = decision.players[0]
        if decision.kind == "deploy":
            step = ("deploy", seat)
        elif decision.kind == "choose_order":
            step = ("choose", seat, decision.prompt["tied"])
        elif decision.kind == "choose_action":
            step = ("turn", seat, state.char(decision.prompt["uid"]))
        else:
            step = waiting_for(state)
        built = decision.legal.built() if isinstance(decision.legal, LegalList) else None
        return illegal_reason(state, player, action, step, built)

    def view(self, state: Battle, player) -> dict:
        """Everything (no hidden information in this game), with the character cards in play and the options.

        The cards' data is built once per card and shared by every view (CharacterDef.data): read it only.
        """
        data = state.to_data()
        del data["rng"]
        ids = {c.defn.id: c.defn for side in state.sides for c in side.chars}
        data["characters"] = {cid: defn.data for cid, defn in sorted(ids.items())}
        data["options"] = dict(state.opts)
        step = waiting_for(state)
        uid = step[2].uid if step and step[0] == "turn" else step[2]["uid"] if step and step[0] == "react" else None
        data["pending"] = None if step is None else {"kind": step[0], "seat": step[1], "uid": uid}
        return data

    def secrets(self, state: Battle, player) -> list:
        """Nothing: every card, Health, Act Point and Soulwell in this game is on the table."""
        return []

    def turns(self, state: Battle) -> int:
        """Player turns taken: deployments, character turns, and an abandon."""
        return state.placed + state.turn
