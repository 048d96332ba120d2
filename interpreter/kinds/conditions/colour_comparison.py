"""`colour of CARD = COLOURS` (or `!=`, or `= colour of CARD`): holds when the card exists
and its colour is (is not) one of them; a missing card makes neither hold.  Colours have no
order: `=` and `!=` only (E2031).  Its grammar rule is `colour_comparison`, built by
syntax/builder/order.py."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from ..condition_base import Checks, ConditionKind, Engine, Printer
from ...i18n import _
from ...syntax.ast_base import Name, node

if TYPE_CHECKING:
    from ...diagnostics import Span
    from ..expressions.which_card import WhichCard


@node
class ColourComparison:
    op: str                 # = !=
    card: WhichCard
    colors: tuple[Name, ...]
    other: WhichCard | None
    span: Span


class ColourComparisonKind(ConditionKind):
    node = ColourComparison
    place = "city"

    def check(self, c: Any, checks: Checks) -> bool:
        ok = checks.which_card(c.card)
        ok = (checks.which_card(c.other) if c.other is not None else checks.colours(c.colors)) and ok
        if c.op not in ("=", "!="):
            checks.ctx.report("E2031", _("colours are the same or not, never more or less: `{op}` compares numbers").format(
                op=c.op), c.span, label=_("colours have no order"), help=_("write `=` or `!=`"))
            return False
        return ok

    def holds(self, c: Any, where: Any, e: Engine) -> bool:
        colour = e.card_colour(c.card, where)
        if colour is None:
            return False
        if c.other is not None:
            other = e.card_colour(c.other, where)
            if other is None:
                return False
            same = colour == other
        else:
            same = any(colour == n.text for n in c.colors)
        return same if c.op == "=" else not same

    def holds_fn(self, c: Any, e: Engine) -> Callable[[Any], bool]:
        holds = self.holds
        return lambda where: holds(c, where, e)

    def written(self, c: Any, p: Printer) -> str:
        other = f"colour of {p.which_card(c.other)}" if c.other is not None else "/".join(n.text for n in c.colors)
        return f"colour of {p.which_card(c.card)} {c.op} {other}"

    def words_en(self, c: Any, w: Any) -> str:
        other = f"the colour of {w.which_card_text(c.other)}" if c.other is not None else \
            w.and_list([n.text for n in c.colors], "or")
        verb = "is" if c.op == "=" else "is not"
        return f"the colour of {w.which_card_text(c.card)} {verb} {other} (and that card exists)"

    def words_nl(self, c: Any, w: Any) -> str:
        other = f"de kleur van {w.which_card_text(c.other)}" if c.other is not None else \
            w.en_list([w.names().color(n.text) for n in c.colors], "of")
        verb = "is" if c.op == "=" else "is niet"
        return f"de kleur van {w.which_card_text(c.card)} {verb} {other} (en die kaart bestaat)"

    def notation(self, c: Any, kit: Any) -> str | None:
        return None                 # its words: a card's colour has no mark


KIND = ColourComparisonKind()
