"""Check effects and actions: every name they use is declared, every number makes sense.

Returns the effect ready to run: resource groups in a trade discount are expanded to
their resources (each keeping the span of the group's name).  Every kind checks itself
(its module's `check`, kinds/actions/ and kinds/effects/), even one with nothing to misuse,
lent the rules of the parts it holds (`ActionChecks`, `EffectChecks`): what is no kind is
refused (UnhandledKind), never let through unchecked (tests/test_effect_kinds.py).
"""

from __future__ import annotations

from typing import Any, Iterable, Iterator

import attrs

from ..diagnostics import Note, Span
from ..syntax import ast
from ..syntax.ast_effects import UnhandledKind
from ..kinds.actions import kind_of
from ..kinds.base import ActionKind
from ..kinds.effects import effect_kind_of
from ..kinds.events import event_kind
from ..kinds.among import among_of
from ..kinds.conditions import condition_kind, values_compared
from ..kinds.measures import measure_kind
from ..kinds import scopes
from ..syntax.printer import quantity as quantity_words
from .context import Context, what_word
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

    def per(self, per: ast.Per | None) -> bool:
        return _per(per, self.ctx, self.neighbour)

    def positive(self, value: int, span: Span, what: str) -> bool:
        return _positive(value, span, what, self.ctx)

    def colours(self, colors: Iterable[ast.Name]) -> bool:
        """Every colour named is declared."""
        return all([self.ctx.known(c, self.ctx.colors, "E1002", "colour") for c in colors])

    def neighbours_only(self, scope: ast.Scope, what: str, own: bool = False) -> bool:
        """The scope names the left or right neighbour (or both), no other city (`own`:
        the owner's city too, which is then no fault)."""
        return _neighbours_only(scope, what, self.ctx, own)

    def price(self, items: Iterable[object]) -> bool:
        """A price written as a card's cost (`price_ok`)."""
        return price_ok(items, self.ctx)

    def differs_by_city(self, value: Any) -> bool:
        """A value cities are compared by counts something of a city (E1218)."""
        return _differs_by_city(value, self.ctx)

    def no_repeats(self, names: Iterable[ast.Name], what: str) -> bool:
        """No name listed twice (E1209)."""
        return _no_repeats(names, self.ctx, what)

    def not_on_stage(self, span: Span) -> bool:
        """`this stage` said off a wonder stage: reported (E2030), False."""
        return _not_on_stage(span, self.ctx)

    def no_neighbour_here(self, scope: ast.Scope) -> bool:
        """`the neighbour` where none is looked at: reported (E1210), False."""
        return _no_neighbour_here(scope, self.ctx)

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
        return _no_repeats(names, self.ctx, what)

    @staticmethod
    def kind_of(action: object) -> ActionKind[Any] | None:
        """The kind of an action the effect holds (kinds/actions/), or None."""
        return kind_of(action)

    @staticmethod
    def later(action: object) -> Any:
        """The action `at end of turn, ...` holds, or None."""
        return _later(action)

    @staticmethod
    def follows(quantity: ast.Quantity) -> bool:
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
        return _comparison(condition, self.ctx, neighbour)

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
    def counting_the_score(expr: object) -> list[ast.Quantity]:
        """The quantities of `expr` that count the score being made (`score so far`: their
        measure is not `scored`), which a score line cannot count."""
        return [q for q in _quantities_in(expr) if not measure_kind(q).scored]

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


class MeasureChecks:
    """What a measure's check (kinds/measure_base.py `MeasureKind.check`) is lent of the
    checker: the names a quantity's measure reads."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    def resource(self, name: ast.Name) -> bool:
        """A declared resource (E1001)."""
        return self.ctx.known(name, self.ctx.resources, "E1001", "resource")

    def token_kind(self, name: ast.Name) -> bool:
        """A declared kind of kept token (E1008)."""
        return self.ctx.known(name, self.ctx.tokens, "E1008", "token kind")

    def no_repeats(self, names: Iterable[ast.Name], what: str) -> bool:
        """No name listed twice (E1209)."""
        return _no_repeats(names, self.ctx, what)


def _quantities_in(expr: Any) -> Iterator[ast.Quantity]:
    """Every quantity of an expression, however deep."""
    if isinstance(expr, ast.Quantity):
        yield expr
    elif isinstance(expr, ast.PerAmount):
        yield expr.per.what
    elif isinstance(expr, ast.Negative):
        yield from _quantities_in(expr.operand)
    elif isinstance(expr, ast.BinOp):
        yield from _quantities_in(expr.left)
        yield from _quantities_in(expr.right)
    elif among_of(expr) is not None:
        yield from _quantities_in(expr.value)
    elif isinstance(expr, ast.Conditional):
        yield from _quantities_in(expr.value)
        for c in expr.conditions:
            for side in values_compared(c):
                yield from _quantities_in(side)


def _not_on_stage(span: Span, ctx: Context) -> bool:
    ctx.report("E2030", _("`this stage` is said on a wonder stage only"), span,
               label=_("not on a wonder stage"),
               help=_("write it inside `stage { ... }` of a wonder side; a card names a city's cards by their place: "
                      "`the last card built`"))
    return False


def _which_card(card: ast.WhichCard, ctx: Context, neighbour: bool, several: bool = False) -> bool:
    """A card named by its place: `this stage` on a stage only, the cities it may be of
    one (`several`: a copy's choice between the neighbours), `the neighbour` only where one
    is looked at, its colours declared."""
    if card.which == "under":
        if not ctx.on_stage:
            return _not_on_stage(card.span, ctx)
        return all([ctx.known(c, ctx.colors, "E1002", "colour") for c in card.colors])
    scope = card.scope                  # the owner's city when None: one city, never `the neighbour`
    if scope is None:
        return True
    if not several and scopes.several(scope):
        ctx.report("E2032", _("a card named by its place is one city's: this names several"), scope.span,
                   label=_("more than one city"),
                   help=_("name one city: `by own city`, `by left neighbour`, `by right neighbour`"))
        return False
    if scopes.looks_at_neighbour(scope) and not neighbour:
        return _no_neighbour_here(scope, ctx)
    return True


def _comparison(c: Any, ctx: Context, neighbour: bool) -> bool:
    """A condition: its kind's check (kinds/conditions/)."""
    return condition_kind(c).check(c, ConditionChecks(ctx, neighbour))


class ConditionChecks:
    """What a condition's check (kinds/condition_base.py `ConditionKind.check`) is lent of
    the checker: the context, whether `the neighbour` is bound, the rules for its parts."""

    def __init__(self, ctx: Context, neighbour: bool) -> None:
        self.ctx = ctx
        self.neighbour = neighbour

    def expr(self, expr: object) -> bool:
        return check_expr(expr, self.ctx, self.neighbour)

    def which_card(self, card: ast.WhichCard) -> bool:
        """A card named by its place, of one city (`_which_card`)."""
        return _which_card(card, self.ctx, self.neighbour)

    def colours(self, colors: Iterable[ast.Name]) -> bool:
        """Every colour named is declared."""
        return all([self.ctx.known(c, self.ctx.colors, "E1002", "colour") for c in colors])

    def positive(self, value: int, span: Span, what: str) -> bool:
        return _positive(value, span, what, self.ctx)


def price_ok(items: Iterable[object], ctx: Context) -> bool:
    """A price written as a card's cost: declared resources, at least one of each; and
    tokens of declared kinds, at least one of each."""
    ok = True
    for item in items:
        if isinstance(item, ast.ResourceAmount):
            if not ctx.known(item.resource, ctx.resources, "E1001", "resource"):
                ok = False
            elif not _positive(item.count, item.span, "a price", ctx):
                ok = False
        elif isinstance(item, ast.TokenAmount):
            ok = _tokens_given(item.count, item.kind, item.span, ctx) and ok
    return ok


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
    if not ok or not _no_repeats(expanded, ctx, "resource"):
        return None
    if not _neighbours_only(effect.scope, "buying", ctx):
        return None
    return attrs.evolve(effect, resources=tuple(expanded))


def _law_conditions(law: Any, ctx: Context) -> bool:
    """A law's conditions: one `on top of` at most (its zone: `check_zone_actions`), `in the
    top N` a count above 0, its comparisons as a trigger's (no neighbour is looked at)."""
    ok = True
    tops = [c for c in law.conditions if condition_kind(c).place != "city"]      # its card's place
    for top in tops:
        ok = _comparison(top, ctx, False) and ok
    if len(tops) > 1 and law.revealed is not None:
        ctx.report("E1901", _("a card is on top of a zone or revealed on the table, not both"), tops[1].span,
                   label=_("a second place"), help=_("keep one of them"))
        ok = False
    elif len(tops) > 1:
        if _no_repeats([t.zone for t in tops], ctx, "zone"):
            ctx.report("E1901", _("a card is on top of one zone at a time"), tops[1].span,
                       label=_("a second zone"), help=_("keep one `on top of`"))
        ok = False
    for comparison in law.comparisons:
        ok = _comparison(comparison, ctx, False) and ok
    return ok


def _neighbours_only(scope: ast.Scope, what: str, ctx: Context, own: bool = False) -> bool:
    wrong = scopes.not_neighbours(scope, but_own=own)
    if not wrong:
        return True
    where = what_word(wrong[0].what or "")
    ctx.report("E1210", _("{what} is from the left or right neighbour, not from {where}").format(
        what=what_word(what), where=where), scope.span,
               label=_("not {where}").format(where=where),
               help=_("write `from left neighbour`, `from right neighbour` or `from neighbours`"))
    return False


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


def check_expr(expr: object, ctx: Context, neighbour: bool = False) -> bool:
    """Names in an expression are declared; `the neighbour` only where one is bound."""
    if isinstance(expr, ast.BinOp):
        return all([check_expr(expr.left, ctx, neighbour), check_expr(expr.right, ctx, neighbour)])
    if isinstance(expr, ast.Negative):
        return check_expr(expr.operand, ctx, neighbour)
    if isinstance(expr, ast.PerAmount):
        return _per(expr.per, ctx, neighbour)
    if isinstance(expr, ast.Quantity):
        return _quantity(expr, ctx, neighbour)
    way = among_of(expr)
    if way is not None:                 # a value gathered over the table: its way's check
        return way.check(expr, ActionChecks(ctx, neighbour), neighbour)
    if isinstance(expr, ast.Conditional):
        ok = check_expr(expr.value, ctx, neighbour)
        for c in expr.conditions:
            ok = _comparison(c, ctx, neighbour) and ok
            sides = values_compared(c)
            if sides and not any(_measures(side) for side in sides):
                ctx.report("W1213", _("this condition compares numbers only: it is always true or always false"),
                           c.span, label=_("nothing of the game is measured here"),
                           help=_("compare a quantity of the game, e.g. `if unbuilt wonder stages = 0`"))
        return ok
    return True


def _measures(expr: object) -> bool:
    """Does the expression measure something of the game (not only numbers)?"""
    if isinstance(expr, (ast.Quantity, ast.PerAmount)) or among_of(expr) is not None:
        return True
    if isinstance(expr, ast.BinOp):
        return _measures(expr.left) or _measures(expr.right)
    if isinstance(expr, ast.Negative):
        return _measures(expr.operand)
    return False


def _differs_by_city(value: Any, ctx: Context) -> bool:
    """A value that cities are compared by (a rank, a count over cities, `each ... with
    fewer VALUE`) must count something of a city: E1218 where it does not."""
    if any(measure_kind(q).counted_in != "game" for q in _quantities_in(value)):
        return True
    ctx.report("E1218", _("this value is the same in every city: comparing cities by it tells nothing"),
               value.span, label=_("nothing of a city is counted here"),
               help=_("count something a city has, e.g. `rank of shields among all cities` or "
                      "`number of cities with coins >= 5`"))
    return False


def _quantity(q: ast.Quantity, ctx: Context, neighbour: bool) -> bool:
    ok = all([ctx.known(c, ctx.colors, "E1002", "colour") for c in q.colors])
    if q.card is not None:
        ok = _which_card(q.card, ctx, neighbour) and ok
    kind = measure_kind(q)
    ok = kind.check(q, MeasureChecks(ctx)) and ok
    if q.extreme is not None and not _compares_cities(q, ctx):
        return False
    if q.scope is not None and kind.counted_in == "owner":
        ctx.report("E1210", _("science symbols are counted in one's own city only"), q.scope.span,
                   label=_("no scope here"), help=_("leave out the scope"))
        return False
    if q.scope is not None and scopes.looks_at_neighbour(q.scope) and not neighbour:
        ok = _no_neighbour_here(q.scope, ctx)
    return ok


def _no_neighbour_here(scope: ast.Scope, ctx: Context) -> bool:
    """E1210 for `the neighbour` in an expression outside a trigger `for each neighbour`
    (False: the expression is refused)."""
    ctx.report("E1210", _("`the neighbour` means nothing here"), scope.span,
               label=_("no neighbour is being looked at"),
               help=_("use it in a trigger `on ... for each neighbour`, or say `left neighbour`, `right "
                      "neighbour` or `neighbours`"))
    return False


def _compares_cities(q: ast.Quantity, ctx: Context) -> bool:
    """`most`/`fewest` picks one city among several: its measure is counted per city, and
    its scope names at least two cities (`all cities` or `neighbours` at least)."""
    word = q.extreme
    if measure_kind(q).counted_in == "owner":
        ctx.report("E1214", _("`{word}` compares cities, but science symbols are counted in one's own city only").format(word=word),
                   q.span, label=_("not counted per city"),
                   help=_("compare a count each city has, e.g. `{word} shields of all cities`").format(word=word))
        return False
    if q.scope is not None and scopes.several(q.scope):
        return True
    where = _("names no cities") if q.scope is None else _("names one city only")
    ctx.report("E1214", _("`{word}` compares cities, but this {where}").format(word=word, where=where), q.scope.span if q.scope else q.span,
               label=_("one city has nothing to compare with"),
               help=(_("name the cities: `{word} {what} of all cities` or `... of neighbours`") if q.scope is None
                     else _("name the cities: `{word} {what} of all cities` or `... of neighbours`, or leave out "
                            "`{word}` to count this city's")).format(word=word, what=_plain(q)))
    return False


def _plain(q: ast.Quantity) -> str:
    return quantity_words(attrs.evolve(q, extreme=None, scope=None))


def _per(per: ast.Per | None, ctx: Context, neighbour: bool = False) -> bool:
    if per is None:
        return True
    ok = _positive(per.every, per.span, "`per`", ctx)
    return _quantity(per.what, ctx, neighbour) and ok


def _positive(value: int, span: Span, what: str, ctx: Context) -> bool:
    if value > 0:
        return True
    ctx.report("E1206", _("{what} needs a number above 0, not {value}").format(what=what_word(what), value=value), span,
               label=_("must be at least 1"))
    return False


def _no_repeats(names: Iterable[ast.Name], ctx: Context, what: str) -> bool:
    seen: dict[str, ast.Name] = {}
    ok = True
    for name in names:
        if name.text in seen:
            ctx.report("E1209", _("the {what} `{name}` is listed twice").format(what=what_word(what), name=name.text),
                       name.span,
                       label=_("listed again"), notes=(Note(_("first listed here"), seen[name.text].span),))
            ok = False
        seen.setdefault(name.text, name)
    return ok
