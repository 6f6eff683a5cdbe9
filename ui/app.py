"""The shell: routes by `location.hash` between the home page, each ruleset page (ui/pages.py) and
the gallery, rules and how-to pages, and keeps every page's game while the reader moves around.

- Each ruleset page gets its Controller (ui/controller.py) on first visit, which imports the page's
  renderer then: a game's modules load only when it is opened.
- Links inside the site that would load the app page again (a header link, a demo link) become
  hash changes, and a gallery, rules or how-to page opens inside the app: no reload restarts Python, so a
  running game survives, and Back and Forward (hashchange) move between routes.
"""

import asyncio

from pyscript import document, window
from pyscript.ffi import to_js

from ui import dom, pages
from ui.replay import automatic_run_times, bot_times, time_battles
from ui.route import parse_hash

DOCS = ("cards", "rules", "howto")   # a page's gallery (ID/cards.html), rules and how-to pages (ID/rules.html, ID/howto.html)


def has_doc(page, doc: str) -> bool:
    """Whether a ruleset page has that doc page (its registry entry names one)."""
    return bool({"cards": page.gallery, "rules": page.rules, "howto": page.howto}.get(doc))


def bench_hooks() -> dict:
    """window name -> the work it times, for build/bench_site.py and the e2e tests (the same work timed
    here and on CPython): whole games of the first page listed (autobattle's battles), and per page its
    bot's decisions (skirmishTacticsBotTimes) and, if it watches automatic steps, their runs
    (skirmishSiegeAutoTimes)."""
    first = pages.built()[0].id
    hooks = {"skirmishTimeBattles": lambda games: time_battles(int(games), first)}
    for page in pages.built():
        name = page.id.capitalize()
        if page.bot:
            hooks[f"skirmish{name}BotTimes"] = lambda seed, page=page: to_js(bot_times(page.id, page.bot, int(seed)))
        if page.bot and page.watch_auto:
            hooks[f"skirmish{name}AutoTimes"] = (
                lambda seed, page=page: to_js(automatic_run_times(page.id, page.bot, int(seed))))
    return hooks


class App:
    """Routes, and the controllers of the ruleset pages visited so far."""

    def __init__(self):
        self.lang = str(document.documentElement.lang or "en")
        self.controllers = {}
        self.opened = {}            # page id -> the link hash its controller last opened
        self.doc = None             # (page id, one of DOCS) shown in #route-doc
        self.bindings = dom.Bindings("load-error")
        self._hooks = {name: dom.proxy(hook) for name, hook in bench_hooks().items()}

    def start(self) -> None:
        """Bind the router, show the current route, and tell the page (and tests) we are ready."""
        self.bindings.bind(window, "hashchange", lambda event: self.route())
        self.bindings.bind(document, "click", self.on_click)
        for name, hook in self._hooks.items():
            setattr(window, name, hook)
        dom.guarded(lambda: self.route(), "load-error")()
        dom.show(dom.find("loading"), False)
        document.body.dataset.ready = "1"

    # --- routes ----------------------------------------------------------------------------

    def route(self) -> None:
        """Show the section the hash names; open a share or demo link once (Back to it keeps its place)."""
        hash_text = str(window.location.hash)
        route = parse_hash(hash_text)
        name = route.ruleset or "home"
        if route.page in DOCS:
            name = "doc"
            asyncio.ensure_future(self.open_doc(route.ruleset, route.page, route.params.get("at")))
        for section in document.querySelectorAll("section.route"):
            dom.show(section, section.id == f"route-{name}")
        if route.ruleset is None or route.page in DOCS:
            return
        controller = self.controller(route.ruleset)
        if route.page == "replay" and self.opened.get(route.ruleset) != hash_text:
            self.opened[route.ruleset] = hash_text
            controller.open_link(hash_text, route.params)

    def controller(self, page_id: str):
        """The page's controller, made (and its renderer imported) on first visit."""
        if page_id not in self.controllers:
            from ui.controller import Controller
            controller = Controller(pages.get(page_id), dom.find(f"route-{page_id}"), self.lang)
            controller.start()
            self.controllers[page_id] = controller
        return self.controllers[page_id]

    # --- links -----------------------------------------------------------------------------

    def on_click(self, event) -> None:
        """A plain click on a link to this app page or to a gallery/rules page: stay in the app."""
        if event.defaultPrevented or event.button != 0 or event.ctrlKey or event.metaKey or event.shiftKey or event.altKey:
            return
        link = event.target.closest("a[href]") if event.target.closest else None
        if not link or link.hasAttribute("data-lang") or link.hasAttribute("download") or link.target:
            return
        if link.hasAttribute("data-anchor"):     # an in-page link of a gallery or rules page shown here
            event.preventDefault()
            self.scroll_to(str(link.getAttribute("data-anchor")))
            return
        target = self.in_app(str(link.href))
        if target is not None:
            event.preventDefault()
            if target == str(window.location.hash):
                self.opened.clear()         # the same link clicked again: open it afresh
                self.route()
            else:
                window.location.hash = target

    def in_app(self, href: str) -> str | None:
        """The hash that shows `href` inside the app, or None when it is not one of this app's pages."""
        url = window.URL.new(href, window.location.href)
        here = window.URL.new(window.location.href)
        if str(url.origin) != str(here.origin):
            return None
        folder = str(here.pathname).rsplit("/", 1)[0] + "/"
        path = str(url.pathname)
        if path in (folder, folder + "index.html"):
            return str(url.hash) or "#/"
        rest = path[len(folder):] if path.startswith(folder) else ""
        parts = rest.split("/")
        if len(parts) == 2 and parts[1] in (f"{doc}.html" for doc in DOCS):
            page = pages.get(parts[0])
            doc = parts[1][:-len(".html")]
            if page and page.built and dom.find(f"route-{page.id}") and has_doc(page, doc):
                anchor = str(url.hash).lstrip("#")
                return f"#/{page.id}/{doc}" + (f"?at={window.encodeURIComponent(anchor)}" if anchor else "")
        return None

    # --- gallery and rules pages inside the app ----------------------------------------------

    async def open_doc(self, page_id: str, doc: str, anchor: str | None) -> None:
        """Show ID/cards.html, ID/rules.html or ID/howto.html here: its <main>, fetched from this site.

        The page is this site's own build output (pre-rendered by Jinja2 from built-in content),
        never anything a user or a link supplies; its links are rewritten to stay in the app.
        """
        section = dom.find("route-doc")
        url = f"./{page_id}/{doc}.html"
        if self.doc != (page_id, doc):
            try:
                response = await window.fetch(url)
                if not response.ok:
                    raise OSError(f"HTTP {response.status}")
                text = await response.text()
            except Exception:       # noqa: BLE001  (offline without a cache: open the page itself)
                window.location.href = url
                return
            parsed = window.DOMParser.new().parseFromString(text, "text/html")
            main = parsed.querySelector("main")
            if not main:
                window.location.href = url
                return
            base = window.URL.new(url, window.location.href)
            for link in main.querySelectorAll("a[href]"):
                absolute = window.URL.new(link.getAttribute("href"), base)
                if str(absolute.pathname) == str(base.pathname) and str(absolute.hash):
                    link.dataset.anchor = str(absolute.hash)[1:]
                    link.setAttribute("href", f"#/{page_id}/{doc}")
                else:
                    link.setAttribute("href", self.in_app(str(absolute.href)) or str(absolute.href))
            content = document.createElement("div")      # not a second <main> inside the app's own
            content.className = str(main.className)
            content.append(*[document.importNode(node, True) for node in main.childNodes])
            section.replaceChildren(content)
            self.doc = (page_id, doc)
        if anchor:
            self.scroll_to(anchor)
        else:
            window.scrollTo(0, 0)

    def scroll_to(self, anchor: str) -> None:
        """Scroll to an element of the gallery or rules page shown in the app."""
        for node in dom.find("route-doc").querySelectorAll("[id]"):
            if str(node.id) == anchor:
                node.scrollIntoView()
                return
