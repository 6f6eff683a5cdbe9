"""Start-up figures, online and offline (figures, not tests):

    python build/bench_offline.py [--runs 5]

For each run, in a fresh browser profile:
1. a cold visit of the play page: time to ready (navigation start to `data-ready="1"`, on the
   page's own clock), bytes over the wire and requests (CDP), and main-thread blocking up to
   ready from the Long Tasks API (every task > 50 ms: count, sum, longest, and the total blocking
   time, the sum of each task's excess over 50 ms);
2. the service worker's precache download after that (files, bytes);
3. a second visit with the browser offline: the same figures, with every file from the worker.
Writes test-artifacts/bench-offline.json as well as printing a table.
"""

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from tests.e2e.support import CHROMIUM, CHROMIUM_ARGS, SiteServer  # noqa: E402

PROBE = """
window.__longTasks = [];
new PerformanceObserver(list => { for (const e of list.getEntries()) __longTasks.push([e.startTime, e.duration]); })
  .observe({type: "longtask", buffered: true});
new MutationObserver(function () {
  if (!window.__readyAt && document.body && document.body.dataset.ready === "1") window.__readyAt = performance.now();
}).observe(document, {attributes: true, subtree: true, childList: true});
"""

WAIT_ACTIVATED = """async () => {
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active;
    if (worker.state !== "activated")
        await new Promise(done => worker.addEventListener("statechange", () => worker.state === "activated" && done()));
}"""


def visit(context, url: str) -> dict:
    """One load of `url` in a new tab of `context`: time to ready, wire bytes, requests, long tasks."""
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    wire, requests, from_worker = [], [], []
    cdp.on("Network.loadingFinished", lambda event: wire.append(event["encodedDataLength"]))
    page.on("request", lambda request: requests.append(request.url))
    page.on("response", lambda response: response.from_service_worker and from_worker.append(response.url))
    page.add_init_script(PROBE)
    page.goto(url)
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=120_000)
    page.wait_for_timeout(300)
    ready = page.evaluate("window.__readyAt")
    tasks = [(start, duration) for start, duration in page.evaluate("window.__longTasks") if start < ready]
    # Bytes over the wire: only what the worker did not answer (when it answers, CDP reports the
    # body it served, which crossed no network).
    figures = {"ready_s": ready / 1000, "requests": len(requests), "from_worker": len(from_worker),
               "wire_bytes": sum(wire) if not from_worker else None,
               "long_tasks": len(tasks), "long_task_ms": sum(d for _, d in tasks),
               "longest_task_ms": max((d for _, d in tasks), default=0),
               "total_blocking_ms": sum(max(0, d - 50) for _, d in tasks)}
    page.close()
    return figures


def run_once(playwright, base: str) -> dict:
    with tempfile.TemporaryDirectory() as profile:
        context = playwright.chromium.launch_persistent_context(profile, executable_path=str(CHROMIUM),
                                                                args=CHROMIUM_ARGS)
        try:
            worker_requests = []
            context.on("request", lambda request: request.service_worker and worker_requests.append(request))
            cold = visit(context, base + "index.html#/autobattle")
            page = context.new_page()
            page.goto(base + "autobattle/cards.html")
            page.evaluate(WAIT_ACTIVATED)
            precache = {"requests": len(worker_requests),
                        "bytes": sum((r.sizes()["responseBodySize"] for r in worker_requests), 0)}
            page.close()
            context.set_offline(True)
            offline = visit(context, base + "index.html#/autobattle")
            return {"cold": cold, "precache": precache, "offline": offline}
        finally:
            context.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as temp:
        dist = Path(temp) / "dist"
        subprocess.run([sys.executable, str(ROOT / "build" / "build_site.py"), "--out", str(dist)], check=True)
        server = SiteServer(dist)
        try:
            with sync_playwright() as playwright:
                runs = []
                for index in range(args.runs):
                    runs.append(run_once(playwright, server.base))
                    print(f"run {index + 1}/{args.runs}: cold {runs[-1]['cold']['ready_s']:.2f} s, "
                          f"offline {runs[-1]['offline']['ready_s']:.2f} s", file=sys.stderr)
        finally:
            server.stop()
    report = {"runs": runs, "median": {}}
    for phase in ("cold", "offline"):
        report["median"][phase] = {key: statistics.median(run[phase][key] for run in runs)
                                   for key in runs[0][phase] if runs[0][phase][key] is not None}
    report["median"]["precache"] = {key: statistics.median(run["precache"][key] for run in runs)
                                    for key in runs[0]["precache"]}
    out = ROOT / "test-artifacts" / "bench-offline.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps(report, indent=1), "utf-8")
    print(json.dumps(report["median"], indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
