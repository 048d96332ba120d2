"""The ways to gather a value over the table, one module each, and the registry the passes
look them up in (kinds/among_base.py `AmongKind`): every module of this folder is a way,
found here by its file as the action kinds are; each pass finds an `AmongCities`'s by
`among_kind(e)`, one dict look-up."""

from __future__ import annotations

from typing import Any

from ..actions import kind_modules
from ..among_base import Among, AmongKind

MODULES = kind_modules(__path__, __name__, AmongKind)
# Among -> its kind (a str key: an Among is equal to its words)
WAYS: dict[str, AmongKind] = {module.KIND.how: module.KIND for module in MODULES}


def among_kind(e: Any) -> AmongKind:
    """The way the value `e` (an AmongCities) is gathered."""
    return WAYS[e.how]


__all__ = ["WAYS", "Among", "AmongKind", "among_kind"]
