"""Events and the actions they set going, as steps: a chain of triggers.

An event fires (`fire`): every seat's conditions are read at once, then each trigger whose
conditions held acts (`trigger`, `run`); the chain's depth is bounded (triggers.py
MAX_DEPTH).  An action that needs a player's choice (a card from the discard pile, a
zone's card, a copy, a debt) opens a decision here, in the middle of the chain, which the
steps left under it finish once the choice arrives.  What an action does otherwise is
triggers.py's `Dispatcher`.
"""

from __future__ import annotations

from ...syntax import ast
from ..actions import copy_options, removal_options
from ..quantities import per_value
from ..triggers import MAX_DEPTH, TriggerLoop
from .phases import ask_zone_play, draw_into


def fire(game, event: str, seats) -> None:
    """Every seat's conditions are read now, then the triggers whose conditions held act
    in order (events happen to all cities at once)."""
    events = game.events
    if events.may_act(event):                # `due` is empty otherwise (most events)
        due = events.due(event, seats)
        game.stack += [("trigger", *entry) for entry in reversed(due)]


def _trigger(game, seat: int, key: str, trigger, neighbour, event: str) -> None:
    limit = trigger.limit
    if limit is not None:
        fired_key = f"{seat}|{key}"
        if fired_key in game.fired:
            return
    if game.events.idle(trigger.action, seat):
        return                        # nothing to do: no chain goes on from here
    if limit is not None:
        game.fired[fired_key] = limit.text
    chain = game.events.stack
    chain.append(trigger)
    if len(chain) > MAX_DEPTH:
        raise TriggerLoop(event, chain)
    game.stack.append(("trigger_done", seat, trigger, event, game.cities[seat].coins))
    _run(game, trigger.action, seat, neighbour, key)


def _trigger_done(game, seat: int, trigger, event: str, before: int) -> None:
    game.events.stack.pop()
    after = game.cities[seat].coins
    if after != before and isinstance(trigger.action, (ast.GainCoins, ast.LoseCoins)):
        game.log.append({"event": "coins", "seat": seat, "change": after - before,
                         "trigger": trigger.name.text if trigger.name else event})


CHOSEN_IN_CHAIN = (ast.BuildFromDiscard, ast.DrawInto, ast.PlayFrom, ast.CopyCard)   # what `_run` does itself


def _run(game, action, seat: int, neighbour, source: str) -> None:
    if isinstance(action, CHOSEN_IN_CHAIN):
        _chosen_in_chain(game, action, seat)
        return
    if isinstance(action, ast.DiscardBuilt):
        _discard_built(game, action, seat, neighbour)
        return
    rules = game.tables.rules
    if rules.debt_by_choice:
        if isinstance(action, ast.InEachCity):         # each city's loss may be its own decision
            _in_each_city(game, action, seat, source)
            return
        if isinstance(action, ast.LoseCoins):
            amount = per_value(action.amount, action.per, game.events.where(seat, neighbour))
            if amount > 0 and game.cities[seat].coins > 0:
                game.stack.append(("settle", seat, amount, -1))
                game.waiting = [(seat, "debt")]
                return
    game.events.run(action, seat, game.events.where(seat, neighbour), source)


def _in_each_city(game, action, seat: int, source: str) -> None:
    """`each ...:` under `coins owed may become ... tokens`: each city's action a step of its own."""
    game.stack += [("run", action.action, target, None, source)
                   for target in reversed(game.events.group(seat, action.group))]


def _chosen_in_chain(game, action, seat: int) -> None:
    """An action that needs a player's choice or a phase's deck (CHOSEN_IN_CHAIN)."""
    if isinstance(action, ast.BuildFromDiscard):       # a decision in the middle of the chain
        if game.events.idle(action, seat):
            return
        game.waiting = [(seat, "discard")]
        return
    if isinstance(action, ast.DrawInto):
        draw_into(game, action, seat)
        return
    if isinstance(action, ast.PlayFrom):               # `when built: build a card from "Z"`: chosen now
        ask_zone_play(game, action, seat)
        return
    if copy_options(game, seat, action):               # `when built: copy ...`: chosen now
        game.stack.append(("copy_from", action, seat))      # what the decision's options read
        game.waiting = [(seat, "copy")]


def _discard_built(game, action, seat: int, neighbour) -> None:
    """`discard a COLOURS card from SCOPE`: the city of the scope loses one such building,
    at once when it has one, by its own choice (a decision, `remove`) when it has several."""
    part = action.scope.parts[0]
    target = seat if part == "own" else neighbour if part == "neighbour" else \
        game.neighbours(seat)[0 if part == "left" else 1].seat
    options = removal_options(game, target, action)
    if len(options) == 1:
        remove_built(game, target, options[0])
    elif options:
        game.stack.append(("remove_from", action, target))     # what the decision's options read
        game.waiting = [(target, "remove")]


def remove_built(game, seat: int, choice) -> None:
    """A building leaves the city `seat` for the discard pile (`discard a ... card from ...`),
    its effects with it."""
    game.cities[seat].remove_card(choice.card)
    game.discard.append(choice.card)
    game.log.append({"event": "resolve", "seat": seat, "paid": [], "action": choice.label(game.tables),
                     "coins": game.cities[seat].coins})


def _copy_from(game, action, seat: int) -> None:
    """The copy has been chosen (Flow.take): nothing is left to do."""


def _settle(game, seat: int, amount: int, paid: int) -> None:
    """A loss under `coins owed may become ... tokens`, once its payer chose what to pay."""
    game.events.lose(seat, amount, paid=paid)



CHAIN_STEPS = {"fire": fire, "trigger": _trigger, "trigger_done": _trigger_done, "run": _run,
               "copy_from": _copy_from, "remove_from": _copy_from, "settle": _settle}
