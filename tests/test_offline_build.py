"""The offline parts of the build (build/offline.py): service worker, manifest, icons, and the
check that fails the build when a referenced file is not precached."""

import json
import re
import struct
import sys
from pathlib import Path

import pytest

from . import site_builds

ROOT = Path(__file__).resolve().parents[1]
pytestmark = [pytest.mark.needs_subprocess, pytest.mark.needs_node]  # builds the site from node_modules


@pytest.fixture(scope="module")
def offline():
    sys.path.insert(0, str(ROOT / "build"))
    import offline as module
    return module


@pytest.fixture(scope="module")
def dist(tmp_path_factory):
    out = tmp_path_factory.mktemp("site") / "dist"
    assert "service worker precaches" in site_builds.build_site(out).stdout
    return out


def test_service_worker_precaches_every_file_with_revision_and_integrity(offline, dist):
    summary = offline.generate_service_worker(dist)        # the same run the build made
    files = {p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file()} - {"sw.js"}
    assert {entry["url"] for entry in summary["entries"]} == files
    assert all(entry["integrity"].startswith("sha256-") for entry in summary["entries"])
    # Every file has a revision, but the start-up snapshot, whose name is a hash of what it holds.
    unrevised = [entry["url"] for entry in summary["entries"] if not entry["revision"]]
    assert len(unrevised) == 1 and re.fullmatch(r"pyodide/snapshot-[0-9a-f]{16}\.bin\.gz", unrevised[0]), unrevised
    sw = (dist / "sw.js").read_text("utf-8")
    # The Workbox runtime is inlined: no importScripts from a CDN, no second file.
    assert "importScripts" not in sw and "SKIP_WAITING" in sw
    assert "pyodide/pyodide.asm.wasm" in sw


def test_every_page_links_the_manifest_and_registers_the_worker(dist):
    for page in ("index.html", "ja/index.html", "ru/tactics/rules.html", "autobattle/cards.html"):
        html = (dist / page).read_text("utf-8")
        root = "." if page.count("/") == 0 else "/".join([".."] * page.count("/"))
        assert f'<link rel="manifest" href="{root}/manifest.webmanifest">' in html, page
        assert f'data-sw="{root}/sw.js"' in html, page
        assert 'id="update"' in html, page


def test_manifest_is_relative_and_its_icons_exist(dist):
    manifest = json.loads((dist / "manifest.webmanifest").read_text("utf-8"))
    assert manifest["start_url"] == "./index.html" and manifest["scope"] == "./"
    for icon in manifest["icons"]:
        data = (dist / icon["src"]).read_bytes()
        if icon["type"] == "image/png":
            assert data[:8] == b"\x89PNG\r\n\x1a\n"
            width, height = struct.unpack(">II", data[16:24])
            assert f"{width}x{height}" == icon["sizes"]
        else:
            assert data.startswith(b"<svg")


def test_build_fails_when_a_referenced_file_is_not_precached(offline, dist):
    entries = offline.generate_service_worker(dist)["entries"]
    offline.check_precache(dist, entries)                   # the real output passes
    for missing in ("pyodide/pyodide.asm.wasm", "ja/pyscript.toml", "site.css", "icons/icon-192.png"):
        with pytest.raises(offline.OfflineError, match=missing.replace(".", r"\.")):
            offline.check_precache(dist, [e for e in entries if e["url"] != missing])


def test_references_follow_pages_configs_manifest_and_static_imports(offline, dist):
    found = offline.references(dist)
    assert "index.html" in found["site.css"] and "ja/index.html" in found["site.css"]
    wheel = next(dist.glob("skirmish-*.whl")).name
    assert {"pyscript.toml", "ja/pyscript.toml", "ru/pyscript.toml"} <= found[wheel]
    assert "pyodide/pyodide.mjs" in found and "pyscript/core.js" in found
    assert any(target.startswith("pyscript/core-") for target in found)     # core.js's static import
    assert "manifest.webmanifest" in found["icons/icon-512.png"]
    # The interpreter restore.mjs (named by pyscript.toml) and the snapshot it fetches by name.
    assert "pyscript.toml" in found["pyodide/restore.mjs"]
    snapshot = next(dist.glob("pyodide/snapshot-*.bin.gz")).relative_to(dist).as_posix()
    assert found[snapshot] == {"pyodide/restore.mjs"}


def test_the_same_sources_build_the_same_service_worker(dist, tmp_path):
    """No new revision (and no "new version" banner) without a change: the wheel and the start-up
    snapshot are reproducible."""
    again = tmp_path / "again"
    site_builds.build_site(again)
    assert (again / "sw.js").read_bytes() == (dist / "sw.js").read_bytes()
