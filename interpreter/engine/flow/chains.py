"""Events and the actions they set going, as steps: a chain of triggers.

An event fires (`fire`): every seat's conditions are read at once, then each trigger whose
conditions held acts (`trigger`, `run`); the chain's depth is bounded (triggers.py
MAX_DEPTH).  An action that needs a player's choice (a card from the discard pile, a
zone's card, a copy, a debt) opens a decision here, in the middle of the chain, which the
steps left under it finish once the choice arrives.  What an action does otherwise is
triggers.py's `Dispatcher` (a kind of kinds/actions/, its own `run`: building from the
discard pile opens its decision there).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...check.model import written_cost
from ...kinds.actions import ACTIONS, COINS, LOSSES
from ...syntax import ast
from ..actions import copy_options, offer_options, removal_options
from ..placed import put_card, put_from, put_options
from ..quantities import per_value
from ..triggers import MAX_DEPTH, TriggerLoop, give_up_kept, log_coins, trigger_label
from .phases import ask_zone_play, draw_into

if TYPE_CHECKING:
    from ..actions import Action
    from ..game import Game
    from .machine import Steps


def fire(game: Game, event: str, seats: tuple[int, ...] | None) -> None:
    """Every seat's conditions are read now, then the triggers whose conditions held act
    in order (events happen to all cities at once)."""
    events = game.events
    if events.may_act(event):                # `due` is empty otherwise (most events)
        due = events.due(event, seats)
        game.stack += [("trigger", *entry) for entry in reversed(due)]


def _trigger(game: Game, seat: int, key: str, trigger: ast.Trigger, neighbour: int | None, event: str) -> None:
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
    _run(game, trigger.action, seat, neighbour, trigger_label(trigger, event))


def _trigger_done(game: Game, seat: int, trigger: ast.Trigger, event: str, before: int) -> None:
    game.events.stack.pop()
    after = game.cities[seat].coins
    if after != before and isinstance(trigger.action, COINS):
        game.log.append({"event": "coins", "seat": seat, "change": after - before,
                         "trigger": trigger_label(trigger, event)})


CHOSEN_IN_CHAIN = (ast.DrawInto, ast.PlayFrom, ast.CopyCard, ast.CopyStage)   # what `_run` does itself


def _run(game: Game, action: ast.Action, seat: int, neighbour: int | None, source: str) -> None:
    if isinstance(action, CHOSEN_IN_CHAIN):
        _chosen_in_chain(game, action, seat)
        return
    if type(action) is ast.MayPay:
        _offer(game, action, seat, neighbour, source)
        return
    if isinstance(action, ast.DiscardBuilt):
        _discard_built(game, action, seat, neighbour)
        return
    rules = game.tables.rules
    if rules.debt_by_choice:
        if isinstance(action, ast.InEachCity):         # each city's loss may be its own decision
            _in_each_city(game, action, seat, source)
            return
        if _owes(game, action, seat, neighbour):
            return
    game.events.run(action, seat, game.events.where(seat, neighbour), source)


def _owes(game: Game, action: ast.Action, seat: int, neighbour: int | None) -> bool:
    """A loss under `coins owed may become ... tokens` that a city with coins settles by a
    decision (the `settle` step): opened, True; any other action, False."""
    if not isinstance(action, LOSSES):
        return False
    amount = per_value(*ACTIONS[type(action)].counted(action), game.events.where(seat, neighbour))
    if amount <= 0 or game.cities[seat].coins <= 0:
        return False
    game.stack.append(("settle", seat, amount, -1))
    game.waiting = [(seat, "debt")]
    return True


def _in_each_city(game: Game, action: ast.InEachCity, seat: int, source: str) -> None:
    """`each ...:` under `coins owed may become ... tokens`: each city's action a step of its own."""
    game.stack += [("each", action.action, target, seat, source)
                   for target in reversed(game.events.group(seat, action))]


def _each(game: Game, action: ast.Action, target: int, owner: int, source: str) -> None:
    """One city's part of an `each ...:` action; its coins logged (`coins_log`) once settled."""
    if isinstance(action, ast.InEachCity):
        _in_each_city(game, action, target, source)
        return
    coins = game.cities[target].coins
    game.stack.append(("coins_log", target, owner, coins, source))
    if not _owes(game, action, target, None):          # (a settle step, if opened, runs first)
        game.stack.pop()
        game.events.run_in(action, target, owner, source)


def _coins_log(game: Game, seat: int, owner: int, before: int, source: str) -> None:
    log_coins(game, seat, game.cities[seat].coins - before, owner, source)


def _chosen_in_chain(game: Game, action: ast.DrawInto | ast.PlayFrom | ast.CopyCard | ast.CopyStage,
                     seat: int) -> None:
    """An action that needs a player's choice or a phase's deck (CHOSEN_IN_CHAIN)."""
    if isinstance(action, ast.DrawInto):
        draw_into(game, action, seat)
        return
    if isinstance(action, ast.PlayFrom):               # `when built: build a card from "Z"`: chosen now
        ask_zone_play(game, action, seat)
        return
    options = copy_options(game, seat, action)
    if isinstance(action, ast.CopyStage) and len(options) == 1:    # one stage to copy: no choice
        copy_stage(game, seat, options[0])
    elif options:                                      # `when built: copy ...`: chosen now
        game.stack.append(("copy_from", action, seat))      # what the decision's options read
        game.waiting = [(seat, "copy")]


def _offer(game: Game, action: ast.MayPay, seat: int, neighbour: int | None, source: str) -> None:
    """`may pay PRICE to ACTION`: the owner is asked, when it can pay the price at all
    (`actions.offer_options`); the step left under the decision carries out the answer
    (`offer_taken`, from Flow.take)."""
    if game.events.idle(action.action, seat):
        return                            # nothing the price would buy: not asked
    game.stack.append(("offer", action, seat, neighbour, source))
    if len(offer_options(game, seat)) > 1:
        game.waiting = [(seat, "offer")]
    else:
        game.stack.pop()                  # it cannot pay: nothing to choose, nothing done


def offer_taken(game: Game, seat: int, choice: Action) -> None:
    """The owner's answer to an offer: declined, nothing happens; accepted, it pays (the
    price's coins to the bank, what it buys to its neighbours) and the action runs."""
    _step, action, _seat, neighbour, source = game.stack.pop()
    if choice.kind != "accept":
        return
    city = game.cities[seat]
    left, right = game.neighbours(seat)
    city.coins -= choice.left + choice.right + choice.bank
    left.coins += choice.left
    right.coins += choice.right
    tokens = written_cost(action.items).tokens
    if tokens:                            # the price's tokens, given up (the city holds them: offer_options)
        give_up_kept(game, seat, tokens, source)
    game.stack.append(("run", action.action, seat, neighbour, source))


def _offer_step(game: Game, action: ast.MayPay, seat: int, neighbour: int | None, source: str) -> None:
    """An offer's step run without its decision (never: Flow.take pops it)."""


def _discard_built(game: Game, action: ast.DiscardBuilt, seat: int, neighbour: int | None) -> None:
    """A card moved: `discard a COLOURS card from SCOPE|"Z"` (or `put ... into "Z" | under
    this stage`): the city of the scope (the owner, for a zone) loses one such card, at
    once when it has one, by its own choice (a decision, `remove`) when it has several; a
    card moved from one zone of the owner's into another is put (`_put`)."""
    if action.between_zones:
        _put(game, action, seat)
        return
    target: int | None
    if action.zone is not None:
        target = seat
    else:
        assert action.scope is not None, action          # (from a city: the scope names it)
        part = action.scope.parts[0]
        target = seat if part == "own" else neighbour if part == "neighbour" else \
            game.neighbours(seat)[0 if part == "left" else 1].seat
        assert target is not None, action                # (`neighbour`: a neighbour's trigger names it)
    options = removal_options(game, target, action)
    if len(options) == 1:
        remove_built(game, target, options[0], action, seat)
    elif options:
        game.stack.append(("remove_from", action, target, seat))     # what the decision's options read
        game.waiting = [(target, "remove")]


def _put(game: Game, action: ast.DiscardBuilt, seat: int) -> None:
    """`put a [COLOURS] card from "Z" into "T"` (or `onto`): the owner's only such card of Z
    goes at once; among several, its choice (a decision, `put`)."""
    options = put_options(game, seat, action)
    if len(options) == 1:
        put_from(game, seat, action, options[0])
    elif options:
        game.stack.append(("put_from", action, seat))     # what the decision's options read
        game.waiting = [(seat, "put")]


def remove_built(game: Game, seat: int, choice: Action, action: ast.DiscardBuilt, owner: int) -> None:
    """A card leaves the city `seat` (its effects with it) or the zone of `owner` for the
    discard pile, `owner`'s zone or under `owner`'s stage (`action`: its DiscardBuilt)."""
    city = game.cities[seat]
    if action.zone is not None:
        game.zones[action.zone.text][owner].remove(choice.card)
    else:
        city.remove_card(choice.card)
    if action.to == "zone":                    # (a zone for the table keeps the order its cards came in)
        assert action.into is not None, action           # (`into "Z"` names the zone)
        put_card(game, owner, action.into.text, choice.card)
    elif action.to == "stage":
        game.cities[owner].entombed.append((action.stage, choice.card))
    else:
        game.discard.append(choice.card)
    game.log.append({"event": "resolve", "seat": seat, "paid": [], "action": choice.label(game.tables),
                     "coins": city.coins})


def copy_stage(game: Game, seat: int, choice: Action) -> None:
    """`copy stage N of ...`: the city has the stage's lasting effects from now on, and its
    `when built` actions run for it now (its `at end of turn` ones are set aside)."""
    stage = game.cities[seat].add_stage_copy(choice.card, choice.stage)
    game.log.append({"event": "resolve", "seat": seat, "paid": [], "action": choice.label(game.tables),
                     "coins": game.cities[seat].coins})
    game.pending += [(seat, action, stage.name) for action in stage.turn_end]
    for action in reversed(stage.when_built):
        game.stack.append(("run", action, seat, None, stage.name))


def _removed(game: Game, action: ast.DiscardBuilt, seat: int, owner: int) -> None:
    """The card to move has been chosen (Flow.take): nothing is left to do."""


def _copy_from(game: Game, action: ast.CopyCard | ast.CopyStage | ast.DiscardBuilt, seat: int) -> None:
    """The copy has been chosen (Flow.take): nothing is left to do."""


def _settle(game: Game, seat: int, amount: int, paid: int) -> None:
    """A loss under `coins owed may become ... tokens`, once its payer chose what to pay."""
    game.events.lose(seat, amount, paid=paid)



CHAIN_STEPS: Steps = {"fire": fire, "trigger": _trigger, "trigger_done": _trigger_done, "run": _run,
               "copy_from": _copy_from, "remove_from": _removed, "put_from": _copy_from, "settle": _settle, "each": _each,
               "coins_log": _coins_log, "offer": _offer_step}
