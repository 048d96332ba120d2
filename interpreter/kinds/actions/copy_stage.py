"""`copy stage N of SCOPE`: when built, the owner has the effects of stage N of a
neighbour's board, if that neighbour has built it: its lasting effects from now on, its
`when built` at once (a decision of kind "copy" when two neighbours have it to copy, none
when one has).  Its grammar rule is `copy_stage`, built by syntax/builder/order.py."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..base import ActionKind
from ..scopes import several
from ...i18n import _
from ...syntax.ast_base import node

if TYPE_CHECKING:
    from ...diagnostics import Span
    from ...syntax.ast_base import Number
    from ...syntax.ast_effects import Scope


@node
class CopyStage:
    number: Number
    scope: Scope
    span: Span


class CopyStageKind(ActionKind):
    node = CopyStage
    gives = "a copy"
    bots = "copies"                       # the best stage it may copy now, as a copy of a card
    copies = True
    decision = "copy"

    def check(self, action, c) -> bool:
        ok = c.positive(action.number.value, action.number.span, "copying")
        return c.neighbours_only(action.scope, "copying") and ok

    def causes(self, action) -> tuple[str, ...]:
        return ()

    def options(self, events, action, seat: int) -> list:
        return events.stage_copy_options(seat, action)

    def run(self, events, action, seat: int, where, source: str) -> None:
        options = self.options(events, action, seat)
        if len(options) == 1:                       # one stage to copy: no choice
            events.copy_stage(seat, options[0])
        elif options:
            events.ask(seat, self.decision, ("copy_from", action, seat))

    def written(self, action, p) -> str:
        return f"copy stage {action.number.value} of {p.scope(action.scope)}"

    def words_en(self, action, w) -> str:
        where = "either neighbour's wonder (of its choice)" if several(action.scope) else \
            f"the {w.scope_text(action.scope)}'s wonder"
        return (f"copies stage {action.number.value} of {where}, if built: its effects, and its "
                "`when built` at once")

    def words_nl(self, action, w) -> tuple[str, str]:
        one_of = "één van " if several(action.scope) else ""
        return "kopieert", (f"Wonder fase {action.number.value} van {one_of}{w.scope_text(action.scope)}, als "
                            "die gebouwd is: haar effecten, en meteen haar effect bij het bouwen")

    def icons(self, action, kit, vocabulary) -> list:
        icons = kit.icons
        return [icons.chip(_("copy")), icons.chip(_("stage {number}").format(number=action.number.value))] + \
            kit.scope_icons(action.scope)

    def notation(self, action, kit) -> str | None:
        return None


KIND = CopyStageKind()
