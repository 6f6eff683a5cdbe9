"""The command line: `python -m engine COMMAND …` (see README). Bad input ends with exit status 2
and one line `error: …` on stderr; nothing is written unless the command succeeded."""

import argparse
import json
import math
import os
import sys
import time
from pathlib import Path

from .core import (BadSetup, Record, Session, SkirmishError, all_rulesets, bots_for,
                   canonical_json, decode_link, encode_link, get_ruleset, make_bot,
                   parse_option_args)
from .core.errors import one_line
from .core.files import check_writable, read_text, write_text
from .core.record import MAX_SEED
from .progress import Progress

MAX_RECORD_BYTES = 4_000_000
BENCH_SECONDS = 3.0
MAX_BENCH_SECONDS = 3600.0


class UserError(SkirmishError):
    """A usage mistake on the command line."""


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
    cmd.set_defaults(run=cmd_replay)

    cmd = sub.add_parser("simulate", help="play many games and report rates")
    cmd.add_argument("ruleset")
    cmd.add_argument("--games", type=_integer, required=True)
    _game_arguments(cmd)
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

    cmd = sub.add_parser("bench", help="games per second of every ruleset, random bots")
    cmd.add_argument("--seconds", type=_seconds, default=BENCH_SECONDS)
    cmd.add_argument("--json", action="store_true")
    cmd.set_defaults(run=cmd_bench)
    return parser


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
    session.run(_bots(ruleset, args.bot))
    if session.outcome is None:
        raise BadSetup("the game stopped before its end: a seat needs a player")
    if args.record is not None:
        write_text(args.record, session.record.to_json() + "\n")
    _print_result(session, args.json)


def cmd_replay(args) -> None:
    """Replay a record; prints outcome, digest and turns."""
    record = _read_record(args.source)
    session = Session.replay(record, events=False)
    _print_result(session, args.json)


def cmd_simulate(args) -> None:
    """N games from seeds S, S+1, …; win and draw rates, mean length, speed."""
    ruleset = get_ruleset(args.ruleset)
    if not 1 <= args.games <= 10_000_000:
        raise UserError("--games must be from 1 to 10000000")
    start_seed = 0 if args.seed is None else args.seed
    if not 0 <= start_seed <= MAX_SEED - (args.games - 1):
        raise UserError(f"--seed with --games {args.games} must be from 0 to {MAX_SEED - (args.games - 1)} "
                        f"(the games use seeds --seed to --seed + games - 1, at most {MAX_SEED})")
    bots = _bots(ruleset, args.bot)
    wins, draws, turns = [0] * len(ruleset.seats), 0, 0
    started = time.perf_counter()
    with Progress(args.games, f"simulate {ruleset.id}") as bar:
        for index in range(args.games):
            session = _new_session(ruleset, args, start_seed + index, events=False)
            session.run(bots)
            outcome = session.outcome
            if outcome is None:
                raise BadSetup("a game stopped before its end: give every deciding seat a bot")
            if outcome.winner is None:
                draws += 1
            else:
                wins[outcome.winner] += 1
            turns += session.turns()
            bar.update(index + 1)
    elapsed = time.perf_counter() - started
    report = {"ruleset": ruleset.id, "version": ruleset.version, "games": args.games, "first_seed": start_seed,
              "wins": wins, "draws": draws, "win_rates": [w / args.games for w in wins],
              "draw_rate": draws / args.games, "mean_turns": turns / args.games,
              "seconds": round(elapsed, 3), "games_per_second": round(args.games / elapsed, 1)}
    if args.json:
        print(json.dumps(report))
        return
    print(f"{ruleset.id} v{ruleset.version}: {args.games} games from seed {start_seed}")
    for seat, won in enumerate(wins):
        print(f"  seat {ruleset.seats[seat]} wins: {won} ({100 * won / args.games:.1f}%)")
    print(f"  draws: {draws} ({100 * draws / args.games:.1f}%)")
    print(f"  mean length: {report['mean_turns']:.2f} turns")
    print(f"  speed: {report['games_per_second']} games/s ({elapsed:.2f} s)")


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
        rulesets = [r for r in all_rulesets() if hasattr(r, "validate_cards")]
    problems = []
    for ruleset in rulesets:
        if not hasattr(ruleset, "validate_cards"):
            raise UserError(f"{ruleset.id} has no card data")
        problems += ruleset.validate_cards(args.file)
    for line in problems:
        print(line, file=sys.stderr)
    if problems:
        print(f"error: {len(problems)} problem(s) in the card data", file=sys.stderr)
        return 2
    names = ", ".join(r.id for r in rulesets)
    print(f"ok: {one_line(args.file or 'starter content')} is valid card data for {names}")
    return 0


# The top-level table that tells one ruleset's card file from another's.
CARD_TABLES = {"cards": "autobattle", "squads": "autobattle", "characters": "tactics", "armies": "tactics"}


def _ruleset_of_card_file(path: Path):
    """The ruleset a card file is for, told by its top-level tables."""
    from .core.carddata import parse_toml, read_text as read_card_text
    tables = parse_toml(read_card_text(path), path.name)
    found = {CARD_TABLES[key] for key in tables if key in CARD_TABLES}
    if len(found) != 1:
        raise UserError(f"{path.name}: cannot tell whose card file this is (tables {', '.join(CARD_TABLES)}); "
                        "pass --ruleset")
    return get_ruleset(found.pop())


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
    report = coverage([r for r in all_rulesets() if type(r).__module__.startswith("engine.rulesets.")], folder)
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
    """Games per second for every ruleset (events off, then on), random bots, one process."""
    results = []
    for ruleset in all_rulesets():
        bots = {seat: make_bot(ruleset, "random") for seat in range(len(ruleset.seats))}
        row = {"ruleset": ruleset.id, "version": ruleset.version}
        for events in (False, True):
            games, turns, started = 0, 0, time.perf_counter()
            with Progress(0, f"bench {ruleset.id}") as bar:
                while time.perf_counter() - started < args.seconds / 2:
                    session = Session.start(ruleset.id, seed=games, events=events)
                    session.run(bots)
                    games, turns = games + 1, turns + session.turns()
            elapsed = time.perf_counter() - started
            key = "events_on" if events else "events_off"
            row[key] = {"games": games, "games_per_second": round(games / elapsed, 1),
                        "turns_per_second": round(turns / elapsed, 1)}
        results.append(row)
    if args.json:
        print(json.dumps(results))
        return
    for row in results:
        off, on = row["events_off"], row["events_on"]
        print(f"{row['ruleset']} v{row['version']}: {off['games_per_second']} games/s "
              f"({off['turns_per_second']} turns/s) events off; {on['games_per_second']} games/s with events")


# --- helpers -------------------------------------------------------------------------------

def _new_session(ruleset, args, seed: int, events: bool) -> Session:
    options = parse_option_args(args.option)
    decks = _parse_decks(ruleset, args.deck)
    if (decks or args.cards) and not hasattr(ruleset, "build_setup"):
        raise UserError(f"{ruleset.id} takes no --deck or --cards")
    if not decks and not args.cards:
        return Session.start(ruleset.id, seed=seed, options=options, events=events)
    from .core.options import resolve_options
    resolved = resolve_options(ruleset.options, options)
    setup = ruleset.build_setup(resolved, seed, decks, args.cards)
    return Session.start(ruleset.id, seed=seed, options=resolved, setup=setup, events=events)


def _parse_decks(ruleset, pairs: list[str]) -> dict[int, list[str]]:
    decks = {}
    for pair in pairs:
        side, sep, squads = pair.partition("=")
        seat = _seat(ruleset, side)
        names = [name.strip() for name in squads.split(",") if name.strip()]
        if not sep or not names:
            raise UserError(f"--deck {pair!r} must look like SIDE=SQUAD[,SQUAD...]")
        if seat in decks:
            raise UserError(f"--deck given twice for side {side}")
        decks[seat] = names
    return decks


def _bots(ruleset, pairs: list[str]) -> dict:
    bots = {seat: make_bot(ruleset, "random") for seat in range(len(ruleset.seats))}
    for pair in pairs:
        side, sep, name = pair.partition("=")
        if not sep:
            raise UserError(f"--bot {pair!r} must look like SEAT=NAME")
        bots[_seat(ruleset, side)] = make_bot(ruleset, name.strip())
    return bots


def _seat(ruleset, text: str) -> int:
    text = text.strip()
    if text in ruleset.seats:
        return ruleset.seats.index(text)
    raise UserError(f"unknown side {text[:20]!r}; {ruleset.id} has sides {', '.join(ruleset.seats)}")


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
    seats = session.ruleset.seats
    if outcome is None:
        print(f"not finished after {report['turns']} turns (the record stops at a decision)")
    elif outcome.winner is None:
        print(f"draw: {outcome.reason} ({outcome.rule}) after {report['turns']} turns")
    else:
        print(f"side {seats[outcome.winner]} wins: {outcome.reason} ({outcome.rule}) after {report['turns']} turns")
    print(f"digest {report['digest']}")


__all__ = ["main", "canonical_json"]
