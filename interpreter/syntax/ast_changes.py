"""A variant's changes: one class per kind of change, each with the fields its text has.

A variant (`variant "cheap trade" changes "base" { set trade price 1 }`) is a list of
changes.  Each kind of change is a class of its own, so that what it names and what it
gives are typed (a card is named by a `CardRef`, a stage by a `WonderSide` and its number,
a table by its player count) and so that the passes find a change's part by its class:
check/variant_apply.py applies it, check/variants.py keys it for conflicts, the printer and
the layout write it back.  Every class answers `verb` (the word it starts with) and `what`
(the thing it changes, in the words of docs/language.md's "Variants"), so that a message
or a symbol can name any change alike.

The classes the changes hold (Card, Wonder, Stage, ...) are the tree's own (syntax/ast.py),
which re-exports this module: `ast.CardChange`, `ast.Change`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Literal, Union

from ..diagnostics import Span
from .ast_base import Name, Number, node

if TYPE_CHECKING:
    from .ast import Card, CardUse, PadLine, Phase, Stage, Table, Wonder, ZoneDecl
    from .ast_effects import Effect     # the rules' triggers, score lines and laws (kinds/effects/)

# the verbs a change of a named entry takes: `add`, `replace` and `remove` (not all of
# them for every kind: the grammar says which)
Verb = Literal["add", "replace", "remove"]


@node
class CardRef:
    """A card named in a change: `"NAME"` or `"NAME" of age I`."""
    name: Name
    age: Name | None
    span: Span


@node
class WonderSide:
    """A wonder's side named in a stage's change: `wonder "NAME" side B`."""
    wonder: Name
    side: Name
    span: Span


@node
class SetRule:
    """`set STATEMENT`: the statement takes the place of the rules' first of its kind (an
    age's statements merge into that age's block)."""
    item: object                 # a statement of the rules (`trade price 1`, `age I { ... }`)
    span: Span
    verb: ClassVar[str] = "set"
    target: ClassVar[None] = None

    @property
    def what(self) -> str:
        """The kind of statement set: its class's name (`TradePrice`)."""
        return type(self.item).__name__


@node
class CardChange:
    """`add card "N" { ... }`, `replace card "N" with { ... }`, `remove card "N"`."""
    verb: Verb
    target: CardRef
    item: Card | None            # None when removed
    span: Span
    what: ClassVar[str] = "card"


@node
class ModifyCard:
    """`modify card "N" { ... }`: each statement given takes the place of the card's
    statements of its kind (its effects all together)."""
    target: CardRef
    item: tuple[object, ...]     # the card's statements given
    span: Span
    verb: ClassVar[str] = "modify"
    what: ClassVar[str] = "card"


@node
class WonderChange:
    """`add wonder "N" { ... }`, `replace wonder "N" { ... }`, `remove wonder "N"`."""
    verb: Verb
    target: Name
    item: Wonder | None
    span: Span
    what: ClassVar[str] = "wonder"


@node
class StageChange:
    """`add stage to wonder "W" side S { ... }`, `modify stage N of ... { ... }`, `remove
    stage N of ...`: `stage` is the stage's number (None for an added one)."""
    verb: Literal["add", "modify", "remove"]
    target: WonderSide
    stage: int | None
    item: Stage | None           # None when removed
    span: Span
    what: ClassVar[str] = "stage"


@node
class TableChange:
    """`add|replace table for N players { ... }`, `remove table for N players`."""
    verb: Verb
    target: Number               # the table's player count
    item: Table | None
    span: Span
    what: ClassVar[str] = "table"


@node
class TriggerChange:
    """`add|replace trigger ...`, `remove trigger "N"`; an unnamed trigger is only added."""
    verb: Verb
    target: Name | None
    item: Effect | None          # a trigger (kinds/effects/trigger.py)
    span: Span
    what: ClassVar[str] = "trigger"


@node
class ScoreChange:
    """`add score C: ...` adds a line; `replace` puts one line in place of the category's;
    `remove score C` removes them all."""
    verb: Verb
    target: Name                 # the score category
    item: Effect | None          # a score line (kinds/effects/score.py)
    span: Span
    what: ClassVar[str] = "score"


@node
class PhaseChange:
    """`add|replace phase "N" ...`, `remove phase "N"`."""
    verb: Verb
    target: Name
    item: Phase | None
    span: Span
    what: ClassVar[str] = "phase"


@node
class ModifyPhase:
    """`modify phase "N" { ... }`: each statement given takes the place of the phase's of
    its kind (an age block stands for the phase "age X")."""
    target: Name
    item: tuple[object, ...]     # the phase's statements given
    span: Span
    verb: ClassVar[str] = "modify"
    what: ClassVar[str] = "phase"


@node
class ZoneChange:
    """`add zone "N" ...`, `remove zone "N"`."""
    verb: Verb
    target: Name
    item: ZoneDecl | None
    span: Span
    what: ClassVar[str] = "zone"


@node
class PadLineChange:
    """`add score pad line N [after M]`, `move score pad line N after M`."""
    verb: Literal["add", "move"]
    target: Name
    item: PadLine
    span: Span
    what: ClassVar[str] = "pad line"


@node
class LawAdded:
    """`add law ...: ...`: a law of the rules' own, added to them."""
    item: Effect                 # a law (kinds/effects/law.py)
    span: Span
    verb: ClassVar[str] = "add"
    what: ClassVar[str] = "law"
    target: ClassVar[None] = None


@node
class UseAdded:
    """`add use a card for ...`: a use of a turn's card added to the rules."""
    item: CardUse
    span: Span
    verb: ClassVar[str] = "add"
    what: ClassVar[str] = "use"
    target: ClassVar[None] = None


# Every change, as one type for annotations and for `isinstance`.
Change = Union[SetRule, CardChange, ModifyCard, WonderChange, StageChange, TableChange, TriggerChange,
               ScoreChange, PhaseChange, ModifyPhase, ZoneChange, PadLineChange, LawAdded, UseAdded]


@node
class Variant:
    name: Name
    changes: Name | None          # the rules block it changes
    overrides: tuple[Name, ...]
    body: tuple[Change, ...]
    span: Span
    requires: tuple[Name, ...] = ()   # variants that must be applied too (`requires "..."`)
