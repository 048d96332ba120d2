"""What the engine reads of the rules' written words, as Protocols: a name's text, a
number's value, the deck and count of a phase's `deal` or `reveal`, the zone of its
`discard the cards of "Z"`.  The syntax tree's nodes meet them; the engine, which runs the
compiled program, names none of its classes (tests/test_architecture.py)."""

from __future__ import annotations

from typing import Protocol


class Word(Protocol):
    """A name as written (`"Z"`, a colour, a deck): syntax/ast_base.py `Name`."""
    @property
    def text(self) -> str: ...


class Count(Protocol):
    """A number as written: syntax/ast_base.py `Number`."""
    @property
    def value(self) -> int: ...


class FromDeck(Protocol):
    """`deal N cards from deck "D"`, `reveal N cards from deck "D"` (engine/flow/phases.py)."""
    @property
    def count(self) -> Count: ...
    @property
    def deck(self) -> Word: ...


class OfZone(Protocol):
    """`discard the cards of "Z"` (engine/flow/phases.py)."""
    @property
    def zone(self) -> Word: ...
