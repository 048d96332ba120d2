"""Events and the actions they set going, as steps: a chain of triggers.

An event fires (`fire`): every seat's conditions are read at once, then each trigger whose
conditions held acts (`trigger`, `run`); the chain's depth is bounded (triggers.py
MAX_DEPTH).  An action that needs a player's choice (a card from the discard pile, a
zone's card, a copy, a card to move, an offer, a debt) opens a decision in the middle of
the chain, which the steps left under it finish once the choice arrives: a zone's play and
a debt here, the others in triggers.py's `Dispatcher` (a kind of kinds/actions/, its own
`run`, opens its decision there: `Dispatcher.ask`, `offer`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..tokens import give_up_kept
from ..triggers import MAX_DEPTH, TriggerLoop, log_coins
from ..moves import ACCEPT

if TYPE_CHECKING:
    from ..actions import Action
    from ..game import Game
    from ..program import Hook, Operation
    from .machine import Steps


def fire(game: Game, event: int, seats: tuple[int, ...] | None) -> None:
    """Every seat's conditions are read now, then the triggers whose conditions held act
    in order (events happen to all cities at once).  `event`: its number (engine/program.py
    `Events`)."""
    events = game                          # (the game is its own dispatcher: triggers.py)
    if events.may_act(event):                # `due` is empty otherwise (most events)
        due = events.due(event, seats)
        game.stack += [("trigger", *entry) for entry in reversed(due)]


def _trigger(game: Game, seat: int, key: str, hook: Hook, neighbour: int | None, event: int) -> None:
    limit = hook.limit
    if limit is not None:
        fired_key = f"{seat}|{key}"
        if fired_key in game.fired:
            return
    op = hook.operation
    events = game                          # (the game is its own dispatcher: triggers.py)
    if op.idle is not None and op.idle(events, op.node, seat):
        return                        # nothing to do: no chain goes on from here
    if limit is not None:
        game.fired[fired_key] = limit
    chain = events.acting
    chain.append(hook)
    if len(chain) > MAX_DEPTH:
        raise TriggerLoop(game.tables.events.names[event], chain)
    game.stack.append(("trigger_done", seat, hook, event, game.cities[seat].coins))
    _run(game, op, seat, neighbour, hook.label)


def _trigger_done(game: Game, seat: int, hook: Hook, event: int, before: int) -> None:
    game.acting.pop()
    after = game.cities[seat].coins
    if after != before and hook.operation.coins:
        game.log.append({"event": "coins", "seat": seat, "change": after - before, "trigger": hook.label})


def _run(game: Game, op: Operation, seat: int, neighbour: int | None, source: str) -> None:
    events = game                          # (the game is its own dispatcher: triggers.py)
    if game.tables.rules.debt_by_choice:
        if op.kind.each_city:                         # each city's loss may be its own decision
            _in_each_city(game, op, seat, source)
            return
        if _owes(game, op, seat, neighbour):
            return
    op.carry(events, op, seat, events.where(seat, neighbour), source)


def _owes(game: Game, op: Operation, seat: int, neighbour: int | None) -> bool:
    """A loss under `coins owed may become ... tokens` that a city with coins settles by a
    decision (the `settle` step): opened, True; any other action, False."""
    if not op.loss or op.value is None:
        return False
    amount = op.value(game.where(seat, neighbour))
    if amount <= 0 or game.cities[seat].coins <= 0:
        return False
    game.stack.append(("settle", seat, amount, -1))
    game.waiting = [(seat, "debt")]
    return True


def _in_each_city(game: Game, op: Operation, seat: int, source: str) -> None:
    """`each ...:` under `coins owed may become ... tokens`: each city's action a step of its own."""
    game.stack += [("each", op.inner, target, seat, source) for target in reversed(game.group_of(seat, op))]


def _each(game: Game, op: Operation, target: int, owner: int, source: str) -> None:
    """One city's part of an `each ...:` action; its coins logged (`coins_log`) once settled."""
    if op.kind.each_city:
        _in_each_city(game, op, target, source)
        return
    coins = game.cities[target].coins
    game.stack.append(("coins_log", target, owner, coins, source))
    if not _owes(game, op, target, None):          # (a settle step, if opened, runs first)
        game.stack.pop()
        game.run_in(op, target, owner, source)


def _coins_log(game: Game, seat: int, owner: int, before: int, source: str) -> None:
    log_coins(game, seat, game.cities[seat].coins - before, owner, source)


def offer_taken(game: Game, seat: int, choice: Action) -> None:
    """The owner's answer to an offer: declined, nothing happens; accepted, it pays (the
    price's coins to the bank, what it buys to its neighbours) and the action runs."""
    _step, op, _seat, neighbour, source = game.stack.pop()
    if choice.kind != ACCEPT:
        return
    city = game.cities[seat]
    left, right = game.neighbours(seat)
    city.coins -= choice.left + choice.right + choice.bank
    left.coins += choice.left
    right.coins += choice.right
    tokens = game.tables.offer_price(op.node.items)[2]
    if tokens:                            # the price's tokens, given up (the city holds them: offer_options)
        give_up_kept(game, seat, tokens, source)
    game.stack.append(("run", op.inner, seat, neighbour, source))


def _offer_step(game: Game, op: Operation, seat: int, neighbour: int | None, source: str) -> None:
    """An offer's step run without its decision (never: Flow.take pops it)."""


def _removed(game: Game, action: Any, seat: int, owner: int) -> None:
    """The card to move has been chosen (Flow.take): nothing is left to do."""


def _copy_from(game: Game, action: Any, seat: int) -> None:
    """The copy has been chosen (Flow.take): nothing is left to do."""


def _settle(game: Game, seat: int, amount: int, paid: int) -> None:
    """A loss under `coins owed may become ... tokens`, once its payer chose what to pay."""
    game.lose(seat, amount, paid=paid)



CHAIN_STEPS: Steps = {"fire": fire, "trigger": _trigger, "trigger_done": _trigger_done, "run": _run,
               "copy_from": _copy_from, "remove_from": _removed, "put_from": _copy_from, "settle": _settle, "each": _each,
               "coins_log": _coins_log, "offer": _offer_step}
