"""The siege options: every gap (G2-…) and ambiguity (A2-…) of the spec, and the project's own
rules (P2-…) where another reading is plausible. Each default is the spec's proposal."""

from ...core.options import Option
from .board import board_ids, damage_ids

OPTIONS = (
    Option("board", "standard", "G2-1", "The battlefield geometry from content/board.toml: 'standard' (3 columns, "
           "one front row a side, the Invasion Zone between) or 'deep' (two front rows a side).", choices=board_ids()),
    Option("damage", "subtract", "G2-2", "The damage formula from content/board.toml: 'subtract' = max(0, attack − "
           "defense); 'dice' adds a roll of −1, 0 or +1 from the game's seeded RNG.", choices=damage_ids()),
    Option("player_base_hp", 8, "G2-3", "The player's starting Base HP (Ultimate mode's 8, F2-9).", minimum=1, maximum=30),
    Option("commander_join", "threshold", "G2-4", "When the automaton's Commander joins a Base defence: 'threshold' "
           "(the attacker's final attack ≥ the Commander's defense of that kind), 'always' or 'never'.",
           choices=("threshold", "always", "never")),
    Option("guard_fights_back", "always", "G2-5", "The Guard strikes back at the attacker of its Base: 'always', "
           "'if_survives' or 'never'.", choices=("always", "if_survives", "never")),
    Option("automaton_pays", True, "G2-6", "The automaton pays AP for deployment, attacks, Focus and abilities as "
           "printed; false: it pays nothing."),
    Option("focus", "next_attack", "G2-7", "Focus: 'next_attack' (1 AP: +1 to the character's next attack; the "
           "automaton focuses a character with no target), or 'none' (no Focus action).",
           choices=("next_attack", "none")),
    Option("mp_regen", 0, "G2-8", "MP each automaton character regains at the start of its turn (up to its level).",
           minimum=0, maximum=4),
    Option("ap_ceiling", 10, "G2-9", "The AP ceiling of the Charge Phase; AP above it becomes healing.",
           minimum=1, maximum=99),
    Option("not_lethal", "none", "G2-10", "Attack self-enhancement when no number of uses defeats the target: 'none' "
           "(do not enhance) or 'max' (enhance as much as possible).", choices=("none", "max")),
    Option("growth_source", "worst_case", "G2-11", "What the automaton expects of a target with a Growth Source: "
           "'worst_case' (one +1 defense per Growth-Source card, up to the cap) or 'ignore'.",
           choices=("worst_case", "ignore")),
    Option("abilities", True, "G2-12", "Abilities are used (one interpreter, abilities.py); false: no ability fires."),
    Option("attribute_edge", 0, "G2-13", "Bonus to an attack whose attribute beats the defender's (fire > wind > "
           "earth > water > fire; light and dark beat each other); 0: tags have no effect.", minimum=0, maximum=3),
    Option("deck_out", "skip", "G2-14", "The automaton's Base deck is empty: 'skip' the draw (and no Guard), or "
           "'player_wins'.", choices=("skip", "player_wins")),
    Option("victory_damage", 10, "A2-1", "The damage to the automaton's Base that wins the game.", minimum=1, maximum=30),
    Option("charge_overflow", "convert", "A2-2", "The Charge Phase: 'convert' (AP capped at the ceiling, each AP "
           "above it heals 1 HP, one point at a time) or 'heal_one' (AP ≥ 11 heals 1 HP; AP capped).",
           choices=("convert", "heal_one")),
    Option("overflow_damage", "player", "A2-3", "A 4th card drawn into the automaton's hand deals 1 damage to the "
           "'player''s Base (the literal reading) or counts toward the player's 10 on the 'automaton''s Base.",
           choices=("player", "automaton")),
    Option("around_base", "beside", "A2-4", "The square kept empty 'around the Base': one of the two squares "
           "'beside' it, or any 'adjacent' square.", choices=("beside", "adjacent")),
    Option("attack_order", "serpentine", "A2-5", "Declaration order: 'serpentine' (front line from the Exclusion "
           "side, back line from the Standby side) or 'same_side' (both from the Exclusion side).",
           choices=("serpentine", "same_side")),
    Option("defense_cap", "two_then_level", "A2-6", "Defensive enhancement cap: 'two_then_level' (2 against a "
           "predicted 1 damage, the level against 2 or more) or 'level' (always the level).",
           choices=("two_then_level", "level")),
    Option("defend_enhance", "always", "A2-7", "The automaton enhances defense 'always' when it changes the damage, "
           "or only when it saves the character ('to_survive').", choices=("always", "to_survive")),
    Option("ability_timing", "per_character", "A2-8", "'per_character': each character's ♤ activated abilities just "
           "before its own declaration, others just after it; 'all_first': every ♤ ability before the first "
           "declaration.", choices=("per_character", "all_first")),
    Option("deploy_from_hand", "any", "A2-9", "The automaton deploys 'any' deployable card in hand (the drawn one "
           "first) or only the 'drawn' one.", choices=("any", "drawn")),
    Option("automaton_max_hp", "level", "A2-10", "The automaton's characters' maximum HP: their 'level' or the "
           "'printed' HP.", choices=("level", "printed")),
    Option("heal_commander", True, "A2-11", "The Commander is a candidate for Charge-Phase healing."),
    Option("player_charge", 5, "P2-2", "AP the player recovers in its Charge Phase (none in its first turn), up to "
           "the ceiling.", minimum=0, maximum=10),
    Option("player_hand", 5, "P2-3", "Cards the player draws at setup.", minimum=0, maximum=10),
    Option("attack_cost", 1, "P2-5", "AP an attack costs (both sides).", minimum=0, maximum=5),
    Option("enhance_payment", "growth_first", "P2-6", "Which same-named cards pay the player's self-enhancement: "
           "'growth_first' (the Growth Source, then the hand) or 'hand_first'.", choices=("growth_first", "hand_first")),
    Option("round_limit", 40, "P2-12", "Rounds after which the game is a draw.", minimum=5, maximum=200),
    Option("deploy_side", "left_first", "P2-16", "Where the automaton deploys when both squares beside its Base are "
           "free: 'left_first' (the Command-Zone side) or 'free' (a free choice drawn from the seeded RNG).",
           choices=("left_first", "free")),
    Option("opening_triggers", False, "P2-21", "The automaton's opening placements (S2-R4) fire 'on deploy' "
           "abilities: false (the seed's reading: they are placed, 配置, not deployed, 出撃) or true."),
)

SETTLED: dict[str, str] = {}
