"""The interface every kind of condition meets (issue 34): what each pass asks of a
condition, declared once.

A condition stands after `if` in a trigger (`on age end if shields > 3: ...`) or a score
line (`3 if coins >= 5`), and after `while` in a law (`law while on top of "Z": ...`).  Its
kind is a class deriving from `ConditionKind`, instantiated once in its module of
kinds/conditions/ (`KIND = ComparisonKind()`), beside the syntax class it is the kind of:
an abstract method left out, a value not declared or a language without words makes that
line fail, and so the import of every kind, never a game (as base.py's `ActionKind`).  The
passes find it by `condition_kind(c)` (kinds/conditions/__init__.py, a dict look-up) and lend
it what it needs of them: the checker's rules, the engine's expressions, the printer, a
describer."""

from __future__ import annotations

import abc
from typing import Any, Callable, ClassVar, Protocol

from .base import LANGUAGES

# Where a condition is read (the declared `place`):
# "city": in a city's Where (a comparison): a trigger's, a score line's or a law's; it says
#   whether it `holds` there, and the engine compiles it once (`holds_fn`);
# "zone": a law's only: its card is in the top of a zone (`on top of "Z"`, `in the top N of
#   "Z"`), the city whose pile holds it the law's owner (engine/laws.py: the `zone`, `depth`);
# "table": a law's only: its card is shown on the table (`revealed`), the law has no owner.
PLACES = ("city", "zone", "table")


class Checks(Protocol):
    """What a condition's check is lent of the checker (check/values.py `ConditionChecks`)."""
    ctx: Any
    def expr(self, expr: Any) -> bool: ...
    def which_card(self, card: Any) -> bool: ...
    def colours(self, colors: Any) -> bool: ...
    def positive(self, value: int, span: Any, what: str) -> bool: ...


class Engine(Protocol):
    """What a condition's evaluation is lent of the compile pass (compile/expressions.py)."""
    COMPARE: dict[str, Callable[[Any, Any], bool]]
    def evaluate(self, expr: Any, where: Any) -> int: ...
    def value_fn(self, expr: Any) -> Callable[[Any], int]: ...
    def compared_fn(self, op: str, left: Any, right: Any) -> Callable[[Any], bool]: ...
    def card_colour(self, card: Any, where: Any) -> str | None: ...


class Printer(Protocol):
    """What a condition's printing is lent of syntax/printer.py."""
    def expr(self, e: Any) -> str: ...
    def which_card(self, w: Any) -> str: ...


class ConditionKind(abc.ABC):
    """One kind of condition: every pass's part of it.

    Declared values:
    `node`: its syntax class (defined in its module);
    `place`: one of PLACES.
    """

    node: ClassVar[type]
    place: ClassVar[str]

    def __init__(self) -> None:
        kind = type(self).__name__
        for field in ("node", "place"):
            if not hasattr(self, field):
                raise TypeError(f"the condition {kind} does not declare `{field}` (kinds/condition_base.py)")
        if not isinstance(self.node, type):
            raise TypeError(f"the condition {kind}'s `node` {self.node!r} is not a class")
        if self.place not in PLACES:
            raise TypeError(f"the condition {kind}'s `place` {self.place!r}: not one of {PLACES}")
        missing = [lang for lang in LANGUAGES if not callable(getattr(self, f"words_{lang}", None))]
        if missing:
            raise TypeError(f"the condition {kind} has no words in {', '.join(missing)}")
        overrides = {name for name in ("holds", "holds_fn", "depth")
                     if getattr(type(self), name) is not getattr(ConditionKind, name)}
        needed = {"city": {"holds", "holds_fn"}, "zone": {"depth"}, "table": set()}[self.place]
        if needed - overrides:
            raise TypeError(f"the condition {kind} is read in a {self.place} but says not how: "
                            f"{', '.join(sorted(needed - overrides))}")

    # -- check (check/values.py)
    @abc.abstractmethod
    def check(self, c: Any, checks: Checks) -> bool:
        """True when the condition may be read: what it names declared, its numbers sound;
        misuses reported through `checks.ctx`.  (A law's zone is checked with the zones,
        check/phases.py; one place of a law's card at most, check/effects.py `_law`.)"""

    # -- what the bots and the checker read of it
    def compared(self, c: Any) -> tuple[Any, str, Any] | None:
        """(left, op, right) of a condition that compares two values: the quantities the bots
        read (bots/reads.py, rulemodel.py, offers.py) and the checker's W1213 (a comparison of
        numbers only); None for one that compares none."""
        return None

    # -- run (compile/expressions.py, compile/laws.py)
    def holds(self, c: Any, where: Any, e: Engine) -> bool:
        """Whether a "city" condition holds in `where` now (`e`: compile/expressions.py)."""
        raise NotImplementedError

    def holds_fn(self, c: Any, e: Engine) -> Callable[[Any], bool]:
        """`holds(c, ·, e)` made once when the rules are compiled: a function of the Where."""
        raise NotImplementedError

    def depth(self, c: Any, e: Engine) -> int | Callable[[Any], int]:
        """How deep in its zone a "zone" condition's card may lie (1: on top), a number or a
        function of the owner's Where (compile/laws.py)."""
        raise NotImplementedError

    # -- printing for `wonders fmt` (syntax/printer.py)
    @abc.abstractmethod
    def written(self, c: Any, p: Printer) -> str:
        """The condition as the language writes it."""

    # -- words, notation (views/)
    @abc.abstractmethod
    def words_en(self, c: Any, w: Any) -> str:
        """English: a clause (`w`: views/describe.py)."""

    @abc.abstractmethod
    def words_nl(self, c: Any, w: Any) -> str:
        """Dutch: a clause (`w`: views/describe_nl.py)."""

    @abc.abstractmethod
    def notation(self, c: Any, kit: Any) -> str | None:
        """The accessible notation's marks for it, or None for its words in the reader's
        language (`kit`: views/access/notation.py `Kit`)."""
