"""`3`: a number as written.  Its class is a leaf of the tree (syntax/ast_base.py `Number`,
which `-3` and every kind's written amount read too); its grammar rule is `number`, built
by syntax/builder/expressions.py."""

from __future__ import annotations

from typing import Any, Callable, Iterator

from ..expression_base import Checks, ExpressionKind, Printer, Reader
from ...syntax.ast_base import Number


class NumberKind(ExpressionKind):
    node = Number

    def check(self, e: Any, c: Checks) -> bool:
        return True

    def counted(self, e: Any) -> Iterator[Any]:
        return iter(())

    def measures(self, e: Any) -> bool:
        return False

    def value(self, e: Any, where: Any, r: Reader) -> int:
        return int(e.value)

    def compiled(self, e: Any, r: Reader) -> Callable[[Any], int]:
        constant = r.clamped(e.value)
        return lambda where: constant

    def written(self, e: Any, p: Printer) -> str:
        return str(e.value)

    def words_en(self, e: Any, w: Any) -> str:
        return str(e.value)

    def words_nl(self, e: Any, w: Any) -> str:
        return str(e.value)

    def icons(self, e: Any, kit: Any, v: Any, unit: Callable[[str, str], Any]) -> list[Any]:
        return [unit(str(e.value), kit.expr_text(e))]

    def notation(self, e: Any, kit: Any) -> str | None:
        return str(kit.points(e.value))


KIND = NumberKind()
