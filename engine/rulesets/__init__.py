"""The built-in rulesets, by id. Each registers itself when its package is imported; the core
imports one only when it is asked for (engine.core.ruleset.get_ruleset), so a page that plays one
ruleset never loads the others."""

BUILTIN = {
    "autobattle": "engine.rulesets.autobattle",
    "tactics": "engine.rulesets.tactics",
}
