"""Start-up figures, online and offline, for this tree against itself without the start-up snapshot
(figures, not tests):

    python build/bench_offline.py [--runs 5]

Three builds of this tree, measured alternately run by run so that the machine's drift hits all alike:
`snapshot` (the site as built), `cold` (built with --no-snapshot: every visit boots CPython, as before
issue 25) and `bare` (a bare PyScript page on the same Pyodide, printing one line; cold visits only).

Each run of `snapshot` and `cold`, in a fresh browser profile:
1. a cold first visit of the play page: time to ready (navigation start to `data-ready="1"`, on the
   page's own clock), first contentful paint, bytes over the wire and requests (CDP), and main-thread
   blocking up to ready from the Long Tasks API (every task > 50 ms: count, sum, longest, and the
   total blocking time, the sum of each task's excess over 50 ms);
2. the service worker's precache download after that (files, bytes);
3. a second visit with the browser offline: the same figures, with every file from the worker.
Prints min/median/max of each and the ratios issue 25 sets targets for; writes
test-artifacts/bench-offline.json.
"""

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "build"))

from playwright.sync_api import sync_playwright  # noqa: E402

from bench_site import make_bare  # noqa: E402
from tests.e2e.support import CHROMIUM, CHROMIUM_ARGS, SiteServer  # noqa: E402

PROBE = """
window.__longTasks = [];
new PerformanceObserver(list => { for (const e of list.getEntries()) __longTasks.push([e.startTime, e.duration]); })
  .observe({type: "longtask", buffered: true});
new PerformanceObserver(list => { for (const e of list.getEntries())
  if (e.name === "first-contentful-paint") window.__paintAt = e.startTime; }).observe({type: "paint", buffered: true});
window.__steps = {};
addEventListener("py:progress", e => { window.__steps[String(e.detail)] ??= Math.round(performance.now()); });
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

PLAY = "index.html#/autobattle"
STEPS = ("Loading Pyodide", "Loaded interpreter", "Loaded files", "Loaded Pyodide")


def visit(context, url: str) -> dict:
    """One load of `url` in a new tab of `context`: time to ready, first paint, wire bytes, requests,
    long tasks, and how the interpreter started (body[data-start])."""
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
    figures = {"ready_s": ready / 1000, "first_paint_ms": page.evaluate("window.__paintAt || null"),
               "requests": len(requests), "from_worker": len(from_worker),
               "wire_bytes": sum(wire) if not from_worker else None,
               "long_tasks": len(tasks), "long_task_ms": sum(d for _, d in tasks),
               "longest_task_ms": max((d for _, d in tasks), default=0),
               "total_blocking_ms": sum(max(0, d - 50) for _, d in tasks),
               "start": page.evaluate("document.body.dataset.start || 'cold'"),
               # When PyScript reached each step (ms): where the time to ready goes.
               "steps": {name: at for name, at in page.evaluate("window.__steps").items() if name in STEPS}}
    page.close()
    return figures


def fresh_context(playwright, profile: str):
    return playwright.chromium.launch_persistent_context(profile, executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)


def first_and_second(playwright, base: str) -> dict:
    """A cold visit, the worker's precache, then a visit offline: one fresh profile."""
    with tempfile.TemporaryDirectory() as profile:
        context = fresh_context(playwright, profile)
        try:
            worker_requests = []
            context.on("request", lambda request: request.service_worker and worker_requests.append(request))
            cold = visit(context, base + PLAY)
            page = context.new_page()
            page.goto(base + "autobattle/cards.html")
            page.evaluate(WAIT_ACTIVATED)
            precache = {"requests": len(worker_requests),
                        "bytes": sum((r.sizes()["responseBodySize"] for r in worker_requests), 0)}
            page.close()
            context.set_offline(True)
            offline = visit(context, base + PLAY)
            return {"cold": cold, "precache": precache, "offline": offline}
        finally:
            context.close()


def bare_visit(playwright, base: str) -> dict:
    with tempfile.TemporaryDirectory() as profile:
        context = fresh_context(playwright, profile)
        try:
            return {"cold": visit(context, base + "index.html")}
        finally:
            context.close()


def spread(values) -> dict:
    values = [value for value in values if value is not None]
    if not values:
        return {}
    return {"min": min(values), "median": statistics.median(values), "max": max(values)}


def summarise(runs: dict) -> dict:
    """build -> phase -> figure -> {min, median, max}; then the ratios issue 25 names."""
    report = {}
    for build, results in runs.items():
        report[build] = {}
        for phase in results[0]:
            report[build][phase] = {key: spread(run[phase][key] for run in results)
                                    for key in results[0][phase] if isinstance(results[0][phase][key], (int, float))}
            if "steps" in results[0][phase]:
                report[build][phase]["steps_median_ms"] = {
                    step: statistics.median(run[phase]["steps"][step] for run in results if step in run[phase]["steps"])
                    for step in STEPS if any(step in run[phase]["steps"] for run in results)}
            starts = sorted({run[phase].get("start") for run in results if "start" in run[phase]})
            if starts:
                report[build][phase]["start"] = starts
    median = lambda build, phase, key: report[build][phase][key]["median"]  # noqa: E731
    report["ratios"] = {
        "offline_ready_snapshot_vs_cold": round(median("snapshot", "offline", "ready_s") / median("cold", "offline", "ready_s"), 3),
        "first_visit_ready_snapshot_vs_bare": round(median("snapshot", "cold", "ready_s") / median("bare", "cold", "ready_s"), 3),
        "first_visit_ready_snapshot_vs_cold": round(median("snapshot", "cold", "ready_s") / median("cold", "cold", "ready_s"), 3),
    }
    report["first_visit_bytes"] = {build: median(build, "cold", "wire_bytes") + median(build, "precache", "bytes")
                                   for build in ("snapshot", "cold")}
    return report


def print_report(report: dict, runs: int) -> None:
    print(f"start-up, {runs} runs each (min / median / max):")
    for build in ("snapshot", "cold", "bare"):
        for phase, figures in report[build].items():
            if phase == "precache":
                continue
            row = "  ".join(f"{key} {figures[key]['min']:.2f}/{figures[key]['median']:.2f}/{figures[key]['max']:.2f}"
                            if key == "ready_s" else f"{key} {figures[key]['min']:.0f}/{figures[key]['median']:.0f}/{figures[key]['max']:.0f}"
                            for key in ("ready_s", "first_paint_ms", "longest_task_ms", "total_blocking_ms") if figures.get(key))
            print(f"  {build:8} {phase:8} {row}  start={','.join(figures.get('start', []))}")
            steps = ", ".join(f"{step} {at:.0f}" for step, at in figures.get("steps_median_ms", {}).items())
            if steps:
                print(f"  {'':8} {'':8} steps (median ms): {steps}")
    ratios = report["ratios"]
    print(f"  offline second visit, snapshot / cold: {ratios['offline_ready_snapshot_vs_cold']} (target <= 0.4)")
    print(f"  first visit, snapshot / bare PyScript page: {ratios['first_visit_ready_snapshot_vs_bare']} (target <= 0.75)")
    for build, size in report["first_visit_bytes"].items():
        print(f"  first visit downloads ({build}): {size / 1e6:.1f} MB (page and runtime, then the worker's precache)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="skirmish-bench-offline-"))
    servers = {}
    try:
        for build, extra in (("snapshot", []), ("cold", ["--no-snapshot"])):
            subprocess.run([sys.executable, str(ROOT / "build" / "build_site.py"), "--out", str(work / build), *extra],
                           check=True, stdout=subprocess.DEVNULL)
        make_bare(work / "cold", work / "bare")
        servers = {build: SiteServer(work / build) for build in ("snapshot", "cold", "bare")}
        runs = {build: [] for build in servers}
        with sync_playwright() as playwright:
            for index in range(args.runs):
                for build, server in servers.items():
                    measure = bare_visit if build == "bare" else first_and_second
                    runs[build].append(measure(playwright, server.base))
                    last = runs[build][-1]
                    offline = f", offline {last['offline']['ready_s']:.2f} s" if "offline" in last else ""
                    print(f"run {index + 1}/{args.runs} {build}: cold {last['cold']['ready_s']:.2f} s{offline}",
                          file=sys.stderr)
    finally:
        for server in servers.values():
            server.stop()
        shutil.rmtree(work, ignore_errors=True)
    report = summarise(runs)
    out = ROOT / "test-artifacts" / "bench-offline.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps({"summary": report, "runs": runs}, indent=1), "utf-8")
    print_report(report, args.runs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
