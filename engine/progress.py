"""A progress bar with an ETA on stderr for long runs, drawn only when stderr is a terminal."""

import sys
import time


class Progress:
    """`with Progress(total, label) as bar: bar.update(done)`; silent when not on a terminal."""

    def __init__(self, total: int, label: str, stream=None):
        self.total, self.label = max(1, total), label
        self.stream = stream or sys.stderr
        self.enabled = hasattr(self.stream, "isatty") and self.stream.isatty()
        self.last = 0.0
        self.started = time.monotonic()

    def __enter__(self):
        return self

    def update(self, done: int) -> None:
        """Redraw at most ten times a second, and always at the end."""
        now = time.monotonic()
        if not self.enabled or (now - self.last < 0.1 and done < self.total):
            return
        self.last = now
        filled = 30 * done // self.total
        eta = ""
        if 0 < done < self.total:
            eta = f" ETA {round((now - self.started) / done * (self.total - done))} s   "
        self.stream.write(f"\r{self.label} [{'#' * filled}{'.' * (30 - filled)}] {done}/{self.total}{eta}")
        self.stream.flush()

    def __exit__(self, *exc):
        if self.enabled:
            self.stream.write("\r" + " " * (len(self.label) + 50) + "\r")
            self.stream.flush()
        return False
