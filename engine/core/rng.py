"""The project's own seeded PRNG, so that a seed means the same game on every Python.

PCG32 (XSH RR variant, O'Neill 2014) on plain Python integers: the state is two integers,
serialisable as JSON, and every draw, shuffle and choice is defined here rather than by
`random`, whose algorithms may change between Python versions.
"""

_MULT = 6364136223846793005
_MASK64 = (1 << 64) - 1
_MASK32 = (1 << 32) - 1


class Rng:
    """A PCG32 generator with its own `below`, `choice` and `shuffle`."""

    __slots__ = ("state", "inc")

    def __init__(self, seed: int, stream: int = 0):
        self.inc = ((stream << 1) | 1) & _MASK64
        self.state = 0
        self.next32()
        self.state = (self.state + (seed & _MASK64)) & _MASK64
        self.next32()

    def next32(self) -> int:
        """The next 32-bit output."""
        old = self.state
        self.state = (old * _MULT + self.inc) & _MASK64
        xorshifted = (((old >> 18) ^ old) >> 27) & _MASK32
        rot = old >> 59
        return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & _MASK32

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias (Lemire's rejection threshold)."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        threshold = 4294967296 % n       # (1 << 32) % n
        # next32 written out (a bulk simulation draws ~100 numbers a game; a call each costs a fifth
        # of the time), its 32-bit rotation done as one shift of the value doubled (x * (2**32 + 1)).
        # The same outputs: test_rng checks these against next32.
        state, inc = self.state, self.inc
        while True:
            old, state = state, (state * _MULT + inc) & _MASK64
            r = ((((old >> 18) ^ old) >> 27 & _MASK32) * 4294967297 >> (old >> 59)) & _MASK32
            if r >= threshold:
                self.state = state
                return r % n

    def choice(self, items):
        """One uniformly chosen element of a non-empty sequence."""
        return items[self.below(len(items))]

    def shuffle(self, items: list) -> None:
        """Shuffle a list in place (Fisher–Yates, from the end): item i swaps with below(i + 1).

        below() written out, state kept in locals (every game shuffles its decks at set-up).
        """
        state, inc, mult, mask64, mask32 = self.state, self.inc, _MULT, _MASK64, _MASK32
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            threshold = 4294967296 % n
            while True:
                old, state = state, (state * mult + inc) & mask64
                r = ((((old >> 18) ^ old) >> 27 & mask32) * 4294967297 >> (old >> 59)) & mask32
                if r >= threshold:
                    break
            j = r % n
            items[i], items[j] = items[j], items[i]
        self.state = state

    def to_data(self) -> list[int]:
        """The generator's state as JSON-able data."""
        return [self.state, self.inc]

    @classmethod
    def from_data(cls, data) -> "Rng":
        """A generator restored from `to_data`."""
        rng = cls.__new__(cls)
        rng.state, rng.inc = int(data[0]) & _MASK64, int(data[1]) & _MASK64
        return rng
