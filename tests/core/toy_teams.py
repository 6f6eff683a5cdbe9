"""A tiny four-seat team game, so the core's seats, teams, hidden hands and team decisions are tested
apart from any real ruleset (and the conformance suite runs on it).

"Relay": red (seats 0 and 2) against blue (seats 1 and 3). Sixteen cards `c01`…`c16` (value = the
number) are shuffled and each seat is dealt three into a hidden hand; four stay hidden in the deck.
Each of three rounds, every seat commits a card at once, face down (S9-R1); the cards are revealed
together and the highest card's team takes the round (S9-R2); that team then decides, as a team,
to bank 1 point or to risk 2 on the next card off the deck being odd (S9-R3; which seat answers for
the team is option `chooser`, A9-1). After three rounds, more points wins; equal is a draw (S9-R4).
"""

import copy

from engine.core import Capabilities, Decision, Option, Outcome, Rng, Ruleset, Seat, register

ROUNDS, HAND, CARDS = 3, 3, 16
TEAMS = ("red", "blue")


class RelayState:
    """Hands, the deck, the committed round, points, phase and the PRNG."""

    def __init__(self, rng, log, chooser):
        self.rng, self.log, self.chooser = rng, log, chooser
        deck = [f"c{n:02d}" for n in range(1, CARDS + 1)]
        rng.shuffle(deck)
        self.hands = [sorted(deck[seat * HAND:(seat + 1) * HAND]) for seat in range(4)]
        self.deck = deck[4 * HAND:]
        self.points = {team: 0 for team in TEAMS}
        self.round, self.phase, self.revealed, self.taker = 1, "commit", [], None


@register
class Relay(Ruleset):
    """The test-only team ruleset."""

    id = "test-relay"
    version = 1
    title = "Relay (test only)"
    capabilities = Capabilities(min_seats=4, max_seats=4, hidden_information=True, simultaneous=True,
                                teams=True, chance=True)
    options = (Option("chooser", "lowest_seat", "A9-1", "who answers for a team",
                      choices=("lowest_seat", "any_one")),)

    def rule_ids(self):
        return {"S9-R1", "S9-R2", "S9-R3", "S9-R4", "A9-1"}

    def seats(self, options, setup=None):
        return tuple(Seat(f"{TEAMS[i % 2]} {i // 2 + 1}", TEAMS[i % 2]) for i in range(4))

    def default_setup(self, options, seed):
        return {}

    def check_setup(self, setup, options):
        return {}

    def setup(self, options, seed, setup, log):
        return RelayState(Rng(seed), log, options["chooser"])

    def decision(self, state):
        if state.phase == "commit":
            return Decision((0, 1, 2, 3), {seat: list(state.hands[seat]) for seat in range(4)}, "choose_card",
                            {"round": state.round})
        if state.phase == "claim":
            team = [seat for seat in range(4) if TEAMS[seat % 2] == state.taker]
            players = team if state.chooser == "any_one" else team[:1]
            return Decision(tuple(players), {seat: ["bank", "risk"] for seat in players}, "choose_action",
                            {"team": state.taker}, any_of=state.chooser == "any_one")
        return None

    def apply(self, state, moves):
        if state.phase == "commit":
            for seat, card in moves.items():
                state.hands[seat].remove(card)
            state.revealed = [moves[seat] for seat in range(4)]
            best = max(range(4), key=lambda seat: state.revealed[seat])
            state.taker, state.phase = TEAMS[best % 2], "claim"
            state.log.emit("reveal", "S9-R1", cards=list(state.revealed))
            state.log.emit("take", "S9-R2", team=state.taker, reasons=[{"why": "highest card", "card": state.revealed[best]}])
            return
        (seat, choice), = moves.items()
        gain = 1 if choice == "bank" else (2 if int(state.deck.pop()[1:]) % 2 else 0)
        state.points[state.taker] += gain
        state.log.emit("claim", "S9-R3", seat=seat, team=state.taker, choice=choice, gain=gain)
        state.round += 1
        state.phase = "commit" if state.round <= ROUNDS else "done"

    def advance(self, state):
        raise AssertionError("Relay has no automatic step")

    def outcome(self, state):
        if state.phase != "done":
            return None
        red, blue = state.points["red"], state.points["blue"]
        if red == blue:
            return Outcome.draw("equal points", "S9-R4")
        team = "red" if red > blue else "blue"
        return Outcome.team_win(team, [s for s in range(4) if TEAMS[s % 2] == team], "more points", "S9-R4")

    def turns(self, state):
        return state.round - 1

    def view(self, state, player):
        over = state.phase == "done"
        hands = [list(hand) if over or seat == player else len(hand) for seat, hand in enumerate(state.hands)]
        return {"hands": hands, "deck": list(state.deck) if over else len(state.deck), "points": dict(state.points),
                "round": state.round, "phase": state.phase, "revealed": list(state.revealed), "taker": state.taker}

    def secrets(self, state, player):
        if state.phase == "done":
            return []
        others = [card for seat, hand in enumerate(state.hands) if seat != player for card in hand]
        return others + list(state.deck)

    def private_variant(self, state, player, rng):
        if state.phase == "done":
            return None
        variant = copy.deepcopy(state)
        hidden = [seat for seat in range(4) if seat != player and variant.hands[seat]]
        if hidden:       # swap one card of another seat's hand with one of the hidden deck
            seat = hidden[rng.below(len(hidden))]
            mine, theirs = rng.below(len(variant.hands[seat])), rng.below(len(variant.deck))
            variant.hands[seat][mine], variant.deck[theirs] = variant.deck[theirs], variant.hands[seat][mine]
            variant.hands[seat].sort()
        rng.shuffle(variant.deck)
        return variant

    def to_data(self, state):
        return {"hands": state.hands, "deck": state.deck, "points": state.points, "round": state.round,
                "phase": state.phase, "revealed": state.revealed, "taker": state.taker, "rng": state.rng.to_data()}
