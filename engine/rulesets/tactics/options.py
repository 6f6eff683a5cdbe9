"""The tactics options: one per gap or ambiguity with more than one coherent reading.

Each default is the spec's proposal (P); where the spec marks a default **Revised** (after a
re-reading of the source), the revised one is the default and the earlier reading stays as an option
value under its old name. Points with a single coherent reading are listed in SETTLED with the
reason, so no reading is picked in silence. Rules of the project's own (not the spec's) have P0-… ids
in rules.toml.
"""

from ...core.options import Option

OPTIONS = (
    Option("rows", 3, "G0-1", "Rows in each player's Battle Area; row 0 faces the enemy.", minimum=2, maximum=5),
    Option("cols", 4, "G0-1", "Columns in each player's Battle Area.", minimum=2, maximum=6),
    Option("range_metric", "rows", "G0-2",
           "Distance for Range: 'rows' = own row + 1 + target row (columns ignored); 'rows_and_columns' "
           "adds the column difference (a row attack then hits only the row's enemies within range, S0-R21). "
           "Ally targets: see ally_range (A0-11).",
           choices=("rows", "rows_and_columns")),
    Option("melee_front", True, "G0-2",
           "Range-1 characters must deploy in the front row (range 2 or more: anywhere); false: anywhere."),
    Option("class_placement", "by_class", "G0-3",
           "Where a class may deploy: 'by_class' (guardians and warriors in the front row; archers, mages, "
           "healers and summoners behind it; the source places an army 'according to Range and Class'), or "
           "'unrestricted' (anywhere; the earlier default). When no allowed cell is left, P0-2 applies.",
           choices=("by_class", "unrestricted")),
    Option("move_allowance", "by_speed", "G0-4",
           "Rows a Move may cross: 'by_speed' (one, two from Speed 5; the source says 'the number of rows "
           "crossed depends on the Character's Speed'), or 'one_row' (always one; the earlier default).",
           choices=("by_speed", "one_row")),
    Option("start_ap", 1, "G0-5", "Act Points each character starts the battle with.", minimum=0, maximum=3),
    Option("soulwell_spend", "any_amount", "G0-6",
           "With an Act Skill, the player moves Soulwell points onto the acting character: any number "
           "up to the Soulwell (the surplus stays on the character), or only the shortfall of the cost.",
           choices=("any_amount", "shortfall")),
    Option("element_loop", "three", "G0-7",
           "The Element Loop: 'three' Pyro > Eol > Aqua > Pyro; 'four' Pyro > Eol > Geo > Aqua > Pyro.",
           choices=("three", "four")),
    Option("same_element", "absorb", "G0-8",
           "Same element (A0-6): 'absorb' deals no damage and heals the target by 1, never above its maximum "
           "(the source: the target 'is healed by one point'); 'net' takes 1 off the total damage and heals "
           "any amount below 0 (the earlier default); 'heal_after' deals the damage and then heals 1.",
           choices=("absorb", "net", "heal_after")),
    Option("unique_limit", "once_per_battle", "G0-11", "How often a character may use its Unique Skill.",
           choices=("once_per_battle", "once_per_cycle", "unlimited")),
    Option("face_down_turn", "takes_turn", "G0-12",
           "A face-down character: 'takes_turn' disengages at each new cycle and takes its turn (and may "
           "react) with the Act Points it has, gaining only no cycle-start Act Point (the source: 'all "
           "characters still present on the Battlefield disengage'); 'no_turn' takes no turn and fires no "
           "React Skill until face up, and loses the current cycle's turn when turned (the earlier reading).",
           choices=("takes_turn", "no_turn")),
    Option("army_members", 5, "G0-13", "Characters besides the King in each army (a preset army uses its first ones).",
           minimum=1, maximum=5),
    Option("stall_cycles", 3, "G0-14",
           "Tie after this many whole cycles in a row with no change to any Health or position (0: never). "
           "The proposal says one cycle and counts Act Points too, but those rise every cycle (S0-R15), "
           "so that test would never fire; three cycles leave time to save up for a costly skill.",
           minimum=0, maximum=20),
    Option("tie_when_harmless", True, "G0-14",
           "Tie at a cycle's end when neither side can harm the other any more (no character on the board "
           "can lower an enemy's Health: see P0-1 for the exact test; Range is no limit, since Moves and the "
           "row rule can bring any enemy within reach)."),
    Option("cycle_cap", 60, "P0-1",
           "From the end of this cycle on, the battle is a tie at a cycle's end only when neither side can "
           "change its outcome (neither can harm the other: P0-1); while either can, play goes on. The "
           "earlier cap declared a tie at this cycle whatever the position. At most 100 (P0-10).",
           minimum=5, maximum=100),
    Option("interleave", "alternate", "G0-15",
           "'alternate': players take turns, each engaging its fastest ready character, first player first; "
           "'global_speed': one fastest-first queue over both armies (A0-2's other reading).",
           choices=("alternate", "global_speed")),
    Option("kill_reward", "victim", "A0-5",
           "On a defeat, the Soulwell gets 'victim': the defeated target's remaining Act Points, harvested "
           "(the source's 'remaining' goes on describing the target); or 'killer': the killer's own (the "
           "earlier default).",
           choices=("victim", "killer")),
    Option("kill_reward_transfer", True, "G0-16",
           "Under kill_reward=killer: the killer's rewarded Act Points leave it (a transfer); false copies "
           "them. A victim's Act Points are always harvested."),
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
    Option("offensive_react", "attacks", "S0-R35",
           "An offensive React Skill fires 'when the character attacks a target': after an Act Skill aimed "
           "at enemies ('attacks', as the spec states), or after any Act Skill, even one on itself or its "
           "allies ('any_act', the earlier behaviour).", choices=("attacks", "any_act")),
    Option("react_choice", "ask", "S0-R35",
           "A React Skill 'may' be used (S0-R35, S0-R36): 'ask' pauses the skill's resolution where a React "
           "Skill is ready and its owner uses or declines it (a declined one stays ready this cycle); 'auto' "
           "uses every ready React Skill at once (the earlier behaviour).", choices=("ask", "auto")),
    Option("tie_by_agreement", True, "G0-14",
           "'Also allow tie by agreement' (A0-9: always offered): during one of its character turns a player "
           "may propose a tie, at most once a cycle (P0-11); the other accepts (a draw) or refuses (the turn "
           "goes on). false: no proposals."),
    Option("chain_skills", False, "A0-10",
           "false: one action per turn (the source's 'chooses one of the following actions'); true: Act "
           "Skills may be chained, each paid and each at most once a turn (P0-3), until the player ends "
           "the turn (End of Turn after a skill then gives no Act Point)."),
    Option("ally_range", "own_area", "A0-11",
           "Skills on allies: 'own_area' reaches an ally whose row difference within the own Battle Area "
           "(plus the column difference under rows_and_columns) is less than the skill's Range; 'any' "
           "reaches every ally (the earlier behaviour).", choices=("own_area", "any")),
    Option("king_advances", True, "A0-12",
           "The row rule (S0-R10) moves the King too; false: the King stays where it is (only heroes and "
           "units advance, as the source names them), even behind an empty row."),
)

SETTLED = {
    "G0-9": "Card data is the project's own: one damage kind plus shield, burn and weaken statuses, all "
            "read by one interpreter (effects.py).",
    "G0-10": "Offered as the react_timing option (A0-7).",
    "A0-9": "Settled by the G0-14 tests (stall_cycles, tie_when_harmless, tie_by_agreement) and the project's "
            "cycle cap (P0-1, cycle_cap), which never declares a tie while either side can still change the "
            "outcome.",
    "A0-2": "Offered as the 'global_speed' value of the interleave option (G0-15).",
    "A0-3": "Only possible under global_speed: a tie between the two sides goes to the First Player, "
            "the holder of the First Player Card.",
    "A0-6": "The same point as G0-8, settled by the same_element option.",
}
