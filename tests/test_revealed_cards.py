"""A card revealed for the whole table (issue 37 item 1): `reveal N cards from deck "D"`
in a phase puts N cards of the deck face up on the table, covering those revealed from
it before; a card's `law while revealed: ...` is in force while the card is shown, in
every city (its comparisons read in each).  Every seat sees them; saves, copies and the
invariants keep them (docs/language.md, "reveal")."""

from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.bots import make_bot
from interpreter.check.load import check_paths
from interpreter.compile import compile_rules
from interpreter.engine.game import Game
from interpreter.engine.invariants import expected_cards, where_cards_are
from interpreter.engine.saves import game_from_data, game_to_data
from interpreter.syntax.parser import parse_text
from interpreter.syntax.printer import print_item

# the example of docs/language.md: a decree revealed before each age rules the table
DECREES = '''variant "Decrees" {
    changes "7 Wonders, first edition"
    add phase "decree I" before age I { reveal 1 card from deck "decrees" }
    add phase "decree II" before age II { reveal 1 card from deck "decrees" }
    add phase "decree III" before age III { reveal 1 card from deck "decrees" }
    add card "Open Roads" {
        deck "decrees"  color grey
        law while revealed: buy raw, manufactured from neighbours for 1 coin
    }
    add card "Stone Levy" {
        deck "decrees"  color grey
        law while revealed: discount 1 coin on brown cards
    }
    add card "Patronage" {
        deck "decrees"  color grey
        law while revealed and coins <= 2: produces wood / clay
    }
}
'''


def test_the_documented_example_is_the_one_tested():
    assert DECREES in (Path(__file__).parent.parent / "docs" / "language.md").read_text(encoding="utf-8")


def checked(tmp_path, text):
    path = tmp_path / "decrees.wonders"
    path.write_text(text, encoding="utf-8")
    return check_paths(None, [str(path)])


def errors(result):
    return [(d.code, d.span.line if d.span else 0) for d in result.diagnostics if d.severity == "error"]


@pytest.fixture(scope="module")
def decrees(tmp_path_factory):
    result = checked(tmp_path_factory.mktemp("decrees"), DECREES)
    assert not errors(result), [d.message for d in result.diagnostics]
    return compile_rules(result.ruleset)


def _shown(game) -> list[str]:
    return [game.tables.cards[i].name for i in game.shown_cards()]


def test_a_card_is_revealed_before_each_age_and_covers_the_last(decrees):
    game = Game(decrees, 3, seed=4)
    game.decision()
    assert len(game.shown_cards()) == 1
    first = _shown(game)
    while game.age.number < 2:
        game.decision().choose(0)
    game.decision()
    assert len(game.shown_cards()) == 1 and sum(len(b) for b in game.revealed) == 2
    assert any(e.get("event") == "reveal" and e["cards"] == first for e in game.log)


def _reveal(game, name: str) -> None:
    from interpreter.engine import laws
    game.revealed.append([game.tables.card_index(name)])
    laws.refresh(game)


def test_a_revealed_cards_law_is_in_force_in_every_city(decrees):
    game = Game(decrees, 3, seed=4)
    game.decision()
    game.revealed.clear()
    _reveal(game, "Open Roads")
    glass = decrees.resource_index["glass"]
    assert [game.cities[s].prices["left"][glass] for s in range(3)] == [1, 1, 1]
    _reveal(game, "Patronage")                      # covers the Open Roads
    assert [game.cities[s].prices["left"][glass] for s in range(3)] == [2, 2, 2]
    for seat, coins in enumerate((2, 5, 0)):
        game.cities[seat].coins = coins
    from interpreter.engine import laws
    laws.refresh(game)
    assert [len(game.cities[s].own_choices) for s in range(3)] == [1, 0, 1]


def test_saves_copies_and_invariants_hold_the_revealed_cards(decrees):
    game = Game(decrees, 3, seed=4)
    game.decision()
    copy = game_from_data(decrees, game_to_data(game))
    assert copy.revealed == game.revealed and game.clone().revealed == game.revealed
    assert where_cards_are(game) == expected_cards(game)


@pytest.mark.parametrize("bot", ["random", "greedy", "heuristic", "mcts:iterations=4"])
def test_whole_games(decrees, bot):
    game = Game(decrees, 3, seed=2)
    game.play([make_bot(bot, s) for s in range(3)])
    assert game.finished and sum(len(b) for b in game.revealed) == 3


def test_written_back_as_it_reads():
    text = ('card "D" {\n    deck "decrees"  color grey\n    law while revealed and coins <= 2: produces wood\n}\n'
            'rules "R" {\n    phase "p" before age I { reveal 2 cards from deck "decrees" }\n}\n')
    tree, problems = parse_text(text, "d.wonders")
    assert not problems
    printed = "".join(print_item(i) for i in tree.items)
    assert "law while revealed and coins <= 2: produces wood" in printed
    assert 'reveal 2 cards from deck "decrees"' in printed


@pytest.mark.parametrize("change, code, line", [
    ('add phase "decree I" before age I { reveal 1 card from deck "decree" }', "E1702", 3),
    ('add phase "decree I" before age I { reveal 9 cards from deck "decrees" }', "E1705", 3),
])
def test_a_misused_reveal_is_a_located_error(tmp_path, change, code, line):
    text = DECREES.replace('add phase "decree I" before age I { reveal 1 card from deck "decrees" }', change)
    found = errors(checked(tmp_path, text))
    assert found and found[0] == (code, line), found


def test_a_revealed_law_off_a_card_is_a_located_error(tmp_path):
    text = DECREES.replace('    add card "Open Roads" {', '    add law while revealed: produces stone\n    add card "Open Roads" {')
    found = errors(checked(tmp_path, text))
    assert found and found[0] == ("E2042", 6), found


def test_the_prompt_shows_the_cards_on_the_table(decrees):
    from interpreter.commands.human import HumanDecider
    game = Game(decrees, 3, seed=4)
    decision = game.decision()
    shown = []
    HumanDecider(ask=lambda question: "1", echo=shown.append).decide(game, 0, decision.kind, decision.options)
    at = shown.index("On the table:")
    assert _shown(game)[0] in shown[at + 1]
