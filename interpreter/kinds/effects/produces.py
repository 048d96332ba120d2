"""`produces R, 2 S` or `produces R / S` [`private`]: resources the owner may use each turn
while it owns the source (fixed, or one of several of its choice), which its neighbours may
buy unless `private` (engine/held.py `Held`: `own_fixed`, `trade_fixed`, `own_choices`,
`trade_choices`); in a law, every city's own.  Its grammar rule is `produces`, built by
syntax/builder/effects.py."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..effect_base import EffectKind
from ...i18n import _, names
from ...syntax.ast_base import node

if TYPE_CHECKING:
    from ..lent import EffectChecks, IconKit, NotationKit, Printer, WordsEn, WordsNl
    from ...diagnostics import Span
    from ..amounts.resource_amount import ResourceAmount


@node
class Produces:
    items: tuple[ResourceAmount, ...]
    choice: bool
    private: bool
    span: Span


class ProducesKind(EffectKind[Produces]):
    node = Produces
    places = ("city", "law")
    bots = "produces"
    static = True

    def check(self, effect: Produces, c: EffectChecks) -> Any:
        """Declared resources (E1001), at least a unit each, none listed twice in a choice."""
        ok = True
        for item in effect.items:
            if not c.ctx.known(item.resource, c.ctx.resources, "E1001", "resource"):
                ok = False
            elif not c.positive(item.count, item.span, "a production"):
                ok = False
        if effect.choice and not c.no_repeats([i.resource for i in effect.items], "resource"):
            ok = False
        return effect if ok else None

    def hold(self, effect: Produces, tables: Any) -> dict[str, Any]:
        """Its units (or its choice) for the city's use, and for sale unless private."""
        res = tables.resource_index
        if effect.choice:
            options = [tuple(res[i.resource.text] for i in effect.items)]
            return {"own_choices": options, "trade_choices": [] if effect.private else options, "trade_changed": True}
        units = [(res[i.resource.text], i.count) for i in effect.items]
        return {"own_fixed": units, "trade_fixed": [] if effect.private else units, "trade_changed": True}

    def production(self, effect: Produces) -> tuple[Any, ...]:
        return tuple((i.resource.text, i.count) for i in effect.items), effect.choice

    def written(self, effect: Produces, p: Printer) -> str:
        items = " / ".join(i.resource.text for i in effect.items) if effect.choice else \
            ", ".join(i.resource.text if i.count == 1 else f"{i.count} {i.resource.text}" for i in effect.items)
        return f"produces {items}" + (" private" if effect.private else "")

    def words_en(self, effect: Produces, w: WordsEn) -> str:
        words = [f"{i.count} {i.resource.text}" if i.count > 1 else i.resource.text for i in effect.items]
        items = w.and_list(words, "or") if effect.choice else ", ".join(words)
        text = f"produces {'one of ' if effect.choice and len(words) > 2 else ''}{items}"
        return text + (" (neighbours cannot buy it)" if effect.private else "")

    def words_nl(self, effect: Produces, w: WordsNl) -> str:
        n = names()
        words = [f"{i.count} {n.resource(i.resource.text)}" if i.count > 1 else n.resource(i.resource.text)
                 for i in effect.items]
        if effect.choice:
            text = f"produceert elke ronde één grondstof naar keuze: {w.en_list(words, 'of')}"
        else:
            text = f"produceert {w.en_list(words)}"
        return text + (" (naburige steden kunnen deze niet kopen)" if effect.private else "")

    def icons(self, effect: Produces, kit: IconKit, vocabulary: Any) -> list[Any]:
        icons, shown = kit.icons, []
        for i, item in enumerate(effect.items):
            if i:
                shown.append(icons.word("/" if effect.choice else "+"))
            picture = icons.resource(item.resource.text, vocabulary)
            shown += [picture] * item.count if item.count <= 3 else [icons.word(f"{item.count}×"), picture]
        return shown + ([icons.chip(_("private"))] if effect.private else [])

    def notation(self, effect: Produces, kit: NotationKit) -> str | None:
        items = [kit.resource(i.resource.text, i.count) for i in effect.items]
        text = "/".join(items) if effect.choice else " ".join(items)
        return text + (f" {kit.word('private')}" if effect.private else "")


KIND = ProducesKind()
