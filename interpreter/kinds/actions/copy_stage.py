"""`copy stage N of SCOPE`: when built, the owner has the effects of stage N of a
neighbour's board, if that neighbour has built it: its lasting effects from now on, its
`when built` at once (a decision of kind "copy" when two neighbours have it to copy, none
when one has).  Its grammar rule is `copy_stage`, built by syntax/builder/order.py."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..base import ActionKind
from ..scopes import several
from ...i18n import _
from ...syntax.ast_base import node

if TYPE_CHECKING:
    from ..lent import ActionChecks, IconKit, NotationKit, Printer, WordsEn, WordsNl
    from ...diagnostics import Span
    from ...syntax.ast_base import Number
    from ...syntax.ast_effects import Scope


@node
class CopyStage:
    number: Number
    scope: Scope
    span: Span


class CopyStageKind(ActionKind[CopyStage]):
    node = CopyStage
    gives = "a copy"
    bots = "copies"                       # the best stage it may copy now, as a copy of a card
    copies = True
    decision = "copy"

    def check(self, action: CopyStage, c: ActionChecks) -> bool:
        ok = c.positive(action.number.value, action.number.span, "copying")
        return c.neighbours_only(action.scope, "copying") and ok

    def causes(self, action: CopyStage) -> tuple[str, ...]:
        return ()

    def options(self, events: Any, action: CopyStage, seat: int) -> list[Any]:
        options: list[Any] = events.stage_copy_options(seat, action)
        return options

    def run(self, events: Any, op: Any, seat: int, where: Any, source: str) -> None:
        action = op.node
        options = self.options(events, action, seat)
        if len(options) == 1:                       # one stage to copy: no choice
            events.copy_stage(seat, options[0])
        elif options:
            events.ask(seat, self.decision, ("copy_from", op, seat))

    def written(self, action: CopyStage, p: Printer) -> str:
        return f"copy stage {action.number.value} of {p.scope(action.scope)}"

    def words_en(self, action: CopyStage, w: WordsEn) -> str:
        where = "either neighbour's wonder (of its choice)" if several(action.scope) else \
            f"the {w.scope_text(action.scope)}'s wonder"
        return (f"copies stage {action.number.value} of {where}, if built: its effects, and its "
                "`when built` at once")

    def words_nl(self, action: CopyStage, w: WordsNl) -> tuple[str, str]:
        one_of = "één van " if several(action.scope) else ""
        return "kopieert", (f"Wonder fase {action.number.value} van {one_of}{w.scope_text(action.scope)}, als "
                            "die gebouwd is: haar effecten, en meteen haar effect bij het bouwen")

    def icons(self, action: CopyStage, kit: IconKit, vocabulary: Any) -> list[Any]:
        icons = kit.icons
        return [icons.chip(_("copy")), icons.chip(_("stage {number}").format(number=action.number.value))] + \
            kit.scope_icons(action.scope)

    def notation(self, action: CopyStage, kit: NotationKit) -> str | None:
        return None


KIND = CopyStageKind()
