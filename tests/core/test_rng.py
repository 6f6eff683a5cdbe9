"""The project's PRNG: PCG32 reference values, uniformity bounds, shuffles, serialisation."""

from collections import Counter

import pytest

from engine.core import Rng


def test_matches_pcg32_reference_outputs():
    """pcg32_srandom_r(42, 54) from the PCG reference implementation gives these outputs."""
    rng = Rng(42, 54)
    assert [rng.next32() for _ in range(6)] == [
        0xA15C02B7, 0x7B47F409, 0xBA1D3330, 0x83D2F293, 0xBFA4784B, 0xCBED606E]


def test_below_stays_in_range_and_covers_it():
    rng = Rng(7)
    counts = Counter(rng.below(6) for _ in range(6000))
    assert set(counts) == set(range(6))
    assert all(800 < count < 1200 for count in counts.values())


def test_below_refuses_empty_range():
    with pytest.raises(ValueError):
        Rng(1).below(0)


def test_shuffle_is_a_permutation_and_depends_on_seed():
    items = list(range(20))
    first, second, third = list(items), list(items), list(items)
    Rng(1).shuffle(first)
    Rng(1).shuffle(second)
    Rng(2).shuffle(third)
    assert sorted(first) == items
    assert first == second
    assert first != third


def test_state_round_trips_and_continues_identically():
    rng = Rng(99, 3)
    rng.next32()
    copy = Rng.from_data(rng.to_data())
    assert [copy.next32() for _ in range(5)] == [rng.next32() for _ in range(5)]


def test_streams_are_independent():
    assert [Rng(5, 0).next32() for _ in range(3)] != [Rng(5, 1).next32() for _ in range(3)]


def _reference_below(rng: Rng, n: int) -> int:
    """below() as it is defined, on next32 (the fast versions write next32 out)."""
    threshold = (1 << 32) % n
    while True:
        r = rng.next32()
        if r >= threshold:
            return r % n


@pytest.mark.parametrize("seed", [0, 1, 2024, (1 << 63) - 1])
def test_below_and_shuffle_draw_exactly_as_next32_defines_them(seed):
    fast, slow = Rng(seed, 7), Rng(seed, 7)
    for n in [1, 2, 3, 5, 6, 7, 100, 3 ** 20, (1 << 32) - 1, 1 << 31, (1 << 31) + 1] * 40:
        assert fast.below(n) == _reference_below(slow, n)
    for size in (0, 1, 2, 12, 16, 33, 200):
        items, expected = list(range(size)), list(range(size))
        fast.shuffle(items)
        for i in range(size - 1, 0, -1):
            j = _reference_below(slow, i + 1)
            expected[i], expected[j] = expected[j], expected[i]
        assert items == expected
        assert fast.to_data() == slow.to_data()
