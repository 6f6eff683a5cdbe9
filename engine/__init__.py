"""Skirmish's rules engine: the core (engine.core) and one package per ruleset (engine.rulesets)."""

__version__ = "0.1.0"
