"""Positions from a compact description: rule demos, teaching links and rule tests start from these.

    {"a": ["red_king@1,0 ap=2", "brute@0,0 hp=3 engaged"], "b": ["blue_king@0,0"],
     "first": 0, "cycle": 1, "soulwell": [0, 1]}

A character is `id@row,col` then optional words: ap=, hp=, max=, shield=, burn=A/C, weaken=A/C,
face_down=N, invoked_by=UID, and the flags engaged, react_used, unique_used. Uids are given in
order: side a's characters first, then side b's. The battle opens in cycle `cycle`, with the
First Player Card held by `first`, before any character of that cycle has taken a turn unless
marked engaged. A description comes from links, so every mistake is a BadSetup naming the side.
"""

from ...core.errors import BadSetup
from ...core.events import EventLog
from ...core.rng import Rng
from .cycle import fingerprint
from .state import Battle, Char, Side

# Bounds a real battle never reaches (an army is six; invoked characters come on top, up to the Battle
# Area's cells), chosen so any accepted record replays in well under a second (P0-10).
MAX_CHARS = 12
MAX_CYCLE = 100         # = the cycle_cap option's maximum
MAX_SOULWELL = 30
FLAGS = ("engaged", "react_used", "unique_used")
NUMBERS = {"ap": (0, 20), "hp": (1, 99), "max": (1, 99), "shield": (0, 99), "face_down": (0, 9),
           "invoked_by": (0, 60)}
PAIRS = ("burn", "weaken")


def check_position(position) -> dict:
    """The description's shape checked; characters and cells are checked when it is built."""
    if not isinstance(position, dict) or set(position) - {"a", "b", "first", "cycle", "soulwell"}:
        raise BadSetup("a position is an object with 'a', 'b' and optionally 'first', 'cycle', 'soulwell'")
    for side in ("a", "b"):
        specs = position.get(side)
        if not isinstance(specs, list) or not 1 <= len(specs) <= MAX_CHARS or \
                not all(isinstance(spec, str) and len(spec) <= 200 for spec in specs):
            raise BadSetup(f"position side {side} must list 1 to {MAX_CHARS} character descriptions (P0-10)")
        if not all(spec.split() for spec in specs):
            raise BadSetup(f"position side {side} has a blank character description (each is 'id@row,col …')")
    first, cycle, well = position.get("first", 0), position.get("cycle", 1), position.get("soulwell", [0, 0])
    if first not in (0, 1) or isinstance(first, bool):
        raise BadSetup("position 'first' must be 0 or 1")
    if isinstance(cycle, bool) or not isinstance(cycle, int) or not 1 <= cycle <= MAX_CYCLE:
        raise BadSetup(f"position 'cycle' must be a whole number from 1 to {MAX_CYCLE} (P0-10)")
    if not isinstance(well, list) or len(well) != 2 or \
            not all(isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= MAX_SOULWELL for n in well):
        raise BadSetup(f"position 'soulwell' must be two whole numbers from 0 to {MAX_SOULWELL} (P0-10)")
    return {"a": list(position["a"]), "b": list(position["b"]), "first": first, "cycle": cycle, "soulwell": list(well)}


def build_position(position: dict, content, options: dict, seed: int, log: EventLog, strict: bool = True) -> Battle:
    """A battle in its cycle phase, exactly as described; `strict` also demands one King a side and no gaps."""
    sides, uid = [], 0
    for seat, key in enumerate(("a", "b")):
        chars = []
        for spec in position[key]:
            chars.append(_char(uid, seat, spec, key, content, options))
            uid += 1
        sides.append(Side(seat, "position", chars))
        sides[-1].soulwell = position["soulwell"][seat]
        if strict:
            _check_side(key, chars, options)
    battle = Battle(sides, position["first"], Rng(seed), dict(options), log, content)
    battle.phase, battle.cycle, battle.active = "cycle", position["cycle"], position["first"]
    battle.mark = fingerprint(battle)
    return battle


def _char(uid: int, seat: int, spec: str, side: str, content, options: dict) -> Char:
    head, *words = spec.split()
    char_id, _, cell = head.partition("@")
    if char_id not in content.characters:
        raise BadSetup(f"position side {side}: unknown character {char_id[:40]!r}")
    char = Char(uid, content.characters[char_id], seat, options["start_ap"])
    try:
        row, col = (int(x) for x in cell.split(","))
    except ValueError:
        raise BadSetup(f"position side {side}: {head[:40]!r} needs a cell as id@row,col") from None
    if not (0 <= row < options["rows"] and 0 <= col < options["cols"]):
        raise BadSetup(f"position side {side}: {head[:40]!r} is outside the {options['rows']}×{options['cols']} Battle Area")
    char.row, char.col = row, col
    for word in words:
        _word(char, word, side)
    return char


def _word(char: Char, word: str, side: str) -> None:
    key, _, value = word.partition("=")
    where = f"position side {side}: {char.defn.id}"
    if key in FLAGS and not value:
        setattr(char, key, True)
        return
    try:
        numbers = [int(x) for x in value.split("/")]
    except ValueError:
        raise BadSetup(f"{where}: {word[:40]!r} needs a whole number") from None
    if key in PAIRS and len(numbers) == 2 and all(0 <= n <= 9 for n in numbers):
        setattr(char, key, numbers)
    elif key in NUMBERS and len(numbers) == 1 and NUMBERS[key][0] <= numbers[0] <= NUMBERS[key][1]:
        setattr(char, {"hp": "health", "max": "max_health"}.get(key, key), numbers[0])
    elif key in NUMBERS:
        low, high = NUMBERS[key]
        raise BadSetup(f"{where}: {word[:40]!r}: {key} must be one whole number from {low} to {high} (P0-10)")
    elif key in PAIRS:
        raise BadSetup(f"{where}: {word[:40]!r}: {key} must be AMOUNT/CYCLES, each from 0 to 9")
    else:
        raise BadSetup(f"{where}: unknown or out-of-range word {word[:40]!r}")


def _check_side(key: str, chars: list[Char], options: dict) -> None:
    if sum(c.defn.kind == "king" for c in chars) != 1:
        raise BadSetup(f"position side {key} must have exactly one King (G0-13)")
    cells = [(c.row, c.col) for c in chars]
    if len(set(cells)) != len(cells):
        raise BadSetup(f"position side {key} puts two characters in one cell")
    rows = {c.row for c in chars}
    if options["row_rule"] == "compact" and rows != set(range(max(rows) + 1)) or 0 not in rows:
        raise BadSetup(f"position side {key} leaves an empty row in front of an occupied one (S0-R10)")
    for c in chars:
        if c.health > c.max_health:
            raise BadSetup(f"position side {key}: {c.defn.id} has more Health than its maximum")
