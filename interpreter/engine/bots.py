"""Bots: deciders that choose among the legal options a game offers them."""

from __future__ import annotations

import random

from ..syntax import ast


class RandomBot:
    """Uniformly random over the legal moves (a card and what to do with it); the
    cheapest payment of the chosen move."""

    name = "random"

    def __init__(self, seed):
        self.rng = random.Random(seed)

    def decide(self, game, seat, kind, options) -> int:
        moves: dict[tuple, int] = {}
        for i, option in enumerate(options):
            moves.setdefault((option.kind, option.card), i)   # options come cheapest first
        return list(moves.values())[self.rng.randrange(len(moves))]


class GreedyBot:
    """Takes the option with the best immediate gain: points it would score now, military
    it would win, production, coins, less what it pays."""

    name = "greedy"

    def __init__(self, seed):
        self.rng = random.Random(seed)

    def decide(self, game, seat, kind, options) -> int:
        best, best_value = 0, None
        for i, option in enumerate(options):
            value = self.value(game, seat, option) + self.rng.random() * 0.01
            if best_value is None or value > best_value:
                best, best_value = i, value
        return best

    def value(self, game, seat, option) -> float:
        tables, city = game.tables, game.cities[seat]
        left, right = game.neighbours(seat)
        paid = option.left + option.right
        if option.kind == "sell":
            return tables.rules.sell_coins / 3 - 1.5
        if option.kind == "pass":
            return -100
        source = tables.cards[option.card] if option.kind == "build" else city.next_stage()
        value = -(paid + (0 if option.free else source.cost_coins)) / 3
        value += source.points
        for _category, score in source.scores:
            value += _estimate(score)
        for effect in source.static:
            if isinstance(effect, ast.Shields):
                for other in (left, right):
                    if city.shields <= other.shields < city.shields + effect.amount:
                        value += game.age.victory + 1
            elif isinstance(effect, ast.Produces):
                value += (1.2 if not effect.choice else 1.0) * (3 - game.age_index) / 2
            elif isinstance(effect, ast.Science):
                counts = list(city.symbols)
                i = tables.symbols.index(effect.symbols[0].text)
                before = sum(n * n for n in counts) + 7 * min(counts)
                counts[i] += 1
                value += sum(n * n for n in counts) + 7 * min(counts) - before
            elif isinstance(effect, ast.TradeDiscount):
                value += 1.0 * (3 - game.age_index) / 2
            else:
                value += 2
        for action in source.when_built:
            if isinstance(action, ast.GainCoins):
                value += (action.amount.value if isinstance(action.amount, ast.Number) else 2) / 3
        if source.turn_end or source.game_end:
            value += 3
        if option.free == "power":
            value -= 1      # keep the power for a dear card when there is a choice
        return value


def _estimate(value) -> float:
    """A rough worth of a score expression: its `N per ...` counted twice."""
    if isinstance(value, ast.PerAmount):
        return value.amount * 2
    if isinstance(value, ast.BinOp):
        return _estimate(value.left) + _estimate(value.right)
    return 2


BOTS = {"random": RandomBot, "greedy": GreedyBot}


class BotSpecError(ValueError):
    """A bot named in `--bots` that does not exist, or parameters it does not take."""


def parse_bot_spec(spec: str) -> tuple[str, dict[str, str]]:
    """`name` or `name:key=value,...` (the parameters of one bot, as typed after --bots)."""
    name, _, rest = spec.strip().partition(":")
    params: dict[str, str] = {}
    for item in filter(None, (p.strip() for p in rest.split(","))) if rest else ():
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise BotSpecError(f"bot {spec!r}: parameters are written key=value, not {item!r}")
        params[key.strip()] = value.strip()
    if not name:
        raise BotSpecError(f"bot {spec!r} has no name")
    return name, params


def make_bot(spec: str, seed: int):
    """A decider for one seat from its spec; the seed makes its choices repeatable."""
    name, params = parse_bot_spec(spec)
    kind = BOTS.get(name)
    if kind is None:
        raise BotSpecError(f"unknown bot {name!r}; bots are {', '.join(BOTS)}")
    if params:
        raise BotSpecError(f"bot {name!r} takes no parameters (given {', '.join(params)})")
    return kind(seed)
