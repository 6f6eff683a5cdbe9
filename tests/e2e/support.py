"""Helpers for the browser tests: a recorded page (Tab), the engine's CLI, constants.

No Playwright import here: a Tab wraps a context the fixtures made (tests/e2e/conftest.py).
"""

import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts" / "e2e"
CHROMIUM = Path("/usr/bin/chromium")
PREFIX = "/a/b/"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
]
READY_TIMEOUT_MS = 60_000       # Pyodide starts in ~3-4 s here; a slow, busy 2-core machine gets slack
LOCAL_SCHEMES = ("data", "blob", "about")


class Tab:
    """One page in its own fresh context, with everything it asked the network for."""

    def __init__(self, context, base: str, name: str):
        self.context, self.base, self.name = context, base, name
        self.requests: list[str] = []
        self.failed: list[str] = []
        self.http_errors: list[str] = []
        self.console: list[str] = []          # "type: text" of errors and warnings
        self.page_errors: list[str] = []      # uncaught exceptions in the page
        context.on("request", lambda request: self.requests.append(request.url))
        context.on("requestfailed", lambda request: self.failed.append(f"{request.url} ({request.failure})"))
        context.on("response", lambda response: response.status >= 400 and
                   self.http_errors.append(f"{response.status} {response.url}"))
        self.page = context.new_page()
        self.page.on("console", self._on_console)
        self.page.on("pageerror", lambda error: self.page_errors.append(str(error)))

    @classmethod
    def new(cls, browser, base: str, name: str, **context_options) -> "Tab":
        """A page in a new (fresh) context of `browser`."""
        context = browser.new_context(**context_options)
        context.set_default_timeout(20_000)
        return cls(context, base, name)

    def close(self) -> None:
        try:
            self.context.close()
        except Exception:  # noqa: BLE001  (a context already gone is closed enough)
            pass

    def reset(self) -> None:
        """Forget what was recorded so far (a module-scoped tab, between tests)."""
        for record in (self.requests, self.failed, self.http_errors, self.console, self.page_errors):
            record.clear()

    def _on_console(self, message) -> None:
        if message.type in ("error", "warning"):
            self.console.append(f"{message.type}: {message.text}")

    # --- navigation --------------------------------------------------------------------------

    def url(self, tail: str = "index.html") -> str:
        """An address inside the site: `tail` is relative to the site root."""
        return self.base + tail

    def goto(self, tail: str = "index.html#/autobattle", ready: bool = True):
        """Load `tail` (relative to the site root, or a full URL) as a NEW document and, by default,
        wait until Python is ready; returns the page.

        Going from one hash to another of the same page would only fire `hashchange`; passing by
        about:blank makes every call a real page load, as opening a link in a new tab is.
        """
        if self.page.url != "about:blank":
            self.page.goto("about:blank")
        self.page.goto(self.url(tail) if "://" not in tail else tail)
        if ready:
            self.wait_ready()
        return self.page

    def wait_ready(self, expect: str = "1") -> None:
        """Wait for body[data-ready] to leave "0"; fail with the load error if it is not `expect`."""
        self.page.wait_for_selector('body[data-ready="1"], body[data-ready="failed"]', state="attached",
                                    timeout=READY_TIMEOUT_MS)
        state = self.page.get_attribute("body", "data-ready")
        if state != expect:
            detail = self.page.text_content("#load-error") if self.page.query_selector("#load-error") else ""
            raise AssertionError(f"page ready state {state!r}, expected {expect!r}: {detail!r}; "
                                 f"console: {self.console}; failed: {self.failed}")

    def screenshot(self, name: str | None = None, full_page: bool = True) -> Path:
        """A PNG under test-artifacts/e2e/ (git-ignored), kept for a human to look at."""
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        path = ARTIFACTS / f"{name or self.name}.png"
        self.page.screenshot(path=str(path), full_page=full_page)
        return path

    # --- what it did -------------------------------------------------------------------------

    def foreign_requests(self) -> list[str]:
        """Every request URL whose host is not 127.0.0.1 (data:, blob: and about: are local)."""
        foreign = []
        for url in self.requests:
            parts = urlsplit(url)
            if parts.scheme in LOCAL_SCHEMES:
                continue
            if parts.scheme not in ("http", "https", "ws", "wss") or parts.hostname != "127.0.0.1":
                foreign.append(url)
        return foreign

    def assert_clean(self) -> None:
        """No request left 127.0.0.1, none failed, no HTTP error, no console error or warning."""
        assert self.foreign_requests() == [], self.foreign_requests()
        assert self.failed == [], self.failed
        assert self.http_errors == [], self.http_errors
        assert self.console == [], self.console
        assert self.page_errors == [], self.page_errors

    # --- reading the page ----------------------------------------------------------------------

    def text(self, selector: str) -> str:
        return (self.page.text_content(selector) or "").strip()

    def visible(self, selector: str) -> bool:
        return self.page.is_visible(selector)


# --- the engine on CPython, as a user runs it ----------------------------------------------------

def engine_cli(*args: str) -> str:
    """`python -m engine ARGS` from the repo root; its stdout (a failure shows stderr)."""
    result = subprocess.run([sys.executable, "-m", "engine", *args], cwd=ROOT, capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 0, f"python -m engine {' '.join(args)} failed: {result.stderr}"
    return result.stdout
