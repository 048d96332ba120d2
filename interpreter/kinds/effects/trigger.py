"""`[trigger "NAME"] on EVENT [for each neighbour] [once per LIMIT] [if ...]: ACTION`: the
action, each time the event happens while the trigger's source is owned (or its law is in
force, or always: a trigger of the rules' own) and its conditions hold: compile/tables.py files it
in its source's `triggers`, engine/triggers.py listens for its event and engine/flow/chains.py
runs it.  A name lets a variant replace or remove it.  Its grammar rule is `trigger`, built
by syntax/builder/triggers.py.

The event (`Event`, syntax/ast_base.py) and the conditions are constructs of their own: the
passes lend their checks and words (`c.event`, `c.condition`, `w.comparison_text`, ...)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..effect_base import EffectKind
from ...i18n import _
from ...syntax.ast_base import node

if TYPE_CHECKING:
    from ..lent import EffectChecks, IconKit, NotationKit, Printer, WordsEn, WordsNl
    from ...diagnostics import Span
    from ...syntax.ast_base import Name
    from ...syntax.ast_effects import Action, Condition


@node
class Trigger:
    name: Name | None
    event: str
    each_neighbour: bool
    limit: Name | None
    conditions: tuple[Condition, ...]
    action: Action
    span: Span


class TriggerKind(EffectKind[Trigger]):
    node = Trigger
    places = ("city", "law")             # a law's trigger is every city's while the law is in force
    bots = "not weighed"                 # what a trigger may do later is not foreseen
    part = "triggers"

    def check(self, effect: Trigger, c: EffectChecks) -> Any:
        """Its event, limit and conditions known (`the neighbour` bound by `for each
        neighbour`), an action that may run on an event: never a copy (E1210)."""
        neighbour = effect.each_neighbour
        ok = c.event(effect.event, effect.span)
        if effect.limit is not None:
            ok = c.limit(effect.limit) and ok
        for condition in effect.conditions:
            ok = c.condition(condition, neighbour) and ok
        ok = c.action(effect.action, neighbour) and ok
        if c.copies(effect.action):
            c.ctx.report("E1210", _("copying a card happens when scoring, not on an event"), effect.action.span,
                         help=_("write `at end of game: copy ...`"))
            ok = False
        return effect if ok else None

    def written(self, effect: Trigger, p: Printer) -> str:
        text = (f'trigger "{effect.name.text}" ' if effect.name else "") + f"on {p.event(effect.event)}"
        if effect.each_neighbour:
            text += " for each neighbour"
        if effect.limit is not None:
            text += f" once per {effect.limit.text}"
        if effect.conditions:
            text += " if " + p.conditions(effect.conditions)
        return f"{text}: {p.action(effect.action)}"

    def words_en(self, effect: Trigger, w: WordsEn) -> str:
        text: str = w.event_text(effect.event)
        if effect.each_neighbour:
            text += ", for each neighbour"
        if effect.limit is not None:
            text += f", once per {effect.limit.text}"
        if effect.conditions:
            text += ", if " + " and ".join(w.comparison_text(c) for c in effect.conditions)
        return f"{text}: {w.action_text(effect.action)}"

    def words_nl(self, effect: Trigger, w: WordsNl) -> str:
        text: str = w.event_text(effect.event)
        if effect.each_neighbour:
            text += ", voor elke naburige stad"
        if effect.limit is not None:
            text += f", één keer per {w.LIMITS.get(effect.limit.text, effect.limit.text)}"
        if effect.conditions:
            text += f", als {w.condition_text(effect.conditions)}"
        verb, rest = w.action_parts(effect.action)
        return f"{text}: de stad {verb} {rest}"

    def icons(self, effect: Trigger, kit: IconKit, vocabulary: Any) -> list[Any]:
        icons = kit.icons
        each = [icons.direction(("left", "right"), _("for each neighbour"))] if effect.each_neighbour else []
        return [icons.chip(_("on {event}").format(event=kit.event_word(effect.event))), *each,
                *([icons.chip(_("if…"))] if effect.conditions else []), *kit.action(effect.action, vocabulary)]

    def notation(self, effect: Trigger, kit: NotationKit) -> str | None:
        """Its event and conditions in words, its action in marks."""
        head: str = kit.effect_text(effect).partition(": ")[0]
        return f"{head}: {kit.action(effect.action)}"


KIND = TriggerKind()
