"""The HTML reports open in a real browser (Debian's chromium, headless): the charts
render, the card table sorts, no script fails and nothing is fetched from the network.

`python tests/test_report.py` remakes the screenshots in docs/images/ from the worked
example of docs/simulate.md.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from browser import browser, chromium, new_page, skip_reason  # noqa: F401  (the module's browser fixture)
from conftest import ROOT, call_cli

pytestmark = pytest.mark.slow       # (pyproject.toml: what `slow` means)


def open_report(browser, html: Path, screenshot: Path | None, charts: list[str]):  # noqa: F811
    """Open the report in a page of `browser`, wait for the charts, and return what the page did."""
    seen = {"errors": [], "requests": []}
    page = new_page(browser, viewport={"width": 1200, "height": 1000})
    try:
        page.on("pageerror", lambda err: seen["errors"].append(str(err)))
        page.on("console", lambda msg: seen["errors"].append(msg.text) if msg.type == "error" else None)
        page.on("request", lambda request: seen["requests"].append(request.url))
        page.goto(html.as_uri())
        for chart in charts:
            page.wait_for_selector(f"#{chart} .main-svg")
        seen["charts"] = page.locator(".js-plotly-plot").count()
        seen["bars"] = page.locator("#chart-wonders .point").count()
        seen["page"] = page
        if page.locator("table.sortable").count():
            table = page.locator("table.sortable").first
            table.locator("th").last.click()
            first = table.locator("tbody tr").first.locator("td").last.get_attribute("data-value")
            table.locator("th").last.click()
            last_first = table.locator("tbody tr").first.locator("td").last.get_attribute("data-value")
            seen["sorted"] = (float(first), float(last_first))
            table.locator("th").last.click()
        if screenshot is not None:
            page.evaluate("window.scrollTo(0, 0)")
            page.screenshot(path=str(screenshot))
        del seen["page"]
    finally:
        page.close()
    return seen


needs_browser = pytest.mark.skipif(skip_reason() is not None, reason=str(skip_reason()))


@needs_browser
def test_the_simulate_report_renders_in_a_browser(browser, tmp_path):  # noqa: F811
    report = tmp_path / "report.html"
    result = call_cli("simulate", "--workers", "1", "--bots", "random", "--quiet", "--players", "4", "--games", "30", "--report", str(report))
    assert result.returncode == 0, result.stderr
    seen = open_report(browser, report, tmp_path / "report.png",
                       ["chart-wonders", "chart-seats", "chart-scores", "chart-categories", "chart-shares",
                        "chart-strategy"])
    assert seen["errors"] == []
    assert [url for url in seen["requests"] if not url.startswith("file:")] == []
    assert seen["charts"] == 6 and seen["bars"] == 14          # 7 wonders x 2 sides
    ascending, descending = seen["sorted"]
    assert ascending <= descending
    assert (tmp_path / "report.png").stat().st_size > 10000


@needs_browser
def test_the_compare_report_renders_in_a_browser(browser, tmp_path):  # noqa: F811
    report = tmp_path / "compare.html"
    result = call_cli("compare", "--workers", "1", "--bots", "random", "--quiet", "--players", "3", "--games", "20", "--variant", "cheap-trade",
                     "--report", str(report))
    assert result.returncode == 0, result.stderr
    seen = open_report(browser, report, None, ["chart-strategy", "chart-wonders", "chart-categories", "chart-shares",
                                      "chart-scores"])
    assert seen["errors"] == [] and seen["charts"] == 5
    assert [url for url in seen["requests"] if not url.startswith("file:")] == []
    assert "Verdict" in report.read_text(encoding="utf-8")


def team_rows(browser, page_html: Path) -> list[list[str]]:  # noqa: F811
    """The cells of the report's team table, as a page of `browser` shows them."""
    page = new_page(browser, viewport={"width": 1200, "height": 1000})
    try:
        page.goto(page_html.as_uri())
        if not page.locator("table#teams").count():
            return []
        return [[cell.inner_text() for cell in row.locator("td").all()]
                for row in page.locator("table#teams tbody tr").all()]
    finally:
        page.close()


@needs_browser
def test_the_simulate_report_of_a_team_game_has_the_team_table(browser, tmp_path):  # noqa: F811
    report = tmp_path / "teams.html"
    result = call_cli("simulate", "--workers", "1", "--quiet", "--expansion", "cities", "--variant", "teams", "--players", "4",
                     "--games", "4", "--bots", "greedy", "--report", str(report))
    assert result.returncode == 0, result.stderr
    seen = open_report(browser, report, None, ["chart-wonders", "chart-seats", "chart-teams"])
    assert seen["errors"] == []
    rows = team_rows(browser, report)
    assert [r[0] for r in rows] == ["1", "2"] and all(r[1] == "4" for r in rows)
    rates = [float(r[2].split("%")[0]) for r in rows]
    assert sum(rates) == pytest.approx(100, abs=0.2)          # one team wins each game (or shares it)
    plain = tmp_path / "plain.html"
    assert call_cli("simulate", "--workers", "1", "--quiet", "--players", "4", "--games", "2", "--bots", "greedy",
                   "--report", str(plain)).returncode == 0
    assert team_rows(browser, plain) == []                              # no teams, no team table


@needs_browser
def test_the_compare_report_of_a_team_game_has_the_team_table(browser, tmp_path):  # noqa: F811
    report = tmp_path / "compare-teams.html"
    result = call_cli("compare", "--workers", "1", "--quiet", "--expansion", "cities", "--against", "teams", "--variant", "teams",
                     "--variant", "cheap-trade", "--players", "4", "--games", "4", "--bots", "greedy",
                     "--report", str(report))
    assert result.returncode == 0, result.stderr
    seen = open_report(browser, report, None, ["chart-wonders"])
    assert seen["errors"] == []
    rows = team_rows(browser, report)
    assert [r[0] for r in rows] == ["1", "2"] and all(len(r) == 5 for r in rows)
    for side in (1, 3):                                        # each side: one team wins each game
        assert sum(float(r[side].split("%")[0]) for r in rows) == pytest.approx(100, abs=0.2)


def test_a_report_in_a_missing_folder_is_refused_before_any_game():
    result = call_cli("simulate", "--workers", "1", "--bots", "random", "--quiet", "--players", "3", "--games", "5", "--report", "/no/such/dir/r.html")
    assert result.returncode == 2 and "--report" in result.stderr and "does not exist" in result.stderr


if __name__ == "__main__":        # remake the screenshots of docs/simulate.md
    images = ROOT / "docs" / "images"
    images.mkdir(exist_ok=True)
    html = Path("/tmp/wonders-science-10.html")
    made = call_cli("compare", "--quiet", "--players", "4", "--games", "1000", "--bots", "greedy",
                   "--variant", "science-sets-worth-10", "--report", str(html), timeout=1800)
    if made.returncode != 0:
        sys.exit(made.stderr)
    with chromium() as launched:
        open_report(launched, html, images / "compare-report.png", ["chart-wonders"])
    html = Path("/tmp/wonders-simulate.html")
    call_cli("simulate", "--quiet", "--players", "4", "--games", "1000", "--bots", "greedy",
            "--report", str(html), timeout=1800)
    with chromium() as launched:
        open_report(launched, html, images / "simulate-report.png", ["chart-wonders"])
    print("wrote", images / "compare-report.png", images / "simulate-report.png")
