"""The ways to gather a value over the table, one module each, and the registry the passes
look them up in (kinds/among_base.py `AmongKind`): every module of this folder is a way,
found here by its file as the action kinds are; the passes reach a value gathered over the
table through its expression kind (kinds/expressions/gathered.py), which asks `WAYS`."""

from __future__ import annotations

from ..base import kind_modules
from ..among_base import NODE, Among, AmongKind

MODULES = kind_modules(__path__, __name__, AmongKind)
# Among -> its kind (a str key: an Among is equal to its words)
WAYS: dict[str, AmongKind] = {module.KIND.how: module.KIND for module in MODULES}


__all__ = ["NODE", "WAYS", "Among", "AmongKind"]
