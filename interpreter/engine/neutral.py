"""Neutral cities: cities no player owns (the 2-player game's Free City), declared by a
`table for N players` block.  A neutral city's decisions are made by the player holding
its card; its hand can be a draw pile whose top card the holder takes each turn; and it
can be bound to build when it can, to build by chain when it can, and to see every way to
pay, not only the cheapest.  All of it is read from the table's flags: nothing here knows
any particular city."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .actions import Action, legal_actions
from .discounts import coin_rate
from .payment.trio import every_payment
from .moves import BUILD, STAGE, SELL

if TYPE_CHECKING:
    from ..compile import Source
    from .city import City
    from .game import Game


def set_holders(game: Game) -> None:
    """At an age's start, each neutral city's card goes to the neighbour the table names."""
    for seat, neutral in game.neutrals.items():
        direction = dict(neutral.holders).get(game.age.number)
        if direction is None and seat in game.holders:
            continue
        left, right = game.neighbours(seat)
        game.holders[seat] = (left if direction != "right" else right).seat


def pass_holders(game: Game, direction: str) -> None:
    """After a turn, a card that changes hands every turn goes to the next player in the
    hands' passing direction."""
    step = 1 if direction == "left" else -1
    for seat, neutral in game.neutrals.items():
        if neutral.rotates:
            game.holders[seat] = (game.holders[seat] + step) % game.players


def draw_for_neutrals(game: Game, holder: int) -> None:
    """At a turn's start, the holder of a neutral city whose hand is a draw pile takes its top card."""
    for seat, neutral in game.neutrals.items():
        if neutral.pile and game.holders.get(seat) == holder and game.hands[seat]:
            game.hands[holder].append(game.hands[seat].pop(0))


def neutral_options(game: Game, seat: int, hand: Sequence[int]) -> list[Action]:
    neutral = game.neutrals[seat]
    options = legal_actions(game, seat, hand)
    if neutral.any_price:
        options = _every_price(game, seat, options)
    if neutral.must_chain:
        chained = {a.card for a in options if a.free[:5] == "chain"}      # its own chain or a neighbour's
        options = [a for a in options if a.card not in chained or a.free[:5] == "chain"]
    if neutral.must_build and any(a.kind != SELL for a in options):
        options = [a for a in options if a.kind != SELL]
    return options


def _every_price(game: Game, seat: int, options: list[Action]) -> list[Action]:
    """Each paid build or stage with every way to pay, cheapest first."""
    city = game.cities[seat]
    left, right = game.neighbours(seat)
    out: list[Action] = []
    done: set[tuple[str, int, int]] = set()
    for a in options:
        if a.kind not in (BUILD, STAGE) or a.free or (city.coinage and coin_rate(city, _source(game, city, a))
                                                          is not None):
            out.append(a)                        # (resources paid in coins under a law: one way to pay)
            continue
        if (a.kind, a.card, a.stage) in done:
            continue
        done.add((a.kind, a.card, a.stage))
        source = _source(game, city, a)
        budget = city.coins - source.cost_coins
        out += [Action(a.kind, a.card, l, r, stage=a.stage) for l, r in every_payment(source.cost, city, left, right)
                if l + r <= budget]
    return out


def _source(game: Game, city: City, action: Action) -> Source:
    """The card or wonder stage a build or stage action builds."""
    return game.tables.cards[action.card] if action.kind == BUILD else city.stage_of(action.stage)
