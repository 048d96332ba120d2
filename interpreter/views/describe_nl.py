"""Dutch for effect objects, generated from their fields like the English of describe.py,
with Dutch grammar: plural nouns (`1 muntstuk`, `2 muntstukken`), adjectives before the
noun (`bruine kaarten`), and the verb before the subject after a fronted phrase (`zodra
gebouwd, krijgt de eigenaar ...`).  The words are the Dutch rulebook's (Tijdperk, fase,
muntstuk, schild, winstpunt, Conflictfiche, aflegstapel, naburige steden); the content's
names come from its translations (i18n.names())."""

from __future__ import annotations

import sys

from ..check.model import Cost, written_cost
from ..i18n import names
from ..kinds.actions import kind_of
from ..kinds import scopes
from ..kinds.effects import effect_kind_of
from ..kinds.events import event_kind
from ..kinds.conditions import condition_kind
from ..kinds.expressions import expression_kind
from ..kinds.measures import measure_kind
from ..syntax import ast
from ..syntax.ast_effects import UnhandledKind
from .describe import every_city  # noqa: F401  (lent to a law's words)

# noun: (singular, plural)
NOUNS = {"coin": ("muntstuk", "muntstukken"), "point": ("winstpunt", "winstpunten"),
         "resource": ("grondstof", "grondstoffen"),
         "shield": ("schild", "schilden"), "card": ("kaart", "kaarten"),
         "wonder stages": ("gebouwde Wonder fase", "gebouwde Wonder fasen"),
         "unbuilt wonder stages": ("nog niet gebouwde Wonder fase", "nog niet gebouwde Wonder fasen"),
         "defeat tokens": ("nederlaagfiche", "nederlaagfiches"),
         "victory tokens": ("overwinningsfiche", "overwinningsfiches"),
         "military tokens": ("punt van de Conflictfiches", "het totaal van de Conflictfiches"),
         "coins": ("muntstuk", "muntstukken"), "shields": ("schild", "schilden"),
         "complete sets": ("groep van 3 verschillende wetenschapssymbolen",
                           "groepen van 3 verschillende wetenschapssymbolen")}
LIMITS = {"turn": "ronde", "age": "Tijdperk", "game": "spel"}
def noun(n: int, word: str) -> str:
    singular, plural = NOUNS[word]
    return f"{n} {singular if n == 1 else plural}"


def en_list(words, joiner: str = "en") -> str:
    words = list(words)
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + f" {joiner} " + words[-1]


def cost_text(cost: Cost) -> str:
    if cost.is_free:
        return "gratis"
    parts = [noun(cost.coins, "coin")] if cost.coins else []
    parts += [f"{n} {names().resource(r)}" for r, n in cost.resources]
    parts += [_tokens(n, kind) for kind, n in cost.tokens]      # a price's tokens, ingeleverd
    return ", ".join(parts)


def _tokens(n: int, kind: str) -> str:
    """`1 joker-fiche`, `2 joker-fiches`: fiches van een soort die een stad bewaart."""
    return f"{n} {names().token(kind)}-fiche" + ("" if n == 1 else "s")


def scope_text(scope: ast.Scope | None, preposition: str = "") -> str:
    """The cities of a scope; with a preposition, it is repeated before each part
    (`in de eigen stad en in beide naburige steden`, as the rulebook writes)."""
    return en_list(f"{preposition} {t}".lstrip() for t in scopes.words_nl(scope))   # its parts' (kinds/scopes/)


def quantity_text(q, singular: bool = False) -> str:
    """A quantity in Dutch words: its measure's (kinds/measures/)."""
    return measure_kind(q).words_nl(q, _WORDS, singular)


def counted_text(q, text: str, plural: str = "", bare: bool = False, owner: bool = False,
                 van: bool = False) -> str:
    """A measure's words `text` with the quantity's scope, or (its `plural`) as the most or
    fewest of it: `bare`, a measure a city has is said without a city when it has no scope;
    `owner`, one counted in the owner's city only; `van`, coins and shields belong to a city
    (`van`), cards, stages and tokens are in one (rulebook: "in de naburige steden")."""
    if q.extreme is not None:
        most = "grootste" if q.extreme == "most" else "kleinste"
        plural = plural.removeprefix("het totaal van de ")
        return f"het {most} aantal {plural} dat één van {scope_text(q.scope)} heeft"
    if owner or (bare and q.scope is None):
        return text
    return f"{text} {scope_text(q.scope, 'van' if van else 'in')}" if q.scope else f"{text} in de eigen stad"


def per_text(per) -> str:
    """` per [N] QUANTITY`, or nothing (its kind's words, kinds/expressions/)."""
    return "" if per is None else expression_kind(per).words_nl(per, _WORDS)


def condition_text(conditions) -> str:
    return " en ".join(comparison_text(c) for c in conditions)


def comparison_text(c) -> str:
    """Een voorwaarde in woorden: die van haar soort (kinds/conditions/)."""
    return condition_kind(c).words_nl(c, _WORDS)


def which_card_text(card) -> str:
    """A card named by its place (docs/language.md, "Order and removal"): its kind's words."""
    return expression_kind(card).words_nl(card, _WORDS)


def expr_text(expr) -> str:
    """A value in words: its kind's (kinds/expressions/)."""
    return expression_kind(expr).words_nl(expr, _WORDS)


def amount_text(amount, word: str) -> str:
    if isinstance(amount, ast.Number):
        return noun(amount.value, word)
    return f"{expr_text(amount)} {NOUNS[word][1]}"


def action_parts(action) -> tuple[str, str]:
    """(finite verb, the rest): a clause the caller orders, subject first or after the verb."""
    kind = kind_of(action)
    if kind is not None:                         # a kind of kinds/actions/ has its words
        return kind.words_nl(action, _WORDS)
    raise UnhandledKind(f"describe_nl.py has no words for the action kind {type(action).__name__}")


def price_text(items) -> str:
    """A written price (`may pay ...`) in words, as a card's cost."""
    return cost_text(written_cost(items))


def action_text(action) -> str:
    """The clause without its subject (`krijgt 2 muntstukken`), as the kit notation's
    words for an action it has no mark for."""
    return " ".join(action_parts(action))


def fronted(phrase: str, subject: str, action) -> str:
    """`phrase, VERB SUBJECT REST`: Dutch puts the verb second, before the subject, when
    another phrase comes first."""
    verb, rest = action_parts(action)
    return f"{phrase}, {verb} {subject} {rest}"


def score_text(value) -> str:
    """A score line's value in words (`2 points per 3 coins`): its kind's."""
    return expression_kind(value).score_nl(value, _WORDS)


def event_text(event: str) -> str:
    """Wanneer een trigger op `event` werkt, in woorden (die van zijn soort, kinds/events/)."""
    return event_kind(event).words_nl(event, _WORDS)


def selector_text(selector: ast.CardSelector) -> str:
    """`brown cards producing 2 units or a choice`: "de bruine kaarten die 2 eenheden of
    een grondstof naar keuze produceren"; `cards "A", "B"`: de kaarten zelf."""
    n = names()
    if selector.names:
        return en_list([n.card(c.text) for c in selector.names])
    colours = en_list([n.color(c.text) for c in selector.colors]) if selector.colors else ""
    what = f"de {colours} kaarten" if colours else "de kaarten"
    produced = [f"{u} {'eenheid' if u == 1 else 'eenheden'}" for u in selector.units] \
        + ["een grondstof naar keuze"] * selector.choice
    return what + (f" die {en_list(produced, 'of')} produceren" if produced else "")


def effect_text(effect) -> str:
    kind = effect_kind_of(effect)
    if kind is None:
        raise UnhandledKind(f"describe_nl.py has no words for the effect kind {type(effect).__name__}")
    return kind.words_nl(effect, _WORDS)                 # a kind of kinds/effects/ has its words


_WORDS = sys.modules[__name__]      # what a kind's `words_nl` is lent: amount_text, per_text, expr_text, ...
