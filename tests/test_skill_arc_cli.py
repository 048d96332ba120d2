"""`simulate` and `compare` as a designer runs them: the arc of a game in every summary, and
`--skill`, the skill-tier matrix and how a variant changes it (issue 38 items 3 and 5)."""

from __future__ import annotations

import json
import signal
import subprocess

import pytest

from conftest import call_cli, start_cli, wait_until

pytestmark = pytest.mark.slow       # (pyproject.toml: what `slow` means)


def test_simulate_arc_values_every_turn_and_names_the_game_that_shows_each_figure():
    plain = call_cli("simulate", "--players", "4", "--games", "6", "--bots", "greedy", "--quiet", "--workers", "1")
    assert plain.returncode == 0 and "The arc of a game" not in plain.stdout     # asked for, never paid by default
    args = ("simulate", "--players", "4", "--games", "6", "--bots", "greedy", "--arc", "2", "--quiet")
    text = call_cli(*args, "--workers", "1")
    assert text.returncode == 0, text.stderr
    lines = text.stdout.splitlines()
    at = lines.index("The arc of a game (each city's position valued by rollouts after every turn, 6 games)")
    assert lines[at + 3].startswith("lead changes per game")
    assert lines[at + 6].startswith("win rate of the city last after the first age") and "25.0%" in lines[at + 6]
    result = call_cli(*args, "--workers", "2", "--format", "json")
    data = json.loads(result.stdout)
    arc = data["arc"]
    assert arc["games"] == 6 and 0 <= arc["decided_after"]["mean"] <= 18 and data["options"]["arc"] == 2
    example = arc["lead_changes"]["example"]
    assert example["replay"].startswith("wonders play --players 4 --seed ") and str(example["seed"]) in example["replay"]
    # the game named is the one with the most lead changes: played again alone, it has that many
    from interpreter.sim.arc import game_arc
    from interpreter.sim.records import RunOptions, play_game
    from interpreter.sim.worker import load_tables
    options = RunOptions(4, ("greedy",), arc=2)
    tables, digest = load_tables(options)
    assert game_arc(play_game(tables, options, example["game"], digest))["lead_changes"] == example["value"]


def test_compare_arc_moves_the_arc_figures_with_the_variant():
    args = ("compare", "--variant", "science-sets-worth-10", "--players", "3", "--games", "6", "--quiet", "--bots",
            "greedy", "--arc", "1")
    result = call_cli(*args, "--format", "json")
    assert result.returncode == 0, result.stderr
    arc = {f["figure"]: f for f in json.loads(result.stdout)["figures"] if f["section"] == "arc"}
    assert set(arc) == {"lead changes per game", "turn after which the winner no longer trails",
                        "win rate of the city last after the first age"}
    assert all(f["test"] == "paired" and f["n_a"] == 6 for f in arc.values())
    assert "The arc of a game" in call_cli(*args).stdout.splitlines()


def test_a_run_with_the_arc_is_resumed_only_with_the_arc(tmp_path):
    out = tmp_path / "run.jsonl"
    assert call_cli("simulate", "--players", "3", "--games", "2", "--arc", "1", "--quiet", "--bots", "random", "--out",
                   str(out)).returncode == 0
    refused = call_cli("simulate", "--players", "3", "--games", "4", "--quiet", "--bots", "random", "--out", str(out),
                      "--resume")
    assert refused.returncode == 2 and "arc 1 (now 0)" in refused.stderr, refused.stderr


def test_simulate_skill_plays_each_pair_of_tiers_with_seats_rotated():
    result = call_cli("simulate", "--players", "3", "--skill", "--tiers", "random,greedy,heuristic", "--games", "6",
                     "--quiet", "--format", "json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["tiers"] == ["random", "greedy", "heuristic"] and data["options"]["games_a_pair"] == 6
    pairs = {(p["stronger"], p["weaker"]): p for p in data["pairs"]}
    assert list(pairs) == [("greedy", "random"), ("heuristic", "random"), ("heuristic", "greedy")]
    assert all(p["games"] == 6 and p["fair"] == pytest.approx(0.5) for p in pairs.values())   # 3 games each way
    assert pairs[("greedy", "random")]["win"]["rate"] > 0.5 and data["gap"]["mean"] > 0
    text = call_cli("simulate", "--players", "4", "--skill", "--tiers", "random,greedy", "--games", "4", "--quiet")
    lines = text.stdout.splitlines()
    assert lines[0] == "Skill tiers at 4 players: each pair alternates round the table, seats rotated, up to 4 " \
                       "games a pair"
    assert lines[-1].startswith("Skill gap: the stronger tier's win rate above its fair share, ")


def test_compare_skill_says_how_the_variant_changes_each_pair():
    result = call_cli("compare", "--variant", "science-sets-worth-10", "--players", "4", "--skill", "--tiers",
                     "greedy,heuristic", "--games", "8", "--quiet", "--format", "json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    [change] = data["changes"]
    assert (change["stronger"], change["weaker"], change["games"]) == ("heuristic", "greedy", 8)
    assert change["difference"] == pytest.approx(change["b"] - change["a"])
    assert data["skill_a"]["pairs"][0]["win"]["rate"] == pytest.approx(change["a"])
    assert data["gap"]["difference"] == pytest.approx(change["difference"])
    text = call_cli("compare", "--variant", "science-sets-worth-10", "--players", "4", "--skill", "--tiers",
                   "greedy,heuristic", "--games", "8", "--quiet")
    assert text.stdout.startswith("Skill tiers, science-sets-worth-10 against base: 4 players, the same deals and "
                                  "seatings on both sides\n")


@pytest.mark.parametrize("args, said", [
    (["simulate", "--skill", "--bots", "greedy"], "--skill chooses its players and keeps no records: it does not "
                                                  "take --bots"),
    (["simulate", "--skill", "--out", "x.jsonl"], "it does not take --out"),
    (["simulate", "--tiers", "random,greedy"], "--tiers goes with --skill"),
    (["simulate", "--skill", "--tiers", "greedy,greedy"], "name at least two different tiers"),
    (["simulate", "--skill", "--tiers", "greedy,gredy"], "unknown bot 'gredy'"),
    (["compare", "--variant", "colosseum", "--skill", "--rotate-bots"], "it does not take --rotate-bots"),
    (["simulate", "--skill", "--arc", "2"], "it does not take --arc"),
    (["compare", "--records", "x.jsonl", "--arc", "2"], "--arc needs both sides' games valued turn by turn"),
])
def test_skill_refuses_what_it_cannot_do_before_any_game(args, said):
    result = call_cli(*args, "--players", "4", "--quiet")
    assert result.returncode == 2 and said in result.stderr and "Traceback" not in result.stderr, result.stderr


def test_ctrl_c_shows_the_pairs_finished_and_exits_130():
    process = start_cli("simulate", "--players", "4", "--skill", "--tiers", "random,greedy", "--games", "100000",
                        "--workers", "1", "--format", "json", stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                        text=True)
    import time
    started = time.monotonic()
    wait_until(lambda: time.monotonic() - started > 4, "a few games")
    process.send_signal(signal.SIGINT)
    stdout, stderr = process.communicate(timeout=60)
    assert process.returncode == 130, stderr
    assert "interrupted" in stderr and "Traceback" not in stderr
    [pair] = json.loads(stdout)["pairs"]
    assert 0 < pair["games"] < 100000


def test_the_skill_reports_render_in_a_browser(tmp_path):
    from browser import chromium, new_page
    report, changed = tmp_path / "skill.html", tmp_path / "skill-compare.html"
    assert call_cli("simulate", "--players", "4", "--skill", "--tiers", "random,greedy,heuristic", "--games", "4",
                   "--quiet", "--report", str(report)).returncode == 0
    assert call_cli("compare", "--variant", "colosseum", "--players", "4", "--skill", "--tiers", "random,greedy",
                   "--games", "4", "--quiet", "--report", str(changed)).returncode == 0
    with chromium() as browser:
        page = new_page(browser)
        errors: list[str] = []
        page.on("pageerror", lambda err: errors.append(str(err)))
        page.goto(report.as_uri())
        page.wait_for_selector("#chart-skill .main-svg")
        assert page.locator("table#skill-pairs tbody tr").count() == 3
        page.goto(changed.as_uri())
        for chart in ("chart-skill-change", "chart-skill-a", "chart-skill-b"):
            page.wait_for_selector(f"#{chart} .main-svg")
        assert page.locator("table#skill-changes tbody tr").count() == 1
        assert errors == []


def test_the_simulate_report_shows_the_arc_with_the_commands_that_replay_its_examples(tmp_path):
    import re
    report = tmp_path / "arc.html"
    result = call_cli("simulate", "--players", "3", "--games", "4", "--arc", "1", "--quiet", "--bots", "random", "--report",
                     str(report))
    assert result.returncode == 0, result.stderr
    page = report.read_text(encoding="utf-8")
    table = re.search(r'<table class="arc" id="arc">.*?</table>', page, flags=re.S).group(0)
    assert table.count("<tr>") == 5 and "lead changes per game" in table      # a header and four figures
    assert re.search(r"<li><code>wonders play --players 3 --seed \d+ ", page)


def test_an_adaptive_tier_is_fitted_first_and_the_matrix_says_which_fit_played():
    result = call_cli("simulate", "--players", "3", "--skill", "--tiers", "heuristic,adaptive:generations=1,games=2",
                     "--games", "2", "--quiet", "--workers", "1")
    assert result.returncode == 0, result.stderr
    assert "Fitted players (adaptive, seed 0): one draw of the fits" in result.stdout
    assert "adaptive:generations=1,games=2  heuristic  2" in result.stdout      # the pair's row names the tier whole
