"""The legal actions, listed: each deployment cell, each Move, each affordable skill on each target set.

Built only when someone reads a decision's legal list (a bot, the UI); legality.py checks one action
at a time with the same primitives (`deploy_cells`, `move_cells`, `target_sets`).
"""

from .board import ally_in_range, deploy_cells_why, deploy_frame, distance, move_cells
from .state import Battle, Char


def deploy_actions(b: Battle, seat: int) -> list:
    """["deploy", uid, row, col] for each undeployed character and each cell it may take."""
    frame = deploy_frame(b, seat)
    return [["deploy", c.uid, r, col] for c in b.sides[seat].living() if c.row < 0
            for r, col in deploy_cells_why(b, c, frame)[0]]


def turn_actions(b: Battle, char: Char) -> list:
    """Move (S0-R19), each affordable skill on each reachable target set (S0-R21), End of Turn (S0-R27).
    A0-10 chain_skills: after a skill, only more skills (each once a turn, P0-3) or End of Turn."""
    actions = [] if b.chained else [["move", r, c] for r, c in move_cells(b, char)]
    soulwell = b.sides[char.owner].soulwell
    for skill in char.defn.skills():
        if skill is char.defn.unique_skill and char.unique_used and b.opts["unique_limit"] != "unlimited":
            continue
        if skill.id in b.chained:                  # P0-3: each Act Skill at most once in a chained turn
            continue
        need = max(0, skill.ap - char.ap)
        if need > soulwell:
            continue
        spends = range(need, soulwell + 1) if b.opts["soulwell_spend"] == "any_amount" else (need,)
        for targets in target_sets(b, char, skill):
            for spend in spends:
                actions.append(["skill", skill.id, targets, spend])
    actions.append(["end"])
    return actions


def target_sets(b: Battle, char: Char, skill) -> list[list[int]]:
    """S0-R21/G0-2: the target lists a skill can take; every target must be within its Range
    (allies: A0-11). A row attack hits the enemies of one row that are within range."""
    reach = skill.range or char.defn.range
    if skill.target == "self":
        return [[char.uid]]
    allies = [c for c in b.on_board(char.owner) if ally_in_range(b, char, c, reach)]
    if skill.target == "ally":
        return [[c.uid] for c in allies]
    if skill.target == "all_allies":
        return [[c.uid for c in allies]]
    enemies = [c for c in b.on_board(1 - char.owner) if distance(b, char, c) <= reach]
    if skill.target == "enemy":
        return [[c.uid] for c in enemies]
    if skill.target == "all_enemies":
        return [[c.uid for c in enemies]] if enemies else []
    rows = sorted({c.row for c in enemies})                        # enemy_row
    return [[c.uid for c in enemies if c.row == r] for r in rows]
