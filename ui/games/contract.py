"""What the shell asks of a game's renderer: the one contract between ui/controller.py and ui/games/ID/.

Each game's `ui/games/ID/renderer.py` holds a `Renderer(GameRenderer)`, made once per page by the
controller (`Renderer(controller)`, its module named by ui/pages.py). The controller calls only the
members below. The abstract ones every game writes; the others have the shell's defaults, which a game
overrides when its words or its pace differ (teams of seats, an automaton's turn worth watching).
A game's own editor (squads, decks) and controls are bound by its `bind` and stay inside its package;
its how-to words and build context are files the build reads (ui/pages.py), not members.

Pure Python: no browser imports here, so CPython's tests check every renderer against it
(tests/test_renderer_contract.py).
"""

from abc import ABC, abstractmethod

from ui.words import because, side_word


class GameRenderer(ABC):
    """A game's drawing and clicks on its page; see the module's docstring."""

    DRAW_KEY: str                   # the `ui` message of a drawn game's outcome line
    OTHER_LINK_KEY: str             # the `ui` message for a share link of another ruleset
    WIN_KEY: str | None = None      # a solo game's own "You win" line; None: the winners are named

    def __init__(self, ctl):
        """Keep the page's controller (its parts, bindings and `act`) and language."""
        self.ctl, self.lang = ctl, ctl.lang

    @abstractmethod
    def bind(self) -> None:
        """Bind the game's own controls (setup form, board, editor) through the controller."""

    @abstractmethod
    def loaded(self, record) -> None:
        """A game (live or replayed) begins from this record: learn what its setup names."""

    @abstractmethod
    def draw(self, view: dict, seat, decision) -> None:
        """Draw a view; `seat` is the human deciding now (their `decision`), or None (watching)."""

    @abstractmethod
    def clear(self) -> None:
        """Empty the board: no game on screen."""

    @abstractmethod
    def animate(self, events: list, pace: float | None = None) -> None:
        """Show the events of the frame just drawn (autoplay interval `pace` seconds, else None)."""

    @abstractmethod
    def detail_for(self, target):
        """The board element whose full card the detail panel shows for a gesture on `target`, or None."""

    @abstractmethod
    def describe(self, event: dict, view) -> str:
        """An event as one sentence of the log."""

    @abstractmethod
    def position(self, index: int, replay) -> str:
        """Where a replay stands at frame `index`, in words."""

    @abstractmethod
    def decision_kind(self, view, decision) -> str:
        """The kind of the decision asked now (the status line's `data-kind`)."""

    @abstractmethod
    def status(self, view, seat, decision) -> str:
        """The status line while the human at `seat` decides."""

    @abstractmethod
    def status_over(self) -> str:
        """The status line once the game is over."""

    def watched(self, view) -> bool:
        """Whether the automatic step about to run is worth watching one at a time (Page.watch_auto)."""
        return False

    def status_auto(self, view) -> str:
        """The status line while watched automatic steps run (Page.watch_auto); none by default."""
        return ""

    def side_word(self, seat: int) -> str:
        """A seat as words for sentences that name it: its colour ("Blue") by default."""
        return side_word(seat, self.lang)

    def team_word(self, team) -> str:
        """A team as words ("Red"), for games with teams."""
        return str(team)

    def because(self, event: dict) -> str:
        """An event's reasons as one clause of its log line."""
        return because(event, self.lang)
