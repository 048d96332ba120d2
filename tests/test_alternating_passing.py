"""An age whose passing direction changes from turn to turn (issue 37 item 1):
`play N turns passing left then right` (the directions taken in turn, again from the
first when they run out), also `pass left then right` in an age block.  The engine
passes each turn's way, the bots know who receives their hand, and a pattern longer than
the turns is a located error (docs/language.md, "play ... passing left then right")."""

from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.bots import make_bot
from interpreter.bots.view import Memory, SeatView
from interpreter.check.load import check_paths
from interpreter.compile import compile_rules
from interpreter.engine.game import Game
from interpreter.engine.saves import game_from_data, game_to_data
from interpreter.syntax.parser import parse_text
from interpreter.syntax.printer import print_item

# the example of docs/language.md
SWIRL = '''variant "Swirl" {
    changes "7 Wonders, first edition"
    modify phase "age II" { play 6 turns passing left then right, discarding the last cards }
}
'''


def test_the_documented_example_is_the_one_tested():
    assert SWIRL in (Path(__file__).parent.parent / "docs" / "language.md").read_text(encoding="utf-8")


def checked(tmp_path, text):
    path = tmp_path / "swirl.wonders"
    path.write_text(text, encoding="utf-8")
    return check_paths(None, [str(path)])


def errors(result):
    return [(d.code, d.span.line if d.span else 0) for d in result.diagnostics if d.severity == "error"]


@pytest.fixture(scope="module")
def swirl(tmp_path_factory):
    result = checked(tmp_path_factory.mktemp("swirl"), SWIRL)
    assert not errors(result), [d.message for d in result.diagnostics]
    return compile_rules(result.ruleset)


def _to_age_two(tables, seed=3) -> Game:
    game = Game(tables, 4, seed=seed)
    while game.age.number < 2:
        game.decision().choose(0)
    return game


def _one_turn(game) -> list[list[int]]:
    """Everyone sells its first card; the hands after the pass."""
    before = [list(h) for h in game.hands[:game.players]]
    for seat in range(game.players):
        sell = next(o for o in game.options_for(seat, "turn") if o.kind == "sell")
        game.choose(sell, seat)
    return before


def test_the_hands_pass_left_then_right_then_left(swirl):
    game = _to_age_two(swirl)
    for turn, step in ((1, 1), (2, -1), (3, 1), (4, -1)):
        assert game.turn == turn
        before = _one_turn(game)
        kept = [h[1:] for h in before]           # each sold its first card
        n = game.players
        assert [sorted(game.hands[(s + step) % n]) for s in range(n)] == [sorted(k) for k in kept], turn


def test_the_bots_know_who_receives_their_hand(swirl):
    game = _to_age_two(swirl)
    view = SeatView(game, 0, "turn", Memory(), game.options_for(0, "turn"))
    assert view.next_to_receive() == 1
    _one_turn(game)
    view = SeatView(game, 0, "turn", Memory(), game.options_for(0, "turn"))
    assert view.next_to_receive() == 3


def test_a_save_between_turns_passes_on_alike(swirl):
    game = _to_age_two(swirl)
    _one_turn(game)
    copy = game_from_data(swirl, game_to_data(game))
    _one_turn(game)
    _one_turn(copy)
    assert game.hands == copy.hands


# (the search's whole game takes seconds: slow, left out of the quick loop)
@pytest.mark.parametrize("bot", ["random", "greedy", "heuristic", pytest.param("mcts:iterations=4", marks=pytest.mark.slow)])
def test_whole_games(swirl, bot):
    game = Game(swirl, 4, seed=1)
    game.play([make_bot(bot, s) for s in range(4)])
    assert game.finished


def test_an_age_block_passes_in_turn_and_is_written_back():
    text = 'rules "R" {\n    age I {\n        hand 7\n        turns 6\n        pass left then right\n    }\n}\n'
    tree, problems = parse_text(text, "r.wonders")
    assert not problems
    printed = print_item(tree.items[0])
    assert "pass left then right" in printed
    phase = 'phase "p" { play 6 turns passing right then left then left, discarding the last cards }'
    tree, problems = parse_text(f'rules "R" {{ {phase} }}', "r.wonders")
    assert not problems and "play 6 turns passing right then left then left, discarding the last cards" in print_item(tree.items[0])


def test_more_directions_than_turns_is_a_located_error(tmp_path):
    text = SWIRL.replace("play 6 turns passing left then right,",
                         "play 5 turns passing left then right then left then right then left then right,")
    found = errors(checked(tmp_path, text))
    assert found and found[0] == ("E2041", 3), found


# ---------------------------------------------------------------- a way chosen by a law
# the example of docs/language.md: a card whose owner turns the table round
DETOUR = '''variant "Detour" {
    changes "7 Wonders, first edition"
    remove card "Clay Pool"
    add card "Detour" {
        age I  color yellow  copies 3+ 5+
        law while coins >= 4: hands pass the other way
    }
}
'''


def test_the_detour_example_is_the_one_tested():
    assert DETOUR in (Path(__file__).parent.parent / "docs" / "language.md").read_text(encoding="utf-8")


def test_a_law_turns_the_hands_the_other_way_while_in_force(tmp_path):
    from interpreter.engine import laws
    tables = compile_rules(checked(tmp_path, DETOUR).ruleset)
    game = Game(tables, 4, seed=3)
    game.decision()
    game.cities[2].add_card(tables.cards[tables.card_index("Detour")])
    game.cities[2].coins = 5
    laws.refresh(game)
    assert game.passing() == "right"                       # age I passes left: turned round
    view = SeatView(game, 0, "turn", Memory(), game.options_for(0, "turn"))
    assert view.next_to_receive() == 3
    before = _one_turn(game)
    assert [sorted(game.hands[(s - 1) % 4]) for s in range(4)] == [sorted(h[1:]) for h in before]
    game.cities[2].coins = 0
    laws.refresh(game)
    assert game.passing() == "left"


def test_a_house_rule_turns_an_age_round(tmp_path):
    text = '''variant "Age II clockwise" {
    changes "7 Wonders, first edition"
    add law while age = 2: hands pass the other way
}
'''
    tables = compile_rules(checked(tmp_path, text).ruleset)
    game = _to_age_two(tables)
    game.decision()
    assert game.passing() == "left"
    game = Game(tables, 4, seed=1)
    game.play([make_bot("heuristic", s) for s in range(4)])
    assert game.finished
