"""The kinds of item of a cost or a price, one module each, and the registry the passes look
them up in (kinds/amount_base.py `AmountKind`): every module of this folder is a kind, found
here by its file as the action kinds are; each pass finds an item's by `amount_kind(item)`,
one dict look-up."""

from __future__ import annotations

from typing import Any

from ..amount_base import AmountKind
from ..base import kind_modules

MODULES = kind_modules(__path__, __name__, AmountKind)
# syntax class -> its kind
AMOUNTS: dict[type, AmountKind] = {module.KIND.node: module.KIND for module in MODULES}
NODES: tuple[type, ...] = tuple(AMOUNTS)


def amount_kind(item: Any) -> AmountKind:
    """The kind of the item `item` of a cost or a price."""
    return AMOUNTS[type(item)]


__all__ = ["AMOUNTS", "NODES", "AmountKind", "amount_kind"]
