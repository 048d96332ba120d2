"""What a card costs under the laws (issue 37 item 1): `chains from SCOPE`, a city may build
by chain from its neighbours' buildings too (Babel's tile 07, "Open Chains"), and
`resources of COLOURS cards are paid in coins, N a unit`, the resources of those cards are
paid to the bank instead (Babel's tiles 08 and 23, "Civic Coinage", "Guild Coinage")
(docs/language.md, "Laws for the whole table")."""

from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.bots import make_bot
from interpreter.bots.valuation import Appraiser
from interpreter.check.load import check_paths
from interpreter.compile import compile_rules
from interpreter.engine import laws
from interpreter.engine.actions import is_legal, legal_actions, legal_moves
from interpreter.engine.discounts import coin_rate
from interpreter.engine.game import Game
from interpreter.engine.saves import game_from_data, game_to_data
from interpreter.i18n import choose, language
from interpreter.syntax.parser import parse_text
from interpreter.syntax.printer import print_item
from interpreter.views import describe, describe_nl
from interpreter.views.action_words import shown_action

# the examples of docs/language.md, "Laws for the whole table"
OPEN_ROADS = '''variant "Open roads" {
    changes "7 Wonders, first edition"
    add law: chains from neighbours
    add law: on building built by chain: gain 1 coin
}
'''
COINED = '''variant "Coined temples" {
    changes "7 Wonders, first edition"
    add law: resources of blue cards are paid in coins, 1 a unit
    add law while age = 3: resources of purple cards are paid in coins, 2 a unit
}
'''
WONDERS = ["Gizah", "Babylon", "Rhodos"]        # stone, clay, ore of their own


def test_the_documented_examples_are_the_ones_tested():
    text = (Path(__file__).parent.parent / "docs" / "language.md").read_text(encoding="utf-8")
    assert OPEN_ROADS in text and COINED in text


def checked(tmp_path, text: str):
    path = tmp_path / "laws.wonders"
    path.write_text(text, encoding="utf-8")
    return check_paths(None, [str(path)])


def errors(result) -> list[tuple[str, int, int]]:
    return [(d.code, d.span.line if d.span else 0, d.span.column if d.span else 0)
            for d in result.diagnostics if d.severity == "error"]


def compiled(tmp_path, text: str):
    result = checked(tmp_path, text)
    assert not errors(result), [f"{d.code} {d.message}" for d in result.diagnostics]
    return compile_rules(result.ruleset)


@pytest.fixture(scope="module")
def roads(tmp_path_factory):
    return compiled(tmp_path_factory.mktemp("roads"), OPEN_ROADS)


@pytest.fixture(scope="module")
def coined(tmp_path_factory):
    return compiled(tmp_path_factory.mktemp("coined"), COINED)


def _game(tables, coins=(3, 3, 3)) -> Game:
    """Seat 0 (Gizah: stone of its own) at its first turn; its neighbours have a Stone Pit
    and a Lumber Yard each, to sell it stone and wood."""
    game = Game(tables, 3, 1, "A", WONDERS)
    game.decision()
    for seat, n in enumerate(coins):
        game.cities[seat].coins = n
    for seat in (1, 2):
        _give(game, seat, "Stone Pit", "Lumber Yard")
    laws.refresh(game)
    return game


def _give(game, seat: int, *names: str) -> None:
    for name in names:
        game.cities[seat].add_card(game.tables.cards[game.tables.card_index(name)])
    laws.refresh(game)


def _builds(game, name: str, seat: int = 0):
    index = game.tables.card_index(name)
    game.hands[seat][0] = index
    return [a for a in legal_actions(game, seat) if a.card == index and a.kind == "build"]


def _sides(game, seat: int = 0) -> dict[str, int]:
    left, right = game.neighbours(seat)
    return {"left": left.seat, "right": right.seat}


# ---------------------------------------------------------------- chains from neighbours
def test_a_city_chains_from_its_neighbours_building(roads):
    """Tile 07: the left neighbour built the Baths; the Aqueduct (3 stone, free with the
    Baths) is built for free, by chain, and the move says from which building."""
    game = _game(roads)
    _give(game, _sides(game)["left"], "Baths")
    builds = _builds(game, "Aqueduct")
    assert [a.free for a in builds] == ["chain left Baths"]
    assert builds[0].label(roads) == "build Aqueduct (II) free by chain from Baths (left neighbour)"
    assert is_legal(game, 0, builds[0])
    assert [m.free for m in legal_moves(game, 0) if m.card == builds[0].card and m.kind == "build"] == ["chain left Baths"]
    for seat in (1, 2):
        game.choose(next(o for o in game.options_for(seat, "turn") if o.kind == "sell"), seat)
    game.choose(builds[0], 0)
    city = game.cities[0]
    assert builds[0].card in city.built
    assert city.coins == 3 + 1                    # nothing paid; the chain's law gives 1 coin
    entry = next(e for e in game.log if e.get("event") == "resolve" and e["seat"] == 0)
    assert entry["action"] == "build Aqueduct (II) free by chain from Baths (left neighbour)"


def test_a_city_without_the_law_pays_and_its_own_chain_comes_first(roads, tmp_path):
    base = compile_rules(check_paths(None).ruleset)
    game = _game(base, coins=(5, 3, 3))
    _give(game, _sides(game)["right"], "Baths")
    paid = _builds(game, "Aqueduct")
    assert paid and all(a.free == "" and a.left + a.right > 0 for a in paid)
    game = _game(roads)
    _give(game, _sides(game)["right"], "Baths")
    _give(game, 0, "Baths")
    assert [a.free for a in _builds(game, "Aqueduct")] == ["chain"]


def test_chains_from_one_neighbour_only(tmp_path):
    tables = compiled(tmp_path, OPEN_ROADS.replace("chains from neighbours", "chains from left neighbour"))
    game = _game(tables, coins=(5, 3, 3))
    _give(game, _sides(game)["right"], "Baths")
    paid = _builds(game, "Aqueduct")
    assert paid and all(a.free == "" for a in paid)
    _give(game, _sides(game)["left"], "Baths")
    assert [a.free for a in _builds(game, "Aqueduct")] == ["chain left Baths"]


def test_no_free_chains_wins_over_chains_from_neighbours(tmp_path):
    tables = compiled(tmp_path, OPEN_ROADS.replace("    add law: on building", "    add law: no free chains\n"
                                                                          "    add law: on building"))
    game = _game(tables, coins=(5, 3, 3))
    _give(game, _sides(game)["left"], "Baths")
    builds = _builds(game, "Aqueduct")
    assert builds and all(a.free == "" and a.left + a.right > 0 for a in builds)


def test_a_neighbours_chain_is_saved_and_a_paid_build_of_it_is_not_legal(roads):
    game = _game(roads)
    _give(game, _sides(game)["left"], "Baths")
    chained = _builds(game, "Aqueduct")[0]
    game.choose(chained, 0)
    copy = game_from_data(roads, game_to_data(game))
    assert copy.chosen[0] == chained and game_to_data(copy) == game_to_data(game)
    paid = chained._replace(free="", right=4)
    assert not is_legal(game, 0, paid)


def test_chains_from_a_city_that_is_not_a_neighbour_is_a_located_error(tmp_path):
    for scope in ("own city", "all cities"):
        found = errors(checked(tmp_path, OPEN_ROADS.replace("chains from neighbours", f"chains from {scope}")))
        assert found == [("E2080", 3, 26)], (scope, found)


# ---------------------------------------------------------------- resources paid in coins
def test_a_blue_cards_resources_are_paid_in_coins(coined):
    """Tile 08: Gizah makes its own stone, yet pays the Baths' stone with a coin; a city
    with no coin cannot build it, and no stone is bought from a neighbour for it."""
    game = _game(coined, coins=(0, 3, 3))
    assert _builds(game, "Baths") == []
    game = _game(coined, coins=(1, 3, 3))
    builds = _builds(game, "Baths")
    assert [(a.left, a.right, a.bank) for a in builds] == [(0, 0, 1)]
    assert builds[0].label(coined) == "build Baths (I) paying 1 to the bank"
    assert is_legal(game, 0, builds[0])
    assert not is_legal(game, 0, builds[0]._replace(bank=0))
    temple = _builds(game, "Temple")                   # 3 units, 1 coin: not enough
    assert temple == []
    for seat in (1, 2):
        game.choose(next(o for o in game.options_for(seat, "turn") if o.kind == "sell"), seat)
    game.choose(builds[0], 0)
    assert game.cities[0].coins == 0 and builds[0].card in game.cities[0].built


def test_other_colours_are_paid_as_ever(coined):
    game = _game(coined, coins=(3, 3, 3))
    stockade = _builds(game, "Stockade")               # wood bought from a neighbour
    assert stockade and all(a.bank == 0 and a.left + a.right == 2 for a in stockade)
    guild = coined.cards[coined.card_index("Workers Guild")]     # the purple law: in age III only
    assert coin_rate(game.cities[0], guild) is None
    assert coin_rate(game.cities[0], coined.cards[coined.card_index("Temple")]) == 1


def test_a_guilds_resources_in_age_three_and_the_bots_count_the_coins(coined):
    """Tile 23's guilds: 5 units at 2 coins a unit; the bots' valuation counts the coins."""
    game = _game(coined, coins=(10, 3, 3))
    game.age_index = 2
    laws.refresh(game)
    guild = _builds(game, "Workers Guild")
    assert [(a.left, a.right, a.bank) for a in guild] == [(0, 0, 10)]
    assert Appraiser(game, 0).parts(guild[0])[1] == -10


def test_a_resource_discount_lowers_the_units_paid_in_coins(tmp_path):
    tables = compiled(tmp_path, COINED.replace("    add law while", "    add law: discount 1 resource on blue cards\n"
                                                                  "    add law while"))
    game = _game(tables, coins=(5, 3, 3))
    assert [(a.left, a.right, a.bank) for a in _builds(game, "Temple")] == [(0, 0, 2)]
    assert [(a.left, a.right, a.bank) for a in _builds(game, "Baths")] == [(0, 0, 0)]


def test_wonder_stages_paid_in_coins(tmp_path):
    tables = compiled(tmp_path, COINED.replace("resources of blue cards", "resources of wonder stages"))
    game = _game(tables, coins=(3, 3, 3))                # Gizah's first stage: 2 stone, 2 coins a unit
    stages = [a for a in legal_actions(game, 0) if a.kind == "stage"]
    assert stages and all((a.left, a.right, a.bank) == (0, 0, 2) for a in stages)
    game.cities[0].coins = 1
    assert [a for a in legal_actions(game, 0) if a.kind == "stage"] == []


def test_resources_paid_at_no_price_is_a_located_error(tmp_path):
    found = errors(checked(tmp_path, COINED.replace("blue cards are paid in coins, 1", "blue cards are paid in coins, 0")))
    assert found == [("E2081", 3, 14)], found
    found = errors(checked(tmp_path, COINED.replace("blue cards", "blu cards")))
    assert [f[0] for f in found] == ["E1002"], found


# ---------------------------------------------------------------- words, layout, games
def test_the_laws_are_written_back_and_read_in_words():
    for text, line in ((OPEN_ROADS, "law: chains from neighbours"),
                       (COINED, "law: resources of blue cards are paid in coins, 1 a unit")):
        tree, problems = parse_text(text, "v.wonders")
        assert not problems
        printed = print_item(tree.items[0])
        assert line in printed
        again, _ = parse_text(printed, "v.wonders")
        assert print_item(again.items[0]) == printed
    tree, _ = parse_text('card "T" { age I  color blue  law: chains from left neighbour\n'
                         '  law: resources of blue and purple cards are paid in coins, 2 coins a unit }', "t")
    chains, coinage = (e.effect for e in tree.items[0].body if hasattr(e, "effect"))
    assert print_item(tree.items[0]).count("2 a unit") == 1
    assert describe.effect_text(chains) == ("may build for free by chain from the buildings of its left neighbour "
                                            "too, as from its own")
    assert describe.effect_text(coinage).startswith("pays the resources of blue and purple cards in coins to the bank, "
                                                    "2 coins a unit")
    assert describe_nl.effect_text(chains).startswith("mag ook gratis via een keten bouwen")
    assert "2 muntstukken per eenheid" in describe_nl.effect_text(coinage)


def test_the_neighbours_chain_in_dutch():
    before = language()
    choose("nl")
    try:
        shown = shown_action("build Aqueduct (II) free by chain from Baths (left neighbour)")
        assert shown.endswith("gratis (keten van Baths, buur links)") and "neighbour" not in shown, shown
    finally:
        choose(before)


# (the search's whole game takes seconds: slow, left out of the quick loop)
@pytest.mark.parametrize("bot", ["random", "greedy", "heuristic", pytest.param("mcts:iterations=4", marks=pytest.mark.slow)])
def test_every_bot_plays_whole_games_under_both_laws(roads, coined, bot):
    for tables in (roads, coined):
        game = Game(tables, 3, seed=2)
        game.play([make_bot(bot, s) for s in range(3)])
        assert game.finished


def test_the_accessible_notation_says_the_laws_in_words(roads, coined):
    from interpreter.views.access.notation import writer
    for tables, words in ((roads, "by chain from the buildings of both neighbours"),
                          (coined, "pays the resources of blue cards in coins to the bank, 1 coin a unit")):
        law = tables.ruleset.rules.laws[0]
        shown = writer(tables.ruleset, "accessible").effect(law)
        assert words in shown and shown.startswith("law for every city"), shown
