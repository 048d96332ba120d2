"""`at end of turn, ACTION`: the action waits for the end of the turn it was set going in
(`when built`: compile/tables.py puts it among the source's `turn_end`; from a trigger, it joins
the game's pending actions).  Its grammar rule is `at_turn_end`, built by
syntax/builder/effects.py."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..base import ActionKind
from ...i18n import _
from ...syntax.ast_base import node

if TYPE_CHECKING:
    from ..lent import ActionChecks, IconKit, NotationKit, Printer, WordsEn, WordsNl
    from ...diagnostics import Span
    from ...syntax.ast_effects import Action


@node
class AtTurnEnd:
    action: Action
    span: Span


class AtTurnEndKind(ActionKind[AtTurnEnd]):
    node = AtTurnEnd
    gives = "its action"
    bots = "actions"                  # compiled apart: its action is read as the source's
    at_turn_end = True

    def inner(self, action: AtTurnEnd) -> Any:
        return action.action

    def check(self, action: AtTurnEnd, c: ActionChecks) -> bool:
        return c.action(action.action, neighbour=False)      # no neighbour is looked at at the turn's end

    def causes(self, action: AtTurnEnd) -> tuple[str, ...]:
        return ()                         # its action's, later: not right away

    def run(self, events: Any, op: Any, seat: int, where: Any, source: str) -> None:
        events.later(seat, op.inner, source)

    def written(self, action: AtTurnEnd, p: Printer) -> str:
        return f"at end of turn, {p.action(action.action)}"

    def words_en(self, action: AtTurnEnd, w: WordsEn) -> str:
        return f"at the end of that turn, {w.action_text(action.action)}"

    def words_nl(self, action: AtTurnEnd, w: WordsNl) -> tuple[str, str]:
        verb, rest = w.action_parts(action.action)
        return verb, f"{rest} aan het eind van die ronde"

    def icons(self, action: AtTurnEnd, kit: IconKit, vocabulary: Any) -> list[Any]:
        return [kit.icons.chip(_("end of turn"))] + kit.action(action.action, vocabulary)

    def notation(self, action: AtTurnEnd, kit: NotationKit) -> str | None:
        return _("at turn end: {action}").format(action=kit.action(action.action))


KIND = AtTurnEndKind()
