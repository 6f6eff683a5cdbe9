"""Browser end-to-end fixtures: the built site served from a sub-path on 127.0.0.1, and Chromium.

- `site`: `build/build_site.py --out TMP` once per session; under pytest-xdist, once for all the
  workers (the first builds it, the others wait on the build lock and find it built).
- `base_url`: the site served by a threaded stdlib HTTP server at `http://127.0.0.1:PORT/a/b/`;
  anything outside `/a/b/` is a 404, so a URL that is not relative to the page shows up as an error.
- `browser`: Debian's Chromium (never `playwright install`) with the flags from DESIGN.md.
- `open_page(name, **context_options)`: a page in a FRESH browser context that records every
  request URL (`context.on("request")`, so workers are included), failed requests, responses
  >= 400 and console errors/warnings. `page` is one such page with default options. Service
  workers are blocked there (support.Tab.new); the offline tests allow them.

Nothing here imports Playwright or starts a process at import time: inside Pyodide these modules
are collected, then skipped by their `needs_subprocess` mark (tests/conftest.py).
"""

import os

import pytest

from ..site_builds import build_site_once
from .support import CHROMIUM, CHROMIUM_ARGS, SiteServer, Tab


# --- the site ----------------------------------------------------------------------------------

@pytest.fixture(scope="session")
def site(tmp_path_factory):
    """The site, built once into a temporary folder shared by this run's xdist workers, if any."""
    shared = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        shared = shared.parent          # each worker's own folder is a child of the run's
    return build_site_once(shared / "e2e-site" / "dist")


@pytest.fixture(scope="session")
def base_url(site):
    """`http://127.0.0.1:PORT/a/b/`, serving the built site; stopped at the end of the session."""
    server = SiteServer(site)
    try:
        yield server.base
    finally:
        server.stop()


# --- the browser -------------------------------------------------------------------------------

@pytest.fixture(scope="session")
def playwright_driver():
    """Playwright's sync driver; a clear failure (not a skip) when it is missing on CPython."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError as error:
        pytest.fail(f"the browser tests need Python playwright ({error}); install the dev extras: "
                    "pip install -e '.[dev]' (never `playwright install`: Debian's chromium is used)")
    if not CHROMIUM.exists():
        pytest.fail(f"the browser tests need Debian's chromium at {CHROMIUM}: apt-get install chromium "
                    "(or `make chromium`)")
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="session")
def browser(playwright_driver):
    """One Chromium for the session. Playwright gives each launch a fresh user data dir, and every
    test page gets its own fresh context (no shared storage, cache or cookies)."""
    browser = playwright_driver.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS,
                                                headless=True)
    try:
        yield browser
    finally:
        browser.close()


@pytest.fixture
def open_page(browser, base_url, request):
    """`open_page(name=None, **context_options)` -> a Tab in a fresh browser context.

    At teardown every tab is checked for requests to any host but 127.0.0.1, whatever the test
    itself asserted.
    """
    tabs: list[Tab] = []

    def make(name: str | None = None, **context_options) -> Tab:
        tab = Tab.new(browser, base_url, name or f"{request.node.name}-{len(tabs)}", **context_options)
        tabs.append(tab)
        return tab

    yield make
    foreign = [url for tab in tabs for url in tab.foreign_requests()]
    for tab in tabs:
        tab.close()
    assert foreign == [], f"requests left 127.0.0.1: {foreign}"


@pytest.fixture
def page(open_page) -> Tab:
    """A Tab in a fresh context (the default viewport)."""
    return open_page()
