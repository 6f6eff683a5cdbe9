"""A new game: both decks shuffled, the automaton's opening placement, AP (S2-R4…R8, F2-7…F2-9);
then the player chooses its Commander (F2-8, a decision of `turn.py`)."""

from ...core.events import EventLog
from ...core.rng import Rng
from . import player
from .board import get_board
from .cards import Content
from .field import new_card
from .placing import place
from .state import AUTOMATON, PLAYER, Game, Side


def new_game(content: Content, decks: list[str], opts: dict, seed: int, log: EventLog) -> Game:
    """Shuffle both decks; the automaton's opening placement (S2-R4, S2-R5); AP (S2-R8); the player
    chooses its Commander next (F2-8) and goes first (S2-R7)."""
    rng = Rng(seed)
    sides = []
    game = Game([], rng, dict(opts), log, content, get_board(opts["board"]))
    for index, deck_id in enumerate(decks):
        deck = [new_card(game, content.cards[cid]) for cid in content.decks[deck_id].card_list()]
        rng.shuffle(deck)
        sides.append(Side(index, deck_id, deck, 0, opts["player_base_hp"] if index == PLAYER else 0))
        log.emit("deck", "F2-7", side=index, deck=deck_id, cards=len(deck))
    game.sides = sides
    log.emit("rules", "S2-R1", reasons=[{"why": "the player's turns follow the two-player rules (P2-…)",
                                         "rule": "S2-R1"}])
    log.emit("base_hp", "F2-9", side=PLAYER, hp=opts["player_base_hp"],
             reasons=[{"why": "the player's Base HP: Ultimate mode's initial 8", "rule": "G2-3"}])
    opening(game)
    sides[PLAYER].ap, sides[AUTOMATON].ap = 5, 10      # S2-R8: set after the placements (seed l.13)
    log.emit("first", "S2-R7", side=PLAYER)
    log.emit("ap", "S2-R8", player=sides[PLAYER].ap, automaton=sides[AUTOMATON].ap)
    game.pending = {"kind": "commander", "choices": player.commander_choices(game)}
    return game


def opening(game: Game) -> None:
    """S2-R4: the top card three times: Command Zone, left of the Base, right of the Base; placed, not
    deployed, so no 'on deploy' ability fires unless the option says so (P2-21)."""
    side = game.sides[AUTOMATON]
    for where in (None, *game.board.beside[AUTOMATON]):
        if not side.deck:
            break
        card = side.deck.pop()
        unit = place(game, AUTOMATON, card, where, "S2-R4", triggers=game.opts["opening_triggers"])   # P2-21
        unit.fresh = False
        game.log.emit("set_dice", "S2-R5", uid=unit.uid, hp=unit.hp, mp=unit.mp)
    game.log.emit("mp_for_growth", "S2-R6", reasons=[{"why": "in single play MP stands in for the Growth Source",
                                                      "rule": "S2-R6"}])
