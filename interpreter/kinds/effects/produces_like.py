"""`produces a resource [not] of own COLOURS cards [and board] [private]`: one unit a turn
of one resource that those of the owner's sources produce (or, with `not`, that none of
them produce), following the city as it grows (engine/city_tables.py `like`, `_follow_like`).
Its grammar rule is `produces_like`, built by syntax/builder/effects.py."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..effect_base import EffectKind
from ...i18n import _, names
from ...syntax.ast_base import node

if TYPE_CHECKING:
    from ..lent import Appraiser, EffectChecks, IconKit, NotationKit, Printer, WordsEn, WordsNl
    from ...diagnostics import Span
    from ...syntax.ast_base import Name


@node
class ProducesLike:
    """`produces a resource [not] of own brown and grey cards [and board] [private]`: one
    unit a turn of one resource that those of the owner's sources produce (or, with `not`,
    that none of them produce), following the city as it grows."""
    negated: bool
    colors: tuple[Name, ...]
    board: bool
    private: bool
    span: Span


class ProducesLikeKind(EffectKind[ProducesLike]):
    node = ProducesLike
    places = ("city",)
    bots = "city_powers"
    static = True

    def check(self, effect: ProducesLike, c: EffectChecks) -> Any:
        """Declared colours, none listed twice."""
        return effect if c.colours(effect.colors) and c.no_repeats(effect.colors, "colour") else None

    def hold(self, effect: ProducesLike, tables: Any) -> dict[str, Any]:
        """The effect itself: what it produces follows the city (engine/city_tables.py `_follow_like`)."""
        return {"like": [effect]}

    def power_worth(self, effect: ProducesLike, w: Appraiser) -> float:
        """The best unit of each choice it gains when the source weighed is built (none when
        it is only held): the city grown by the source, against the city now."""
        if not w.weighed_built:
            return 0.0
        grown = w.city.copy()
        grown.add_card(w.weighed)
        new = [options for options, _private in grown.like_choices if (options, _private) not in w.city.like_choices]
        return sum(max(w._units_worth(r, 1) for r in options) for options in new)

    def written(self, effect: ProducesLike, p: Printer) -> str:
        return (f"produces a resource {'not ' if effect.negated else ''}of own {p.colour_list(effect.colors)} cards"
                + (" and board" if effect.board else "") + (" private" if effect.private else ""))

    def words_en(self, effect: ProducesLike, w: WordsEn) -> str:
        colors = w.and_list([c.text for c in effect.colors]) + " cards" + (" and board" if effect.board else "")
        which = "none of its" if effect.negated else "its own"
        return (f"produces one unit a turn of a resource that {which} {colors} produce"
                + (" (neighbours cannot buy it)" if effect.private else ""))

    def words_nl(self, effect: ProducesLike, w: WordsNl) -> str:
        colours = w.en_list([names().color(c.text) for c in effect.colors]) + " kaarten" + \
            (" en het bord" if effect.board else "")
        which = "geen van de eigen" if effect.negated else "de eigen"
        return (f"produceert elke ronde één grondstof die {which} {colours} produceren"
                + (" (naburige steden kunnen deze niet kopen)" if effect.private else ""))

    def icons(self, effect: ProducesLike, kit: IconKit, vocabulary: Any) -> list[Any]:
        icons = kit.icons
        return [icons.chip(_("not") if effect.negated else _("as")), icons.card([c.text for c in effect.colors],
                                                                                _("own cards"))] \
            + ([icons.chip(_("board"))] if effect.board else []) + ([icons.chip(_("private"))] if effect.private else [])

    def notation(self, effect: ProducesLike, kit: NotationKit) -> str | None:
        return None


KIND = ProducesLikeKind()
