"""The start-up snapshot in Chromium (issue 25): a page restores the interpreter from it and plays to
the same digest as the command line; a missing, truncated or refused snapshot means a cold start that
the reader never sees as an error; a corrupt copy in the offline cache is replaced by a good one.
(A visit offline from the snapshot: tests/e2e/test_offline.py.)"""

import gzip
import hashlib
import shutil
import time

import pytest

from .support import SiteServer, Tab
from .test_offline import cached, cli_record, server, visited  # noqa: F401  (fixtures)
from .test_site import to_end

pytestmark = pytest.mark.needs_subprocess  # a browser, builds and `python -m engine` processes


def snapshot_file(site) -> str:
    """The snapshot's path inside the site, e.g. pyodide/snapshot-0123456789abcdef.bin.gz."""
    found = sorted(site.glob("pyodide/snapshot-*.bin.gz"))
    assert len(found) == 1, found
    return found[0].relative_to(site).as_posix()


def replay_to_end(tab: Tab, record_payload: str) -> str:
    tab.goto(f"index.html#/autobattle/replay?g={record_payload}&turn=3")
    tab.page.wait_for_selector("#player", state="visible")
    return to_end(tab)


def test_a_page_starts_from_the_snapshot_and_replays_to_the_cli_digest(page, cli_record):  # noqa: F811
    payload, report = cli_record
    assert replay_to_end(page, payload) == report["digest"]
    assert page.page.get_attribute("body", "data-start") == "snapshot"
    assert page.http_errors == [] and page.page_errors == [] and page.console == []


def spoil(path, how: str) -> None:
    """Make the site's snapshot missing, cut short, made by another Pyodide build, or not a snapshot."""
    data = bytearray(gzip.decompress(path.read_bytes()))
    if how == "missing":
        path.unlink()
    elif how == "truncated":
        path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])
    elif how == "stale":        # another runtime build's id in the header (bytes 16-47): Pyodide refuses it
        data[16] ^= 0x01
        path.write_bytes(gzip.compress(bytes(data), compresslevel=1))
    else:                       # the right size unpacked, but no snapshot at all
        path.write_bytes(gzip.compress(bytes(len(data)), compresslevel=1))


@pytest.mark.parametrize("how", ["missing", "truncated", "stale", "garbage"])
def test_a_bad_snapshot_means_a_cold_start_and_no_error(browser, site, cli_record, tmp_path, how):  # noqa: F811
    copy = tmp_path / "dist"
    shutil.copytree(site, copy)
    spoil(copy / snapshot_file(site), how)
    served = SiteServer(copy)
    tab = Tab.new(browser, served.base, f"snapshot-{how}")
    try:
        payload, report = cli_record
        assert replay_to_end(tab, payload) == report["digest"]
        assert tab.page.get_attribute("body", "data-start") == "cold"
        # The browser's own line for the missing file's 404 (the reader sees nothing of it).
        said = ["error: Failed to load resource: the server responded with a status of 404 (File not found)"]
        assert tab.page_errors == [] and tab.console == (said if how == "missing" else []), tab.console
        assert tab.visible("#load-error") is False
        # Only the missing file itself may have answered with an error.
        expected = [snapshot_file(site)] if how == "missing" else []
        assert len(tab.http_errors) == len(expected), tab.http_errors
        assert all(error.startswith("404 ") and error.endswith(name) for error, name in zip(tab.http_errors, expected))
    finally:
        tab.close()
        served.stop()


CORRUPT = """async (name) => {
    let spoiled = 0;
    for (const cacheName of await caches.keys()) {
        const cache = await caches.open(cacheName);
        for (const request of await cache.keys()) {
            if (!new URL(request.url).pathname.endsWith(name)) continue;
            const response = await cache.match(request);
            const body = await response.arrayBuffer();
            await cache.put(request, new Response(body.slice(0, body.byteLength >> 1), {headers: response.headers}));
            spoiled++;
        }
    }
    return spoiled;
}"""


def test_a_corrupt_snapshot_in_the_offline_cache_is_replaced(visited, site):  # noqa: F811
    name = snapshot_file(site)
    good = hashlib.sha256((site / name).read_bytes()).hexdigest()
    assert cached(visited)[name] == good
    assert visited.page.evaluate(CORRUPT, name) == 1
    assert cached(visited)[name] != good
    visited.reset()
    visited.goto("index.html#/autobattle")                     # ready (wait_ready fails on a load error)
    assert visited.page.get_attribute("body", "data-start") == "cold"
    assert visited.page_errors == [] and visited.console == [], (visited.page_errors, visited.console)
    deadline = time.monotonic() + 60
    while cached(visited).get(name) != good and time.monotonic() < deadline:
        visited.page.wait_for_timeout(250)
    assert cached(visited).get(name) == good                  # the worker's cache holds a good copy again
    visited.goto("index.html#/autobattle")
    assert visited.page.get_attribute("body", "data-start") == "snapshot"
