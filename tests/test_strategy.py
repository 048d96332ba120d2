"""Strategy figures (issue 16): what each city built and kept, per side in simulate and
compare, leading compare's verdict; the note that bots with set values do not adapt; and
the cards of each colour dealt, with the note that a rise is bounded by them."""

from __future__ import annotations

import pytest

from browser import browser, new_page  # noqa: F401 - a fixture
from conftest import ROOT, call_cli, call_json, run_cli


@pytest.mark.slow
def test_every_city_records_its_strategy_and_the_summary_averages_it():
    result, data = call_json("simulate", "--players", "3", "--games", "6", "--workers", "1", "--quiet",
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
    result = call_cli("simulate", "--bots", "random", "--players", "3", "--games", "4", "--workers", "1", "--quiet")
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
    result = call_cli("compare", "--players", "3", "--games", "4", "--workers", "1", "--quiet",
                     "--variant", "selling-gives-2", "--bots", "greedy,heuristic")
    assert result.returncode == 0, result.stderr
    assert "Note: greedy, heuristic do not adapt to the rule change" in result.stdout
    assert "Strategy (per city)" in result.stdout
    result = call_cli("compare", "--players", "3", "--games", "2", "--workers", "1", "--quiet",
                     "--variant", "selling-gives-2", "--bots", "adaptive:generations=1,games=2")
    assert result.returncode == 0, result.stderr
    assert "do not adapt" not in result.stdout and "does not adapt" not in result.stdout


def _played(players: int, expansion: str | None = None):
    from interpreter.check.load import check_paths
    from interpreter.compile import compile_rules
    from interpreter.bots import make_bot
    from interpreter.engine.game import Game
    from interpreter.paths import expansion_packs
    paths = [str(ROOT / "content"), str(expansion_packs()[expansion])] if expansion else None
    tables = compile_rules(check_paths(paths).ruleset)
    game = Game(tables, players, seed=11)
    game.play([make_bot("random", s) for s in range(players)])
    return game


@pytest.mark.parametrize("players, expansion", [(4, None), (2, None), (5, "leaders")])
def test_the_cards_dealt_per_city_count_every_deal_and_bound_what_was_built(players, expansion):
    from interpreter.sim.strategy import dealt_per_city
    game = _played(players, expansion)
    dealt = dealt_per_city(game)
    cities = len(game.cities)
    hands = sum(len(h) for e in game.log if e.get("event") in ("age", "deal") for h in e["hands"])
    drawn = sum(len(e["cards"]) for e in game.log if e.get("event") == "draw")
    assert sum(dealt.values()) * cities == pytest.approx(hands + drawn)
    for name, per_city in dealt.items():     # no city builds a card that was not dealt
        built = sum(city.colors.get(name.removesuffix(" cards"), 0) for city in game.cities)
        assert built <= per_city * cities + 1e-9, name
    if expansion is None:                    # three ages of 7 cards a hand (the Free City's too)
        assert sum(dealt.values()) == pytest.approx(21)
    else:                                    # and 4 leaders a player
        assert dealt["white cards"] >= 4


def test_a_rise_is_bounded_when_the_players_build_nearly_all_the_cards_dealt():
    from interpreter.sim.strategy import bounded
    rise = {"difference": 0.23, "a": 3.01, "b": 3.24, "dealt_a": 3.25, "dealt_b": 3.25}
    assert bounded(rise)
    assert not bounded({**rise, "b": 2.6, "difference": 0.2})         # room left: 80 % of the cards
    assert not bounded({**rise, "difference": -0.1})                  # a fall is not bounded by the supply
    assert not bounded({k: v for k, v in rise.items() if k != "dealt_b"})   # stages, coins: no supply


@pytest.mark.slow
def test_compare_notes_a_rise_bounded_by_the_cards_dealt(tmp_path):
    report = tmp_path / "compare.html"
    result = call_cli("compare", "--players", "4", "--games", "40", "--workers", "1", "--quiet", "--bots", "heuristic",
                     "--variant", str(ROOT / "bench" / "variants" / "grey-worth-3.wonders"), "--report", str(report))
    assert result.returncode == 0, result.stderr
    assert "Note: rises bounded by the cards dealt" in report.read_text(encoding="utf-8")
    verdict = result.stdout.split("\n\n")[1]
    assert "grey cards per city: 0." in verdict
    assert "Note: rises bounded by the cards dealt (under grey-worth-3" in verdict
    assert "grey cards per city 0." in verdict and " of 1.50 dealt" in verdict
    strategy = result.stdout.split("Strategy (per city)\n", 1)[1].split("\n\n", 1)[0].splitlines()
    assert strategy[0].split()[-1] == "dealt"
    assert strategy[3].startswith("grey cards per city") and strategy[3].endswith(" 1.50")
    assert strategy[-1].startswith("cards sold per city") and not strategy[-1].endswith("1.50")
    result, data = call_json("compare", "--players", "4", "--games", "40", "--workers", "1", "--quiet",
                            "--bots", "heuristic", "--variant", str(ROOT / "bench" / "variants" / "grey-worth-3.wonders"))
    assert "grey cards per city" in data["bounded"]
    grey = next(f for f in data["figures"] if f["figure"] == "grey cards per city")
    assert grey["dealt_a"] == grey["dealt_b"] == 1.5


def test_the_summary_shows_the_cards_dealt_beside_the_cards_built():
    result, data = call_json("simulate", "--bots", "random", "--players", "4", "--games", "3", "--workers", "1", "--quiet")
    assert result.returncode == 0, result.stderr
    by_name = {f["figure"]: f for f in data["strategy"]}
    assert by_name["purple cards"]["dealt_per_city"] == 1.5        # players + 2 guilds of 4 players
    assert "dealt_per_city" not in by_name["wonder stages"]
    result = call_cli("simulate", "--bots", "random", "--players", "4", "--games", "3", "--workers", "1", "--quiet")
    assert "95% CI  dealt" in result.stdout


def _section(title: str) -> str:
    text = (ROOT / "docs" / "simulate.md").read_text(encoding="utf-8")
    return text.split(f"### {title}\n", 1)[1].split("\n### ", 1)[0].split("\n## ", 1)[0]


def test_simulate_md_s_example_of_players_who_run_out_of_cards_prints_what_it_shows(tmp_path, monkeypatch):
    """The example's compare, with the fits it names (lab/records/adaptive-fits, copied so
    nothing is written there), must print its verdict's lines and its note as the doc shows
    them.  Those fits are keyed by the content's fingerprint: after a change to the content
    they are stale (lab/adaptive.py's docstring: how to make them again) and the figures
    cannot be checked."""
    import shlex
    import shutil
    from interpreter.bots.fitcache import fit_key
    from interpreter.check.load import check_paths
    from interpreter.compile import compile_rules
    section = _section("When the players run out of cards")
    commands = [shlex.split(line.strip())[1:] for line in section.splitlines() if line.startswith("    wonders ")]
    assert [c[0] for c in commands] == ["train", "compare"], commands
    shown = section.split("```text\n", 1)[1].split("```", 1)[0].splitlines()
    fits = ROOT / "lab" / "records" / "adaptive-fits"
    cache = tmp_path / "cache"
    shutil.copytree(fits / "adaptive", cache / "adaptive")
    variant = commands[1][commands[1].index("--variant") + 1]
    for variants in ([], [str(ROOT / variant)]):
        tables = compile_rules(check_paths(None, variants).ruleset)
        if not (cache / "adaptive" / f"{fit_key(tables, 4)}.json").exists():
            pytest.skip("lab/records/adaptive-fits holds no fit of today's content: the example's figures are stale")
    monkeypatch.setenv("WONDERS_CACHE_DIR", str(cache))
    result = run_cli(*commands[1], "--quiet", "--workers", "2", timeout=600)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    for line in shown:
        if line != "  ...":
            assert line in lines, (line, result.stdout[:3000])


@pytest.mark.slow
def test_the_compare_report_marks_the_cards_dealt_and_notes_the_bounded_rise_in_a_browser(tmp_path, browser):  # noqa: F811
    report = tmp_path / "compare.html"
    result = call_cli("compare", "--players", "4", "--games", "30", "--workers", "1", "--quiet", "--bots", "heuristic",
                     "--variant", str(ROOT / "bench" / "variants" / "grey-worth-3.wonders"), "--report", str(report))
    assert result.returncode == 0, result.stderr
    page = new_page(browser, viewport={"width": 1200, "height": 1000})
    errors = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.goto(report.as_uri())
    page.wait_for_selector("#chart-strategy .main-svg", timeout=30000)
    assert errors == []
    legend = page.locator("#chart-strategy .legendtext").all_text_contents()
    assert "cards dealt" in legend, legend
    marks = page.evaluate("document.getElementById('chart-strategy').data.find(t => t.name === 'cards dealt')")
    assert marks["x"][:2] == ["brown cards", "grey cards"] and marks["y"][:2] == [4.25, 1.5]
    notes = page.locator("p.note").all_inner_texts()
    assert any(n.startswith("Note: rises bounded by the cards dealt (under grey-worth-3") for n in notes), notes
    page.close()


def test_records_without_the_cards_dealt_show_none_rather_than_a_part_of_them():
    from interpreter.sim.strategy import dealt_means
    new = {"dealt": {"red cards": 3.25, "grey cards": 1.5}}
    assert dealt_means([new, new]) == {"red cards": 3.25, "grey cards": 1.5}
    assert dealt_means([new, {}]) == {}          # an older record among them: no figure, not a biased one
    assert dealt_means([new, {"dealt": {"red cards": 3.25}}]) == {}     # a colour left out of one
    assert dealt_means([]) == {}
