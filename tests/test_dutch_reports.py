"""`compare --lang nl`: the figures' names in Dutch in the text and in the HTML report, the
report opened in Chromium; the JSON keeps the English names (data)."""

from __future__ import annotations

import pytest

import json

from browser import browser, new_page  # noqa: F401 - a fixture
from conftest import call_cli

COMPARE = ("compare", "--bots", "random", "--players", "3", "--games", "12", "--workers", "1", "--quiet", "--variant", "age-stipend")


@pytest.mark.slow
def test_compare_names_its_figures_in_dutch_and_keeps_english_data():
    shown = call_cli(*COMPARE, "--lang", "nl", "--all-cards")
    assert shown.returncode == 0, shown.stderr
    text = shown.stdout
    for dutch in ("score van de winnaar", "rondes per spel", "bruine kaarten per stad", "gebouwde Wonder fasen per stad",
                  "punten voor Militaire Conflicten per stad", "winstkans van plaats 1", "winstkans van Gizeh ",
                  "winstkans van bot random", "steden die Marktplaats bouwen", "Let op: random past zich niet aan"):
        assert dutch in text, dutch
    for english in ("win rate of", "score of", "points per city", "per city", "cities building", "Note:"):
        assert english not in text, english
    data = json.loads(call_cli(*COMPARE, "--lang", "nl", "--format", "json").stdout)
    figures = {f["figure"] for f in data["figures"]}
    assert {"winning score", "win rate of seat 1", "cities building Marketplace", "brown cards per city"} <= figures
    assert all(line.split(":")[0] in figures for line in data["verdict"])


@pytest.mark.slow
def test_the_dutch_compare_report_in_a_browser(tmp_path, browser):  # noqa: F811
    report = tmp_path / "vergelijking.html"
    result = call_cli(*COMPARE, "--lang", "nl", "--report", str(report))
    assert result.returncode == 0, result.stderr
    page = new_page(browser, viewport={"width": 1200, "height": 1000})
    errors = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.goto(report.as_uri())
    for chart in ("chart-strategy", "chart-wonders", "chart-categories"):
        page.wait_for_selector(f"#{chart} .main-svg", timeout=30000)
    assert errors == []
    assert page.evaluate("document.documentElement.lang") == "nl"
    assert page.title() == "wonders compare: age-stipend tegen basis"
    assert page.locator("p.facts").inner_text().startswith("12 spellen aan elke kant, met dezelfde seeds.")
    assert page.locator("p.note").inner_text().startswith("Let op: random past zich niet aan")
    headers = page.locator("table#figures th").all_inner_texts()
    assert headers[0] == "cijfer" and "verschil (95%-BI)" in headers and "significant" in headers
    names = page.locator("table#figures td:first-child").all_inner_texts()
    assert "score van de winnaar" in names and "winstkans van plaats 2" in names
    assert not [n for n in names if "win rate" in n or "per city" in n], names
    assert "ja" in page.locator("table#figures td:nth-child(6)").all_inner_texts()
    assert "voorbeeldspellen" in headers                                  # each figure's example games
    assert any(cell.startswith("spel ") for cell in page.locator("table#figures td:last-child").all_inner_texts())
    strategy = page.locator("#chart-strategy .xtick").all_text_contents()
    assert "bruine kaarten" in strategy and "gebouwde Wonder fasen" in strategy
    categories = page.locator("#chart-categories .xtick").all_text_contents()
    assert "Militaire Conflicten" in categories
    verdict = page.locator("ul.verdict li").all_inner_texts()
    assert verdict and not [line for line in verdict if "points" in line or "per city" in line]
    page.close()
