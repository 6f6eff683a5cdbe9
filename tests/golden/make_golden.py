"""Write tests/golden/RULESET.json: records with the digests this build gives them.

Run only on purpose, after a deliberate change of behaviour that bumped the ruleset's version
(`python tests/golden/make_golden.py RULESET`). Before regenerating, move the old file to
`RULESET-vN.json` (N = the old version): the golden test then checks that every old record is
refused with a clear message, and the new file pins the new behaviour.
"""

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from engine.core import Session, get_ruleset  # noqa: E402
from engine.core.bots import RandomBot, make_bot  # noqa: E402
from engine.rulesets import load_all  # noqa: E402

CUSTOM = {
    "cards": {
        "golden_hero": {"type": "hero", "element": "neutral", "rarity": "rare", "crystals": 2, "attack": 3,
                        "life": 9, "name": {"en": "Gilded Marshal", "ja": "金の元帥", "ru": "Золотой маршал"},
                        "leadership": 12, "limits": {"equipment": 1, "terrain": 1},
                        "features": [{"trigger": "aura", "target": "allies", "effect": "attack_up", "amount": 1}]},
    },
    "squads": {
        "golden_band": {"element": "neutral", "name": {"en": "Gilded Band", "ja": "金の隊", "ru": "Золотой отряд"},
                        "hero": "golden_hero", "cards": ["hired_sellsword", "hired_sellsword", "ogre_brute",
                                                         "road_warden", "caravan_mastiff", "veteran_pikeman",
                                                         "crossbow_mercenary"]},
    },
}

CASES = {"autobattle": [
    ("default seed 1", 1, {}, None),
    ("default seed 77", 77, {}, None),
    ("three squads against one", 5, {}, {"decks": [["ashen_cabal", "rotfen_brood", "thornwood_circle"], ["anvilcrag_host"]]}),
    ("retaliation", 9, {"retaliation": True}, None),
    ("immediate entry, features first", 10, {"waiting_entry": "immediate", "feature_order": "features_first"}, None),
    ("bonus removal subtract, printed base attack", 11, {"bonus_removal": "subtract", "base_attack": "printed"}, None),
    ("fatigue by rounds, active only, at start", 12, {"fatigue_count": "rounds", "fatigue_targets": "active",
                                                       "fatigue_timing": "start_of_turn", "fatigue_start": 8}, None),
    ("fixed leadership, five cells, no heroes in deck", 13, {"leadership": 40, "cells": 5, "hero_in_deck": False}, None),
    ("lost all cards in battle, double KO draw", 14, {"lost_all_cards": "battle", "double_ko": "draw",
                                                       "drawn_zero_enters": False}, None),
    ("custom card file", 15, {}, {"decks": [["golden_band"], ["harvest_militia", "nightveil_host"]], "content": CUSTOM}),
    ("G4-6 default 'anywhere': seat 0's terrain keeps it in, Leadership decides later", 47, {},
     {"decks": [["windrider_banner"], ["ashen_cabal"]]}),
    ("G4-6 'everything' (the earlier reading): the same battle ends two turns sooner", 47, {"lost_all_cards": "everything"},
     {"decks": [["windrider_banner"], ["ashen_cabal"]]}),
]}

# tactics needs decisions: each case names a bot per seat ("steady" = random, never abandoning, so
# games run long). The recorded actions make each record self-contained.
TACTICS_POSITION = {"a": ["cinder_king@1,0", "ashfang_raider@0,0", "sootfeather_archer@0,1 ap=2",
                          "kiln_warden@0,2"],
                    "b": ["gale_queen@1,1", "squall_blade@0,0", "cloudpiercer@0,1 ap=2", "dawnbreeze_mender@1,0"],
                    "first": 1, "cycle": 1, "soulwell": [1, 0]}
CASES["tactics"] = [
    ("default seed 1, sensible against sensible", 1, {}, None, ("sensible", "sensible")),
    ("default seed 2, sensible against steady random", 2, {}, None, ("sensible", "steady")),
    ("default seed 3, steady random against sensible", 3, {}, None, ("steady", "sensible")),
    ("random with abandons", 4, {}, None, ("random", "random")),
    ("four-element loop, global speed order, killer's reward", 5,
     {"element_loop": "four", "interleave": "global_speed", "kill_reward": "killer"}, None, ("sensible", "sensible")),
    ("one row a move, unrestricted placement, heal after, rows and columns", 6,
     {"move_allowance": "one_row", "class_placement": "unrestricted", "same_element": "heal_after",
      "range_metric": "rows_and_columns"}, None, ("sensible", "steady")),
    ("small armies on a 2x3 area, react after damage, receiver's point", 7,
     {"rows": 2, "cols": 3, "army_members": 2, "react_timing": "after_damage", "cycle_point": "receiver",
      "kill_reward": "killer", "kill_reward_transfer": False, "start_ap": 0, "same_element": "net"},
     None, ("steady", "steady")),
    ("built armies, shortfall spend, unlimited unique, never-AP invoked", 8,
     {"soulwell_spend": "shortfall", "unique_limit": "unlimited", "invoked_ap": "never", "stall_cycles": 0},
     {"armies": [{"king": "tide_sovereign", "members": ["coral_bulwark", "wellspring_priestess", "maelstrom_corsair",
                                                         "gustherd_piper", "marsh_poacher"]},
                 "covenant_of_stone"]}, ("sensible", "sensible")),
    ("a position in cycle 1", 9, {}, {"position": TACTICS_POSITION}, ("sensible", "steady")),
    ("a position, front-only rows, acting side wins, the King stays", 10,
     {"row_rule": "front_only", "both_kings": "acting_side_wins", "king_advances": False},
     {"position": TACTICS_POSITION}, ("steady", "sensible")),
    ("chained skills, face-down takes no turn, react after any act, allies at any range", 11,
     {"chain_skills": True, "face_down_turn": "no_turn", "offensive_react": "any_act", "ally_range": "any"},
     None, ("sensible", "sensible")),
    ("two Gale Queens cannot harm each other: a tie", 12, {}, {"position": {"a": ["gale_queen@0,0"],
                                                                            "b": ["gale_queen@0,0"]}},
     ("sensible", "sensible")),
    ("harm test off: the cycle cap (5) ties once neither can harm", 13, {"tie_when_harmless": False, "cycle_cap": 5,
                                                                          "stall_cycles": 0},
     {"position": {"a": ["gale_queen@0,0"], "b": ["gale_queen@0,0"]}}, ("steady", "steady")),
    ("a short cycle cap does not tie while either side can harm", 11, {"cycle_cap": 5}, None, ("steady", "steady")),
    ("an ember mirror with React Skills used at once ends in a tie by agreement", 4, {"react_choice": "auto"},
     {"armies": ["ember_host", "ember_host"]}, ("sensible", "sensible")),
]

# siege: one seat (the player) against the automaton; cases chosen so both the player and the
# automaton win, with the options that change the automaton's procedure.
CASES["siege"] = [
    ("default seed 1, sensible player", 1, {}, None, ("sensible",)),
    ("default seed 2, sensible player", 2, {}, None, ("sensible",)),
    ("default seed 3, random player", 3, {}, None, ("random",)),
    ("arcane deck, sensible player", 4, {}, {"decks": ["arcane", "horde"]}, ("sensible",)),
    ("A2-3 (a), A2-4 adjacent, A2-5 same side, A2-8 all first", 5,
     {"overflow_damage": "automaton", "around_base": "adjacent", "attack_order": "same_side",
      "ability_timing": "all_first"}, None, ("sensible",)),
    ("dice damage, free deploy side, printed max HP, heal one", 6,
     {"damage": "dice", "deploy_side": "free", "automaton_max_hp": "printed", "charge_overflow": "heal_one"},
     None, ("sensible",)),
    ("deep board, Commander always joins, Guard fights back if it survives", 7,
     {"board": "deep", "commander_join": "always", "guard_fights_back": "if_survives"}, None, ("sensible",)),
    ("automaton pays nothing, MP regenerates, max enhancement, attribute edge", 8,
     {"automaton_pays": False, "mp_regen": 1, "not_lethal": "max", "attribute_edge": 1}, None, ("sensible",)),
    ("a position: the automaton's attacks from the Invasion Zone", 9, {},
     {"position": {"player": ["bastion_2@3,1 def", "ember_1@cmd"], "automaton": ["gale_1@cmd", "ember_3@2,1",
                                                                                 "thorn_1@0,0", "lumen_1@0,2"],
                   "hand": {"player": ["bastion_1", "ember_2"], "automaton": ["mist_1"]},
                   "deck": {"player": ["thorn_4", "ember_1", "lumen_2", "thorn_1"],
                            "automaton": ["frost_1", "mist_2", "gale_2"]}, "base": [3, 6], "from": "attack"}},
     ("sensible",)),
]

# initiative: teams of 2-6 seats; sensible and random bots, two-hero seats, odd counts, positions with
# tokens, and the options that change who acts and how.
CASES["initiative"] = [
    ("4 players, sensible red against random blue", 1, {"players": 4}, None, ("sensible", "random") * 2),
    ("4 players, sensible against sensible", 2, {"players": 4}, None, ("sensible",) * 4),
    ("2 players with two heroes each, sensible against sensible", 3, {"players": 2}, None, ("sensible",) * 2),
    ("6 players, long game, random against sensible", 4, {"players": 6, "length": "long"}, None,
     ("random", "sensible") * 3),
    ("3 players, the smaller team's extra hero", 5, {"players": 3}, None, ("sensible",) * 3),
    ("5 players, uneven teams, printed initiative, lowest-seat chooser", 6,
     {"players": 5, "odd_count": "uneven", "effective_initiative": "printed", "tie_chooser": "lowest_seat"},
     None, ("sensible",) * 5),
    ("respawn is the action, flip before acting, any card defends, no flip for the defeated", 7,
     {"act_after_respawn": False, "flip_timing": "before_action", "defend_cards": "any",
      "defeated_flip": "no_flip", "tie_pick": "lowest"}, None, ("sensible", "random", "sensible", "random")),
    ("a position with every hero's best cards in hand and tokens down", 8, {"players": 4, "round_limit": 3},
     {"position": {"heroes": ["nim@8,4 hand=nim_red3a+nim_red3b+nim_green3a+nim_blue3a+nim_gold",
                              "gorm@12,4 hand=gorm_red3a+gorm_green3b+gorm_blue3a+gorm_gold+gorm_silver",
                              "tova@8,5 hand=tova_red3a+tova_green3a+tova_blue3b+tova_gold+tova_silver",
                              "maren@13,5 hand=maren_red3b+maren_green3a+maren_blue3a+maren_gold+maren_silver"],
                   "tokens": ["rubble@10,4 hero=1"], "coin": "blue"}},
     ("sensible", "sensible", "random", "random")),
    # hero selection before the first turn (draft.py, P1-8/P1-9): one case per variant
    ("all random heroes, 4 players", 9, {"players": 4, "hero_selection": "all_random"}, None,
     ("sensible", "random") * 2),
    ("all pick, 2 players picking twice each", 10, {"players": 2, "hero_selection": "all_pick"}, None,
     ("sensible", "random")),
    ("single draft with private offers, 4 players", 11, {"players": 4, "hero_selection": "single_draft"}, None,
     ("random", "sensible") * 2),
    ("random draft from a public pool, 3 players", 12, {"players": 3, "hero_selection": "random_draft"}, None,
     ("sensible", "random", "random")),
    ("player draft, 6 players", 13, {"players": 6, "hero_selection": "player_draft", "round_limit": 4}, None,
     ("sensible",) * 6),
    ("pick and ban, 4 players", 14, {"players": 4, "hero_selection": "pick_and_ban"}, None,
     ("sensible", "sensible", "random", "random")),
    # the double-lane map (option map, G1-8, P1-13): two Battle Zones, 2×7 waves, 6 life counters
    ("the double-lane map Twin Fords, 4 players, sensible against sensible", 15, {"players": 4, "map": "twinford"},
     None, ("sensible",) * 4),
]


class SteadyBot(RandomBot):
    """A random bot that never abandons, nor accepts a tie (tactics G0-14), while anything else is legal
    (for longer golden games)."""

    name = "steady"

    def choose(self, view, legal, rng):
        """A uniformly random legal action other than abandoning or accepting a tie."""
        return rng.choice([action for action in legal if action[0] not in ("abandon", "accept_tie")] or legal)


def bots_for_case(ruleset: str, names) -> dict:
    """Seat -> bot for a case that names its bots (None: no bots, as autobattle needs none)."""
    if not names:
        return {}
    return {seat: SteadyBot() if name == "steady" else make_bot(get_ruleset(ruleset), name)
            for seat, name in enumerate(names)}


def main(rulesets: list[str]) -> None:
    load_all()
    for ruleset in rulesets or sorted(CASES):
        write(ruleset)


def write(ruleset: str) -> None:
    """Play every case of one ruleset and write its golden file."""
    golden = []
    for name, seed, options, setup, *bots in CASES[ruleset]:
        session = Session.start(ruleset, seed=seed, options=options, setup=setup)
        session.run(bots_for_case(ruleset, bots[0] if bots else None) or None)
        assert session.outcome, f"{ruleset} case {name!r} did not finish"
        golden.append({"name": name, "record": session.record.to_data(), "digest": session.digest(),
                       "turns": session.turns(), "outcome": session.outcome.to_data()})
    path = Path(__file__).with_name(f"{ruleset}.json")
    path.write_text(json.dumps(golden, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {len(golden)} golden records to {path}")


if __name__ == "__main__":
    main(sys.argv[1:])
