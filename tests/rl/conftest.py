"""The rl tests need the ``rl`` extra: without it they fail at once saying how to get it."""

from __future__ import annotations

import importlib.util

_MISSING = [
    name
    for name in ("numpy", "gymnasium", "pettingzoo", "pyspiel")
    if importlib.util.find_spec(name) is None
]
if _MISSING:
    raise ImportError(f"the rl tests need {', '.join(_MISSING)}: pip install -e '.[rl]'")
