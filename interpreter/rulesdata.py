"""The rule set's plain data that the engine runs from, below the checker that makes it,
the compiler and the engine that read it (each imports it downward: the engine imports
nothing of check/): the rules (`RulesDef`), the ages (`AgeDef`) and phases (`PhaseDef`) and
the age's statements the checker resolves (`AgeDeal`, `AgeStart`, `AgeEnd`), the tables of a
player count (`TableDef`, `NeutralDef`), a price as written (`Cost`, `written_cost`) and the
ages' numerals (`roman`).  check/model.py re-exports them with the rest of the checked
rule set (the cards, wonders and vocabulary)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs

from .diagnostics import Span
from .syntax import ast
from .kinds.amount_base import FIELDS
from .kinds.amounts import AMOUNTS


def roman(n: int) -> str:
    """An age's number as the rules and the players write it (`III`)."""
    out = ""
    for value, letters in ((10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")):
        while n >= value:
            out, n = out + letters, n - value
    return out


@attrs.frozen
class Cost:
    coins: int = 0
    resources: tuple[tuple[str, int], ...] = ()   # (resource, count) in vocabulary order
    tokens: tuple[tuple[str, int], ...] = ()      # (kept kind, count) a price gives up; a card's cost has none

    @property
    def is_free(self) -> bool:
        return not self.coins and not self.resources and not self.tokens


# a price as written (`may pay 1 coin, 2 stone and 1 joker token`): what engine/actions.py prices
PriceItems = Iterable[ast.PriceItem]


def written_cost(items: PriceItems) -> Cost:
    """The Cost that a price's items say as written (`may pay 1 coin, 2 stone and 1 joker
    token`: coins, each resource's units and each kind's tokens in the order first named),
    for those who word it and those who pay it."""
    added: dict[str, dict[str, int]] = {field: {} for field in FIELDS}
    for item in items:
        kind = AMOUNTS[type(item)]                  # its kind's (kinds/amounts/): where it goes, what and how many
        name, count = kind.counted(item)
        into = added[kind.field]
        into[name] = into.get(name, 0) + count
    return Cost(coins=sum(added["coins"].values()), resources=tuple(added["resources"].items()),
                tokens=tuple(added["tokens"].items()))


@attrs.frozen
class AgeDef:
    number: int
    hand: int
    turns: int
    direction: str                 # "left" (clockwise) or "right"
    last_card_discarded: bool
    victory: int                   # value of a military victory token this age
    random_additions: tuple[ast.AddRandom, ...]
    span: Span
    earlier_turns: int = 0         # with several `play` statements, the turns before the last one's
    then: tuple[str, ...] = ()     # `passing left then right`: the ways of the later turns, in turn


@attrs.frozen
class PhaseDef:
    """A phase of the game's structure (docs/language.md, "Phases"): where it runs and
    its statements (ast.Deal, ast.Draft, a play from a zone, ast.PlayTurns, and the age's
    statements resolved: AgeDeal, AgeStart, AgeEnd), in order."""
    name: str
    when: str                      # "before" or "after" an age, at the "start" of one, or "" in the sequence
    age: int | None                # the age it is placed by (None: each age), or the age it starts
    steps: tuple[Any, ...]         # its statements: of the syntax tree, and AgeDeal, AgeStart, AgeEnd below
    span: Span

    def runs_at_start_of(self, age: int) -> bool:
        return self.when == "start" and self.age in (None, age)


@attrs.frozen
class AgeDeal:
    """`deal N cards from age A, with ...`: every city's hand, from the age's deck (its
    `number` and `random_additions` are what decks.age_deck reads)."""
    count: int
    number: int
    random_additions: tuple[ast.AddRandom, ...]
    span: Span


@attrs.frozen
class AgeStart:
    """`start age A[, victory tokens worth V]`."""
    number: int
    span: Span


@attrs.frozen
class AgeEnd:
    """`end age A`."""
    number: int
    span: Span


@attrs.frozen
class RulesDef:
    name: str
    min_players: int
    max_players: int
    starting_coins: int
    sell_coins: int
    trade_price: int
    ages: tuple[AgeDef, ...]
    triggers: tuple[ast.Effect, ...]       # the rules' own triggers (kinds/effects/trigger.py), for every player
    score_pad: tuple[str, ...]
    stage_points_category: str | None
    color_points_categories: tuple[tuple[str, str], ...]   # (colour, category)
    scores: tuple[ast.Effect, ...]          # the rules' own score lines (kinds/effects/score.py)
    tie_break: tuple[str, ...]
    span: Span
    players_span: Span | None = None        # the `players` statement (a variant's `set players`)
    debt: str | None = None                 # `coins owed become KIND tokens`: the kind
    debt_by_choice: bool = False            # `coins owed may become ...`: paying is the payer's choice
    sit_out: tuple[tuple[str, str, bool], ...] = ()   # (token kind, event, once): `holders of ... sit out the next ...`
    team_size: int | None = None            # `teams of N seated side by side`
    partners_face_other: tuple[str, ...] = ()   # events of `partners face their other neighbour instead at ...`
    zones: tuple[str, ...] = ()             # cards each player keeps apart (`zone "NAME"`)
    table_zones: tuple[str, ...] = ()       # of them, those for the table (`zone "NAME" for the table`)
    laws: tuple[ast.Effect, ...] = ()                     # the rules' own `law ...` (house rules), for every city
    card_uses: tuple[ast.CardUse, ...] = ()                   # `use a card for "NAME" ...`: moves beside build, stage, sell
    phases: tuple[PhaseDef, ...] = ()       # the phases, in written order
    sequence: tuple[int, ...] = ()          # the phases the game runs one after the other (indexes
                                            # of `phases`): each age's, with those before and after it

    def phases_at(self, when: str, age: int) -> tuple[PhaseDef, ...]:
        """The phases that run `before`/`after` age number `age`, or at its `start`."""
        if when == "start":
            return tuple(p for p in self.phases if p.runs_at_start_of(age))
        return tuple(p for p in self.phases if p.when == when and p.age == age)


@attrs.frozen
class NeutralDef:
    name: str
    pile: bool                                  # its hand is a draw pile, its holder draws
    holders: tuple[tuple[int, str], ...]        # (age, "left"/"right"): who holds its card
    rotates: bool                               # the card changes hands every turn
    must_build: bool                            # sells only when it can build nothing
    must_chain: bool                            # a card it can chain is built by chain
    any_price: bool                             # every payment option, not only the cheapest
    can_win: bool


@attrs.frozen
class TableDef:
    players: int
    deal_as: int                                # the player count the decks are made for
    neutrals: tuple[NeutralDef, ...]
    span: Span
    hand: int | None = None                     # every age's hand and turns at this table
    turns: int | None = None

    def age(self, age: "AgeDef") -> "AgeDef":
        """The rules' age as played at this table."""
        if self.hand is None and self.turns is None:
            return age
        return attrs.evolve(age, hand=self.hand or age.hand, turns=self.turns or age.turns)

    @property
    def seats(self) -> int:
        return self.players + len(self.neutrals)
