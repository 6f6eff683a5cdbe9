"""Every registered page's renderer keeps the contract the shell calls (ui/games/contract.py), and the
shell asks a renderer for nothing else.

Renderers import `pyscript`, which only a page has: here a stand-in module with the same names lets
CPython import them (nothing is drawn), so their real classes are checked, inherited members included."""

import ast
import inspect
import sys
import types
from importlib import import_module
from pathlib import Path

import pytest

from ui import pages
from ui.games.contract import GameRenderer

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def renderers():
    """page id -> its Renderer class, imported with a stand-in `pyscript`; the modules are dropped after."""
    ffi = types.ModuleType("pyscript.ffi")
    ffi.create_proxy = ffi.to_js = lambda value, **options: value
    stand_in = types.ModuleType("pyscript")
    stand_in.document = stand_in.window = None
    stand_in.ffi = ffi
    before = set(sys.modules)
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(sys.modules, "pyscript", stand_in)
        patch.setitem(sys.modules, "pyscript.ffi", ffi)
        yield {page.id: import_module(page.renderer).Renderer for page in pages.built()}
    for name in set(sys.modules) - before:
        del sys.modules[name]


def test_every_renderer_is_a_game_renderer_with_every_member_written(renderers):
    assert renderers
    for page_id, renderer in renderers.items():
        assert issubclass(renderer, GameRenderer), page_id
        assert not inspect.isabstract(renderer), (page_id, sorted(renderer.__abstractmethods__))
        assert isinstance(renderer.DRAW_KEY, str) and isinstance(renderer.OTHER_LINK_KEY, str), page_id


def test_a_page_that_watches_automatic_steps_says_which_and_words_them(renderers):
    for page in pages.built():
        overrides = {name for name in ("watched", "status_auto")
                     if getattr(renderers[page.id], name) is not getattr(GameRenderer, name)}
        assert overrides == ({"watched", "status_auto"} if page.watch_auto else set()), page.id


def test_the_shell_calls_only_the_contract_on_a_renderer():
    """Every `self.renderer.NAME` in the shell is a member of GameRenderer."""
    members = {name for name in dir(GameRenderer) if not name.startswith("_")} | set(GameRenderer.__annotations__)
    called = set()
    for path in (ROOT / "ui").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Attribute)
                    and node.value.attr == "renderer"):
                called.add(node.attr)
    assert called and called <= members, called - members
