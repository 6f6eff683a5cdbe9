"""The interpreter's memory snapshot for a built site (docs/performance.md, "Start-up from a snapshot").

Called by build_site.build() once the runtime, the engine wheel and ui.zip are in `dist`:

- `snapshot_id`: a hash of every file the snapshot is made from (the Pyodide runtime, the wheel,
  ui.zip, the PyScript bundle holding its Python package, the maker script), so another engine,
  another Pyodide or another PyScript gives another file name.
- `write_snapshot`: build/snapshot.mjs boots that Pyodide under Node, runs ui.snapshot.prepare()
  and writes `pyodide/snapshot-ID.bin.gz`; then `pyodide/restore.mjs` (build/static/restore.mjs)
  is written with the file's name and size, for pyscript.toml to name as the interpreter.
"""

import hashlib
import json
import subprocess
from pathlib import Path

HERE = Path(__file__).resolve().parent
MAKER = HERE / "snapshot.mjs"
# PyScript's own Python package is written by each page before it imports it; the snapshot holds it
# compiled, read from the bundle file that carries it (one of dist/pyscript/core-*.js).
RESTORE = HERE / "static" / "restore.mjs"
RESTORE_NAME = "restore.mjs"
# The runtime files whose bytes a snapshot depends on (pyodide.asm.* hold the build id it checks).
RUNTIME = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
MARK = "/*SNAPSHOT*/ { file: \"\", bytes: 0 }"


class SnapshotError(Exception):
    """The snapshot could not be made."""


def snapshot_id(paths) -> str:
    """16 hex digits naming the exact bytes of `paths` (in order): any change gives a new id."""
    digest = hashlib.sha256()
    for path in paths:
        data = Path(path).read_bytes()
        digest.update(len(data).to_bytes(8, "big"))
        digest.update(data)
    return digest.hexdigest()[:16]


def pyscript_bundle(dist: Path) -> Path:
    """The one file of `dist`'s PyScript that carries PyScript's Python package."""
    bundles = [path for path in sorted((dist / "pyscript").glob("core-*.js")) if "{pyscript:{" in path.read_text("utf-8")]
    if len(bundles) != 1:
        raise SnapshotError(f"expected one PyScript bundle holding its Python package, found {len(bundles)}")
    return bundles[0]


def snapshot_inputs(dist: Path, archives: list[str], bundle: Path | None = None) -> list[Path]:
    """Every file a snapshot of `dist` is made from, in a fixed order: what its name is a hash of."""
    runtime = dist / "pyodide"
    return [*(runtime / name for name in RUNTIME), *(dist / name for name in archives),
            bundle or pyscript_bundle(dist), MAKER]


def write_snapshot(dist: Path, archives: list[str]) -> dict:
    """Make the snapshot of `dist`'s runtime with `archives` unpacked; write it and restore.mjs."""
    runtime = dist / "pyodide"
    bundle = pyscript_bundle(dist)
    ident = snapshot_id(snapshot_inputs(dist, archives, bundle))
    name = f"snapshot-{ident}.bin.gz"
    try:
        result = subprocess.run(["node", str(MAKER), str(runtime), str(bundle), *(str(dist / a) for a in archives),
                                 str(runtime / name), str(int(ident[:8], 16))],
                                capture_output=True, text=True, timeout=600)
    except FileNotFoundError as error:
        raise SnapshotError("`node` is needed to make the start-up snapshot") from error
    if result.returncode != 0:
        raise SnapshotError(f"snapshot.mjs failed: {result.stderr.strip()[-600:]}")
    summary = json.loads(result.stdout)
    text = RESTORE.read_text("utf-8")
    if MARK not in text:
        raise SnapshotError(f"{RESTORE.name} lacks its {MARK} line")
    (runtime / RESTORE_NAME).write_text(
        text.replace(MARK, json.dumps({"file": name, "bytes": summary["bytes"]})), "utf-8")
    return dict(summary, file=f"pyodide/{name}", id=ident)
