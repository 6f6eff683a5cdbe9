"""The autobattle board in Chromium at 1280 px and 390 px, in English, Japanese and Russian: the two
battle lines face each other in the middle cell against cell, every zone is labelled, nothing
scrolls sideways; autoplay shows attacks (arrow and damage number), stepping shows none, reduced
motion gives them no duration; zero serious axe violations; screenshots of the board at both widths
(test-artifacts/e2e)."""

import pytest

from tests.e2e.support import Tab, assert_no_serious_axe_violations

pytestmark = pytest.mark.needs_subprocess  # a browser and a build

SEED = 7
DECKS = {0: ["ashen_cabal", "rotfen_brood"], 1: ["antler_kin"]}
LOCALES = {"en": "en-US", "ja": "ja-JP", "ru": "ru-RU"}
WIDTHS = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}
LABELS = {  # the words each zone is labelled with (ui/messages.toml)
    "en": ("Reserve", "Battle line", "Terrain", "Cards in deck", "Leadership"),
    "ja": ("リザーブ", "戦列", "地形", "デッキ残り", "統率力"),
    "ru": ("Резерв", "Линия боя", "Местность", "Карт в колоде", "Лидерство"),
}
FAST = "300"            # the "fast" speed: 300 ms a frame


def folder(lang: str) -> str:
    return "" if lang == "en" else f"{lang}/"


def start_battle(tab: Tab, lang: str) -> None:
    """Open the play page in `lang`, set the decks and seed by the form and start the battle."""
    tab.goto(f"{folder(lang)}index.html#/autobattle")
    page = tab.page
    for seat in (0, 1):
        for slot in (1, 2, 3):
            squads = DECKS[seat]
            page.select_option(f"#side-{seat}-squad-{slot}", squads[slot - 1] if slot <= len(squads) else "")
    page.fill("#seed", str(SEED))
    page.click("#start")
    page.wait_for_selector("#player", state="visible")
    page.click("#pause")


def geometry(tab: Tab) -> dict:
    """Boxes and widths the layout checks need, measured in the page."""
    return tab.page.evaluate("""() => {
        const box = el => { const r = el.getBoundingClientRect(); return {l: r.left, r: r.right, t: r.top, b: r.bottom}; };
        const board = document.getElementById('board');
        const side = s => document.getElementById('side-' + s);
        return {
            doc: [document.documentElement.scrollWidth, document.documentElement.clientWidth],
            board: [board.scrollWidth, board.clientWidth],
            cells: [0, 1].map(s => Array.from(side(s).querySelectorAll('.cell')).map(box)),
            terrain: [0, 1].map(s => box(side(s).querySelector('.terrain-slot'))),
            lines: [0, 1].map(s => box(side(s).querySelector('.line'))),
            reserves: [0, 1].map(s => box(side(s).querySelector('.reserve'))),
            heads: [0, 1].map(s => box(side(s).querySelector('.side-head'))),
            boardBox: box(board),
        };
    }""")


def assert_faces_cell_against_cell(g: dict) -> None:
    """Side 1's line above side 0's, adjacent, cell i over cell i; reserves and heads outside."""
    top, bottom = g["lines"][1], g["lines"][0]
    assert top["b"] <= bottom["t"] + 0.5, (top, bottom)
    gap = bottom["t"] - top["b"]
    assert gap < 16, f"the two battle lines are {gap:.0f} px apart"
    for seat in (0, 1):     # nothing of either reserve lies between the two lines
        reserve = g["reserves"][seat]
        assert reserve["b"] <= top["t"] + 0.5 or reserve["t"] >= bottom["b"] - 0.5, (seat, reserve, top, bottom)
    assert g["reserves"][1]["b"] <= top["t"] and g["heads"][1]["b"] <= top["t"]
    assert g["reserves"][0]["t"] >= bottom["b"] and g["heads"][0]["t"] >= bottom["b"]
    for index, (upper, lower) in enumerate(zip(g["cells"][1], g["cells"][0])):
        assert abs(upper["l"] - lower["l"]) < 1 and abs(upper["r"] - lower["r"]) < 1, (index, upper, lower)
        assert upper["b"] <= lower["t"], (index, upper, lower)
    for seat in (0, 1):     # all 7 cells and the terrain slot inside the board, in one row
        cells = g["cells"][seat]
        assert len(cells) == 7
        assert cells[-1]["r"] <= g["terrain"][seat]["l"] + 0.5
        assert g["terrain"][seat]["r"] <= g["boardBox"]["r"] + 0.5 and cells[0]["l"] >= g["boardBox"]["l"] - 0.5
        assert len({round(cell["t"]) for cell in cells}) == 1, cells


def assert_every_zone_labelled(tab: Tab, lang: str) -> None:
    """Each side: a named group, its reserve, battle line and terrain as named groups, its
    Leadership and deck count labelled in words."""
    reserve, line, terrain, deck, leadership = LABELS[lang]
    names = tab.page.evaluate("""() => Array.from(document.querySelectorAll('#board [role=group]')).map(el =>
        (el.getAttribute('aria-labelledby') || '').split(' ').map(id => document.getElementById(id).textContent.trim()).join(' '))""")
    for seat in (0, 1):
        side = tab.text(f"#side-{seat}-name")
        assert side and side in names, (side, names)
        assert f"{side} {reserve}" in names and f"{side} {line}" in names, names
        head = tab.text(f"#side-{seat} .side-head")
        assert leadership in head and deck in head, head
        assert tab.page.is_visible(f"#side-{seat}-reserve-label") and tab.page.is_visible(f"#side-{seat}-line-label")
    assert names.count(terrain) == 2, names


@pytest.mark.parametrize("lang", sorted(LOCALES))
@pytest.mark.parametrize("width", sorted(WIDTHS))
def test_board_faces_off_in_the_middle_labelled_without_sideways_scroll(open_page, lang, width):
    tab = open_page(f"board-{width}-{lang}", viewport=WIDTHS[width], locale=LOCALES[lang])
    start_battle(tab, lang)
    tab.page.click("#to-end")
    tab.page.click("#to-start")
    for _ in range(12):     # a middle frame: cards in the reserves, on both lines and a terrain
        tab.page.click("#step-forward")
    g = geometry(tab)
    assert g["doc"][0] <= g["doc"][1], f"page scrolls sideways: {g['doc']}"
    assert g["board"][0] <= g["board"][1], f"board scrolls sideways: {g['board']}"
    assert_faces_cell_against_cell(g)
    assert_every_zone_labelled(tab, lang)
    assert tab.page.locator("#board .cell .card[data-uid]").count() > 0
    shot = tab.screenshot(f"board-{width}-{lang}")      # the whole page, and the board alone
    tab.page.locator("#board").screenshot(path=str(shot.with_name(f"board-{width}-{lang}-board.png")))
    assert_no_serious_axe_violations(tab, f"board {width} {lang}")
    tab.page.click("#to-end")
    g = geometry(tab)
    assert g["doc"][0] <= g["doc"][1] and g["board"][0] <= g["board"][1], g
    tab.assert_clean()


def record_overlays(tab: Tab) -> None:
    """From now on, window.__fx lists every overlay added to the board's layer, with its class, text
    and computed animation timing when it was added."""
    tab.page.evaluate("""() => {
        window.__fx = [];
        const layer = document.querySelector('#board .fx-layer');
        new MutationObserver(records => records.forEach(r => r.addedNodes.forEach(n => {
            const style = getComputedStyle(n);
            window.__fx.push({cls: n.className, text: n.textContent, to: n.dataset.to,
                duration: parseFloat(style.animationDuration), delay: parseFloat(style.animationDelay),
                visibility: style.visibility});
        }))).observe(layer, {childList: true});
    }""")


@pytest.mark.parametrize("width", sorted(WIDTHS))
def test_autoplay_shows_attacks_and_stepping_does_not(open_page, width):
    tab = open_page(f"board-fx-{width}", viewport=WIDTHS[width])
    start_battle(tab, "en")
    page = tab.page
    page.click("#to-start")
    record_overlays(tab)
    for _ in range(15):     # stepping: frames with attacks, drawn at once
        page.click("#step-forward")
        assert page.locator("#board .fx-layer > *").count() == 0
    assert page.evaluate("window.__fx") == []
    assert page.locator("#board .fx-enter, #board .fx-hit, #board .fx-buff").count() == 0
    page.click("#to-end")
    page.click("#step-back")
    assert page.evaluate("window.__fx") == []

    page.click("#to-start")
    page.select_option("#speed", FAST)
    page.click("#play")
    number = page.wait_for_selector("#board .fx-layer .fx-damage", state="attached", timeout=20_000)
    assert number.text_content().startswith("\u2212")
    page.wait_for_selector("#board .fx-layer .fx-shot[data-to=cell]", state="attached", timeout=20_000)
    page.click("#pause")
    seen = page.evaluate("window.__fx")
    shots = [fx for fx in seen if "fx-shot" in fx["cls"]]
    numbers = [fx for fx in seen if "fx-damage" in fx["cls"]]
    assert shots and numbers, seen
    assert all(0.05 < fx["duration"] < 1.0 for fx in shots + numbers), seen
    assert all(fx["text"][1:].isdigit() for fx in numbers), numbers
    assert {fx["to"] for fx in shots} == {"cell", "leadership"}, shots     # at a card and at the Ungar
    # Overlays go away once played (removed at their animation's end or with the next frame).
    page.wait_for_function("document.querySelectorAll('#board .fx-layer > *').length === 0", timeout=5_000)
    freeze_an_attack_for_a_screenshot(tab)
    tab.page.locator("#board").screenshot(path=str(tab.screenshot(f"board-fx-{width}").with_name(
        f"board-fx-{width}-board.png")))
    tab.assert_clean()


def freeze_an_attack_for_a_screenshot(tab: Tab) -> None:
    """Play slowly until a frame shows an arrow and a number, then stop autoplay and hold every
    animation half-way, so the screenshot shows the attack (a picture for people, not a check)."""
    page = tab.page
    page.click("#to-start")
    page.select_option("#speed", "1600")
    page.click("#play")
    page.wait_for_function("""() => {
        const layer = document.querySelector('#board .fx-layer');
        if (!layer.querySelector('.fx-shot[data-to=cell]') || !layer.querySelector('.fx-damage')) return false;
        document.getElementById('pause').click();
        for (const animation of document.getAnimations()) {
            const timing = animation.effect.getComputedTiming();
            animation.pause();
            animation.currentTime = timing.delay + timing.duration * 0.45;
        }
        return true;
    }""", polling="raf", timeout=30_000)


def test_reduced_motion_gives_the_effects_no_duration(open_page):
    tab = open_page("board-reduced", viewport=WIDTHS["phone"], reduced_motion="reduce")
    start_battle(tab, "en")
    page = tab.page
    page.click("#to-start")
    record_overlays(tab)
    page.select_option("#speed", FAST)
    page.click("#play")
    page.wait_for_function("window.__fx.some(fx => fx.cls.includes('fx-damage'))", timeout=20_000)
    page.click("#pause")
    seen = page.evaluate("window.__fx")
    assert all(fx["duration"] <= 0.01 and fx["delay"] == 0 and fx["visibility"] == "hidden" for fx in seen), seen
    page.wait_for_function("document.querySelectorAll('#board .fx-layer > *').length === 0", timeout=2_000)
    delays = page.evaluate("""() => Array.from(document.querySelectorAll('#board .card')).map(card =>
        parseFloat(getComputedStyle(card).animationDuration) + parseFloat(getComputedStyle(card).animationDelay))""")
    assert all(seconds <= 0.01 for seconds in delays), delays
    tab.assert_clean()
