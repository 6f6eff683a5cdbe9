"""Offline and installable, in Chromium: the service worker precaches the whole site on the first
visit; afterwards the site works offline (Playwright's offline mode, and with the server gone):
reload, a share link, an autobattle to its end, a tactics turn, the other languages' pages. A new
build served over the old one is offered by a banner and taken, whole, only on the reader's click."""

import hashlib
import json
from urllib.parse import unquote, urlsplit

import pytest

from ..site_builds import build_site
from .support import SiteServer, Tab, engine_cli
from .test_site import DECK_ARGS, DECKS, SEED, start_battle, to_end
from tests.tactics.test_tactics_browser import click_one_decision, start_game, wait_human_or_end

pytestmark = pytest.mark.needs_subprocess  # a browser, builds and `python -m engine` processes

SW_TIMEOUT_MS = 90_000

WAIT_ACTIVATED = """async () => {
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active;
    if (worker.state !== "activated") {
        await new Promise(done => worker.addEventListener("statechange", () => worker.state === "activated" && done()));
    }
    return worker.scriptURL;
}"""

# Every precached response, by path inside the site -> sha256 of its body, read from Cache Storage.
CACHED = """async (base) => {
    const out = {};
    for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) {
            const body = await (await cache.match(request)).arrayBuffer();
            const digest = await crypto.subtle.digest("SHA-256", body);
            const path = new URL(request.url).pathname.slice(new URL(base).pathname.length);
            out[name + "|" + path] = Array.from(new Uint8Array(digest), b => b.toString(16).padStart(2, "0")).join("");
        }
    }
    return out;
}"""


def site_files(folder) -> dict[str, str]:
    """Every file the worker should hold: path -> sha256 (all but sw.js itself)."""
    return {path.relative_to(folder).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
            for path in sorted(folder.rglob("*")) if path.is_file() and path.name != "sw.js"}


def cached(tab: Tab) -> dict[str, str]:
    """The precache as {path: sha256}; fails if there is more than one cache."""
    found = tab.page.evaluate(CACHED, tab.base)
    names = {key.split("|", 1)[0] for key in found}
    assert len(names) == 1 and "precache" in next(iter(names)), names
    return {key.split("|", 1)[1]: digest for key, digest in found.items()}


def footer(tab: Tab) -> str:
    return tab.text("footer.foot")


@pytest.fixture
def server(site):
    served = SiteServer(site)
    yield served
    served.stop()


@pytest.fixture
def visited(browser, server, site):
    """A fresh context that opened the site once online; the worker is active and holds every file."""
    tab = Tab.new(browser, server.base, "offline", service_workers="allow")
    try:
        tab.goto("index.html#/")
        script = tab.page.evaluate(WAIT_ACTIVATED)
        assert script == tab.url("sw.js")
        assert cached(tab) == site_files(site)      # the whole site, byte for byte
        yield tab
    finally:
        foreign = tab.foreign_requests()
        tab.close()
        assert foreign == [], f"requests left 127.0.0.1: {foreign}"


def play_offline(tab: Tab, record_payload: str, report: dict) -> None:
    """Reload, a share link, an autobattle to its end and a tactics turn: no network needed."""
    page = tab.page
    tab.goto("index.html#/autobattle")
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    assert page.get_attribute("body", "data-start") == "snapshot"       # restored, from the worker's cache
    # A share (replay) link made by the command line.
    tab.goto(f"index.html#/autobattle/replay?g={record_payload}&turn=3")
    page.wait_for_selector("#player", state="visible")
    assert not tab.visible("#link-error"), tab.text("#link-error")
    assert to_end(tab) == report["digest"]
    # An autobattle set up by clicks, to its end.
    tab.goto("index.html#/autobattle")
    start_battle(tab, DECKS, SEED)
    assert to_end(tab) == report["digest"]
    # A tactics turn (deployment, then the first move) against the bot.
    tab.goto("index.html#/tactics")
    start_game(tab, ("human", "bot"), seed=3)
    moves = []
    while len(moves) < 8 and wait_human_or_end(tab):
        moves.append(click_one_decision(tab))
        if moves[-1] in ("skill", "end"):
            break
    assert moves and moves[-1] in ("skill", "end"), moves
    # Pages without Python, in the other languages.
    for tail in ("ja/autobattle/cards.html", "ru/tactics/rules.html"):
        tab.goto(tail, ready=False)
        assert tab.page.locator("main h1").count() == 1, tail


@pytest.fixture(scope="module")
def cli_record(tmp_path_factory):
    record = tmp_path_factory.mktemp("offline-record") / "game.json"
    report = json.loads(engine_cli("play", "autobattle", "--seed", str(SEED), *DECK_ARGS,
                                   "--record", str(record), "--json"))
    return engine_cli("link", "encode", str(record)).strip(), report


def test_offline_mode_after_one_visit(visited, cli_record):
    visited.context.set_offline(True)
    visited.reset()
    play_offline(visited, *cli_record)
    # Nothing reached the network: every request was answered by the worker from its cache.
    assert visited.http_errors == [] and visited.page_errors == [], (visited.http_errors, visited.page_errors)
    assert visited.console == [], visited.console
    visited.screenshot("offline-mode")


def test_offline_with_the_server_gone(visited, server, cli_record):
    server.stop()
    visited.reset()
    play_offline(visited, *cli_record)
    assert visited.http_errors == [] and visited.page_errors == [] and visited.console == [], \
        (visited.http_errors, visited.page_errors, visited.console)
    # A fresh tab of the same browser profile, as after closing the tab.
    again = visited.context.new_page()
    again.goto(visited.url("index.html#/tactics"))
    again.wait_for_selector('body[data-ready="1"]', state="attached", timeout=60_000)
    assert again.is_visible("#tactics-setup")


def test_a_new_build_is_offered_and_taken_whole_on_reload(visited, server, site, tmp_path):
    old_footer = footer(visited)
    new = tmp_path / "new"
    build_site(new, "--stamp", "build-two")
    assert site_files(new)["index.html"] != site_files(site)["index.html"]
    server.root = new                                   # deployed over the old one
    # The next visit still runs the old build, whole, while the new one installs beside it...
    visited.goto("index.html#/autobattle")
    assert footer(visited) == old_footer
    visited.page.wait_for_selector("#update", state="visible", timeout=SW_TIMEOUT_MS)
    banner = visited.text("#update")
    assert "new version" in banner, banner
    assert footer(visited) == old_footer
    # ... and keeps doing so until the reader says so: following links in the tab loads pages of
    # the same old build. (Only once no page of the old build is open, as after closing every tab,
    # does the next visit open the new build: whole, again.)
    visited.page.goto(visited.url("autobattle/cards.html"))
    visited.page.wait_for_selector("#update", state="visible", timeout=SW_TIMEOUT_MS)
    assert footer(visited) == old_footer
    with visited.page.expect_navigation():
        visited.page.click("header nav a[href$='index.html#/autobattle']")
    visited.wait_ready()
    visited.page.wait_for_selector("#update", state="visible", timeout=SW_TIMEOUT_MS)
    assert footer(visited) == old_footer
    # The reader's click: the new worker takes over and the page reloads on it.
    with visited.page.expect_navigation(timeout=SW_TIMEOUT_MS):
        visited.page.click("#update button")
    visited.wait_ready()
    assert "build-two" in footer(visited), footer(visited)
    assert not visited.visible("#update")
    # Nothing mixed: the cache now holds exactly the new build's files, and the old ones are gone.
    assert cached(visited) == site_files(new)
    # Offline, the new build is what opens.
    visited.context.set_offline(True)
    visited.goto("ja/index.html#/autobattle")
    assert "build-two" in footer(visited)


def test_install_manifest_and_icons(visited, site):
    manifest = json.loads((site / "manifest.webmanifest").read_text("utf-8"))
    assert manifest["start_url"] == "./index.html" and manifest["scope"] == "./"
    assert {"name", "short_name", "icons", "theme_color", "background_color"} <= set(manifest)
    page = visited.page
    # Every page links the manifest; Chromium resolves it inside the sub-path.
    for tail in ("index.html", "ja/autobattle/rules.html"):
        visited.goto(tail, ready=False)
        href = page.evaluate("document.querySelector('link[rel=manifest]').href")
        assert urlsplit(href).path == "/a/b/manifest.webmanifest", href
    # Chromium's own reading of the manifest: installable, icons included.
    cdp = visited.context.new_cdp_session(page)
    app = cdp.send("Page.getAppManifest")
    assert app["errors"] == [], app["errors"]
    assert unquote(app["url"]).endswith("/a/b/manifest.webmanifest")
    try:
        errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    except Exception:  # noqa: BLE001  (older Chromium: no such command; the manifest errors above suffice)
        errors = []
    # Playwright's fresh contexts are incognito profiles, which Chromium never offers to install.
    assert [e for e in errors if e["errorId"] != "in-incognito"] == [], errors
    for icon in manifest["icons"]:
        response = page.request.get(visited.url(icon["src"]))
        assert response.ok and response.headers["content-type"].startswith(icon["type"]), icon
