"""The ages as phases (docs/language.md, "Ages as phases"): `deal N cards from age X`,
`start age X`, `play N turns passing D`, `end age X`; the `age` block as their sugar (the
same games); a variant that changes, replaces or adds an age-like phase; `wonders fmt` and
`wonders rules` on them."""

from __future__ import annotations

import re
from pathlib import Path

import attrs
import pytest

from conftest import call_cli
from interpreter.check.load import check_paths
from interpreter.compile import compile_rules
from interpreter.engine.game import Game
from interpreter.engine.saves import game_from_data, game_to_data
from interpreter.syntax.formatter import layout_text
from interpreter.syntax.parser import parse_text
from interpreter.bots.seats import make_deciders

ROOT = Path(__file__).resolve().parent.parent
BASE = ROOT / "content" / "base.wonders"

# The first edition's ages written as age blocks, as the content was before the ages were
# phases: the sugar must give the very same games.
BLOCKS = '''    age I { hand 7; turns 6; pass left; last card discarded; victory 1 }
    age II { hand 7; turns 6; pass right; last card discarded; victory 3 }
    age III {
        hand 7; turns 6; pass left; last card discarded; victory 5
        add players + 2 random purple cards
    }
'''


def _tables(paths=None, variants=()):
    result = check_paths(paths, list(variants))
    assert result.ruleset is not None, [f"{d.code} {d.message}" for d in result.diagnostics if d.is_error]
    return compile_rules(result.ruleset)


def _variant(tmp_path, body: str, name: str = "v.wonders") -> str:
    path = tmp_path / name
    path.write_text(f'variant "V" {{\n    changes "7 Wonders, first edition"\n{body}}}\n', encoding="utf-8")
    return str(path)


def _play(tables, players: int, seed: int, bots=("random",)) -> Game:
    game = Game(tables, players, seed)
    game.play(make_deciders(list(bots), players, seed, None))
    return game


@pytest.fixture(scope="module")
def with_blocks(tmp_path_factory):
    """The shipped content with its ages written as age blocks."""
    folder = tmp_path_factory.mktemp("blocks")
    for path in (ROOT / "content").glob("*.wonders"):
        text = path.read_text(encoding="utf-8")
        if path == BASE:
            text = re.sub(r'    phase "age I" \{.*?\n    phase "age III" \{.*?\n    \}\n', BLOCKS, text, flags=re.S)
            assert "age I {" in text and '    phase "age' not in text
        (folder / path.name).write_text(text, encoding="utf-8")
    return folder


def test_the_shipped_ages_are_phases_with_the_ages_of_the_rulebook():
    rules = _tables().rules
    assert [p.name for p in rules.phases] == ["age I", "age II", "age III"]
    assert rules.sequence == (0, 1, 2)
    assert [(a.number, a.hand, a.turns, a.direction, a.last_card_discarded, a.victory) for a in rules.ages] == [
        (1, 7, 6, "left", True, 1), (2, 7, 6, "right", True, 3), (3, 7, 6, "left", True, 5)]
    assert [add.count.offset for add in rules.ages[2].random_additions] == [2]


@pytest.mark.parametrize("players", [3, 5, 7])
def test_age_blocks_are_sugar_for_the_same_phases_and_give_the_same_games(with_blocks, players):
    blocks, phases = _tables([str(with_blocks)]), _tables()
    assert [(p.name, p.when, p.age, len(p.steps)) for p in blocks.rules.phases] == \
        [(p.name, p.when, p.age, len(p.steps)) for p in phases.rules.phases]
    assert [attrs.evolve(a, span=None, random_additions=len(a.random_additions)) for a in blocks.rules.ages] == \
        [attrs.evolve(a, span=None, random_additions=len(a.random_additions)) for a in phases.rules.ages]
    for seed in (1, 2):
        one, other = _play(blocks, players, seed), _play(phases, players, seed)
        assert one.log == other.log and one.scores() == other.scores()


def test_a_variant_changes_an_age_by_its_statements(tmp_path):
    worth = _tables(None, [_variant(tmp_path, '    modify phase "age II" { start age II, victory tokens worth 9 }\n')])
    assert [a.victory for a in worth.rules.ages] == [1, 9, 5]
    game = _play(worth, 4, 3)
    ends = [e for e in game.log if e["event"] == "age end"]
    assert len(ends) == 3 and game.finished
    # the age's turns, direction and deal are untouched
    assert [(a.hand, a.turns, a.direction) for a in worth.rules.ages] == [(7, 6, "left"), (7, 6, "right"), (7, 6, "left")]


def test_a_variant_rewrites_an_age_with_longer_turns_passing_the_other_way(tmp_path):
    body = ('    replace phase "age I" {\n        deal 7 cards from age I\n        start age I, victory tokens worth 2\n'
            '        play 7 turns passing right\n        end age I\n    }\n')
    tables = _tables(None, [_variant(tmp_path, body)])
    assert (tables.rules.ages[0].turns, tables.rules.ages[0].direction, tables.rules.ages[0].victory) == (7, "right", 2)
    game = Game(tables, 3, 1)
    first = [list(h) for h in game.hands[:3]]
    game.step(make_deciders(["random"], 3, 1, None))
    assert [sorted(h) for h in game.hands[:3]] != [sorted(h) for h in first]
    # passing right: seat 0 now holds what seat 1 had, less seat 1's card
    assert set(game.hands[0]) <= set(first[1])
    game.play(make_deciders(["random"], 3, 1, None))
    assert sum(1 for e in game.log if e["event"] == "choice" and e["age"] == 1) == 3 * 7
    assert game.finished


def test_an_epilogue_after_the_last_age_plays_turns_and_saves_at_every_decision(tmp_path):
    body = ('    add phase "epilogue" after age III {\n        deal 3 cards from age I\n'
            '        play 2 turns passing right, discarding the last cards\n    }\n')
    tables = _tables(None, [_variant(tmp_path, body)])
    game = Game(tables, 4, 5)
    while (decision := game.decision()) is not None:
        copy = game_from_data(tables, game_to_data(game))
        assert game_to_data(copy) == game_to_data(game)
        decision.choose(0)
    events = [(e["event"], e.get("age"), e.get("phase")) for e in game.log if e["event"] in ("age", "age end", "phase")]
    assert events[-2:] == [("phase", 3, "epilogue"), ("age", 1, None)]
    choices = [e for e in game.log if e["event"] == "choice"]
    assert len(choices) == 4 * (6 * 3 + 2)
    assert game.log[-1]["event"] == "end"


def test_the_misuses_have_their_codes(tmp_path):
    def codes(body):
        return sorted({d.code for d in check_paths(None, [_variant(tmp_path, body)]).diagnostics if d.is_error})
    no_end = '    replace phase "age I" { deal 7 cards from age I; start age I; play 6 turns passing left, discarding the last cards }\n'
    assert codes(no_end) == ["E1706"]
    other = ('    replace phase "age I" { deal 7 cards from age II; start age I; '
             'play 6 turns passing left, discarding the last cards; end age I }\n')
    assert codes(other) == ["E1707"]
    assert codes('    add phase "x" at start of each age { play 1 turn passing left }\n') == ["E1708"]
    assert codes('    add phase "x" before age II { start age II }\n') == ["E1708"]
    assert codes('    set age I { victory 3 }\n') == ["E1709"]
    assert codes('    add phase "x" at start of age II { deal 1 card from age I }\n') == ["E1704"]
    kept = ('    replace phase "age I" { deal 7 cards from age I; start age I; play 6 turns passing left; end age I }\n')
    assert codes(kept) == ["E1201"]                     # the last cards: discarded or not?


def test_fmt_writes_the_ages_back_as_they_read():
    text = BASE.read_text(encoding="utf-8")
    tree, problems = parse_text(text, "base.wonders")
    assert problems == []
    again, problems = parse_text(layout_text(tree.items), "again")
    assert problems == [] and layout_text(again.items) == layout_text(tree.items)
    rules = next(i for i in again.items if type(i).__name__ == "Rules")
    steps = [type(s).__name__ for p in rules.body if type(p).__name__ == "Phase" for s in p.body]
    assert steps == ["DealAge", "StartAge", "PlayTurns", "EndAge"] * 3
    assert 'deal 7 cards from age III, with players + 2 random purple cards' in layout_text(tree.items)
    one, _ = parse_text('variant "V" { changes "R"\n modify phase "age I" { play 1 turn passing left } }\n', "v")
    assert "modify phase \"age I\" { play 1 turn passing left }" in layout_text(one.items)


def test_rules_in_dutch_describe_the_phases_in_order():
    out = call_cli("rules", "--lang", "nl", "--variant", "bonus-draft")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    draft = next(i for i, line in enumerate(lines) if line.startswith('Spelfase "bonus draft" (vóór Tijdperk I)'))
    assert lines[draft + 1].startswith("Tijdperk I: een hand van 7 kaarten")
    assert any(line.startswith('Spelfase "bonus build" (aan het begin van elk Tijdperk)') for line in lines)
    diff = call_cli("rules", "--diff", "--variant", str(ROOT / "bench" / "variants" / "military-3-9-15.wonders"))
    assert diff.returncode == 0, diff.stderr
    assert "-        start age II, victory tokens worth 3" in diff.stdout
    assert "+        start age II, victory tokens worth 9" in diff.stdout


def test_rules_in_words_say_that_a_phase_discards_a_zone():
    """The Leaders pack's `discard the cards of "leaders"` at the start of age III, in words
    (a Dutch table reads the rules in words; English prints the content itself)."""
    out = call_cli("rules", "--expansion", "leaders", "--lang", "nl")
    assert out.returncode == 0, out.stderr
    assert 'Spelfase "last leader" (aan het begin van Tijdperk III): elke speler legt de kaarten uit "leaders" af' \
        in out.stdout.splitlines()
