"""What a memory snapshot of the interpreter holds, and what a page does after restoring one.

A cold start spends most of its time booting CPython, importing the engine, compiling the UI's
sources and parsing the message catalogues: the same work on every visit. The build does it once
instead (build/snapshot.mjs, in a fresh Pyodide under Node) and saves the interpreter's memory; a
page restores that memory (build/static/restore.mjs) and carries on from `resume()`.

- `prepare()` (build time) imports every module that does not touch the page, compiles the ones
  that do (they import `pyscript`, which only a page has) so that importing them later costs no
  compile, and loads the message catalogue. Nothing game-specific runs; no user data exists yet.
- `resume()` (every start, restored or cold) re-seeds what a snapshot would otherwise share between
  all visits of all players: Python's `random` (the engine's own seeded RNG is untouched, so records
  replay to the same digests). String hashing keeps the snapshot's key: docs/performance.md says
  why that is safe.
"""

import hashlib
import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import pkgutil
import random
import sys

# The packages whose modules go into the snapshot. `__main__` modules run a program when imported.
PACKAGES = ("engine", "ui")
# What PyScript's own `pyscript` package imports from the standard library on every page.
FOR_PYSCRIPT = ("asyncio", "base64", "collections", "functools", "json", "pathlib")
SKIP = ("__main__", "cli", "coverage")

RESTORED = False        # True only in an interpreter restored from a snapshot (set by prepare())


class Precompiled(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Imports a module from code compiled at build time, then forgets it. Only when the file the
    page has is the very source that was compiled (its hash is checked): any other file is imported
    as usual, so a snapshot can never run code that differs from what is on disk."""

    def __init__(self):
        self.code = {}          # module name -> (path, sha256 of the source, is a package, code object)

    def add(self, name: str, path: str, source: bytes, package: bool = False) -> None:
        """Compile `source` as module `name`, to be found at `path` when the page imports it."""
        self.code[name] = (path, hashlib.sha256(source).hexdigest(), package, compile(source, path, "exec"))

    def find_spec(self, name, path=None, target=None):
        if name not in self.code:
            return None
        origin, digest, package, _ = self.code[name]
        try:
            with open(origin, "rb") as source:
                same = hashlib.sha256(source.read()).hexdigest() == digest
        except OSError:
            same = False
        if not same:
            del self.code[name]
            return None
        spec = importlib.machinery.ModuleSpec(name, self, origin=origin, is_package=package)
        if package:
            spec.submodule_search_locations = [os.path.dirname(origin)]
        spec.has_location = True
        return spec

    def create_module(self, spec):
        return None

    def exec_module(self, module):
        code = self.code.pop(module.__name__)[3]
        exec(code, module.__dict__)


PRECOMPILED = Precompiled()


def module_names(packages=PACKAGES) -> list[str]:
    """Every module of the packages, parents first, in a fixed order."""
    names = []
    for package in packages:
        names.append(package)
        root = importlib.import_module(package)
        for info in pkgutil.walk_packages(root.__path__, prefix=package + "."):
            if info.name.rsplit(".", 1)[-1] not in SKIP:
                names.append(info.name)
    return sorted(set(names), key=lambda name: (name.count("."), name))


def prepare(packages=PACKAGES, pyscript: dict | None = None) -> dict:
    """Import what needs no page, compile what does, load the catalogue; returns what it did.

    `pyscript`: PyScript's own Python package as {file name: source}, which PyScript writes into
    ./pyscript/ on every page before it imports it: compiled here too."""
    global RESTORED
    imported, compiled = [], []
    for file, source in sorted((pyscript or {}).items()):
        stem = file.removesuffix(".py")
        name = "pyscript" if stem == "__init__" else f"pyscript.{stem}"
        PRECOMPILED.add(name, os.path.abspath(os.path.join("pyscript", file)), source.encode("utf-8"), stem == "__init__")
        compiled.append(name)
    for name in FOR_PYSCRIPT:
        importlib.import_module(name)
    for name in module_names(packages):
        if name in sys.modules:
            imported.append(name)
            continue
        try:
            importlib.import_module(name)
            imported.append(name)
        except ModuleNotFoundError as error:
            if error.name != "pyscript":
                raise
            compiled.append(_compile(name))
    if PRECOMPILED not in sys.meta_path:
        sys.meta_path.insert(0, PRECOMPILED)
    load_content()
    # A fixed seed, so the same sources give the same snapshot bytes; resume() re-seeds at once.
    random.seed(0)
    RESTORED = True
    return {"imported": len(imported), "compiled": len(compiled), "modules": len(sys.modules)}


def load_content() -> None:
    """Parse what every page reads before its first game, into the caches it is read from: the
    message catalogue, each ruleset's rules and its starter content (a default setup reads it)."""
    from engine.core.options import resolve_options
    from engine.rulesets import builtin
    from ui.words import messages

    messages()
    for ruleset in builtin():
        ruleset.catalogue
        ruleset.default_setup(resolve_options(ruleset.options, {}), 0)


def _compile(name: str) -> str:
    """Compile one module that binds the page, for PRECOMPILED to run when the page imports it."""
    spec = importlib.util.find_spec(name)
    if spec is None or spec.origin is None or spec.submodule_search_locations is not None:
        raise ImportError(f"{name}: a package or a module without a source file cannot wait for the page")
    with open(spec.origin, "rb") as source:
        PRECOMPILED.add(name, spec.origin, source.read())
    return name


def resume() -> None:
    """First thing on every start: fresh randomness. (The importer needs no telling that the files
    were unpacked again: its caches of a folder check the folder's time, which is new on a page.)"""
    random.seed()
