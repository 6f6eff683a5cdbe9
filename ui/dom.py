"""A small DOM helper: find elements, clone pre-rendered <template>s, set text, show/hide, bind events.

Text goes in with `textContent` only: nothing here writes HTML, so a card name, a link's note or a
user's card file can never become markup. `bind` is the one place event handlers are attached:
it wraps each handler in the error guard (an error becomes one line on the page, never a
traceback) and keeps the JS proxy alive until the returned Binding (or its Bindings group) is
released.
"""

from pyscript import document, window
from pyscript.ffi import create_proxy

from engine.core import SkirmishError


def find(element_id: str):
    """The element with this id (jsnull, which is falsy, when there is none)."""
    return document.getElementById(element_id)


def clone(template):
    """The first element of a pre-rendered <template> (an element or its id), deep-copied."""
    if isinstance(template, str):
        template = find(template)
    return template.content.firstElementChild.cloneNode(True)


def element(tag: str, text=None, class_name: str = ""):
    """A new element, its text set as text (never parsed as HTML)."""
    node = document.createElement(tag)
    if class_name:
        node.className = class_name
    if text is not None:
        set_text(node, text)
    return node


def set_text(node, text) -> None:
    """Put `text` in `node` as text (never parsed as HTML)."""
    node.textContent = "" if text is None else str(text)


def show(node, visible: bool = True) -> None:
    """Show or hide an element (the `hidden` attribute)."""
    node.hidden = not visible


def alert(node, text: str | None) -> None:
    """A one-line message in an alert box, or hide the box when `text` is empty."""
    if node:
        set_text(node, text or "")
        show(node, bool(text))


def say_error(box, error: BaseException) -> None:
    """An error in one line: the engine's own message, or "something went wrong" for a bug."""
    if isinstance(error, SkirmishError):
        alert(box, str(error))
        return
    window.console.error(f"{type(error).__name__}: {error}")
    alert(box, f"Something went wrong ({type(error).__name__}); please reload the page.")


def guarded(handler, errors=None):
    """`handler` with the error guard: an exception becomes one line in `errors` (an element or its id)."""
    def run(*args):
        try:
            return handler(*args)
        except Exception as error:   # noqa: BLE001  (one line on the page; the console keeps the rest)
            box = find(errors) if isinstance(errors, str) else errors
            say_error(box or find("load-error"), error)
        return None
    return run


class Binding:
    """One handler attached to one element's event; `release()` detaches it and frees its proxy."""

    def __init__(self, target, event: str, proxy):
        self.target, self.event, self.proxy = target, event, proxy

    def release(self) -> None:
        if self.proxy is not None:
            self.target.removeEventListener(self.event, self.proxy)
            self.proxy.destroy()
            self.proxy = None


def bind(target, event: str, handler, errors=None) -> Binding:
    """Call `handler(event)` on `event` at `target` (an element, an id or `window`), error-guarded."""
    if isinstance(target, str):
        target = find(target)
    proxy = create_proxy(guarded(handler, errors))
    target.addEventListener(event, proxy)
    return Binding(target, event, proxy)


class Bindings:
    """A group of bindings released together (a page's, or one render's)."""

    def __init__(self, errors=None):
        self.errors = errors
        self.items: list[Binding] = []

    def bind(self, target, event: str, handler) -> Binding:
        binding = bind(target, event, handler, self.errors)
        self.items.append(binding)
        return binding

    def release(self) -> None:
        for binding in self.items:
            binding.release()
        self.items.clear()


def proxy(function):
    """A long-lived JS proxy for a function JS calls (e.g. a benchmark hook on `window`)."""
    return create_proxy(function)
