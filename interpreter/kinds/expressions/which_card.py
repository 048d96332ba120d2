"""A card named by its place (docs/language.md, "Order and removal"): `the last card built
[by CITY]`, `the previous card built [by CITY]`, `the [COLOURS] card under this stage`; a
part of a quantity (`cost of CARD`, `cards of the colour of CARD`), of a condition
(`colour of CARD = ...`) and of an action (`discard ...`).  Its grammar rules are
`last_built`, `previous_built` and `under_stage`, built by syntax/builder/order.py."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Iterator

from ..expression_base import Checks, ExpressionKind, Printer, Reader
from ..scopes import looks_at_neighbour, several
from ...i18n import _
from ...syntax.ast_base import Name, node

if TYPE_CHECKING:
    from ...diagnostics import Span
    from ..scope_base import Scope


@node
class WhichCard:
    """One card a city holds, named by its place: `which` is "last" (the city's newest
    building), "previous" (the one built before it) or "under" (the newest card under the
    stage that says it, of `colors` when given); `scope` names the city (one city; the
    owner's when None; a copy's neighbours may be two).  `stage` is the number (from 0) of
    the stage that says `this stage`, set when the rules are compiled."""
    which: str
    scope: "Scope | None"
    colors: tuple[Name, ...]
    span: Span
    stage: int = -1


class WhichCardKind(ExpressionKind):
    node = WhichCard
    part = True

    def check(self, e: Any, c: Checks) -> bool:
        """`this stage` on a stage only, its colours declared; one city, `the neighbour`
        only where one is looked at."""
        if e.which == "under":
            if not c.ctx.on_stage:
                return c.not_on_stage(e.span)
            return c.colours(e.colors)
        scope = e.scope                  # the owner's city when None: one city, never `the neighbour`
        if scope is None:
            return True
        if several(scope):
            c.ctx.report("E2032", _("a card named by its place is one city's: this names several"), scope.span,
                         label=_("more than one city"),
                         help=_("name one city: `by own city`, `by left neighbour`, `by right neighbour`"))
            return False
        if looks_at_neighbour(scope) and not c.neighbour:
            return c.no_neighbour_here(scope)
        return True

    def counted(self, e: Any) -> Iterator[Any]:
        return iter(())

    def measures(self, e: Any) -> bool:
        return False

    def says_this_stage(self, e: Any) -> bool:
        return bool(e.which == "under")

    # -- run: the index of the card named, or None when the city has no such card
    def value(self, e: Any, where: Any, r: Reader) -> int | None:
        if e.which == "under":
            city = where.city
            colors = {c.text for c in e.colors}
            cards = city.tables.cards
            under = [i for n, i in city.entombed if n == e.stage]
            marked = city.stage_order if city.side.any_order else range(city.stages)
            under[:0] = [i for n, i in zip(marked, city.under_stages) if n == e.stage]
            found = [i for i in under if not colors or cards[i].color in colors]
            return found[-1] if found else None
        city = where.cities(e.scope)[0] if e.scope is not None else where.city
        back = 1 if e.which == "last" else 2
        return city.built[-back] if len(city.built) >= back else None

    def compiled(self, e: Any, r: Reader) -> Callable[[Any], int | None]:
        return lambda where: self.value(e, where, r)

    # -- words
    def written(self, e: Any, p: Printer) -> str:
        if e.which == "under":
            return f"the {p.colour_list(e.colors) + ' ' if e.colors else ''}card under this stage"
        return f"the {e.which} card built" + (f" by {p.scope(e.scope)}" if e.scope is not None else "")

    def words_en(self, e: Any, w: Any) -> str:
        if e.which == "under":
            colours = w.and_list([c.text for c in e.colors], "or") + " " if e.colors else ""
            return f"the last {colours}card put under this stage"
        whose = "own city" if e.scope is None else w.scope_text(e.scope)
        whose = whose if whose.startswith(("own", "the ")) else "the " + whose
        return f"the {'last' if e.which == 'last' else 'second last'} card built by {whose}"

    def words_nl(self, e: Any, w: Any) -> str:
        if e.which == "under":
            colours = w.en_list([w.names().color(c.text) for c in e.colors], "of") + " " if e.colors else ""
            return f"de laatste {colours}kaart onder deze Wonder fase"
        which = "laatste" if e.which == "last" else "voorlaatste"
        return f"de {which} kaart gebouwd door {w.scope_text(e.scope)}"


KIND = WhichCardKind()
