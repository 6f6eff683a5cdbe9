"""Checks shared by the tests of every game's card-file editor (ui/saved_text.py's CardKind)."""

from hypothesis import event

from engine.core import BadCards


def read_or_refused(kind, text, source="fuzz.toml", note=event):
    """`kind.read(text)` gives the kept things, which write back the same, or BadCards of printable
    lines naming the source (never another exception)."""
    try:
        kept = kind.read(text, source)
    except BadCards as error:
        assert error.problems and str(error).isprintable()
        for line in error.problems:
            assert line.isprintable() and line.startswith(f"{source}: "), repr(line)
        note("refused")
        return None
    assert kind.read(kind.write(kept)) == kept      # whatever is accepted writes back the same
    note("read")
    return kept
