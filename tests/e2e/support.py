"""Helpers for the browser tests: a recorded page (Tab), the engine's CLI, constants.

No Playwright import here: a Tab wraps a context the fixtures made (tests/e2e/fixtures.py).
"""

import subprocess
import sys
import threading
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
SW_BLOCKED = "Service Worker registration blocked by Playwright"   # Playwright's warning, not the site's


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
        context.on("requestfailed", self._on_failed)
        context.on("response", lambda response: response.status >= 400 and
                   self.http_errors.append(f"{response.status} {response.url}"))
        self.page = context.new_page()
        self.page.on("console", self._on_console)
        self.page.on("pageerror", lambda error: self.page_errors.append(str(error)))

    @classmethod
    def new(cls, browser, base: str, name: str, **context_options) -> "Tab":
        """A page in a new (fresh) context of `browser`. Service workers are blocked unless the
        options allow them (`service_workers="allow"`): the offline tests (test_offline.py) do, and
        elsewhere the worker would download and hash the whole site behind every test."""
        context = browser.new_context(**{"service_workers": "block", **context_options})
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

    def _on_failed(self, request) -> None:
        """Record a failed request, except the favicon's download aborted because the test left the
        page before the browser fetched it (it starts after `load`): that is the test moving on,
        not the site failing. Any other failure of the icon (a 404, a refused connection) counts."""
        if request.url.endswith("/icons/icon.svg") and request.failure == "net::ERR_ABORTED":
            return
        self.failed.append(f"{request.url} ({request.failure})")

    def _on_console(self, message) -> None:
        if message.type in ("error", "warning") and message.text != SW_BLOCKED:
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


# --- accessibility: axe-core from node_modules (pinned in package.json) ----------------------------

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
AXE_FAILING_IMPACTS = ("serious", "critical")


def axe_violations(page, impacts=AXE_FAILING_IMPACTS) -> list[dict]:
    """axe-core's violations of the given impacts on the page as it is now (a Tab or a Playwright
    page): [{id, impact, help, nodes: [target :: summary, ...]}]. axe is injected once per document."""
    page = getattr(page, "page", page)
    if not page.evaluate("typeof window.axe === 'object' && typeof window.axe.run === 'function'"):
        assert AXE.exists(), f"{AXE} is missing: run `npm ci`"
        page.add_script_tag(content=AXE.read_text("utf-8"))
    found = page.evaluate("""async () => {
        const result = await axe.run(document, {resultTypes: ["violations"]});
        return result.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.slice(0, 5).map(n => n.target.join(" ") + " :: " + (n.failureSummary || "").split("\\n").slice(1, 3).join(" ").trim())}));
    }""")
    return [violation for violation in found if violation["impact"] in impacts]


def assert_no_serious_axe_violations(page, where: str = "") -> None:
    """Zero serious or critical axe-core violations on the page in its current state."""
    found = axe_violations(page)
    url = getattr(page, "page", page).url
    assert found == [], f"axe-core ({where or url}): " + "; ".join(
        f"{v['impact']} {v['id']} ({v['help']}): {v['nodes']}" for v in found)


# --- a site server the test controls (switch the folder it serves, stop it) -------------------------

class SiteServer:
    """A built site served at `http://127.0.0.1:PORT/a/b/` like the `base_url` fixture, but the test
    can point it at another folder (`root`, e.g. a newer build) or `stop()` it (the host is gone)."""

    TYPES = {".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
             ".json": "application/json", ".toml": "text/plain; charset=utf-8", ".py": "text/plain; charset=utf-8",
             ".whl": "application/zip", ".zip": "application/zip", ".webmanifest": "application/manifest+json",
             ".svg": "image/svg+xml"}

    def __init__(self, root: Path):
        import http.server  # noqa: PLC0415  (here, not at import: these modules are also collected inside Pyodide)

        self.root = Path(root)
        server = self

        class Handler(http.server.SimpleHTTPRequestHandler):
            extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **SiteServer.TYPES}

            def __init__(self, *args, **kwargs):
                super().__init__(*args, directory=str(server.root), **kwargs)

            def send_head(self):
                if not urlsplit(self.path).path.startswith(PREFIX):
                    self.send_error(404, "outside the site's sub-path")
                    return None
                return super().send_head()

            def translate_path(self, path):
                return super().translate_path("/" + urlsplit(path).path[len(PREFIX):])

            def log_message(self, format, *args):  # noqa: A002
                pass

        self._server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, name="e2e-site", daemon=True)
        self._thread.start()
        self.base = f"http://127.0.0.1:{self._server.server_port}{PREFIX}"
        self.running = True

    def stop(self) -> None:
        if self.running:
            self.running = False
            self._server.shutdown()
            self._server.server_close()
            self._thread.join(timeout=5)
