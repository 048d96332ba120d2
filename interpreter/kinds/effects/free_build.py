"""`may build a [COLOUR] card for free once per LIMIT`: once a turn, an age or a game, the
owner may build a card (of that colour) without paying (engine/city.py `free_build`, its
moves in engine/actions.py).  Its grammar rule is `free_build`, built by
syntax/builder/effects.py."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..effect_base import EffectKind
from ...i18n import N_, _
from ...syntax.ast_base import node

if TYPE_CHECKING:
    from ..lent import Appraiser, EffectChecks, IconKit, NotationKit, Printer, WordsEn, WordsNl
    from ...diagnostics import Span
    from ...syntax.ast_base import Name

# the chip of each limit, in the reader's words
_ONCE = {"turn": N_("once per turn"), "age": N_("once per age"), "game": N_("once per game")}


@node
class FreeBuild:
    limit: Name
    span: Span
    color: Name | None = None       # `may build a black card ...`: that colour only, a use of its own


def key(effect: FreeBuild) -> str:
    """The power as "LIMIT" or "LIMIT COLOUR" (engine/city.py `free_build`): each colour,
    and any colour, is a use of its own."""
    return effect.limit.text if effect.color is None else f"{effect.limit.text} {effect.color.text}"


class FreeBuildKind(EffectKind[FreeBuild]):
    node = FreeBuild
    places = ("city",)
    bots = "powers"
    static = True

    def check(self, effect: FreeBuild, c: EffectChecks) -> Any:
        """A known limit (E1007) and colour."""
        ok = c.limit(effect.limit)
        ok = (effect.color is None or c.colours((effect.color,))) and ok
        return effect if ok else None

    def hold(self, effect: FreeBuild, tables: Any) -> dict[str, Any]:
        return {"free_build": [key(effect)]}

    def power_worth(self, effect: FreeBuild, w: Appraiser) -> float:
        """A card for each use to come: one an age, or one in all; of a colour, at most as
        many as the cards of that colour to come."""
        uses = w.ages_left() if effect.limit.text == "age" else 1
        if effect.color is not None:
            like = w.model.builds_like(w.age_index, frozenset((effect.color.text,)), w.builds_left, w.city)
            uses = min(uses, like[0])
        return w.free_build_worth() * uses

    def written(self, effect: FreeBuild, p: Printer) -> str:
        color = f"{effect.color.text} " if effect.color is not None else ""
        return f"may build a {color}card for free once per {effect.limit.text}"

    def words_en(self, effect: FreeBuild, w: WordsEn) -> str:
        color = f"{effect.color.text} " if effect.color is not None else ""
        return f"once per {effect.limit.text}, may build a {color}card for free"

    def words_nl(self, effect: FreeBuild, w: WordsNl) -> str:
        return (f"één keer per {w.LIMITS.get(effect.limit.text, effect.limit.text)} mag de eigenaar "
                + (f"een {effect.color.text} kaart gratis bouwen" if effect.color is not None
                   else "een kaart naar keuze gratis bouwen"))

    def icons(self, effect: FreeBuild, kit: IconKit, vocabulary: Any) -> list[Any]:
        icons, limit = kit.icons, effect.limit.text
        return [icons.chip(_(_ONCE[limit]) if limit in _ONCE else _("once per {limit}").format(limit=limit)),
                icons.card([effect.color.text] if effect.color is not None else [], _("a card")),
                icons.coin("0", _("for free"))]

    def notation(self, effect: FreeBuild, kit: NotationKit) -> str | None:
        return None


KIND = FreeBuildKind()
