"""`hands pass the other way`, in a law only: while the law is in force in some city, the
hands of a turn pass the other way than their `play` says (engine/laws.py `turns_round`,
read by the game's `Flow.passing`).  Its grammar rule is `other_way`, built by
syntax/builder/effects.py."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..effect_base import EffectKind
from ...i18n import _
from ...syntax.ast_base import node

if TYPE_CHECKING:
    from ..lent import EffectChecks, IconKit, NotationKit, Printer, WordsEn, WordsNl
    from ...diagnostics import Span


@node
class OtherWay:
    span: Span


class OtherWayKind(EffectKind[OtherWay]):
    node = OtherWay
    places = ("law",)
    bots = "not weighed"                  # a law's: bots/reads.py reads it by the law's row

    def check(self, effect: OtherWay, c: EffectChecks) -> Any:
        return effect                     # nothing in it to misuse

    def in_force(self, effect: OtherWay, tables: Any) -> dict[str, Any]:
        return {"turns_round": True}

    def written(self, effect: OtherWay, p: Printer) -> str:
        return "hands pass the other way"

    def words_en(self, effect: OtherWay, w: WordsEn) -> str:
        return "the hands pass the other way than the age says"

    def words_nl(self, effect: OtherWay, w: WordsNl) -> str:
        return "de handen gaan de andere kant op dan het tijdperk zegt"

    def icons(self, effect: OtherWay, kit: IconKit, vocabulary: Any) -> list[Any]:
        return [kit.icons.direction(("right", "left"), _("the hands pass the other way"))]

    def notation(self, effect: OtherWay, kit: NotationKit) -> str | None:
        return None


KIND = OtherWayKind()
