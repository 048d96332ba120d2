"""`hands pass the other way`, in a law only: while the law is in force in some city, the
hands of a turn pass the other way than their `play` says (engine/laws.py `turns_round`,
read by the game's `Flow.passing`).  Its grammar rule is `other_way`, built by
syntax/builder/effects.py."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..effect_base import EffectKind
from ...i18n import _
from ...syntax.ast_base import node

if TYPE_CHECKING:
    from ...diagnostics import Span


@node
class OtherWay:
    span: Span


class OtherWayKind(EffectKind):
    node = OtherWay
    places = ("law",)
    bots = "not weighed"                  # a law's: bots/reads.py reads it by the law's row

    def check(self, effect, c):
        return effect                     # nothing in it to misuse

    def in_force(self, effect, tables) -> dict:
        return {"turns_round": True}

    def written(self, effect, p) -> str:
        return "hands pass the other way"

    def words_en(self, effect, w) -> str:
        return "the hands pass the other way than the age says"

    def words_nl(self, effect, w) -> str:
        return "de handen gaan de andere kant op dan het tijdperk zegt"

    def icons(self, effect, kit, vocabulary) -> list:
        return [kit.icons.direction(("right", "left"), _("the hands pass the other way"))]

    def notation(self, effect, kit) -> str | None:
        return None


KIND = OtherWayKind()
