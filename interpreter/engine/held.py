"""What a source adds to a city's tables while owned (`Held`), resolved once from its static
effects by their kinds (compile/held.py `held_by`, when the rules are compiled:
`Source.held`, a law's), and engine/city.py adds them up.  Here, not in city.py, so that
the compiler makes them without importing the cities; the engine reads them and never the
effects they were made of."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple, Protocol

if TYPE_CHECKING:
    from .program import Hook  # noqa: F401  (in the aliases' quoted names)
    from .written import Word
    from .city import City  # noqa: F401  (in the aliases' quoted names)
    from .quantities import Where  # noqa: F401


# The parts of the tables, by what each entry is:
Units = tuple[tuple[int, int], ...]           # (resource, units)
Options = tuple[int, ...]                     # the resources (or symbols) one unit is chosen among
ShieldsPer = tuple[int, int, Callable[["City"], int]]   # (shields, every, the count of the city)
PriceCut = tuple[str, int, int]               # (direction, resource, price)
# (colours, or () for wonder stages; "resources" or "coins"; amount, -1 for all; whose
# buildings: scope parts) of a `... cost ... less` power (engine/discounts.py)
CostCut = tuple[tuple[str, ...], str, int, tuple[str, ...]]
TokenBuild = tuple[str, str, int, str]        # (what, kind, count, colour) of a build paid by tokens
CoinRate = tuple[frozenset[str], int]          # (colours, or none for wonder stages; coins a unit)
# a trigger a city listens to: (rank, key, its hook, its compiled conditions or None)
Listener = tuple[tuple[int, ...], str, "Hook", "Callable[[Where], bool] | None"]
# the same without its rank, as the engine reads it at an event: (key, hook, conditions or None)
Heard = tuple[str, "Hook", "Callable[[Where], bool] | None"]


class Like(Protocol):
    """A production that follows the city (`produces a resource [not] of own COLOURS cards
    [and board] [private]`, an effect kind of kinds/effects/): what `_follow_like` reads."""

    @property
    def colors(self) -> tuple[Word, ...]: ...
    @property
    def board(self) -> bool: ...
    @property
    def negated(self) -> bool: ...
    @property
    def private(self) -> bool: ...


class Held(NamedTuple):
    """What a source's effects while owned add to a city's tables, with every name
    resolved to its number (made once per source, see `held_by`)."""
    own_fixed: Units = ()         # (resource, units) the city may use
    trade_fixed: Units = ()       # (resource, units) it sells
    own_choices: tuple[Options, ...] = ()       # resource options of one unit
    trade_choices: tuple[Options, ...] = ()
    shields: int = 0
    shields_per: tuple[ShieldsPer, ...] = ()    # (shields, every, count of the city) of `shields N per ...`
    symbols: tuple[int, ...] = ()               # one science symbol each
    wilds: tuple[Options, ...] = ()             # a symbol of one's choice among these
    discounts: tuple[PriceCut, ...] = ()        # (direction, resource, price)
    free_build: tuple[str, ...] = ()            # limits of "may build a card for free" powers
    free_rules: tuple[tuple[str, str], ...] = ()   # ("first", "color"), ...
    play_last: bool = False
    cost_discounts: tuple[CostCut, ...] = ()   # (colours, what, amount or -1, scope parts): engine/discounts.py
    gives_defeats: bool = False   # its defeat tokens go to the neighbour
    rebates: tuple[tuple[int, int], ...] = ()   # (0 left / 1 right, coins off the first resource bought each turn)
    like: tuple[Like, ...] = ()         # `produces a resource [not] of own ...` effects (what they produce follows the city)
    bank: tuple[tuple[int, int], ...] = ()      # (units, price) of `buy N resources from the bank each turn for P coins`
    free_tokens: tuple[TokenBuild, ...] = ()    # (what, kind, count, colour) of `may build a ... for free for N KIND tokens`
    trade_changed: bool = False   # production or prices changed: the payment tables are signed again
    powers: bool = False          # some part from `free_build` to `free_tokens` is set (most sources: none)


NOTHING = Held()    # (what most sources add: compile/held.py gives this one, and the city skips it)
_OFF = Held(trade_changed=True)    # a card a law leaves without any effect (`have no effect`): added as nothing


def held_under(held: Held, change: str, most: tuple[int, ...]) -> Held:
    """What a source's `held` adds to a city under a law's change over cards
    (kinds/effects/cards_change.py CARD_CHANGES): nothing at all (`no effect`); its effects
    without their production (`nothing`, also a board whose production the city lost); or
    each resource of its fixed production as many times as the largest cost of the rule set
    asks (`most`), for the city's own use, its neighbours buying what it prints (`as needed`)."""
    if change == "no effect":
        return _OFF
    if change == "nothing":
        return held._replace(own_fixed=(), trade_fixed=(), own_choices=(), trade_choices=(), trade_changed=True)
    return held._replace(own_fixed=tuple((r, max(n, most[r])) for r, n in held.own_fixed))
