"""Many games of one ruleset over a range of seeds, in this process or in several: one job only —
play seed ranges and add up their totals. Game i of a run always uses seed first + i, and the
totals of the chunks are added in chunk order, so the sums do not depend on how many processes
played them (results are 0, ½ or 1, so even the float sums are exact).

`play_chunk` is the unit of work: a top-level function taking plain data (a ruleset id, the game
arguments as the command line parsed them, a first seed and a count) and returning plain data, so
a process pool (spawn or fork) — or a Dask cluster (`run_cluster`) — can run it as it is."""

import math
import os
import sys
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from types import SimpleNamespace

from .core import BadSetup, SkirmishError
from .gamesetup import bots_of, new_session, seats_of

MIN_CHUNK = 200          # games; below this a chunk's scheduling cost starts to show
CHUNKS_PER_WORKER = 4    # a few chunks each, so a slow chunk does not leave the others idle
CLUSTER_MIN_CHUNK = 500  # games; a Dask task costs ~5 ms of scheduling and round trip (LocalCluster here),
                         # a 500-game chunk 0.2-0.35 s of play: the overhead stays under 3%
CLUSTER_TIMEOUT = 5      # seconds to reach the scheduler, and to wait for a first worker


class ChunkFailed(SkirmishError):
    """A chunk raised an engine error; carried back across the process boundary as one line."""


def game_arguments(args) -> dict:
    """The parts of parsed `simulate` arguments that decide a game, as plain data."""
    return {"option": list(args.option), "cards": args.cards, "deck": list(args.deck), "bot": list(args.bot)}


def empty_totals(seats) -> dict:
    """Totals of no games for these seats."""
    return {"games": 0, "wins": [0] * len(seats), "results": [0.0] * len(seats),
            "team_wins": {seat.team: 0 for seat in seats}, "draws": 0, "automaton_wins": 0, "turns": 0}


def add_totals(into: dict, more: dict) -> dict:
    """Add `more` to `into` (in place) and return it."""
    into["games"] += more["games"]
    for seat, won in enumerate(more["wins"]):
        into["wins"][seat] += won
    for seat, result in enumerate(more["results"]):
        into["results"][seat] += result
    for team, won in more["team_wins"].items():
        into["team_wins"][team] += won
    for key in ("draws", "automaton_wins", "turns"):
        into[key] += more[key]
    return into


def play_chunk(ruleset_id: str, game: dict, first_seed: int, count: int, progress=None) -> dict:
    """Totals of `count` games from seed `first_seed` on; `progress(done)` after each game if given."""
    try:
        return _play(ruleset_id, game, range(first_seed, first_seed + count), progress)
    except ChunkFailed:
        raise
    except SkirmishError as error:      # some engine errors do not survive pickling as themselves
        raise ChunkFailed(str(error)) from None


def play_pair_chunk(ruleset_id: str, games: list, first_seed: int, first_index: int, count: int,
                    progress=None) -> list:
    """Games `first_index` to `first_index + count - 1` of a pair whose game i uses seed `first_seed + i`
    and the set-up `games[i % 2]` (the same two contenders, seats swapped); returns the totals of each
    set-up, [even games, odd games]. Plain data in and out, like `play_chunk`."""
    parts = []
    for order in (0, 1):
        start = first_index + (first_index + order) % 2       # the first index of this parity
        seeds = range(first_seed + start, first_seed + first_index + count, 2)
        offset = len(parts[0][1]) if parts else 0
        parts.append((order, seeds, offset))
    found = []
    for order, seeds, offset in parts:
        tick = None if progress is None else (lambda done, offset=offset: progress(offset + done))
        try:
            found.append(_play(ruleset_id, games[order], seeds, tick))
        except ChunkFailed:
            raise
        except SkirmishError as error:
            raise ChunkFailed(str(error)) from None
    return found


def _play(ruleset_id, game, seeds, progress):
    from .rulesets import get as get_ruleset
    ruleset = get_ruleset(ruleset_id)
    args = SimpleNamespace(**game)
    seats = seats_of(ruleset, args)
    bots = bots_of(ruleset, seats, args.bot)
    totals = empty_totals(seats)
    wins, results, teams = totals["wins"], totals["results"], totals["team_wins"]
    for index, seed in enumerate(seeds):
        session = new_session(ruleset, args, seed, events=False)
        if session.seats != seats:
            raise BadSetup("the seats changed from one game to the next; give the setup explicitly")
        session.run(bots)
        outcome = session.outcome
        if outcome is None:
            raise BadSetup("a game stopped before its end: give every deciding seat a bot")
        totals["draws"] += outcome.is_draw
        totals["automaton_wins"] += outcome.automaton
        for seat in range(len(seats)):
            wins[seat] += seat in outcome.winners
            results[seat] += outcome.result(seat)
        for team in {seats[seat].team for seat in outcome.winners}:
            teams[team] += 1
        totals["turns"] += session.turns()
        totals["games"] += 1
        if progress is not None:
            progress(index + 1)
    return totals


def chunks(first_seed: int, games: int, workers: int, minimum: int = MIN_CHUNK) -> list[tuple[int, int]]:
    """(first seed, count) of each chunk: contiguous, in order, about games / (workers × 4) each but
    at least `minimum` games unless that would leave a worker without a chunk."""
    size = max(math.ceil(games / (workers * CHUNKS_PER_WORKER)), min(minimum, math.ceil(games / workers)), 1)
    return [(first_seed + start, min(size, games - start)) for start in range(0, games, size)]


def sum_totals(seats, parts: list) -> dict:
    """The chunks' totals added in chunk order, whatever order they finished in."""
    totals = empty_totals(seats)
    for part in parts:
        add_totals(totals, part)
    return totals


def run(ruleset_id: str, game: dict, first_seed: int, games: int, seats, workers: int = 1,
        progress=None, mp_context=None) -> dict:
    """Totals of `games` games from `first_seed` on, over `workers` processes (1: this process, no
    pool; `mp_context` e.g. multiprocessing.get_context("spawn")); `progress(done)` as games (one
    process) or chunks (several) finish."""
    if workers <= 1:
        return add_totals(empty_totals(seats), play_chunk(ruleset_id, game, first_seed, games, progress))
    parts = chunks(first_seed, games, workers)
    found = run_tasks(play_chunk, [(ruleset_id, game, seed, count) for seed, count in parts],
                      [count for _, count in parts], workers, progress, mp_context)
    return sum_totals(seats, found)


def run_tasks(function, tasks: list[tuple], sizes: list[int], workers: int = 1, progress=None,
              mp_context=None) -> list:
    """`function(*task)` for every task, in this process (workers 1) or over `workers` processes;
    the results in task order, whatever order they finished in. `sizes[k]` is task k's number of
    games; `progress(done games)` after each game (one process) or each task (several)."""
    results = [None] * len(tasks)
    if workers <= 1:
        done = 0
        for index, task in enumerate(tasks):
            tick = None if progress is None else (lambda n, done=done: progress(done + n))
            results[index] = function(*task, progress=tick)
            done += sizes[index]
        return results
    with ProcessPoolExecutor(max_workers=min(workers, len(tasks)), mp_context=mp_context) as pool:
        pending = {pool.submit(function, *task): index for index, task in enumerate(tasks)}
        done = 0
        try:
            while pending:
                finished, _ = wait(pending, return_when=FIRST_COMPLETED)
                for future in finished:
                    index = pending.pop(future)
                    results[index] = future.result()
                    done += sizes[index]
                    if progress is not None:
                        progress(done)
        except BaseException:
            for future in pending:
                future.cancel()
            raise
    return results


class ClusterError(SkirmishError):
    """Dask missing, a bad or unreachable scheduler address, a cluster without workers."""


def connect(address: str, timeout: float = CLUSTER_TIMEOUT):
    """A `distributed.Client` on the scheduler at `address` with at least one worker, or ClusterError.
    Dask is imported here only: the engine itself needs nothing outside the standard library."""
    try:
        from distributed import Client
    except ImportError:
        raise ClusterError("--cluster needs Dask distributed: pip install 'skirmish[cluster]'") from None
    from distributed.comm.addressing import parse_host_port
    from distributed.comm.registry import backends
    scheme, _, location = address.partition("://")
    try:
        if scheme in ("tcp", "tls", "ws", "wss"):
            parse_host_port(location)       # a bad port, checked here: a half-built Client is noisy
    except (ValueError, TypeError):
        location = ""
    if not location or scheme not in backends:
        raise ClusterError(f"--cluster wants a scheduler address such as tcp://HOST:8786 "
                           f"(schemes: {', '.join(sorted(backends))}); got {address[:60]!r}")
    try:
        client = Client(address, timeout=timeout, set_as_default=False)
    except Exception as error:          # ValueError (bad address), OSError/TimeoutError (unreachable), …
        reason = " ".join(str(error).split())[:200] or type(error).__name__
        raise ClusterError(f"cannot reach the Dask scheduler at {address[:60]}: {reason}") from None
    try:
        client.wait_for_workers(1, timeout=timeout)
    except Exception:
        client.close()
        raise ClusterError(f"the Dask scheduler at {address[:60]} has no workers (waited {timeout:g} s)") from None
    return client


def cluster_threads(client) -> int:
    """The worker threads of a Dask cluster: the number of workers its chunks are sized for."""
    return max(1, sum(client.nthreads().values()))


def run_cluster(client, ruleset_id: str, game: dict, first_seed: int, games: int, seats,
                progress=None) -> tuple[dict, int]:
    """Totals of `games` games from `first_seed` on, played as `play_chunk` tasks on a Dask cluster,
    and the number of worker threads the chunks were sized for. Chunks as `chunks` makes them for
    that many workers, but at least CLUSTER_MIN_CHUNK games; their totals are added in chunk order."""
    threads = cluster_threads(client)
    parts = chunks(first_seed, games, threads, CLUSTER_MIN_CHUNK)
    found = run_on_cluster(client, play_chunk, [(ruleset_id, game, seed, count) for seed, count in parts],
                           [count for _, count in parts], progress)
    return sum_totals(seats, found), threads


def run_on_cluster(client, function, tasks: list[tuple], sizes: list[int], progress=None) -> list:
    """`function(*task)` for every task as Dask tasks; the results in task order, whatever order
    they finished in (as `run_tasks`); `progress(done games)` as tasks finish."""
    from distributed import as_completed
    futures = [client.submit(function, *task, pure=False) for task in tasks]
    index_of = {future.key: index for index, future in enumerate(futures)}
    results = [None] * len(tasks)
    done = 0
    try:
        for future in as_completed(futures, loop=client.loop):
            index = index_of[future.key]
            try:
                results[index] = future.result()
            except SkirmishError:
                raise
            except Exception as error:      # e.g. a worker that cannot import this package
                reason = " ".join(str(error).split())[:200]
                raise ClusterError(f"a cluster worker failed a task ({type(error).__name__}: {reason}); "
                                   f"do the workers have skirmish {_version()} installed?") from None
            done += sizes[index]
            if progress is not None:
                progress(done)
    except BaseException:
        client.cancel(futures)
        raise
    return results


def _version() -> str:
    from . import __version__
    return __version__


def default_workers() -> int:
    """All cores; one where no process can be started (Pyodide)."""
    return 1 if sys.platform == "emscripten" else os.cpu_count() or 1
