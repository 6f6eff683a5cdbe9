"""Offline and installable: icons, the web app manifest, the service worker and its precache check.

Called once from build_site.build(), after every other file is in place:

- `write_icons`: the emblem (two fanned cards) as SVG, and as PNG at 192 and 512 px, drawn here
  by a tiny pure-Python rasteriser (no imaging library needed).
- `write_manifest`: manifest.webmanifest with relative `start_url` and `scope`, so the site
  installs from any sub-path.
- `generate_service_worker`: build/sw.mjs runs Workbox's generateSW (node_modules/workbox-build):
  every file of the site precached with a revision and an integrity hash.
- `check_precache`: every file a page, pyscript.toml, the manifest or the runtime refers to must
  be in the precache, or the build fails.
"""

import json
import math
import os
import posixpath
import re
import struct
import subprocess
import tomllib
import zlib
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent

THEME = "#1d2430"           # the header ink; the icon's background
BACKGROUND = "#f6f7fa"      # the page background (site.css --bg)
ICON_SIZES = (192, 512)
MANIFEST = "manifest.webmanifest"
SW = "sw.js"


class OfflineError(Exception):
    """The site cannot be made to work offline as built."""


def finish(dist: Path, name: str, description: str) -> dict:
    """Icons, manifest and service worker for `dist`; returns the precache summary."""
    write_icons(dist)
    write_manifest(dist, name, description)
    summary = generate_service_worker(dist)
    check_precache(dist, summary["entries"])
    return summary


def reproducible_env() -> dict:
    """The environment for building the wheel: fixed zip timestamps (SOURCE_DATE_EPOCH), so the
    same sources give the same bytes, the same revision and no "new version" banner for nothing."""
    return {**os.environ, "SOURCE_DATE_EPOCH": os.environ.get("SOURCE_DATE_EPOCH", "315532800")}


# --- icons ------------------------------------------------------------------------------------

# The emblem, in a 100 x 100 box: a back card (accent) and a front card (white) fanned apart,
# a diamond on the front card. Each shape: (kind, centre x, y, half width, half height, radius,
# angle in degrees, colour).
SHAPES = (
    ("box", 41, 52, 17, 25, 4, -14, (0x2f, 0x5f, 0xd0)),
    ("box", 59, 50, 17, 25, 4, 11, (0xff, 0xff, 0xff)),
    ("diamond", 59, 50, 8, 11, 0, 11, (0xd2, 0x54, 0x1f)),
)


def emblem_svg() -> str:
    parts = [f'<rect width="100" height="100" fill="{THEME}"/>']
    for kind, x, y, w, h, r, angle, colour in SHAPES:
        fill = "#%02x%02x%02x" % colour
        if kind == "box":
            parts.append(f'<rect x="{x - w}" y="{y - h}" width="{2 * w}" height="{2 * h}" rx="{r}" fill="{fill}" '
                         f'transform="rotate({angle} {x} {y})"/>')
        else:
            parts.append(f'<path d="M{x} {y - h}L{x + w} {y}L{x} {y + h}L{x - w} {y}Z" fill="{fill}" '
                         f'transform="rotate({angle} {x} {y})"/>')
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" role="img" aria-label="Skirmish">'
            + "".join(parts) + "</svg>\n")


def _distance(kind, px, py, x, y, w, h, r, angle) -> float:
    """Signed distance (in emblem units) from a point to a shape: negative inside."""
    c, s = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    dx, dy = px - x, py - y
    lx, ly = c * dx + s * dy, -s * dx + c * dy        # into the shape's own (unrotated) frame
    if kind == "diamond":
        # distance to the rhombus |x|/w + |y|/h = 1, scaled to units (good enough for edges)
        return (abs(lx) / w + abs(ly) / h - 1) * (w * h) / math.hypot(w, h)
    qx, qy = abs(lx) - w + r, abs(ly) - h + r
    return math.hypot(max(qx, 0), max(qy, 0)) + min(max(qx, qy), 0) - r


def emblem_png(size: int) -> bytes:
    """The emblem as an RGB PNG of `size` px, edges anti-aliased from the signed distances."""
    theme = tuple(int(THEME[i:i + 2], 16) for i in (1, 3, 5))
    unit = 100 / size                   # emblem units per pixel
    rows = []
    for j in range(size):
        row = bytearray(b"\x00")        # filter type 0
        py = (j + 0.5) * unit
        for i in range(size):
            px = (i + 0.5) * unit
            pixel = theme
            for kind, x, y, w, h, r, angle, colour in SHAPES:
                if abs(px - x) > w + h or abs(py - y) > w + h:
                    continue
                cover = min(1.0, max(0.0, 0.5 - _distance(kind, px, py, x, y, w, h, r, angle) / unit))
                if cover:
                    pixel = tuple(round(a + (b - a) * cover) for a, b in zip(pixel, colour))
            row += bytes(pixel)
        rows.append(bytes(row))

    def chunk(tag: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"".join(rows), 9))
            + chunk(b"IEND", b""))


def write_icons(dist: Path) -> None:
    icons = dist / "icons"
    icons.mkdir(exist_ok=True)
    (icons / "icon.svg").write_text(emblem_svg(), "utf-8")
    for size in ICON_SIZES:
        (icons / f"icon-{size}.png").write_bytes(emblem_png(size))


# --- manifest ---------------------------------------------------------------------------------

def manifest(name: str, description: str) -> dict:
    """Every URL relative to the manifest (at the site root), so any sub-path works."""
    icons = [{"src": "icons/icon.svg", "sizes": "any", "type": "image/svg+xml", "purpose": "any"}]
    icons += [{"src": f"icons/icon-{size}.png", "sizes": f"{size}x{size}", "type": "image/png", "purpose": "any"}
              for size in ICON_SIZES]
    # The emblem sits inside the central safe zone on a full-bleed background: maskable as it is.
    icons.append({"src": f"icons/icon-{ICON_SIZES[-1]}.png", "sizes": f"{ICON_SIZES[-1]}x{ICON_SIZES[-1]}",
                  "type": "image/png", "purpose": "maskable"})
    return {"name": name, "short_name": "Skirmish", "description": description,
            "start_url": "./index.html", "scope": "./", "display": "standalone",
            "theme_color": THEME, "background_color": BACKGROUND, "icons": icons}


def write_manifest(dist: Path, name: str, description: str) -> None:
    (dist / MANIFEST).write_text(json.dumps(manifest(name, description), ensure_ascii=False, indent=1), "utf-8")


# --- service worker ---------------------------------------------------------------------------

def generate_service_worker(dist: Path) -> dict:
    """Run build/sw.mjs (Workbox generateSW) over `dist`; its summary with the precache entries."""
    script = HERE / "sw.mjs"
    if not (ROOT / "node_modules" / "workbox-build").exists():
        raise OfflineError("node_modules lacks workbox-build: run `npm ci` first")
    try:
        result = subprocess.run(["node", str(script), str(dist)], cwd=ROOT, capture_output=True, text=True,
                                timeout=300)
    except FileNotFoundError as error:
        raise OfflineError("`node` is needed to generate the service worker") from error
    if result.returncode != 0:
        raise OfflineError(f"generateSW failed: {result.stderr.strip()[-500:]}")
    summary = json.loads(result.stdout)
    if summary["warnings"]:
        raise OfflineError("generateSW warned: " + "; ".join(summary["warnings"]))
    if not (dist / SW).exists():
        raise OfflineError(f"generateSW wrote no {SW}")
    # Workbox's runtime carries a help link in a warning we never trigger; like the vendored
    # runtime's URLs (build_site.neutralise_vendor_urls), it is pointed at a host that cannot resolve.
    text = (dist / SW).read_text("utf-8")
    (dist / SW).write_text(_URL.sub(_neutralise, text), "utf-8")
    return summary


_URL = re.compile(r"(https?)://([A-Za-z0-9.-]+)")


def _neutralise(match: re.Match) -> str:
    host = match.group(2)
    if host in ("127.0.0.1", "localhost") or host.endswith(".invalid"):
        return match.group(0)
    return f"{match.group(1)}://{host}.invalid"


# --- the precache covers everything the site asks for ------------------------------------------

_ATTR = re.compile(r'\b(?:src|href|config|data-sw)="([^"]*)"')
# Static imports only: a module cannot run without them. (Dynamic imports of the PyScript plugins
# we switch off are left out of the site on purpose.)
_JS_IMPORT = re.compile(r'''(?:\bfrom\s*|\bimport\s*)["'](\.{1,2}/[^"']+)["']''')
_LOCAL = re.compile(r"^(?![a-z][a-z0-9+.-]*:|//|#)")


def _resolve(from_file: str, url: str) -> str | None:
    url = url.split("#", 1)[0].split("?", 1)[0]
    if not url or not _LOCAL.match(url):
        return None
    path = posixpath.normpath(posixpath.join(posixpath.dirname(from_file), url))
    if url.endswith("/") or path == ".":
        path = posixpath.join(path, "index.html") if path != "." else "index.html"
    return path


def references(dist: Path) -> dict[str, set[str]]:
    """Every site file something refers to -> the files that refer to it."""
    found: dict[str, set[str]] = {}

    def add(source: str, url: str) -> None:
        target = _resolve(source, url)
        if target is not None:
            found.setdefault(target, set()).add(source)

    for path in dist.rglob("*"):
        name = path.relative_to(dist).as_posix()
        if path.suffix == ".html":
            for url in _ATTR.findall(path.read_text("utf-8")):
                add(name, url.replace("&amp;", "&"))
        elif path.name == "pyscript.toml":
            config = tomllib.loads(path.read_text("utf-8"))
            for url in config.get("files", {}):
                add(name, url)
            # The interpreter is resolved against the page (pyscript.toml sits beside it).
            add(name, config["interpreter"])
        elif path.name == MANIFEST:
            data = json.loads(path.read_text("utf-8"))
            add(name, data["start_url"])
            for icon in data["icons"]:
                add(name, icon["src"])
        elif path.suffix in (".js", ".mjs") and path.name != SW:
            for url in _JS_IMPORT.findall(path.read_text("utf-8")):
                add(name, url)
    # What pyodide.mjs loads by name, beside itself.
    for runtime in ("pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"):
        add("pyodide/pyodide.mjs", runtime)
    # The start-up snapshot restore.mjs fetches by the name the build wrote into it (build/snapshot.py).
    restore = dist / "pyodide" / "restore.mjs"
    if restore.exists():
        for name in re.findall(r'\{"file": "([^"]+)"', restore.read_text("utf-8")):
            add("pyodide/restore.mjs", name)
    return found


_HASH_NAMED = re.compile(r"snapshot-[0-9a-f]{16}\.bin\.gz$")


def check_precache(dist: Path, entries: list[dict]) -> None:
    """Fail when a referenced file is missing from the precache (or from the site)."""
    cached = {entry["url"] for entry in entries}
    missing = [f"{target} (from {', '.join(sorted(sources)[:3])})"
               for target, sources in sorted(references(dist).items()) if target not in cached and target != SW]
    if missing:
        raise OfflineError("not in the service worker's precache: " + "; ".join(missing[:8]))
    # A file whose name is its hash (the start-up snapshot, sw.mjs) needs no revision beside it.
    no_revision = [entry["url"] for entry in entries
                   if not (entry.get("revision") or _HASH_NAMED.search(entry["url"])) or not entry.get("integrity")]
    if no_revision:
        raise OfflineError("precached without a revision or integrity: " + ", ".join(no_revision[:8]))
