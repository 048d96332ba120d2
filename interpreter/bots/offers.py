"""What an offer is worth (`may pay PRICE to ACTION`, a decision of kind "offer"): each
answer in points, read from the rules as the bots read everything else, so a bot pays
for an option when what the action brings is worth more than what it pays.

The action's worth: coins at the rules' coin rate, a military token at the token rate,
kept tokens at the rate their score lines give them, a card from the discard pile at the
worth the deciding bot gives the best card it could build, and an action done in several
cities as what it does to the owner against the mean rival (the same to every city is
worth nothing).  The price: its coins at the coin rate; coins paid to a neighbour count
a little more, since they help a rival."""

from __future__ import annotations

from ..engine.actions import build_options_from
from ..engine.placed import put_from, put_options
from ..engine.scoring import score_city
from ..engine.quantities import evaluate, per_value
from ..syntax import ast
from ..syntax.ast_effects import UnhandledKind


def offer_values(model, game, seat: int, options, card_worth, coin: float | None = None) -> list[float]:
    """Each answer of the offer `seat` decides on (the game's waiting `offer` step), in
    points: 0 for "decline", the action's worth less the price for each way of paying.
    `card_worth(card index)` is what building a card is worth to the deciding bot."""
    _step, action, _seat, neighbour, _source = game.stack[-1]
    rate = model.coin_rate if coin is None else coin
    rivals = max(1, len(game.cities) - 1)
    gained = action_worth(model, game, seat, neighbour, action.action, card_worth, rate)
    return [0.0 if o.kind == "decline" else
            gained - o.bank * rate - (o.left + o.right) * rate * (1 + 1 / rivals) for o in options]


def action_worth(model, game, seat: int, neighbour, action, card_worth, rate: float) -> float:
    """What the action would bring the owner, in points."""
    where = game.events.where(seat, neighbour)
    if isinstance(action, ast.GainCoins):
        return per_value(action.amount, action.per, where) * rate
    if isinstance(action, ast.LoseCoins):
        return -min(per_value(action.amount, action.per, where), game.cities[seat].coins) * rate
    if isinstance(action, ast.TakeToken):
        return evaluate(action.value, where) * model.token_rate
    if isinstance(action, ast.TakeKeptTokens):
        return evaluate(action.count, where) * model.kept_rate(action.kind.text)
    if isinstance(action, ast.BuildFromDiscard):
        return max((card_worth(o.card) for o in build_options_from(game, seat, game.discard)), default=0.0)
    if isinstance(action, ast.PutOnto):
        return put_worth(game, seat, action)
    if isinstance(action, ast.InEachCity):
        targets = game.events.group(seat, action.group)
        each = action_worth(model, game, seat, neighbour, action.action, card_worth, rate)
        mine = each if seat in targets else 0.0
        return mine - each * (len(targets) - (seat in targets)) / max(1, len(game.cities) - 1)
    raise UnhandledKind(f"bots/offers.py cannot weigh the paid action kind {type(action).__name__}")


def put_worth(game, seat: int, action) -> float:
    """A card put from a zone onto another: the owner's score pad with the best card put
    less its score pad now (score lines that count `cards in "Z"`).  A law the card sets
    reaches every city alike and is not weighed as the owner's."""
    def total(g) -> int:
        city = g.cities[seat]
        left, right = g.neighbours(seat)
        return sum(score_city(g.tables, city, left, right, tuple(g.cities), g.age.number, g.age.victory).values())
    before = total(game)
    best = None
    for option in put_options(game, seat, action):
        copy = game.clone()
        put_from(copy, seat, action, option)
        after = total(copy)
        best = after if best is None else max(best, after)
    return 0.0 if best is None else float(best - before)
