"""The built-in rulesets, by id. Each registers itself when its package is imported. `get` imports
only the one asked for, so a page that plays one ruleset never loads the others; the command line
and the tests call `load_all`."""

import importlib

from ..core.ruleset import Ruleset, all_rulesets, get_ruleset

BUILTIN = {
    "autobattle": "engine.rulesets.autobattle",
    "tactics": "engine.rulesets.tactics",
    "siege": "engine.rulesets.siege",
    "initiative": "engine.rulesets.initiative",
}


def get(ruleset_id) -> Ruleset:
    """A ruleset by id, importing it first when it is a built-in one; UnknownRuleset otherwise."""
    if isinstance(ruleset_id, str) and ruleset_id in BUILTIN:
        importlib.import_module(BUILTIN[ruleset_id])
    else:
        load_all()      # so the error lists every ruleset there is
    return get_ruleset(ruleset_id)


def load_all() -> list[Ruleset]:
    """Every built-in ruleset imported (and so registered); all registered rulesets, by id."""
    for module in BUILTIN.values():
        importlib.import_module(module)
    return all_rulesets()


def builtin() -> list[Ruleset]:
    """The built-in rulesets only (not test-only ones), by id."""
    return [ruleset for ruleset in load_all() if ruleset.id in BUILTIN]
