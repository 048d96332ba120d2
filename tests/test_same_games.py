"""For fixed seeds every game is the game it was: every shipped rule set and variant, 2
to 7 players, each side choice, compared by a fingerprint of the whole log and the
scores with tests/data/same_games.json, recorded before the engine became a machine of
decision points (issue 17).  See tests/same_games.py."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import same_games

RECORDED = json.loads((Path(__file__).parent / "data" / "same_games.json").read_text(encoding="utf-8"))
CASES = list(same_games.cases())


def test_the_record_covers_every_case():
    assert sorted(RECORDED) == sorted(same_games.key(*case) for case in CASES)


@pytest.mark.parametrize("rules, variant", same_games.SETS)
def test_the_games_of_a_rule_set_are_the_recorded_ones(rules, variant):
    for case in CASES:
        if case[:2] == (rules, variant):
            assert same_games.play(*case) == RECORDED[same_games.key(*case)], case
