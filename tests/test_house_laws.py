"""Laws of the rules themselves, and chains that are not free (issue 37 item 1): `law ...`
written in the rules block (or added by a variant, `add law ...`) is a house rule in force
in every city, its comparisons read in each city; `law: no free chains` makes a card that
a city could build by chain cost what it costs (docs/language.md, "Laws of the rules",
"no free chains")."""

from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.bots import make_bot
from interpreter.check.load import check_paths
from interpreter.compile import compile_rules
from interpreter.engine import laws
from interpreter.engine.actions import legal_actions, legal_moves
from interpreter.engine.game import Game
from interpreter.engine.saves import game_from_data, game_to_data
from interpreter.syntax.parser import parse_text
from interpreter.syntax.printer import print_item

# the example of docs/language.md, "Laws of the rules"
HOUSE = '''variant "Hard times" {
    changes "7 Wonders, first edition"
    add law: no free chains
    add law while coins <= 1: buy raw from neighbours for 1 coin
}
'''


def test_the_documented_example_is_the_one_tested():
    assert HOUSE in (Path(__file__).parent.parent / "docs" / "language.md").read_text(encoding="utf-8")


def checked(tmp_path, text: str):
    path = tmp_path / "house.wonders"
    path.write_text(text, encoding="utf-8")
    return check_paths(None, [str(path)])


def errors(result) -> list[tuple[str, int, int]]:
    return [(d.code, d.span.line if d.span else 0, d.span.column if d.span else 0)
            for d in result.diagnostics if d.severity == "error"]


@pytest.fixture(scope="module")
def house(tmp_path_factory):
    result = checked(tmp_path_factory.mktemp("house"), HOUSE)
    assert not errors(result), [f"{d.code} {d.message}" for d in result.diagnostics]
    return compile_rules(result.ruleset)


@pytest.fixture(scope="module")
def base():
    return compile_rules(check_paths(None).ruleset)


def _with_baths(tables, coins=(5, 3, 3)) -> Game:
    """Seat 0 (stone of its own) owns the Baths and holds the Aqueduct (3 stone, free with
    the Baths) at its first turn; its neighbours have a Stone Pit each."""
    game = Game(tables, 3, seed=1)
    game.decision()
    baths, aqueduct = tables.card_index("Baths"), tables.card_index("Aqueduct")
    game.cities[0].add_card(tables.cards[baths])
    for seat in (1, 2):
        game.cities[seat].add_card(tables.cards[tables.card_index("Stone Pit")])
    game.hands[0][0] = aqueduct
    for seat, n in enumerate(coins):
        game.cities[seat].coins = n
    laws.refresh(game)
    return game


def _aqueduct(game, seat=0):
    aqueduct = game.tables.card_index("Aqueduct")
    return [a for a in legal_actions(game, seat) if a.card == aqueduct and a.kind == "build"]


def test_without_the_law_a_chain_is_free(base):
    assert [a.free for a in _aqueduct(_with_baths(base))] == ["chain"]


def test_no_free_chains_prices_the_chained_card_as_any_other(house):
    game = _with_baths(house)
    builds = _aqueduct(game)
    assert builds and all(a.free != "chain" for a in builds)
    assert all(a.left + a.right > 0 for a in builds)     # two stones bought
    moves = [m for m in legal_moves(game, 0) if m.card == game.tables.card_index("Aqueduct") and m.kind == "build"]
    assert moves and moves[0].free != "chain"
    poor = _with_baths(house, coins=(0, 3, 3))            # nothing to pay with: no build at all
    assert _aqueduct(poor) == []


def test_a_rules_laws_comparison_is_read_in_each_city(house):
    game = _with_baths(house, coins=(1, 5, 0))
    wood = house.resource_index["wood"]
    prices = [game.cities[s].prices["left"][wood] for s in range(3)]
    assert prices == [1, 2, 1]


def test_a_cards_law_switches_chains_off_for_every_city(tmp_path):
    text = '''variant "Guild of masons" {
    changes "7 Wonders, first edition"
    remove card "Clay Pool"
    add card "Masons" { age I  color yellow  copies 3+ 5+  law: no free chains }
}
'''
    tables = compile_rules(checked(tmp_path, text).ruleset)
    game = _with_baths(tables)
    assert [a.free for a in _aqueduct(game)] == ["chain"]
    game.cities[2].add_card(tables.cards[tables.card_index("Masons")])
    laws.refresh(game)
    assert _aqueduct(game) and all(a.free != "chain" for a in _aqueduct(game))


@pytest.mark.slow
def test_saved_games_and_whole_games_under_house_laws(house):
    game = _with_baths(house)
    copy = game_from_data(house, game_to_data(game))
    assert [a.free for a in _aqueduct(copy)] == [a.free for a in _aqueduct(game)]
    for bot in ("random", "greedy", "heuristic", "mcts:iterations=4"):
        game = Game(house, 3, seed=2)
        game.play([make_bot(bot, s) for s in range(3)])
        assert game.finished
        assert not any(entry.get("free") == "chain" for entry in game.log if isinstance(entry, dict))


def test_a_law_in_the_rules_block_is_written_back():
    text = ('rules "R" {\n    players 3 to 7\n    law: no free chains\n'
            '    law while coins <= 1: buy raw from neighbours for 1 coin\n}\n')
    tree, problems = parse_text(text, "r.wonders")
    assert not problems
    printed = print_item(tree.items[0])
    assert "law: no free chains" in printed and "law while coins <= 1: buy raw" in printed
    again, _ = parse_text(printed, "r.wonders")
    assert print_item(again.items[0]) == printed


def test_a_rules_law_on_top_of_a_zone_is_a_located_error(tmp_path):
    text = HOUSE.replace("add law: no free chains", 'add zone "tower"\n    add law while on top of "tower": no free chains')
    found = errors(checked(tmp_path, text))
    assert found and found[0][:2] == ("E2040", 4), found


def test_no_free_chains_outside_a_law_is_unexpected(tmp_path):
    text = HOUSE.replace("add law: no free chains", 'add card "X" { age I  color blue  no free chains }')
    found = errors(checked(tmp_path, text))
    assert found and found[0][0] == "E0001", found


def test_a_rules_law_may_be_a_trigger_acting_where_its_comparisons_hold(tmp_path):
    """A law of the rules whose effect is a trigger (the Babel projects' form) has no owner:
    its trigger acts in the cities where the law's comparisons hold."""
    text = '''variant "Alms" {
    changes "7 Wonders, first edition"
    add law while coins <= 1: on age end: gain 4 coins
}
'''
    result = checked(tmp_path, text)
    assert not errors(result), [f"{d.code} {d.message}" for d in result.diagnostics]
    tables = compile_rules(result.ruleset)
    game = _with_baths(tables, coins=(1, 5, 0))
    age_end = tables.events.number("age end")
    assert age_end in game.events.heard
    assert sorted(seat for seat, *_ in game.events.due(age_end)) == [0, 2]
