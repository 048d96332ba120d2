"""`when built: ACTION`: the action, once, when the owner builds the source (or, for `at end
of turn, ...`, at the end of that turn): compile/tables.py files it in the source's `when_built`
(`turn_end`), engine/flow/ runs it.  Its grammar rule is `when_built`, built by
syntax/builder/effects.py."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..effect_base import EffectKind
from ...i18n import _
from ...syntax.ast_base import node

if TYPE_CHECKING:
    from ..lent import EffectChecks, IconKit, NotationKit, Printer, WordsEn, WordsNl
    from ...diagnostics import Span
    from ...syntax.ast_effects import Action


@node
class WhenBuilt:
    action: Action
    span: Span


class WhenBuiltKind(EffectKind[WhenBuilt]):
    node = WhenBuilt
    places = ("city",)
    bots = "actions"             # its action, by bots/reads.py ACTION_ROLES
    part = "when_built"

    def check(self, effect: WhenBuilt, c: EffectChecks) -> Any:
        """Its action; a copy happens when built or when scoring, never at the end of the turn."""
        later = c.later(effect.action)
        if later is not None and c.copies(later):
            c.ctx.report("E1210", _("copying a card happens when built or when scoring"), effect.action.span,
                         label=_("not at the end of the turn"),
                         help=_("write `when built: copy ...` or `at end of game: copy ...`"))
            return None
        return effect if c.action(effect.action) else None

    def filed(self, effect: WhenBuilt, c: Any) -> tuple[Any, ...]:
        """Its action, or the action `at end of turn, ...` holds, which waits for the turn's end."""
        action_kind = c.kind_of(effect.action)
        if action_kind is not None and action_kind.at_turn_end:
            return "turn_end", action_kind.inner(effect.action)
        return self.part, effect.action

    def written(self, effect: WhenBuilt, p: Printer) -> str:
        return f"when built: {p.action(effect.action)}"

    def words_en(self, effect: WhenBuilt, w: WordsEn) -> str:
        return f"when built, {w.action_text(effect.action)}"

    def words_nl(self, effect: WhenBuilt, w: WordsNl) -> str:
        return w.fronted("zodra gebouwd", "de eigenaar", effect.action)

    def icons(self, effect: WhenBuilt, kit: IconKit, vocabulary: Any) -> list[Any]:
        return kit.action(effect.action, vocabulary)

    def notation(self, effect: WhenBuilt, kit: NotationKit) -> str | None:
        return kit.action(effect.action)


KIND = WhenBuiltKind()
