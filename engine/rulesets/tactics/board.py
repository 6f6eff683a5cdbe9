"""The Battle Area: free cells, the no-empty-row rule, distance for Range, placement and moves."""

from .state import Battle, Char

FRONT_CLASSES = ("guardian", "warrior")      # G0-3 by_class: these hold the front row
LOOPS = {"three": ("pyro", "eol", "aqua"), "four": ("pyro", "eol", "geo", "aqua")}   # G0-7


def free_cells(b: Battle, seat: int, row: int, ignore: Char | None = None) -> list[int]:
    """Columns of `row` that no living character of `seat` holds."""
    taken = {c.col for c in b.on_board(seat) if c.row == row and c is not ignore}
    return [col for col in range(b.opts["cols"]) if col not in taken]


def deepest_row(b: Battle, seat: int, ignore: Char | None = None) -> int:
    """The highest occupied row number of a side (-1 when none)."""
    return max((c.row for c in b.on_board(seat) if c is not ignore), default=-1)


def compact(b: Battle, seat: int) -> list[list[int]]:
    """S0-R10/A0-1: characters behind an empty row advance into it; returns [[uid, row, col], ...] moved.

    A0-12: by default the King advances with the others. Under king_advances=false it stays where it
    is: the heroes and units behind the gap advance a row each (one that would land on the King's cell
    takes the nearest free column of that row, or stays when the row is full), and a gap with only
    the King behind it stays open.
    """
    moved = {}
    kings_move = b.opts["king_advances"]
    held = False
    while True:
        chars = b.on_board(seat)
        rows = {c.row for c in chars}
        deepest = max(rows, default=-1)
        if b.opts["row_rule"] == "front_only":
            gaps = [0] if chars and 0 not in rows else []
        else:
            gaps = [row for row in range(deepest) if row not in rows]
        if not gaps:
            break
        gap = gaps[0]
        behind = [c for c in chars if c.row > gap]
        if not kings_move:
            held = held or any(c.defn.kind == "king" for c in behind)
            behind = [c for c in behind if c.defn.kind != "king"]
            if not _advance_around_king(b, seat, behind, moved):
                break
            continue
        for char in behind:
            char.row -= 1
            moved[char.uid] = [char.uid, char.row, char.col]
    if moved and b.log.events is not None:
        b.log.emit("advance", "S0-R10", seat=seat, moved=sorted(moved.values()))
        kings = [uid for uid in moved if b.char(uid).defn.kind == "king"]
        if kings:
            b.log.emit("king_advance", "A0-12", seat=seat, uid=kings[0])
    if held and b.log.events is not None:
        king = b.sides[seat].king()
        if king.on_board:
            b.log.emit("king_stays", "A0-12", seat=seat, uid=king.uid, row=king.row)
    return sorted(moved.values())


def _advance_around_king(b: Battle, seat: int, behind: list[Char], moved: dict) -> bool:
    """A0-12 king_advances=false: heroes and units behind a gap step up a row, front rows first; the
    King keeps its cell. Returns whether anyone moved (no one: the gap stays, with only the King behind)."""
    any_moved = False
    for char in sorted(behind, key=lambda c: (c.row, c.col)):
        row = char.row - 1
        cols = free_cells(b, seat, row, ignore=char)
        if not cols:
            continue
        col = char.col if char.col in cols else min(cols, key=lambda c: (abs(c - char.col), c))
        char.row, char.col = row, col
        moved[char.uid] = [char.uid, char.row, char.col]
        any_moved = True
    return any_moved


def distance(b: Battle, a: Char, t: Char) -> int:
    """G0-2: own row + 1 + target row (+ column difference under rows_and_columns)."""
    d = a.row + 1 + t.row
    if b.opts["range_metric"] == "rows_and_columns":
        d += abs(a.col - t.col)
    return d


def ally_in_range(b: Battle, a: Char, t: Char, reach: int) -> bool:
    """A0-11: an ally is in range when its row difference within the own area (plus the column
    difference under rows_and_columns) is less than the skill's Range; ally_range=any: always."""
    if b.opts["ally_range"] == "any":
        return True
    d = abs(a.row - t.row)
    if b.opts["range_metric"] == "rows_and_columns":
        d += abs(a.col - t.col)
    return d < reach


def placement_rows(b: Battle, char: Char) -> list[int]:
    """S0-R8/G0-2/G0-3: the rows a character may deploy into, before the no-gap rule."""
    rows = list(range(b.opts["rows"]))
    if b.opts["melee_front"] and char.defn.range == 1:
        rows = [0]
    if b.opts["class_placement"] == "by_class":
        rows = [r for r in rows if (r == 0) == (char.defn.cls in FRONT_CLASSES)] or rows
    return rows


def deploy_cells(b: Battle, char: Char) -> list[tuple[int, int]]:
    """Free cells a character may deploy to: its placement rows, never leaving a gap (S0-R10).

    P0-2: when the rules leave it no cell at all (its rows are full, or nothing is in front yet), any
    cell that keeps the rows compact is allowed, so deployment can always finish.
    """
    cells, _ = deploy_cells_why(b, char)
    return cells


def deploy_frame(b: Battle, seat: int) -> tuple[int, dict[int, list[int]]]:
    """What deployment reads of a side, whichever character deploys: the last row it may open
    (S0-R10: one past its deepest under the compact row rule; the front row for the first character)
    and each open row's free columns. The side's characters are read once, for a whole legal list."""
    placed = b.on_board(seat)
    last = b.opts["rows"] - 1
    if not placed:
        last = 0                                   # the first character opens the front row
    elif b.opts["row_rule"] == "compact":
        last = min(last, max(c.row for c in placed) + 1)
    taken = {row: set() for row in range(last + 1)}
    for c in placed:
        if c.row <= last:
            taken[c.row].add(c.col)
    cols = range(b.opts["cols"])
    return last, {row: [col for col in cols if col not in held] for row, held in taken.items()}


def deploy_cells_why(b: Battle, char: Char, frame=None) -> tuple[list[tuple[int, int]], bool]:
    """deploy_cells, and whether they come from the P0-2 fallback. `frame` is `deploy_frame` of the
    character's side, when the caller has it already."""
    last, free = frame or deploy_frame(b, char.owner)
    cells = [(r, c) for r in placement_rows(b, char) if r <= last for c in free[r]]
    if cells:
        return cells, False
    return [(r, c) for r in range(last + 1) for c in free[r]], True


def move_allowance(b: Battle, char: Char) -> int:
    """G0-4: rows a Move may cross."""
    if b.opts["move_allowance"] == "by_speed":
        return 2 if char.defn.speed >= 5 else 1
    return 1


def move_cells(b: Battle, char: Char) -> list[tuple[int, int]]:
    """S0-R19/R20: free cells in another row within the allowance, never behind the compacted army."""
    reach = move_allowance(b, char)
    last = min(b.opts["rows"] - 1, deepest_row(b, char.owner, ignore=char) + 1)
    return [(r, c) for r in range(last + 1) if r != char.row and abs(r - char.row) <= reach
            for c in free_cells(b, char.owner, r, ignore=char)]


def beats(b: Battle, attack: str | None, target: str) -> bool:
    """S0-R29/G0-7: the target's element is the attack element's successor in the Element Loop."""
    loop = LOOPS[b.opts["element_loop"]]
    if attack not in loop or target not in loop:
        return False
    return loop[(loop.index(attack) + 1) % len(loop)] == target
