"""Strategy figures (issue 16): what each city built and kept, per side in simulate and
compare, leading compare's verdict; and the note that bots with set values do not adapt."""

from __future__ import annotations

import pytest

from conftest import run_cli, run_json


@pytest.mark.slow
def test_every_city_records_its_strategy_and_the_summary_averages_it():
    result, data = run_json("simulate", "--players", "3", "--games", "6", "--workers", "1", "--quiet",
                            "--bots", "heuristic")
    assert result.returncode == 0, result.stderr
    names = [f["figure"] for f in data["strategy"]]
    assert names == ["brown cards", "grey cards", "blue cards", "yellow cards", "red cards", "green cards",
                     "purple cards", "wonder stages", "complete science sets", "shields", "coins at the end",
                     "cards sold"]
    by_name = {f["figure"]: f["per_city"] for f in data["strategy"]}
    assert all(f["n"] == 18 for f in by_name.values())
    # every card a city holds has a colour: the colours add up to the cards built
    cards_built = sum(c["build_rate"] for c in data["cards"])
    assert abs(sum(by_name[f"{c} cards"]["mean"] for c in ("brown", "grey", "blue", "yellow", "red", "green",
                                                            "purple")) - cards_built) < 1e-9


def test_sells_are_counted_from_the_game_log():
    from interpreter.check.load import check_paths
    from interpreter.compile import compile_rules
    from interpreter.bots import make_bot
    from interpreter.engine.game import Game
    from interpreter.sim.strategy import city_strategy
    tables = compile_rules(check_paths(None).ruleset)
    game = Game(tables, 3, seed=5)
    game.play([make_bot("random", s) for s in range(3)])
    for seat in range(3):
        sold = sum(1 for e in game.log if e.get("event") == "choice" and e.get("seat") == seat
                   and e["action"].startswith("sell"))
        figures = city_strategy(game, seat)
        assert figures["cards sold"] == sold
        assert figures["coins at the end"] == game.cities[seat].coins
        assert figures["complete science sets"] >= min(game.cities[seat].symbols)


def test_the_summary_text_shows_the_strategy_table():
    result = run_cli("simulate", "--players", "3", "--games", "4", "--workers", "1", "--quiet")
    assert result.returncode == 0, result.stderr
    assert "Strategy (per city, at the game's end)" in result.stdout
    assert "green cards" in result.stdout


def test_compare_leads_its_verdict_with_strategy_shifts():
    from interpreter.sim.compare import verdict
    figures = [{"section": "category", "figure": "science points per city", "kind": "mean", "a": 1.0, "b": 9.0,
                "difference": 8.0, "ci": 0.5, "p": 1e-30, "significant": True},
               {"section": "strategy", "figure": "green cards per city", "kind": "mean", "a": 3.2, "b": 4.9,
                "difference": 1.7, "ci": 0.3, "p": 1e-5, "significant": True},
               {"section": "strategy", "figure": "red cards per city", "kind": "mean", "a": 2.0, "b": 2.1,
                "difference": 0.1, "ci": 0.3, "p": 0.5, "significant": False}]
    assert verdict(figures) == ["green cards per city: 3.20 → 4.90 (+1.70, ±0.30)",
                                "science points per city: 1.00 → 9.00 (+8.00, ±0.50)"]


@pytest.mark.slow
def test_compare_says_when_its_bots_do_not_adapt():
    result = run_cli("compare", "--players", "3", "--games", "4", "--workers", "1", "--quiet",
                     "--variant", "selling-gives-2", "--bots", "greedy,heuristic")
    assert result.returncode == 0, result.stderr
    assert "Note: greedy, heuristic do not adapt to the rule change" in result.stdout
    assert "Strategy (per city)" in result.stdout
    result = run_cli("compare", "--players", "3", "--games", "2", "--workers", "1", "--quiet",
                     "--variant", "selling-gives-2", "--bots", "adaptive:generations=1,games=2")
    assert result.returncode == 0, result.stderr
    assert "do not adapt" not in result.stdout and "does not adapt" not in result.stdout
