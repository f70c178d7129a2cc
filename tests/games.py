"""The built-in games' names, from the registry's one list of them: tests and benchmarks
iterate this (or :data:`picnic_rules.GAMES`) rather than spell the names out."""

from __future__ import annotations

from picnic_rules import registry

BUILT_IN: tuple[str, ...] = tuple(module.rpartition(".")[2] for module in registry.BUILTIN)
"""Each built-in game's name, in the registry's order."""
