"""A round robin of squads (autobattle) or armies (tactics) and its statistics: one job only.

Every unordered pair of contenders plays `games_per_pair` games; game i of a pair uses seed
first_seed + i, with the first-named contender in seat 0 when i is even and in seat 1 when i is
odd. A win scores 1, a draw ½. The report holds a win-rate matrix (row against column) with 95%
Wilson score intervals, the rate of each contender against the whole field, a ranking by it, and
the contenders whose field interval lies wholly above (strong) or below (weak) 50%."""

import math
from html import escape

from .core import SkirmishError
from .parallel import (CHUNKS_PER_WORKER, CLUSTER_MIN_CHUNK, MIN_CHUNK, cluster_threads, play_pair_chunk,
                       run_on_cluster, run_tasks)

Z95 = 1.959963984540054          # the two-sided 95% point of the normal distribution
RULESETS = ("autobattle", "tactics")


class BalanceError(SkirmishError):
    """A round robin that cannot be run as asked."""


def wilson(score: float, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a rate `score / games` (a draw counting ½); (0, 1) for no games."""
    if games <= 0:
        return 0.0, 1.0
    p = score / games
    z2 = z * z
    centre = (p + z2 / (2 * games)) / (1 + z2 / games)
    half = z / (1 + z2 / games) * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games))
    return max(0.0, centre - half), min(1.0, centre + half)


# --- contenders ---------------------------------------------------------------------------------

def contenders(ruleset_id: str, cards=None, named=None) -> list[tuple[str, str]]:
    """(id, English name) of each contender: the named ones, else the card file's squads or armies
    if it has any, else the starter set."""
    if ruleset_id == "autobattle":
        from .rulesets.autobattle.cards import builtin_content, load_content_file
        base = builtin_content().squads
        own = load_content_file(cards, builtin_content()).squads if cards else {}
    elif ruleset_id == "tactics":
        from .rulesets import get as get_ruleset
        from .rulesets.tactics.characters import load_content_file
        content = get_ruleset("tactics").content
        base = content.armies
        own = load_content_file(cards, content.characters).armies if cards else {}
    else:
        raise BalanceError(f"balance plays squads or armies: ruleset must be one of {', '.join(RULESETS)}")
    every = {**base, **own}
    if named is None:
        chosen = list(own) if own else list(base)
    else:
        chosen = []
        for name in named:
            if name not in every:
                kind = "squad" if ruleset_id == "autobattle" else "army"
                raise BalanceError(f"unknown {kind} {name[:40]!r}; see 'python -m engine cards list --ruleset {ruleset_id}'")
            if name in chosen:
                raise BalanceError(f"{name[:40]!r} is named twice")
            chosen.append(name)
    if len(chosen) < 2:
        raise BalanceError(f"a round robin needs at least two contenders; got {len(chosen)}")
    return [(key, every[key].name["en"]) for key in chosen]


# --- the round robin ------------------------------------------------------------------------------

def pair_games(cards, first: str, second: str) -> list[dict]:
    """The game arguments of a pair: [first in seat 0, second in seat 0]."""
    def game(a, b):
        return {"option": [], "cards": cards, "deck": [f"0={a}", f"1={b}"], "bot": []}
    return [game(first, second), game(second, first)]


def tasks(ruleset_id: str, ids: list[str], cards, games_per_pair: int, first_seed: int, workers: int,
          minimum: int | None = None):
    """The chunks of the round robin as (pair, task, size): a task is play_pair_chunk's arguments.
    A pair is split into chunks of about total / (workers × 4) games, at least `minimum` (MIN_CHUNK)."""
    minimum = MIN_CHUNK if minimum is None else minimum
    pairs = [(i, j) for i in range(len(ids)) for j in range(i + 1, len(ids))]
    total = len(pairs) * games_per_pair
    size = games_per_pair if workers <= 1 else \
        min(games_per_pair, max(minimum, math.ceil(total / (workers * CHUNKS_PER_WORKER))))
    found = []
    for i, j in pairs:
        games = pair_games(cards, ids[i], ids[j])
        for start in range(0, games_per_pair, size):
            count = min(size, games_per_pair - start)
            found.append(((i, j), (ruleset_id, games, first_seed, start, count), count))
    return found


def play(ruleset_id: str, ids: list[str], cards, games_per_pair: int, first_seed: int = 0,
         workers: int = 1, progress=None, mp_context=None, client=None) -> dict:
    """Score and draws of every pair: {"score": n×n (row's points against column), "draws": n×n},
    played here, over `workers` processes, or on the Dask cluster of `client` if one is given."""
    threads, minimum = (workers, MIN_CHUNK) if client is None else (cluster_threads(client), CLUSTER_MIN_CHUNK)
    found = tasks(ruleset_id, ids, cards, games_per_pair, first_seed, threads, minimum)
    chunks, sizes = [task for _, task, _ in found], [size for _, _, size in found]
    if client is None:
        results = run_tasks(play_pair_chunk, chunks, sizes, workers, progress, mp_context)
    else:
        results = run_on_cluster(client, play_pair_chunk, chunks, sizes, progress)
    n = len(ids)
    score = [[0.0] * n for _ in range(n)]
    draws = [[0] * n for _ in range(n)]
    for ((i, j), _, _), (even, odd) in zip(found, results):     # in task order: exact sums
        score[i][j] += even["results"][0] + odd["results"][1]
        score[j][i] += even["results"][1] + odd["results"][0]
        draws[i][j] += even["draws"] + odd["draws"]
        draws[j][i] = draws[i][j]
    return {"score": score, "draws": draws}


def report(ruleset_id: str, entries: list[tuple[str, str]], games_per_pair: int, first_seed: int,
           played: dict) -> dict:
    """The statistics of a played round robin, as plain data (the JSON output)."""
    n = len(entries)
    matrix = []
    for i in range(n):
        row = []
        for j in range(n):
            if i == j:
                row.append(None)
                continue
            points = played["score"][i][j]
            low, high = wilson(points, games_per_pair)
            row.append({"games": games_per_pair, "score": points, "draws": played["draws"][i][j],
                        "win_rate": points / games_per_pair, "low": low, "high": high})
        matrix.append(row)
    field = []
    for i, (key, name) in enumerate(entries):
        points = sum(played["score"][i][j] for j in range(n) if j != i)
        games = games_per_pair * (n - 1)
        low, high = wilson(points, games)
        field.append({"id": key, "name": name, "games": games, "score": points,
                      "win_rate": points / games, "low": low, "high": high,
                      "beats_every_other": all(matrix[i][j]["low"] > 0.5 for j in range(n) if j != i)})
    ranking = sorted(range(n), key=lambda i: (-field[i]["win_rate"], entries[i][0]))
    return {"ruleset": ruleset_id, "games_per_pair": games_per_pair, "first_seed": first_seed,
            "confidence": 0.95, "interval": "wilson",
            "contenders": [{"id": key, "name": name} for key, name in entries],
            "matrix": matrix, "field": field,
            "ranking": [entries[i][0] for i in ranking],
            "strong": [entries[i][0] for i in ranking if field[i]["low"] > 0.5],
            "weak": [entries[i][0] for i in ranking if field[i]["high"] < 0.5]}


# --- outputs -------------------------------------------------------------------------------------

def text_table(data: dict) -> str:
    """The report for a terminal: the ranking with field intervals, then the matrix in percent."""
    entries = [(c["id"], c["name"]) for c in data["contenders"]]
    index = {key: i for i, (key, _) in enumerate(entries)}
    width = max(len(name) for _, name in entries)
    lines = [f"{data['ruleset']}: round robin of {len(entries)}, {data['games_per_pair']} games a pair "
             f"from seed {data['first_seed']} (draws count half; 95% Wilson intervals)", "",
             f"rank  {'contender':{width}}  vs field   95% interval"]
    for rank, key in enumerate(data["ranking"], 1):
        f = data["field"][index[key]]
        mark = "  strong" if key in data["strong"] else "  weak" if key in data["weak"] else ""
        lines.append(f"{rank:4}  {f['name']:{width}}  {100 * f['win_rate']:6.1f}%   "
                     f"{100 * f['low']:5.1f}–{100 * f['high']:5.1f}%{mark}")
    lines += ["", "win rate of the row against the column (%):",
              f"{'':{width + 4}}" + "".join(f"{k + 1:>6}" for k in range(len(entries)))]
    for i, (_, name) in enumerate(entries):
        cells = "".join("     ·" if cell is None else f"{100 * cell['win_rate']:6.1f}" for cell in data["matrix"][i])
        lines.append(f"{i + 1:2}  {name:{width}}{cells}")
    strong = ", ".join(entries[index[k]][1] for k in data["strong"]) or "none"
    weak = ", ".join(entries[index[k]][1] for k in data["weak"]) or "none"
    lines += ["", f"beat the field significantly: {strong}", f"lose to the field significantly: {weak}"]
    return "\n".join(lines) + "\n"


def csv_text(data: dict) -> str:
    """One line per ordered pair (row against column) and one per contender against the field."""
    import csv
    import io
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["row_id", "row_name", "column_id", "column_name", "games", "score", "draws",
                     "win_rate", "low95", "high95"])
    entries = data["contenders"]
    for i, row in enumerate(data["matrix"]):
        for j, cell in enumerate(row):
            if cell is not None:
                writer.writerow([entries[i]["id"], entries[i]["name"], entries[j]["id"], entries[j]["name"],
                                 cell["games"], cell["score"], cell["draws"], f"{cell['win_rate']:.6f}",
                                 f"{cell['low']:.6f}", f"{cell['high']:.6f}"])
    for f in data["field"]:
        writer.writerow([f["id"], f["name"], "field", "the field", f["games"], f["score"], "",
                         f"{f['win_rate']:.6f}", f"{f['low']:.6f}", f"{f['high']:.6f}"])
    return out.getvalue()


def _colour(rate: float) -> str:
    """Red (0%) through white (50%) to blue (100%)."""
    if rate < 0.5:
        t = rate / 0.5
        r, g, b = 214 + (255 - 214) * t, 96 + (255 - 96) * t, 77 + (255 - 77) * t
    else:
        t = (rate - 0.5) / 0.5
        r, g, b = 255 + (49 - 255) * t, 255 + (120 - 255) * t, 255 + (190 - 255) * t
    return f"#{round(r):02x}{round(g):02x}{round(b):02x}"


def svg_heatmap(data: dict) -> str:
    """A hand-written SVG heat-map: names down the side and along the top, the row's win rate in each cell."""
    names = [c["name"] for c in data["contenders"]]
    n, cell = len(names), 44
    left = top = 12 + 7 * max(len(name) for name in names)
    size_w, size_h = left + n * cell + 20, top + n * cell + 40
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{size_w}" height="{size_h}" '
           f'viewBox="0 0 {size_w} {size_h}" font-family="sans-serif" font-size="12">',
           f'<title>{escape(data["ruleset"])}: win rate of the row against the column, '
           f'{data["games_per_pair"]} games a pair</title>',
           '<rect width="100%" height="100%" fill="#ffffff"/>']
    for i, name in enumerate(names):
        y = top + i * cell + cell / 2 + 4
        out.append(f'<text x="{left - 6}" y="{y:.0f}" text-anchor="end">{escape(name)}</text>')
        x = left + i * cell + cell / 2 + 4
        out.append(f'<text x="{x:.0f}" y="{top - 6}" transform="rotate(-60 {x:.0f} {top - 6})">{escape(name)}</text>')
    for i, row in enumerate(data["matrix"]):
        for j, c in enumerate(row):
            x, y = left + j * cell, top + i * cell
            if c is None:
                out.append(f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="#dddddd" stroke="#ffffff"/>')
                continue
            tip = f'{names[i]} vs {names[j]}: {100 * c["win_rate"]:.1f}% ({100 * c["low"]:.1f}–{100 * c["high"]:.1f}%)'
            out.append(f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="{_colour(c["win_rate"])}" '
                       f'stroke="#ffffff"><title>{escape(tip)}</title></rect>')
            out.append(f'<text x="{x + cell / 2:.0f}" y="{y + cell / 2 + 4:.0f}" text-anchor="middle">'
                       f'{round(100 * c["win_rate"])}</text>')
    out.append(f'<text x="{left}" y="{top + n * cell + 24}">win rate (%) of the row against the column; '
               f'draws count half; red below 50, blue above</text>')
    out.append('</svg>')
    return "\n".join(out) + "\n"
