"""Laws over cards and a board's production lost (issue 37, Babel's tiles 03, 04 and 20 and
the Double Walls penalty): `law ...: SELECTOR produce nothing`, `... have no effect`, `...
produce as many as needed`, and the action `lose the board production` (docs/language.md,
"Laws over cards").  Each is read through the city's tables, so the payment search (a
city's own builds, what its neighbours may buy), the legal moves and the bots' reading of
production follow it; the scenarios are the rulebook's."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pytest

from interpreter.bots.valuation import Appraiser
from interpreter.check.load import check_paths
from interpreter.compile import compile_rules
from interpreter.engine import laws
from interpreter.engine.actions import legal_actions
from interpreter.engine.game import Game
from interpreter.engine.payment.trio import payment_options
from interpreter.engine.placed import put_card
from interpreter.engine.saves import game_from_data, game_to_data
from interpreter.i18n import choose, language
from interpreter.syntax import ast
from interpreter.syntax.parser import parse_text
from interpreter.syntax.printer import print_item
from interpreter.views import describe, describe_nl
from interpreter.views.access.notation import writer
from interpreter.views.play_log import text_log

from scenario import Script, give, set_hand, to_first_turn

ROOT = Path(__file__).parent.parent

# the example of docs/language.md, "Laws over cards"
HARD_LAWS = '''variant "Hard laws" {
    changes "7 Wonders, first edition"
    remove card "Pawnshop"
    remove card "Timber Yard"
    remove card "Clay Pit"
    add card "Quarry Strike" {
        age I  color yellow  copies 4+ 7+
        cost 1 coin
        law: brown cards producing 2 units or a choice produce nothing
    }
    add card "Closed Market" {
        age I  color yellow  copies 3+
        law while age = 3: cards "East Trading Post", "West Trading Post", "Marketplace" have no effect
    }
    add card "Deep Vein" {
        age I  color yellow  copies 3+
        cost 2 coins
        law while coins >= 3: brown cards producing 1 unit produce as many as needed
    }
    add law while coins = 0: on age end: lose the board production
}
'''


@lru_cache(maxsize=None)
def babel():
    result = check_paths(None, (), "first-edition+babel")
    assert result.errors == 0, [f"{d.code} {d.message}" for d in result.diagnostics if d.severity == "error"]
    return compile_rules(result.ruleset)


def res(name: str) -> int:
    return babel().resource_index[name]


def cost(**units) -> tuple:
    vector = [0] * len(babel().resources)
    for name, n in units.items():
        vector[res(name)] = n
    return tuple(vector)


def start() -> Game:
    """Babylon (clay), Ephesos (papyrus) and Alexandria (glass), side A, at age I's first
    turn: no tile in hand, none on the tower, no coin."""
    game = to_first_turn(Game(babel(), 3, 1, "A", ["Babylon", "Ephesos", "Alexandria"]))
    for seat in range(3):
        game.zones["babel tiles"][seat].clear()
        game.cities[seat].coins = 0
    laws.refresh(game)
    return game


def tower(game: Game, seat: int, tile: str) -> None:
    put_card(game, seat, "tower", babel().card_index(tile))
    laws.refresh(game)


def builds(game: Game, seat: int, name: str) -> list:
    card = babel().card_index(name)
    return [a for a in legal_actions(game, seat) if a.card == card and a.kind == "build"]


def buys(game: Game, seat: int, asked: tuple) -> tuple:
    return payment_options(asked, game.cities[seat], *game.neighbours(seat))


def checked(tmp_path, text: str, rules: str | None = None):
    path = tmp_path / "laws.wonders"
    path.write_text(text, encoding="utf-8")
    return check_paths(None, [str(path)], rules) if rules else check_paths(None, [str(path)])


def errors(result) -> list[tuple[str, int]]:
    return [(d.code, d.span.line if d.span else 0) for d in result.diagnostics if d.severity == "error"]


# ---------------------------------------------------------------- tile 03: produce nothing
def test_plain_quarries_stop_the_brown_cards_of_two_units_or_a_choice():
    game = start()
    give(game, 0, "Sawmill", "Tree Farm", "Lumber Yard")
    city = game.cities[0]
    set_hand(game, 0, "Caravansery", "Altar", "Theater", "Baths", "Stone Pit", "Loom", "Press")   # 2 wood
    assert city.own_fixed[res("wood")] == 3 and len(city.own_choices) == 1
    assert builds(game, 0, "Caravansery") and buys(game, 1, cost(wood=3))
    tower(game, 1, "Tile 03 Plain Quarries")
    assert city.own_fixed[res("wood")] == 1 and city.own_choices == []       # the Lumber Yard's one wood
    assert city.trade_fixed[res("wood")] == 1 and city.trade_choices == []
    assert builds(game, 0, "Caravansery") == []                                 # one wood, no coin
    assert buys(game, 1, cost(wood=2)) == () and buys(game, 1, cost(wood=1))  # the neighbour buys one


def test_the_bots_read_a_stopped_production_as_none():
    game = start()
    sawmill = babel().card_index("Sawmill")
    assert Appraiser(game, 2)._part("build", sawmill)[0].production > 0
    tower(game, 1, "Tile 03 Plain Quarries")
    assert Appraiser(game, 2)._part("build", sawmill)[0].production == 0
    lumber = babel().card_index("Lumber Yard")
    assert Appraiser(game, 2)._part("build", lumber)[0].production > 0       # one unit: not selected


# ---------------------------------------------------------------- tile 04: have no effect
def test_closed_markets_suspend_the_trading_cards_which_still_chain():
    game = start()
    give(game, 0, "East Trading Post", "Caravansery")
    city, wood = game.cities[0], res("wood")
    assert city.prices["right"][wood] == 1 and len(city.own_choices) == 1
    tower(game, 2, "Tile 04 Closed Markets")
    assert city.prices["right"][wood] == 2 and city.own_choices == []
    assert city.names >= {"East Trading Post", "Caravansery"} and city.colors["yellow"] == 2
    set_hand(game, 0, "Forum", "Altar", "Theater", "Baths", "Stone Pit", "Loom", "Press")
    assert [a.free for a in builds(game, 0, "Forum")] == ["chain"]             # built by chain all the same
    game.step([Script("build Forum"), Script(), Script()])
    assert "Forum" in city.names and city.own_choices == []                    # built, and without effect
    assert Appraiser(game, 1)._part("build", babel().card_index("Marketplace"))[0].trade == 0


# ---------------------------------------------------------------- tile 20: as many as needed
def test_deep_veins_make_a_one_unit_card_produce_what_the_city_needs_and_sell_one():
    game = start()
    give(game, 0, "Stone Pit")
    set_hand(game, 0, "Aqueduct", "Altar", "Theater", "Baths", "Lumber Yard", "Loom", "Press")   # 3 stone
    assert builds(game, 0, "Aqueduct") == []
    tower(game, 1, "Tile 20 Deep Veins")
    paid = builds(game, 0, "Aqueduct")
    assert paid and (paid[0].left, paid[0].right) == (0, 0)
    city = game.cities[0]
    assert city.own_fixed[res("stone")] >= 3 and city.trade_fixed[res("stone")] == 1
    assert buys(game, 1, cost(stone=1)) and buys(game, 1, cost(stone=2)) == ()   # neighbours buy what it prints
    assert Appraiser(game, 2)._part("build", babel().card_index("Ore Vein"))[0].production > \
        Appraiser(start(), 2)._part("build", babel().card_index("Ore Vein"))[0].production


# ---------------------------------------------------------------- the order of application
ORDER = '''variant "Order" {
    changes "7 Wonders, first edition"
    add law: brown cards producing 1 unit produce as many as needed
    add law: cards "Lumber Yard" have no effect
    add law: cards "Ore Vein" produce nothing
}
'''


def test_no_effect_comes_before_nothing_before_as_many_as_needed(tmp_path):
    result = checked(tmp_path, ORDER)
    assert not errors(result), [f"{d.code} {d.message}" for d in result.diagnostics]
    tables = compile_rules(result.ruleset)
    game = Game(tables, 3, 1, "A", ["Babylon", "Ephesos", "Alexandria"])
    game.decision()
    for name in ("Lumber Yard", "Ore Vein", "Stone Pit"):
        game.cities[0].add_card(tables.cards[tables.card_index(name)])
    index = tables.resource_index
    city = game.cities[0]
    assert city.own_fixed[index["wood"]] == 0 and city.own_fixed[index["ore"]] == 0
    assert city.own_fixed[index["stone"]] >= 3
    copy = game_from_data(tables, game_to_data(game))
    assert copy.cities[0].own_fixed == city.own_fixed and copy.cities[0].use_sig == city.use_sig


# ---------------------------------------------------------------- Double Walls: the board's production lost
def test_an_unbuilt_double_walls_takes_the_board_production_of_those_without_a_pawn():
    game = start()
    piles = game.zones["project"]
    for pile in piles:
        pile.clear()
    game.stacked["project"][:] = []
    put_card(game, None, "project", babel().card_index("Double Walls"))
    laws.refresh(game)
    game.cities[0].kept["pawn_i"] = 1                      # 1 pawn of 3: not built
    assert game.cities[1].own_fixed[res("papyrus")] == 1
    for _turn in range(6):
        game.step([Script(), Script(), Script()])
    assert [c.board_lost for c in game.cities] == [False, True, True]
    assert game.cities[0].own_fixed[res("clay")] >= 1
    assert game.cities[1].own_fixed[res("papyrus")] == 0 and game.cities[2].own_fixed[res("glass")] == 0
    assert sorted(e["seat"] for e in game.log if e.get("event") == "board lost") == [1, 2]
    assert "loses its board's production for the rest of the game" in text_log(game)
    copy = game_from_data(babel(), game_to_data(game))
    assert [c.board_lost for c in copy.cities] == [False, True, True]
    assert copy.cities[1].own_fixed == game.cities[1].own_fixed
    assert game_to_data(copy) == game_to_data(game)


def test_the_bots_weigh_the_board_production_a_pawn_keeps():
    """The penalty's worth, which a Double Walls pawn avoids: the trade coins the board's
    unit saves over the builds left; nothing once lost."""
    from interpreter.bots.offers import board_worth
    from interpreter.bots.rulemodel import rule_model
    game = start()
    model = rule_model(babel(), 3)
    assert board_worth(model, game, 0, model.coin_rate) > 0
    game.cities[0].lose_board()
    assert board_worth(model, game, 0, model.coin_rate) == 0
    assert game.cities[0].own_fixed[res("clay")] == 0


def test_a_save_with_a_bad_board_lost_is_refused():
    from interpreter.engine.save_fields import SaveError
    data = game_to_data(start())
    data["cities"][0]["board_lost"] = "yes"
    with pytest.raises(SaveError, match="board_lost"):
        game_from_data(babel(), data)


# ---------------------------------------------------------------- the documented example, whole games
def test_the_documented_example_is_the_one_tested():
    assert HARD_LAWS in (ROOT / "docs" / "language.md").read_text(encoding="utf-8")


def test_the_documented_example_checks_and_plays(tmp_path):
    result = checked(tmp_path, HARD_LAWS)
    assert not errors(result), [f"{d.code} {d.message}" for d in result.diagnostics]
    tables = compile_rules(result.ruleset)
    for bots in ("random", "greedy", "heuristic"):
        game = Game(tables, 4, 3)
        from interpreter.bots.seats import make_deciders
        game.play(make_deciders([bots], 4, 3, None))
        assert game.finished


# ---------------------------------------------------------------- misuse
@pytest.mark.parametrize("law, code", [
    ("law: purple cards producing a choice produce nothing", "E2070"),
    ("law: brown cards producing a choice produce as many as needed", "E2071"),
    ('law: cards "Marketplace" produce as many as needed', "E2071"),
    ('law: cards "Forun" have no effect', "E1004"),
    ("law: brown cards producing 0 units produce nothing", "E1206"),
    ("law: khaki cards have no effect", "E1002"),
])
def test_a_law_over_cards_misused_is_a_located_error(tmp_path, law, code):
    text = f'variant "Bad" {{\n    changes "7 Wonders, first edition"\n    add {law}\n}}\n'
    assert errors(checked(tmp_path, text)) == [(code, 3)]


def test_a_law_over_cards_outside_a_law_is_unexpected(tmp_path):
    text = 'variant "Bad" {\n    changes "7 Wonders, first edition"\n    add card "X" { age I  color blue  brown cards produce nothing }\n}\n'
    found = errors(checked(tmp_path, text))
    assert found and found[0][0] == "E0001", found


def test_losing_a_board_production_where_no_board_produces_is_E2072(tmp_path):
    boards = "\n".join(f'    replace wonder "{w}" {{ side A {{ stage {{ cost 2 wood; points 3 }} }} }}'
                       for w in ("Lighthouse", "Hanging Gardens", "Mausoleum", "Great Library"))
    text = (f'variant "Bare boards" {{\n    changes "Examples"\n{boards}\n'
            '    add law: on age end: lose the board production\n}\n')
    path = tmp_path / "bare.wonders"
    path.write_text(text, encoding="utf-8")
    result = check_paths([str(path), str(ROOT / "docs" / "examples" / "base.wonders")])
    assert errors(result) == [("E2072", 7)]


# ---------------------------------------------------------------- words, notation, fmt
def test_fmt_gives_back_the_laws_over_cards_and_the_lost_board():
    tree, problems = parse_text(HARD_LAWS, "x.wonders")
    assert not problems
    printed = print_item(tree.items[0])
    for words in ("brown cards producing 2 units or a choice produce nothing",
                  'cards "East Trading Post", "West Trading Post", "Marketplace" have no effect',
                  "brown cards producing 1 unit produce as many as needed", "lose the board production"):
        assert words in printed
    again, _ = parse_text(printed, "x.wonders")
    assert print_item(again.items[0]) == printed
    other, _ = parse_text(printed.replace('"East Trading Post", "West Trading Post"',
                                          '"East Trading Post" and "West Trading Post"'), "x.wonders")
    assert print_item(other.items[0]) == printed


def _tile(name: str):
    return next(c for c in babel().ruleset.cards if c.name == name)


def test_the_laws_over_cards_in_words_dutch_and_the_accessible_notation():
    law = next(e for e in _tile("Tile 03 Plain Quarries").effects if isinstance(e, ast.Law))
    assert describe.effect_text(law).endswith(
        "the brown cards that produce 2 units or a choice of resources produce nothing")
    deep = next(e for e in _tile("Tile 20 Deep Veins").effects if isinstance(e, ast.Law))
    assert "as many units as their city needs" in describe.effect_text(deep)
    closed = next(e for e in _tile("Tile 04 Closed Markets").effects if isinstance(e, ast.Law))
    assert "Marketplace" in describe.effect_text(closed) and "have no effect" in describe.effect_text(closed)
    board = ast.LoseBoardProduction(span=law.span)
    assert describe.action_text(board) == "loses its board's production for the rest of the game"
    before = language()
    try:
        choose("nl")
        assert describe_nl.effect_text(law).endswith(
            "kaarten die 2 eenheden of een grondstof naar keuze produceren produceren niets")
        assert describe_nl.action_parts(board)[0] == "verliest"
        assert "hebben geen effect" in describe_nl.effect_text(closed)
    finally:
        choose(before)
    kit = writer(babel().ruleset, "accessible")
    assert any("produce nothing" in line for line in kit.card_label(_tile("Tile 03 Plain Quarries")))
