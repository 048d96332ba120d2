"""The team game of 7 Wonders: Cities (content/expansions/cities/variants/teams.wonders):
teams of two seated side by side, partners who never fight and fight their other
neighbour twice, diplomacy that halves a border instead of emptying a seat, partners who
see each other's hands, a team's summed score, and full games through the CLI.  The facts
are docs/expansions.md's ("Cities rules")."""

from __future__ import annotations

import json
import random
from functools import lru_cache

import pytest

from interpreter.check.load import check_paths
from interpreter.compile import compile_rules
from interpreter.engine.game import Game, RulesError

from conftest import call_variant, call_cli


@lru_cache(maxsize=1)
def tables():
    result = check_paths(None, ("teams",), "first-edition+cities")
    assert result.ruleset is not None, result.diagnostics
    return compile_rules(result.ruleset)


FOUR = ["Babylon", "Olympia", "Rhodos", "Gizah"]


def at_age_end(shields, diplomats=()):
    game = Game(tables(), len(shields), 0, "A", (FOUR + ["Ephesos", "Alexandria"])[:len(shields)])
    for city, n in zip(game.cities, shields):
        city.shields = n
    for seat in diplomats:
        game.cities[seat].kept["diplomacy"] = 1
    game.do("end_age")
    return [sorted(c.tokens) for c in game.cities]


def test_the_variant_makes_teams_of_two_whose_partners_face_their_other_neighbour():
    rules = tables().rules
    assert rules.team_size == 2
    assert rules.partners_face_other == ("age end",)
    assert rules.sit_out == (("diplomacy", "age end", True),)


def test_partners_never_fight_and_each_fights_its_other_neighbour_twice():
    # seats 0 & 1 are a team, 2 & 3 the other: the borders 1|2 and 3|0 are fought twice
    assert at_age_end([3, 1, 2, 0]) == [[1, 1], [-1, -1], [1, 1], [-1, -1]]


def test_at_six_players_every_border_between_teams_is_fought_twice():
    tokens = at_age_end([0, 1, 2, 3, 4, 5])
    # 0 faces 5, 1 faces 2, 2 faces 1, 3 faces 4, 4 faces 3, 5 faces 0
    assert tokens == [[-1, -1], [-1, -1], [1, 1], [-1, -1], [1, 1], [1, 1]]


def test_diplomacy_in_the_team_game_fights_the_border_once_instead_of_leaving_the_table():
    tokens = at_age_end([3, 1, 2, 0], diplomats=[1])
    assert tokens == [[1, 1], [-1], [1], [-1, -1]]     # the border 1|2 once; 3|0 twice as usual


def test_a_diplomat_gives_its_token_up_and_the_log_says_so():
    game = Game(tables(), 4, 0, "A", FOUR)
    game.cities[2].kept["diplomacy"] = 2
    game.do("end_age")
    assert game.cities[2].kept == {"diplomacy": 1}
    assert {"event": "faces once", "seat": 2, "kind": "diplomacy", "at": "age end"} in game.log


def test_a_team_scores_its_players_summed_and_both_partners_win():
    game = Game(tables(), 4, 0, "A", FOUR)
    pads = [{"civilian": n} for n in (10, 2, 5, 6)]     # teams: 12 against 11
    assert game.winners(pads) == [0, 1]
    pads = [{"civilian": n} for n in (10, 2, 6, 6)]     # 12 against 12: the team's coins decide
    for city, coins in zip(game.cities, (1, 1, 3, 0)):
        city.coins = coins
    assert game.winners(pads) == [2, 3]


@pytest.mark.parametrize("players", [3, 5, 7])
def test_an_odd_table_cannot_play_the_team_game(players):
    with pytest.raises(RulesError, match=rf"teams of 2\) plays with 4, 6, 8 players, not {players}"):
        Game(tables(), players, 0)


def test_partners_see_each_others_hands_and_only_theirs():
    from interpreter.bots.determinize import sample_game
    from interpreter.bots.view import Memory, SeatView
    game = Game(tables(), 4, 2, "A")
    view = SeatView(game, 0, "turn", Memory())
    assert dict(view.partner_hands) == {1: tuple(game.hands[1])}
    seen = [sample_game(game, 0, Memory(), random.Random(k)) for k in range(5)]
    assert all(sorted(s.hands[1]) == sorted(game.hands[1]) for s in seen)        # known
    assert any(sorted(s.hands[2]) != sorted(game.hands[2]) for s in seen)        # sampled


@pytest.mark.parametrize("statement,code,message", [
    ("set partners face their other neighbour instead at age end", "E1215", "the rules make no teams"),
    ("set teams of 1 seated side by side", "E1206", "a team has at least 2 players"),
])
def test_misused_team_statements_are_errors(tmp_path, statement, code, message):
    result = call_variant(tmp_path, statement)
    assert result.returncode == 1
    assert code in result.stdout and message in result.stdout


@pytest.mark.slow
def test_the_team_variant_is_found_only_with_the_pack():
    result = call_cli("play", "--players", "4", "--variant", "teams")
    assert result.returncode == 2 and "teams: no such variant" in result.stderr
    result = call_cli("check", "--expansion", "cities")
    assert result.returncode == 0 and "9 variant(s) in variants/ checked" in result.stdout


@pytest.mark.slow
@pytest.mark.parametrize("players", [4, 6, 8])
def test_a_full_team_game_through_the_cli_repeats_and_is_won_by_a_team(players):
    args = ("play", "--expansion", "cities", "--variant", "teams", "--players", str(players), "--seed", "6",
            "--sides", "A", "--bots", "heuristic,greedy", "--format", "json")
    first, second = call_cli(*args), call_cli(*args)
    assert first.returncode == 0, first.stderr
    assert first.stdout == second.stdout
    data = json.loads(first.stdout)
    names = [p["name"] for p in data["players"]]
    teams = data["teams"]
    assert [t["players"] for t in teams] == [names[k:k + 2] for k in range(0, players, 2)]
    totals = {p["name"]: p["total"] for p in data["players"]}
    assert all(t["total"] == sum(totals[n] for n in t["players"]) for t in teams)
    best = max(t["total"] for t in teams)
    assert any(set(data["winners"]) == set(t["players"]) for t in teams if t["total"] == best)
    # partners never took a token against each other
    partner = {names[k]: names[k ^ 1] for k in range(players)}
    seat = {n: k for k, n in enumerate(names)}
    for event in data["log"]:
        if event["event"] == "token" and event.get("against") is not None:
            assert event["against"] != seat[partner[names[event["seat"]]]]


def test_the_text_score_pad_shows_each_team():
    result = call_cli("play", "--expansion", "cities", "--variant", "teams", "--players", "4", "--seed", "3",
                     "--bots", "heuristic")
    assert result.returncode == 0, result.stderr
    assert "Team     total  coins" in result.stdout and "P1 & P2" in result.stdout and "P3 & P4" in result.stdout


def test_a_person_at_the_terminal_sees_the_partners_hand():
    import os
    import subprocess
    import sys
    from conftest import ROOT
    game = Game(tables(), 4, 5, "random")
    result = subprocess.run([sys.executable, "-c", "import cli; cli.run()", "play", "--expansion", "cities",
                             "--variant", "teams", "--players", "4", "--seed", "5", "--human", "2"],
                            input="1\n" * 300, capture_output=True, text=True, cwd=ROOT,
                            env=dict(os.environ, PYTHONPATH=str(ROOT)), timeout=120)
    assert result.returncode == 0, result.stderr
    first = result.stdout.split("Your partner ")[1].splitlines()
    assert first[0].endswith(" holds:")
    t = tables()
    partner_first_hand = {t.ruleset.cards[i].name for i in game.hands[0]}       # P2 plays; its partner is P1
    shown = "\n".join(first[1:9])
    assert all(name in shown for name in partner_first_hand)


@pytest.mark.slow
def test_simulate_summarises_the_teams():
    result = call_cli("simulate", "--workers", "1", "--expansion", "cities", "--variant", "teams", "--players", "4", "--games", "2",
                     "--bots", "greedy")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    at = lines.index("By team (score: the team's total)")
    rows = [line.split() for line in lines[at + 3:at + 5]]
    assert [r[0] for r in rows] == ["1", "2"] and all(r[1] == "2" for r in rows)
    rates = [float(r[2].rstrip("%")) for r in rows]
    assert sum(rates) == pytest.approx(100, abs=0.2)          # one team wins each game (or shares it)


def test_the_summary_of_team_records_counts_a_team_win_once():
    from interpreter.sim.summary import summarise
    seat = {"wonder": "Babylon", "side": "A", "bot": "greedy", "scores": {}, "coins": 0, "rank": 1,
            "stages": 0, "built": [], "strategy": {}}
    record = {"game": 0, "seed": 0, "players": 4, "rules": "x", "variants": ["teams"], "turns": 21, "seats": [
        {**seat, "seat": 1, "team": 1, "total": 50, "win": 0.5}, {**seat, "seat": 2, "team": 1, "total": 40, "win": 0.5},
        {**seat, "seat": 3, "team": 2, "total": 60, "win": 0.0}, {**seat, "seat": 4, "team": 2, "total": 20, "win": 0.0}]}
    summary = summarise([record])
    assert [(t["team"], t["win"]["rate"], t["score"]["mean"]) for t in summary["teams"]] == [(1, 1.0, 90), (2, 0.0, 80)]
    assert summary["facts"]["tie"]["rate"] == 0.0 and summary["facts"]["margin"]["mean"] == 10
