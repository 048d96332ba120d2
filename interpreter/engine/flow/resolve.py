"""Resolving a turn's cards: each placed and paid for, then what it does.

Every card is placed and every price paid first (`resolve`), then, seat by seat, coins
move and effects apply (`resolve_one`, `built`); the actions a card sets aside for the
end of the turn wait in `game.pending` (`pend`) until `run_pending`.  A card built from
the discard pile or copied (a decision in the middle of a chain) ends here too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..actions import Action, token_price
from ..discounts import bank_units, coins_paid
from ..tokens import give_up_kept
from ..triggers import BANK_COINS, copy_stage
from .chains import fire
from .search_log import NoLog
from ..program import FIXED_EVENTS
from ...kinds.event_base import Event
from ..moves import BUILD, STAGE, SELL, COPY_STAGE, USE

if TYPE_CHECKING:
    from ...compile import Source
    from ..game import Game
    from .machine import Steps

Placed = tuple[int, Action, int]      # (seat, action, the stage it builds: -1 when none)
# the numbers of the events of every card (engine/program.py FIXED_EVENTS), read once
_CARD_SOLD, _BY_CHAIN = FIXED_EVENTS[Event.CARD_SOLD], FIXED_EVENTS[Event.BUILDING_BUILT_BY_CHAIN]
_BOUGHT, _STAGE_BUILT = FIXED_EVENTS[Event.RESOURCES_BOUGHT], FIXED_EVENTS[Event.STAGE_BUILT]
_BUILDING_BUILT = FIXED_EVENTS[Event.BUILDING_BUILT]


def _resolve(game: Game, choices: tuple[Action | None, ...]) -> None:
    """1. every card is placed, every price paid; then, seat by seat, coins move and
    effects apply (`resolve_one`); 3. the log shows the coins after the turn."""
    hands, cities, cards = game.hands, game.cities, game.tables.cards
    changers = game.tables.cost_changers          # without any, a card's coins are its cost (`coins_paid`)
    placed: list[Placed] = []
    for seat, action in enumerate(choices):
        if action is None:
            continue
        kind, index, left, right, free, bank, number = action    # unpacked: a named tuple's fields are slow to read
        city = cities[seat]
        hands[seat].remove(index)
        stage = -1
        if kind == BUILD:
            card = cards[index]
            if not free:
                city.coins -= (coins_paid(game, seat, card) if changers else card.cost_coins) + left + right + bank
                if bank:
                    city.bank_used += bank_units(city, card, bank)
            elif free.startswith("power"):
                city.use_free_build(free.partition(" ")[2])
            elif free.startswith("token"):        # paid by giving up kept tokens
                give_up_kept(game, seat, (token_price(free),), None)
            city.add_card(card)
        elif kind == STAGE:
            stage = city.stages if number < 0 else number     # (-1: the next; else `stages in any order`)
            if free:                              # a stage paid by giving up kept tokens (no other is free)
                give_up_kept(game, seat, (token_price(free),), None)
            else:
                city.coins -= coins_paid(game, seat, city.side.stages[stage]) + left + right + bank
            if bank:
                city.bank_used += bank_units(city, city.side.stages[stage], bank)
            city.add_stage(stage)
            city.under_stages.append(index)
        else:
            if kind == USE:                     # `use a card for ...`: its price, then to the pile
                city.coins -= left + right + bank
                use = game.tables.rules.card_uses[number]
                tokens = game.tables.use_prices[number][2]
                if tokens:                        # the price's tokens (the city holds them: `use_actions`)
                    give_up_kept(game, seat, tokens, f"use {use.name.text}")
            game.discard.append(index)
        placed.append((seat, action, stage))
    if type(game.log) is not NoLog:       # a search copy writes no log: no step for it
        game.stack.append(("resolve_log", tuple([(seat, action) for seat, action, _ in placed])))
    # each city's effects in seat order, at once while they set nothing going; the cities
    # after one that did are left as steps under what it set going (which runs first)
    stack = game.stack
    for n, (seat, action, stage) in enumerate(placed):
        depth = len(stack)
        _resolve_one(game, seat, action, stage)
        if len(stack) > depth and n + 1 < len(placed):
            stack[depth:depth] = [("resolve_one", *q) for q in reversed(placed[n + 1:])]
            return


def _resolve_one(game: Game, seat: int, action: Action, stage: int) -> None:
    """One card's effects.  (The events below are looked up in `game.heard` here,
    as `heard` and `may_act` do, without their calls: every card of every turn comes here.)"""
    kind, index, to_left, to_right, free, _bank, _stage = action
    city = game.cities[seat]
    events = game                          # (the game is its own dispatcher: triggers.py)
    if to_left or to_right:
        left, right = game.neighbours(seat)
        left.coins += to_left
        right.coins += to_right
    if kind == SELL:
        sell_coins = game.tables.rules.sell_coins
        city.coins += sell_coins
        if sell_coins > 0 and BANK_COINS in events.heard:
            game.stack.append(("fire", BANK_COINS, (seat,)))
        if _CARD_SOLD in events.heard or events.sit_out:
            fire(game, _CARD_SOLD, (seat,))
    elif kind == USE:                            # the use's action, as a card's `when built`
        use = game.tables.rules.card_uses[action.stage]
        game.stack.append(("run", game.tables.use_operations[action.stage], seat, None, f"use {use.name.text}"))
    else:
        source = game.tables.cards[index] if kind == BUILD else city.side.stages[stage]
        if free and free[:5] == "chain":          # its own chain, or a neighbour's (`chains from ...`)
            heard(game, _BY_CHAIN, seat)
        built(game, seat, source)
    if (to_left or to_right) and _BOUGHT in events.heard:
        bought = ("fire", _BOUGHT, (seat,))
        if to_left:
            game.stack.append(bought)
        if to_right:
            game.stack.append(bought)


def _resolve_log(game: Game, placed: tuple[tuple[int, Action], ...]) -> None:
    if type(game.log) is NoLog:
        return
    cities, tables = game.cities, game.tables
    for seat, action in placed:
        paid: list[list[int]] = []
        if action.left or action.right:               # who sits where: Game.neighbours, asked only on a trade
            paid = [[city.seat, coins] for city, coins in zip(game.neighbours(seat), (action.left, action.right))
                    if coins]
        entry: dict[str, Any] = {"event": "resolve", "seat": seat, "action": action.label(tables),
                 "paid": paid, "coins": cities[seat].coins}
        if seat in game.holders:
            entry["by"] = game.holders[seat]
        game.log.append(entry)


def built(game: Game, seat: int, source: Source) -> None:
    """A building or stage has come into play: its own actions, then its `at end of
    turn` actions set aside, then the event."""
    event = _STAGE_BUILT if source.kind == "stage" else _BUILDING_BUILT
    stack, events = game.stack, game     # (the game is its own dispatcher: triggers.py)
    if source.kind == "card":
        color_built = game.tables.events.colour_built.get(source.color, -1)   # (-1: no rule names it)
        if color_built in events.heard:
            stack.append(("fire", color_built, (seat,)))
    if event in events.heard or events.sit_out:        # (`events.may_act(event)`, without its call)
        stack.append(("fire", event, (seat,)))
    run = source.run
    if run.turn_end:
        stack.append(("pend", seat, source))
    if run.when_built:
        name = source.name
        for op in reversed(run.when_built):   # (a loop: a comprehension would make `seat` and
            stack.append(("run", op, seat, None, name))   # `source` cells for the whole function)


def copy_card(game: Game, seat: int, choice: Action) -> None:
    if choice.kind == COPY_STAGE:
        copy_stage(game, seat, choice)
        return
    card = game.tables.cards[choice.card]
    game.cities[seat].add_copy(card)
    game.log.append({"event": "resolve", "seat": seat, "paid": [], "action": choice.label(game.tables),
                     "coins": game.cities[seat].coins})


def heard(game: Game, event: int, seat: int) -> None:
    """Make one city's event happen next, when some trigger of the rules listens to it (the
    events a rule set's content does not name cost nothing)."""
    if event in game.heard:
        game.stack.append(("fire", event, (seat,)))


def _pend(game: Game, seat: int, source: Source) -> None:
    for op in source.run.turn_end:
        game.pending.append((seat, op, source.name))


def build_from_discard(game: Game, seat: int, choice: Action) -> None:
    """A card from the discard pile joins the city; its log entry waits under what the card
    does (`pile_log`), so that its coins are those after the card's own, as a turn's are."""
    game.discard.remove(choice.card)
    card = game.tables.cards[choice.card]
    game.cities[seat].add_card(card)
    if type(game.log) is not NoLog:
        game.stack.append(("pile_log", seat, choice))
    built(game, seat, card)


def _pile_log(game: Game, seat: int, choice: Action) -> None:
    game.log.append({"event": "resolve", "seat": seat, "paid": [],
                     "action": choice.label(game.tables) + " from the discard pile",
                     "coins": game.cities[seat].coins})


def run_pending(game: Game) -> None:
    if game.pending:
        pending, game.pending = game.pending, []
        game.stack.append(("run_pending",))            # and again, for what these set aside
        game.stack += [("run", op, seat, None, source) for seat, op, source in reversed(pending)]



RESOLVE_STEPS: Steps = {"resolve": _resolve, "resolve_one": _resolve_one, "resolve_log": _resolve_log, "pend": _pend,
                 "run_pending": run_pending, "pile_log": _pile_log}
