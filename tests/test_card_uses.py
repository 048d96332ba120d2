"""A turn's card put to a use of the rules' own (issue 37 item 1): `use a card for "NAME"
[paying PRICE]: ACTION` in the rules (or `add use ...` in a variant) is a fourth move
beside building, a wonder stage and selling: the card goes to the discard pile, the
price is paid as a card's (trading included) and the action runs.  Every bot, a person
at the prompt and a log see it (docs/language.md, "use a card for ...")."""

from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.bots import make_bot
from interpreter.check.load import check_paths
from interpreter.compile import compile_rules
from interpreter.engine.actions import is_legal, legal_actions, legal_moves
from interpreter.engine.game import Game
from interpreter.engine.saves import game_from_data, game_to_data
from interpreter.syntax.parser import parse_text
from interpreter.syntax.printer import print_item
from interpreter.commands.human import HumanDecider

# the example of docs/language.md
OFFERINGS = '''variant "Offerings" {
    changes "7 Wonders, first edition"
    add use a card for "offering" paying 2 coins: take a military token worth 2
    add use a card for "salvage" paying 1 wood: build a card from the discard pile for free
}
'''


def test_the_documented_example_is_the_one_tested():
    assert OFFERINGS in (Path(__file__).parent.parent / "docs" / "language.md").read_text(encoding="utf-8")


def checked(tmp_path, text):
    path = tmp_path / "uses.wonders"
    path.write_text(text, encoding="utf-8")
    return check_paths(None, [str(path)])


def errors(result):
    return [(d.code, d.span.line if d.span else 0) for d in result.diagnostics if d.severity == "error"]


@pytest.fixture(scope="module")
def uses(tmp_path_factory):
    result = checked(tmp_path_factory.mktemp("uses"), OFFERINGS)
    assert not errors(result), [d.message for d in result.diagnostics]
    return compile_rules(result.ruleset)


def _game(tables, coins=(3, 3, 3)) -> Game:
    game = Game(tables, 3, seed=1)            # seat 0 stone, seat 1 ore, seat 2 wood (seed 1)
    game.decision()
    for seat, n in enumerate(coins):
        game.cities[seat].coins = n
    return game


def _uses(game, seat):
    return [a for a in legal_actions(game, seat) if a.kind == "use"]


def test_each_card_may_be_used_each_way_the_price_is_paid(uses):
    game = _game(uses)
    assert {a.stage for a in _uses(game, 0)} == {0}          # nothing to salvage yet: not offered
    game.discard.append(uses.card_index("Baths"))
    found = _uses(game, 0)
    hand = set(game.hands[0])
    offering = [a for a in found if a.stage == 0]
    assert {a.card for a in offering} == hand and all(a.bank == 2 for a in offering)
    salvage = [a for a in found if a.stage == 1]            # wood bought from the right neighbour (seat 1? no: 2)
    assert {a.card for a in salvage} == hand and all(a.left + a.right == 2 and a.bank == 0 for a in salvage)
    label = offering[0].label(uses)
    assert label.startswith("use ") and " for offering paying 2 to the bank" in label
    moves = [m for m in legal_moves(game, 0) if m.kind == "use"]
    assert len(moves) == 2 * len(hand)
    assert all(is_legal(game, 0, a) for a in found)


def test_who_cannot_pay_cannot_use(uses):
    game = _game(uses, coins=(1, 3, 3))
    assert _uses(game, 0) == []


def test_a_use_discards_the_card_pays_and_acts(uses):
    game = _game(uses)
    use = next(a for a in _uses(game, 0) if a.stage == 0)
    for seat in (1, 2):
        game.choose(next(o for o in game.options_for(seat, "turn") if o.kind == "sell"), seat)
    game.choose(use, 0)
    assert use.card in game.discard
    assert game.cities[0].coins == 1 and game.cities[0].tokens == [2]
    entry = next(e for e in game.log if e.get("event") == "resolve" and e["seat"] == 0)
    assert entry["action"] == use.label(uses)


def test_a_use_may_open_a_decision_and_the_game_saves_there(uses):
    game = _game(uses)
    game.discard.append(uses.card_index("Baths"))
    use = next(a for a in _uses(game, 0) if a.stage == 1)
    for seat in (1, 2):
        game.choose(next(o for o in game.options_for(seat, "turn") if o.kind == "sell"), seat)
    game.choose(use, 0)
    decision = game.decision()
    assert (decision.seat, decision.kind) == (0, "discard")
    copy = game_from_data(uses, game_to_data(game))
    assert copy.decision().kind == "discard"


# (the search's whole game takes seconds: slow, left out of the quick loop)
@pytest.mark.parametrize("bot", ["random", "greedy", "heuristic", pytest.param("mcts:iterations=4", marks=pytest.mark.slow)])
def test_every_bot_plays_whole_games_with_uses(uses, bot):
    game = Game(uses, 3, seed=3)
    game.play([make_bot(bot, s) for s in range(3)])
    assert game.finished


def test_the_bots_use_a_card_when_it_is_worth_it(tmp_path):
    rich = OFFERINGS.replace("paying 2 coins: take a military token worth 2", "paying 1 coin: take a military token worth 9")
    tables = compile_rules(checked(tmp_path, rich).ruleset)
    for bot in ("greedy", "heuristic"):
        game = Game(tables, 3, seed=3)
        game.play([make_bot(bot, s) for s in range(3)])
        assert any(e.get("event") == "resolve" and e["action"].startswith("use ") for e in game.log), bot


def test_the_prompt_lists_the_uses(uses):
    game = _game(uses)
    shown = []
    options = game.options_for(0, "turn")
    number = next(i for i, o in enumerate(options) if o.kind == "use") + 1
    person = HumanDecider(ask=lambda question: str(number), echo=shown.append)
    assert options[person.decide(game, 0, "turn", options)].kind == "use"
    assert any("for offering" in line for line in shown)


def test_written_back_as_it_reads():
    text = ('rules "R" {\n    players 3 to 7\n    use a card for "offering" paying 2 coins, 1 wood: gain 4 coins\n'
            '    use a card for "feast": gain 1 coin\n}\n')
    tree, problems = parse_text(text, "r.wonders")
    assert not problems
    printed = print_item(tree.items[0])
    assert 'use a card for "offering" paying 2 coins, 1 wood: gain 4 coins' in printed
    assert 'use a card for "feast": gain 1 coin' in printed


@pytest.mark.parametrize("line, code", [
    ('add use a card for "offering": gain 1 coin', "E2043"),          # a second use of that name
    ('add use a card for "alms": take a military token worth (coins of the neighbour)', "E1210"),
])
def test_misuse_is_located(tmp_path, line, code):
    text = OFFERINGS.replace("}\n", f"    {line}\n}}\n")
    found = errors(checked(tmp_path, text))
    assert found and found[0] == (code, 5), found
