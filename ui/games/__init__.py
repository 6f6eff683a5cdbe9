"""One package per game page (ui/games/ID/): its `renderer.py` draws the game and turns clicks into
actions for ui/controller.py, as ui/games/contract.py says; `howto.toml` and `context.py` are read by
the build only."""
