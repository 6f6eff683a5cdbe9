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

from engine.core import Session  # noqa: E402
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


def main(rulesets: list[str]) -> None:
    load_all()
    for ruleset in rulesets or sorted(CASES):
        write(ruleset)


def write(ruleset: str) -> None:
    """Play every case of one ruleset and write its golden file."""
    golden = []
    for name, seed, options, setup in CASES[ruleset]:
        session = Session.start(ruleset, seed=seed, options=options, setup=setup)
        session.run()
        golden.append({"name": name, "record": session.record.to_data(), "digest": session.digest(),
                       "turns": session.turns(), "outcome": session.outcome.to_data()})
    path = Path(__file__).with_name(f"{ruleset}.json")
    path.write_text(json.dumps(golden, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {len(golden)} golden records to {path}")


if __name__ == "__main__":
    main(sys.argv[1:])
