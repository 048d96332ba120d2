"""The ways to gather a value over the table, one module each, and the registry the passes
look them up in (kinds/among_base.py `AmongKind`): every module of this folder is a way,
found here by its file as the action kinds are; each pass finds an expression's by
`among_of(e)`, one dict look-up (None: the expression is gathered no way)."""

from __future__ import annotations

from typing import Any

from ..base import kind_modules
from ..among_base import NODE, Among, AmongKind

MODULES = kind_modules(__path__, __name__, AmongKind)
# Among -> its kind (a str key: an Among is equal to its words)
WAYS: dict[str, AmongKind] = {module.KIND.how: module.KIND for module in MODULES}


def among_of(e: Any) -> AmongKind | None:
    """The way the expression `e` is gathered over the table, or None for an expression
    that is not (a number, a quantity, ...)."""
    return WAYS[e.how] if type(e) is NODE else None


__all__ = ["NODE", "WAYS", "Among", "AmongKind", "among_of"]
