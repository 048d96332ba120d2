"""The statistics of the arc of a game (sim/arc.py) and of the skill-tier matrix
(sim/skill.py), on games written by hand so that each figure is known in advance."""

from __future__ import annotations

import random

import pytest

from interpreter.sim.arc import ArcPairs, ArcTally, game_arc
from interpreter.sim.compare import Pairs
from interpreter.sim.record_check import problem
from interpreter.sim.skill import (LESS, MORE, PairTally, PairTwins, gap, outcome, pairs_of, seatings,
                                   skill_comparison, skill_line, split)


def game(index: int, arc: list[list[int]], wins: list[float], teams: list[int] | None = None, bots=None) -> dict:
    """A record with only what the figures read: the arc, each seat's win share and bot."""
    seats = [{"seat": k + 1, "win": w, "bot": (bots or ["x"] * len(wins))[k], "total": arc[-1][1 + k]}
             for k, w in enumerate(wins)]
    if teams:
        for seat, team in zip(seats, teams):
            seat["team"] = team
    return {"game": index, "seed": 1000 + index, "arc": arc, "seats": seats}


# after each turn: the age, then seat 1, 2, 3's totals
SWINGS = [[1, 2, 0, 0],      # 1 leads
          [1, 2, 3, 0],      # 2 takes the lead (change 1); the winner 3 trails
          [1, 3, 3, 1],      # 1 and 2 tie: nobody takes it, the lead stays with 2
          [2, 5, 3, 6],      # 3 takes it (change 2): age 1 ended at turn 3, seat 3 was last then
          [2, 7, 3, 6],      # 1 takes it (change 3): the winner trails again
          [3, 7, 3, 9]]      # 3 takes it (change 4) and wins


def test_lead_changes_decided_turn_and_the_last_city_after_the_first_age():
    arc = game_arc(game(0, SWINGS, [0.0, 0.0, 1.0]))
    assert arc["lead_changes"] == 4 and arc["last_change"] == 6
    assert arc["decided_after"] == 5 and arc["turns"] == 6          # trailed last at turn 5
    assert arc["last_turn"] == 3 and arc["last_wins"] == 1.0        # last after age 1 (3 against 1 and 3)


def test_a_winner_never_behind_is_decided_after_turn_0_and_a_tie_for_last_shares_the_win():
    arc = game_arc(game(0, [[1, 1, 0, 0], [2, 2, 2, 1], [3, 4, 5, 1]], [0.0, 1.0, 0.0]))
    # seat 2 trails seat 1 at turn 1 (0 < 1), ties at turn 2: the game is decided after turn 1
    assert arc["decided_after"] == 1
    arc = game_arc(game(0, [[1, 1, 0, 0], [2, 2, 1, 1], [3, 5, 4, 1]], [1.0, 0.0, 0.0]))
    assert arc["decided_after"] == 0 and arc["lead_changes"] == 0
    # seats 2 and 3 tie last after age 1 (turn 1): the one who wins takes half the figure
    assert game_arc(game(0, [[1, 1, 0, 0], [2, 2, 1, 1], [3, 3, 9, 1]], [0.0, 1.0, 0.0]))["last_wins"] == 0.5


def test_a_team_game_is_read_by_team():
    # seats 1 and 3 are team 1, seats 2 and 4 team 2; seat 1 leads alone but team 2 leads
    arc = game_arc(game(0, [[1, 5, 3, 0, 3], [2, 5, 4, 0, 4]], [0.5, 0.0, 0.5, 0.0], teams=[1, 2, 1, 2]))
    assert arc["sides"] == 2 and arc["decided_after"] == 2 and arc["last_wins"] == 1.0


def test_no_arc_no_figure():
    assert game_arc({"game": 0, "seed": 1, "seats": []}) is None
    assert ArcTally().summary() is None


def test_the_tally_s_figures_and_examples_do_not_depend_on_the_order_of_the_games():
    games = [game(i, SWINGS if i % 3 == 0 else [[1, 1, 0, 0], [2, 2, 1, 1], [3, 5, 4, 1]],
                  [0.0, 0.0, 1.0] if i % 3 == 0 else [1.0, 0.0, 0.0]) for i in range(9)]
    tallies = []
    for order in range(3):
        shuffled = games[:]
        random.Random(order).shuffle(shuffled)
        tally = ArcTally()
        for record in shuffled:
            tally.add(record)
        tallies.append(tally.summary())
    assert tallies[0] == tallies[1] == tallies[2]
    summary = tallies[0]
    assert summary["lead_changes"]["mean"] == pytest.approx(4 / 3)          # 3 games of 4 changes in 9
    assert summary["lead_changes"]["example"] == {"game": 0, "seed": 1000, "value": 4, "turn": 6}
    assert summary["decided_after"]["example"]["game"] == 0 and summary["decided_after"]["example"]["turn"] == 5
    last = summary["last_after_first_age"]
    assert last["rate"] == pytest.approx(3 / 9) and last["fair"] == pytest.approx(1 / 3)
    assert last["low"] < last["rate"] < last["high"]


def test_compare_pairs_the_arc_figures_of_twin_games():
    pairs = ArcPairs()
    calm = [[1, 1, 0, 0], [2, 2, 1, 1], [3, 5, 4, 1]]
    for i in range(4):
        pairs.add(game(i, calm, [1.0, 0.0, 0.0]), game(i, SWINGS, [0.0, 0.0, 1.0]))
    by_name = {name: p for name, _kind, p in pairs.paired()}
    changes = by_name["lead changes per game"]
    assert changes.n == 4 and float(changes.a) == 0 and float(changes.b) == 16
    assert float(by_name["win rate of the city last after the first age"].b) == 4


def test_compare_lists_the_arc_figures_in_their_own_section():
    records = [dict(game(i, SWINGS, [0.0, 0.0, 1.0]), players=3, turns=6, rules="r", variants=[]) for i in range(3)]
    for record in records:
        for seat in record["seats"]:
            seat.update(wonder="W", side="A", scores={"civilian": seat["total"]}, built=[], stages=0)
    pairs = Pairs()
    for record in records:
        pairs.add(record, record)
    summary = {"categories": [], "cards": []}
    figures = [f for f in pairs.figures(summary, summary) if f["section"] == "arc"]
    assert [f["figure"] for f in figures] == ["lead changes per game", "turn after which the winner no longer trails",
                                              "win rate of the city last after the first age"]
    assert all(f["difference"] == 0 and not f["significant"] for f in figures)


def test_a_damaged_arc_is_refused_with_its_field():
    seat = {"seat": 1, "wonder": "W", "side": "A", "bot": "random", "scores": {"civilian": 3}, "total": 3,
            "coins": 0, "rank": 1, "win": 1.0, "stages": 0, "built": []}
    record = {"game": 0, "seed": 1, "players": 1, "rules": "r", "variants": [], "turns": 2, "seats": [seat],
              "arc": [[1, 2], [2, 3]]}
    assert problem(record, 1, "r") is None
    assert problem({**record, "arc": [[1, 2]]}, 1, "r") == '"arc" must be a list of 2 turns (one per turn of ' \
                                                           'the game), not [[1, 2]]'
    assert problem({**record, "arc": [[1, 2], [2, "x"]]}, 1, "r") == '"arc"[1] must be an age and 1 totals, ' \
                                                                     'not [2, "x"]'


# ---------------------------------------------------------------- the skill-tier matrix
def test_seatings_alternate_and_an_odd_table_puts_each_tier_in_the_majority_half_the_games():
    assert seatings("w", "s", 4) == [("w", "s", "w", "s")]
    assert seatings("w", "s", 3) == [("w", "s", "w"), ("s", "w", "s")]
    assert split(7, 2) == [4, 3] and split(6, 1) == [6]
    assert pairs_of(["a", "b", "c"]) == [("a", "b"), ("a", "c"), ("b", "c")]


def test_a_pair_s_win_rate_is_the_stronger_tier_s_share_of_the_wins_beside_its_share_of_the_seats():
    tally = PairTally("w", "s")
    bots = ["w", "s", "w"]
    for i, wins in enumerate([[0, 1, 0], [0, 0.5, 0.5], [1, 0, 0], [0, 1, 0]]):
        tally.add(outcome(game(i, [[1, 0, 0, 0]], wins, bots=bots), "s"))
    tally.add({"game": 9, "seed": 5, "error": "boom", "replay": "wonders play"})
    summary = tally.summary()
    assert summary["games"] == 4 and summary["win"]["rate"] == pytest.approx(2.5 / 4)
    assert summary["fair"] == pytest.approx(1 / 3)
    assert summary["upset"] == {"game": 2, "seed": 1002, "value": pytest.approx(1 / 3)}
    assert summary["failed"] == [{"game": 9, "seed": 5, "error": "boom", "replay": "wonders play"}]


def test_the_skill_gap_is_the_mean_excess_with_an_interval_that_stays_open_at_a_clean_sweep():
    sweep = {"games": 50, "fair": 0.5, "win": {"rate": 1.0, "low": 0.93, "high": 1.0}}
    even = {"games": 50, "fair": 0.5, "win": {"rate": 0.5, "low": 0.37, "high": 0.63}}
    found = gap([sweep, even, {"games": 0}])
    assert found["pairs"] == 2 and found["mean"] == pytest.approx(0.25) and found["ci"] > 0.05
    assert gap([{"games": 0}]) is None


def _twins(shares_a, shares_b) -> PairTwins:
    pair = PairTwins("w", "s")
    for i, (a, b) in enumerate(zip(shares_a, shares_b)):
        pair.add({"game": i, "seed": i, "share": a, "fair": 0.5}, {"game": i, "seed": i, "share": b, "fair": 0.5})
    return pair


def test_a_variant_that_levels_the_tiers_rewards_skill_less_and_one_that_widens_them_more():
    levelled = _twins([1.0] * 80 + [0.0] * 20, [1.0] * 50 + [0.0] * 50)        # 80% -> 50%
    same = _twins([1.0, 0.0] * 50, [1.0, 0.0] * 50)                           # 50% -> 50%, every game alike
    result = skill_comparison([levelled, same], 4, ["w", "s"], "base", "v")
    first, second = result["changes"]
    assert first["a"] == pytest.approx(0.8) and first["b"] == pytest.approx(0.5) and first["significant"]
    assert first["difference"] == pytest.approx(-0.3) and first["p_holm"] >= first["p"]
    assert second["difference"] == 0 and second["p"] == 1.0 and not second["significant"]
    assert result["verdict"] == [skill_line(first)] and result["verdict"][0].endswith(LESS)
    assert result["gap"]["difference"] == pytest.approx(-0.15) and result["gap"]["significant"]
    widened = skill_comparison([_twins([1.0, 0.0] * 50, [1.0] * 90 + [0.0] * 10)], 4, ["w", "s"], "base", "v")
    assert widened["verdict"][0].startswith("s against w: 50.0% → 90.0% (+40.0 points, ±")
    assert widened["verdict"][0].endswith(MORE)


def test_a_lead_by_less_than_a_point_does_not_pass_the_lead():
    # rollouts' means jitter: seat 2 a hair ahead of seat 1 is no lead change, a point ahead is
    arc = game_arc(game(0, [[1, 5, 0, 0], [1, 5, 5.5, 0], [2, 5, 6, 0]], [0.0, 1.0, 0.0]))
    assert arc["lead_changes"] == 1 and arc["last_change"] == 3


def test_a_position_is_valued_by_rollouts_the_same_in_any_process_and_by_its_totals_at_the_end():
    from interpreter.engine.game import Game
    from interpreter.sim.arc import position_values
    from interpreter.sim.records import RunOptions
    from interpreter.sim.worker import load_tables
    tables, _ = load_tables(RunOptions(3))
    game = Game(tables, 3, 11, "random")
    before = [c.coins for c in game.cities], list(game.hands[0])
    values = position_values(game, 3, 11, 1)
    assert values == position_values(game, 3, 11, 1) != position_values(game, 3, 11, 2)
    assert ([c.coins for c in game.cities], list(game.hands[0])) == before          # the game is left as it was
    assert all(v > 0 for v in values)


def test_an_upset_keeps_the_command_that_plays_it_again():
    from interpreter.sim.records import RunOptions
    options = RunOptions(3, ("w", "s", "w"), rotate_bots=True)
    upset = outcome(game(4, [[1, 0, 0, 0]], [1.0, 0.0, 0.0], bots=["w", "s", "w"]), "s", options)
    assert upset["replay"].startswith("wonders play --players 3 --seed ") and upset["replay"].endswith("--bots w,w,s")
    assert "replay" not in outcome(game(4, [[1, 0, 0, 0]], [0.0, 1.0, 0.0], bots=["w", "s", "w"]), "s", options)
    tally = PairTally("w", "s")
    tally.add(upset)
    assert tally.summary()["upset"]["replay"] == upset["replay"]
