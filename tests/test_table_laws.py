"""Laws for the whole table (docs/language.md, "Laws for the whole table"): `law [while
...]: EFFECT` changes what every city pays, trades or produces while its source is in play
and its conditions hold; the order in which laws and a city's own effects apply; their
misuse (docs/errors.md E1210); saves, copies and the bots' reading of them."""

from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.bots import make_bot
from interpreter.bots.view import Memory, SeatView
from interpreter.engine.actions import legal_actions
from interpreter.check.load import check_paths
from interpreter.compile import compile_rules
from interpreter.engine import laws
from interpreter.engine.discounts import coins_paid
from interpreter.engine.game import Game
from interpreter.engine.invariants import expected_cards, where_cards_are
from interpreter.engine.payment.trio import payment_options
from interpreter.engine.saves import game_from_data, game_to_data
from interpreter.syntax.parser import parse_text
from interpreter.syntax.printer import print_item

BASE = "docs/examples/base.wonders"

# The Babel example of docs/language.md: each player drafts a tile before every age onto
# their own "tower"; the tile on top of each tower is a law for every city.
BABEL = '''variant "Tower laws" {
    changes "7 Wonders, first edition"
    add zone "tower"
    add phase "tower I" before age I { deal 2 cards from deck "tiles"; draft 1 into "tower" passing left }
    add phase "tower II" before age II { deal 2 cards from deck "tiles"; draft 1 into "tower" passing left }
    add phase "tower III" before age III { deal 2 cards from deck "tiles"; draft 1 into "tower" passing left }
    add card "Excise Relief" {
        deck "tiles"  color grey  copies 3+ 3+ 3+ 3+ 3+ 3+ 3+ 3+ 3+ 3+ 3+ 3+ 3+ 3+
        law while on top of "tower": discount 1 coin on brown cards
    }
    add card "Toll Roads" {
        deck "tiles"  color grey  copies 3+ 3+ 3+ 3+ 3+ 3+ 3+ 3+ 3+ 3+ 3+ 3+ 3+ 3+
        law while on top of "tower": buy raw, manufactured from neighbours for 1 coin more
    }
    add card "Quarry Charter" {
        deck "tiles"  color grey  copies 3+ 3+ 3+ 3+ 3+ 3+ 3+ 3+ 3+ 3+ 3+ 3+ 3+ 3+
        law while on top of "tower": produces stone
    }
    remove card "Clay Pool"
    remove card "Ore Vein"
    add card "Free Market" {
        age I  color yellow  copies 3+ 5+
        cost 1 coin
        law: buy raw from neighbours for 1 coin
    }
    add card "Market Dues" {
        age I  color yellow  copies 4+
        cost 1 coin
        law: buy raw from neighbours for 2 coins less
    }
    add card "Rich Patron" {
        age I  color yellow  copies 3+
        law while coins >= 5: produces glass
    }
}
'''


def test_the_documented_example_is_the_one_tested():
    assert BABEL in (Path(__file__).parent.parent / "docs" / "language.md").read_text(encoding="utf-8")


def checked(tmp_path, text: str, *, variant: bool = True):
    path = tmp_path / "laws.wonders"
    path.write_text(text, encoding="utf-8")
    return check_paths(None, [str(path)]) if variant else check_paths([str(path), BASE])


def errors(result) -> list[tuple[str, int, int]]:
    return [(d.code, d.span.line if d.span else 0, d.span.column if d.span else 0)
            for d in result.diagnostics if d.severity == "error"]


@pytest.fixture(scope="module")
def tables(tmp_path_factory):
    result = checked(tmp_path_factory.mktemp("laws"), BABEL)
    assert not errors(result), [f"{d.code} {d.message}" for d in result.diagnostics]
    return compile_rules(result.ruleset)


def index(tables, name: str) -> int:
    return tables.card_index(name)


def fresh(tables, players: int = 3, seed: int = 1) -> Game:
    """A game at its first decision (the tower's draft), every zone emptied."""
    game = Game(tables, players, seed=seed)
    game.decision()
    for held in game.zones["tower"]:
        held.clear()
    laws.refresh(game)
    return game


def on_top(game, seat: int, name: str) -> None:
    game.zones["tower"][seat].append(index(game.tables, name))
    laws.refresh(game)


def built(game, seat: int, name: str) -> None:
    game.cities[seat].add_card(game.tables.cards[index(game.tables, name)])
    laws.refresh(game)


RES = ("wood", "stone", "clay", "ore", "glass", "loom", "papyrus")


def price(game, seat: int, direction: str, resource: str) -> int:
    return game.cities[seat].prices[direction][game.tables.resource_index[resource]]


# ---------------------------------------------------------------- what a law does to every city
def test_a_tile_on_top_of_a_tower_makes_every_citys_brown_cards_cheaper(tables):
    game = fresh(tables)
    timber = tables.cards[index(tables, "Timber Yard")]       # age I brown, cost 1 coin
    assert [coins_paid(game, seat, timber) for seat in range(3)] == [1, 1, 1]
    on_top(game, 2, "Excise Relief")
    assert [coins_paid(game, seat, timber) for seat in range(3)] == [0, 0, 0]
    on_top(game, 2, "Quarry Charter")                           # covered: the law is no longer in force
    assert [coins_paid(game, seat, timber) for seat in range(3)] == [1, 1, 1]


def test_a_law_raises_every_citys_trade_price_while_on_top(tables):
    game = fresh(tables)
    assert {price(game, s, d, r) for s in range(3) for d in ("left", "right") for r in RES} == {2}
    on_top(game, 0, "Toll Roads")
    assert {price(game, s, d, r) for s in range(3) for d in ("left", "right") for r in RES} == {3}
    # what a city pays its neighbours follows: one stone bought costs 3 coins now
    stone = tuple(1 if r == "stone" else 0 for r in tables.resources)
    city, (left, right) = game.cities[1], game.neighbours(1)
    options = payment_options(stone, city, left, right)
    if options:
        assert min(a + b for a, b in options) >= 3
    game.zones["tower"][0].pop()                                # taken off the tower
    laws.refresh(game)
    assert {price(game, s, d, r) for s in range(3) for d in ("left", "right") for r in RES} == {2}


def test_a_law_gives_every_city_a_production_its_neighbours_may_buy(tables):
    game = fresh(tables)
    stone = tables.resource_index["stone"]
    before = [(c.own_fixed[stone], c.trade_fixed[stone]) for c in game.cities]
    on_top(game, 1, "Quarry Charter")
    assert [(c.own_fixed[stone], c.trade_fixed[stone]) for c in game.cities] == [(a + 1, b + 1) for a, b in before]
    need = tuple(2 if r == "stone" else 0 for r in tables.resources)     # one own, one bought
    city, (left, right) = game.cities[0], game.neighbours(0)
    assert payment_options(need, city, left, right)


def test_a_built_cards_law_is_in_force_while_the_card_stands_in_a_city(tables):
    game = fresh(tables)
    built(game, 1, "Free Market")
    assert {price(game, s, d, r) for s in range(3) for d in ("left", "right") for r in ("wood", "ore")} == {1}
    assert {price(game, s, d, "glass") for s in range(3) for d in ("left", "right")} == {2}


def test_a_laws_condition_is_read_in_its_owners_city(tables):
    game = fresh(tables)
    glass = tables.resource_index["glass"]
    without = [c.own_fixed[glass] for c in game.cities]
    game.cities[0].coins = 0
    built(game, 0, "Rich Patron")
    assert [c.own_fixed[glass] for c in game.cities] == without
    game.cities[0].coins = 5
    laws.refresh(game)
    assert [c.own_fixed[glass] for c in game.cities] == [n + 1 for n in without]
    game.cities[1].coins = 0                                    # another city's coins do not count
    game.cities[0].coins = 4
    laws.refresh(game)
    assert [c.own_fixed[glass] for c in game.cities] == without


# ---------------------------------------------------------------- the order of application
def test_a_citys_own_price_comes_first_then_the_laws_lowest_price_then_their_changes(tables):
    game = fresh(tables)
    built(game, 0, "West Trading Post")                         # its own: raw from the left for 1
    on_top(game, 2, "Toll Roads")                               # a law: 1 coin more
    assert price(game, 0, "left", "wood") == 2                  # min(2, 1) + 1
    assert price(game, 0, "right", "wood") == 3                 # 2 + 1
    assert price(game, 1, "left", "wood") == 3
    built(game, 1, "Free Market")                               # a law: raw for 1 coin, in every city
    assert price(game, 2, "right", "wood") == 2                 # min(2, 1) + 1
    assert price(game, 2, "right", "glass") == 3                # not raw: 2 + 1
    built(game, 2, "Market Dues")                               # a law: 2 coins less
    assert price(game, 0, "left", "wood") == 0                  # min(2, 1, 1) + 1 - 2, never below 0
    assert price(game, 1, "right", "glass") == 3                # not raw: 2 + 1


def test_a_card_the_city_builds_under_a_price_law_is_priced_in_the_same_order(tables):
    game = fresh(tables)
    on_top(game, 2, "Toll Roads")
    built(game, 0, "West Trading Post")                         # built while the law is in force
    assert price(game, 0, "left", "wood") == 2
    copy = game.cities[0].copy()
    copy.rebuild()
    assert copy.prices == game.cities[0].prices


def test_a_law_discount_adds_to_the_citys_own_and_a_cost_is_never_below_0(tables):
    game = fresh(tables)
    on_top(game, 0, "Excise Relief")
    on_top(game, 1, "Excise Relief")
    timber = tables.cards[index(tables, "Timber Yard")]
    assert coins_paid(game, 2, timber) == 0                     # 1 - 1 - 1, held at 0


# ---------------------------------------------------------------- in play
def test_laws_come_into_force_when_the_game_stops_and_games_play_to_the_end(tables):
    for seed in (1, 2):
        game = Game(tables, 4, seed=seed)
        seen = set()
        while (decision := game.decision()) is not None:
            assert all(c.laws == laws.in_force(game) for c in game.cities)
            seen.add(game.cities[0].laws)
            decision.choose(0)
        assert game.finished
        assert where_cards_are(game) == expected_cards(game)
        assert len(seen) > 2                                    # laws came into force and went


def test_bots_play_whole_games_under_laws(tables):
    for players, seed in ((3, 1), (5, 2)):
        game = Game(tables, players, seed=seed)
        game.play([make_bot(("greedy", "heuristic", "random")[s % 3], seed * 10 + s) for s in range(players)])
        assert game.finished


def test_a_saved_game_gives_back_the_laws_in_force(tables):
    game = fresh(tables)
    on_top(game, 0, "Toll Roads")
    on_top(game, 1, "Quarry Charter")
    copy = game_from_data(tables, game_to_data(game))
    assert [c.laws for c in copy.cities] == [c.laws for c in game.cities]
    assert [c.prices for c in copy.cities] == [c.prices for c in game.cities]
    assert [c.own_fixed for c in copy.cities] == [c.own_fixed for c in game.cities]
    clone = game.clone()
    assert [c.use_sig for c in clone.cities] == [c.use_sig for c in game.cities]


def test_the_bots_see_a_laws_production_and_prices(tables):
    game = fresh(tables)
    on_top(game, 0, "Quarry Charter")
    on_top(game, 1, "Toll Roads")
    view = SeatView(game, 2, "turn", Memory())
    stone = tables.resource_index["stone"]
    assert view.cities[2].produces[stone] == game.cities[2].own_fixed[stone] >= 1
    assert set(view.cities[2].prices["left"]) == {3}


def test_a_law_makes_a_card_buildable_and_the_bots_build_it(tables):
    """A city without stone or coins cannot build a card costing one stone; under a law
    that gives every city a stone it can, and a bot that weighs cards by the rules does."""
    game = fresh(tables)
    stone = tables.resource_index["stone"]
    seat = next(s for s, c in enumerate(game.cities) if not c.own_fixed[stone] and not
                any(stone in o for o in c.own_choices))
    game.cities[seat].coins = 0
    baths = index(tables, "Baths")                              # age I blue, cost 1 stone, 3 points
    game.hands[seat] = [baths, index(tables, "Loom")]
    builds = [a for a in legal_actions(game, seat) if a.kind == "build" and a.card == baths]
    assert not builds
    on_top(game, (seat + 1) % 3, "Quarry Charter")
    builds = [a for a in legal_actions(game, seat) if a.kind == "build" and a.card == baths]
    assert builds and (builds[0].left, builds[0].right) == (0, 0)
    bot = make_bot("greedy", 1)
    options = legal_actions(game, seat)
    chosen = bot.bot.choose(SeatView(game, seat, "turn", Memory(), options), options)
    assert options[chosen].card == baths and options[chosen].kind == "build"


def test_rules_without_laws_never_look_for_them():
    from tests.scenario import tables as base_tables
    assert base_tables().has_laws is False


# ---------------------------------------------------------------- writing and misuse
def test_laws_are_written_back_as_they_read():
    text = ('card "T" {\n    deck "tiles"  color grey\n'
            '    law while on top of "tower" and coins >= 2: buy raw from neighbours for 1 coin more\n'
            '    law: discount all coins on wonder stages\n    law while age = 2: produces wood / stone\n}\n')
    tree, problems = parse_text(text, "t.wonders")
    assert not problems
    printed = print_item(tree.items[0])
    again, _ = parse_text(printed, "t.wonders")
    assert printed == print_item(again.items[0])
    assert 'law while on top of "tower" and coins >= 2: buy raw from neighbours for 1 coin more' in printed


MISUSES = [
    ('law: discount 1 coin on brown cards of neighbours', "E1901"),
    ('buy raw from neighbours for 1 coin more', "E0001"),      # a price change is a law's only
    ('law: buy raw from neighbours for 0 coins more', "E1206"),
    ('law while on top of "tower" and on top of "spare": produces stone', "E1901"),
    ('discount 1 coin on brown cards of all cities', "E1210"),
    ('law while on top of "towr": produces stone', "E1701"),
    ('law while on top of "tower" and on top of "tower": produces stone', "E1209"),
    ('law while coins of the neighbour > 2: produces stone', "E1210"),
    ('law: produces 0 stone', "E1206"),
]


@pytest.mark.parametrize(("effect", "code"), MISUSES)
def test_a_misused_law_is_a_located_error(tmp_path, effect, code):
    law = "        law: buy raw from neighbours for 2 coins less"
    text = BABEL.replace(law, f"        {effect}").replace('add zone "tower"', 'add zone "tower"; add zone "spare"')
    found = errors(checked(tmp_path, text))
    assert found and found[0][0] == code, found
    assert found[0][1] == BABEL[:BABEL.index(law)].count("\n") + 1     # the line of the Market Dues' effect


def test_a_wonders_law_is_never_on_top_of_a_zone(tmp_path):
    text = BABEL.replace("    add card \"Rich Patron\"", '''    modify stage 1 of wonder "Rhodos" side A {
        cost 2 wood
        law while on top of "tower": produces wood
    }
    add card "Rich Patron"''')
    found = errors(checked(tmp_path, text))
    assert found and found[0][0] == "E1901"
