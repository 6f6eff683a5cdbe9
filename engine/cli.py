"""The command line: `python -m engine COMMAND …` (see docs/cli.md). Bad input ends with exit status 2
and one line `error: …` on stderr; nothing is written unless the command succeeded."""

import argparse
import json
import math
import os
import sys
import time
from pathlib import Path

from .core import (BadSetup, Record, Session, SkirmishError, bots_for, canonical_json,
                   decode_link, encode_link, make_bot, resolve_options)
from .core.errors import one_line
from .core.files import check_writable, read_text, write_text
from .core.record import MAX_SEED
from . import lookat
from .gamesetup import UserError, bots_of as _bots, new_session as _new_session, seats_of as _seats
from .parallel import (cluster_threads, connect as connect_cluster, default_workers, game_arguments,
                       run as run_games, run_cluster, run_on_cluster)
from .progress import Progress
from .rulesets import BUILTIN as BUILTIN_RULESETS, builtin as all_rulesets, get as get_ruleset

MAX_RECORD_BYTES = 4_000_000
# How main words an exception no parser turned into a SkirmishError; tests and tests/fuzz_cli.py
# count such a line as a crash.
INTERNAL_ERROR = "internal error, please report it with the input that caused it"
BENCH_SECONDS = 3.0
MAX_BENCH_SECONDS = 3600.0
MAX_WORKERS = 256


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one `error:` line and exit status 2."""

    def error(self, message):
        raise UserError(f"{message} (see: {self.prog} --help)")


def _integer(text: str) -> int:
    """A whole number in ASCII digits (int() would also take "٣" or "1_0")."""
    from .core.options import whole_number
    number = whole_number(text)
    if number is None:
        raise argparse.ArgumentTypeError(f"invalid int value: {text[:30]!r}")
    return number


def _seconds(text: str) -> float:
    """A finite, positive number of seconds, at most MAX_BENCH_SECONDS (for `bench --seconds`)."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and 0 < value <= MAX_BENCH_SECONDS):
        raise argparse.ArgumentTypeError(f"must be a number of seconds above 0 and at most {MAX_BENCH_SECONDS:g}; "
                                         f"got {text[:20]!r}")
    return value


def _workers(text: str) -> int:
    """A number of worker processes, 1 to MAX_WORKERS (for `--workers`)."""
    from .core.options import whole_number
    number = whole_number(text)
    if number is None or not 1 <= number <= MAX_WORKERS:
        raise argparse.ArgumentTypeError(f"must be a whole number of processes from 1 to {MAX_WORKERS}; "
                                         f"got {text[:20]!r}")
    return number


def main(argv=None) -> int:
    """Run one command; return the exit status."""
    parser = _build_parser()
    try:
        args = parser.parse_args(argv)
        return args.run(args) or 0
    except SkirmishError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("error: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except Exception as error:         # a bug: still one line, never a traceback for a stranger's input
        print(f"error: {INTERNAL_ERROR} ({type(error).__name__}: {one_line(str(error))[:200]})", file=sys.stderr)
        return 2


def _build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m engine", description="Skirmish: card-battle rulesets on one engine.")
    sub = parser.add_subparsers(parser_class=_Parser, dest="command", metavar="COMMAND", required=True)

    cmd = sub.add_parser("rulesets", help="list the registered rulesets")
    cmd.set_defaults(run=cmd_rulesets)

    cmd = sub.add_parser("play", help="play one game with bots in every deciding seat")
    cmd.add_argument("ruleset")
    _game_arguments(cmd)
    cmd.add_argument("--record", metavar="FILE", help="write the game record here")
    cmd.add_argument("--json", action="store_true")
    cmd.set_defaults(run=cmd_play)

    cmd = sub.add_parser("replay", help="replay a record file, link payload or URL")
    cmd.add_argument("source", metavar="FILE_OR_LINK")
    cmd.add_argument("--json", action="store_true")
    cmd.add_argument("--events", action="store_true", help="print every event: its rule and its reasons")
    cmd.add_argument("--at", type=_integer, metavar="STEP",
                     help="show the game after this step (0: the set-up) instead of the result")
    cmd.add_argument("--view", metavar="SEAT", help="show what this seat (index or name) sees, as the site does")
    cmd.set_defaults(run=cmd_replay)

    cmd = sub.add_parser("simulate", help="play many games and report rates")
    cmd.add_argument("ruleset")
    cmd.add_argument("--games", type=_integer, required=True)
    _game_arguments(cmd)
    _workers_argument(cmd, cluster=True)
    cmd.add_argument("--json", action="store_true")
    cmd.set_defaults(run=cmd_simulate)

    link = sub.add_parser("link", help="encode or decode share links").add_subparsers(
        parser_class=_Parser, dest="link_command", metavar="encode|decode", required=True)
    cmd = link.add_parser("encode", help="print the link payload of a record file")
    cmd.add_argument("file")
    cmd.set_defaults(run=cmd_link_encode)
    cmd = link.add_parser("decode", help="print the record a link payload or URL carries")
    cmd.add_argument("payload", metavar="PAYLOAD_OR_URL")
    cmd.set_defaults(run=cmd_link_decode)

    cards = sub.add_parser("cards", help="check or list card data").add_subparsers(
        parser_class=_Parser, dest="cards_command", metavar="validate|list", required=True)
    cmd = cards.add_parser("validate", help="check a card file (default: every ruleset's starter content)")
    cmd.add_argument("file", nargs="?")
    cmd.add_argument("--ruleset", help="whose card format (default: told by the file's tables)")
    cmd.set_defaults(run=cmd_cards_validate)
    cmd = cards.add_parser("list", help="list the starter squads")
    cmd.add_argument("--ruleset", default="autobattle")
    cmd.set_defaults(run=cmd_cards_list)

    cmd = sub.add_parser("bots", help="list a ruleset's bots")
    cmd.add_argument("ruleset")
    cmd.set_defaults(run=cmd_bots)

    rules = sub.add_parser("rules", help="the rule catalogue").add_subparsers(
        parser_class=_Parser, dest="rules_command", metavar="coverage", required=True)
    cmd = rules.add_parser("coverage", help="the tests and demo covering each stated rule")
    cmd.add_argument("--tests", default="tests", help="the tests folder (default: ./tests)")
    cmd.add_argument("--json", action="store_true")
    cmd.set_defaults(run=cmd_rules_coverage)

    cmd = sub.add_parser("balance", help="a round robin of squads (autobattle) or armies (tactics): win rates")
    cmd.add_argument("ruleset", help="autobattle or tactics")
    cmd.add_argument("--decks", metavar="ID,ID,...", help="the contenders (default: the card file's, else the starter set)")
    cmd.add_argument("--cards", metavar="FILE", help="a card file to add to the starter content")
    cmd.add_argument("--games-per-pair", type=_integer, required=True, metavar="N")
    cmd.add_argument("--seed", type=_integer, default=None)
    _workers_argument(cmd, cluster=True)
    cmd.add_argument("--json", metavar="FILE", help="write the report as JSON here")
    cmd.add_argument("--csv", metavar="FILE", help="write the win rates as CSV here")
    cmd.add_argument("--svg", metavar="FILE", help="write a heat-map picture here")
    cmd.set_defaults(run=cmd_balance)

    cmd = sub.add_parser("bench", help="games per second of every ruleset, random bots")
    cmd.add_argument("--seconds", type=_seconds, default=BENCH_SECONDS)
    _workers_argument(cmd, cluster=True)
    cmd.add_argument("--json", action="store_true")
    cmd.set_defaults(run=cmd_bench)
    return parser


def _workers_argument(cmd, cluster: bool = False) -> None:
    cmd.add_argument("--workers", type=_workers, default=None, metavar="N",
                     help="processes to run in (default: all cores)")
    if cluster:
        cmd.add_argument("--cluster", metavar="ADDRESS",
                         help="play on the Dask scheduler at ADDRESS, e.g. tcp://HOST:8786 (needs skirmish[cluster] "
                              "here and on its workers); not together with --workers")


def _check_cluster(args, ruleset_ids) -> None:
    """--cluster is refused with --workers, and for a ruleset the cluster's workers cannot know."""
    if args.cluster is None:
        return
    if args.workers is not None:
        raise UserError("--cluster and --workers do not go together: the cluster's workers play the games")
    for ruleset_id in ruleset_ids:
        if ruleset_id not in BUILTIN_RULESETS:
            raise UserError(f"--cluster plays built-in rulesets only; {ruleset_id!r} is unknown to the workers")


def _game_arguments(cmd) -> None:
    cmd.add_argument("--seed", type=_integer, default=None)
    cmd.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    cmd.add_argument("--cards", metavar="FILE", help="a card file to add to the starter content")
    cmd.add_argument("--deck", action="append", default=[], metavar="SIDE=SQUAD[,SQUAD...]")
    cmd.add_argument("--bot", action="append", default=[], metavar="SEAT=NAME")


# --- commands -------------------------------------------------------------------------------

def cmd_rulesets(args) -> None:
    """id, version and title of each ruleset."""
    for ruleset in all_rulesets():
        print(f"{ruleset.id}\tv{ruleset.version}\t{ruleset.title}")


def cmd_play(args) -> None:
    """One full game; prints the outcome and digest, and writes the record if asked."""
    ruleset = get_ruleset(args.ruleset)
    seed = 0 if args.seed is None else args.seed
    if args.record is not None:
        check_writable(args.record)         # before the game, not after it
    session = _new_session(ruleset, args, seed, events=False)
    session.run(_bots(ruleset, session.seats, args.bot))
    if session.outcome is None:
        raise BadSetup("the game stopped before its end: a seat needs a player")
    if args.record is not None:
        write_text(args.record, session.record.to_json() + "\n")
    _print_result(session, args.json)


def cmd_replay(args) -> None:
    """Replay a record; prints outcome, digest and turns."""
    record = _read_record(args.source)
    get_ruleset(record.ruleset)             # registers a built-in ruleset before the session asks for it
    session = Session.replay(record, events=args.events)
    if args.events:
        _print_events(session, args.json)
    if args.at is None and args.view is None:
        _print_result(session, args.json)
        return
    at = lookat.session_at(session, args.at)
    seat = None if args.view is None else lookat.seat_of(at, args.view)
    shown = lookat.looked_at(at, seat)
    if args.json:
        print(json.dumps(shown, ensure_ascii=False))
        return
    who = "the whole state" if seat is None else f"what seat {at.seats[seat].name} sees"
    print(f"step {len(at.history) - 1} of {len(session.history) - 1}: {who}")
    print("\n".join(lookat.as_text(shown)))


def _print_events(session: Session, as_json: bool) -> None:
    """Each step's events, one per line: step, rule, kind, data, and the reasons behind a choice."""
    for step, events in enumerate(session.history):
        for event in events:
            if as_json:
                print(json.dumps({"step": step, **event.to_data()}, ensure_ascii=False))
                continue
            data = " ".join(f"{key}={canonical_json(value)}" for key, value in event.data.items())
            print(f"{step:5} {event.rule:8} {event.kind} {data}".rstrip())
            for reason in event.reasons:
                extra = " ".join(f"{k}={canonical_json(v)}" for k, v in reason.items() if k not in ("why", "rule"))
                cited = f" ({reason['rule']})" if reason.get("rule") else ""
                print(f"{'':5} {'':8}   because {reason.get('why', '')}{cited} {extra}".rstrip())


def cmd_simulate(args) -> None:
    """N games from seeds S, S+1, …; win and draw rates, mean length, speed."""
    ruleset = get_ruleset(args.ruleset)
    if not 1 <= args.games <= 10_000_000:
        raise UserError("--games must be from 1 to 10000000")
    start_seed = 0 if args.seed is None else args.seed
    if not 0 <= start_seed <= MAX_SEED - (args.games - 1):
        raise UserError(f"--seed with --games {args.games} must be from 0 to {MAX_SEED - (args.games - 1)} "
                        f"(the games use seeds --seed to --seed + games - 1, at most {MAX_SEED})")
    _check_cluster(args, [ruleset.id])
    workers = args.workers or default_workers()
    if ruleset.id not in BUILTIN_RULESETS:
        workers = 1             # a ruleset registered at run time is unknown to a spawned worker process
    seats = _seats(ruleset, args)
    _bots(ruleset, seats, args.bot)                   # a bad bot, option or deck is refused here,
    if workers > 1 or args.cluster is not None:       # before any process starts
        _new_session(ruleset, args, start_seed, events=False)
    if args.cluster is not None:
        client = connect_cluster(args.cluster)
        try:
            started = time.perf_counter()
            with Progress(args.games, f"simulate {ruleset.id} on {args.cluster}") as bar:
                totals, workers = run_cluster(client, ruleset.id, game_arguments(args), start_seed, args.games,
                                              seats, bar.update)
            elapsed = time.perf_counter() - started
        finally:
            client.close()
    else:
        started = time.perf_counter()
        with Progress(args.games, f"simulate {ruleset.id}") as bar:
            totals = run_games(ruleset.id, game_arguments(args), start_seed, args.games, seats, workers, bar.update)
        elapsed = time.perf_counter() - started
    games = args.games
    wins, results, teams = totals["wins"], totals["results"], totals["team_wins"]
    draws, automaton, turns = totals["draws"], totals["automaton_wins"], totals["turns"]
    report = {"ruleset": ruleset.id, "version": ruleset.version, "games": games, "first_seed": start_seed,
              "seats": [seat.to_data() for seat in seats],
              "wins": wins, "win_rates": [w / games for w in wins],
              "mean_results": [r / games for r in results],
              "team_wins": teams, "team_win_rates": {team: won / games for team, won in teams.items()},
              "automaton_wins": automaton, "draws": draws, "draw_rate": draws / games,
              "mean_turns": turns / games, "workers": workers, "cluster": args.cluster,
              "seconds": round(elapsed, 3), "games_per_second": round(games / elapsed, 1)}
    if args.json:
        print(json.dumps(report))
        return
    print(f"{ruleset.id} v{ruleset.version}: {games} games from seed {start_seed}")
    for seat, won in enumerate(wins):
        print(f"  seat {seats[seat].name} (team {seats[seat].team}) wins: {won} ({100 * won / games:.1f}%)")
    if len(teams) < len(seats):
        for team, won in teams.items():
            print(f"  team {team} wins: {won} ({100 * won / games:.1f}%)")
    if ruleset.capabilities.automaton:
        print(f"  the automaton wins: {automaton} ({100 * automaton / games:.1f}%)")
    print(f"  draws: {draws} ({100 * draws / games:.1f}%)")
    print(f"  mean length: {report['mean_turns']:.2f} turns")
    print(f"  speed: {report['games_per_second']} games/s ({elapsed:.2f} s{_where(workers, args.cluster)})")


def _where(workers: int, cluster) -> str:
    """", 2 processes" or ", 4 worker threads on ADDRESS" after a speed; nothing for one process."""
    if cluster is not None:
        return f", {workers} worker threads on {cluster}"
    return f", {workers} processes" if workers > 1 else ""


def cmd_balance(args) -> None:
    """Every pair of contenders plays --games-per-pair games; prints the ranking and the matrix."""
    from . import balance
    if args.ruleset not in balance.RULESETS:
        raise UserError(f"balance plays squads or armies: ruleset must be one of {', '.join(balance.RULESETS)}")
    games = args.games_per_pair
    if not 1 <= games <= 10_000_000:
        raise UserError("--games-per-pair must be from 1 to 10000000")
    start_seed = 0 if args.seed is None else args.seed
    if not 0 <= start_seed <= MAX_SEED - (games - 1):
        raise UserError(f"--seed with --games-per-pair {games} must be from 0 to {MAX_SEED - (games - 1)}")
    named = None
    if args.decks is not None:
        named = [name.strip() for name in args.decks.split(",") if name.strip()]
    _check_cluster(args, [args.ruleset])
    entries = balance.contenders(args.ruleset, args.cards, named)
    for path in (args.json, args.csv, args.svg):
        if path is not None:
            check_writable(path)            # before the games, not after them
    ids = [key for key, _ in entries]
    ruleset = get_ruleset(args.ruleset)
    for first, second in ((ids[0], ids[1]),):      # a bad set-up is refused here, before any process starts
        for game in balance.pair_games(args.cards, first, second):
            _new_session(ruleset, argparse.Namespace(**game), start_seed, events=False)
    workers = args.workers or default_workers()
    total = len(ids) * (len(ids) - 1) // 2 * games
    client = None if args.cluster is None else connect_cluster(args.cluster)
    try:
        where = "" if client is None else f" on {args.cluster}"
        started = time.perf_counter()
        with Progress(total, f"balance {args.ruleset}{where}") as bar:
            played = balance.play(args.ruleset, ids, args.cards, games, start_seed, workers, bar.update,
                                  client=client)
        elapsed = time.perf_counter() - started
        if client is not None:
            workers = cluster_threads(client)
    finally:
        if client is not None:
            client.close()
    data = balance.report(args.ruleset, entries, games, start_seed, played)
    data.update({"games": total, "workers": workers, "cluster": args.cluster, "seconds": round(elapsed, 3),
                 "games_per_second": round(total / elapsed, 1)})
    if args.json is not None:
        write_text(args.json, json.dumps(data, ensure_ascii=False, indent=1) + "\n")
    if args.csv is not None:
        write_text(args.csv, balance.csv_text(data))
    if args.svg is not None:
        write_text(args.svg, balance.svg_heatmap(data))
    sys.stdout.write(balance.text_table(data))
    print(f"{total} games in {elapsed:.2f} s: {data['games_per_second']} games/s{_where(workers, args.cluster)}")


def cmd_link_encode(args) -> None:
    """The link payload of a record file."""
    record = _read_record_file(Path(args.file))
    print(encode_link(record))


def cmd_link_decode(args) -> None:
    """The record a payload carries, as JSON."""
    print(decode_link(args.payload).to_json())


def cmd_cards_validate(args) -> int:
    """Each problem as `file: card: field: message`; exit 2 when there are any."""
    if args.ruleset:
        rulesets = [get_ruleset(args.ruleset)]
    elif args.file:
        rulesets = [_ruleset_of_card_file(Path(args.file))]
    else:
        rulesets = [r for r in all_rulesets() if r.card_tables]
    problems = []
    for ruleset in rulesets:
        problems += ruleset.validate_cards(args.file)
    for line in problems:
        print(line, file=sys.stderr)
    if problems:
        print(f"error: {len(problems)} problem(s) in the card data", file=sys.stderr)
        return 2
    names = ", ".join(r.id for r in rulesets)
    print(f"ok: {one_line(args.file or 'starter content')} is valid card data for {names}")
    return 0


def _ruleset_of_card_file(path: Path):
    """The ruleset a card file is for, told by its top-level tables: the ruleset whose card tables
    include all of them (several: the first by id, as before siege shared the name 'cards')."""
    from .core.carddata import parse_toml, read_text as read_card_text
    tables = parse_toml(read_card_text(path), path.name)
    keys = set(tables) if isinstance(tables, dict) else set()
    rulesets = [ruleset for ruleset in all_rulesets() if ruleset.card_tables]
    found = [ruleset for ruleset in rulesets if keys and keys <= set(ruleset.card_tables)]
    if not found:
        owned = sorted({table for ruleset in rulesets for table in ruleset.card_tables})
        raise UserError(f"{path.name}: cannot tell whose card file this is (tables {', '.join(owned)}); "
                        "pass --ruleset")
    return found[0]


def cmd_cards_list(args) -> None:
    """The starter squads a deck can name."""
    ruleset = get_ruleset(args.ruleset)
    for squad_id, element, name in ruleset.squad_table():
        print(f"{squad_id}\t{element}\t{name}")


def cmd_bots(args) -> None:
    """The bots a ruleset offers."""
    ruleset = get_ruleset(args.ruleset)
    for name, bot in sorted(bots_for(ruleset).items()):
        print(f"{name}\t{(bot.__doc__ or '').strip().splitlines()[0] if bot.__doc__ else ''}")


def cmd_rules_coverage(args) -> int:
    """Every stated rule with its tests and demo; exit 1 when any lacks either."""
    from .coverage import coverage
    folder = Path(args.tests)
    if not folder.is_dir():
        raise UserError(f"no tests folder at {folder}: run from a checkout, or pass --tests DIR")
    report = coverage(all_rulesets(), folder)
    missing = sum(len(entry["missing"]) for entry in report.values())
    if args.json:
        print(json.dumps(report))
    else:
        for ruleset_id, entry in report.items():
            print(f"{ruleset_id}: {len(entry['rules'])} stated rules, {len(entry['missing'])} not fully covered")
            for rule, cover in entry["rules"].items():
                demo = f"demo at step {cover['demo']['step']}" if cover["demo"] else "NO DEMO"
                tests = f"{len(cover['tests'])} test(s)" if cover["tests"] else "NO TEST"
                print(f"  {rule:8} {tests:10} {demo:16} {cover['tests'][0] if cover['tests'] else ''}")
    if missing:
        print(f"error: {missing} stated rule(s) lack a test or a demo", file=sys.stderr)
        return 1
    return 0


def cmd_bench(args) -> None:
    """Games per second for every ruleset (events off, then on), random bots; with `--workers N` the
    same timed loop in N processes at once, their rates summed (and listed per process); with
    `--cluster ADDRESS` one loop on each of the cluster's worker threads."""
    _check_cluster(args, [])
    workers = args.workers or default_workers()
    results = []
    pool = client = None
    if args.cluster is not None:
        client = connect_cluster(args.cluster)
        workers = cluster_threads(client)
    elif workers > 1:
        from concurrent.futures import ProcessPoolExecutor
        pool = ProcessPoolExecutor(max_workers=workers)

    def loops_of(ruleset_id: str, events: bool) -> list[dict]:
        task = (ruleset_id, events, args.seconds / 2)
        if client is not None:
            # Timed from here: the rates then include Dask's scheduling, and two loops that
            # shared one thread could not double-count their seconds.
            started = time.perf_counter()
            loops = run_on_cluster(client, _bench_loop, [task] * workers, [0] * workers)
            elapsed = time.perf_counter() - started
            return [dict(loop, seconds=elapsed) for loop in loops]
        if pool is not None:
            return [future.result() for future in [pool.submit(_bench_loop, *task) for _ in range(workers)]]
        return [_bench_loop(*task)]

    try:
        for ruleset in all_rulesets():
            row = {"ruleset": ruleset.id, "version": ruleset.version, "workers": workers, "cluster": args.cluster}
            for events in (False, True):
                with Progress(0, f"bench {ruleset.id}"):
                    loops = loops_of(ruleset.id, events)
                key = "events_on" if events else "events_off"
                rate = {name: round(sum(loop[name] / loop["seconds"] for loop in loops), 1)
                        for name in ("games", "turns", "decisions")}
                row[key] = {"games": sum(loop["games"] for loop in loops), "games_per_second": rate["games"],
                            "turns_per_second": rate["turns"], "decisions_per_second": rate["decisions"]}
                if len(loops) > 1:
                    row[key]["per_process_games_per_second"] = [round(loop["games"] / loop["seconds"], 1)
                                                                for loop in loops]
            row["bots"] = {name: _bot_speed(ruleset, name, args.seconds / 4) for name in sorted(ruleset.bots)}
            results.append(row)
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)
        if client is not None:
            client.close()
    if args.json:
        print(json.dumps(results))
        return
    for row in results:
        off, on = row["events_off"], row["events_on"]
        decided = f", {off['decisions_per_second']} decisions/s" if off["decisions_per_second"] else ""
        each = ""
        if "per_process_games_per_second" in off:
            where = f"worker threads on {args.cluster}" if args.cluster is not None else "processes"
            each = f" [{workers} {where}: {' + '.join(str(r) for r in off['per_process_games_per_second'])}]"
        print(f"{row['ruleset']} v{row['version']}: {off['games_per_second']} games/s "
              f"({off['turns_per_second']} turns/s{decided}) events off{each}; "
              f"{on['games_per_second']} games/s with events")
        for name, speed in row["bots"].items():
            print(f"  {name} bot against random: {speed['mean_ms']} ms per decision on average, "
                  f"{speed['worst_ms']} ms at worst ({speed['decisions']} decisions, view included)")


def _bench_loop(ruleset_id: str, events: bool, seconds: float) -> dict:
    """Games, turns and decisions of random-bot games from seed 0 on for about `seconds` (a top-level
    function of plain data, so `bench --workers N` runs it in N processes)."""
    ruleset = get_ruleset(ruleset_id)
    bot = make_bot(ruleset, "random")
    bots = {seat: bot for seat in range(len(ruleset.seats(resolve_options(ruleset.options, {}))))}
    games, turns, decisions, started = 0, 0, 0, time.perf_counter()
    while time.perf_counter() - started < seconds:
        session = Session.start(ruleset.id, seed=games, events=events)
        session.run(bots)
        games, turns = games + 1, turns + session.turns()
        decisions += len(session.record.actions)
    return {"games": games, "turns": turns, "decisions": decisions, "seconds": time.perf_counter() - started}


def _bot_speed(ruleset, name: str, seconds: float) -> dict:
    """Milliseconds per decision (its view and its choice) of one bot playing every seat's turn
    against the random bot, seats alternated, for about `seconds`."""
    bot, random, times, game = make_bot(ruleset, name), make_bot(ruleset, "random"), [], 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds or not times:
        session = Session.start(ruleset.id, seed=game, events=False)
        mine = game % len(session.seats)
        while session.outcome is None:
            if session.decision is None:
                session.advance()
                continue
            seat = session.waiting()[0]
            began = time.perf_counter()
            action = session.bot_action(seat, bot if seat == mine else random)
            if seat == mine:
                times.append(time.perf_counter() - began)
            session.submit(seat, action)
        game += 1
    return {"decisions": len(times), "mean_ms": round(1000 * sum(times) / len(times), 3),
            "worst_ms": round(1000 * max(times), 3)}


# --- helpers -------------------------------------------------------------------------------

def _read_record(source: str) -> Record:
    """A record from a file (JSON or a link inside it), a payload or a URL."""
    path = Path(source)
    looks_like_path = len(source) < 4096 and "\n" not in source
    try:
        exists = looks_like_path and os.path.lexists(path)   # a FIFO or device too: refused as a file
    except (OSError, ValueError):   # e.g. a long link payload ("File name too long"), a NUL character
        exists = False
    if exists:
        return _read_record_file(path)
    return decode_link(source)


def _read_record_file(path: Path) -> Record:
    text = read_text(path, MAX_RECORD_BYTES)
    if text.lstrip().startswith("{"):
        return Record.from_json(text)
    return decode_link(text.strip())


def _print_result(session: Session, as_json: bool) -> None:
    outcome = session.outcome
    report = {"ruleset": session.record.ruleset, "version": session.record.version, "seed": session.record.seed,
              "outcome": outcome.to_data() if outcome else None, "digest": session.digest(),
              "turns": session.turns()}
    if as_json:
        print(json.dumps(report))
        return
    if outcome is None:
        print(f"not finished after {report['turns']} turns (the record stops at a decision)")
    else:
        print(f"{_who_won(session, outcome)}: {outcome.reason} ({outcome.rule}) after {report['turns']} turns")
    print(f"digest {report['digest']}")


def _who_won(session: Session, outcome) -> str:
    if outcome.automaton:
        return "the automaton wins"
    if outcome.is_draw:
        return "draw"
    if outcome.team is not None:
        return f"team {outcome.team} wins"
    return " and ".join(f"seat {session.seats[seat].name}" for seat in outcome.winners) + " wins"


__all__ = ["main", "canonical_json"]
