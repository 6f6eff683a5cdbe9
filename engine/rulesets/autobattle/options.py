"""The autobattle options: one per gap or ambiguity with more than one coherent reading.

Each default is the spec's proposal (P). Points with a single coherent reading are listed in
SETTLED with the reason, so no reading is picked in silence.
"""

from ...core.options import Option

OPTIONS = (
    Option("leadership", "heroes", "G4-1",
           "Starting Leadership: 'heroes' sums the heroes' leadership over the squads in each deck, "
           "or a whole number gives both Ungars that value.", minimum=1, maximum=999, also=("heroes",)),
    Option("cells", 7, "G4-2", "Cells in each battle line; cell i faces cell i.", minimum=1, maximum=12),
    Option("hero_in_deck", True, "G4-4",
           "The hero is a deck card that enters battle like a creature; false keeps heroes out of the "
           "deck (they then only give Leadership)."),
    Option("bonus_removal", "cap", "G4-5",
           "When an aura or terrain bonus to Life ends: 'cap' trims Life to the new maximum, 'subtract' "
           "takes the bonus back from Life as well (which can kill).", choices=("cap", "subtract")),
    Option("lost_all_cards", "anywhere", "G4-6",
           "'anywhere' (the spec's revised, literal reading): no card left in deck, reserve or battle, "
           "terrain and equipment included; 'everything' (the earlier proposal): deck empty and no creature "
           "or hero in reserve or battle, leftover equipment or terrain not counting; 'battle' (A4-8's other "
           "reading): no creature or hero left in battle after one had entered.",
           choices=("anywhere", "everything", "battle")),
    Option("double_ko", "higher_leadership", "G4-7",
           "Both Ungars at 0 Leadership at once: the one with more left wins (equal: draw), or always a draw.",
           choices=("higher_leadership", "draw")),
    Option("retaliation", False, "G4-8",
           "Damage is one-way; true makes a surviving defender strike back with its Attack."),
    Option("drawn_zero_enters", True, "G4-10",
           "A card drawn with 0 crystals enters in the same turn; false makes it wait for the next entry step."),
    Option("fatigue_start", 30, "G4-11", "The turn number from which fatigue damage applies.",
           minimum=1, maximum=500),
    Option("fatigue_count", "player_turns", "A4-6",
           "What a fatigue 'turn' is: each player's turn, or a round of both players' turns.",
           choices=("player_turns", "rounds")),
    Option("fatigue_targets", "both", "A4-6",
           "Who loses Leadership to fatigue: both Ungars, or only the active one.", choices=("both", "active")),
    Option("fatigue_timing", "end_of_turn", "G4-11",
           "Fatigue damage at the end of the turn, or at its start.", choices=("end_of_turn", "start_of_turn")),
    Option("waiting_entry", "entry_step", "A4-3",
           "A waiting unit takes a freed cell at its owner's next entry step, or immediately (even in the "
           "opponent's turn).", choices=("entry_step", "immediate")),
    Option("base_attack", "current", "A4-4",
           "Damage to the opposing Ungar uses the attacker's current Attack or its printed Attack.",
           choices=("current", "printed")),
    Option("feature_order", "per_unit", "A4-5",
           "Each unit uses its features and then attacks, in turn; or every unit's features first, then "
           "every attack.", choices=("per_unit", "features_first")),
)

SETTLED = {
    "G4-3": "Card data is the project's own; features are data read by one interpreter (features.py).",
    "G4-9": "A killed card has left its cell (S4-R25), so nothing is left to act: cells are read left "
            "to right as they are at that moment.",
    "G4-12": "The project's own seeded PRNG (engine.core.rng) makes every battle reproducible.",
    "A4-1": "The quotation marks are irony; the deck is shuffled uniformly and the first player drawn uniformly.",
    "A4-2": "'Left to right into free cells' means the leftmost free cell, as the reviews also say.",
    "A4-7": "Leadership or Life at or below 0 counts as 0: overkill is possible, so exact zero cannot be meant.",
    "A4-8": "Offered as the 'battle' value of the lost_all_cards option (G4-6); the default reads 'all his "
            "cards' literally ('anywhere').",
}
