"""The one registry of ruleset pages, read by the router (ui/app.py), the build (build/build_site.py)
and the home page's list. Adding a game's page adds an entry here and folders of its own, named by its
id: ui/games/ID/ (renderer.py, optionally messages.toml, context.py, howto.toml and glossary.toml) and
build/templates/games/ID/ (play.html, optionally cards.html, howto.html and game.css); it edits neither
the router, the build script, the shell's message catalogue nor its stylesheet.

Pure data and plain Python: no browser imports, so the build and the tests read it on CPython.
Every `*_key` is a message key of the `page` section of ui/messages.toml (words, never ids, on pages).
"""

from dataclasses import dataclass


@dataclass(frozen=True)
class Page:
    """One ruleset's pages on the site; its files are found by its id (the properties below)."""

    id: str                         # the ruleset id, and the route: #/ID, #/ID/replay?g=…
    title_key: str                  # the play page's heading (and its section's name)
    nav_key: str                    # the header link's words
    summary_key: str                # one line on the home page
    start_key: str = "play_game"    # the home page's link into the game ("Watch a battle", "Play a battle")
    built: bool = True              # False: listed on the home page, no game yet
    gallery: bool = True            # a gallery page (ID/cards.html, from games/ID/cards.html)
    rules: tuple[str, str] | None = None   # (title key, intro key) of its rules page (ID/rules.html), if any
    # A how-to page (ID/howto.html): its words in ui/games/ID/howto.toml (screens in en/ja/ru, each
    # naming its illustration and demos) and a template of illustration macros, games/ID/howto.html
    # (one per `art` name the screens use).
    howto: bool = True
    bot: str | None = None          # the bot the page seats when a seat is "played by the computer"
    open_at: str = "end"            # where a share link without &step opens: "start" or "end"
    demo_before: bool = False       # a demo link opens one step before its rule applies (else at it)
    log_by: str = "step"            # log lines numbered by "step" or by the frame's "turn"
    # Automatic steps the renderer says are worth watching (its `watched(view)`, e.g. an automaton's
    # turn) are played one at a time at the chosen bot speed, drawn after each; else all at once.
    watch_auto: bool = False

    @property
    def renderer(self) -> str:
        """The module of its renderer (a `Renderer` class, ui/games/contract.py)."""
        return f"ui.games.{self.id}.renderer"

    @property
    def context(self) -> str:
        """The build-time module of its templates' own variables (a `context(ruleset)` function); optional."""
        return f"ui.games.{self.id}.context"

    @property
    def messages(self) -> str:
        """Its own words, merged into the shell's catalogue (ui/words.py), from the repository's root; optional."""
        return f"ui/games/{self.id}/messages.toml"

    @property
    def template(self) -> str:
        """Its play section's template, under build/templates/."""
        return f"games/{self.id}/play.html"

    @property
    def gallery_template(self) -> str:
        """Its gallery's template, under build/templates/."""
        return f"games/{self.id}/cards.html"

    @property
    def howto_words(self) -> str:
        """Its how-to page's words, from the repository's root (read by the build only)."""
        return f"ui/games/{self.id}/howto.toml"

    @property
    def glossary_words(self) -> str:
        """Its how-to page's glossary, from the repository's root (read by the build only)."""
        return f"ui/games/{self.id}/glossary.toml"

    @property
    def stylesheet(self) -> str:
        """Its own style rules, appended to the site's one stylesheet by the build; optional."""
        return f"games/{self.id}/game.css"

    @property
    def howto_art(self) -> str:
        """Its how-to page's illustration macros, under build/templates/."""
        return f"games/{self.id}/howto.html"


PAGES: tuple[Page, ...] = (
    Page("autobattle", "autobattle_title", "nav_autobattle", "ruleset_autobattle", start_key="watch",
         rules=("rules_title", "rules_intro"), open_at="start", demo_before=True, log_by="turn"),
    Page("tactics", "tactics_title", "nav_tactics", "ruleset_tactics",
         rules=("trules_title", "trules_intro"), bot="sensible"),
    Page("initiative", "initiative_title", "nav_initiative", "ruleset_initiative",
         rules=("irules_title", "irules_intro"), bot="sensible", demo_before=True, watch_auto=True),
    Page("siege", "siege_title", "nav_siege", "ruleset_siege",
         rules=("srules_title", "srules_intro"), bot="sensible", demo_before=True, watch_auto=True),
)

BY_ID = {page.id: page for page in PAGES}


def get(page_id: str) -> Page | None:
    """The page of a ruleset id, or None."""
    return BY_ID.get(page_id)


def built() -> tuple[Page, ...]:
    """The pages that can show a game, in the order the site lists them."""
    return tuple(page for page in PAGES if page.built)
