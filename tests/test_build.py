"""The site build: what it emits, and that it refuses references to other origins."""

import contextlib
import gzip
import html as html_module
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from engine.rulesets.autobattle.cards import LANGUAGES, builtin_content

from . import site_builds

ROOT = Path(__file__).resolve().parents[1]
pytestmark = [pytest.mark.needs_subprocess, pytest.mark.needs_node]  # builds the site from node_modules


@pytest.fixture(scope="module")
def build_site():
    """The build script as a module (imported here: it needs Jinja2, which Pyodide's run lacks)."""
    sys.path.insert(0, str(ROOT / "build"))
    import build_site as module
    return module


@pytest.fixture(scope="module")
def dist(site):
    """The site as built for the whole run (tests/e2e/fixtures.py): these tests only read it."""
    return site


def test_pages_wheel_runtime_and_config_are_emitted(build_site, dist):
    for name in ("index.html", "autobattle/cards.html", "autobattle/rules.html", "pyscript.toml",
                 "ui.zip", build_site.WHEEL, "pyodide/pyodide.mjs", "pyodide/pyodide.asm.wasm",
                 "pyodide/pyodide-lock.json", "pyscript/core.js", "site.css"):
        assert (dist / name).is_file(), name
    config = (dist / "pyscript.toml").read_text()
    # The interpreter is Pyodide restored from the build's snapshot (build/static/restore.mjs), which
    # names the snapshot file the build wrote, with its size unpacked.
    assert 'interpreter = "./pyodide/restore.mjs"' in config
    restore = (dist / "pyodide" / "restore.mjs").read_text("utf-8")
    named = re.search(r'const SNAPSHOT = \{"file": "(snapshot-[0-9a-f]{16}\.bin\.gz)", "bytes": (\d+)\}', restore)
    assert named and (dist / "pyodide" / named[1]).is_file()
    with gzip.open(dist / "pyodide" / named[1]) as unpacked:
        assert len(unpacked.read()) == int(named[2])
    with zipfile.ZipFile(dist / build_site.WHEEL) as wheel:
        assert "engine/rulesets/autobattle/content/cards.toml" in wheel.namelist()
    assert not list(dist.rglob("*.map")) and not (dist / "pyodide" / "pyodide.js").exists()


def test_every_card_has_a_template_in_every_language(dist):
    for lang in LANGUAGES:
        page = dist / ("index.html" if lang == "en" else f"{lang}/index.html")
        ids = set(re.findall(r'<template id="card-([a-z0-9_-]+)-(en|ja|ru)">', page.read_text("utf-8")))
        assert ids == {(card, lang) for card in builtin_content().cards}, lang


def test_every_page_exists_in_every_language_with_links_to_the_others(build_site, dist):
    for lang in LANGUAGES:
        for page in build_site.PAGES:
            html = (dist / build_site.page_path(lang, page)).read_text("utf-8")
            assert f'<html lang="{lang}">' in html
            assert all(f'data-lang="{other}"' in html for other in LANGUAGES)


def test_rules_page_has_a_demo_link_for_every_stated_rule(dist):
    html = (dist / "autobattle" / "rules.html").read_text("utf-8")
    links = [html_module.unescape(link) for link in re.findall(r'class="demo" href="([^"]+)"', html)]
    assert len(links) == 31 and all("#/autobattle/replay?g=S1." in link and "&rule=S4-R" in link for link in links)


def test_every_url_in_the_pages_is_relative(build_site, dist):
    for page in [build_site.page_path(lang, page) for lang in LANGUAGES for page in build_site.PAGES]:
        html = (dist / page).read_text("utf-8")
        for url in re.findall(r'(?:src|href)="([^"]*)"', html):
            assert not re.match(r"^[a-z]+://|^//|^/", url), (page, url)


def test_rules_page_lists_every_s4_rule(dist):
    html = (dist / "autobattle" / "rules.html").read_text("utf-8")
    assert all(f'id="S4-R{n}"' in html for n in range(1, 32))


def test_origin_check_fails_on_a_foreign_url(build_site, dist, tmp_path):
    copy = tmp_path / "copy"
    subprocess.run(["cp", "-r", str(dist), str(copy)], check=True)
    build_site.check_origins(copy)          # the real output passes
    (copy / "extra.js").write_text('import("https://cdn.example.com/x.js")')
    with pytest.raises(build_site.BuildError, match="cdn.example.com"):
        build_site.check_origins(copy)
    # An SVG namespace name is an identifier, never fetched: allowed; any other URL on that host is not.
    (copy / "extra.js").write_text('svg = \'<svg xmlns="http://www.w3.org/2000/svg">\'')
    build_site.check_origins(copy)
    (copy / "extra.js").write_text('fetch("http://www.w3.org/2000/svg-data.js")')
    with pytest.raises(build_site.BuildError, match="www.w3.org"):
        build_site.check_origins(copy)


def test_vendor_cdn_urls_are_neutralised(dist):
    core = next((dist / "pyscript").glob("core-*.js")).read_text("utf-8")
    assert "cdn.jsdelivr.net.invalid" in core and "https://cdn.jsdelivr.net/" not in core


def test_the_wheel_holds_only_the_engine_and_its_metadata(build_site, dist):
    from engine import __version__
    with zipfile.ZipFile(dist / build_site.WHEEL) as wheel:
        names = wheel.namelist()
        metadata = wheel.read(f"skirmish-{__version__}.dist-info/METADATA").decode()
    outside = [name for name in names if not name.startswith(("engine/", f"skirmish-{__version__}.dist-info/"))]
    assert outside == [] and "engine/cli.py" in names and "engine/core/files.py" in names
    assert f"\nVersion: {__version__}\n" in metadata


def test_version_has_one_source():
    import tomllib
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    assert "version" not in project["project"] and "version" in project["project"]["dynamic"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "engine.__version__"}


def test_setuptools_writes_nothing_into_build_and_stale_files_never_reach_the_wheel(build_site, tmp_path):
    # build/ holds our scripts; setuptools' own output goes to .setuptools-build (setup.cfg), which
    # build_wheel empties first. Files left by an older build, in either place, must not ship.
    planted = [ROOT / "build" / "lib" / "engine" / "stale_in_build.py",
               build_site.SETUPTOOLS_BUILD / "lib" / "engine" / "stale_module.py"]
    before = sorted(path.name for path in (ROOT / "build").iterdir())
    with site_builds.one_at_a_time(), contextlib.ExitStack() as cleanup:
        cleanup.callback(shutil.rmtree, ROOT / "build" / "lib", ignore_errors=True)
        cleanup.callback(shutil.rmtree, build_site.SETUPTOOLS_BUILD, ignore_errors=True)
        for path in planted:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text("STALE = True\n")
        build_site.build_wheel(tmp_path)
        with zipfile.ZipFile(tmp_path / build_site.WHEEL) as wheel:
            names = wheel.namelist()
        assert "engine/core/record.py" in names
        assert not [name for name in names if "stale" in name]
        assert sorted(path.name for path in (ROOT / "build").iterdir()) == sorted(before + ["lib"])
        assert sorted(p.relative_to(ROOT / "build" / "lib").as_posix() for p in (ROOT / "build" / "lib").rglob("*")) == \
            ["engine", "engine/stale_in_build.py"]           # setuptools added nothing there
        assert not build_site.SETUPTOOLS_BUILD.exists()        # emptied after the build
