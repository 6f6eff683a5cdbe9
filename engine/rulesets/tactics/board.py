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
    """S0-R10/A0-1: characters behind an empty row advance into it; returns [[uid, row, col], ...] moved."""
    moved = {}
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
        for char in chars:
            if char.row > gap:
                char.row -= 1
                moved[char.uid] = [char.uid, char.row, char.col]
    if moved and b.log.events is not None:
        b.log.emit("advance", "S0-R10", seat=seat, moved=sorted(moved.values()))
    return sorted(moved.values())


def distance(b: Battle, a: Char, t: Char) -> int:
    """G0-2: own row + 1 + target row (+ column difference under rows_and_columns)."""
    d = a.row + 1 + t.row
    if b.opts["range_metric"] == "rows_and_columns":
        d += abs(a.col - t.col)
    return d


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

    When the rules leave it no cell at all (its rows are full, or nothing is in front yet), any
    cell that keeps the rows compact is allowed, so deployment can always finish.
    """
    limit = deepest_row(b, char.owner) + 1 if b.opts["row_rule"] == "compact" else b.opts["rows"] - 1
    if not b.on_board(char.owner):
        limit = 0                                  # the first character opens the front row
    open_rows = [r for r in range(min(limit, b.opts["rows"] - 1) + 1)]
    cells = [(r, c) for r in placement_rows(b, char) if r in open_rows for c in free_cells(b, char.owner, r)]
    if not cells:
        cells = [(r, c) for r in open_rows for c in free_cells(b, char.owner, r)]
    return cells


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
