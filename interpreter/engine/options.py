"""The options of the decisions an action opens in the middle of a chain (engine/triggers.py
`Dispatcher.ask`; their kinds in kinds/decisions/): a loss settled, an offer's ways to pay,
what a copy may copy, the cards a city may lose or build from a pile; apart from the
turn's legal moves (engine/actions.py)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Protocol

from ..kinds.scopes import picked, sides
from ..rulesdata import PriceItems
from .actions import Action, holds, price_ways
from .payment.trio import trio_of
from .moves import BUILD, COPY, COPY_STAGE, PAY, ACCEPT, DECLINE, REMOVE

if TYPE_CHECKING:
    from ..kinds.scope_base import Scope
    from .written import Count, Word
    from .game import Game
    from .program import Operation


# What the options of an action's decision read of the action (its kind, kinds/actions/,
# asks them through the dispatcher):
class CardCopy(Protocol):
    """`copy a COLOURS card from SCOPE`, `copy the last card built by SCOPE`."""
    @property
    def colors(self) -> tuple[Word, ...]: ...
    @property
    def scope(self) -> Scope: ...
    @property
    def last(self) -> bool: ...


class StageCopy(Protocol):
    """`copy stage N of SCOPE`."""
    @property
    def number(self) -> Count: ...
    @property
    def scope(self) -> Scope: ...


class Removal(Protocol):
    """`discard a COLOURS card from ...`, `put a card from "Z" into "Z2"`."""
    @property
    def colors(self) -> tuple[Word, ...]: ...
    @property
    def zone(self) -> Word | None: ...
    @property
    def to(self) -> str: ...
    @property
    def stage(self) -> int: ...


def debt_options(game: Game, seat: int) -> list[Action]:
    """The ways to settle the loss `seat` decides on (the flow's waiting `settle` step):
    pay every coin it can down to none, taking a debt token for each coin not paid."""
    _step, _seat, amount, _paid = game.stack[-1]
    most = min(amount, game.cities[seat].coins)
    return [Action(PAY, -1, paid, amount - paid) for paid in range(most, -1, -1)]


def offer_options(game: Game, seat: int) -> list[Action]:
    """The answers to the offer `seat` decides on (the flow's waiting `offer` step): decline
    first, then every way to pay the price that the payment search finds within the city's
    coins (its own production, or bought from the neighbours), cheapest first."""
    _step, op, _seat, _neighbour, _source = game.stack[-1]
    return [Action(DECLINE, -1)] + [Action(ACCEPT, -1, l, r, "", coins)
                                      for coins, l, r in payment_ways(game, seat, op.node.items)]


def payment_ways(game: Game, seat: int, items: PriceItems) -> list[tuple[int, int, int]]:
    """Every way the city can pay a written price (`may pay 1 coin and 1 stone`) within its
    coins, cheapest first, as (coins to the bank, coins to the left, to the right)."""
    coins, units, tokens = game.tables.offer_price(items)     # (compiled: `Tables.offer_prices`)
    city = game.cities[seat]
    if tokens and not holds(city, tokens):
        return []                                      # it lacks the price's tokens: it cannot pay
    return [(coins, l, r) for l, r in price_ways(city, trio_of(city, *game.neighbours(seat)), coins, units)]


def copy_options(game: Game, seat: int, op: Operation) -> list[Action]:
    """What a copy (`copy a ... card`, `copy stage N of ...`; its operation) may copy now:
    its kind's `options` (kinds/actions/)."""
    return op.kind.options(game.events, op.node, seat)


def card_copy_options(game: Game, seat: int, action: CardCopy) -> list[Action]:
    """The neighbours' cards a `when built: copy a COLOURS card from SCOPE` may copy now:
    of those colours, built in the scope's cities, of a name the city neither holds nor
    has copied."""
    city = game.cities[seat]
    left, right = game.neighbours(seat)
    colors = {c.text for c in action.colors}
    have = city.names | {game.tables.cards[i].name for i in city.copied}
    out = []
    for other in picked(action.scope, None, left, right):
        for index in (other.built[-1:] if action.last else other.built):   # `copy the last card built by ...`
            card = game.tables.cards[index]
            if (action.last or card.color in colors) and card.name not in have:
                have = have | {card.name}
                out.append(Action(COPY, index))
    return out


def stage_copy_options(game: Game, seat: int, action: StageCopy) -> list[Action]:
    """The stages a `copy stage N of SCOPE` may copy now: stage N of each neighbour of the
    scope that has built it (`card`: its side's number in tables.sides, `stage`: N - 1),
    one option for a side named twice, none for a stage the city has copied already."""
    number, have = action.number.value - 1, game.cities[seat].copied_stages
    out: list[Action] = []
    for which in sides(action.scope):
        other = game.neighbours(seat)[which]
        built: Sequence[int] = other.stage_order if other.side.any_order else range(other.stages)
        side = game.tables.sides.index(other.side)
        if number in built and (side, number) not in have:     # (a copy of a copy stops there)
            option = Action(COPY_STAGE, side, stage=number)
            if option not in out:
                out.append(option)
    return out


def removal_options(game: Game, seat: int, action: Removal) -> list[Action]:
    """The cards a `discard a COLOURS card from ...` (or `put ...`) may take from the city
    `seat` (the one that loses it): its buildings of those colours in the order built, or
    from a zone, its cards of those colours kept there."""
    colors = {c.text for c in action.colors}                  # none: any colour (`put a card from ...`)
    cards = game.tables.cards
    held = game.zones[action.zone.text][seat] if action.zone is not None else game.cities[seat].built
    under = action.stage if action.to == "stage" else -1      # the stage it goes under: the bots value it so
    return [Action(REMOVE, index, stage=under) for index in held if not colors or cards[index].color in colors]


def build_options_from(game: Game, seat: int, pile: Iterable[int]) -> list[Action]:
    """Cards of a pile the city may build for free (no second building of one name)."""
    city = game.cities[seat]
    seen: set[int] = set()
    out: list[Action] = []
    for index in pile:
        name = game.tables.cards[index].name
        if name not in city.names and index not in seen:
            seen.add(index)
            out.append(Action(BUILD, index, free="power"))
    return out
