"""Check effects and actions: every name they use is declared, every number makes sense.

Returns the effect ready to run: resource groups in a trade discount are expanded to
their resources (each keeping the span of the group's name).  Every kind checks itself
(its module's `check`, kinds/actions/ and kinds/effects/), even one with nothing to misuse,
lent the rules of the parts it holds (`ActionChecks`, `EffectChecks`): what is no kind is
refused (UnhandledKind), never let through unchecked (tests/test_effect_kinds.py).
"""

from __future__ import annotations

from typing import Any, Iterable

import attrs

from ..diagnostics import Span
from ..syntax import ast
from ..syntax.ast_effects import UnhandledKind
from ..kinds.actions import kind_of
from ..kinds.base import ActionKind
from ..kinds.effects import effect_kind_of
from ..kinds.events import event_kind
from ..kinds.conditions import condition_kind
from ..kinds.measures import measure_kind
from .context import Context, what_word
from .values import (check_condition, check_expr, differs_by_city, neighbours_only, no_neighbour_here,
                     no_repeats, not_on_stage, positive)
from ..kinds.expressions import quantities_in
from ..kinds import amount_base
from ..kinds.amounts import amount_kind
from ..i18n import _

LIMITS = ("turn", "age", "game")


def check_effects(effects: Iterable[object], ctx: Context) -> tuple[Any, ...]:
    checked = []
    for effect in effects:
        result = check_effect(effect, ctx)
        if result is not None:
            checked.append(result)
    return tuple(checked)


def check_effect(effect: object, ctx: Context) -> Any:
    """The effect ready to run, or None when it is misused (reported): its kind's check
    (kinds/effects/)."""
    kind = effect_kind_of(effect)
    if kind is None:
        raise UnhandledKind(f"check/effects.py has no rule for the effect kind {type(effect).__name__}")
    return kind.check(effect, EffectChecks(ctx))


def check_action(action: object, ctx: Context, neighbour: bool = False) -> bool:
    """True when the action may run; `neighbour` when `the neighbour` is bound there: its
    kind's check (kinds/actions/)."""
    kind = kind_of(action)
    if kind is None:
        raise UnhandledKind(f"check/effects.py has no rule for the action kind {type(action).__name__}")
    return kind.check(action, ActionChecks(ctx, neighbour))


class ActionChecks:
    """What a kind's check (kinds/base.py `ActionKind.check`) is lent of the checker: the
    context, whether `the neighbour` is bound, and the rules for an action's parts."""

    def __init__(self, ctx: Context, neighbour: bool, at_game_end: bool = False) -> None:
        self.ctx = ctx
        self.neighbour = neighbour
        self.at_game_end = at_game_end        # the action stands after `at end of game:`

    def expr(self, expr: object) -> bool:
        return check_expr(expr, self.ctx, self.neighbour)

    def per(self, per: object) -> bool:
        """`per [N] QUANTITY`, or none (its kind's check)."""
        return per is None or check_expr(per, self.ctx, self.neighbour)

    def positive(self, value: int, span: Span, what: str) -> bool:
        return positive(value, span, what, self.ctx)

    def colours(self, colors: Iterable[ast.Name]) -> bool:
        """Every colour named is declared."""
        return all([self.ctx.known(c, self.ctx.colors, "E1002", "colour") for c in colors])

    def neighbours_only(self, scope: ast.Scope, what: str, own: bool = False) -> bool:
        """The scope names the left or right neighbour (or both), no other city (`own`:
        the owner's city too, which is then no fault)."""
        return neighbours_only(scope, what, self.ctx, own)

    def price(self, items: Iterable[object]) -> bool:
        """A price written as a card's cost (`price_ok`)."""
        return price_ok(items, self.ctx)

    def differs_by_city(self, value: Any) -> bool:
        """A value cities are compared by counts something of a city (E1218)."""
        return differs_by_city(value, self.ctx)

    def no_repeats(self, names: Iterable[ast.Name], what: str) -> bool:
        """No name listed twice (E1209)."""
        return no_repeats(names, self.ctx, what)

    def not_on_stage(self, span: Span) -> bool:
        """`this stage` said off a wonder stage: reported (E2030), False."""
        return not_on_stage(span, self.ctx)

    def no_neighbour_here(self, scope: ast.Scope) -> bool:
        """`the neighbour` where none is looked at: reported (E1210), False."""
        return no_neighbour_here(scope, self.ctx)

    def action(self, action: object, neighbour: bool | None = None) -> bool:
        """An action the kind holds (`neighbour`: whether one is bound there; as here if None)."""
        return check_action(action, self.ctx, self.neighbour if neighbour is None else neighbour)


class EffectChecks(ActionChecks):
    """What an effect kind's check (kinds/effect_base.py `EffectKind.check`) is lent of the
    checker: an action's rules (no neighbour is bound), and those of an effect's parts."""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx, False)

    def limit(self, limit: ast.Name) -> bool:
        """A limit of the language (`once per turn|age|game`; E1007)."""
        return self.ctx.known(limit, LIMITS, "E1007", "limit")

    def trade_goods(self, effect: Any) -> Any:
        """The effect with the resources it buys checked as a trade price's (groups expanded
        to their resources), or None (check/effects.py `_trade_discount`)."""
        return _trade_discount(effect, self.ctx)

    def no_repeats(self, names: Iterable[ast.Name], what: str) -> bool:
        """No name listed twice (E1209)."""
        return no_repeats(names, self.ctx, what)

    @staticmethod
    def kind_of(action: object) -> ActionKind[Any] | None:
        """The kind of an action the effect holds (kinds/actions/), or None."""
        return kind_of(action)

    @staticmethod
    def later(action: object) -> Any:
        """The action `at end of turn, ...` holds, or None."""
        return _later(action)

    @staticmethod
    def follows(quantity: Any) -> bool:
        """The quantity's measure changes only as its city builds or takes a token, so the
        engine can count it again then (kinds/measure_base.py `follows`)."""
        return measure_kind(quantity).follows

    @staticmethod
    def copies(action: object) -> bool:
        """The action copies a card or a stage (itself, or the action it holds)."""
        return _copies(action)

    def event(self, event: str, span: Span) -> bool:
        """An event a trigger waits on: of a declared colour (`on COLOUR card built`) or kind
        of kept token (`on KIND token taken`)."""
        return _event(event, span, self.ctx)

    def condition(self, condition: Any, neighbour: bool) -> bool:
        """A condition's comparison (`neighbour`: `the neighbour` is bound there)."""
        return check_condition(condition, self.ctx, neighbour)

    def law_conditions(self, law: Any) -> bool:
        """A law's conditions (`_law_conditions`)."""
        return _law_conditions(law, self.ctx)

    def in_law(self, effect: object) -> bool:
        """The effect may stand in a law as it is written (its kind's `in_law`)."""
        kind = effect_kind_of(effect)
        return kind is None or kind.in_law(effect, self)

    def effect(self, effect: object) -> Any:
        """An effect the kind holds, ready to run, or None (`check_effect`)."""
        return check_effect(effect, self.ctx)

    @staticmethod
    def counting_the_score(expr: object) -> list[Any]:
        """The quantities of `expr` that count the score being made (`score so far`: their
        measure is not `scored`), which a score line cannot count."""
        return [q for q in quantities_in(expr) if not measure_kind(q).scored]

    def game_end_checks(self) -> ActionChecks:
        """The rules for an action that stands at the end of the game (`ActionChecks.at_game_end`)."""
        return ActionChecks(self.ctx, False, at_game_end=True)

    def tokens_given(self, count: int, kind: ast.Name, span: Span) -> bool:
        """Tokens given up: of a declared kind, at least one."""
        return _tokens_given(count, kind, span, self.ctx)

    @staticmethod
    def what_word(what: str) -> str:
        """A thing a message names, in the chosen language (check/context.py)."""
        return what_word(what)


class EventChecks:
    """What an event's check (kinds/event_base.py `EventKind.check`) is lent of the checker."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    def colour(self, name: ast.Name) -> bool:
        """A declared colour (E1002)."""
        return self.ctx.known(name, self.ctx.colors, "E1002", "colour")

    def token_kind(self, name: ast.Name) -> bool:
        """A declared kind of kept token (E1008)."""
        return self.ctx.known(name, self.ctx.tokens, "E1008", "token kind")


def price_ok(items: Iterable[object], ctx: Context) -> bool:
    """A price written as a card's cost: declared resources, at least one of each; and
    tokens of declared kinds, at least one of each (each item's kind's, kinds/amounts/)."""
    checks: amount_base.Checks = AmountChecks(ctx)        # (mypy holds the lender to the Protocol)
    return all([amount_kind(item).check_price(item, checks) for item in items])


class AmountChecks:
    """What an item of a cost or a price (kinds/amount_base.py `AmountKind`) is lent of the
    checker."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    def positive(self, value: int, span: Span, what: str) -> bool:
        return positive(value, span, what, self.ctx)

    def tokens_given(self, count: int, kind: ast.Name, span: Span) -> bool:
        return _tokens_given(count, kind, span, self.ctx)


def _tokens_given(count: int, kind: ast.Name, span: Span, ctx: Context) -> bool:
    """Tokens given up (in a price, for a free build): of a declared kind, at least one."""
    ok = ctx.known(kind, ctx.tokens, "E1008", "token kind")
    if count < 1:
        ctx.report("E2091", _("0 {kind} tokens are no price: giving up none is giving up nothing").format(
            kind=kind.text), span, label=_("no token"),
            help=_("ask for 1 token or more (`a {kind} token`); a free build without a price is `may build a card "
                   "for free once per age`").format(kind=kind.text))
        ok = False
    return ok


def _trade_discount(effect: Any, ctx: Context) -> Any:
    """A trade price (`buy ... from SCOPE for N coins`, and a law's change of one): known
    resources, groups expanded to theirs, each once; the neighbours only."""
    expanded: list[ast.Name] = []
    ok = True
    for name in effect.resources:
        members = ctx.groups.get(name.text)
        if members is not None:
            expanded += [ast.Name(text=m, span=name.span) for m in members]
        elif ctx.known(name, tuple(ctx.resources) + tuple(ctx.groups), "E1001", "resource"):
            expanded.append(name)
        else:
            ok = False
    if not ok or not no_repeats(expanded, ctx, "resource"):
        return None
    if not neighbours_only(effect.scope, "buying", ctx):
        return None
    return attrs.evolve(effect, resources=tuple(expanded))


def _law_conditions(law: Any, ctx: Context) -> bool:
    """A law's conditions: one `on top of` at most (its zone: `check_zone_actions`), `in the
    top N` a count above 0, its comparisons as a trigger's (no neighbour is looked at)."""
    ok = True
    tops = [c for c in law.conditions if condition_kind(c).place != "city"]      # its card's place
    for top in tops:
        ok = check_condition(top, ctx, False) and ok
    if len(tops) > 1 and law.revealed is not None:
        ctx.report("E1901", _("a card is on top of a zone or revealed on the table, not both"), tops[1].span,
                   label=_("a second place"), help=_("keep one of them"))
        ok = False
    elif len(tops) > 1:
        if no_repeats([t.zone for t in tops], ctx, "zone"):
            ctx.report("E1901", _("a card is on top of one zone at a time"), tops[1].span,
                       label=_("a second zone"), help=_("keep one `on top of`"))
        ok = False
    for comparison in law.comparisons:
        ok = check_condition(comparison, ctx, False) and ok
    return ok


def _event(event: str, span: Span, ctx: Context) -> bool:
    """An event the trigger may wait on (its kind's check, kinds/events/: a colour or a kind
    of kept token named is a declared one)."""
    kind = event_kind(event)
    if kind is None:                    # the grammar's events all have a kind (kinds/events/)
        raise UnhandledKind(f"check/effects.py has no rule for the event {event!r}")
    return kind.check(event, span, EventChecks(ctx))


def _copies(action: object) -> bool:
    later = _later(action)
    kind = kind_of(action)
    return (kind is not None and kind.copies) or \
        (later is not None and _copies(later))


def _later(action: object) -> Any:
    """The action `at end of turn, ...` holds (a kind that says `at_turn_end`), or None."""
    kind = kind_of(action)
    return kind.inner(action) if kind is not None and kind.at_turn_end else None
