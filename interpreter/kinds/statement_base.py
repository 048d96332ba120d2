"""The interface of a kind that is a phase's statement as well as an action (`draw N cards
from deck "D" into "Z"`, `play a card from "Z"`): what the checker asks of it where it
stands in a phase, what the phase machine asks of it when the game reaches it, and its
words in `wonders rules`, declared once beside its action's parts (kinds/base.py).

A kind meets both: `class TheKind(PhaseStatement, ActionKind)`; `PhaseStatement`
comes first, so that making the kind checks this interface and then the action's.  The
ages' own statements and the other statements of a phase (`deal`, `draft`, `discard the
cards of`, `reveal`) are the phase's only and stay in the checker and the machine
(docs/architecture.md, "Checklist: adding a phase construct")."""

from __future__ import annotations

import abc
from typing import Any, ClassVar

# Where a statement may stand: a phase of the sequence (before or after an age, or the
# age's own) and a phase placed at the start of an age, inside its `start age`, the
# hands holding the age's cards (check/phases.py refuses a statement elsewhere: E1704).
PLACES = ("sequence", "age start")


class PhaseStatement(abc.ABC):
    """A statement of a phase.

    Declared values:
    `places`: some of PLACES, where it may stand;
    `asks`: the decision kind the statement opens for the players (kinds/decisions/), its
    choices carried out by the step it leaves under them, or "" when it asks nothing.
    """

    places: ClassVar[tuple[str, ...]] = PLACES
    asks: ClassVar[str] = ""

    def __init__(self) -> None:
        name = type(self).__name__
        if not self.places or not set(self.places) <= set(PLACES):
            raise TypeError(f"the statement kind {name} stands in {self.places!r}: not some of {PLACES}")
        super().__init__()

    # -- check (check/phases.py; the zones and decks it names: the action's `zones`, `decks`)
    @abc.abstractmethod
    def check_statement(self, statement: Any, c: Any) -> bool:
        """True when the statement may run where it stands in its phase; misuses reported
        through `c` (check/phases.py `StatementChecks`: `ctx`, `owner`, `zone`, `own_zone`)."""

    # -- run (engine/flow/phases.py)
    @abc.abstractmethod
    def step(self, statement: Any, game: Any, p: int, i: int, machine: Any) -> None:
        """Carry out statement `i` of phase `p` (`machine`: engine/flow/phases.py, lending
        its operations; a statement that `asks` pushes the step that carries out the
        choices, then opens the decisions)."""

    # -- words (views/rules.py, `wonders rules`)
    @abc.abstractmethod
    def rules_words(self, statement: Any) -> str:
        """The statement in `wonders rules`, in the reader's language (marked for the
        catalog: `_`, `ngettext`)."""
