"""The initiative options: every gap (G1-…) and ambiguity (A1-…) the turn, actions and defeat depend
on, and the project's own rules (P1-…) where another reading is plausible. Each default is the spec's
proposal. Items of part 2 (lane, minions, end of round, levelling) are settled in SETTLED until then."""

from ...core.options import Option

OPTIONS = (
    Option("players", 4, "F-S1", "Seats at the table, 2 to 6, in two teams (red: even seats, blue: odd seats).",
           minimum=2, maximum=6),
    Option("length", "quick", "F-S3", "Game length: 'quick' or 'long' (life counters by player count, F-S3).",
           choices=("quick", "long")),
    Option("two_player_heroes", 2, "G1-8", "Heroes each seat runs in a two-player game (the 4-player counters "
           "apply either way).", minimum=1, maximum=2),
    Option("odd_count", "extra_hero", "P1-1", "Odd seat counts: the smaller team's first seat runs a second "
           "hero ('extra_hero'), or the teams stay 'uneven'.", choices=("extra_hero", "uneven")),
    Option("tie_chooser", "any_one", "S1-R13", "Who picks among a team's tied heroes: 'any_one' seat of the team, "
           "the team's 'lowest_seat', or 'seat_order' (a preference fixed at setup: the lowest hero first, no "
           "question asked).", choices=("any_one", "lowest_seat", "seat_order")),
    Option("defeated_card", "resolves_at_defeat", "G1-6", "A hero defeated before its card resolves: the card "
           "'resolves_at_defeat' (with no action, at once: it leaves the initiative order and can no longer tie, win "
           "a tie or flip the coin), or 'resolves_in_order' (with no action when its initiative comes up).",
           choices=("resolves_at_defeat", "resolves_in_order")),
    Option("defeated_flip", "flip", "G1-6", "With defeated_card 'resolves_in_order': a defeated hero's card that "
           "won a cross-team tie still has its player 'flip' the coin when it resolves, or 'no_flip'.",
           choices=("flip", "no_flip")),
    Option("spawn_token", "not_empty", "A1-7", "A token on an own hero spawn point: the point is 'not_empty' "
           "(S1-R19 applies), or 'remove_token' and respawn there.", choices=("not_empty", "remove_token")),
    Option("tie_pick", "team", "A1-1", "Which of the coin team's tied heroes acts: the 'team' chooses (A1-1's "
           "reading) or the 'lowest' hero index.", choices=("team", "lowest")),
    Option("flip_timing", "after_resolve", "A1-2", "The coin flips 'after_resolve' (the pre-flip face counts "
           "during the action) or 'before_action'.", choices=("after_resolve", "before_action")),
    Option("act_after_respawn", True, "A1-4", "Respawning is not an action: the hero respawns, then takes its one "
           "action (false: respawning is all the card does)."),
    Option("effective_initiative", "modified", "A1-6", "Initiative compared as 'modified' (printed + items + "
           "effects − markers) or 'printed'.", choices=("modified", "printed")),
    Option("defend_cards", "with_defense", "P1-2", "Cards a defender may discard: those showing a Defense "
           "value ('with_defense') or 'any' card (a card without one adds 0).", choices=("with_defense", "any")),
    Option("token_supply", 2, "P1-6", "Tokens of each kind in a hero's supply; when it is empty the hero takes "
           "one of its own back from the board first.", minimum=1, maximum=6),
    Option("round_limit", 0, "P1-4", "Rounds after which a game ends anyway (0: none, the game ends by the lane "
           "or life counters, F-W1…F-W3); the team with more life counters left wins, equal is a draw.",
           minimum=0, maximum=60),
    Option("map", "saltmarsh", "G1-8", "The map: 'saltmarsh' (Saltmarsh Crossing, one lane) or 'twinford' (Twin "
           "Fords, the double lane: two Battle Zones, 2×7 wave counters, 6 life counters, the Last Push by zone count; "
           "P1-13).", choices=("saltmarsh", "twinford")),
    # hero selection (draft.py): the rulebook's p. 22 variants, read as P1-9 says
    Option("hero_selection", "given", "P1-8", "How heroes are chosen: 'given' (the setup names them, or the seed "
           "draws them), or picked before the first turn from the coin's team on: 'all_random', 'all_pick', "
           "'single_draft', 'random_draft', 'player_draft', 'pick_and_ban' (P1-9).",
           choices=("given", "all_random", "all_pick", "single_draft", "random_draft", "player_draft",
                    "pick_and_ban")),
)

SETTLED = {
    "G1-1": "maps are data (content/map.toml, content/map_double.toml), chosen by the option map (G1-8)",
    "G1-2": "cards are data (content/heroes.toml) read by one effect interpreter",
    "G1-3": "the defence sequence is F-D1…F-D7, stated in the rulebook",
    "G1-4": "the End of Round order is the rulebook's (part 2, issue 13)",
    "G1-5": "same-team ties are a prompt (option tie_chooser); hands and face-down cards are hidden in views",
    "A1-5": "the excerpt says it plainly: a card is played even with the hero off the board (S1-R4)",
    "G1-7": "the proposal is kept: a passing player has no card, so its off-board hero cannot respawn that turn",
    "A1-3": "ties are checked only for who acts next (S1-R12): a lower tie is settled when it reaches the top",
    "A1-8": "the defeated hero returns the markers it carries; markers it gave stay (the only reading of F-K1)",
    "A1-9": "minion modifiers are computed once, before the defender's card (the only reading of F-D2's order)",
    "A1-10": "displaced minions are placed after every free spawn point is filled, nearest their blocked point",
}
