"""The novel part of a move's worth (valuation.Appraisal.novel): the points of the score
lines a variant added or replaced, which the adaptive bot weighs apart so that a fit to a
variant can answer the rule change itself (weighing.py, fitting.py)."""

from __future__ import annotations

import pytest
from functools import lru_cache

from interpreter.bots.fitting import fit, schedule
from interpreter.bots.rulemodel import rule_model
from interpreter.bots.valuation import Appraiser
from interpreter.bots.weighing import novel_indices, start_weights
from interpreter.check.load import check_paths
from interpreter.compile import compile_rules
from interpreter.engine.game import Game

BLUE_BONUS = """variant "Blue bonus" {
    changes "7 Wonders, first edition"
    add score civilian: 2 per blue card
}
"""


@lru_cache(maxsize=None)
def rules(*variants):
    return compile_rules(check_paths(None, list(variants)).ruleset)


@lru_cache(maxsize=None)
def blue_bonus():
    """The rules with a variant adding a score line (written to a file of its own)."""
    import tempfile
    from pathlib import Path
    path = Path(tempfile.mkdtemp()) / "blue-bonus.wonders"
    path.write_text(BLUE_BONUS, encoding="utf-8")
    return rules(str(path))


def lines(tables):
    from interpreter.syntax.printer import expr as expr_text
    novel = rule_model(tables, 4).novel_lines
    return {expr_text(s.value): id(s.value) in novel for s in tables.rules.scores}


def test_the_lines_a_variant_added_or_replaced_are_novel_and_no_other():
    assert lines(rules()) and not any(lines(rules()).values())
    replaced = lines(rules("science-sets-worth-10"))
    assert [text for text, novel in replaced.items() if novel] == ["each symbol squared + 10 per complete set"]
    assert not any(lines(rules("harsh-defeats")).values())       # a variant of no score line


def test_a_cards_novel_part_is_the_points_the_variants_line_gives_it():
    base, changed = rules(), blue_bonus()
    for seed in range(30):
        game = Game(changed, 4, seed=seed)
        blue = [c for c in game.hands[0] if changed.cards[c].color == "blue"]
        if blue:
            break
    else:
        raise AssertionError("no blue card in 30 first hands")
    worth = Appraiser(game, 0).card_worth(blue[0])
    plain = Appraiser(Game(base, 4, seed=seed), 0).card_worth(blue[0])
    assert worth.novel == 2 and worth.points == plain.points + 2
    assert plain.novel == 0


def test_a_fit_leaves_the_novel_weights_as_they_start_where_no_score_line_changed():
    result = fit(rules("harsh-defeats"), 3, generations=1, games=2, workers=1, check=False)
    assert [result.weights[i] for i in novel_indices()] == [start_weights()[i] for i in novel_indices()]
    moved = fit(blue_bonus(), 3, generations=1, games=2, workers=1, check=False)
    assert [moved.weights[i] for i in novel_indices()] != [0.0, 0.0]


def test_a_variants_fit_plays_every_game_against_the_players_who_did_not_learn_it():
    assert {kind for _s, _seat, kind in schedule(0, 0, 4, 16, selfplay=False)} == {"reference"}
    assert {kind for _s, _seat, kind in schedule(0, 0, 4, 16)} == {"self", "reference"}


def test_a_moves_worth_is_linear_in_the_weights_so_their_scale_plays_no_part():
    """Why the fit holds one weight fixed (weighing.ANCHOR): every weight times k plays as
    the weights do, so a search left free to change the scale wanders along it for nothing,
    and at the bounds clips the largest weights, changing the ratios that do matter."""
    from interpreter.bots.valuation import weigh_options
    from interpreter.engine.actions import legal_actions
    tables = rules()
    game = Game(tables, 4, seed=5)
    options = legal_actions(game, 0)
    appraiser = Appraiser(game, 0)
    weights = (1.0, 0.0, 0.0, 0.0, 1.5, 1.5, 1.0, 1.0, 1.0, 1.0, 0.5, 0.3)
    plain = weigh_options(appraiser, options, weights, 0.4, stage=0.7)
    tripled = weigh_options(appraiser, options, [3 * w for w in weights], 3 * 0.4, stage=3 * 0.7)
    assert len(set(plain)) > 2
    assert all(abs(3 * a - b) < 1e-9 for a, b in zip(plain, tripled) if a != -100.0)


@pytest.mark.slow
def test_a_fit_holds_the_last_ages_points_at_their_face_value():
    from interpreter.bots.weighing import ANCHOR, NAMES
    assert NAMES[ANCHOR] == "points@last"
    for tables in (rules(), blue_bonus()):
        result = fit(tables, 3, generations=2, games=2, workers=1, check=False)
        assert result.weights[ANCHOR] == 1.0
        assert result.weights != start_weights()           # the other weights did move
