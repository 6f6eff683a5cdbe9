"""The start-up snapshot (issue 25): its name follows everything it is made from; what
ui.snapshot.prepare() puts in it; and a restored interpreter (real Pyodide under Node, restored
from the built site's snapshot as a page restores it) replays every golden record to its digest and
draws fresh randomness on each restore. The browser side is tests/e2e/test_snapshot_browser.py."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "build"))

from snapshot import RUNTIME, snapshot_id, snapshot_inputs  # noqa: E402  (build/snapshot.py)

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = sorted(path for path in (ROOT / "tests" / "golden").glob("*.json") if "-v" not in path.stem)


def test_the_snapshot_id_changes_when_any_file_it_is_made_from_changes(tmp_path):
    files = []
    for name in (*RUNTIME, "skirmish.whl", "ui.zip", "snapshot.mjs"):
        files.append(tmp_path / name)
        files[-1].write_bytes(f"the bytes of {name}".encode())
    first = snapshot_id(files)
    assert len(first) == 16 and int(first, 16) >= 0
    assert snapshot_id(files) == first                    # the same bytes, the same name
    for path in files:                                    # the runtime (another Pyodide), the engine, the UI, the maker
        kept = path.read_bytes()
        path.write_bytes(kept + b" ")
        assert snapshot_id(files) != first, path.name
        path.write_bytes(kept)
    # Bytes moved from one file to the next are another snapshot too.
    files[0].write_bytes(files[0].read_bytes() + b"x")
    files[1].write_bytes(files[1].read_bytes()[1:])
    assert snapshot_id(files) != first


@pytest.mark.needs_node
def test_the_built_snapshot_is_named_by_the_runtime_the_engine_the_ui_and_pyscript(site):
    wheel = next(site.glob("skirmish-*.whl")).name
    inputs = snapshot_inputs(site, [wheel, "ui.zip"])
    names = {path.name for path in inputs}
    assert {"pyodide.asm.wasm", "pyodide.asm.mjs", "python_stdlib.zip", wheel, "ui.zip", "snapshot.mjs"} <= names
    assert any(name.startswith("core-") for name in names)           # PyScript's bundle with its Python
    assert (site / "pyodide" / f"snapshot-{snapshot_id(inputs)}.bin.gz").is_file()


PREPARE = """
import json, random, sys
import ui.snapshot as snapshot
done = snapshot.prepare()
import engine.rulesets.autobattle.cards as cards
print(json.dumps({"done": done, "precompiled": sorted(snapshot.PRECOMPILED.code),
                  "imported": sorted(name for name in sys.modules if name.startswith(("engine", "ui"))),
                  "restored": snapshot.RESTORED,
                  "content_loaded": cards._BUILTIN is not None, "seeded": random.random()}))
"""


@pytest.mark.needs_subprocess
def test_prepare_imports_what_needs_no_page_and_compiles_what_does():
    # On CPython, as under Node: no `pyscript` exists, so the modules that bind the page are compiled only.
    result = subprocess.run([sys.executable, "-c", PREPARE], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert {"ui.dom", "ui.app", "ui.controller", "ui.games.autobattle.renderer"} <= set(report["precompiled"])
    assert not {"ui.dom", "ui.app", "pyscript"} & set(report["imported"])
    assert {"engine.rulesets.tactics.turn", "engine.field", "ui.route", "ui.words", "ui.games.initiative.hexgeom"} \
        <= set(report["imported"])
    assert "engine.__main__" not in report["imported"] and "engine.cli" not in report["imported"]
    assert report["restored"] is True and report["content_loaded"] is True
    assert report["done"]["compiled"] == len(report["precompiled"])
    # prepare() leaves `random` at a fixed seed (the same sources give the same snapshot); resume() re-seeds.
    import random
    assert report["seeded"] == random.Random(0).random()


@pytest.mark.needs_node
@pytest.mark.needs_subprocess
def test_a_restored_interpreter_replays_every_golden_record_and_draws_fresh_randomness(site):
    result = subprocess.run(["node", str(ROOT / "tests" / "pyodide" / "restore_check.mjs"), str(site),
                             *map(str, GOLDEN)], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr[-2000:]
    visits = [json.loads(line) for line in result.stdout.splitlines() if line.startswith("{")]
    assert len(visits) == 2
    expected = {f"{case['name']}@{case['record']['ruleset']}": case["digest"]
                for path in GOLDEN for case in json.loads(path.read_text("utf-8"))}
    for visit in visits:
        assert visit["restored"] is True
        assert visit["digests"] == expected                  # every ruleset, the same digests as CPython
        assert visit["page_modules"] == []                   # nothing that binds a page is in the snapshot...
        assert "ui.dom" in visit["precompiled"]              # ...only compiled, waiting for the page
    assert visits[0]["draw"] != visits[1]["draw"]            # `random` re-seeded on each restore
