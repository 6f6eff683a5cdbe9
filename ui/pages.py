"""The one registry of ruleset pages, read by the router (ui/app.py), the build (build/build_site.py)
and the home page's list. Adding a game's page adds an entry here and files of its own (a renderer
module, a play template, optionally a build context, gallery, rules and how-to pages); it edits neither
the router nor the build script.

Pure data and plain Python: no browser imports, so the build and the tests read it on CPython.
Every `*_key` is a message key of the `page` section of ui/messages.toml (words, never ids, on pages).
"""

from dataclasses import dataclass


@dataclass(frozen=True)
class Page:
    """One ruleset's pages on the site."""

    id: str                         # the ruleset id, and the route: #/ID, #/ID/replay?g=…
    title_key: str                  # the play page's heading (and its section's name)
    nav_key: str                    # the header link's words
    summary_key: str                # one line on the home page
    start_key: str = "play_game"    # the home page's link into the game ("Watch a battle", "Play a battle")
    renderer: str | None = None     # module of the renderer (ui/games/ID.py); None: not built yet
    template: str | None = None     # the play section's template, under build/templates/
    context: str | None = None      # build-time context module under build/contexts/ (a `context()` function)
    gallery: str | None = None      # the gallery page's template (written to ID/cards.html), if any
    rules: tuple[str, str] | None = None   # (title key, intro key) of its rules page (ID/rules.html), if any
    # Its how-to page (ID/howto.html), if any: (words, illustrations) = a TOML file under ui/howto/
    # (screens in en/ja/ru, each naming its illustration and demos) and a template of illustration
    # macros under build/templates/ (one per `art` name the screens use).
    howto: tuple[str, str] | None = None
    bot: str | None = None          # the bot the page seats when a seat is "played by the computer"
    open_at: str = "end"            # where a share link without &step opens: "start" or "end"
    demo_before: bool = False       # a demo link opens one step before its rule applies (else at it)
    log_by: str = "step"            # log lines numbered by "step" or by the frame's "turn"
    # Automatic steps the renderer says are worth watching (its `watched(view)`, e.g. an automaton's
    # turn) are played one at a time at the chosen bot speed, drawn after each; else all at once.
    watch_auto: bool = False

    @property
    def built(self) -> bool:
        """True when the page can show a game."""
        return self.renderer is not None


PAGES: tuple[Page, ...] = (
    Page("autobattle", "autobattle_title", "nav_autobattle", "ruleset_autobattle", start_key="watch",
         renderer="ui.games.autobattle", template="games/autobattle.html", context="autobattle",
         gallery="cards.html", rules=("rules_title", "rules_intro"),
         howto=("autobattle.toml", "howto/autobattle.html"),
         open_at="start", demo_before=True, log_by="turn"),
    Page("tactics", "tactics_title", "nav_tactics", "ruleset_tactics",
         renderer="ui.games.tactics", template="games/tactics.html", context="tactics",
         gallery="tactics_cards.html", rules=("trules_title", "trules_intro"),
         howto=("tactics.toml", "howto/tactics.html"), bot="sensible"),
    Page("initiative", "initiative_title", "nav_initiative", "ruleset_initiative",
         renderer="ui.games.initiative", template="games/initiative.html", context="initiative",
         gallery="initiative_cards.html", rules=("irules_title", "irules_intro"),
         howto=("initiative.toml", "howto/initiative.html"), bot="sensible", demo_before=True, watch_auto=True),
    Page("siege", "siege_title", "nav_siege", "ruleset_siege",
         renderer="ui.games.siege", template="games/siege.html", context="siege",
         gallery="siege_cards.html", rules=("srules_title", "srules_intro"),
         howto=("siege.toml", "howto/siege.html"), bot="sensible", demo_before=True, watch_auto=True),
)

BY_ID = {page.id: page for page in PAGES}


def get(page_id: str) -> Page | None:
    """The page of a ruleset id, or None."""
    return BY_ID.get(page_id)


def built() -> tuple[Page, ...]:
    """The pages that can show a game, in the order the site lists them."""
    return tuple(page for page in PAGES if page.built)
