"""English for effect objects, generated from their fields (no stored prose), and their
data form for `--format json`.  Another language has a describer module of its own
(DESCRIBERS: describe_nl.py for Dutch), which `effect_text` and `cost_text` use when that
language is chosen (interpreter/i18n)."""

from __future__ import annotations

import sys

from ..check.model import Cost, written_cost
from ..kinds.actions import kind_of
from ..kinds import scopes
from ..kinds.effects import effect_kind_of
from ..kinds.events import event_kind
from ..kinds.conditions import condition_kind
from ..kinds.expressions import expression_kind
from ..kinds.measures import measure_kind
from ..syntax import ast
from ..syntax.ast_effects import UnhandledKind
from ..syntax.data import to_data
from ..syntax.printer import preposition

# language -> the module that describes effects in it (its own grammar, not word swaps)
DESCRIBERS = {"nl": "interpreter.views.describe_nl"}


def _describer():
    """The chosen language's describer module, or None for English."""
    from ..i18n import language
    module = DESCRIBERS.get(language())
    if module is None:
        return None
    import importlib
    return importlib.import_module(module)


def describer():
    """The module that describes effects in the chosen language (this one for English):
    each has scope_text, per_text, expr_text, action_text and score_text."""
    import sys
    return _describer() or sys.modules[__name__]


def plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def and_list(words, joiner: str = "and") -> str:
    words = list(words)
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + f" {joiner} " + words[-1]


def cost_text(cost: Cost) -> str:
    other = _describer()
    if other is not None:
        return other.cost_text(cost)
    if cost.is_free:
        return "free"
    parts = [plural(cost.coins, "coin")] if cost.coins else []
    parts += [f"{n} {r}" for r, n in cost.resources]
    parts += [plural(n, f"{kind} token") for kind, n in cost.tokens]     # a price's tokens, given up
    return ", ".join(parts)


def scope_text(scope: ast.Scope | None) -> str:
    return and_list(scopes.words_en(scope))         # its parts' (kinds/scopes/)


def the_scope_text(scope: ast.Scope | None, article: str = "the") -> str:
    """The scope's words as a sentence uses them: "both neighbours", or with an article
    ("the left neighbour", "its left neighbour")."""
    where = scope_text(scope)
    return where if where.startswith("both") else f"{article} {where}"


def quantity_text(q, singular: bool = False) -> str:
    """A quantity in words: its measure's (kinds/measures/)."""
    return measure_kind(q).words_en(q, _WORDS, singular)


def counted_text(q, text: str, bare: bool = False, owner: bool = False) -> str:
    """A measure's words `text` with the quantity's scope, or as the most or fewest of it:
    `bare`, a measure a city has (its coins) is said without a city when it has no scope;
    `owner`, one counted in the owner's city only, never with a city."""
    if q.extreme is not None:          # "the fewest coins that one of all cities has"
        text = text.removeprefix("the total of the ")
        return f"the {q.extreme} {text} that one of {scope_text(q.scope)} has"
    if owner or (bare and q.scope is None):
        return text
    return f"{text} {preposition(q.scope)} {scope_text(q.scope)}" if q.scope else f"{text} in own city"


def per_text(per) -> str:
    """` per [N] QUANTITY`, or nothing (its kind's words, kinds/expressions/)."""
    return "" if per is None else expression_kind(per).words_en(per, _WORDS)


def expr_text(expr) -> str:
    """A value in words: its kind's (kinds/expressions/)."""
    return expression_kind(expr).words_en(expr, _WORDS)


def comparison_text(c) -> str:
    """A condition in words: its kind's (kinds/conditions/)."""
    return condition_kind(c).words_en(c, _WORDS)


def which_card_text(card) -> str:
    """A card named by its place (docs/language.md, "Order and removal"): its kind's words."""
    return expression_kind(card).words_en(card, _WORDS)


def amount_text(amount, word: str) -> str:
    if isinstance(amount, ast.Number):
        return plural(amount.value, word)
    return f"{expr_text(amount)} {word}s"


def action_text(action) -> str:
    kind = kind_of(action)
    if kind is not None:                         # a kind of kinds/actions/ has its words
        return kind.words_en(action, _WORDS)
    raise UnhandledKind(f"describe.py has no words for the action kind {type(action).__name__}")


def price_text(items) -> str:
    """A written price (`may pay ...`) in words, as a card's cost."""
    return cost_text(written_cost(items))


def score_text(value) -> str:
    """A score line's value in words (`2 points per 3 coins`): its kind's."""
    return expression_kind(value).score_en(value, _WORDS)


def effect_text(effect) -> str:
    other = _describer()
    if other is not None:
        return other.effect_text(effect)
    kind = effect_kind_of(effect)
    if kind is None:
        raise UnhandledKind(f"describe.py has no words for the effect kind {type(effect).__name__}")
    return kind.words_en(effect, _WORDS)                 # a kind of kinds/effects/ has its words


def every_city(effect):
    """The effect as a law holds it, said of every city (its kind's `for_every_city`): a
    law's effect is every city's, not the owner's."""
    kind = effect_kind_of(effect)
    return effect if kind is None else kind.for_every_city(effect, scopes.every_city(effect.span))


def event_text(event: str) -> str:
    """When a trigger on `event` acts, in words (its kind's, kinds/events/)."""
    return event_kind(event).words_en(event, _WORDS)


def selector_text(selector: ast.CardSelector) -> str:
    """`brown cards producing 2 units or a choice`: "the brown cards that produce 2 units
    or a choice of resources"; `cards "A", "B"`: "A and B"."""
    if selector.names:
        return and_list([n.text for n in selector.names])
    what = f"the {and_list([c.text for c in selector.colors], 'and')} cards" if selector.colors else "the cards"
    produced = [plural(n, "unit") for n in selector.units] + ["a choice of resources"] * selector.choice
    return what + (f" that produce {and_list(produced, 'or')}" if produced else "")


def effect_data(effect) -> dict:
    data = to_data(effect)
    data["text"] = effect_text(effect)
    return data


_WORDS = sys.modules[__name__]      # what a kind's `words_en` is lent: amount_text, per_text, expr_text, ...
