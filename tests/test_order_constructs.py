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
from interpreter.engine.quantities import Where, evaluate
from interpreter.engine.saves import game_from_data, game_to_data
from interpreter.engine.scoring import score_city
from interpreter.syntax.parser import parse_text
from interpreter.syntax.printer import print_item
from interpreter.tools.play import make_deciders

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
    from interpreter.engine.saves import SaveError
    game = babylon_game(babylon)
    data = game_to_data(game)
    data["cities"][0]["stages"] = len(order) if isinstance(order, list) else 2
    data["cities"][0]["stage_order"] = order
    with pytest.raises(SaveError) as raised:
        game_from_data(babylon, data)
    assert "stage_order" in str(raised.value), why


@pytest.mark.parametrize("bots", [BOTS[:1], BOTS[1:2], BOTS[2:3], BOTS[3:]])
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
    from interpreter.tools.play import log_data
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
