"""`each other city: lose 1 coin per victory token`: the action acts in every city of the
group (`other` cities, the two `neighbours`, `every` city), and its quantities count in the
city acted on; `each other city with fewer trade tokens: ...` only in those whose value,
counted as if each were the owner, is below (`more`: above) the owner's (the dispatcher's
`group`).  Under `coins owed may become ... tokens` each city's part is a step of its own,
its loss perhaps its own decision (engine/flow/chains.py, `each_city`).  Its grammar rule is
`in_each_city`, built by syntax/builder/effects.py."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..base import ActionKind
from ...i18n import N_, _
from ...syntax.ast_base import node

if TYPE_CHECKING:
    from ..lent import ActionChecks, IconKit, NotationKit, Printer, WordsEn, WordsNl
    from ...diagnostics import Span
    from ...syntax.ast_effects import Action, Expr

# A group's and a filter's chip, in the reader's words
GROUPS = {"other": N_("every other city"), "neighbours": N_("each neighbour"), "every": N_("every city")}
FILTERS = {"fewer": N_("with fewer than the owner"), "more": N_("with more than the owner")}


@node
class InEachCity:
    group: str              # "other", "neighbours" or "every"
    action: Action
    span: Span
    compare: str = ""       # `with fewer VALUE` ("fewer") or `with more VALUE` ("more"): only the
    value: Expr | None = None   # cities whose VALUE, counted as if each were the owner, is below (above) the owner's


class InEachCityKind(ActionKind[InEachCity]):
    node = InEachCity
    gives = "in each city"
    bots = "others"                       # what it does to other cities (bots/valuation.py)
    each_city = True

    def inner(self, action: InEachCity) -> Any:
        return action.action

    def check(self, action: InEachCity, c: ActionChecks) -> bool:
        ok = c.action(action.action)
        if action.value is not None:
            ok = c.expr(action.value) and c.differs_by_city(action.value) and ok
        return ok

    def causes(self, action: InEachCity) -> tuple[str, ...]:
        return ()                         # what its action fires in the cities is not followed

    def run(self, events: Any, op: Any, seat: int, where: Any, source: str) -> None:
        for target in events.group_of(seat, op):
            events.run_in(op.inner, target, seat, source)

    def written(self, action: InEachCity, p: Printer) -> str:
        group = {"other": "other city", "neighbours": "neighbour", "every": "city"}[action.group]
        kept = f" with {action.compare} {p.city_value(action.value)}" if action.value is not None else ""
        return f"each {group}{kept}: {p.action(action.action)}"

    def words_en(self, action: InEachCity, w: WordsEn) -> str:
        group = {"other": "every other city", "neighbours": "each neighbour", "every": "every city"}[action.group]
        if action.value is not None:
            value = w.expr_text(action.value).removesuffix(" in own city")
            group += f" with {action.compare} {value} than own city"
        return f"{group} {w.action_text(action.action)} (counted in that city)"

    def words_nl(self, action: InEachCity, w: WordsNl) -> tuple[str, str]:
        group = {"other": "elke andere stad", "neighbours": "elke naburige stad", "every": "elke stad"}[action.group]
        if action.value is not None:
            value = w.expr_text(action.value).removesuffix(" in de eigen stad")
            group += f" met {'minder' if action.compare == 'fewer' else 'meer'} {value} dan de eigen stad"
        verb, rest = w.action_parts(action.action)
        return verb, f"{rest} (dat doet {group}, geteld in die stad)"

    def icons(self, action: InEachCity, kit: IconKit, vocabulary: Any) -> list[Any]:
        icons = kit.icons
        kept = [icons.chip(_(FILTERS[action.compare]))] if action.value is not None else []
        return [icons.chip(_(GROUPS[action.group]))] + kept + kit.action(action.action, vocabulary)

    def notation(self, action: InEachCity, kit: NotationKit) -> str | None:
        return None


KIND = InEachCityKind()
