"""Suite-wide hooks: browser tests are marked `browser`, what cannot run inside Pyodide is skipped there
visibly, and the browser fixtures are shared by every folder."""

import sys

import pytest

import engine.rulesets
# The browser fixtures (site, base_url, browser, open_page, page) for every folder's browser tests: the
# site's own in tests/e2e/, each game's beside its other tests (tests/ID/test_*_browser.py).
from tests.e2e.fixtures import base_url, browser, open_page, page, playwright_driver, site  # noqa: F401

# The core knows no game: the built-in rulesets register themselves when imported, as the command
# line and the UI import them. Every test module may then ask the core for any of them by id.
engine.rulesets.load_all()


def pytest_collection_modifyitems(config, items):
    # A test that uses the browser is marked `browser`, wherever it lives: `make check` leaves them out.
    for item in items:
        if "browser" in item.fixturenames:
            item.add_marker(pytest.mark.browser)
    # Pyodide (sys.platform "emscripten") has no processes to start: subprocess.run raises there.
    if sys.platform != "emscripten":
        return
    skip = pytest.mark.skip(reason="needs_subprocess: Pyodide cannot start a subprocess")
    for item in items:
        if item.get_closest_marker("needs_subprocess"):
            item.add_marker(skip)
