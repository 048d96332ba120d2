"""Order and removal as content (issue 37, docs/language.md): a side whose stages are built
in any order; each construct from a designer's scenario, its documented example run, its
misuse a located error, its decisions saved, copied and answered by every bot."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from interpreter.check.load import check_paths
from interpreter.compile import compile_rules
from interpreter.engine.actions import is_legal, legal_actions, legal_moves
from interpreter.engine.game import Game
from interpreter.engine.invariants import Recorder, TurnWatch
from interpreter.compile.expressions import Where, evaluate
from interpreter.engine.saves import game_from_data, game_to_data
from interpreter.engine.scoring import score_city
from interpreter.syntax.parser import parse_text
from interpreter.syntax.printer import print_item
from interpreter.bots.seats import make_deciders

LANGUAGE = Path(__file__).resolve().parents[1] / "docs" / "language.md"
BOTS = ["random", "greedy", "heuristic", "mcts:iterations=8"]


def doc_example(heading: str) -> str:
    """The first ```wonders block under `### heading` of docs/language.md, as written there."""
    text = LANGUAGE.read_text(encoding="utf-8")
    section = text.split(f"\n### {heading}\n", 1)[1]
    return re.search(r"```wonders\n(.*?)```", section, re.S).group(1)


def as_variant(items: str, name: str = "Order test") -> str:
    """Items written as a designer would (a wonder, cards) put in a variant of the first edition."""
    return f'variant "{name}" {{\n    changes "7 Wonders, first edition"\n{items}}}\n'


def tables_with(tmp_path, text: str):
    path = tmp_path / "variant.wonders"
    path.write_text(text, encoding="utf-8")
    result = check_paths(None, [str(path)])
    assert result.ruleset is not None, [f"{d.code} {d.message}" for d in result.diagnostics]
    return compile_rules(result.ruleset)


def codes_of(tmp_path, text: str) -> list[tuple[str, int, int]]:
    path = tmp_path / "variant.wonders"
    path.write_text(text, encoding="utf-8")
    result = check_paths(None, [str(path)])
    return [(d.code, d.span.line, d.span.column) for d in result.diagnostics]


# ---------------------------------------------------------------- stages in any order
@pytest.fixture(scope="module")
def babylon(tmp_path_factory):
    """The docs' Babylon A (`stages in any order`) in place of the shipped one."""
    text = as_variant("    replace " + doc_example("stages in any order"))
    return tables_with(tmp_path_factory.mktemp("babylon"), text)


def babylon_game(tables, seed: int = 1) -> Game:
    """Three players, Babylon A at seat 0, which produces all its stages' resources itself."""
    game = Game(tables, players=3, seed=seed, sides="A", wonders=["Babylon", "Gizah", "Rhodos"])
    city = game.cities[0]
    for name in ("Lumber Yard", "Forest Cave", "Timber Yard", "Clay Pool", "Clay Pit", "Excavation"):
        city.add_card(tables.cards[tables.card_index(name)])
    return game


def test_the_docs_example_reads_and_is_written_back_as_it_reads():
    example = doc_example("stages in any order")
    tree, problems = parse_text(example, "doc")
    assert problems == []
    assert "stages in any order" in print_item(tree.items[0])
    again, _ = parse_text(print_item(tree.items[0]), "again")
    assert print_item(again.items[0]) == print_item(tree.items[0])


def test_each_stage_not_built_is_an_option_priced_at_its_own_cost(babylon):
    game = babylon_game(babylon)
    labels = [a.label(babylon) for a in legal_actions(game, 0) if a.kind == "stage"]
    card = babylon.cards[game.hands[0][0]]
    assert f"wonder stage 1 with {card.name} (I)" in labels
    assert f"wonder stage 2 with {card.name} (I)" in labels
    assert f"wonder stage 3 with {card.name} (I)" in labels
    # a stage it cannot pay is not offered: without the Timber Yard, three wood are out of reach
    city = game.cities[0]
    city.built.remove(babylon.card_index("Timber Yard"))
    city.names.discard("Timber Yard")
    city.rebuild()
    city.coins = 0
    stages = {a.stage for a in legal_actions(game, 0) if a.kind == "stage"}
    assert stages == {0, 2}


def test_the_stage_chosen_is_built_and_the_counts_follow(babylon):
    game = babylon_game(babylon)
    hand = game.hands[0]
    seventh = next(a for a in legal_actions(game, 0) if a.kind == "stage" and a.stage == 2 and a.card == hand[0])
    assert is_legal(game, 0, seventh)
    game.choose(seventh, 0)
    for seat in (1, 2):
        game.choose(0, seat)
    city = game.cities[0]
    assert (city.stages, city.stage_order) == (1, [2])
    left, right = game.neighbours(0)
    where = Where(city, left, right, None, game.cities, game.age.number, 1)
    wonders = parse_text('card "Q" { age I  color blue  score wonder: wonder stages + 10 * unbuilt wonder stages }',
                         "q")[0].items[0].body[-1].value
    assert evaluate(wonders, where) == 1 + 10 * 2
    assert score_city(babylon, city, left, right, game.cities, 1, 1)["wonder"] == 7
    # the next turn offers the two stages left, and a stage built is no longer legal
    offered = {a.stage for a in legal_actions(game, 0) if a.kind == "stage"}
    assert offered == {0, 1}
    assert not is_legal(game, 0, seventh._replace(card=game.hands[0][0]))
    # a side built in order knows no stage numbers
    assert all(a.stage == -1 for a in legal_actions(game, 1) if a.kind == "stage")


def test_a_stage_of_a_side_built_in_order_cannot_be_named():
    tables = compile_rules(check_paths(None).ruleset)
    game = Game(tables, players=3, seed=1, sides="A")
    for action in legal_actions(game, 0):
        assert action.stage == -1
        if action.kind == "stage":
            assert not is_legal(game, 0, action._replace(stage=1))


def test_legal_moves_keep_the_cheapest_way_to_each_stage(babylon):
    game = babylon_game(babylon)
    card = game.hands[0][0]
    moves = [(a.card, a.stage) for a in legal_moves(game, 0) if a.kind == "stage" and a.card == card]
    assert moves == [(card, 0), (card, 1), (card, 2)]


def test_a_save_keeps_the_order_built_and_a_chosen_stage_in_the_middle_of_a_turn(babylon):
    game = babylon_game(babylon)
    chosen = next(a for a in legal_actions(game, 0) if a.kind == "stage" and a.stage == 1)
    game.choose(chosen, 0)
    saved = game_to_data(game)
    copy = game_from_data(babylon, saved)
    assert copy.chosen[0] == chosen
    for seat in (1, 2):
        game.choose(0, seat)
        copy.choose(0, seat)
    assert game_to_data(copy) == game_to_data(game)
    data = game_to_data(game)
    assert data["cities"][0]["stage_order"] == [1]
    assert "stage_order" not in data["cities"][1]             # a side built in order writes none
    again = game_from_data(babylon, data)
    assert again.cities[0].stage_order == [1] and again.cities[0].symbols == game.cities[0].symbols


@pytest.mark.parametrize("order, why", [([1, 1], "twice"), ([5], "no such stage"), ("12", "not a list")])
def test_a_save_with_a_broken_order_is_refused_with_its_field(babylon, order, why):
    from interpreter.engine.save_fields import SaveError
    game = babylon_game(babylon)
    data = game_to_data(game)
    data["cities"][0]["stages"] = len(order) if isinstance(order, list) else 2
    data["cities"][0]["stage_order"] = order
    with pytest.raises(SaveError) as raised:
        game_from_data(babylon, data)
    assert "stage_order" in str(raised.value), why


@pytest.mark.parametrize("bots", [BOTS[:1], BOTS[1:2], BOTS[2:3], pytest.param(BOTS[3:], marks=pytest.mark.slow)])   # the search: seconds
def test_every_bot_builds_stages_in_the_order_it_values(babylon, bots):
    built = []
    for seed in (1, 2):
        game = Game(babylon, players=4, seed=seed, sides="A", wonders=["Babylon", "Gizah", "Rhodos", "Olympia"])
        recorders = [Recorder(d) for d in make_deciders(bots, 4, seed, None)]
        while game.decision() is not None:
            watch = TurnWatch(game, recorders)
            game.step(recorders)
            assert watch.problems() == []
        babylon_city = game.cities[0]
        order = babylon_city.stage_order
        assert len(order) == len(set(order)) == babylon_city.stages and set(order) <= {0, 1, 2}
        built.append(babylon_city.stage_order)
        assert game.winners()
    assert any(built), "Babylon built no stage in two games"


def test_a_game_with_stages_in_any_order_replays_from_its_log(babylon):
    from interpreter.engine.replay import ReplayDecider
    from interpreter.views.play_log import log_data
    game = Game(babylon, players=3, seed=4, sides="A", wonders=["Babylon", "Gizah", "Rhodos"])
    game.play(make_deciders(["greedy"], 3, 4, None))
    assert any(re.match(r"wonder stage \d with ", e.get("action", "")) for e in game.log), "no stage in the log"
    again = Game(babylon, players=3, seed=4, sides="A", wonders=["Babylon", "Gizah", "Rhodos"])
    replay = ReplayDecider(log_data(game, ["greedy"])["choices"])
    again.play([replay] * 3)
    assert game_to_data(again) == game_to_data(game)


def test_said_twice_or_on_a_side_of_one_stage_is_a_located_error(tmp_path):
    twice = as_variant('''    replace wonder "Babylon" {
        side A {
            produces clay
            stages in any order
            stages in any order
            stage { cost 2 clay; points 3 }
            stage { cost 3 wood; points 5 }
        }
    }
''')
    assert codes_of(tmp_path, twice) == [("E1102", 7, 13)]
    one = as_variant('''    replace wonder "Babylon" {
        side A {
            produces clay
            stages in any order
            stage { cost 2 clay; points 3 }
        }
    }
''')
    assert codes_of(tmp_path, one) == [("E1801", 6, 13)]
    on_a_card = as_variant('''    add card "Quarry Road" {
        age I  color brown  copies 3+
        stages in any order
    }
''')
    assert [c for c, _l, _c in codes_of(tmp_path, on_a_card)] == ["E0001"]


# ---------------------------------------------------------------- discard a ... card from ...
def doc_examples(heading: str) -> list[str]:
    """Every ```wonders block (complete ones) under `### heading` of docs/language.md."""
    text = LANGUAGE.read_text(encoding="utf-8")
    section = text.split(f"\n### {heading}\n", 1)[1].split("\n### ", 1)[0]
    return re.findall(r"```wonders\n(.*?)```", section, re.S)


DISCARD = "when built: discard a ... card from ..."


@pytest.fixture(scope="module")
def removals(tmp_path_factory):
    """The docs' Iconoclasts and Saboteurs in place of two shipped cards of the same copies
    (the decks keep their sizes), and the docs' rules trigger as a variant's."""
    iconoclasts, saboteurs = doc_examples(DISCARD)
    harsh = re.search(r"trigger .*", LANGUAGE.read_text(encoding="utf-8").split(f"### {DISCARD}")[1]).group(0)
    text = as_variant('    remove card "Stables"\n    remove card "Siege Workshop"\n'
                      f"    add {iconoclasts}    add {saboteurs}    add {harsh}\n")
    return tables_with(tmp_path_factory.mktemp("removals"), text)


def game_at_age(tables, age: int, seed: int = 1) -> Game:
    """A game of three played by random bots up to the first turn of `age`."""
    game = Game(tables, players=3, seed=seed, sides="A", wonders=["Babylon", "Gizah", "Rhodos"])
    deciders = make_deciders(["random"], 3, seed, None)
    while game.age.number < age:
        game.step(deciders)
    return game


def city_with(game, seat: int, names: list[str]) -> None:
    """The city's buildings are exactly `names` (set up by hand, as a designer's scenario)."""
    city = game.cities[seat]
    tables = game.tables
    city.built = [tables.card_index(n) for n in names]
    city.names = set(names)
    city.rebuild()


def play_card(game, seat: int, name: str) -> None:
    """`seat` builds `name` (put in its hand), the others play their first option."""
    tables = game.tables
    index = tables.card_index(name)
    game.hands[seat][0] = index
    build = next(a for a in legal_actions(game, seat) if a.kind == "build" and a.card == index)
    for other in range(len(game.cities)):
        game.choose(build if other == seat else 0, other)


def test_the_docs_examples_read_and_are_written_back():
    for example in doc_examples(DISCARD):
        tree, problems = parse_text(example, "doc")
        assert problems == []
        assert "discard a " in print_item(tree.items[0])


def test_the_city_chooses_which_card_it_discards_and_its_effects_end(removals):
    game = game_at_age(removals, 2)
    city_with(game, 0, ["Altar", "Baths", "Ore Vein", "Mine"])
    civilian = score_city(removals, game.cities[0], *game.neighbours(0), game.cities, 2, 3)["civilian"]
    play_card(game, 0, "Iconoclasts")
    decision = game.decision()
    assert (decision.seat, decision.kind) == (0, "remove")
    assert [o.label(removals) for o in decision.options] == ["remove Altar (I)", "remove Baths (I)"]
    saved = game_to_data(game)                     # a game waiting for the choice is saved and goes on alike
    copy = game_from_data(removals, saved)
    baths = next(i for i, o in enumerate(decision.options) if "Baths" in o.label(removals))
    decision.choose(baths)
    copy.decision().choose(baths)
    assert game_to_data(copy) == game_to_data(game)
    city = game.cities[0]
    assert "Baths" not in city.names and removals.card_index("Baths") in game.discard
    assert city.colors["blue"] == 1
    assert score_city(removals, city, *game.neighbours(0), game.cities, 2, 3)["civilian"] == civilian - 3
    assert any(e.get("action") == "remove Baths (I)" for e in game.log if e["event"] == "resolve")


def test_one_card_goes_at_once_and_none_is_nothing(removals):
    game = game_at_age(removals, 2)
    city_with(game, 0, ["Altar", "Ore Vein", "Mine"])
    play_card(game, 0, "Iconoclasts")
    assert game.decision().kind == "turn"
    assert "Altar" not in game.cities[0].names and removals.card_index("Altar") in game.discard
    game = game_at_age(removals, 2)
    city_with(game, 0, ["Ore Vein", "Mine"])
    play_card(game, 0, "Iconoclasts")
    assert game.decision().kind == "turn" and game.cities[0].names == {"Ore Vein", "Mine", "Iconoclasts"}


def test_a_neighbour_loses_the_card_it_chooses(removals):
    game = game_at_age(removals, 3)
    city_with(game, 0, ["Ore Vein", "Mine", "Loom"])
    left = game.neighbours(0)[0]
    city_with(game, left.seat, ["Lumber Yard", "Glassworks", "Altar"])
    play_card(game, 0, "Saboteurs")
    decision = game.decision()
    assert (decision.seat, decision.kind) == (left.seat, "remove")
    assert sorted(o.label(removals) for o in decision.options) == ["remove Glassworks (I)", "remove Lumber Yard (I)"]
    before = list(left.own_fixed)
    decision.choose(0)
    lost = removals.cards[decision.options[0].card].name
    assert lost not in left.names and sum(left.own_fixed) == sum(before) - 1


def test_a_city_that_lost_a_card_is_the_city_that_never_built_it():
    """Every derived table (production, shields, science, powers, triggers) is what it
    would be had the card never been built: nothing it gave stays."""
    from interpreter.engine.city import DERIVED
    tables = compile_rules(check_paths(None).ruleset)
    side = tables.side("Gizah", "A")
    names = ["Lumber Yard", "Stockade", "Apothecary", "Marketplace", "Baths", "Tree Farm"]
    for gone in names:
        lost = Game(tables, 3, 1).cities[0].__class__(tables, 0, "a", side, 3)
        never = lost.__class__(tables, 0, "a", side, 3)
        for name in names:
            lost.add_card(tables.cards[tables.card_index(name)])
            if name != gone:
                never.add_card(tables.cards[tables.card_index(name)])
        lost.remove_card(tables.card_index(gone))
        assert lost.built == never.built and lost.names == never.names
        for part in DERIVED:
            assert getattr(lost, part) == getattr(never, part), (gone, part)


@pytest.mark.slow
def test_every_bot_plays_games_with_removals_and_the_rules_trigger(removals):
    for bots in (BOTS[:1], BOTS[1:2], BOTS[2:3], BOTS[3:]):
        game = Game(removals, players=4, seed=3, sides="A")
        recorders = [Recorder(d) for d in make_deciders(bots, 4, 3, None)]
        while game.decision() is not None:
            watch = TurnWatch(game, recorders)
            game.step(recorders)
            assert watch.problems() == [], bots
        assert any(e["event"] == "resolve" and e["action"].startswith("remove ") for e in game.log), bots


def test_the_bots_give_up_the_card_worth_least_and_count_a_penalty_against_a_card(removals):
    from interpreter.bots.registry import make_bot
    from interpreter.bots.valuation import Appraiser
    game = game_at_age(removals, 2)
    city_with(game, 0, ["Altar", "Baths", "Ore Vein", "Mine"])
    icon = removals.card_index("Iconoclasts")
    with_blue = Appraiser(game, 0)._part("build", icon)[0].points
    play_card(game, 0, "Iconoclasts")
    decision = game.decision()
    for name in ("greedy", "heuristic", "mcts:iterations=16"):
        choice = make_bot(name, 1).decide(game, 0, "remove", decision.options)
        assert decision.options[choice].label(removals) == "remove Altar (I)", name
    game = game_at_age(removals, 2)
    city_with(game, 0, ["Ore Vein", "Mine"])
    without_blue = Appraiser(game, 0)._part("build", icon)[0].points
    assert with_blue < without_blue


def test_misuses_are_located_errors(tmp_path):
    card = '''    add card "Vandals" {{
        age II  color red  copies 3+ 5+
        shields 2
        {line}
    }}
    remove card "Stables"
'''
    cases = {"when built: discard a blue card from neighbours": ("E1802", 6, 46),
             "when built: discard a blue card from own city and left neighbour": ("E1802", 6, 46),
             "when built: discard a blue card from the neighbour": ("E1210", 6, 46),
             "at end of game: discard a blue card from own city": ("E1210", 6, 25),
             "when built: discard a blue/blue card from own city": ("E1209", 6, 36),
             "when built: discard a pink card from own city": ("E1002", 6, 31)}
    for line, expected in cases.items():
        found = codes_of(tmp_path, as_variant(card.format(line=line)))
        assert found == [expected], line
    # in a trigger for each neighbour, `the neighbour` is the city looked at
    ok = "on age end for each neighbour if shields < shields of the neighbour: discard a blue card from the neighbour"
    assert codes_of(tmp_path, as_variant(card.format(line=ok))) == []


def test_the_card_list_and_the_words_of_a_move_say_the_stage(babylon):
    from interpreter import i18n
    from interpreter.views.action_words import shown_action
    from interpreter.views.cards import wonders_table
    table = wonders_table(babylon.ruleset)
    assert "stages in any order" in table
    i18n.choose("nl")                      # (the conftest's fixture chooses English again after the test)
    assert shown_action("wonder stage 2 with Loom (I) paying 1 to left").startswith("bouw Wonder fase 2 met ")
    assert shown_action("remove Baths (I)").startswith("leg ")
