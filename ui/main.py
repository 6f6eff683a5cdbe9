"""Start-up: build the app and mark the page ready; a failure becomes one line on the page."""


def start() -> None:
    """Called by the page's one line of Python (build/templates/app.html)."""
    try:
        from ui.app import App
        from ui.snapshot import resume

        resume()

        App().start()
    except Exception as error:  # noqa: BLE001  (the page says it in one line; the console keeps the rest)
        from pyscript import document, window

        window.console.error(f"start-up failed: {type(error).__name__}: {error}")
        box = document.getElementById("load-error")
        box.textContent = f"Skirmish could not start ({type(error).__name__}: {str(error)[:200]}). Reload to try again."
        box.hidden = False
        document.getElementById("loading").hidden = True
        document.body.dataset.ready = "failed"
