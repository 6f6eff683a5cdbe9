"""Hypothesis strategies shared by the hostile-input tests of every file format."""

from hypothesis import strategies as st


@st.composite
def spliced(draw, text: str, bits, edits: int = 4, cut: int = 6) -> str:
    """`text` with 1 to `edits` splices: a piece from `bits` put in at some place, replacing up to `cut`
    characters after it (a truncated, doubled or garbled file, as strangers send them)."""
    for _ in range(draw(st.integers(1, edits))):
        at = draw(st.integers(0, len(text)))
        text = text[:at] + draw(st.sampled_from(bits)) + text[at + draw(st.integers(0, cut)):]
    return text
