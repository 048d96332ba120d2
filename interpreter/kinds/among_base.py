"""The interface every way of gathering a value over the table meets (docs/language.md,
"Ranks and counts over the table"): `rank of VALUE` and `rank of fewest VALUE` with their
tie rule, `number of cities with VALUE OP N`, `most (EXPR) of SCOPE` and `fewest (...)`.

An `AmongCities` of the tree (its class is here, re-exported by syntax/ast_effects.py)
counts its value in each city of its scope, that city looked at with its own neighbours,
and gathers the counts one way (its `how`, a member of `Among`).  Each way is a class deriving from `AmongKind`, instantiated
once in its module of kinds/among/ (`KIND = RankKind()`): a part left out, a value not
declared or a language without words fails the import, as for every kind (base.py).  The
passes find it through the expression's kind (kinds/expressions/gathered.py: `WAYS[e.how]`,
kinds/among/__init__.py, a dict look-up) and lend it what it needs: the checker's rules, the engine's `where_in` and
comparisons, the printer, a describer."""

from __future__ import annotations

import abc
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Protocol

from .base import LANGUAGES
from ..i18n import _
from .scopes import looks_at_neighbour, several
from ..syntax.ast_base import node

if TYPE_CHECKING:
    from ..diagnostics import Span
    from ..syntax.ast_effects import Expr, Scope


class Among(StrEnum):
    """The ways to gather a value over the table, as `AmongCities.how` holds them; one
    module each in kinds/among/, held equal to it by tests/test_kind_modules.py."""
    RANK = "rank"
    RANK_FEWEST = "rank fewest"
    COUNT = "count"
    MOST = "most"
    FEWEST = "fewest"


@node
class AmongCities:
    """A value counted in each city of a scope and gathered over the table (docs/language.md,
    "Ranks and counts over the table"); `value`'s quantities without a scope count in the
    city looked at.  `how` is one of Among:
    "rank" / "rank fewest": the owner's place among the scope's cities and its own, 1 for
    the most (the fewest); cities with the same value share the better place (5, 5, 3 are
    places 1, 1, 3);
    "count": how many of the scope's cities have `value op bound`;
    "most" / "fewest": the value of the scope's city that has the most (the fewest).
    `scope` None means all cities."""
    how: str
    value: Expr
    scope: Scope | None
    span: Span
    op: str = ""
    bound: int = 0


NODE = AmongCities          # (the registry's, kinds/among/__init__.py: the class the passes find a way of)


class Checks(Protocol):
    """What a way's check is lent of the checker (check/values.py `WayChecks`)."""
    ctx: Any
    def expr(self, expr: Any) -> bool: ...
    def differs_by_city(self, value: Any) -> bool: ...
    def no_neighbour_here(self, scope: Any) -> bool: ...


class Gathering(Protocol):
    """What a way's run is lent of the compile pass (compile/expressions.py)."""
    COMPARE: dict[str, Callable[[Any, Any], bool]]
    def where_in(self, where: Any, city: Any) -> Any: ...


class AmongPrinter(Protocol):
    """What a way's printing is lent of syntax/printer.py."""
    def city_value(self, v: Any) -> str: ...
    def expr(self, e: Any) -> str: ...
    def scope(self, s: Any) -> str: ...


class AmongKind(abc.ABC):
    """One way of gathering a value over the table.

    Declared values:
    `how`: its member of Among;
    `compares`: it picks one city's value among several (`most`, `fewest`): its scope must
    name two cities at least (check/values.py, E1214).
    """

    how: ClassVar[Among]
    compares: ClassVar[bool] = False

    def __init__(self) -> None:
        kind = type(self).__name__
        if not isinstance(getattr(self, "how", None), Among):
            raise TypeError(f"the way {kind} does not declare its `how`, a member of Among (kinds/among_base.py)")
        missing = [lang for lang in LANGUAGES if not callable(getattr(self, f"words_{lang}", None))]
        if missing:
            raise TypeError(f"the way {kind} has no words in {', '.join(missing)}")

    # -- check (check/values.py `check_expr`)
    def check(self, e: Any, c: Checks, neighbour: bool) -> bool:
        """A value gathered over cities: its value differs from city to city, a way that
        `compares` names two cities at least (E1214), `the neighbour` only where one is
        looked at (`neighbour`)."""
        ok = c.expr(e.value) and c.differs_by_city(e.value)
        if self.compares and not (e.scope is None or several(e.scope)):       # none: all cities
            where = _("names no cities") if e.scope is None else _("names one city only")
            c.ctx.report("E1214", _("`{word}` compares cities, but this {where}").format(word=e.how, where=where),
                         e.scope.span if e.scope else e.span, label=_("one city has nothing to compare with"),
                         help=_("name the cities: `{word} (...) of all cities` or `... of neighbours`").format(
                             word=e.how))
            ok = False
        if looks_at_neighbour(e.scope) and not neighbour:
            ok = c.no_neighbour_here(e.scope)
        return ok

    # -- run (compile/expressions.py `gathered`)
    @abc.abstractmethod
    def gathered(self, e: Any, value: Callable[[Any], int], where: Any, cities: Any, g: Gathering) -> int:
        """The value gathered over `cities` (the scope's; all when it names none): `value`
        is a function of a city's Where (`g.where_in(where, city)`)."""

    # -- printing for `wonders fmt` (syntax/printer.py)
    @abc.abstractmethod
    def written(self, e: Any, p: AmongPrinter) -> str:
        """The value gathered as the language writes it."""

    # -- words (views/)
    @abc.abstractmethod
    def words_en(self, e: Any, value: str, cities: str) -> str:
        """English, given the value's words (parenthesised unless a quantity) and the cities'."""

    @abc.abstractmethod
    def words_nl(self, e: Any, value: str, cities: str) -> str:
        """Dutch, likewise."""
