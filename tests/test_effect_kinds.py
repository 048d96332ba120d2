"""Every kind of effect and action has its place in every pass that must handle it
(compile.py, the city's tables, the trigger dispatcher, the decision points, scoring): a
kind left out fails here, never silently in a game (issue 17, item 3).

tests/every_effect.wonders holds every kind of effect and action of the language; its
games run each of them through the engine.  A kind the passes do not know is refused with
UnhandledKind naming the pass."""

from __future__ import annotations

import itertools
from pathlib import Path

import attrs
import pytest

from interpreter.check.load import check_paths
from interpreter.compile import STATIC_KINDS, UnhandledKind, compile_rules
from interpreter.engine.game import Game
from interpreter.syntax import ast
from interpreter.syntax.ast_effects import EFFECT_TYPES
from interpreter.tools.play import make_deciders

EVERY_EFFECT = Path(__file__).parent / "every_effect.wonders"
ACTION_TYPES = (ast.GainCoins, ast.LoseCoins, ast.TakeToken, ast.AtTurnEnd, ast.BuildFromDiscard, ast.CopyCard)


@pytest.fixture(scope="module")
def ruleset():
    result = check_paths([str(EVERY_EFFECT)])
    assert result.ruleset is not None
    return result.ruleset


def _kinds(node, found):
    found.add(type(node))
    if attrs.has(type(node)):
        for field in attrs.fields(type(node)):
            value = getattr(node, field.name)
            for item in value if isinstance(value, tuple) else (value,):
                if attrs.has(type(item)):
                    _kinds(item, found)
    return found


def test_the_fixture_holds_every_kind_of_effect_and_action(ruleset):
    found = set()
    for source in itertools.chain(ruleset.cards, *((s, *s.stages) for w in ruleset.wonders for s in w.sides)):
        for effect in source.effects:
            _kinds(effect, found)
    assert set(EFFECT_TYPES) <= found
    assert set(ACTION_TYPES) <= found
    assert ast.Action.__args__ == ACTION_TYPES          # a new action kind is added here too


def test_every_static_kind_is_added_up_by_the_city():
    """Every effect kind is one of: compiled apart (points, scores, actions, triggers) or
    static, and every static kind has its branch in City._add_static."""
    apart = {ast.Points, ast.Score, ast.WhenBuilt, ast.AtGameEnd, ast.Trigger}
    assert set(EFFECT_TYPES) == apart | set(STATIC_KINDS)


@pytest.mark.parametrize("players", [3, 4])
def test_games_of_every_effect_run_every_kind(ruleset, players):
    tables = compile_rules(ruleset)
    for seed in range(6):
        game = Game(tables, players, seed)
        game.play(make_deciders(["random"], players, seed, None))
        assert game.finished


@attrs.frozen
class Teleport:
    """A kind of effect no pass knows (as if added to the grammar alone)."""
    span: object = None


def test_an_unknown_kind_is_refused_by_each_pass_naming_it(ruleset):
    card = ruleset.cards[0]
    strange = attrs.evolve(ruleset, cards=(attrs.evolve(card, effects=card.effects + (Teleport(),)),)
                           + ruleset.cards[1:])
    with pytest.raises(UnhandledKind, match="compile.py has no place for the effect kind Teleport"):
        compile_rules(strange)
    tables = compile_rules(ruleset)
    game = Game(tables, 3, 0)
    with pytest.raises(UnhandledKind, match="engine/city.py .* Teleport"):
        game.cities[0]._add_static(attrs.evolve(tables.cards[0], static=(Teleport(),)))
    with pytest.raises(UnhandledKind, match="engine/triggers.py .* Teleport"):
        game.events.run(Teleport(), 0, game.events.where(0))
