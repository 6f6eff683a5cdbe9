"""Per-ruleset renderers: each draws its game and turns clicks into actions for ui/controller.py."""
