"""Site benchmarks (figures, not tests): cold start, bytes, and engine speed in the browser.

    python build/bench_site.py [--runs 5] [--games 300]

1. Cold time to ready of the play page against a bare PyScript page that loads the same runtime
   and prints one line, measured alternately, each in a fresh browser with a fresh profile: from
   navigation start to the moment the page sets `data-ready="1"`, on the page's own clock.
2. Bytes transferred on a cold load of each (CDP encodedDataLength: what went over the wire).
3. The same battles computed in the browser (Pyodide) and in CPython: the time ratio.
4. The two ways of giving Pyodide the engine (unpacking the wheel via PyScript's [files], or
   micropip) compared the same way, so docs/performance.md can say why one was kept.
Writes test-artifacts/bench-site.json as well as printing a table.
"""

import argparse
import functools
import http.server
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from ui.replay import time_battles  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"]

BARE_HTML = """<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,">
<script type="module" src="./pyscript/core.js"></script></head><body data-ready="0">
<mpy-config type="json" hidden>{"plugins": %(plugins)s}</mpy-config>
<script type="py" config="./pyscript.toml">
from pyscript import document
print("hello from Python")
document.body.dataset.ready = "1"
</script></body></html>"""


READY_PROBE = """new MutationObserver(function () {
  if (!window.__readyAt && document.body && document.body.dataset.ready === "1") window.__readyAt = performance.now();
}).observe(document, {attributes: true, subtree: true, childList: true});"""


def build(out: Path, loader: str) -> None:
    subprocess.run([sys.executable, str(ROOT / "build" / "build_site.py"), "--out", str(out), "--loader", loader],
                   check=True, stdout=subprocess.DEVNULL)


def make_bare(site: Path, out: Path) -> None:
    """The bare page: the same runtime files and plugin settings, one line of Python."""
    out.mkdir()
    for folder in ("pyodide", "pyscript"):
        shutil.copytree(site / folder, out / folder)
    from build_site import PYSCRIPT_PLUGINS_OFF  # noqa: PLC0415
    plugins = json.dumps(["!" + name for name in PYSCRIPT_PLUGINS_OFF])
    (out / "pyscript.toml").write_text(f'interpreter = "./pyodide/pyodide.mjs"\nplugins = {plugins}\n', "utf-8")
    (out / "index.html").write_text(BARE_HTML % {"plugins": plugins}, "utf-8")


def serve(root: Path) -> tuple[http.server.ThreadingHTTPServer, int]:
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(root)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, server.server_address[1]


def cold_load(playwright, url: str) -> tuple[float, int, int]:
    """Seconds from navigation start to data-ready=1, bytes over the wire, requests: fresh browser and profile."""
    with tempfile.TemporaryDirectory() as profile:
        context = playwright.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, args=FLAGS)
        try:
            page = context.pages[0] if context.pages else context.new_page()
            cdp = context.new_cdp_session(page)
            cdp.send("Network.enable")
            sizes = []
            cdp.on("Network.loadingFinished", lambda event: sizes.append(event["encodedDataLength"]))
            # The moment the page sets data-ready, on the page's own clock (from navigation start):
            # polling from outside adds a lag of its own that belongs to neither page.
            page.add_init_script(READY_PROBE)
            page.goto(url)
            page.wait_for_selector("body[data-ready='1']", state="attached", timeout=120_000)
            elapsed = page.evaluate("window.__readyAt") / 1000
            page.wait_for_timeout(300)      # let the last responses report their sizes
            return elapsed, sum(sizes), len(sizes)
        finally:
            context.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--games", type=int, default=300)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="skirmish-bench-"))
    try:
        build(work / "files", "files")
        build(work / "micropip", "micropip")
        make_bare(work / "files", work / "bare")
        server, port = serve(work)
        pages = {"play": f"http://127.0.0.1:{port}/files/index.html#/autobattle",
                 "bare": f"http://127.0.0.1:{port}/bare/index.html",
                 "play-micropip": f"http://127.0.0.1:{port}/micropip/index.html#/autobattle"}
        results = {name: [] for name in pages}
        with sync_playwright() as playwright:
            for run in range(args.runs):
                for name, url in pages.items():          # alternate, so drift hits all alike
                    results[name].append(cold_load(playwright, url))
                    print(f"run {run + 1}/{args.runs} {name}: {results[name][-1][0]:.2f} s", file=sys.stderr)
            browser_seconds = browser_battles(playwright, pages["play"], args.games)
        server.shutdown()
    finally:
        shutil.rmtree(work, ignore_errors=True)
    cpython_seconds = time_battles(args.games, "autobattle")
    report = summarise(results, browser_seconds, cpython_seconds, args)
    out = ROOT / "test-artifacts" / "bench-site.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps(report, indent=1), "utf-8")
    print_report(report)
    return 0


def browser_battles(playwright, url: str, games: int) -> float:
    """Seconds for the same battles inside the page (the best of three)."""
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
    try:
        page = browser.new_page()
        page.goto(url)
        page.wait_for_selector("body[data-ready='1']", state="attached", timeout=120_000)
        return min(page.evaluate(f"() => window.skirmishTimeBattles({games})") for _ in range(3))
    finally:
        browser.close()


def summarise(results, browser_seconds, cpython_seconds, args) -> dict:
    def median(name, index):
        return statistics.median(run[index] for run in results[name])
    report = {"runs": args.runs, "games": args.games, "pages": {}}
    for name in results:
        report["pages"][name] = {"ready_s_median": round(median(name, 0), 3),
                                 "ready_s_all": [round(r[0], 3) for r in results[name]],
                                 "bytes_median": int(median(name, 1)), "requests": int(median(name, 2))}
    pages = report["pages"]
    report["ready_ratio_play_vs_bare"] = round(pages["play"]["ready_s_median"] / pages["bare"]["ready_s_median"], 3)
    report["ready_ratio_micropip_vs_bare"] = round(pages["play-micropip"]["ready_s_median"] / pages["bare"]["ready_s_median"], 3)
    report["extra_kb_play_vs_bare"] = round((pages["play"]["bytes_median"] - pages["bare"]["bytes_median"]) / 1000, 1)
    report["battles"] = {"browser_s": round(browser_seconds, 3), "cpython_s": round(cpython_seconds, 3),
                         "ratio_browser_vs_cpython": round(browser_seconds / cpython_seconds, 2)}
    return report


def print_report(report: dict) -> None:
    print(f"cold start, median of {report['runs']} fresh-profile loads each:")
    for name, page in report["pages"].items():
        print(f"  {name:14} ready {page['ready_s_median']:.2f} s  {page['bytes_median'] / 1e6:.2f} MB in {page['requests']} requests")
    print(f"  play / bare time ratio: {report['ready_ratio_play_vs_bare']} (target <= 1.15)")
    print(f"  play - bare bytes: {report['extra_kb_play_vs_bare']} KB (target <= 400 KB)")
    print(f"  micropip loader / bare: {report['ready_ratio_micropip_vs_bare']}")
    battles = report["battles"]
    print(f"{report['games']} battles: browser {battles['browser_s']} s, CPython {battles['cpython_s']} s, "
          f"ratio {battles['ratio_browser_vs_cpython']}x")


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT / "build"))
    sys.exit(main())
