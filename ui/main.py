"""PyScript entry point: start the app once the engine and the UI are unpacked beside this file."""

try:
    from ui.app import App

    App().start()
except Exception as error:  # noqa: BLE001  (the page says it in one line; the console keeps the rest)
    from pyscript import document, window

    window.console.error(f"start-up failed: {type(error).__name__}: {error}")
    box = document.getElementById("load-error")
    box.textContent = f"Skirmish could not start ({type(error).__name__}: {str(error)[:200]}). Reload to try again."
    box.hidden = False
    document.getElementById("loading").hidden = True
    document.body.dataset.ready = "failed"
