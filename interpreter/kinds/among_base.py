"""The interface every way of gathering a value over the table meets (docs/language.md,
"Ranks and counts over the table"): `rank of VALUE` and `rank of fewest VALUE` with their
tie rule, `number of cities with VALUE OP N`, `most (EXPR) of SCOPE` and `fewest (...)`.

An `AmongCities` of the tree (syntax/ast_effects.py) counts its value in each city of its
scope, that city looked at with its own neighbours, and gathers the counts one way (its
`how`, a member of `Among`).  Each way is a class deriving from `AmongKind`, instantiated
once in its module of kinds/among/ (`KIND = RankKind()`): a part left out, a value not
declared or a language without words fails the import, as for every kind (base.py).  The
passes find it by `among_kind(e)` (kinds/among/__init__.py, a dict look-up) and lend it
what it needs: the engine's `where_in` and comparisons, the printer, a describer."""

from __future__ import annotations

import abc
from enum import StrEnum
from typing import Any, Callable, ClassVar, Protocol

from .base import LANGUAGES


class Among(StrEnum):
    """The ways to gather a value over the table, as `AmongCities.how` holds them; one
    module each in kinds/among/, held equal to it by tests/test_kind_modules.py."""
    RANK = "rank"
    RANK_FEWEST = "rank fewest"
    COUNT = "count"
    MOST = "most"
    FEWEST = "fewest"


class Gathering(Protocol):
    """What a way's run is lent of the engine (engine/quantities.py)."""
    COMPARE: dict[str, Callable[[Any, Any], bool]]
    def where_in(self, where: Any, city: Any) -> Any: ...


class AmongPrinter(Protocol):
    """What a way's printing is lent of syntax/printer.py."""
    def city_value(self, v: Any) -> str: ...
    def expr(self, e: Any) -> str: ...
    def scope(self, s: Any) -> str: ...


class AmongKind(abc.ABC):
    """One way of gathering a value over the table.

    Declared values:
    `how`: its member of Among;
    `compares`: it picks one city's value among several (`most`, `fewest`): its scope must
    name two cities at least (check/effects.py, E1214).
    """

    how: ClassVar[Among]
    compares: ClassVar[bool] = False

    def __init__(self) -> None:
        kind = type(self).__name__
        if not isinstance(getattr(self, "how", None), Among):
            raise TypeError(f"the way {kind} does not declare its `how`, a member of Among (kinds/among_base.py)")
        missing = [lang for lang in LANGUAGES if not callable(getattr(self, f"words_{lang}", None))]
        if missing:
            raise TypeError(f"the way {kind} has no words in {', '.join(missing)}")

    # -- run (engine/quantities.py `gathered`)
    @abc.abstractmethod
    def gathered(self, e: Any, value: Callable[[Any], int], where: Any, cities: Any, g: Gathering) -> int:
        """The value gathered over `cities` (the scope's; all when it names none): `value`
        is a function of a city's Where (`g.where_in(where, city)`)."""

    # -- printing for `wonders fmt` (syntax/printer.py)
    @abc.abstractmethod
    def written(self, e: Any, p: AmongPrinter) -> str:
        """The value gathered as the language writes it."""

    # -- words (views/)
    @abc.abstractmethod
    def words_en(self, e: Any, value: str, cities: str) -> str:
        """English, given the value's words (parenthesised unless a quantity) and the cities'."""

    @abc.abstractmethod
    def words_nl(self, e: Any, value: str, cities: str) -> str:
        """Dutch, likewise."""
