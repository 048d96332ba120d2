"""`chains from SCOPE`, in a law only: in every city, a card it could build by chain (`free
with`) from a building of the scope's neighbours is built for free too, as by its own (`no
free chains` in force wins: no chain is free).  Its grammar rule is `chains_from`, built
by syntax/builder/effects.py; the city reads it as `City.chains_from` (engine/actions.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..effect_base import EffectKind
from ..scopes import directions, not_neighbours
from ...i18n import _
from ...syntax.ast_base import node

if TYPE_CHECKING:
    from ..lent import EffectChecks, IconKit, NotationKit, Printer, WordsEn, WordsNl
    from ...diagnostics import Span
    from ...syntax.ast_effects import Scope



@node
class ChainsFrom:
    scope: Scope
    span: Span


class ChainsFromKind(EffectKind[ChainsFrom]):
    node = ChainsFrom
    places = ("law",)
    bots = "not weighed"                  # a law's: bots/reads.py reads it by the law's row

    def check(self, effect: ChainsFrom, c: EffectChecks) -> Any:
        """From the left or right neighbour, or both (E2080)."""
        wrong = not_neighbours(effect.scope)
        if not wrong:
            return effect
        where = c.what_word(wrong[0].called)      # as a message says it (check/context.py `WHAT`)
        c.ctx.report("E2080", _("a city chains from its neighbours' buildings, not from {where}").format(where=where),
                     effect.scope.span, label=_("not {where}").format(where=where),
                     help=_("write `chains from neighbours`, `chains from left neighbour` or `chains from right "
                            "neighbour`; a city's own buildings give their chains without a law"))
        return None

    def in_force(self, effect: ChainsFrom, tables: Any) -> dict[str, Any]:
        """The directions ("left", "right") a city chains from."""
        return {"chains_from": directions(effect.scope)}

    def written(self, effect: ChainsFrom, p: Printer) -> str:
        return f"chains from {p.scope(effect.scope)}"

    def words_en(self, effect: ChainsFrom, w: WordsEn) -> str:
        return (f"may build for free by chain from the buildings of {w.the_scope_text(effect.scope, 'its')}"
                " too, as from its own")

    def words_nl(self, effect: ChainsFrom, w: WordsNl) -> str:
        return (f"mag ook gratis via een keten bouwen vanaf de gebouwen van {w.scope_text(effect.scope)}, "
                "zoals vanaf de eigen gebouwen")

    def icons(self, effect: ChainsFrom, kit: IconKit, vocabulary: Any) -> list[Any]:
        return [kit.icons.chip(_("chains from"))] + kit.scope_icons(effect.scope)

    def notation(self, effect: ChainsFrom, kit: NotationKit) -> str | None:
        return None


KIND = ChainsFromKind()
