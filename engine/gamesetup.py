"""The game a command line describes (`--option`, `--deck`, `--cards`, `--bot`): shared by the command
line (engine/cli.py) and the worker processes that play its games (engine/parallel.py), which import
this and not the command line."""

from .core import Session, SkirmishError, make_bot, parse_option_args, resolve_options, seat_index


class UserError(SkirmishError):
    """A usage mistake on the command line."""


def seats_of(ruleset, args):
    """The seats of the game the command line describes (its options decide how many)."""
    return ruleset.seats(resolve_options(ruleset.options, parse_option_args(args.option)))


def new_session(ruleset, args, seed: int, events: bool) -> Session:
    """A game from the command line's options, decks and card file, with this seed; or from a ready
    `setup` (the shape a page builds, e.g. engine/field.py's games) when the arguments carry one."""
    options = resolve_options(ruleset.options, parse_option_args(args.option))
    setup = getattr(args, "setup", None)
    if setup is None:
        decks = parse_decks(ruleset.seats(options), args.deck)
        setup = ruleset.build_setup(options, seed, decks, args.cards) if decks or args.cards else None
    return Session.start(ruleset.id, seed=seed, options=options, setup=setup, events=events)


def parse_decks(seats, pairs: list[str]) -> dict[int, list[str]]:
    """`--deck SEAT=SQUAD[,SQUAD...]` pairs as {seat: [squad, ...]}."""
    decks = {}
    for pair in pairs:
        side, sep, squads = pair.partition("=")
        seat = seat_index(seats, side)
        names = [name.strip() for name in squads.split(",") if name.strip()]
        if not sep or not names:
            raise UserError(f"--deck {pair!r} must look like SEAT=SQUAD[,SQUAD...]")
        if seat in decks:
            raise UserError(f"--deck given twice for seat {side.strip()[:20]}")
        decks[seat] = names
    return decks


def bots_of(ruleset, seats, pairs: list[str]) -> dict:
    """A bot for every seat: random unless `--bot SEAT=NAME` names another."""
    bots = {seat: make_bot(ruleset, "random") for seat in range(len(seats))}
    for pair in pairs:
        side, sep, name = pair.partition("=")
        if not sep:
            raise UserError(f"--bot {pair!r} must look like SEAT=NAME")
        bots[seat_index(seats, side)] = make_bot(ruleset, name.strip())
    return bots
