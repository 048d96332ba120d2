"""What the engine's compiled expressions run over: the `Where` a value is counted in.

A `Where` says whose city is "own" and which cities are its neighbours (and, in a
`for each neighbour` trigger, which neighbour is being looked at); `symbols` overrides
the owner's science counts while scoring tries the choices of wild symbols.  The
expressions themselves are compiled into functions of a Where by the compile pass
(interpreter/compile/expressions.py), with the rules: this module, like every module of the
engine, reads nothing of the syntax tree.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NamedTuple

from ..kinds import scopes
from ..kinds.scope_base import Scope

if TYPE_CHECKING:
    from .city import City

VALUE_LIMIT = 10 ** 15    # every computed value stays within ±this (docs/language.md, Arithmetic)


def clamped(value: int) -> int:
    """`value` held within ±VALUE_LIMIT."""
    return value if -VALUE_LIMIT <= value <= VALUE_LIMIT else max(-VALUE_LIMIT, min(VALUE_LIMIT, value))


class Where(NamedTuple):
    """(A named tuple, not an attrs class: a valuation makes one per move it weighs.)"""
    city: City
    left: City
    right: City
    neighbour: City | None = None
    everyone: tuple[City, ...] = ()
    age_number: int = 0
    age_victory: int = 0
    symbols: tuple[int, ...] | None = None

    def cities(self, scope: Scope | None) -> Sequence[City]:
        """The scope's cities, each once: its parts' (kinds/scopes/)."""
        found: Sequence[City] = (self.city,) if scope is None else scopes.cities(scope, self)
        return found


Value = Callable[[Where], int]      # an expression compiled: its value in a Where
Check = Callable[[Where], bool]     # conditions compiled: whether they hold in a Where


# ------------------------------------------------------------------------- over the table
# Values counted in each city of a scope (docs/language.md, "Ranks and counts over the
# table"): each city is looked at with its own neighbours, as if it were the owner.

def where_in(where: Where, city: City) -> Where:
    """The Where of `city` (one of `where`'s cities) as its own owner: its neighbours are
    its seats' neighbours among `where.everyone`, the owner's city as `where` holds it (a
    bot's imagined city stands in for the real one)."""
    if city is where.city:
        return where
    everyone = where.everyone or (where.city, where.left, where.right)
    own = where.city
    ring = tuple(own if c.seat == own.seat else c for c in everyone)
    at = next((k for k, c in enumerate(ring) if c is city), None)
    if at is None:
        at = next(k for k, c in enumerate(ring) if c.seat == city.seat)
    return Where(ring[at], ring[(at + 1) % len(ring)], ring[at - 1], None, where.everyone,
                 where.age_number, where.age_victory)


_SCORER: list[Value] = []       # [the score pad's total of a Where], set by engine/scoring.py on import


def use_scorer(total: Value) -> None:
    """engine/scoring.py hands over its score pad's total (it reads this module, so this
    module cannot import it)."""
    _SCORER[:] = [total]


def score_so_far(where: Where) -> int:
    """The city's total if the game were scored now (lent to kinds/measures/score_so_far.py)."""
    return _SCORER[0](where)
