"""The kinds of expression node, one module each, and the registry the passes look them up
in (kinds/expression_base.py `ExpressionKind`): every module of this folder is a kind, found
here by its file as the action kinds are; each pass finds a node's by `expression_kind(e)`,
one dict look-up, and asks it for its part instead of testing its class."""

from __future__ import annotations

from typing import Any, Iterator

from ..base import kind_modules
from ..expression_base import KINDS, ExpressionKind
from .per import KIND as PER
from .quantity import KIND as QUANTITY

MODULES = kind_modules(__path__, __name__, ExpressionKind)
# syntax class -> its kind
EXPRESSIONS: dict[type, ExpressionKind] = {module.KIND.node: module.KIND for module in MODULES}
KINDS.update(EXPRESSIONS)
# the classes of a value that stands alone (syntax/ast_effects.py's `Expr`), and of the parts
VALUES: tuple[type, ...] = tuple(node for node, kind in EXPRESSIONS.items() if not kind.part)
NODES: tuple[type, ...] = tuple(EXPRESSIONS)


def expression_kind(e: Any) -> ExpressionKind:
    """The kind of the expression node `e` (a TypeError for anything else)."""
    kind = EXPRESSIONS.get(type(e))
    if kind is None:
        raise TypeError(e)
    return kind


def quantities_in(e: Any) -> Iterator[Any]:
    """Every quantity of an expression, however deep (a condition's sides included); none of
    anything that is no expression (an amount left out)."""
    kind = EXPRESSIONS.get(type(e))
    return iter(()) if kind is None else kind.counted(e)


def read(e: Any) -> Iterator[Any]:
    """The quantities of an expression as the bots read them (a value gathered over the
    table: counted over all cities); none of anything that is no expression."""
    kind = EXPRESSIONS.get(type(e))
    return iter(()) if kind is None else kind.read(e)


def quantity_of(node: Any) -> Any:
    """The node if it is a quantity, else None (any node of the tree may be asked)."""
    kind = EXPRESSIONS.get(type(node))
    return None if kind is None else kind.quantity(node)


def conditions_of(node: Any) -> tuple[Any, ...]:
    """The conditions a value is worth its value under (a `VALUE if ...`), else none (any
    node of the tree may be asked)."""
    kind = EXPRESSIONS.get(type(node))
    return () if kind is None else kind.conditions(node)


__all__ = ["EXPRESSIONS", "NODES", "PER", "QUANTITY", "VALUES", "ExpressionKind", "conditions_of", "expression_kind", "quantities_in",
           "quantity_of", "read"]
