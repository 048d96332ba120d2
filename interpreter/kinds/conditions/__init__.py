"""The kinds of condition, one module each, and the registry the passes look them up in
(kinds/condition_base.py `ConditionKind`): every module of this folder is a kind, found
here by its file as the action kinds are; each pass finds a condition's by
`condition_kind(c)`, one dict look-up."""

from __future__ import annotations

from typing import Any

from ..base import kind_modules
from ..condition_base import ConditionKind

MODULES = kind_modules(__path__, __name__, ConditionKind)
# syntax class -> its kind
CONDITIONS: dict[type, ConditionKind] = {module.KIND.node: module.KIND for module in MODULES}
NODES: tuple[type, ...] = tuple(CONDITIONS)


def condition_kind(c: Any) -> ConditionKind:
    """The kind of the condition `c`."""
    return CONDITIONS[type(c)]


def values_compared(c: Any) -> tuple[Any, ...]:
    """The two values `c` compares, or none (what the bots read of a condition)."""
    found = CONDITIONS[type(c)].compared(c)
    return () if found is None else (found[0], found[2])


__all__ = ["CONDITIONS", "NODES", "ConditionKind", "condition_kind", "values_compared"]
