"""The interface every kind of expression node meets (issue 34): what each pass asks of a
value (`3`, `-EXPR`, `2 per 3 coins`, `A + B`, a quantity, `VALUE if ...`, a value gathered
over the table) and of the two parts a value is made of (`per [N] QUANTITY`, a card named by
its place), declared once.

Each node's kind is a class deriving from `ExpressionKind`, instantiated once in its module
of kinds/expressions/ (`KIND = BinOpKind()`), beside the syntax class it is the kind of (the
leaves `Number` and `Negative` stay in syntax/ast_base.py, which every kind imports): an
abstract method left out, a value not declared or a language without words makes that line
fail, and so the import of every kind, never a game (as base.py's `ActionKind`).  The
passes find it by `expression_kind(e)` (kinds/expressions/__init__.py, a dict look-up) and
lend it what it needs of them: the checker's rules (check/values.py `ExprChecks`), the
compile pass's functions of a `Where` (compile/expressions.py), the printer, a describer, the icons'
and the notation's kits.  A kind finds the kind of a node it holds by `of(node)`, the same
look-up (the registry fills `KINDS`, so no kind imports the registry)."""

from __future__ import annotations

import abc
from typing import Any, Callable, ClassVar, Iterator, Protocol

from .base import LANGUAGES

# the registry, filled by kinds/expressions/__init__.py: syntax class -> its kind
KINDS: dict[type, "ExpressionKind"] = {}


def of(e: object) -> "ExpressionKind":
    """The kind of the expression node `e` (a KeyError for a node that is none)."""
    return KINDS[type(e)]


Value = Callable[[Any], int]


class Checks(Protocol):
    """What an expression's check is lent of the checker (check/values.py `ExprChecks`)."""
    ctx: Any
    neighbour: bool
    def expr(self, e: Any) -> bool: ...
    def condition(self, c: Any) -> bool: ...
    def measure_checks(self) -> Any: ...
    def colours(self, colors: Any) -> bool: ...
    def positive(self, value: int, span: Any, what: str) -> bool: ...
    def no_neighbour_here(self, scope: Any) -> bool: ...
    def not_on_stage(self, span: Any) -> bool: ...
    def way_checks(self) -> Any: ...
    def printed(self, e: Any) -> str: ...


class Reader(Protocol):
    """What an expression's value, read as the tree is or made once into a function of a
    Where, is lent of the compile pass (compile/expressions.py)."""
    VALUE_LIMIT: int
    def evaluate(self, expr: Any, where: Any) -> int: ...
    def holds(self, conditions: Any, where: Any) -> bool: ...
    def measure(self, q: Any, where: Any) -> int: ...
    def measure_fn(self, q: Any) -> Value: ...
    def per_value(self, amount: Any, per: Any, where: Any) -> int: ...
    def value_fn(self, expr: Any) -> Value: ...
    def amount_fn(self, amount: Any, per: Any) -> Value: ...
    def check_fn(self, conditions: Any) -> Callable[[Any], bool]: ...
    def clamped(self, value: int) -> int: ...
    def gathered(self, e: Any, value: Value, where: Any) -> int: ...
    def which_card(self, card: Any, where: Any) -> int | None: ...


class Printer(Protocol):
    """What an expression's printing is lent of syntax/printer.py."""
    def expr(self, e: Any) -> str: ...
    def quantity(self, q: Any, one: bool = False) -> str: ...
    def conditions(self, comparisons: Any) -> str: ...
    def scope(self, s: Any) -> str: ...
    def colour_list(self, names: Any) -> str: ...


class ExpressionKind(abc.ABC):
    """One kind of expression node: every pass's part of it.

    Declared values:
    `node`: its syntax class (defined in its module, or a leaf of syntax/ast_base.py);
    `part`: it is a part of a value, not a value that stands alone (`per ...`, a card named
    by its place): not one of syntax/ast_effects.py's `Expr`;
    `operator`: it joins two values with an operator, so an operand of a tighter one needs
    parentheses (the printer's and the describers' `-(A + B)`, `(A + B) * C`).
    """

    node: ClassVar[type]
    part: ClassVar[bool] = False
    operator: ClassVar[bool] = False

    def __init__(self) -> None:
        kind = type(self).__name__
        if not isinstance(getattr(self, "node", None), type):
            raise TypeError(f"the expression {kind} does not declare its `node`, a class (kinds/expression_base.py)")
        missing = [lang for lang in LANGUAGES if not callable(getattr(self, f"words_{lang}", None))]
        if missing:
            raise TypeError(f"the expression {kind} has no words in {', '.join(missing)}")

    # -- check (check/values.py `check_expr`)
    @abc.abstractmethod
    def check(self, e: Any, c: Checks) -> bool:
        """True when the node may be counted: what it names declared, its numbers sound,
        `the neighbour` only where one is looked at (`c.neighbour`); misuses reported
        through `c.ctx`.  The nodes it holds are checked through `c.expr`."""

    @abc.abstractmethod
    def counted(self, e: Any) -> Iterator[Any]:
        """Every quantity counted in it, however deep (the checker's `quantities_in`: a value
        cities are compared by must count something of a city, E1218)."""

    @abc.abstractmethod
    def measures(self, e: Any) -> bool:
        """Whether it measures something of the game, not numbers only (W1213)."""

    def quantity(self, e: Any) -> Any:
        """The quantity it is, for a pass that looks for the quantities of a tree (the zones
        counted, check/phases.py; a token kind read, the bots): None for every other node."""
        return None

    def conditions(self, e: Any) -> tuple[Any, ...]:
        """The conditions it is worth its value under (`VALUE if ...`), for a pass that weighs
        what a condition decides (the bots' `kept_stakes`): none for every other node."""
        return ()

    def says_this_stage(self, e: Any) -> bool:
        """It names the stage that says it (`the card under this stage`): compile/tables.py sets the
        stage's number in it, since the engine reads numbers, not places."""
        return False

    # -- what the bots read (bots/reads.py `quantities`)
    def read(self, e: Any) -> Iterator[Any]:
        """The quantities the bots read in it, as they read them: by default those counted."""
        return self.counted(e)

    # -- run (compile/expressions.py)
    @abc.abstractmethod
    def value(self, e: Any, where: Any, r: Reader) -> Any:
        """Its value in `where` now, read from the tree as it is (`evaluate`: the bots'
        appraisals): an int, held within the limit by the caller (a card by its place: its
        index, or None)."""

    @abc.abstractmethod
    def compiled(self, e: Any, r: Reader) -> Callable[[Any], Any]:
        """`value(e, ·, r)` made once when the rules are compiled: a function of the Where
        that the engine runs (`value_fn`); a value node keeps its result within the limit."""

    # -- printing for `wonders fmt` (syntax/printer.py)
    @abc.abstractmethod
    def written(self, e: Any, p: Printer) -> str:
        """The node as the language writes it."""

    # -- words, icons, notation (views/)
    @abc.abstractmethod
    def words_en(self, e: Any, w: Any) -> str:
        """English words (`w`: views/describe.py)."""

    @abc.abstractmethod
    def words_nl(self, e: Any, w: Any) -> str:
        """Dutch words (`w`: views/describe_nl.py)."""

    def score_en(self, e: Any, w: Any) -> str:
        """English words of it as a score line's value (`2 points per 3 coins`): by default
        its words."""
        return self.words_en(e, w)

    def score_nl(self, e: Any, w: Any) -> str:
        """Dutch words of it as a score line's value: by default its words."""
        return self.words_nl(e, w)

    def icons(self, e: Any, kit: Any, v: Any, unit: Callable[[str, str], Any]) -> list[Any]:
        """Its icons as an amount of `unit` (a coin, a shield: `kit`, views/render/
        effect_icons.py): by default its number on the unit, `?` where it is computed."""
        return [unit(kit.number_text(e), kit.expr_text(e))]

    def notation(self, e: Any, kit: Any) -> str | None:
        """The accessible notation's marks for it as a score line's value, or None for its
        words and the point's mark (`kit`: views/access/notation.py `Kit`)."""
        return None
