"""`buy RESOURCES from SCOPE for N coins more` (or `less`), in a law only: in every city,
those resources bought there cost N coins more (less) than they would (engine/laws.py
`changes`, added to each city's prices).  Its grammar rule is `price_change`, built by
syntax/builder/effects.py."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..effect_base import EffectKind
from ..scopes import directions
from ...i18n import _, names
from ...syntax.ast_base import node

if TYPE_CHECKING:
    from ..lent import EffectChecks, IconKit, NotationKit, Printer, WordsEn, WordsNl
    from ...diagnostics import Span
    from ...syntax.ast_base import Name
    from ...syntax.ast_effects import Scope


@node
class PriceChange:
    resources: tuple[Name, ...]
    scope: Scope
    amount: int
    change: str             # "more" or "less"
    span: Span


class PriceChangeKind(EffectKind[PriceChange]):
    node = PriceChange
    places = ("law",)
    bots = "not weighed"                  # a law's: the bots read the prices of the city's tables

    def check(self, effect: PriceChange, c: EffectChecks) -> Any:
        """A change of 1 coin or more, its resources and cities named as a city's price's
        (groups of resources expanded)."""
        return c.trade_goods(effect) if c.positive(effect.amount, effect.span, "a price change") else None

    def in_force(self, effect: PriceChange, tables: Any) -> dict[str, Any]:
        """(direction, resource, coins added) for each resource bought on each side."""
        sign = 1 if effect.change == "more" else -1
        return {"changes": tuple((direction, tables.resource_index[name.text], sign * effect.amount)
                                 for direction in directions(effect.scope) for name in effect.resources)}

    def written(self, effect: PriceChange, p: Printer) -> str:
        return (f"buy {p._names(effect.resources)} from {p.scope(effect.scope)} "
                f"for {p._counted(effect.amount, 'coin')} {effect.change}")

    def words_en(self, effect: PriceChange, w: WordsEn) -> str:
        where = w.the_scope_text(effect.scope)
        return (f"pays {w.plural(effect.amount, 'coin')} {effect.change} for each "
                f"{w.and_list([r.text for r in effect.resources], 'or')} bought from {where}")

    def words_nl(self, effect: PriceChange, w: WordsNl) -> str:
        more = "meer" if effect.change == "more" else "minder"
        return (f"betaalt voor {w.en_list(names().resource(r.text) for r in effect.resources)} van "
                f"{w.scope_text(effect.scope)} {w.noun(effect.amount, 'coin')} {more} per grondstof")

    def icons(self, effect: PriceChange, kit: IconKit, vocabulary: Any) -> list[Any]:
        icons = kit.icons
        return [icons.word("+" if effect.change == "more" else "−"),
                icons.coin(str(effect.amount), _("{count} coin(s) each").format(count=effect.amount))] \
            + kit.scope_icons(effect.scope) + kit.resource_icons(effect.resources, vocabulary)

    def notation(self, effect: PriceChange, kit: NotationKit) -> str | None:
        return None


KIND = PriceChangeKind()
