"""A tiny ruleset that uses every shape the core supports, so the core is tested apart from any game.

"Pennies": three rounds. Each round an automatic deal gives each seat a private bonus (hidden
information, chance step); both seats then pick 0 or 1 at once (simultaneous, hidden submissions);
the seat that matched the parity of the sum scores, then alone chooses to bank or double (a
single-player decision).
"""

import copy

from engine.core import Capabilities, Decision, Outcome, Ruleset, Rng, Seat, register

ROUNDS = 3


class PenniesState:
    """Scores, the private bonuses, the phase and the PRNG."""

    def __init__(self, seed, log):
        self.rng, self.log = Rng(seed), log
        self.scores, self.bonus = [0, 0], [0, 0]
        self.round, self.phase, self.winner_of_round = 0, "deal", None


@register
class Pennies(Ruleset):
    """The test-only ruleset."""

    id = "test-pennies"
    version = 1
    title = "Pennies (test only)"
    capabilities = Capabilities(min_seats=2, max_seats=2, hidden_information=True, simultaneous=True, chance=True)

    def seats(self, options, setup=None):
        return (Seat("even", "even"), Seat("odd", "odd"))

    def default_setup(self, options, seed):
        return {}

    def check_setup(self, setup, options):
        return {}

    def setup(self, options, seed, setup, log):
        return PenniesState(seed, log)

    def decision(self, state):
        if state.phase == "pick":
            return Decision((0, 1), {0: [0, 1], 1: [0, 1]}, "choose_card")
        if state.phase == "claim":
            return Decision((state.winner_of_round,), {state.winner_of_round: ["bank", "double"]}, "choose_action")
        return None

    def advance(self, state):
        state.round += 1
        state.bonus = [state.rng.below(3), state.rng.below(3)]
        state.phase = "pick"
        state.log.emit("deal", "T-1", round=state.round)

    def apply(self, state, moves):
        if state.phase == "pick":
            seat = (moves[0] + moves[1]) % 2
            state.winner_of_round, state.phase = seat, "claim"
            state.log.emit("reveal", "T-2", picks=[moves[0], moves[1]], winner=seat)
        else:
            seat = state.winner_of_round
            state.scores[seat] += (1 + state.bonus[seat]) * (2 if moves[seat] == "double" else 1)
            state.phase = "done" if state.round == ROUNDS else "deal"
            state.log.emit("claim", "T-3", seat=seat, choice=moves[seat])

    def view(self, state, player):
        over = state.phase == "done"
        bonus = [f"bonus-of-{seat}:{b}" if over or seat == player else None for seat, b in enumerate(state.bonus)]
        return {"scores": list(state.scores), "bonus": bonus, "round": state.round, "phase": state.phase}

    def secrets(self, state, player):
        if state.phase in ("done", "deal") and state.round in (0, ROUNDS):
            return []
        return [f"bonus-of-{seat}:{state.bonus[seat]}" for seat in (0, 1) if seat != player]

    def private_variant(self, state, player, rng):
        if state.phase == "done" or state.round == 0:
            return None
        variant = copy.copy(state)
        variant.bonus = [b if seat == player else (b + 1) % 3 for seat, b in enumerate(state.bonus)]
        return variant

    def outcome(self, state):
        if state.phase != "done":
            return None
        a, b = state.scores
        return Outcome.win_or_draw(None if a == b else (0 if a > b else 1), "scores", "T-3")

    def turns(self, state):
        return state.round

    def to_data(self, state):
        return {"scores": state.scores, "bonus": state.bonus, "round": state.round, "phase": state.phase,
                "rng": state.rng.to_data()}

    def rule_ids(self):
        return {"T-1", "T-2", "T-3"}
