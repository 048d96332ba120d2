"""The parts of a scope, one module each, and the registry the passes look them up in
(kinds/scope_base.py `ScopeKind`): every module of this folder is a part, found here by its
file as the action kinds are.  No pass compares a scope's parts: each asks here what the
scope names, its cities in a game and its words (tests/test_kind_modules.py)."""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable, Iterable
from typing import Any

from ..base import kind_modules
from ..scope_base import NODE, Scope, ScopeKind, ScopePart

MODULES = kind_modules(__path__, __name__, ScopeKind)
# ScopePart -> its kind (a str key: a ScopePart is equal to its words)
SCOPES: dict[str, ScopeKind] = {module.KIND.part: module.KIND for module in MODULES}
# the owner's city, which a scope left out names
OWN = next(kind for kind in SCOPES.values() if kind.field == "city")
# every city, which a value gathered over the table without a scope names
EVERY = next(kind for kind in SCOPES.values() if not kind.one_city)

# `left` directly followed by `right`, as the language writes it and the words say it
NEIGHBOURS = {"written": "neighbours", "en": "both neighbours", "nl": "beide naburige steden"}


@functools.cache
def _kinds(parts: tuple[str, ...]) -> tuple[ScopeKind, ...]:
    return tuple(SCOPES[part] for part in parts)


def scope_kinds(scope: Any) -> tuple[ScopeKind, ...]:
    """The kinds of the scope's parts in their written order; the owner's city when there is
    no scope."""
    return (OWN,) if scope is None else _kinds(scope.parts)


def every_city(span: Any) -> Any:
    """A scope of every city (what a value gathered over the table without one, or a law
    said of every city, names)."""
    return NODE(parts=(EVERY.part,), span=span)


def own_only(scope: Any) -> bool:
    """The scope names the owner's city alone (or there is none)."""
    return scope_kinds(scope) == (OWN,)


def several(scope: Any) -> bool:
    """The scope names more than one city (`all cities`, `neighbours`, ...)."""
    kinds = scope_kinds(scope)
    return len(kinds) > 1 or not kinds[0].one_city


def looks_at_neighbour(scope: Any) -> bool:
    """The scope names `the neighbour`, which only a trigger `for each neighbour` looks at."""
    return any(kind.looked_at for kind in scope_kinds(scope))


def names_every(scope: Any) -> bool:
    """The scope names every city (`all cities`)."""
    return EVERY in scope_kinds(scope)


def reaches_owner(scope: Any) -> bool:
    """The owner's city is among the scope's (`own city`, `all cities`; or no scope)."""
    kinds = scope_kinds(scope)
    return OWN in kinds or EVERY in kinds


def names_own(scope: Any) -> bool:
    """The scope names the owner's city (among others, perhaps)."""
    return OWN in scope_kinds(scope)


def not_neighbours(scope: Any, but_own: bool = False) -> tuple[ScopeKind, ...]:
    """The parts that are not the owner's left or right neighbour (`but_own`: nor the
    owner's city), in their written order."""
    return tuple(kind for kind in scope_kinds(scope) if kind.side is None and not (but_own and kind is OWN))


def sides(scope: Any) -> tuple[int, ...]:
    """The neighbours the scope names, by their index among a city's two (0 left, 1 right),
    in their written order."""
    return tuple(kind.side for kind in scope_kinds(scope) if kind.side is not None)


def keys(scope: Any) -> tuple[str, ...]:
    """The parts as the engine's tables key them (a ScopePart is equal to its words: a
    city's discounts reach `own`, `left`, `right`; engine/discounts.py)."""
    return tuple(kind.part for kind in scope_kinds(scope))


def directions(scope: Any) -> tuple[str, ...]:
    """The neighbours the scope names as the engine's prices key them (engine/city.py
    DIRECTIONS: `left`, `right`, equal to their parts), in their written order."""
    return tuple(kind.part for kind in scope_kinds(scope) if kind.side is not None)


def picked(scope: Any, own: Any, left: Any, right: Any, neighbour: Any = None) -> list[Any]:
    """The one-city parts' cities of these, in the scope's written order."""
    return [city for city in (kind.pick(own, left, right, neighbour) for kind in scope_kinds(scope))
            if city is not None]


@functools.cache
def _gatherer(parts: tuple[str, ...]) -> Callable[[Any], Any]:
    kinds = _kinds(parts)
    if len(kinds) == 1 and kinds[0].one_city:        # the common case, without the lists below
        return kinds[0].cities
    if all(kind.one_city for kind in kinds):         # `neighbours`: the Where's fields read at once, in C
        read = operator.attrgetter(*(str(kind.field) for kind in kinds))
        return lambda where: _each_once(read(where))
    return lambda where: _each_once(city for kind in kinds for city in kind.cities(where))


def _each_once(found: Iterable[Any]) -> list[Any]:
    """The cities found, in order, each once (a city named twice in a scope counts once)."""
    unique: list[Any] = []
    for city in found:
        for seen in unique:
            if seen is city:
                break
        else:
            unique.append(city)
    return unique


def cities(scope: Any, where: Any) -> Any:
    """The scope's cities in the engine's `where` (engine/quantities.py `Where`), each once."""
    return (where.city,) if scope is None else _gatherer(scope.parts)(where)


def gatherer(scope: Any) -> Callable[[Any], Any]:
    """`cities(scope, ·)`, made once for a pass that asks often."""
    return _gatherer((OWN.part,) if scope is None else scope.parts)


def _joined(scope: Any, words: Callable[[ScopeKind], str], both: str, in_place: bool) -> list[str]:
    """The parts' words; `left` and `right` said together as `both` (`in_place`: where
    they stand, as written, when directly one after the other; else after the others)."""
    kinds = list(scope_kinds(scope))
    pair = sorted((kind for kind in SCOPES.values() if kind.side is not None), key=lambda kind: kind.side or 0)
    if in_place:
        out, i = [], 0
        while i < len(kinds):
            if kinds[i:i + 2] == pair:
                out.append(both)
                i += 2
                continue
            out.append(words(kinds[i]))
            i += 1
        return out
    if all(kind in kinds for kind in pair):
        return [words(kind) for kind in kinds if kind not in pair] + [both]
    return [words(kind) for kind in kinds]


def written(scope: Any) -> str:
    """The scope as the language writes it: `left` directly followed by `right` is
    `neighbours`."""
    return " and ".join(_joined(scope, lambda kind: kind.written(), NEIGHBOURS["written"], True))


def words_en(scope: Any) -> list[str]:
    """The scope's cities in English, one phrase each (`both neighbours` for the two)."""
    return _joined(scope, lambda kind: kind.words_en(), NEIGHBOURS["en"], False)


def words_nl(scope: Any) -> list[str]:
    """The scope's cities in Dutch, likewise."""
    return _joined(scope, lambda kind: kind.words_nl(), NEIGHBOURS["nl"], False)


def preposition(scope: Any) -> str:
    """The one word between a measure and its scope: `of` one other city (`coins of left
    neighbour`), `in` the owner's city or several (`brown cards in neighbours`)."""
    kinds = scope_kinds(scope)
    return "of" if len(kinds) == 1 and kinds[0].one_city and kinds[0] is not OWN else "in"


def arrows(scope: Any) -> tuple[str, ...]:
    """The arrows of the scope's icon, each once (views/render/icons.py `direction`)."""
    kinds = scope_kinds(scope)
    if EVERY in kinds:                  # every city: its arrows alone
        return EVERY.arrows
    return tuple(dict.fromkeys(arrow for kind in kinds for arrow in kind.arrows))


def whats(kinds: Iterable[ScopeKind]) -> list[str]:
    """What a check's message calls each of these parts (check/context.py WHAT)."""
    return [kind.what or kind.written() for kind in kinds]


__all__ = ["NODE", "SCOPES", "Scope", "ScopeKind", "ScopePart", "arrows", "cities", "directions", "every_city", "gatherer", "keys",
           "looks_at_neighbour", "names_every", "names_own", "not_neighbours", "own_only", "picked", "preposition", "reaches_owner", "scope_kinds",
           "several", "sides", "whats", "words_en", "words_nl", "written"]
