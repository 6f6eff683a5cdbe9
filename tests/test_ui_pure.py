"""The parts of the front end that need no browser: routes and the battle log in words."""

from pathlib import Path

import pytest

from engine.core import Session
from engine.rulesets.autobattle.cards import builtin_content
from ui.replay import Replay
from ui.route import parse_hash, replay_hash
from engine.core.messages import placeholders
from ui.games.autobattle.words import describe
from ui.words import messages

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("text, page, ruleset, params", [
    ("", "home", None, {}),
    ("#/", "home", None, {}),
    ("#/nowhere", "home", None, {}),
    ("#/autobattle", "play", "autobattle", {}),
    ("#/autobattle/replay?g=S1.abc&turn=4", "replay", "autobattle", {"g": "S1.abc", "turn": "4"}),
    ("#/autobattle/replay?g=", "replay", "autobattle", {"g": ""}),
])
def test_routes(text, page, ruleset, params):
    route = parse_hash(text)
    assert (route.page, route.ruleset, route.params) == (page, ruleset, params)


def test_replay_hash_round_trips_through_the_router():
    route = parse_hash(replay_hash("autobattle", "S1.xyz-_", step=7, rule="S4-R5", note="hi & <b>bye</b>"))
    assert route.params == {"g": "S1.xyz-_", "step": "7", "rule": "S4-R5", "note": "hi & <b>bye</b>"}


def test_a_note_is_capped_in_the_link():
    route = parse_hash(replay_hash("autobattle", "S1.x", note="n" * 500))
    assert route.params["note"] == "n" * 140


def names(card_id):
    return builtin_content().cards[card_id].name["en"]


def test_every_event_of_real_games_reads_as_a_sentence():
    kinds = set()
    for seed in range(30):
        session = Session.start("autobattle", seed=seed, options={"retaliation": seed % 2 == 0})
        session.run()
        for event in session.events:
            data = event.to_data()
            kinds.add(event.kind)
            sentence = describe(data, names)
            assert sentence and "{" not in sentence and not sentence.startswith(event.kind + ".")
    assert {"enter", "attack", "killed", "hit_ungar", "end", "feature", "draw"} <= kinds


def test_message_placeholders_agree_across_languages():
    for section in messages().values():
        for entry in section.values():
            assert len({frozenset(placeholders(text)) for text in entry.values()}) == 1


def test_replay_frames_end_at_the_outcome_with_the_cli_digest():
    replay = Replay.start("autobattle", 3, {"decks": [["ashen_cabal"], ["harvest_militia"]]})
    session = Session.start("autobattle", seed=3, setup={"decks": [["ashen_cabal"], ["harvest_militia"]]})
    session.run()
    assert replay.digest == session.digest()
    assert replay.frames[-1].turn == session.turns() == replay.last
    assert [e["kind"] for e in replay.frames[-1].events][-1] == "end"


# --- the shell: routes from untrusted hashes, the page registry, module boundaries ----------------

@pytest.mark.parametrize("text, last, expected", [
    ("0", 5, 0), ("5", 5, 5), ("6", 5, None), ("", 5, None), ("-1", 5, None), ("+1", 5, None),
    (" 1", 5, None), ("1.0", 5, None), ("²", 5, None), ("١", 5, None), ("1" * 21, 10 ** 30, None),
    ("0" * 20, 5, 0), (None, 5, None), (3, 5, None),
])
def test_a_link_number_is_ascii_digits_within_bounds(text, last, expected):
    from ui.route import whole_number
    assert whole_number(text, last) == expected


def test_routes_come_from_the_page_registry():
    from ui import pages
    assert parse_hash("#/tactics/rules").page == "rules"
    assert parse_hash("#/autobattle/cards?at=pyro").params == {"at": "pyro"}
    assert parse_hash("#/autobattle/cards").page == "cards"
    assert parse_hash("#/tactics/howto?at=glossary-soulwell").page == "howto"
    assert parse_hash("#/initiative").page == "play"          # the fourth game's page, built (issue 14)
    assert parse_hash("#/nowhere/replay?g=x").page == "home"
    assert parse_hash("#/../tactics").page == "home"
    assert {page.id for page in pages.built()} <= {page.id for page in pages.PAGES}
    for page in pages.built():
        assert parse_hash(f"#/{page.id}").ruleset == page.id
        assert (ROOT / "build" / "templates" / page.template).exists(), page.template
        assert page.open_at in ("start", "end") and page.log_by in ("step", "turn")


def test_the_note_param_is_capped_text():
    from ui.route import MAX_NOTE, note_param
    assert note_param({"note": "  <b>x</b> "}) == "<b>x</b>"
    assert len(note_param({"note": "n" * 1000})) == MAX_NOTE
    assert note_param({}) == ""


def test_the_build_reads_its_pages_from_the_registry(monkeypatch):
    """A new entry in ui/pages.py gives its pages without touching build/build_site.py."""
    import dataclasses
    import sys

    pytest.importorskip("jinja2")
    from ui import pages
    sys.path.insert(0, str(ROOT / "build"))
    import build_site
    from engine.rulesets import BUILTIN
    before = build_site.site_pages()
    assert {entry.id for entry in pages.built()} == set(BUILTIN)
    assert set(before) == {"index.html"} | {f"{entry.id}/{page}.html" for entry in pages.built()
                                            for page, has in (("cards", entry.gallery), ("rules", entry.rules),
                                                              ("howto", entry.howto)) if has}
    tactics = pages.get("tactics")
    twin = dataclasses.replace(tactics, gallery=None, howto=None)
    monkeypatch.setattr(pages, "PAGES", tuple(twin if p is tactics else p for p in pages.PAGES))
    assert "tactics/cards.html" not in build_site.site_pages()
    assert "tactics/howto.html" not in build_site.site_pages()
    assert "autobattle/howto.html" in build_site.site_pages()


def test_the_site_stylesheet_is_the_shells_then_each_games_own(tmp_path):
    """One site.css: build/static/site.css, then build/templates/games/ID/game.css in registry order."""
    import sys

    pytest.importorskip("jinja2")       # the build script needs it; Pyodide's run has none
    from ui import pages
    sys.path.insert(0, str(ROOT / "build"))
    import build_site
    build_site.write_stylesheet(tmp_path)
    games = [ROOT / "build" / "templates" / entry.stylesheet for entry in pages.built()]
    games = [path for path in games if path.is_file()]       # a game's own stylesheet is optional
    assert games
    wanted = "".join(path.read_text("utf-8") for path in [ROOT / "build" / "static" / "site.css", *games])
    assert (tmp_path / "site.css").read_text("utf-8") == wanted


def test_ui_modules_import_one_way():
    """ui -> engine only; a game's modules -> the shell's (controller/dom/words) and the contract, never
    another game's, the app or the router; the shell never imports a game by name (it asks the registry)."""
    import ast
    imports = {}
    for path in (ROOT / "ui").rglob("*.py"):
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        found = set()
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                found |= {node.module} | {f"{node.module}.{alias.name}" for alias in node.names}
            elif isinstance(node, ast.Import):
                found |= {alias.name for alias in node.names}
        imports[module] = {name for name in found if name.startswith(("ui", "engine"))}
    for module, names in imports.items():
        if module.startswith("ui.games."):
            game = module.split(".")[:3]        # ui.games.ID
            assert not any(name.startswith(("ui.games", "ui.app")) and name.split(".")[:3] != game
                           and not name.startswith("ui.games.contract") for name in names), (module, names)
        elif module != "ui.main":       # the start-up line imports the app
            assert not any(name.startswith(("ui.app", "ui.games")) for name in names), (module, names)
    engine_sources = "\n".join(p.read_text("utf-8") for p in (ROOT / "engine").rglob("*.py"))
    assert "from ui" not in engine_sources and "import ui" not in engine_sources


def test_ui_writes_no_html():
    """Text goes in with textContent: no innerHTML/outerHTML/insertAdjacentHTML/document.write in ui/."""
    for path in (ROOT / "ui").rglob("*.py"):
        source = path.read_text("utf-8")
        for needle in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write"):
            assert needle not in source, f"{path.name} uses {needle}"


@pytest.mark.parametrize("ruleset_id", ["initiative", "siege"])
def test_the_browser_figures_play_whole_games_even_with_simultaneous_decisions(ruleset_id):
    """bot_times and automatic_run_times (the page's timing hooks) play every seat to the end: with
    simultaneous choices, one seat's answer can move the game to a decision of other seats."""
    from engine.rulesets import get
    from ui.replay import automatic_run_times, bot_times

    get(ruleset_id)
    times = bot_times(ruleset_id, "sensible", 2)
    runs = automatic_run_times(ruleset_id, "sensible", 2)
    assert len(times) > 20 and all(t >= 0 for t in times)
    assert len(runs) > 5 and all(t >= 0 for t in runs)
