"""lab/teams.py measures whether knowing the team rules wins the Cities team game: its
team-blind bot must see a game without teams while the game it plays stays a team game."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

from interpreter.bots import make_bot
from interpreter.bots.view import Memory, SeatView
from interpreter.engine.game import Game

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def teams():
    spec = importlib.util.spec_from_file_location("lab_teams", ROOT / "lab" / "teams.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module._init_worker()
    yield module
    module._TABLES.clear()


def test_the_blind_reading_has_no_teams_and_the_game_keeps_them(teams):
    tables, blind = teams._TABLES
    assert tables.rules.team_size == 2 and tables.rules.partners_face_other
    assert blind.rules.team_size is None and not blind.rules.partners_face_other
    game = Game(tables, 4, seed=1, sides="A")
    seen = SeatView(teams._BlindGame(game, blind), 0, "turn", Memory())
    assert dict(seen.partner_hands) == {}
    assert list(SeatView(game, 0, "turn", Memory()).partner_hands) == [1]
    assert game.tables.rules.team_size == 2              # the game itself is untouched


def test_a_blind_bot_decides_otherwise_somewhere_in_a_game(teams):
    tables, blind = teams._TABLES
    differ = []

    class Probe:                                         # plays as the knowing bot, asks both
        picks_moves = False

        def __init__(self, seat):
            self.seat, self.name = seat, "probe"

        def decide(self, game, seat, kind, options, choose=None):
            knowing = make_bot("heuristic", 7).decide(game, seat, kind, options, choose)
            blind_bot = teams.BlindSeat(make_bot("heuristic", 7), blind).decide(game, seat, kind, options, choose)
            differ.append(knowing != blind_bot)
            return knowing

    game = Game(tables, 4, seed=5, sides="random")
    game.play([Probe(s) for s in range(4)])
    assert game.finished and any(differ) and not all(differ)


def test_one_game_is_scored_for_the_knowing_team_on_either_side(teams):
    for i in (0, 1):                                     # knowing team first, then last
        number, won, known, other = teams.play_one((i, 4, "greedy", False))
        assert number == i and isinstance(won, bool)
        assert len(known) == 1 and len(other) == 1


def test_the_script_runs_and_reports_an_interval():
    done = subprocess.run([sys.executable, "lab/teams.py", "--games", "4", "--workers", "1", "--bot", "greedy"],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "teams: 4 games, 4 players (2 teams of 2), bot greedy" in done.stdout
    assert "95 % CI" in done.stdout and "fair share 50.0 %" in done.stdout
