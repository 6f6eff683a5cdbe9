"""Damage calculation (G2-2), from the formula data in content/board.toml.

damage = max(minimum, attack − defense + roll), the roll drawn from the game's seeded RNG when the
formula has dice. Predictions (the automaton's choices) use the roll's expected-free middle: 0.
"""

from .board import damage_formula


def predict(attack: int, defense: int, formula: str) -> int:
    """The damage an attack would deal with a roll of 0 (what the automaton plans with)."""
    return max(damage_formula(formula)["minimum"], attack - defense)


def roll(game) -> int:
    """The formula's roll for one damage calculation (0 without dice; no RNG draw then)."""
    dice = damage_formula(game.opts["damage"])["dice"]
    return dice[0] if len(dice) == 1 else game.rng.choice(dice)


def deal(game, attack: int, defense: int) -> tuple[int, int]:
    """(damage, roll) of one damage calculation (F2-5 step 5)."""
    r = roll(game)
    return max(damage_formula(game.opts["damage"])["minimum"], attack - defense + r), r
