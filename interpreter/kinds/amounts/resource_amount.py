"""`N RESOURCE` (`2 wood`): a resource's units in a cost or a price, and in what a card
produces (`produces 2 wood`, `produces wood / clay`).  Its grammar rule is
`resource_amount` (and the production's), built by syntax/builder/cards.py and
syntax/builder/effects.py."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..amount_base import AmountKind, Checks, Printer
from ...i18n import _
from ...syntax.ast_base import Name, node

if TYPE_CHECKING:
    from ...diagnostics import Span


@node
class ResourceAmount:
    count: int
    resource: Name
    span: Span


class ResourceAmountKind(AmountKind):
    node = ResourceAmount
    field = "resources"

    def counted(self, item: Any) -> tuple[str, int]:
        return str(item.resource.text), int(item.count)

    def check_cost(self, item: Any, c: Checks) -> bool:
        """A declared resource (E1001), at least a unit (E1206)."""
        if not c.ctx.known(item.resource, c.ctx.resources, "E1001", "resource"):
            return False
        if item.count < 1:
            c.ctx.report("E1206", _("a cost needs at least 1 of each resource it names"), item.span)
            return False
        return True

    def check_price(self, item: Any, c: Checks) -> bool:
        if not c.ctx.known(item.resource, c.ctx.resources, "E1001", "resource"):
            return False
        return c.positive(item.count, item.span, "a price")

    def written(self, item: Any, p: Printer) -> str:
        return str(item.resource.text) if item.count == 1 else f"{item.count} {item.resource.text}"

    def written_price(self, item: Any, p: Printer) -> str:
        return f"{item.count} {item.resource.text}"         # a price says its counts (`1 stone`)

    def icons(self, item: Any, kit: Any, v: Any) -> list[Any]:
        return [kit.icons.resource(item.resource.text, v)] * min(item.count, 5)     # five at most


KIND = ResourceAmountKind()
