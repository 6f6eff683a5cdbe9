"""Site builds from the tests, one at a time.

Every build runs `pip wheel` on this tree, which shares setuptools' build folder (.setuptools-build)
and skirmish.egg-info with every other build of the tree: two at once (pytest-xdist's workers, or a
second pytest run in the same checkout) would empty each other's folders. The lock is a file in the
temporary folder named after the tree, so other checkouts build freely.

Nothing here starts a process or takes a lock at import time: inside Pyodide these modules are
collected, then skipped by their `needs_subprocess` mark (tests/conftest.py).
"""

import hashlib
import subprocess
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LOCK = Path(tempfile.gettempdir()) / f"skirmish-build-{hashlib.sha256(str(ROOT).encode()).hexdigest()[:12]}.lock"


@contextmanager
def one_at_a_time():
    """Hold this tree's build lock for the block (other processes building it wait)."""
    import fcntl  # noqa: PLC0415  (here: only a build, never a collection, needs it)

    with LOCK.open("w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def build_site(out: Path, *args: str) -> subprocess.CompletedProcess:
    """`build/build_site.py --out OUT ARGS` under the lock; fails with the build's output."""
    with one_at_a_time():
        return _build(out, *args)


def build_site_once(out: Path) -> Path:
    """The site in OUT, built unless a build there has finished (pytest-xdist's workers share one)."""
    finished = out.with_name(out.name + ".finished")
    with one_at_a_time():
        if not finished.exists():
            out.parent.mkdir(parents=True, exist_ok=True)
            _build(out)
            finished.touch()
    return out


def _build(out: Path, *args: str) -> subprocess.CompletedProcess:
    """The build itself, for a caller that holds the lock."""
    result = subprocess.run([sys.executable, str(ROOT / "build" / "build_site.py"), "--out", str(out), *args],
                            cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, f"site build failed: {result.stdout}\n{result.stderr}"
    return result
