"""Strategy figures: what each city built and kept, not what it scored.  A rule change
shows first in how players play (more green cards, fewer wonder stages) and only then in
the score; these figures let simulate and compare show that response.

For each city at the game's end: the cards of each colour of the rules' vocabulary, wonder
stages, complete science sets (the most its symbols, wild ones included, can make),
shields, coins, and cards sold.  Each is recorded in the seat's `strategy` in the records
(records made before these figures have none, and are summarised without them).

Beside them, per game, the cards of each colour dealt, per city (`dealt_per_city`): the
most of a colour the cities can build between them.  Where the players already build
nearly all of them, a rule that pays for that colour cannot move them much further, and
compare says so (`bounded`) rather than let a small shift read as a weak pull.
"""

from __future__ import annotations

from collections import defaultdict

from ..engine.scoring import symbol_counts
from .stats import mean_of
from .tally import Moments, Paired, Sum

NEARLY_ALL = 0.9        # of a colour's cards dealt per city: a rise beyond is bounded by them


def city_strategy(game, seat: int) -> dict[str, int]:
    """The strategy figures of one city, by name (colours in the vocabulary's order)."""
    city = game.cities[seat]
    colors = game.tables.ruleset.vocabulary.colors
    figures = {f"{color} cards": city.colors.get(color, 0) for color in colors}
    figures["wonder stages"] = city.stages
    figures["complete science sets"] = max((min(c) if c else 0)
                                           for c in symbol_counts(city.symbols, city.wild_symbols))
    figures["shields"] = city.shields
    figures["coins at the end"] = city.coins
    figures["cards sold"] = sum(1 for e in game.log if e.get("event") == "choice" and e.get("seat") == seat
                                and str(e.get("action", "")).startswith("sell "))
    return figures


def dealt_per_city(game) -> dict[str, float]:
    """The cards of each colour dealt in the game, per city: every hand of an age's deal (a
    neutral city's too) and of a phase's `deal` from a deck, and every card a `draw` took
    from the box; by the figure's name, as `city_strategy` names it."""
    color_of = {card.name: card.color for card in game.tables.cards}
    dealt = {color: 0 for color in game.tables.ruleset.vocabulary.colors}
    for event in game.log:
        for name in _cards_handed_out(event):
            color = color_of.get(name)
            if color in dealt:
                dealt[color] += 1
    return {f"{color} cards": n / len(game.cities) for color, n in dealt.items()}


def _cards_handed_out(event: dict) -> list[str]:
    """The cards a log event put into hands or zones: a deal's hands, a draw's cards."""
    if event.get("event") in ("age", "deal"):
        return [name for hand in event["hands"] for name in hand]
    if event.get("event") in ("draw", "reveal"):
        return event["cards"]
    return []


class StrategyTally:
    """Each strategy figure's values per city, taken in one seat at a time: the names (and
    their order) of the first city, in game order, that recorded them; a figure a city
    left out counts as 0 for it, as it always has."""

    def __init__(self):
        self.cities = 0                  # seats that recorded their strategy
        self.figures: dict[str, Moments] = defaultdict(Moments)
        self.first: tuple | None = None  # ((game, seat position), names) of the first such seat

    def add(self, game: int, position: int, seat: dict) -> None:
        strategy = seat.get("strategy")
        if not isinstance(strategy, dict):
            return
        if self.first is None or (game, position) < self.first[0]:
            self.first = ((game, position), list(strategy))
        self.cities += 1
        for name, value in strategy.items():
            self.figures[name].add(float(value))

    def means(self, dealt: dict[str, float]) -> list[dict]:
        """strategy_means: a colour's cards also with `dealt` (DealtTally.means)."""
        if self.first is None:
            return []
        out = []
        for name in self.first[1]:
            figure = {"figure": name, "per_city": mean_of(self.figures[name].padded(self.cities))}
            if name in dealt:
                figure["dealt_per_city"] = dealt[name]
            out.append(figure)
        return out


class DealtTally:
    """Each colour's cards dealt per city, summed over games one game at a time: none
    unless every game recorded them, for the same colours (a hand-edited record that left
    one out would otherwise pull its mean down unseen); named in the first game's order."""

    def __init__(self):
        self.games = 0
        self.sums: dict[str, Sum] = defaultdict(Sum)
        self.first: tuple | None = None      # (game, its names in order)
        self.whole = True                    # every game so far recorded the same colours

    def add(self, record: dict) -> None:
        dealt = record.get("dealt")
        self.games += 1
        if not self.whole:
            return
        if not isinstance(dealt, dict) or (self.first is not None and dealt.keys() != self.sums.keys()):
            self.whole = False
            return
        if self.first is None or record["game"] < self.first[0]:
            self.first = (record["game"], list(dealt))
        for name, value in dealt.items():
            self.sums[name].add(value)

    def means(self) -> dict[str, float]:
        if not self.games or not self.whole:
            return {}
        return {name: float(self.sums[name]) / self.games for name in self.first[1]}


def strategy_means(seats: list[dict], games: list[dict] = ()) -> list[dict]:
    """Each strategy figure's mean per city over `seats` (records' seats), with its interval;
    a colour's cards also with the mean dealt per city over `games` (records made before
    the dealt cards were recorded have none)."""
    tally = StrategyTally()
    for position, seat in enumerate(seats):
        tally.add(0, position, seat)
    return tally.means(dealt_means(games))


def dealt_means(games: list[dict]) -> dict[str, float]:
    """DealtTally's means of `games` (records)."""
    tally = DealtTally()
    for number, game in enumerate(games):
        tally.add({**game, "game": number})
    return tally.means()


def bounded(figure: dict) -> bool:
    """A compare figure whose rise is bounded by the cards dealt: it rose, and the players of
    the side it rose to build at least `NEARLY_ALL` of that colour's cards dealt per city."""
    dealt = figure.get("dealt_b")
    return bool(dealt) and figure["difference"] > 0 and figure["b"] >= NEARLY_ALL * dealt


class StrategyPairs:
    """For compare: each strategy figure's (base, variant) values over twin cities, taken in
    one pair at a time: the figures of the first pair (in game and seat order) where both
    cities recorded them, each figure named by both; one left out counts as 0."""

    def __init__(self):
        self.pairs = 0
        self.figures: dict[str, Paired] = defaultdict(Paired)
        self.first: tuple | None = None

    def add(self, game: int, position: int, x: dict, y: dict) -> None:
        x, y = x.get("strategy"), y.get("strategy")
        if not isinstance(x, dict) or not isinstance(y, dict):
            return
        if self.first is None or (game, position) < self.first[0]:
            self.first = ((game, position), [n for n in x if n in y])
        self.pairs += 1
        for name in x.keys() | y.keys():
            self.figures[name].add(float(x.get(name, 0)), float(y.get(name, 0)))

    def figures_paired(self) -> list[tuple[str, Paired]]:
        if self.first is None:
            return []
        return [(name, self.figures[name].padded(self.pairs)) for name in self.first[1]]
