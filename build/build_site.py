"""Build the static site into dist/: pages, card templates, the engine wheel, the UI and the runtime.

    python build/build_site.py [--out dist] [--loader files|micropip]

Everything is written to a temporary folder first and swapped into place at the end, so a failed
build never leaves a half-written dist/. The build fails if any emitted file references another
origin (see check_origins).
"""

import argparse
import functools
import hashlib
import importlib.util
import json
import posixpath
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from jinja2 import Environment, FileSystemLoader, StrictUndefined  # noqa: E402

from engine import __version__  # noqa: E402
from engine.core import encode_link  # noqa: E402
from engine.rulesets import builtin as all_rulesets  # noqa: E402
from engine.core.carddata import LANGUAGES  # noqa: E402
from engine.core.messages import CatalogueError  # noqa: E402
from ui import pages as ui_pages  # noqa: E402
from ui.route import replay_hash  # noqa: E402
from ui.words import message  # noqa: E402

import howto  # noqa: E402  (build/howto.py: the how-to pages' screens and glossary)
import offline  # noqa: E402  (build/offline.py: icons, manifest, service worker, precache check)
import snapshot  # noqa: E402  (build/snapshot.py: the interpreter's memory snapshot for start-up)

TEMPLATES = Path(__file__).with_name("templates")
STATIC = Path(__file__).with_name("static")
NODE = ROOT / "node_modules"
WHEEL = f"skirmish-{__version__}-py3-none-any.whl"
MICROPIP = "micropip-0.11.1-py3-none-any.whl"

# The parts of the Pyodide runtime a page loads; the rest of the npm package stays behind.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
# PyScript's entry module and the chunks it imports on a page like ours (checked by the browser
# tests, which fail on any 404): editors, terminals, MicroPython and games are left out.
PYSCRIPT_CHUNKS = ("core.js", "core-*.js", "error-*.js", "toml-*.js")
PYSCRIPT_CHUNKS_MICROPIP = ("pyodide_graph-*.js",)
PYSCRIPT_PLUGINS_OFF = ("codemirror", "deprecations-manager", "donkey", "error", "py-editor", "py-game", "py-terminal")



def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "dist"))
    parser.add_argument("--loader", choices=("files", "micropip"), default="files",
                        help="how the engine reaches Pyodide (docs/performance.md: 'Loading the engine into Pyodide')")
    parser.add_argument("--stamp", default="", help="a build label shown in every page's footer")
    parser.add_argument("--no-snapshot", action="store_true",
                        help="boot CPython on every visit instead of restoring a memory snapshot (as before issue 25)")
    args = parser.parse_args(argv)
    out = Path(args.out)
    work = Path(tempfile.mkdtemp(prefix=".dist-", dir=out.parent))
    try:
        precache, restored = build(work, args.loader, args.stamp, not args.no_snapshot)
        check_origins(work)
        if out.exists():
            shutil.rmtree(out)
        work.chmod(0o755)
        work.rename(out)
    except (BuildError, offline.OfflineError, snapshot.SnapshotError, CatalogueError) as error:
        shutil.rmtree(work, ignore_errors=True)
        print(f"error: build failed: {error}", file=sys.stderr)
        return 2
    except BaseException:
        shutil.rmtree(work, ignore_errors=True)
        raise
    total = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    start = (f"start-up snapshot {restored['bytes'] / 1e6:.1f} MB, {restored['gzip_bytes'] / 1e6:.1f} MB gzipped"
             if restored else "no start-up snapshot")
    print(f"built {out} ({total / 1e6:.1f} MB, loader={args.loader}; {start}; "
          f"service worker precaches {precache['count']} files, {precache['size'] / 1e6:.1f} MB)")
    return 0


class BuildError(Exception):
    """Something the build cannot produce correctly."""


def build(dist: Path, loader: str, stamp: str = "", snapshotted: bool = True) -> tuple[dict, dict | None]:
    """Every part of the site, into `dist`; returns the service worker's precache summary and the
    start-up snapshot's (None without one: the micropip loader installs the engine after start-up,
    where a snapshot cannot hold it)."""
    copy_runtime(dist, loader)
    build_wheel(dist)
    pack_ui(dist)
    restored = snapshot.write_snapshot(dist, [WHEEL, "ui.zip"]) if snapshotted and loader == "files" else None
    interpreter = snapshot.RESTORE_NAME if restored else "pyodide.mjs"
    write_config(dist, loader, interpreter)
    render_pages(dist, stamp)
    for path in STATIC.iterdir():
        if path.suffix not in (".js", ".mjs", ".css"):      # scripts are inlined into the pages or written by a step
            shutil.copy2(path, dist / path.name)
    write_stylesheet(dist)
    # Last: the service worker precaches every file written above.
    return offline.finish(dist, "Skirmish", message("page", "app_description", "en")), restored


def write_stylesheet(dist: Path) -> None:
    """site.css: the shell's rules (build/static/site.css), then each built game's own
    (build/templates/games/ID/game.css, when it has one), in registry order: one file, one request."""
    games = [TEMPLATES / entry.stylesheet for entry in ui_pages.built()]
    parts = [STATIC / "site.css", *(path for path in games if path.is_file())]
    (dist / "site.css").write_text("".join(path.read_text("utf-8") for path in parts), "utf-8")


# --- runtime --------------------------------------------------------------------------------

def copy_runtime(dist: Path, loader: str) -> None:
    """Pyodide and PyScript from node_modules (run `npm ci` first), pruned to what a page loads."""
    pyodide, pyscript = NODE / "pyodide", NODE / "@pyscript" / "core" / "dist"
    if not (pyodide / "pyodide.mjs").exists() or not (pyscript / "core.js").exists():
        raise BuildError("node_modules lacks pyodide or @pyscript/core: run `npm ci` first")
    (dist / "pyodide").mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(pyodide / name, dist / "pyodide" / name)
    lock = json.loads((pyodide / "pyodide-lock.json").read_text("utf-8"))
    keep = {}
    if loader == "micropip":
        wheel = ROOT / ".site-deps" / MICROPIP
        if not wheel.exists():
            raise BuildError(f"{wheel} is missing: run `make site` (it downloads micropip from PyPI)")
        shutil.copy2(wheel, dist / "pyodide" / MICROPIP)
        # The PyPI wheel is not byte-identical to the one Pyodide's lock names: patch the hash,
        # or the browser refuses it ("integrity").
        keep["micropip"] = dict(lock["packages"]["micropip"], sha256=hashlib.sha256(wheel.read_bytes()).hexdigest())
    lock["packages"] = keep
    # Pyodide fetches this file at start-up (a 404 hangs it), so it is shipped, pruned.
    (dist / "pyodide" / "pyodide-lock.json").write_text(json.dumps(lock), "utf-8")
    (dist / "pyscript").mkdir()
    for pattern in PYSCRIPT_CHUNKS + (PYSCRIPT_CHUNKS_MICROPIP if loader == "micropip" else ()):
        matches = sorted(pyscript.glob(pattern))
        if not matches:
            raise BuildError(f"@pyscript/core has no {pattern}: was it upgraded?")
        for path in matches:
            shutil.copy2(path, dist / "pyscript" / path.name)
    neutralise_vendor_urls(dist)


_URL = re.compile(r"(https?)://([A-Za-z0-9.-]+)")
_LOCAL_HOSTS = ("127.0.0.1", "localhost", "0.0.0.0")


def neutralise_vendor_urls(dist: Path) -> None:
    """Point the CDN and documentation URLs inside vendored code at `HOST.invalid`.

    They are defaults and help texts our configuration never uses; a `.invalid` host can never
    resolve (RFC 2606), so even a code path we did not foresee cannot leave the origin.
    """
    for folder in ("pyodide", "pyscript"):
        for path in (dist / folder).iterdir():
            if path.suffix in (".js", ".mjs", ".css"):
                text = path.read_text("utf-8")
                fixed = _URL.sub(lambda m: m.group(0) if _allowed_host(m.group(2)) else f"{m.group(1)}://{m.group(2)}.invalid", text)
                if fixed != text:
                    path.write_text(fixed, "utf-8")


# XML namespace names: identifiers that an SVG or XML file must carry, never fetched by anything.
_NAMESPACE = re.compile(r"http://www\.w3\.org/(?:2000/svg|1999/xlink)(?![\w/.%-])")


def _allowed_host(host: str) -> bool:
    return host in _LOCAL_HOSTS or host.endswith(".invalid")


def _foreign(text: str) -> list[str]:
    """The references to another origin in a text: URLs whose host is not ours (a namespace name is none)."""
    return [match.group(0) for match in _URL.finditer(text)
            if not _allowed_host(match.group(2)) and not _NAMESPACE.match(text, match.start())]


def check_origins(dist: Path) -> None:
    """Fail when any emitted text file references a host other than our own."""
    problems = []
    for path in sorted(dist.rglob("*")):
        if path.suffix not in (".html", ".js", ".mjs", ".css", ".toml", ".json", ".py", ".txt", ".webmanifest"):
            continue
        text = path.read_text("utf-8", errors="replace")
        problems += [f"{path.relative_to(dist)}: {url}" for url in _foreign(text)]
    for archive in (dist / WHEEL, dist / "ui.zip"):
        with zipfile.ZipFile(archive) as zipped:
            for name in zipped.namelist():
                text = zipped.read(name).decode("utf-8", errors="replace")
                problems += [f"{archive.name}/{name}: {url}" for url in _foreign(text)]
    if problems:
        raise BuildError("references to other origins: " + "; ".join(problems[:5]))


# --- Python ---------------------------------------------------------------------------------

# Where setuptools writes its own output (set in setup.cfg): never build/, which holds this script.
SETUPTOOLS_BUILD = ROOT / ".setuptools-build"


def build_wheel(dist: Path) -> None:
    """The engine as the ordinary pure-Python wheel (`pip wheel --no-deps .`).

    setuptools' build folder is emptied before and after, so a file left there by an earlier
    build (a module since deleted) can never reach the wheel.
    """
    shutil.rmtree(SETUPTOOLS_BUILD, ignore_errors=True)
    try:
        with tempfile.TemporaryDirectory() as temp:
            result = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                                     "--quiet", "-w", temp, str(ROOT)], capture_output=True, text=True,
                                    env=offline.reproducible_env())
            built = Path(temp) / WHEEL
            if result.returncode != 0 or not built.exists():
                raise BuildError(f"pip wheel failed: {result.stderr.strip().splitlines()[-1:] or result.returncode}")
            shutil.copy2(built, dist / WHEEL)
    finally:
        shutil.rmtree(SETUPTOOLS_BUILD, ignore_errors=True)


# What only the build reads (the how-to pages' words, each game's template context): kept out of the
# archive every cold start loads.
UI_BUILD_ONLY = ("ui/games/*/glossary.toml", "ui/games/*/howto.toml", "ui/games/*/context.py")


def pack_ui(dist: Path) -> None:
    """The PyScript front end (ui/), as one archive unpacked next to the engine."""
    with zipfile.ZipFile(dist / "ui.zip", "w", zipfile.ZIP_DEFLATED) as zipped:
        for path in sorted((ROOT / "ui").rglob("*")):
            if any(path.relative_to(ROOT).match(pattern) for pattern in UI_BUILD_ONLY):
                continue
            if path.suffix in (".py", ".toml") and "__pycache__" not in path.parts:
                zipped.write(path, path.relative_to(ROOT).as_posix())


def write_config(dist: Path, loader: str, interpreter: str = "pyodide.mjs") -> None:
    """pyscript.toml beside each language's app page, pointing at the one local runtime.

    PyScript resolves `interpreter` against the page but `[files]` against the config, so each
    language folder gets its own config, where the two agree.
    """
    for lang in LANGUAGES:
        up = "." if lang == "en" else ".."
        lines = ['# Written by build/build_site.py: everything is loaded from this site, nothing from a CDN.',
                 f'interpreter = "{up}/pyodide/{interpreter}"',
                 '# No editors, terminals or games; errors are reported by the page itself, never as tracebacks.',
                 f"plugins = {json.dumps(['!' + name for name in PYSCRIPT_PLUGINS_OFF])}"]
        if loader == "micropip":
            lines += [f'packages = ["{up}/{WHEEL}"]', "", "[files]", f'"{up}/ui.zip" = "./*"']
        else:
            lines += ["", "[files]", f'"{up}/{WHEEL}" = "./*"', f'"{up}/ui.zip" = "./*"']
        folder = dist / page_path(lang, ".")
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "pyscript.toml").write_text("\n".join(lines) + "\n", "utf-8")


# --- pages ----------------------------------------------------------------------------------
# Which pages exist comes from the one registry, ui/pages.py: the app page, and per built ruleset
# page its gallery, rules and how-to pages. A ruleset's own template variables come from
# ui/games/<id>/context.py (a `context(ruleset)` function), when the game has one.


def site_pages() -> dict:
    """page path -> (template, the registry entry it is about, or None), for every built page."""
    registered = {ruleset.id for ruleset in all_rulesets()}
    pages = {"index.html": ("app.html", None)}
    for entry in ui_pages.built():
        if entry.id not in registered:
            continue
        if entry.gallery:
            pages[f"{entry.id}/cards.html"] = (entry.gallery_template, entry)
        if entry.rules:
            pages[f"{entry.id}/rules.html"] = ("rules.html", entry)
        if entry.howto:
            pages[f"{entry.id}/howto.html"] = ("howto.html", entry)
    return pages


PAGES = site_pages()


def page_path(lang: str, page: str) -> str:
    """Where a page lives: English at the root, other languages in a folder of their own."""
    return page if lang == "en" else f"{lang}/{page}"


def relative(from_page: str, to_path: str) -> str:
    """The relative URL from one emitted file to another (or to a folder, for `root`/`home`)."""
    return posixpath.relpath(to_path, posixpath.dirname(from_page) or ".")


def demo_links(ruleset) -> dict:
    """rule id -> the app hash that opens its demo (the rules and how-to pages link the same ones)."""
    return {rule: replay_hash(ruleset.id, encode_link(demo.record), step=demo.step, rule=rule)
            for rule, demo in ruleset.demos().items()}


def rules_context(ruleset, entry) -> dict:
    """What a ruleset's rules page shows: its catalogue, options and demo links."""
    title, intro = entry.rules
    return {"ruleset": ruleset, "rules": list(ruleset.catalogue.items()), "demo_links": demo_links(ruleset),
            "options": {option.key: option for option in ruleset.options}, "rules_title": title,
            "rules_intro": intro}


def howto_context(ruleset, entry) -> dict:
    """What a how-to page shows: its screens and glossary (build/howto.py), with the rules page's
    demo links and rule statements."""
    try:
        values = howto.howto_context(ruleset, ROOT / entry.howto_words, ROOT / entry.glossary_words, entry.howto_art)
    except howto.HowtoError as error:
        raise BuildError(str(error)) from None
    return dict(values, howto_page=entry, catalogue=ruleset.catalogue, demo_links=demo_links(ruleset))


# A page's own values beyond the common ones, by template (the app page, galleries: none).
PAGE_CONTEXTS = {"rules.html": rules_context, "howto.html": howto_context}


def ruleset_context(entry, ruleset) -> dict:
    """A page's own template variables, from ui/games/<id>/context.py (none without one)."""
    if importlib.util.find_spec(entry.context) is None:
        return {}
    module = importlib.import_module(entry.context)
    try:
        return module.context(ruleset)
    except ValueError as error:
        raise BuildError(f"{entry.context}: {error}") from None


def render_pages(dist: Path, stamp: str = "") -> None:
    """Every page in every language, pre-rendered with Jinja2 from the one message catalogue."""
    env = Environment(loader=FileSystemLoader(TEMPLATES), autoescape=True, undefined=StrictUndefined,
                      trim_blocks=True, lstrip_blocks=True)
    rulesets = {r.id: r for r in all_rulesets()}
    built = [entry for entry in ui_pages.built() if entry.id in rulesets]
    per_page = {entry.id: ruleset_context(entry, rulesets[entry.id]) for entry in built}
    common = {
        "version": __version__, "stamp": stamp, "languages": LANGUAGES,
        "site_pages": ui_pages.PAGES, "built": {entry.id for entry in built},
        "plugins_off": ["!" + name for name in PYSCRIPT_PLUGINS_OFF],
        # Our own two small scripts go inline: a request each saved on every cold load.
        "static_text": lambda name: (STATIC / name).read_text("utf-8").replace("</", "<\\/"),
        "t_in": lambda lang, key, **values: message("page", key, lang, **values),
        "longest_word": longest_word,
    }
    for values in per_page.values():       # the app page holds every game, so it sees every context
        common.update(values)
    for lang in LANGUAGES:
        for page, (template, entry) in PAGES.items():
            path = page_path(lang, page)
            own = PAGE_CONTEXTS.get(template) if entry is not None else None
            about = own(rulesets[entry.id], entry) if own else {}
            context = dict(common, **about, lang=lang, root=relative(path, "."),
                           home=relative(path, page_path(lang, ".")), in_app=entry is None,
                           alternates={other: relative(path, page_path(other, page)) for other in LANGUAGES},
                           t=functools.partial(_t, lang))
            target = dist / path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(env.get_template(template).render(**context), "utf-8")


def longest_word(name: str, lang: str) -> int:
    """The longest run of letters a line may not break inside, for a card name's type size. Japanese
    breaks between any two kana or kanji, so only its runs of Latin letters or digits count."""
    if lang == "ja":
        runs = re.findall(r"[A-Za-z0-9]+", name)
        return max([3, *map(len, runs)])
    return max([1, *(len(word) for word in re.split(r"[\s\-‐]+", name))])


def _t(lang: str, key: str, **values) -> str:
    return message("page", key, lang, **values)


if __name__ == "__main__":
    sys.exit(main())
