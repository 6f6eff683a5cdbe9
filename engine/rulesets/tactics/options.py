"""The tactics options: one per gap or ambiguity with more than one coherent reading.

Each default is the spec's proposal (P). Points with a single coherent reading are listed in
SETTLED with the reason, so no reading is picked in silence.
"""

from ...core.options import Option

OPTIONS = (
    Option("rows", 3, "G0-1", "Rows in each player's Battle Area; row 0 faces the enemy.", minimum=2, maximum=5),
    Option("cols", 4, "G0-1", "Columns in each player's Battle Area.", minimum=2, maximum=6),
    Option("range_metric", "rows", "G0-2",
           "Distance for Range: 'rows' = own row + 1 + target row (columns ignored); 'rows_and_columns' "
           "adds the column difference. Ally targets are never limited by range.",
           choices=("rows", "rows_and_columns")),
    Option("melee_front", True, "G0-2",
           "Range-1 characters must deploy in the front row (range 2 or more: anywhere); false: anywhere."),
    Option("class_placement", "unrestricted", "G0-3",
           "Where a class may deploy: anywhere, or 'by_class' (guardians and warriors in the front row; "
           "archers, mages, healers and summoners behind it).", choices=("unrestricted", "by_class")),
    Option("move_allowance", "one_row", "G0-4",
           "Rows a Move may cross: always one, or 'by_speed' (one, two from Speed 5).",
           choices=("one_row", "by_speed")),
    Option("start_ap", 1, "G0-5", "Act Points each character starts the battle with.", minimum=0, maximum=3),
    Option("soulwell_spend", "any_amount", "G0-6",
           "With an Act Skill, the player moves Soulwell points onto the acting character: any number "
           "up to the Soulwell (the surplus stays on the character), or only the shortfall of the cost.",
           choices=("any_amount", "shortfall")),
    Option("element_loop", "three", "G0-7",
           "The Element Loop: 'three' Pyro > Eol > Aqua > Pyro; 'four' Pyro > Eol > Geo > Aqua > Pyro.",
           choices=("three", "four")),
    Option("same_element", "net", "G0-8",
           "Same element: 'net' takes 1 off the total damage and heals any amount below 0; "
           "'heal_after' deals the damage and then heals 1.", choices=("net", "heal_after")),
    Option("unique_limit", "once_per_battle", "G0-11", "How often a character may use its Unique Skill.",
           choices=("once_per_battle", "once_per_cycle", "unlimited")),
    Option("army_members", 5, "G0-13", "Characters besides the King in each army (a preset army uses its first ones).",
           minimum=1, maximum=5),
    Option("stall_cycles", 3, "G0-14",
           "Tie after this many whole cycles in a row with no change to any Health or position (0: never). "
           "The proposal says one cycle and counts Act Points too, but those rise every cycle (S0-R15), "
           "so that test would never fire; three cycles leave time to save up for a costly skill.",
           minimum=0, maximum=20),
    Option("tie_when_harmless", True, "G0-14",
           "Tie as soon as neither side has a character with a skill that can harm an enemy."),
    Option("cycle_cap", 60, "A0-9", "A tie once this many cycles have been played, so every battle ends "
           "(at most 100, so any record replays in well under a second: P0-10).",
           minimum=5, maximum=100),
    Option("interleave", "alternate", "G0-15",
           "'alternate': players take turns, each engaging its fastest ready character, first player first; "
           "'global_speed': one fastest-first queue over both armies (A0-2's other reading).",
           choices=("alternate", "global_speed")),
    Option("kill_reward", "killer", "A0-5",
           "On a defeat, the Soulwell gets the killer's remaining Act Points, or the victim's.",
           choices=("killer", "victim")),
    Option("kill_reward_transfer", True, "G0-16",
           "The rewarded Act Points leave the character (a transfer); false copies them."),
    Option("both_kings", "tie", "G0-17",
           "Both Kings defeated at once: a tie, or the side whose character was acting wins.",
           choices=("tie", "acting_side_wins")),
    Option("cycle_point", "giver", "A0-4",
           "At each new cycle the Extra Act Point goes to the player who gives the First Player Card away, "
           "or to the one who receives it.", choices=("giver", "receiver")),
    Option("first_tiebreak", "random", "S0-R5",
           "Equal army Speeds: the First Player is drawn from the seed, or is always seat 0.",
           choices=("random", "seat0")),
    Option("row_rule", "compact", "A0-1",
           "'compact': no empty row in front of an occupied one; 'front_only': only the front row must be "
           "occupied.", choices=("compact", "front_only")),
    Option("invoked_ap", "cycle_start_only", "A0-8",
           "Invoked characters miss only the cycle-start Act Point, or 'never' gain Act Points from the rules "
           "(card effects still give them, S0-R40).", choices=("cycle_start_only", "never")),
    Option("react_timing", "before_damage", "A0-7",
           "A defensive React Skill fires before damage is dealt, or after it (only if the character "
           "survives). The offensive one always fires after the skill's damage.",
           choices=("before_damage", "after_damage")),
)

SETTLED = {
    "G0-9": "Card data is the project's own: one damage kind plus shield, burn and weaken statuses, all "
            "read by one interpreter (effects.py).",
    "G0-10": "Offered as the react_timing option (A0-7).",
    "G0-12": "Invoked and face-down characters come only from card effects (effects.py); an invoked "
             "character joins the turn order from the next cycle, a face-down one takes no turn.",
    "A0-2": "Offered as the 'global_speed' value of the interleave option (G0-15).",
    "A0-3": "Only possible under global_speed: a tie between the two sides goes to the First Player, "
            "the holder of the First Player Card.",
    "A0-6": "The same point as G0-8, settled by the same_element option.",
}
