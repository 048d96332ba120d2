"""`score CATEGORY: VALUE`: a score line, the value counted in its category when the game is
scored (`1 per wonder stage in own city`, `... if ...`): compile/tables.py files it in its source's
`scores`, engine/scoring.py counts it, bots/reads.py reads what it counts.  A line of the
rules' own (the rules' block, check/rules.py) is every city's.  Its grammar rule is `score`,
built by syntax/builder/effects.py."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..effect_base import EffectKind
from ...i18n import _
from ...syntax.ast_base import node

if TYPE_CHECKING:
    from ..lent import EffectChecks, IconKit, NotationKit, Printer, WordsEn, WordsNl
    from ...diagnostics import Span
    from ...syntax.ast_base import Name
    from ...syntax.ast_effects import Expr
    from ..expressions.conditional import Conditional


@node
class Score:
    category: Name
    value: Expr | Conditional
    span: Span


class ScoreKind(EffectKind[Score]):
    node = Score
    places = ("city",)
    bots = "score lines"                 # Source.scores (their reads: bots/reads.py `score_reads`)
    part = "scores"

    def check(self, effect: Score, c: EffectChecks) -> Any:
        """A category of the score pad; a value that never counts the score it is part of
        (`score so far`: E1217)."""
        ok = c.ctx.known_category(effect.category)
        for q in c.counting_the_score(effect.value):
            c.ctx.report("E1217", _("a score line cannot count `score so far`: scoring would count itself"), q.span,
                         label=_("the score this line is part of"),
                         help=_("count `score so far` in a trigger's condition or action, e.g. "
                                "`on age end if score so far = fewest score so far of all cities: gain 3 coins`"))
            ok = False
        return effect if c.expr(effect.value) and ok else None

    def filed(self, effect: Score, c: Any) -> tuple[str, Any]:
        """Its category's name and its value, which engine/scoring.py counts."""
        return self.part, (effect.category.text, effect.value)

    def written(self, effect: Score, p: Printer) -> str:
        return f"score {effect.category.text}: {p.expr(effect.value)}"

    def words_en(self, effect: Score, w: WordsEn) -> str:
        return f"{effect.category.text}: {w.score_text(effect.value)}"

    def words_nl(self, effect: Score, w: WordsNl) -> str:
        return f"{w.names().score(effect.category.text)}: {w.score_text(effect.value)}"

    def icons(self, effect: Score, kit: IconKit, vocabulary: Any) -> list[Any]:
        category = kit.names().score(effect.category.text)
        return list(kit.expression(effect.value, vocabulary,
                                   lambda label, title: kit.icons.laurel(label, f"{category}: {title}")))

    def notation(self, effect: Score, kit: NotationKit) -> str | None:
        return str(kit.score(effect.value))


KIND = ScoreKind()
