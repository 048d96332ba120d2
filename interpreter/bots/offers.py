"""What an offer is worth (`may pay PRICE to ACTION`, a decision of kind "offer"): each
answer in points, read from the rules as the bots read everything else, so a bot pays
for an option when what the action brings is worth more than what it pays.

The action's worth: coins at the rules' coin rate, a military token at the token rate,
kept tokens at the rate their score lines give them and at their stakes (what holding
one decides in the triggers and score lines in play for the city: `kept_stakes`), a
card lost from the city at what building it would be worth, a card drawn into a zone at what
building the deck's best would be worth, a card from the discard pile at the
worth the deciding bot gives the best card it could build, and an action done in several
cities as what it does to the owner against the mean rival (the same to every city is
worth nothing).  The price: its coins at the coin rate; coins paid to a neighbour count
a little more, since they help a rival."""

from __future__ import annotations

import attrs

from ..engine.actions import build_options_from
from ..engine.quantities import check_fn, evaluate, per_value
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
        kind = action.kind.text
        stakes = kept_stakes(model, game, seat, kind, card_worth, rate) if not game.cities[seat].kept.get(kind) else 0.0
        return evaluate(action.count, where) * model.kept_rate(kind) + stakes
    if isinstance(action, ast.DiscardBuilt):
        if action.scope.parts != ("own",):
            return 0.0
        colors = {c.text for c in action.colors}
        cards = game.tables.cards
        return -min((card_worth(i) for i in game.cities[seat].built if cards[i].color in colors), default=0.0)
    if isinstance(action, ast.DrawInto):           # a card drawn to be played: the deck's best, to build
        deck = action.deck.text
        return max((card_worth(c.index) for c in game.tables.cards if c.deck == deck), default=0.0)
    if isinstance(action, ast.BuildFromDiscard):
        return max((card_worth(o.card) for o in build_options_from(game, seat, game.discard)), default=0.0)
    if isinstance(action, ast.InEachCity):
        targets = game.events.group(seat, action.group)
        each = action_worth(model, game, seat, neighbour, action.action, card_worth, rate)
        mine = each if seat in targets else 0.0
        return mine - each * (len(targets) - (seat in targets)) / max(1, len(game.cities) - 1)
    raise UnhandledKind(f"bots/offers.py cannot weigh the paid action kind {type(action).__name__}")


# A comparison of the owner's count of a kind with a number, read for a count of 0 and 1.
_HOLDS = {">": lambda a, b: a > b, "<": lambda a, b: a < b, ">=": lambda a, b: a >= b,
          "<=": lambda a, b: a <= b, "=": lambda a, b: a == b, "!=": lambda a, b: a != b}
CHANCE = 0.5      # how likely what a token decides comes about (a project completed or not): unknown, even


def _needs(conditions, kind: str) -> int:
    """1 when the conditions ask the owner to hold a token of `kind` (`pawn tokens >= 1`),
    -1 when they ask it to hold none (`pawn tokens = 0`), 0 when they do not read it."""
    for c in conditions:
        q, n = c.left, c.right
        if isinstance(q, ast.Quantity) and q.measure == "kept tokens" and q.kind is not None \
                and q.kind.text == kind and q.scope is None and isinstance(n, ast.Number):
            none, one = _HOLDS[c.op](0, n.value), _HOLDS[c.op](1, n.value)
            if one != none:
                return 1 if one else -1
    return 0


def _reads(node, kind: str) -> bool:
    """Whether an expression counts tokens of `kind` anywhere in it."""
    if isinstance(node, ast.Quantity):
        return node.kind is not None and node.kind.text == kind
    if isinstance(node, tuple):
        return any(_reads(n, kind) for n in node)
    if attrs.has(type(node)):
        return any(_reads(getattr(node, f.name), kind) for f in attrs.fields(type(node)))
    return False


def _others_hold(conditions, kind: str, where) -> bool:
    """The conditions that do not read `kind` (the age, the city's coins or cards), as
    they stand now; those that read it say how the project goes, unknown yet."""
    others = tuple(c for c in conditions if not (_reads(c.left, kind) or _reads(c.right, kind)))
    return not others or check_fn(others)(where)


_WEIGHING: set = set()      # the kinds whose stakes are being weighed (a rule reading one kind to give another)


def kept_stakes(model, game, seat: int, kind: str, card_worth, rate: float) -> float:
    """What holding a first token of `kind` decides for the owner, in points: each trigger
    (the rules' and those in play in its city) and score line whose conditions ask for one
    brings its worth when held, each that asks for none its worth when not held (a penalty
    avoided by holding), each come about with an even chance.  So a project's pawn is
    worth half its reward and half its penalty (docs/edifice.md)."""
    where = game.events.where(seat, None)
    triggers = list(game.tables.rules.triggers)
    lines = []
    for source in game.cities[seat].owned_sources():
        triggers += source.triggers
        lines += [value for _category, value in source.scores if isinstance(value, ast.Conditional)]
    if kind in _WEIGHING:
        return 0.0
    _WEIGHING.add(kind)
    try:
        total = 0.0
        for trigger in triggers:
            need = _needs(trigger.conditions, kind)
            if need and not trigger.each_neighbour and _others_hold(trigger.conditions, kind, where):
                try:
                    total += need * action_worth(model, game, seat, None, trigger.action, card_worth, rate)
                except UnhandledKind:
                    continue
        for line in lines:
            need = _needs(line.conditions, kind)
            if need and _others_hold(line.conditions, kind, where):
                total += need * evaluate(line.value, where)
    finally:
        _WEIGHING.discard(kind)
    return CHANCE * total
