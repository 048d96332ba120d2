"""`at end of game: ACTION`: the action when the game is scored, a choice of the scoring
(`copy ...`, `gain ... coins`): compile/tables.py files it in the source's `game_end`,
engine/scoring.py and engine/flow/ages_and_end.py run it.  Its grammar rule is
`at_game_end`, built by syntax/builder/effects.py."""

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
class AtGameEnd:
    action: Action
    span: Span


class AtGameEndKind(EffectKind[AtGameEnd]):
    node = AtGameEnd
    places = ("city",)
    bots = "scored in full"      # an end-of-game choice: the city is scored whole
    part = "game_end"

    def check(self, effect: AtGameEnd, c: EffectChecks) -> Any:
        """An action that may stand at the end of the game (its kind's `at_game_end_for`),
        never lasting shields (E2061): no conflict is left."""
        kind = c.kind_of(effect.action)
        if kind is not None and kind.gives == "shields":          # lasting shields (kinds/ `gives`)
            c.ctx.report("E2061", _("shields gained at the end of the game come after the last conflict"),
                         effect.action.span, label=_("no conflict is left to count them"),
                         help=_("gain them while conflicts are to come: `when built: gain 2 shields`, or a trigger "
                                "`on turn end ...: gain 2 shields`"))
            return None
        if kind is None or not kind.at_game_end_for(effect.action):
            c.ctx.report("E1210", _("this cannot happen at the end of the game"), effect.action.span,
                         label=_("only `copy ...` or `gain ... coins` can"),
                         help=_("building needs a turn: write it after `when built:` instead"))
            return None
        return effect if kind.check(effect.action, c.game_end_checks()) else None

    def filed(self, effect: AtGameEnd, c: Any) -> tuple[Any, ...]:
        return self.part, effect.action

    def written(self, effect: AtGameEnd, p: Printer) -> str:
        return f"at end of game: {p.action(effect.action)}"

    def words_en(self, effect: AtGameEnd, w: WordsEn) -> str:
        return f"at the end of the game, {w.action_text(effect.action)}"

    def words_nl(self, effect: AtGameEnd, w: WordsNl) -> str:
        return w.fronted("aan het eind van het spel", "de eigenaar", effect.action)

    def icons(self, effect: AtGameEnd, kit: IconKit, vocabulary: Any) -> list[Any]:
        return [kit.icons.chip(_("game end"))] + kit.action(effect.action, vocabulary)

    def notation(self, effect: AtGameEnd, kit: NotationKit) -> str | None:
        return _("at game end: {action}").format(action=kit.action(effect.action))


KIND = AtGameEndKind()
