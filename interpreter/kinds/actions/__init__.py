"""The action kinds that have a module of their own, and the registry the passes look them
up in.  Every module of this folder is a kind, found here by its file (a new kind is a new
file, named nowhere else): each pass finds it by `kind_of(action)` and asks it for its
part (kinds/base.py `ActionKind`).

A kind that is a phase's statement too (`draw N cards ...`, `play a card from "Z"`) meets
kinds/statement_base.py `PhaseStatement` as well: `STATEMENTS` are those, which the checker
of the phases and the phase machine look up."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Union

from ..base import ActionKind, kind_modules as kind_modules  # (re-exported, as it was)
from ..statement_base import PhaseStatement


MODULES = kind_modules(__path__, __name__)
# syntax class -> its kind
ACTIONS: dict[type, ActionKind[Any]] = {module.KIND.node: module.KIND for module in MODULES}
NODES: tuple[type, ...] = tuple(ACTIONS)
if TYPE_CHECKING:
    # a Union made at import is no type to mypy: it reads an action (every kind's node) as Any
    Action = Any
else:
    Action = Union[NODES]     # an action: the node of any kind (re-exported as syntax/ast.py `Action`)
# syntax class -> its kind, of the kinds that are a phase's statement too
STATEMENTS: dict[type, PhaseStatement] = {node: k for node, k in ACTIONS.items() if isinstance(k, PhaseStatement)}

# Classes the passes test often, worked out once from the kinds' declarations
COINS = tuple(k.node for k in ACTIONS.values() if k.gives == "coins")
GAINS = tuple(k.node for k in ACTIONS.values() if k.gives == "coins" and k.sign > 0)
LOSSES = tuple(k.node for k in ACTIONS.values() if k.gives == "coins" and k.sign < 0)


def kind_of(action: object) -> ActionKind[Any] | None:
    """The kind of `action`, or None for what is not an action (a statement of a phase only)."""
    return ACTIONS.get(type(action))
