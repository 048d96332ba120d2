"""What an offer is worth (`may pay PRICE to ACTION`, a decision of kind "offer"): each
answer in points, read from the rules as the bots read everything else, so a bot pays
for an option when what the action brings is worth more than what it pays.

The action's worth: coins at the rules' coin rate, a military token at the token rate,
kept tokens at the rate their score lines give them and at what taking them sets off: the
rewards of the `on KIND token taken` triggers whose conditions they make hold (a step along
a track), and the age-end contests they change (a place in a ranking over the table, as
it stands now, for each age end still to come), and at their stakes (what holding one
decides in the other triggers and the score lines in play for the city: `kept_stakes`), a
card lost from the city at what building it would be worth, a card from the discard pile at the
worth the deciding bot gives the best card it could build, a card built from a zone at
the mean worth of the cards drawn there, shields gained at the military tokens they change
in the conflicts still to come, tokens given back at the score they take from the city,
and an action done in several cities as what it
does to the owner against the mean rival (the same to every city is worth nothing).  The price: its coins at the coin rate; coins paid to a neighbour count
a little more, since they help a rival."""

from __future__ import annotations

import attrs

from ..check.model import written_cost
from ..engine.options import build_options_from, payment_ways, removal_options
from ..engine.placed import put_from, put_options
from ..engine.scoring import score_city
from ..engine.tokens import give_back
from ..compile.expressions import Where, check_fn, evaluate, per_value
from ..syntax import ast
from ..syntax.ast_effects import UnhandledKind
from ..kinds.actions import kind_of
from ..kinds import scopes
from ..kinds.effects import production_of
from ..kinds.conditions import condition_kind, values_compared
from ..kinds.expressions import conditions_of, quantity_of
from ..kinds.measures import measure_kind
from ..kinds.events import CONFLICTS, event_kind
from ..engine.moves import DECLINE


def offer_values(model, game, seat: int, options, card_worth, coin: float | None = None) -> list[float]:
    """Each answer of the offer `seat` decides on (the game's waiting `offer` step), in
    points: 0 for "decline", the action's worth less the price for each way of paying.
    `card_worth(card index)` is what building a card is worth to the deciding bot."""
    _step, op, _seat, neighbour, _source = game.stack[-1]
    action = op.node                      # (the step holds the offer's operation: engine/program.py)
    rate = model.coin_rate if coin is None else coin
    rivals = max(1, len(game.cities) - 1)
    gained = action_worth(model, game, seat, neighbour, action.action, card_worth, rate) \
        - tokens_worth(model, game, written_cost(action.items).tokens)
    return [0.0 if o.kind == DECLINE else
            gained - o.bank * rate - (o.left + o.right) * rate * (1 + 1 / rivals) for o in options]


def tokens_worth(model, game, tokens) -> float:
    """What giving up kept tokens ((kind, count), a price's or a free build's) costs a city
    now, in points: each token's worth (RuleModel.kept_rate), the part that pays for a
    free build (`spent_for`) shrinking with the share of the game's turns left to use it."""
    if not tokens:
        return 0.0
    share = (model.turns_after(game.age_index, game.turn) + 1) / max(1, model.turns_after(0, 0) + 1)
    return sum(count * (model.kept_rate(kind) - model.spent_for(kind) * (1 - share)) for kind, count in tokens)


def offer_worth(model, game, seat: int, offer, card_worth, rate: float) -> float:
    """What an offer the city may be made (`may pay PRICE to ACTION`) is worth to it before
    it is made: the action's worth less the cheapest way to pay, or nothing when it would
    decline or cannot pay (a card that opens the offer is worth that much more)."""
    ways = payment_ways(game, seat, offer.items)
    if not ways:
        return 0.0
    rivals = max(1, len(game.cities) - 1)
    price = min(bank * rate + (left + right) * rate * (1 + 1 / rivals) for bank, left, right in ways) \
        + tokens_worth(model, game, written_cost(offer.items).tokens)
    return max(0.0, action_worth(model, game, seat, None, offer.action, card_worth, rate) - price)


def action_worth(model, game, seat: int, neighbour, action, card_worth, rate: float, depth: int = 0) -> float:
    """What the action would bring the owner, in points (`depth`: how many kept tokens'
    consequences are being followed, a chain of rewards read at most three deep)."""
    where = game.events.where(seat, neighbour)
    kind = kind_of(action)
    if kind is not None:
        return _given_worth(model, game, seat, where, kind, action, card_worth, rate, depth)
    raise UnhandledKind(f"bots/offers.py cannot weigh the paid action kind {type(action).__name__}")


def _given_worth(model, game, seat: int, where: Where, kind, action, card_worth, rate: float, depth: int) -> float:
    """What an action of a kind of kinds/actions/ gives the owner (its `gives`), in points."""
    gives = kind.gives
    if gives == "coins":
        value = per_value(*kind.counted(action), where)
        return value * rate if kind.sign > 0 else -min(value, game.cities[seat].coins) * rate
    if gives == "military token":
        return evaluate(kind.counted(action)[0], where) * model.token_rate
    if gives == "kept tokens":
        token = kind.kept_kind(action)
        count = evaluate(kind.counted(action)[0], where)
        worth = count * model.kept_rate(token)
        if count > 0 and depth < 3:
            worth += _kept_consequences(model, game, seat, token, count, card_worth, rate, depth)
            if not game.cities[seat].kept.get(token):
                worth += kept_stakes(model, game, seat, token, card_worth, rate, depth)
        return worth
    if gives == "build from discard":
        return max((card_worth(o.card) for o in build_options_from(game, seat, game.discard)), default=0.0)
    if gives == "shields":
        return shields_worth(model, game, seat, per_value(*kind.counted(action), where))
    if gives == "tokens given back":
        return given_back_worth(game, seat, action, where)
    if gives == "board lost":
        return -board_worth(model, game, seat, rate)
    if gives == "in each city":               # the owner's share, less the rivals' mean gain
        targets = game.events.group(seat, action)
        each = action_worth(model, game, seat, where.neighbour, kind.inner(action), card_worth, rate, depth)
        mine = each if seat in targets else 0.0
        return mine - each * (len(targets) - (seat in targets)) / max(1, len(game.cities) - 1)
    if gives == "card moved":
        return put_worth(game, seat, action) if action.between_zones else removal_worth(game, seat, action)
    if gives == "cards drawn":
        return 0.0                        # what is drawn is weighed when it is built
    if gives == "a card played":          # a card of the zone, as the draws into it fill it
        drawn = [c for zone in kind.zones(action) for c in _zone_cards(game, zone.text)]
        return sum(card_worth(c) for c in drawn) / len(drawn) if drawn else 0.0
    raise UnhandledKind(f"bots/offers.py cannot weigh what the action kind {type(action).__name__} gives ({gives})")


def board_worth(model, game, seat: int, rate: float) -> float:
    """What the city's board production is still worth, in points (what `lose the board
    production` takes): each unit the trade coins it saves over the builds left, as the
    valuation prices a card's production (the share of the cards to come that ask for that
    many units, at the city's cheapest price); nothing once lost."""
    city = game.cities[seat]
    if city.board_lost:
        return 0.0
    res = game.tables.resource_index
    builds_left = model.turns_after(game.age_index, game.turn) + 1
    total = 0.0
    for effect in city.side.board.static:
        made = production_of(effect)
        if made is None:
            continue
        items, choice = made
        for resource, units in items[:1] if choice else items:
            r = res[resource]
            demand = model.demand[game.age_index][r]
            have = city.own_fixed[r]
            share = sum(demand[k] for k in range(max(0, have - units), min(have, len(demand))))
            total += share * min(city.prices["left"][r], city.prices["right"][r]) * builds_left * rate
    return total


# A comparison of the owner's count of a kind with a number, read for a count of 0 and 1.
_HOLDS = {">": lambda a, b: a > b, "<": lambda a, b: a < b, ">=": lambda a, b: a >= b,
          "<=": lambda a, b: a <= b, "=": lambda a, b: a == b, "!=": lambda a, b: a != b}
CHANCE = 0.5      # how likely what a token decides comes about (a project completed or not): unknown, even


def _needs(conditions, kind: str) -> int:
    """1 when the conditions ask the owner to hold a token of `kind` (`pawn tokens >= 1`),
    -1 when they ask it to hold none (`pawn tokens = 0`), 0 when they do not read it."""
    for c in conditions:
        q, op, n = condition_kind(c).compared(c) or (None, "", None)
        if quantity_of(q) is not None and measure_kind(q).names == "token kind" and q.kind is not None \
                and q.kind.text == kind and q.scope is None and isinstance(n, ast.Number):
            none, one = _HOLDS[op](0, n.value), _HOLDS[op](1, n.value)
            if one != none:
                return 1 if one else -1
    return 0


def _reads(node, kind: str) -> bool:
    """Whether an expression counts tokens of `kind` anywhere in it."""
    if quantity_of(node) is not None:
        return node.kind is not None and node.kind.text == kind
    if isinstance(node, tuple):
        return any(_reads(n, kind) for n in node)
    if attrs.has(type(node)):
        return any(_reads(getattr(node, f.name), kind) for f in attrs.fields(type(node)))
    return False


def _others_hold(conditions, kind: str, where) -> bool:
    """The conditions that do not read `kind` (the age, the city's coins or cards), as
    they stand now; those that read it say how the project goes, unknown yet."""
    others = tuple(c for c in conditions if not _reads(values_compared(c), kind))
    return not others or check_fn(others)(where)


def _weighed(event: str, kind: str) -> bool:
    """Whether `_kept_consequences` weighs the triggers on `event` already: the age-end
    contests, the taking of a token of `kind` (what the bots read of an event, kinds/events/)."""
    found = event_kind(event)
    return found is not None and (found.bots == "conflicts" or (found.bots == "kept" and found.word(event) == kind))


def kept_stakes(model, game, seat: int, kind: str, card_worth, rate: float, depth: int = 0) -> float:
    """What holding a first token of `kind` decides for the owner, in points, beside what
    `_kept_consequences` weighs (the `on KIND token taken` triggers and the age-end
    contests): each other trigger (the rules' and those in play in its city) and each score
    line whose conditions ask for one brings its worth when held, each that asks for none
    its worth when not held (a penalty avoided by holding), each come about with an even
    chance.  So a project's pawn is worth half its completion reward (docs/edifice.md)."""
    where = game.events.where(seat, None)
    triggers = [t for t in game.tables.rules.triggers if not _weighed(t.event, kind)]
    lines = []
    for source in game.cities[seat].owned_sources():
        triggers += [t for t in source.triggers if not _weighed(t.event, kind)]
        lines += [value for _category, value in source.scores if conditions_of(value)]
    total = 0.0
    for trigger in triggers:
        need = _needs(trigger.conditions, kind)
        if need and not trigger.each_neighbour and _others_hold(trigger.conditions, kind, where):
            try:
                total += need * action_worth(model, game, seat, None, trigger.action, card_worth, rate, depth + 1)
            except UnhandledKind:
                continue
    for line in lines:
        conditions = conditions_of(line)
        need = _needs(conditions, kind)
        if need and _others_hold(conditions, kind, where):
            total += need * evaluate(line.value, where)
    return CHANCE * total
def shields_worth(model, game, seat: int, count: int) -> float:
    """`count` lasting shields, in points: the military tokens they change for the city in
    the conflicts of this age's end and of each age after it, its neighbours' shields as
    they stand (rulemodel.tokens), at the token rate."""
    if count <= 0:
        return 0.0
    city = game.cities[seat]
    left, right = game.neighbours(seat)
    everyone = tuple(game.cities)
    return model.token_rate * sum(model.tokens(city, left, right, everyone, i, city.shields + count)
                                  - model.tokens(city, left, right, everyone, i)
                                  for i in range(game.age_index, len(model.ages)))


def given_back_worth(game, seat: int, action, where) -> float:
    """`discard N victory|defeat|KIND tokens`: the city's score pad with the tokens given
    back (those it would best lose, `tokens.give_back`), less its score pad now."""
    city = game.cities[seat]
    after = city.copy()
    count = None if action.count is None else evaluate(action.count, where)
    give_back(after, action.what, action.kind.text if action.kind is not None else None, count)
    left, right = game.neighbours(seat)
    age = game.age

    def total(c) -> int:
        everyone = tuple(c if other.seat == seat else other for other in game.cities)
        return sum(score_city(game.tables, c, left, right, everyone, age.number, age.victory).values())
    return float(total(after) - total(city))


def put_worth(game, seat: int, action) -> float:
    """A card put from a zone onto another: the owner's score pad with the best card put
    less its score pad now (score lines that count `cards in "Z"`).  A law the card sets
    reaches every city alike and is not weighed as the owner's."""
    return _best_pad_change(game, seat, put_options(game, seat, action),
                            lambda copy, option: put_from(copy, seat, action, option))


def removal_worth(game, seat: int, action) -> float:
    """`discard a COLOURS card from own city` (an age end's penalty, say): the score the
    owner loses with the building it would choose to lose; a card from a zone, or another
    city's, is no building of the owner's lost and weighs nothing here."""
    if action.zone is not None or action.scope is None or not scopes.own_only(action.scope) or action.to != "discard":
        return 0.0
    return _best_pad_change(game, seat, removal_options(game, seat, action),
                            lambda copy, option: copy.cities[seat].remove_card(option.card))


def _best_pad_change(game, seat: int, options, apply) -> float:
    """The owner's score pad after the best of `options` (each applied to a copy of the
    game) less its score pad now; 0 without options."""
    def total(g) -> int:
        city = g.cities[seat]
        left, right = g.neighbours(seat)
        return sum(score_city(g.tables, city, left, right, tuple(g.cities), g.age.number, g.age.victory).values())
    before = total(game)
    best = None
    for option in options:
        copy = game.clone()
        apply(copy, option)
        after = total(copy)
        best = after if best is None else max(best, after)
    return 0.0 if best is None else float(best - before)


def _kept_consequences(model, game, seat: int, kind: str, count: int, card_worth, rate: float, depth: int) -> float:
    """What `count` more tokens of `kind` set off for `seat`: the actions of the triggers
    on taking them whose conditions hold with them, and the change they make to the
    whole-table `age end` triggers (a place in a ranking), once for each age end still to
    come: the mean of that change with the rivals as they stand and with each rival a token
    further on (a race is run against where the others are going, not where they are)."""
    events = game.events
    now = events.where(seat)
    worth = 0.0
    own = _with_more(now.city, kind, count)
    after = now._replace(city=own, neighbour=None, everyone=_replaced(now.everyone, now.city, own))
    for _key, trigger, check in events.listeners(seat, game.tables.events.kept_taken.get(kind, -1)):
        if not trigger.each_neighbour and (check is None or check(after)):
            worth += action_worth(model, game, seat, None, trigger.action, card_worth, rate, depth + 1)
    contests = [(t, check) for _key, t, check in events.listeners(seat, game.tables.events.number(CONFLICTS))
                if check is not None and not t.each_neighbour]
    if not contests:
        return worth
    rivals = tuple(c if c is now.city else _with_more(c, kind, 1) for c in now.everyone)
    ahead = now._replace(neighbour=None, everyone=rivals)
    scenarios = ((now, after), (ahead, ahead._replace(city=own, everyone=_replaced(rivals, now.city, own))))
    ends = len(game.tables.rules.ages) - game.age_index
    for trigger, check in contests:
        change = sum(check(later) - check(before) for before, later in scenarios) / len(scenarios)
        if change:
            worth += change * ends * action_worth(model, game, seat, None, trigger.action, card_worth, rate,
                                                  depth + 1)
    return worth


def _with_more(city, kind: str, count: int):
    """A copy of `city` holding `count` more tokens of `kind`."""
    other = city.copy()
    other.kept[kind] = other.kept.get(kind, 0) + count
    return other


def _replaced(cities: tuple, old, new) -> tuple:
    return tuple(new if c is old else c for c in cities)


def _zone_cards(game, zone: str) -> list[int]:
    """The cards the draws put into `zone` (`draw N cards from deck "D" into "Z"`, the
    rules' own or a card's: an Edifice project draws its constructed side)."""
    tables = game.tables
    drawn = tables.cached("zone draws", lambda: _zone_decks(tables))
    decks = drawn.get(zone, ())
    return [card.index for card in tables.cards if card.deck in decks]


def _zone_decks(tables) -> dict[str, set]:
    """Zone -> the decks drawn into it, worked out once per rule set."""
    found: dict[str, set] = {}
    for trigger in [*tables.rules.triggers, *(t for card in tables.cards for t in card.triggers)]:
        kind = kind_of(trigger.action)
        if kind.gives == "cards drawn":
            for zone in kind.zones(trigger.action):
                found.setdefault(zone.text, set()).update(deck.text for deck in kind.decks(trigger.action))
    return found
