"""Share links from strangers, in Chromium: a malformed link shows one readable line and runs
nothing; markup and script in any field a record can carry stay text; records of another ruleset
or version are refused in words.

Every link is opened as a new page load (Tab.goto passes by about:blank), in one browser context
for the module: a fresh context per link would cost a cold Pyodide start (~3.5 s) each.
"""

import base64
import copy
import json
import zlib
from urllib.parse import quote, urlsplit

import pytest

from engine.core import Record, Session, SkirmishError, decode_link, encode_link, get_ruleset

from .support import Tab

pytestmark = pytest.mark.needs_subprocess  # a browser and a build (processes)

IMG = '<img src=x onerror="window.__pwned=1">'
SCRIPT = "<script>window.__pwned=2</script>"
MARKUP = IMG + SCRIPT
ONERROR_WAIT_MS = 250      # ms; an injected <img src=x> would fail to load and run onerror by then


# --- records and payloads ------------------------------------------------------------------------

def base_record() -> dict:
    """A valid autobattle record as JSON data (the starter squads, all options resolved)."""
    ruleset = get_ruleset("autobattle")
    session = Session.start("autobattle", seed=5, options={},
                            setup={"decks": [["ashen_cabal"], ["antler_kin", "salt_road_caravan"]]})
    data = session.record.to_data()
    assert data["version"] == ruleset.version
    return data


def payload_of(data: dict) -> str:
    """A record through the engine's own encoder (it must be a well-formed record)."""
    return encode_link(Record.from_data(data))


def raw_payload(text: str) -> str:
    """Any text as a link payload: raw deflate + base64url behind the prefix, no checks at all."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(text.encode("utf-8")) + packer.flush()
    return "S1." + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def engine_error(payload: str) -> str | None:
    """What the engine (on CPython) says about this payload; None if it opens the game."""
    try:
        record = decode_link(payload)
        if record.ruleset != "autobattle":
            return None     # the page's own message (see test_another_ruleset_is_refused_in_words)
        Session.replay(record, events=False, finish=False)
    except SkirmishError as error:
        return str(error)
    return None


def markup_records() -> dict:
    """id -> payload: markup and script in every field a record can carry."""
    data = base_record()
    cases = {}

    def case(name, change, raw=False):
        variant = copy.deepcopy(data)
        change(variant)
        cases[name] = raw_payload(json.dumps(variant)) if raw else payload_of(variant)

    case("ruleset", lambda d: d.update(ruleset=MARKUP))
    case("option-key", lambda d: d["options"].update({MARKUP: MARKUP}))
    case("option-value", lambda d: d["options"].update(base_attack=MARKUP))
    case("deck-squad", lambda d: d["setup"].update(decks=[[MARKUP], [SCRIPT]]))
    case("content-ids", lambda d: d["setup"].update(content={
        "cards": {MARKUP: {"name": {"en": MARKUP}}}, "squads": {SCRIPT: {"name": {"en": IMG}}}}))
    case("content-fields", lambda d: d["setup"].update(content={
        "cards": {"x_card": {MARKUP: 1, "type": SCRIPT, "name": {"en": IMG}}}}))
    case("setup-key", lambda d: d["setup"].update({MARKUP: SCRIPT}))
    case("position", lambda d: d.update(setup={"position": {"a": IMG, "b": SCRIPT, "active": 0, "turn": 0}}))
    case("actions", lambda d: d.update(actions=[[0, MARKUP], [1, {MARKUP: [SCRIPT]}]]))
    # Records the engine refuses to construct: only raw deflate + base64url makes them.
    case("format", lambda d: d.update(format=MARKUP), raw=True)
    case("unknown-field", lambda d: d.update({MARKUP: SCRIPT}), raw=True)
    cases["not-json"] = raw_payload('{"format": "' + MARKUP + '", ')
    return cases


def playable_markup_record() -> tuple[str, Record]:
    """A VALID record whose own cards and squad are named with markup: it plays, and the names
    reach the board and the log."""
    data = base_record()
    names = lambda text: {"en": text, "ja": text, "ru": text}  # noqa: E731
    data["setup"] = {"decks": [["x_band"], ["ashen_cabal"]], "content": {
        "cards": {
            "x_hero": {"type": "hero", "element": "neutral", "rarity": "rare", "crystals": 2, "attack": 3,
                       "life": 9, "name": names(IMG), "leadership": 10,
                       "limits": {"equipment": 1, "terrain": 1}},
            "x_grunt": {"type": "creature", "element": "neutral", "rarity": "common", "crystals": 1,
                        "attack": 2, "life": 3, "name": names(SCRIPT)}},
        "squads": {"x_band": {"element": "neutral", "name": names(SCRIPT), "hero": "x_hero",
                              "cards": ["x_grunt", "x_grunt", "hired_sellsword", "hired_sellsword",
                                        "ogre_brute", "road_warden", "caravan_mastiff"]}}}}
    record = Session.start("autobattle", seed=data["seed"], options=data["options"], setup=data["setup"]).record
    return encode_link(record), record


def replay_query(payload: str, turn: str | None = None) -> str:
    return f"g={payload}" + (f"&turn={turn}" if turn is not None else "")


# --- the page --------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def links_tab(browser, base_url):
    tab = Tab.new(browser, base_url, "bad-links")
    yield tab
    tab.close()


@pytest.fixture
def tab(links_tab):
    """The module's tab, with this test's records only; no request may leave 127.0.0.1."""
    links_tab.reset()
    yield links_tab
    assert links_tab.foreign_requests() == [], links_tab.foreign_requests()


REPLAY = "#/autobattle/replay?"


def open_replay(tab: Tab, query: str, onerror_wait: bool = False) -> None:
    """Load `index.html#/autobattle/replay?QUERY` as a new page and wait for Python (and, for
    markup, long enough that an injected <img src=x onerror=...> would have fired)."""
    tab.goto("index.html" + REPLAY + query)
    if onerror_wait:
        tab.page.wait_for_timeout(ONERROR_WAIT_MS)


def assert_nothing_injected(tab: Tab) -> None:
    """No script ran, no element came from a link, nothing was fetched for it."""
    page = tab.page
    assert page.evaluate("typeof window.__pwned") == "undefined", page.evaluate("window.__pwned")
    injected = page.evaluate("""() => ({
        inAlerts: document.querySelectorAll('#link-error *, #form-error *, #load-error *').length,
        imgOrScript: document.querySelectorAll(
            '#link-error img, #link-error script, #log img, #log script, #board img, #board script').length,
        anyImg: document.querySelectorAll('img[src="x"], img[onerror], [onerror]').length,
        inlineScripts: Array.from(document.scripts).filter(s => s.textContent.includes('__pwned')).length})""")
    assert injected == {"inAlerts": 0, "imgOrScript": 0, "anyImg": 0, "inlineScripts": 0}, injected
    fetched_x = [url for url in tab.requests if urlsplit(url).path.endswith("/x")]
    assert fetched_x == [] and tab.foreign_requests() == [], (fetched_x, tab.foreign_requests())


def assert_refused(tab: Tab, query: str, fragment: str | None = None, try_start: bool = False) -> str:
    """A readable one-line error with the engine's own words, no battle on show, a working page."""
    page = tab.page
    assert tab.visible("#link-error"), "no visible #link-error"
    message = page.text_content("#link-error")
    assert message.strip() and "\n" not in message.strip() and len(message) < 600, message
    assert "Traceback" not in message and "Error:" not in message, message
    expected = engine_error(REPLAY + query)      # the page decodes the whole hash, as the CLI can
    if expected is not None:
        # The page's lead-in ("This link cannot be opened:"), then the engine's words, as text.
        assert message.endswith(" " + expected) and len(message) > len(expected) + 5, (message, expected)
    if fragment is not None:
        assert fragment in message, message
    # It ran nothing.
    assert not tab.visible("#player")
    assert page.locator("#log li").count() == 0
    assert not tab.visible("#outcome") and page.get_attribute("#outcome", "data-digest") is None
    assert not tab.visible("#load-error") and not tab.visible("#form-error")
    assert_nothing_injected(tab)
    tab.assert_clean()
    # Still usable.
    assert page.is_enabled("#start") and page.is_enabled("#roll-seed")
    if try_start:
        page.click("#start")
        page.wait_for_selector("#player", state="visible")
        page.wait_for_function("document.getElementById('turn-label').textContent.length > 0")
        assert not tab.visible("#form-error"), tab.text("#form-error")
        tab.assert_clean()
    return message


# --- malformed links ---------------------------------------------------------------------------------

def _valid_payload() -> str:
    return payload_of(base_record())


MALFORMED = {   # name -> (query, a fragment the message must hold, or None)
    "truncated": lambda: (f"g={_valid_payload()[: len(_valid_payload()) * 2 // 3]}", None),
    "garbage": lambda: ("g=S1.!!this*is~not@base64!!", "not valid base64url"),
    "percent-encoded-markup": lambda: ("g=S1." + quote(MARKUP, safe=""), "not valid base64url"),
    "deflated-not-json": lambda: (f"g={raw_payload('not json at all')}", "not valid JSON"),
    "wrong-prefix": lambda: (f"g=S9.{_valid_payload()[3:]}", "must start with 'S1.'"),
    "over-long": lambda: ("g=S1." + "A" * 70_000, "too long"),
    "empty": lambda: ("g=", "no g= link payload"),
}


@pytest.mark.parametrize("name", list(MALFORMED))
def test_malformed_link_is_one_readable_line_and_runs_nothing(tab, name):
    query, fragment = MALFORMED[name]()
    open_replay(tab, query, onerror_wait=name == "percent-encoded-markup")
    assert engine_error(REPLAY + query) is not None, f"the engine accepts {query[:60]!r}"
    assert_refused(tab, query, fragment, try_start=True)


@pytest.mark.parametrize("turn", ["abc", "99999", "²", "%C2%B2", "%D9%A3"])   # "²", "٣": str.isdigit() takes them
def test_bad_turn_shows_the_start_and_says_why(tab, turn):
    payload = _valid_payload()
    final = Session.replay(decode_link(payload), events=False)
    open_replay(tab, replay_query(payload, turn))
    page = tab.page
    assert tab.visible("#link-error")
    message = tab.text("#link-error")
    assert "turn" in message and "whole number" in message, message
    # The game itself is fine: it is on show from the start and plays to the CLI's digest.
    assert tab.visible("#player")
    assert tab.text("#turn-label").startswith("Before the first turn")
    page.click("#to-end")
    page.wait_for_selector("#outcome[data-digest]", state="visible")
    assert page.get_attribute("#outcome", "data-digest") == final.digest()
    assert_nothing_injected(tab)
    tab.assert_clean()


# --- markup and script in every field --------------------------------------------------------------

MARKUP_CASES = markup_records()


@pytest.mark.parametrize("field", list(MARKUP_CASES))
def test_markup_in_a_record_field_stays_text(tab, field):
    query = replay_query(MARKUP_CASES[field])
    open_replay(tab, query, onerror_wait=True)
    if field == "ruleset":
        message = assert_refused(tab, query, fragment="ruleset")
        assert MARKUP[:30] in message      # the (shortened) id is shown, as text
        return
    assert engine_error(REPLAY + query) is not None, f"the engine accepts a record with markup in {field}"
    assert_refused(tab, query)


def test_markup_in_card_and_squad_names_of_a_playable_link_stays_text(tab):
    payload, record = playable_markup_record()
    open_replay(tab, replay_query(payload, "3"), onerror_wait=True)
    page = tab.page
    assert not tab.visible("#link-error"), tab.text("#link-error")
    assert tab.text("#turn-label").startswith("Turn 3 of ")
    page.click("#to-end")
    page.wait_for_selector("#outcome[data-digest]", state="visible")
    assert page.get_attribute("#outcome", "data-digest") == Session.replay(record, events=False).digest()
    log = page.text_content("#log")
    assert IMG in log and SCRIPT in log            # the names, shown literally
    # Step through the battle: the cards drawn from the generic template show the names as text.
    page.click("#to-start")
    names = set()
    while not tab.visible("#outcome"):
        names.update(page.locator("#board .card .name").all_text_contents())
        page.click("#step-forward")
    assert {IMG, SCRIPT} <= names, names
    page.click("#share")
    page.wait_for_function("document.getElementById('share-link').value.length > 0")
    # Sharing it again carries the same record, markup and all.
    assert decode_link(page.input_value("#share-link")).to_data() == record.to_data()
    assert_nothing_injected(tab)
    tab.assert_clean()
    tab.screenshot("markup-names")


def test_markup_in_the_other_link_parameters_stays_text(tab):
    """`turn`/`step`, `rule` and `note` ride next to the payload in any link: the game opens,
    a bad turn is reported, and whatever the page shows of them is text."""
    payload = _valid_payload()
    markup = quote(MARKUP, safe="")
    open_replay(tab, f"g={payload}&turn={markup}&step={markup}&rule={markup}&note={markup}", onerror_wait=True)
    assert tab.visible("#player") and tab.text("#turn-label").startswith("Before the first turn")
    assert tab.visible("#link-error") and "turn" in tab.text("#link-error")
    note = tab.page.query_selector("#note-text")
    if note is not None and note.is_visible():      # the sender's note, where the page shows one
        assert note.text_content() == MARKUP
    assert_nothing_injected(tab)
    tab.assert_clean()


# --- records this build does not play --------------------------------------------------------------

def test_another_ruleset_is_refused_in_words(tab):
    data = base_record()
    data.update(ruleset="tactics", options={}, setup={})
    query = replay_query(payload_of(data))
    open_replay(tab, query)
    message = assert_refused(tab, query, fragment="tactics")
    assert "ruleset" in message


def test_another_version_is_refused_in_words(tab):
    data = base_record()
    data.update(version=get_ruleset("autobattle").version + 1)
    query = replay_query(payload_of(data))
    open_replay(tab, query)
    message = assert_refused(tab, query)
    assert f"version {data['version']}" in message and "refuses" in message, message

