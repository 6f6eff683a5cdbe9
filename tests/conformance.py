"""The conformance suite: checks every ruleset must pass (like PettingZoo's api_test).

Each check takes a registered ruleset and raises AssertionError, saying what is wrong, when the
ruleset breaks the contract. The checks branch on the ruleset's declared capabilities.
tests/test_conformance.py runs them all on every built-in ruleset and on the core's toy rulesets.
"""

import json

from engine.core import (KINDS, IllegalAction, RandomBot, Record, Rng, Session, canonical_json,
                         decode_link, encode_link)

SEEDS = range(12)


def play(ruleset, seed, events=True, options=None) -> Session:
    """A whole game with the random bot in every seat."""
    session = Session.start(ruleset.id, seed=seed, events=events, options=options)
    session.run({seat: RandomBot() for seat in range(len(session.seats))})
    return session


def step_first_legal(session: Session) -> None:
    """One step: the automatic one, or every waiting seat's first legal action."""
    decision = session.decision
    if decision is None:
        session.advance()
        return
    for player in session.waiting()[:decision.needed]:
        session.submit(player, decision.legal[player][0])


def positions(ruleset, seeds=range(4), steps=60):
    """(session, step) at the start of each step of a few games, each seat taking its first legal action."""
    for seed in seeds:
        session = Session.start(ruleset.id, seed=seed)
        for step in range(steps):
            if session.outcome is not None:
                break
            yield session, step
            step_first_legal(session)


def walk(value):
    """Every value nested inside a JSON value, the value itself included."""
    yield value
    if isinstance(value, dict):
        for item in value.values():
            yield from walk(item)
    elif isinstance(value, list):
        for item in value:
            yield from walk(item)


# --- the checks ------------------------------------------------------------------------------

def check_metadata(ruleset) -> None:
    """Id, title, version, capabilities and seats are declared and agree; every option names a catalogued id."""
    caps = ruleset.capabilities
    assert ruleset.id and ruleset.title and ruleset.version >= 1, "id, title and version must be declared"
    assert 1 <= caps.min_seats <= caps.max_seats, "seat bounds must satisfy 1 <= min <= max"
    session = Session.start(ruleset.id, seed=0)
    seats = session.seats
    assert caps.min_seats <= len(seats) <= caps.max_seats, f"{len(seats)} seats outside the declared bounds"
    assert len({seat.name for seat in seats}) == len(seats), "seat names must differ"
    teams = session.teams()
    if caps.teams:
        assert len(teams) >= 2 and any(len(members) > 1 for members in teams.values()), "teams declared but none"
    else:
        assert len(teams) == len(seats), "no teams declared, yet seats share a team"
    catalogue = ruleset.rule_ids()
    for option in ruleset.options:
        assert option.spec in catalogue, f"option {option.key} settles {option.spec}, missing from the catalogue"
        assert option.parse(option.default) == option.default


def check_open_points_are_options(ruleset) -> None:
    """Every gap (G…) and ambiguity (A…) in the catalogue is an option or settled with a reason."""
    settled = {option.spec for option in ruleset.options} | set(ruleset.settled_without_option)
    open_points = {rule for rule in ruleset.rule_ids() if rule.split("-")[0][0] in "GA"}
    assert open_points <= settled, sorted(open_points - settled)


def check_games_end_with_a_valid_outcome(ruleset) -> None:
    """Random games end; the outcome cites a catalogued rule and names real seats, a whole team or the automaton."""
    for seed in SEEDS:
        session = play(ruleset, seed)
        outcome = session.outcome
        assert outcome is not None and session.turns() > 0
        assert outcome.rule in ruleset.rule_ids()
        assert all(0 <= seat < len(session.seats) for seat in outcome.winners)
        assert not outcome.automaton or (ruleset.capabilities.automaton and not outcome.winners)
        if outcome.team is not None:
            assert set(outcome.winners) == set(session.teams()[outcome.team]), "a team win must list the team's seats"
        json.dumps(outcome.to_data())
        results = [outcome.result(seat) for seat in range(len(session.seats))]
        assert all(r in (0.0, 0.5, 1.0) for r in results)


def check_determinism(ruleset) -> None:
    """The same seed gives the same digest; with chance, other seeds give other games; events change nothing."""
    digests = [play(ruleset, seed).digest() for seed in (1, 1)]
    assert digests[0] == digests[1]
    if ruleset.capabilities.chance:
        assert any(play(ruleset, seed).digest() != digests[0] for seed in range(2, 8)), "chance declared, seed ignored"
    for seed in SEEDS:
        assert play(ruleset, seed, events=True).digest() == play(ruleset, seed, events=False).digest()


def check_records_round_trip(ruleset) -> None:
    """record -> JSON -> link -> record round-trips and replays to the same digest and events."""
    for seed in SEEDS:
        session = play(ruleset, seed)
        record = Record.from_json(session.record.to_json())
        assert record.to_data() == session.record.to_data()
        via_link = decode_link(encode_link(record))
        assert via_link.to_data() == record.to_data()
        replayed = Session.replay(via_link)
        assert replayed.digest() == session.digest()
        assert [e.to_data() for e in replayed.events] == [e.to_data() for e in session.events]


def check_undo_to_a_step(ruleset) -> None:
    """undo(to=step) gives the position a fresh replay reaches at that step."""
    session = play(ruleset, 2)
    for step in (0, len(session.history) // 2, len(session.history) - 2):
        fresh = Session(session.record)
        fresh.step_through(list(session.record.actions), step)
        copy = Session.replay(session.record)
        copy.undo(to=step)
        assert len(copy.history) == step + 1 and copy.digest() == fresh.digest()


def check_illegal_actions(ruleset) -> None:
    """Illegal actions are refused with a one-line reason and change nothing."""
    for session, _ in positions(ruleset, seeds=[5], steps=40):
        digest, actions = session.digest(), len(session.record.actions)
        for player in range(len(session.seats)):
            for action in ({"not": "an action"}, ["nonsense", 10 ** 30], float("nan")):
                try:
                    session.submit(player, action)
                except IllegalAction as error:
                    assert str(error) and "\n" not in str(error)
                else:
                    raise AssertionError(f"{action!r} was accepted for seat {player}")
        assert session.digest() == digest and len(session.record.actions) == actions


def check_decisions(ruleset) -> None:
    """Each decision has a known kind, a JSON prompt, legal actions for each deciding seat, and agrees with the capabilities."""
    caps = ruleset.capabilities
    for session, _ in positions(ruleset):
        decision = session.decision
        if decision is None:
            continue
        assert decision.kind in KINDS, decision.kind
        json.dumps(decision.prompt)
        assert decision.players and len(set(decision.players)) == len(decision.players)
        for player in decision.players:
            assert 0 <= player < len(session.seats) and decision.legal.get(player), f"seat {player} has no legal action"
            canonical_json(decision.legal[player])
        if decision.simultaneous:
            assert caps.simultaneous, "a simultaneous decision in a ruleset that does not declare one"
        if decision.any_of:
            assert caps.teams and len({session.seats[p].team for p in decision.players}) == 1


def check_views_hide_secrets(ruleset) -> None:
    """Views are JSON; no view holds a secret of its seat; without hidden information there are none."""
    hidden = ruleset.capabilities.hidden_information
    for session, _ in positions(ruleset):
        for player in [None, *range(len(session.seats))]:
            view = session.view(player)
            assert json.loads(json.dumps(view)) == view
            secrets = ruleset.secrets(session.state, player)
            assert hidden or not secrets, "secrets in a ruleset that declares no hidden information"
            seen = list(walk(view))
            for secret in secrets:
                assert secret not in seen, f"the view of seat {player} shows a secret: {str(secret)[:60]}"


def check_view_invariance(ruleset) -> None:
    """Hidden information: mid-game every seat has secrets, and two states differing only in what a seat
    may not see give that seat the same view (so nothing private leaks, whatever its form)."""
    if not ruleset.capabilities.hidden_information:
        return
    rng, varied, all_have_secrets = Rng(7), 0, False
    for session, step in positions(ruleset):
        seats = range(len(session.seats))
        if step > 0 and all(ruleset.secrets(session.state, seat) for seat in seats):
            all_have_secrets = True
        for player in [None, *seats]:
            variant = ruleset.private_variant(session.state, player, rng)
            if variant is None:
                continue
            if canonical_json(ruleset.to_data(variant)) != canonical_json(ruleset.to_data(session.state)):
                varied += 1
            assert ruleset.view(variant, player) == ruleset.view(session.state, player), \
                f"the view of seat {player} changes with what it may not see (step {step})"
    assert all_have_secrets, "hidden information declared, but no mid-game position gives every seat a secret"
    assert varied, "hidden information declared, but private_variant never changed anything"


def check_simultaneous_choices_stay_hidden(ruleset) -> None:
    """While a simultaneous decision waits, a submission changes no other seat's view."""
    if not ruleset.capabilities.simultaneous:
        return
    checked = 0
    for session, _ in positions(ruleset, steps=30):
        decision = session.decision
        if decision is None or not decision.simultaneous:
            continue
        first, others = decision.players[0], decision.players[1:]
        before = {seat: session.view(seat) for seat in [None, *others]}
        session.submit(first, decision.legal[first][0])
        assert {seat: session.view(seat) for seat in [None, *others]} == before, "a submission showed before the reveal"
        session.undo()
        checked += 1
    assert checked, "simultaneous decisions declared, but none came up"


def check_cited_rules_are_catalogued(ruleset) -> None:
    """Every rule an event (or its reasons) cites is in the catalogue; the final view hides nothing."""
    catalogue = ruleset.rule_ids()
    cited = set()
    for seed in SEEDS:
        session = play(ruleset, seed)
        for event in session.events:
            cited.add(event.rule)
            cited.update(reason["rule"] for reason in event.reasons if reason.get("rule"))
        assert all(ruleset.secrets(session.state, seat) == [] for seat in [None, *range(len(session.seats))])
    assert cited and cited <= catalogue, sorted(cited - catalogue)


CHECKS = [check_metadata, check_open_points_are_options, check_games_end_with_a_valid_outcome, check_determinism,
          check_records_round_trip, check_undo_to_a_step, check_illegal_actions, check_decisions,
          check_views_hide_secrets, check_view_invariance, check_simultaneous_choices_stay_hidden,
          check_cited_rules_are_catalogued]
