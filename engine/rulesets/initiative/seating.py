"""Who sits where: the seat running each hero (G1-8, P1-1), the teams (F-S1), who answers a team's choice, life
counters (F-S3)."""

from .state import TEAMS

DOUBLE_LANE_LIFE = 6                              # F-S3: the double-lane map, 6–8 players (P1-13: fewer too)


def hero_seats(options: dict) -> list[int]:
    """The seat running each hero, by hero index (G1-8: two each with two players; P1-1: odd counts)."""
    players = options["players"]
    seats = list(range(players))
    if players == 2 and options["two_player_heroes"] == 2:
        seats += [0, 1]
    elif players % 2 and players > 2 and options["odd_count"] == "extra_hero":
        seats.append(1)                           # the smaller team (blue) gets its first seat's second hero
    return seats


def team_of(seat: int) -> str:
    """F-S1: seats alternate red, blue, red, …"""
    return TEAMS[seat % 2]


def choosers(game, team: str) -> list[int]:
    """The seats that answer a team's choice (a tie's order, a lane choice): any one of them, or only the
    lowest (option tie_chooser)."""
    seats = sorted({h.seat for h in game.heroes if h.team == team})
    return seats if game.opts["tie_chooser"] == "any_one" else seats[:1]


def life_counters(options: dict, board=None) -> int:
    """F-S3: 4 players 4/6, 6 players 5/8 (quick/long); 3 and 5 use the 4-player numbers; 2 too (G1-8). The
    double-lane map: 6 for any length and for every count up to 6 players here (P1-13). `board`: the game's
    map (default: the option `map`'s)."""
    from .board import board_for
    if len((board or board_for(options)).lanes) > 1:
        return DOUBLE_LANE_LIFE
    quick, long = (5, 8) if options["players"] == 6 else (4, 6)
    return quick if options["length"] == "quick" else long
