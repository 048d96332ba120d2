"""A quantity (`coins`, `brown cards of neighbours`, `most shields of all cities`): something
counted in the game, its measure's (kinds/measures/), summed over a scope or the most or
fewest of it.  Its grammar rules are `quantity` and `extreme_quantity` (and a measure's own,
`symbol_squares`, ...), built by syntax/builder/expressions.py."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Iterator

import attrs

from ..expression_base import Checks, ExpressionKind, Printer, Reader
from ..measures import measure_kind
from ..scopes import looks_at_neighbour, several
from ...i18n import _
from ...syntax.ast_base import Name, node

if TYPE_CHECKING:
    from ...diagnostics import Span
    from ..scope_base import Scope
    from .which_card import WhichCard


@node
class Quantity:
    """Something counted in the game, summed over a scope (the owner's city by default).
    `measure` is one of MEASURES (a `Measure`, kinds/measures/); `colors` is set for "cards".  With `extreme` ("most" or
    "fewest") it is not summed: it is the count of the scope's city that has the most
    (the fewest), as the rulebook says "the city with the most coins"."""
    measure: str
    colors: tuple[Name, ...]
    scope: Scope | None
    span: Span
    extreme: str | None = None
    kind: Name | None = None        # the kind of a kept token (`debt tokens`), the resource of `production of R`
    card: "WhichCard | None" = None  # the card of `cards of the colour of CARD` and `cost of CARD`



# what a quantity's `extreme` may be: the count of the scope's city with the most, the fewest
EXTREMES = ("most", "fewest")


class QuantityKind(ExpressionKind):
    node = Quantity

    # -- check
    def check(self, e: Any, c: Checks) -> bool:
        """Its colours declared, its card's place, its measure's own parts; `most`/`fewest`
        over several cities; no scope for a measure of the owner's only; `the neighbour`
        only where one is looked at."""
        ok = c.colours(e.colors)
        if e.card is not None:
            ok = c.expr(e.card) and ok
        kind = measure_kind(e)
        ok = kind.check(e, c.measure_checks()) and ok
        if e.extreme is not None and not self._compares_cities(e, c):
            return False
        if e.scope is not None and kind.counted_in == "owner":
            c.ctx.report("E1210", _("science symbols are counted in one's own city only"), e.scope.span,
                         label=_("no scope here"), help=_("leave out the scope"))
            return False
        if e.scope is not None and looks_at_neighbour(e.scope) and not c.neighbour:
            ok = c.no_neighbour_here(e.scope)
        return ok

    def _compares_cities(self, q: Any, c: Checks) -> bool:
        """`most`/`fewest` picks one city among several: its measure is counted per city, and
        its scope names at least two cities (`all cities` or `neighbours` at least)."""
        word = q.extreme
        if measure_kind(q).counted_in == "owner":
            c.ctx.report("E1214", _("`{word}` compares cities, but science symbols are counted in one's own city only").format(word=word),
                         q.span, label=_("not counted per city"),
                         help=_("compare a count each city has, e.g. `{word} shields of all cities`").format(word=word))
            return False
        if q.scope is not None and several(q.scope):
            return True
        where = _("names no cities") if q.scope is None else _("names one city only")
        what = c.printed(attrs.evolve(q, extreme=None, scope=None))
        c.ctx.report("E1214", _("`{word}` compares cities, but this {where}").format(word=word, where=where),
                     q.scope.span if q.scope else q.span,
                     label=_("one city has nothing to compare with"),
                     help=(_("name the cities: `{word} {what} of all cities` or `... of neighbours`") if q.scope is None
                           else _("name the cities: `{word} {what} of all cities` or `... of neighbours`, or leave out "
                                  "`{word}` to count this city's")).format(word=word, what=what))
        return False

    def counted(self, e: Any) -> Iterator[Any]:
        yield e

    def measures(self, e: Any) -> bool:
        return True

    def quantity(self, e: Any) -> Any:
        return e

    # -- run: its measure's, lent the compile pass (compile/expressions.py `measure`, `measure_fn`)
    def value(self, e: Any, where: Any, r: Reader) -> int:
        return r.measure(e, where)

    def compiled(self, e: Any, r: Reader) -> Callable[[Any], int]:
        raw, limit = r.measure_fn(e), r.VALUE_LIMIT

        def value(where: Any) -> int:
            v = raw(where)
            return v if -limit <= v <= limit else max(-limit, min(limit, v))
        return value

    # -- words
    def written(self, e: Any, p: Printer) -> str:
        return self.written_one(e, p, False)

    def written_one(self, e: Any, p: Any, one: bool) -> str:
        """As written, `one` in the singular (after `per`): its measure's words, after
        `most`/`fewest` when it says one."""
        if e.extreme is not None:                   # `most coins of all cities`
            return f"{e.extreme} {self.written_one(attrs.evolve(e, extreme=None), p, one)}"
        return measure_kind(e).written(e, p, one)

    def words_en(self, e: Any, w: Any) -> str:
        return str(w.quantity_text(e))

    def words_nl(self, e: Any, w: Any) -> str:
        return str(w.quantity_text(e))

    def icons(self, e: Any, kit: Any, v: Any, unit: Callable[[str, str], Any]) -> list[Any]:
        """`? =` and its measure's and scope's icons: a count, not a number."""
        shown: list[Any] = [unit("?", kit.expr_text(e)), kit.icons.word("=")] + kit.quantity(e, v)
        return shown


KIND = QuantityKind()
