"""Building rule scenarios: a game with chosen wonders and sides, cities given cards,
hands set by name, and deciders that follow a script; for a rule set with phases before
age I (a leader draft), a game brought to age I's first turn."""

from __future__ import annotations

from functools import lru_cache

from interpreter.check.load import check_paths
from interpreter.compile import compile_rules
from interpreter.engine.game import Game


@lru_cache(maxsize=1)
def tables():
    result = check_paths(None)
    assert result.ruleset is not None
    return compile_rules(result.ruleset)


@lru_cache(maxsize=None)
def compiled(rules: str):
    """The rule set a `--rules` text names (`first-edition+leaders`), compiled once per process."""
    result = check_paths(None, (), rules)
    assert result.ruleset is not None, [d.message for d in result.diagnostics if d.is_error]
    return compile_rules(result.ruleset)


def card(name: str, age: int | None = None):
    t = tables()
    return t.cards[t.card_index(name, age)]


def make_game(wonders: list[str], side: str = "A", seed: int = 0) -> Game:
    return Game(tables(), len(wonders), seed, side, wonders)


def to_first_turn(game: Game) -> Game:
    """The game brought to age I's first turn: the phases before it (a leader draft, a
    recruiting turn) played by every city keeping the first card offered and selling the
    one to recruit."""
    while (decision := game.decision()) is not None and decision.kind != "turn":
        decision.choose(next((i for i, o in enumerate(decision.options) if o.kind == "sell"), 0))
    return game


def at_first_turn(rules_tables, wonders, side: str = "A", seed: int = 0) -> Game:
    """A game at age I's first turn (`to_first_turn`) whose cities hold no coin."""
    game = to_first_turn(Game(rules_tables, len(wonders), seed, side, list(wonders)))
    for city in game.cities:
        city.coins = 0
    return game


def give(game: Game, seat: int, *names: str) -> None:
    """Put buildings in a city, as if built earlier."""
    for name in names:
        game.cities[seat].add_card(game.tables.cards[game.tables.card_index(name)])


def set_hand(game: Game, seat: int, *names: str) -> None:
    game.hands[seat] = [game.tables.card_index(n) for n in names]


def play_turn(game: Game, *wanted: str) -> None:
    """One turn: seat 0 follows `wanted`, the others sell."""
    game.step([Script(*wanted)] + [Script() for _ in game.cities[1:]])


def labels(game: Game, seat: int, options=None) -> list[str]:
    from interpreter.engine.actions import legal_actions
    return [a.label(game.tables) for a in (options if options is not None else legal_actions(game, seat))]


class Script:
    """A decider that takes, in order, options whose label starts with the given texts;
    with no script left it sells (or takes the first option)."""

    def __init__(self, *wanted: str):
        self.wanted = list(wanted)
        self.asked: list[tuple[str, list[str]]] = []

    def decide(self, game, seat, kind, options) -> int:
        texts = [o.label(game.tables) for o in options]
        self.asked.append((kind, texts))
        if self.wanted:
            want = self.wanted.pop(0)
            for i, text in enumerate(texts):
                if text.startswith(want):
                    return i
            raise AssertionError(f"no option starts with {want!r}; options: {texts}")
        return next((i for i, o in enumerate(options) if o.kind == "sell"), 0)


def random_bot(seed: int):
    """The `random` bot as a decider for one seat."""
    from interpreter.bots import make_bot
    return make_bot("random", seed)


def greedy_bot(seed: int):
    """The `greedy` bot as a decider for one seat."""
    from interpreter.bots import make_bot
    return make_bot("greedy", seed)


def hands_of_each_age(game: Game):
    """The hands as each age deals them (the game as it stands for the first age), for
    tests of the deck arithmetic at a player count."""
    for age_index in range(len(game.tables.rules.ages)):
        if age_index:
            game.age_index = age_index
            game.deal_age()
        yield game.hands


def full_game(rules_tables, players: int, side: str, seed: int, bots=("random",), wonders=None) -> Game:
    """A whole game of these rules, played by the bots named (the last fills the rest)."""
    from interpreter.bots.seats import make_deciders
    game = Game(rules_tables, players, seed, side, wonders)
    game.play(make_deciders(list(bots), players, seed, None, None))
    return game
