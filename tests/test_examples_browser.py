"""Every figure shows a game, in a real browser and at the command line: `compare --format
json` gives each figure its example games with the command that replays them, the HTML
report lists them in its verdict and tables and names a seed in its charts' hover text,
and the studio's Weigh opens an example in Play at the turn where its figure shows."""

from __future__ import annotations

import json
import re
import shlex

import pytest

from browser import browser, new_page  # noqa: F401  (the module's browser fixture)
from conftest import call_cli
from studio_server import folder, studio  # noqa: F401  (module fixtures)
from test_studio_browser import page  # noqa: F401  (a studio page that fails on a script error)

from interpreter.sim.records import game_seed

pytestmark = pytest.mark.slow


def compare_json(*extra):
    result = call_cli("compare", "--quiet", "--players", "3", "--games", "16", "--workers", "1", "--seed", "9",
                     "--bots", "greedy", "--variant", "science-sets-worth-10", *extra)   # no fit: quick
    assert result.returncode == 0, result.stderr
    return result


def test_compare_json_names_each_figures_games_and_their_replay(tmp_path):
    result = compare_json("--format", "json", "--out", str(tmp_path / "runs"))
    data = json.loads(result.stdout)
    records = {}
    for side in "ab":
        for line in (tmp_path / "runs" / f"{side}.jsonl").read_text().splitlines():
            record = json.loads(line)
            if "game" in record and "seats" in record:
                records[side, record["game"]] = record
    science = next(f for f in data["figures"] if f["figure"] == "science points per city")
    assert science["difference"] > 0 and science["examples"]
    for example in science["examples"]:
        a, b = records["a", example["game"]], records["b", example["game"]]
        seat = example["seat"] - 1
        moved = b["seats"][seat]["scores"]["science"] - a["seats"][seat]["scores"]["science"]
        assert example["value"] == moved > 0 and example["seed"] == game_seed(9, example["game"]) == b["seed"]
        replay = shlex.split(example["replay"])
        assert replay[:2] == ["wonders", "play"] and replay[replay.index("--seed") + 1] == str(example["seed"])
        assert replay[replay.index("--variant") + 1] == "science-sets-worth-10" and "--variant" not in example["replay_a"]
    # the largest move first: no other city moved more
    most = max(b["seats"][k]["scores"]["science"] - records["a", g]["seats"][k]["scores"]["science"]
               for (side, g), b in records.items() if side == "b" for k in range(3))
    assert science["examples"][0]["value"] == most
    assert len(data["verdict_examples"]) == len(data["verdict"])


def test_the_reports_list_examples_and_their_charts_name_a_seed(tmp_path, browser):  # noqa: F811
    report = tmp_path / "compare.html"
    text = compare_json("--report", str(report)).stdout
    for line in [ln for ln in text.splitlines() if ln.startswith("  ") and "→" in ln]:
        assert re.search(r", e\.g\. game \d+ \(seed \d+\)$", line), line        # the verdict's lines in the terminal
    shown = new_page(browser, viewport={"width": 1200, "height": 1000})
    errors = []
    shown.on("pageerror", lambda err: errors.append(str(err)))
    shown.goto(report.as_uri())
    shown.wait_for_selector("#chart-wonders .main-svg", timeout=30000)
    headers = shown.locator("table#figures th").all_inner_texts()
    assert headers[-1] == "example games"
    science = shown.locator("table#figures tr", has_text="science points per city").first
    assert re.fullmatch(r"game \d+ \(seed \d+\)(; game \d+ \(seed \d+\))*", science.locator("td").last.inner_text())
    for item in shown.locator(".verdict li").all():
        if item.locator(".example").count():
            assert re.search(r"e\.g\. game \d+ \(seed \d+\)", item.inner_text())
            assert item.locator("code.replay").inner_text().startswith("wonders play ")
    hover = shown.evaluate("document.getElementById('chart-wonders').data[0].customdata.map(c => c[1]).join('|')")
    assert re.search(r"e\.g\. game \d+ \(seed \d+\)", hover)
    shown.close()
    simulated = tmp_path / "simulate.html"
    result = call_cli("simulate", "--quiet", "--players", "3", "--games", "12", "--workers", "1", "--bots", "greedy",
                     "--report", str(simulated))          # --bots: the default players would fit for a minute first
    assert result.returncode == 0, result.stderr
    shown = new_page(browser, viewport={"width": 1200, "height": 1000})
    shown.on("pageerror", lambda err: errors.append(str(err)))
    shown.goto(simulated.as_uri())
    shown.wait_for_selector("#chart-seats .main-svg", timeout=30000)
    cells = shown.locator("table#cards tbody tr td:last-child").all_inner_texts()
    assert cells and all(re.fullmatch(r"game \d+ \(seed \d+\)(; game \d+ \(seed \d+\))*", c) for c in cells)
    hover = shown.evaluate("document.getElementById('chart-seats').data[0].customdata.map(c => c[1]).join('|')")
    assert re.search(r"e\.g\. game \d+ \(seed \d+\)", hover)
    shown.close()
    assert errors == []


def test_weigh_opens_an_example_in_play_at_the_turn_it_names(page):  # noqa: F811
    page.click('#tabs button[data-panel="weigh"]')
    page.select_option("#panel-weigh select[name=variant]", "variants/cheap-trade.wonders")
    page.fill("#panel-weigh input[name=players]", "3")
    page.fill("#panel-weigh input[name=games]", "3")
    page.select_option("#panel-weigh select[name=bots]", "greedy")      # no fit: a quick comparison
    page.check("#panel-weigh input[name=arc]")
    page.click("#panel-weigh button.primary")
    page.wait_for_selector("#panel-weigh .report-frame", timeout=120000)
    arc = page.locator("#panel-weigh .figures button.example-game[data-side=b][title*='after turn']").first
    title = arc.get_attribute("title")
    turn = int(re.search(r"opened at after turn (\d+)", title).group(1))
    seed = int(re.search(r"\(seed (\d+)\)", title).group(1))
    arc.click()
    page.wait_for_function("window.__studio.play && window.__studio.play.replay", timeout=60000)
    shown = page.evaluate("window.__studio.play")
    assert shown["replay"]["seed"] == seed and shown["replay"]["turn"] == turn and shown["node"] == turn
    assert not page.locator("#panel-play").is_hidden()
    assert f"Game of seed {seed} as its bots played it, opened after turn {turn}" in page.inner_text(".play-message")
    current = page.locator("#panel-play .play-line button.current")
    assert current.get_attribute("data-node") == str(turn)
    # the game's end, as the end example of a game figure says
    page.click('#tabs button[data-panel="weigh"]')
    end = page.locator("#panel-weigh .figures button.example-game[data-side=b][title*=\"the game's end\"]").first
    end.click()
    page.wait_for_function("window.__studio.play && window.__studio.play.finished", timeout=60000)
    assert "Final scores" in page.inner_text("#panel-play .play-scores")
