"""The icons of an effect, read from the effect object: what a card shows in its band.

Every construct of the language has a picture here; where a number is computed rather
than written (`gain (age * 2) coins`), the icon shows `?` and the words say how."""

from __future__ import annotations

import sys

from ...check.model import Vocabulary
from ..describe import describer, effect_text  # noqa: F401  (effect_text: lent to a kind's icons)
from ...i18n import _, names  # noqa: F401  (names: lent to a kind's icons)
from ...kinds.actions import kind_of
from ...kinds.amounts import amount_kind
from ...kinds import scopes
from ...kinds.effects import effect_kind_of
from ...kinds.events import event_kind
from ...kinds.expressions import expression_kind
from ...kinds.measures import measure_kind
from ...syntax import ast
from ...syntax.ast_base import literal
from ...syntax.ast_effects import UnhandledKind
from . import icons
from .icons import Icon


def _word(table: dict, key: str) -> str:
    return _(table[key]) if key in table else key


def event_word(event: str) -> str:
    """An event in a few words, as a chip (or a log line) says it: `on COLOUR card built` names the colour in the reader's words."""
    kind = event_kind(event)
    return event if kind is None else kind.chip(event, _KIT)


def quantity_text(q) -> str:
    return describer().quantity_text(q)


def scope_text(scope) -> str:
    return describer().scope_text(scope)


def expr_text(expr) -> str:
    return describer().expr_text(expr)


def number_text(expr) -> str:
    """The number an amount is written as (`3`, `-2`), or `?` where it is computed."""
    value = literal(expr)
    return "?" if value is None else str(value)


def scope_icons(scope: ast.Scope | None) -> list[Icon]:
    if scopes.own_only(scope):
        return []
    return [icons.direction(scopes.arrows(scope), scope_text(scope))]


def quantity(q, v: Vocabulary) -> list[Icon]:
    """A quantity's icons: its measure's (kinds/measures/), then its scope's."""
    return measure_kind(q).icons(q, _KIT, v, quantity_text(q)) + scope_icons(q.scope)


def resource_icons(resources, v: Vocabulary) -> list[Icon]:
    """Resources one of which is meant (a trade price's): each icon, a slash between."""
    shown: list[Icon] = []
    for i, r in enumerate(resources):
        shown += ([icons.word("/")] if i else []) + [icons.resource(r.text, v)]
    return shown


def per_icons(per, v: Vocabulary) -> list[Icon]:
    """`/N` and the quantity's icons, or none (its kind's, kinds/expressions/)."""
    return [] if per is None else expression_kind(per).icons(per, _KIT, v, icons.word)


def expression(expr, v: Vocabulary, unit) -> list[Icon]:
    """An amount: a number on the unit's icon, `per` a quantity, or a formula's parts (its
    kind's, kinds/expressions/)."""
    return expression_kind(expr).icons(expr, _KIT, v, unit)


def action(a, v: Vocabulary) -> list[Icon]:
    kind = kind_of(a)
    if kind is not None:                         # a kind of kinds/actions/ has its icons
        return kind.icons(a, _KIT, v)
    raise UnhandledKind(f"render/effect_icons.py has no picture for the action kind {type(a).__name__}")


def price_icons(items, v: Vocabulary) -> list[Icon]:
    """A written price's icons (`may pay ...`): tokens given up, coins, resources (five at most)."""
    return [icon for i in items for icon in amount_kind(i).icons(i, _KIT, v)]     # each its kind's (kinds/amounts/)


def effect(e, v: Vocabulary) -> list[Icon]:
    """The icons of one effect, in the order a player reads them."""
    kind = effect_kind_of(e)
    if kind is None:
        raise UnhandledKind(f"render/effect_icons.py has no picture for the effect kind {type(e).__name__}")
    return kind.icons(e, _KIT, v)                 # a kind of kinds/effects/ draws itself


# What a kind's `icons` is lent (kinds/base.py): this module's pictures of amounts, and the icons
_KIT = sys.modules[__name__]