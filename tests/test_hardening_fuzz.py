"""Hand-edited (or hostile) logs, saves and score tables never make a command fail with an
internal error: a valid document is damaged at random places with random JSON values, and
the work `replay`, `moves` and `score` do on it must either succeed or be refused with the
command's own error (exit status 1), never any other exception (exit status 70).

WONDERS_FUZZ_SCALE=20 python -m pytest tests/test_hardening_fuzz.py runs 20 times more examples.
"""

from __future__ import annotations

import copy
import json
import os
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import ROOT

SCALE = max(1, int(os.environ.get("WONDERS_FUZZ_SCALE", "1")))
FUZZ = settings(max_examples=80 * SCALE, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

ODD_TEXT = st.sampled_from(["", "²", "٣", "\x1b[2J", "\x07", "P1", "Rhodos", "A", "B", "random", "turn",
                            "build Baths (I)", "Baths@1", "x" * 300, "\u202e", "\ud7ff"])
ODD_NUMBERS = st.sampled_from([0, 1, -1, 2, 3, 7, 625, 2 ** 32, -(2 ** 63), 10 ** 400])  # json.loads refuses 4,300+ digits
LEAVES = st.one_of(st.none(), st.booleans(), ODD_NUMBERS, st.integers(), st.floats(allow_nan=True),
                   ODD_TEXT, st.text(max_size=5))
VALUES = st.recursive(LEAVES, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                       st.dictionaries(ODD_TEXT, inner, max_size=3)),
                      max_leaves=8)


@lru_cache(maxsize=1)
def tables():
    from interpreter.check.load import check_paths
    from interpreter.compile import compile_rules
    return compile_rules(check_paths(None).ruleset)


@lru_cache(maxsize=1)
def documents():
    """A short finished game's log, a save from its middle, and the documented score table."""
    from interpreter.engine.game import Game
    from interpreter.bots.seats import make_deciders
    from interpreter.views import play_log as play, replay
    game = Game(tables(), 3, 11, "A", [], None)
    game.options["variants"], game.options["names"] = [], [c.name for c in game.cities[:3]]
    game.play(make_deciders(["random"], 3, 11, None))
    log = play.log_data(game, ["random"])
    middle = replay.run_replay(tables(), log, 9).game
    save = replay.state_data(middle)
    table = json.loads((ROOT / "docs" / "examples" / "table.json").read_text(encoding="utf-8"))
    return json.dumps(log), json.dumps(save), json.dumps(table)


def _paths(value, here=()):
    """Every place in a JSON document: each object member and list item, nested."""
    yield here
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, here + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value[:12]) if len(value) > 12 else enumerate(value):
            yield from _paths(item, here + (index,))


def _damage(document: dict, data) -> dict:
    damaged = copy.deepcopy(document)
    for _ in range(data.draw(st.integers(1, 3))):
        where = data.draw(st.sampled_from(list(_paths(damaged))))
        if not where:
            continue
        parent = damaged
        for step in where[:-1]:
            parent = parent[step]
        action = data.draw(st.sampled_from(["replace", "remove", "duplicate"]))
        if action == "remove":
            del parent[where[-1]]
        elif action == "duplicate" and isinstance(parent, list):
            parent.append(copy.deepcopy(parent[where[-1]]))
        else:
            parent[where[-1]] = data.draw(VALUES)
    return damaged


@pytest.mark.slow
@FUZZ
@given(st.data())
def test_a_damaged_log_is_replayed_or_refused(data):
    from interpreter.views import replay
    log = _damage(json.loads(documents()[0]), data)
    to_turn = data.draw(st.sampled_from([None, 0, 5, 40]))
    try:
        game, done, _turns = replay.run_replay(tables(), log, to_turn)
    except replay.ReplayFailure:
        return
    replay.state_text(game, done)
    json.dumps(replay.state_data(game))
    replay.replay_json(game)


@pytest.mark.slow
@FUZZ
@given(st.data())
def test_a_damaged_save_is_loaded_or_refused(data):
    from interpreter.engine.save_fields import SaveError
    from interpreter.engine.saves import game_from_data
    from interpreter.views import replay
    save = _damage(json.loads(documents()[1]), data)
    try:
        game = game_from_data(tables(), save)
    except SaveError:
        return
    replay.moves_text(game)
    json.dumps(replay.moves_data(game))


@FUZZ
@given(st.data())
def test_a_damaged_score_table_is_scored_or_refused(data):
    from interpreter.views.play_log import score_table
    from interpreter.views.score_table import TableError, score_table_data
    table = _damage(json.loads(documents()[2]), data)
    try:
        result = score_table_data(tables(), table)
    except TableError:
        return
    pad = tables().rules.score_pad
    score_table(pad, [p["name"] for p in result["players"]],
                [{k: p[k] for k in pad} for p in result["players"]], result["winners"])
    json.dumps(result)
