"""The interface every part of a scope meets (`of own city`, `of left neighbour`, `of
right neighbour`, `of the neighbour`, `of all cities`): whose cities a quantity, a trade,
a discount or a copy looks at, declared once (issue 34).

A `Scope` of the tree (its class is here, re-exported by syntax/ast_effects.py) is its
parts in their written order (`neighbours` is `left` then `right`).  Each part is a class
deriving from `ScopeKind`, instantiated once in its module of kinds/scopes/ (`KIND =
LeftKind()`): a part left out, a value not declared or a language without words fails the
import, as for every kind (base.py).  The passes never compare a part: they ask the
registry (kinds/scopes/__init__.py) what a scope names (`scope_kinds`, `sides`,
`several`, `looks_at_neighbour`, ...), its cities in a game (`cities`, lent the engine's
`Where`) and its words (`written`, `words_en`, `words_nl`)."""

from __future__ import annotations

import abc
from enum import StrEnum
from typing import TYPE_CHECKING, Any, ClassVar

from .base import LANGUAGES
from ..syntax.ast_base import node

if TYPE_CHECKING:
    from ..diagnostics import Span


class ScopePart(StrEnum):
    """A part of a scope (`Scope.parts`), in the language's words (a str: equal to them, so
    saves and content read the same); one module each in kinds/scopes/, held equal to it by
    tests/test_kind_modules.py."""
    OWN = "own"
    LEFT = "left"
    RIGHT = "right"
    NEIGHBOUR = "neighbour"
    ALL = "all"


@node
class Scope:
    """Whose cities a quantity or a trade looks at: any of `own`, `left`, `right`,
    `neighbour` (the one a `for each neighbour` trigger is at) and `all`, each a ScopePart,
    in their written order (the engine visits them in that order)."""
    parts: tuple[str, ...]
    span: Span


NODE = Scope          # (the registry's, kinds/scopes/__init__.py)

# What a city of a scope is, as the engine lends it (engine/quantities.py `Where`): the
# field each part's one city is read from.
FIELDS = ("city", "left", "right", "neighbour")


class ScopeKind(abc.ABC):
    """One part of a scope.

    Declared values:
    `part`: its member of ScopePart;
    `field`: the field of the engine's `Where` (one of FIELDS) that holds its one city, or
    None for a part that names several (`all cities`);
    `side`: the index of its neighbour among a city's two (0 left, 1 right: engine/city.py
    DIRECTIONS, `game.neighbours(seat)`), or None for a part that is no neighbour of the
    owner's;
    `looked_at`: it is the neighbour a trigger `for each neighbour` is at (`the neighbour`),
    which means nothing elsewhere (check/values.py, E1210);
    `what`: what a check's message calls it, a key of check/context.py WHAT (None for a
    neighbour, which a trade may name);
    `arrows`: the arrows its icon draws (views/render/icons.py `direction`).
    """

    part: ClassVar[ScopePart]
    field: ClassVar[str | None]
    side: ClassVar[int | None] = None
    looked_at: ClassVar[bool] = False
    what: ClassVar[str | None] = None
    arrows: ClassVar[tuple[str, ...]]

    def __init__(self) -> None:
        kind = type(self).__name__
        if not isinstance(getattr(self, "part", None), ScopePart):
            raise TypeError(f"the scope {kind} does not declare its `part`, a member of ScopePart (kinds/scope_base.py)")
        if getattr(self, "field", "") not in (*FIELDS, None):
            raise TypeError(f"the scope {kind}'s `field` is not one of {FIELDS} or None")
        if self.side not in (None, 0, 1):
            raise TypeError(f"the scope {kind}'s `side` {self.side!r} is not 0, 1 or None")
        if self.side is None and self.what is None:
            raise TypeError(f"the scope {kind} is no neighbour: it declares `what` a message calls it")
        if not isinstance(getattr(self, "arrows", None), tuple):
            raise TypeError(f"the scope {kind} does not declare its icon's `arrows`")
        missing = [lang for lang in LANGUAGES if not callable(getattr(self, f"words_{lang}", None))]
        if missing:
            raise TypeError(f"the scope {kind} has no words in {', '.join(missing)}")

    @property
    def called(self) -> str:
        """What a check's message calls a part that is no neighbour (`what`, declared by
        every such part: checked above, at import)."""
        if self.what is None:
            raise TypeError(f"the scope {type(self).__name__} is a neighbour: a message names it by its side")
        return self.what

    @property
    def one_city(self) -> bool:
        """It names one city (not `all cities`)."""
        return self.field is not None

    # -- run (engine/quantities.py `Where.cities`, the copies' options)
    @abc.abstractmethod
    def pick(self, own: Any, left: Any, right: Any, neighbour: Any = None) -> Any:
        """Its one city of these (the owner's, its neighbours', the neighbour looked at),
        None for a part that names several."""

    def cities(self, where: Any) -> tuple[Any, ...]:
        """Its cities in the engine's `where` (engine/quantities.py `Where`)."""
        return (self.pick(where.city, where.left, where.right, where.neighbour),)

    # -- printing for `wonders fmt` (syntax/printer.py)
    @abc.abstractmethod
    def written(self) -> str:
        """The part as the language writes it (`left neighbour`)."""

    # -- words (views/)
    @abc.abstractmethod
    def words_en(self) -> str:
        """English (`left neighbour`)."""

    @abc.abstractmethod
    def words_nl(self) -> str:
        """Dutch (`de naburige stad links`)."""
