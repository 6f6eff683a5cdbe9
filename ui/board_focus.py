"""Keeping the keyboard's place on a game board that is redrawn after every move (tactics, siege).

A renderer mixes this in and gives three things: `_key(node)` (an element as a key that survives a
redraw), `_element_for(key)` (the element a key names now) and `_default_target()` (where the human
deciding now will most likely act). Class attributes: CELL, the board cells' class (one Tab stop
among them: a roving tabindex), and UNDO, the Undo button's id (focus stays there, to press again).
"""

from pyscript import document


class BoardFocus:
    """The shared half of keyboard play on a board; see the module's docstring."""

    CELL = ""
    UNDO = ""
    roving = None                   # the focus key of the board's one Tab stop

    def _rove(self, cell) -> None:
        """Make `cell` the board's one Tab stop (in a replay every occupied cell stays reachable)."""
        if not cell or not cell.classList.contains(self.CELL):
            return
        if self.ctl.mode == "play":
            for other in self.ctl.part("board").querySelectorAll(f'.{self.CELL}[tabindex="0"]'):
                other.tabIndex = -1
        cell.tabIndex = 0
        self.roving = self._key(cell)

    def _focus_state(self):
        """(focus key, ours): where the keyboard is, and whether it is on the board or the turn's
        controls (or lost to <body>) — only then may a redraw move it."""
        active = document.activeElement
        if not active or active.isSameNode(document.body):
            return None, True
        ours = self.ctl.part("board").contains(active) or self.ctl.part("live").contains(active)
        return (self._key(active) if ours else None), ours

    def _refocus(self, key: str | None, ours: bool, moved: bool = False) -> None:
        """After a redraw: a human to decide gets the focus where they will act (unless they were on
        Undo, to press it again); otherwise the focused element is found again, never left on <body>.
        `moved`: the game moved on by itself (the automaton), so the human's new decision claims it."""
        claim = self.seat is not None and (self.ctl.focus_game or moved)
        default = self._default_target() if self.seat is not None else None
        if default and default.classList.contains(self.CELL):
            self._rove(default)         # Tab into the board lands where the human will act
        if not (ours or claim):
            return
        target = default if key != f"id:{self.UNDO}" else None
        target = target or self._element_for(key) or (self._element_for(self.roving) if ours else None)
        if claim and target:
            self.ctl.focus_game = False
        self._focus(target)

    def _focus(self, node) -> None:
        if node and not node.hasAttribute("disabled") and not node.closest("[hidden]"):
            node.focus()
            if node.classList.contains(self.CELL):
                self._rove(node)
