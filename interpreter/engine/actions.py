"""Legal actions: build a card (paying, by chain, or by a free-build power), build the
next wonder stage with a card, or sell it.  Each payment option is its own action.  Their
words are engine/labels.py's; what a card or a stage costs a city, and the ways to pay it,
engine/prices.py's; the options of the decisions an action opens in the middle of a chain
(a copy, a loss, an offer, ...) are engine/options.py's."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Literal, NamedTuple

from .labels import label
from .payment.order import Pair, Payments, Units
from .payment.trio import trio_of
from .prices import Neighbours, Paid, payments_for, special_of, stage_offers, stage_payments_with_bank
from .moves import BUILD, STAGE, SELL, USE, Move

if TYPE_CHECKING:
    from ..compile import Source, Tables
    from .city import City
    from .game import Game
    from .payment.trio import Trio


class Action(NamedTuple):
    """A tuple, not an attrs class: the engine makes a great many of them."""
    kind: Move                 # what it does (engine/moves.py): a card built, a wonder stage, a card
                               # sold, a draft's pick kept, a loss paid, an offer accepted, ...
    card: int                  # index into tables.cards (-1 for a pass)
    left: int = 0              # coins paid to the left neighbour
    right: int = 0             # coins paid to the right neighbour
    free: str = ""             # "chain", "power" ("power COLOUR"), "rule" or "phase" (a phase's `for free`) when built without
                               # paying; "token KIND" ("token N KIND"): paid by giving up kept tokens (`token_price`);
                               # "chain left NAME" ("chain right NAME"): by chain from a neighbour's building NAME (`chains from ...`)
    bank: int = 0              # coins paid to the bank for resources bought there (`buy ... from the bank`)
    stage: int = -1            # the stage a "stage" builds, numbered from 0, on a side of `stages in any
                               # order`; -1: the next one (a side built in order)

    def label(self, tables: Tables) -> str:
        """The action in words, as logs and people see it (engine/labels.py, which makes it
        once per action and rule set; read here when made: every game's log asks for each
        choice's)."""
        try:
            known: str = tables.cache["labels"][self]
            return known
        except (AttributeError, KeyError):
            return label(self, tables)


_new = tuple.__new__      # Action(...) without its keyword defaults: the hot path makes a great many


class Made(NamedTuple):
    """The actions of a rule set's cards, each made once and handed out again (a hand's
    options are mostly the same few actions, turn after turn): by card index, its sale,
    its build by chain, and its paid builds and wonder stages by payment."""
    sells: list[Action]
    chains: list[Action]
    builds: list[dict[Pair, Action]]                          # card index -> {(left, right): Action}
    stages: list[dict[Paid | tuple[int, int, int, int], Action]]   # card index -> {(left, right, bank[, stage]): Action}


def made(tables: Tables) -> Made:
    """The rule set's `Made`: a memo of the engine's own values kept with the tables, not
    made by the compile pass (which knows nothing of the engine's `Action`): its payments
    fill in as games meet them."""
    found: Made | None = tables.cache.get("actions")
    if found is None:
        count = range(len(tables.cards))
        found = tables.cache["actions"] = Made([_new(Action, (SELL, i, 0, 0, "", 0, -1)) for i in count],
                                               [_new(Action, (BUILD, i, 0, 0, "chain", 0, -1)) for i in count],
                                               [{} for _ in count], [{} for _ in count])
    return found


def legal_actions(game: Game, seat: int, hand: Sequence[int] | None = None) -> list[Action]:
    """Every legal action of `seat` with the cards of its hand, each payment option its own
    action, cheapest first.  (The hot path of a game: kept plain on purpose.)"""
    city = game.cities[seat]
    left, right = game.neighbours(seat)
    trio = trio_of(city, left, right)
    special = special_of(game, city)
    hand = game.hands[seat] if hand is None else hand
    stages = stage_offers(city, trio, special)
    sells, chains, paid, staged = made(game.tables)
    actions: list[Action] = []
    append = actions.append
    if special is None and _plain(city):
        # the common case, `_builds` without the powers it looks for, kept inline
        cards, names, coins, memo = game.tables.cards, city.names, city.coins, trio.memo
        for index in dict.fromkeys(hand):
            card = cards[index]
            if card.name not in names:
                if not card.chains.isdisjoint(names):
                    append(chains[index])
                elif card.cost_coins <= coins:
                    options = memo.get(card.cost)
                    if options is None:
                        options = trio.options(card.cost)
                    budget = coins - card.cost_coins
                    builds = paid[index]
                    for option in options:
                        if option[0] + option[1] <= budget:
                            action = builds.get(option)
                            if action is None:
                                action = builds[option] = _new(Action, (BUILD, index, *option, "", 0, -1))
                            append(action)
            for number, payments in stages:
                _append_stages(append, staged[index], index, payments, number)
            append(sells[index])
        if game.tables.rules.card_uses:
            actions += use_actions(game, seat, hand, trio)
        return actions
    for index in dict.fromkeys(hand):
        actions += _builds(game, city, trio, index, special)
        for number, payments in stages:
            _append_stages(append, staged[index], index, payments, number)
        append(sells[index])
    if city.free_tokens:                          # wonder stages paid by tokens, after the rest
        actions += _token_stage_actions(city, hand)
    if game.tables.rules.card_uses:
        actions += use_actions(game, seat, hand, trio)
    return actions


def token_price(free: str) -> tuple[str, int]:
    """The kind and count of the tokens a move paid by tokens gives up (its `free`:
    "token KIND", "token N KIND")."""
    words = free.split()
    return words[-1], int(words[1]) if len(words) == 3 else 1


def token_frees(city: City, what: str, color: str | None = "") -> list[str]:
    """The `free` of each build paid by tokens (`may build a [COLOUR] card / a wonder stage
    for free for N KIND tokens`) that the city may make now of `what` ("card", of `color`,
    or "stage"): those whose tokens it holds, each once."""
    found = []
    kept = city.kept
    for of, kind, count, colour in city.free_tokens:
        if of == what and colour in ("", color) and kept.get(kind, 0) >= count:
            free = f"token {kind}" if count == 1 else f"token {count} {kind}"
            if free not in found:
                found.append(free)
    return found


def _holds_tokens(city: City) -> bool:
    """Whether the city holds the tokens of some build it may pay by tokens."""
    kept = city.kept
    return any(kept.get(kind, 0) >= count for _of, kind, count, _colour in city.free_tokens)


def _token_stage_actions(city: City, hand: Iterable[int]) -> list[Action]:
    """A wonder stage with each card of the hand, paid by giving up tokens (`_token_stages`)."""
    return [_new(Action, (STAGE, index, 0, 0, free, 0, number))
            for index in dict.fromkeys(hand) for number, free in _token_stages(city)]


def _token_stages(city: City) -> list[tuple[int, str]]:
    """(stage, free) of each wonder stage the city may build now by giving up tokens: the
    next stage (-1), or on a side of `stages in any order` each stage not built yet."""
    frees = token_frees(city, "stage")
    if not frees:
        return []
    numbers = city.open_stages() if city.side.any_order else [-1] if city.next_stage() is not None else []
    return [(number, free) for number in numbers for free in frees]


def holds(city: City, tokens: Iterable[tuple[str, int]]) -> bool:
    """Whether the city holds a price's tokens ((kind, count), as `written_cost` gives them)."""
    kept = city.kept
    return all(kept.get(kind, 0) >= count for kind, count in tokens)


def use_actions(game: Game, seat: int, hand: Iterable[int], trio: Trio, first: bool = False) -> list[Action]:
    """The rules' uses of a turn's card (`use a card for "NAME" [paying PRICE]: ...`), for
    each card of the hand and each way the city can pay the price (its coins to the bank,
    its resources produced or bought from the neighbours), cheapest first; `first`: the
    cheapest way alone.  After the cards' other moves, so the rest keep their places.  A
    use whose action would do nothing now (a card put from an empty zone, built from an
    empty discard pile) is not offered, as a priced choice is not."""
    city = game.cities[seat]
    ways = []
    uses = game.tables.use_operations
    for number, (coins, units, tokens) in enumerate(game.tables.use_prices):    # (compiled: `Tables.use_prices`)
        if tokens and not holds(city, tokens):
            continue                                   # a price asking for tokens the city lacks
        if game.events.idle(uses[number], seat):
            continue
        found = price_ways(city, trio, coins, units)
        ways += [(number, coins, left, right) for left, right in (found[:1] if first else found)]
    return [Action(USE, card, left, right, "", coins, number)
            for card in dict.fromkeys(hand) for number, coins, left, right in ways]


def price_ways(city: City, trio: Trio, coins: int, units: Units) -> list[Pair]:
    """The (left, right) coins of each way the city can pay such a price within its coins
    (its production, or resources bought from the neighbours), cheapest first."""
    if coins > city.coins:
        return []
    found: Payments = trio.options(units) if any(units) else ((0, 0),)
    return [(left, right) for left, right in found if left + right <= city.coins - coins]


def legal_moves(game: Game, seat: int) -> list[Action]:
    """The cheapest option of each move of `legal_actions` (a card and what is done with
    it: its build, its wonder stage, its sale), in the same order: for a player that
    always pays the cheapest way (the random bot), without listing every payment."""
    city = game.cities[seat]
    left, right = game.neighbours(seat)
    trio = trio_of(city, left, right)
    special = special_of(game, city)
    stages = _first_stage(city, trio, special)
    sells, _chains, _paid, staged = made(game.tables)
    price = build_pricer(game, seat, trio, special)
    moves: list[Action] = []
    append = moves.append
    for index in dict.fromkeys(game.hands[seat]):
        build = price(index)
        if build is not None:
            append(build)
        for number, payments in stages:
            _append_stages(append, staged[index], index, payments, number)
        append(sells[index])
    if city.free_tokens and _holds_tokens(city):    # moves paid by tokens: moves of their own, after the rest
        moves += [a for index in dict.fromkeys(game.hands[seat]) for a in _builds(game, city, trio, index, special)
                  if a.free.startswith("token") and a not in moves]
        moves += _token_stage_actions(city, game.hands[seat])
    if game.tables.rules.card_uses:
        moves += use_actions(game, seat, game.hands[seat], trio, first=True)
    return moves


def cheapest_stage(game: Game, seat: int, trio: Trio) -> tuple[int, int, int, int] | None:
    """The first of `stage_payments_with_bank` (its cheapest way) and the stage it builds
    (-1: the next; on a side of `stages in any order`, the first it can pay), or None: for
    a player that prices a wonder stage by its cheapest way alone (the search's rollouts)."""
    city = game.cities[seat]
    found = _first_stage(city, trio, special_of(game, city) if game.tables.cost_changers else None)
    return (*found[0][1][0], found[0][0]) if found else None


def _first_stage(city: City, trio: Trio, special: Neighbours | None) -> list[tuple[int, list[Paid]]]:
    """`stage_offers` with the first payment of each stage alone; of a city that no power
    or discount touches (`_plain`, no `special_of`) found by its cheapest payment alone."""
    if special is not None or not _plain(city) or city.side.any_order:
        return [(number, payments[:1]) for number, payments in stage_offers(city, trio, special)]
    stages = city.side.stages                        # (`city.next_stage()` without its call)
    if city.stages >= len(stages):
        return []
    stage = stages[city.stages]
    if stage.cost_coins > city.coins:
        return []
    option = trio.cheapest(stage.cost)
    if option is None or option[0] + option[1] > city.coins - stage.cost_coins:
        return []
    return [(-1, [(*option, 0)])]


def _append_stages(append: Callable[[Action], None], known: dict[Paid | tuple[int, int, int, int], Action], index: int,
                   stages: Iterable[Paid], number: int) -> None:
    """The actions of a wonder stage with card `index`, one a payment of `stages` (made
    once each, kept in `known`), building the stage `number` (-1: the next)."""
    for payment in stages:
        key: Paid | tuple[int, int, int, int] = payment if number < 0 else (*payment, number)
        action = known.get(key)
        if action is None:
            l, r, b = payment
            action = known[key] = _new(Action, (STAGE, index, l, r, "", b, number))
        append(action)


def card_builds(game: Game, seat: int, index: int, trio: Trio | None = None) -> list[Action]:
    """The ways `seat` may build the card `index` now (none if it may not), cheapest first:
    one card's share of `legal_actions`, for a player that weighs cards one at a time
    (`trio`: the city's payments, `trio_of`, when the caller has them)."""
    city = game.cities[seat]
    return _builds(game, city, trio or trio_of(city, *game.neighbours(seat)), index, special_of(game, city))


def cheapest_build(game: Game, seat: int, index: int, trio: Trio) -> Action | None:
    """The first of `card_builds` (its cheapest way), or None: for a player that prices
    a card by its cheapest way alone (the search's rollouts), without listing the rest."""
    return build_pricer(game, seat, trio)(index)


def build_pricer(game: Game, seat: int, trio: Trio,
                 special: Neighbours | None | Literal[False] = False) -> Callable[[int], Action | None]:
    """`cheapest_build` of `seat` in this position as a function of the card index: the
    city read once for the cards of a hand (`special`: `special_of`, when the caller has it)."""
    city = game.cities[seat]
    tables = game.tables
    if special is False:                  # (`special_of` and `made` without their calls in the common case:
        special = special_of(game, city) if tables.cost_changers else None   # a rollout prices every hand)
    if special is not None or not _plain(city):
        return _first_build(game, city, trio, special)
    cards, names, coins, cheapest = tables.cards, city.names, city.coins, trio.cheapest
    _sells, chains, paid, _stages = tables.cache.get("actions") or made(tables)

    def price(index: int) -> Action | None:
        card = cards[index]
        if card.name in names:
            return None
        if not card.chains.isdisjoint(names):
            return chains[index]
        budget = coins - card.cost_coins
        if budget < 0:
            return None
        option = cheapest(card.cost)
        if option is None or option[0] + option[1] > budget:          # the cheapest, or none
            return None
        builds = paid[index]
        action = builds.get(option)
        if action is None:
            action = builds[option] = _new(Action, (BUILD, index, *option, "", 0, -1))
        return action
    return price


def _first_build(game: Game, city: City, trio: Trio, special: Neighbours | None) -> Callable[[int], Action | None]:
    """`build_pricer` of a city some power or discount touches: the first of `_builds`.
    (Apart, so that `build_pricer`'s own locals are not cells at every call.)"""
    return lambda index: next(iter(_builds(game, city, trio, index, special)), None)


def _plain(city: City) -> bool:
    """No power of the city changes how it may build a card (free builds, rules that
    make a card free, buying from the bank, a law's `no free chains`, `chains from ...` or
    `resources ... paid in coins`): `_builds`'s common case."""
    return not city.free_build and not city.free_rules and not city.bank[0] and not city.chains_paid \
        and not city.chains_from and not city.coinage and not (city.free_tokens and _holds_tokens(city))


def is_legal(game: Game, seat: int, action: Action) -> bool:
    """Is `action` one of `legal_actions(game, seat)`?  Checked on its own card alone."""
    if action.card not in game.hands[seat]:
        return False
    if action.kind == SELL:
        return action[2:] == (0, 0, "", 0, -1)      # a sale pays and is paid nothing
    if action.kind == USE:
        return action in use_actions(game, seat, [action.card], trio_of(game.cities[seat], *game.neighbours(seat)))
    if action.kind == STAGE:
        city = game.cities[seat]
        number = action.stage
        if action.free:                                # a stage paid by tokens (none other is free)
            return action[2:4] == (0, 0) and not action.bank and (number, action.free) in _token_stages(city)
        if (number >= 0) != city.side.any_order or (number >= 0 and number not in city.open_stages()):
            return False
        return (action.left, action.right, action.bank) in stage_payments_with_bank(game, seat, None, number) \
            and not action.free
    city = game.cities[seat]
    if action.kind == BUILD and not action.free and not action.bank and special_of(game, city) is None \
            and not city.chains_from and not city.coinage:
        card = game.tables.cards[action.card]
        names = city.names
        if card.name in names or (not card.chains.isdisjoint(names) and not city.chains_paid) or \
                card.cost_coins > city.coins or \
                (city.free_rules and city.free_by_rule(card, game.turn, game.age.turns)):
            return False
        paid = action.left + action.right
        return paid <= city.coins - card.cost_coins and \
            (action.left, action.right) in trio_of(city, *game.neighbours(seat)).options(card.cost)
    return action in card_builds(game, seat, action.card)


def _builds(game: Game, city: City, trio: Trio, index: int, special: Neighbours | None) -> list[Action]:
    card = game.tables.cards[index]
    names = city.names
    if card.name in names:
        return []
    if not card.chains.isdisjoint(names) and not city.chains_paid:
        return [_new(Action, (BUILD, index, 0, 0, "chain", 0, -1))]
    if city.chains_from and card.chains and not city.chains_paid:
        chained = _neighbours_chain(game, city, card)
        if chained is not None:
            return [chained]
    if city.free_rules and city.free_by_rule(card, game.turn, game.age.turns):
        return [_new(Action, (BUILD, index, 0, 0, "rule", 0, -1))]
    priced = payments_for(city, trio, special, card)
    actions = [] if priced is None else [_new(Action, (BUILD, index, l, r, "", b, -1)) for l, r, b in priced[1]]
    if city.free_build or city.free_tokens:
        free_anyway = priced is not None and not priced[0] and priced[1][:1] == _FREE   # cheapest first
        if not free_anyway:                                  # nothing to pay already
            actions += [_new(Action, (BUILD, index, 0, 0, f"power {color}".rstrip(), 0, -1))
                        for color in city.free_builds_for(card.color)]
            if city.free_tokens:                             # `... for free for a KIND token`
                actions += [_new(Action, (BUILD, index, 0, 0, free, 0, -1))
                            for free in token_frees(city, "card", card.color)]
    return actions


_FREE = [(0, 0, 0)]


def _neighbours_chain(game: Game, city: City, card: Source) -> Action | None:
    """The build by chain from a neighbour's building (`law ...: chains from SCOPE`): the
    left neighbour's first, then the right's; the building named in the move ("chain left
    NAME"), the first in alphabetical order when it has several the card chains from."""
    for side, other in zip(("left", "right"), game.neighbours(city.seat)):
        if side in city.chains_from:
            found = card.chains & other.names
            if found:
                return _new(Action, (BUILD, card.index, 0, 0, f"chain {side} {min(found)}", 0, -1))
    return None
