"""Play in a real browser (Debian's Chromium driven by Playwright): start a game, play a
whole age by clicking moves, step back, branch with another move and see another position,
save and load it, with no script error in the console.  With WONDERS_SCREENSHOTS=1 the
picture of docs/studio.md's Play section goes to docs/images/."""

from __future__ import annotations

import json
import shutil

import pytest

from browser import browser, new_context, screenshot_path  # noqa: F401  (the module's browser fixture)
from conftest import ROOT
from studio_server import Studio, folder, studio  # noqa: F401  (module fixtures)

pytest.importorskip("starlette")

HOSTILE = '<img src=x onerror=window.pwned=1><script>window.pwned=2</script>'


def open_play(browser, server):  # noqa: F811
    context = new_context(browser, viewport={"width": 1500, "height": 950})
    page = context.new_page()
    problems: list[str] = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" and "status of 400" not in m.text
            and "status of 409" not in m.text else None)
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.goto(server.url)
    page.wait_for_function("window.__studio && window.__studio.ready")
    page.wait_for_selector("#status:text('ready')")
    page.click('#tabs button[data-panel="play"]')
    page.wait_for_selector('#panel-play select[name="edition"] option', state="attached")
    page.wait_for_selector("#panel-play .play-message:has-text('Choose the rules')")
    return context, page, problems


def start(page, players: str = "3", seed: str = "2") -> None:
    page.select_option('#panel-play select[name="players"]', players)
    assert page.locator('#panel-play select[name="bot"]').count() == int(players) - 1
    for seat in page.locator('#panel-play select[name="bot"]').all():
        seat.select_option("greedy")
    page.select_option('#panel-play select[name="sides"]', "A")
    page.fill('#panel-play input[name="seed"]', seed)
    page.click('#panel-play button[name="start"]')
    page.wait_for_selector("#panel-play .play-hand .move")


def position(page) -> dict:
    return page.evaluate("window.__studio.play")


def click_move(page, nth: int = 0) -> None:
    """Click a move (the nth button of the hand) and wait for the bots' answer."""
    before = position(page)["node"]
    page.locator("#panel-play .play-hand .move").nth(nth).click()
    page.wait_for_function("before => window.__studio.play.node !== before && "
                           "!document.querySelector('#panel-play').classList.contains('busy')", arg=before)


def city_text(page) -> str:
    return page.inner_text("#panel-play .play-cities")


@pytest.mark.slow
def test_play_an_age_by_clicking_step_back_branch_save_and_load(browser, studio, folder, tmp_path):  # noqa: F811
    context, page, problems = open_play(browser, studio)
    start(page)
    assert position(page) == {"node": position(page)["node"], "turn": 1, "age": "I", "finished": False}
    assert page.locator("#panel-play .play-hand figure.play-card img.drawing").count() == 7
    assert page.locator("#panel-play .city").count() == 3
    assert page.locator("#panel-play .city.you .board img.drawing").count() == 1      # your wonder side, drawn
    assert "Left neighbour" in city_text(page) and "Right neighbour" in city_text(page)
    # a whole age, clicking the first move each time (the cheapest way to play the first card)
    for turn in range(1, 7):
        assert position(page)["turn"] == turn and position(page)["age"] == "I"
        click_move(page)
    assert position(page)["age"] == "II" and position(page)["turn"] == 1
    assert "tokens" in city_text(page) and "no tokens" not in page.inner_text("#panel-play .city.you")
    page.screenshot(path=str(screenshot_path("studio-play.png", tmp_path)))
    # step back to age I turn 3, then branch: sell a card instead of building
    for _ in range(4):
        page.click('#panel-play button[name="back"]')
        page.wait_for_function("window.__studio.play && !document.querySelector('#panel-play').classList.contains('busy')")
    assert (position(page)["age"], position(page)["turn"]) == ("I", 3)
    old_line = city_text(page)
    page.click('#panel-play button[name="forward"]')
    page.wait_for_function("window.__studio.play.turn === 4")
    followed = city_text(page)
    page.click('#panel-play button[name="back"]')
    page.wait_for_function("window.__studio.play.turn === 3")
    assert city_text(page) == old_line
    sells = page.locator("#panel-play .play-hand .move.sell")
    before_node = position(page)["node"]
    sells.first.click()
    page.wait_for_function("before => window.__studio.play.node !== before && window.__studio.play.turn === 4",
                           arg=before_node)
    assert city_text(page) != followed                       # another move, another position
    page.click('#panel-play button[name="back"]')
    page.wait_for_function("window.__studio.play.turn === 3")
    assert page.locator("#panel-play .play-branches button.branch").count() == 2   # both lines kept
    page.locator("#panel-play .play-branches button.branch").last.click()
    page.wait_for_function("window.__studio.play.turn === 4")
    branched = city_text(page)
    # save here, go elsewhere, load it back
    page.fill('#panel-play input[name="save-path"]', "branch.json")
    page.click('#panel-play button[name="save"]')
    page.wait_for_selector("#panel-play .play-message:has-text('Saved branch.json')")
    assert "wonders play --load branch.json" in page.inner_text("#panel-play .play-message")
    assert json.loads((folder / "branch.json").read_text(encoding="utf-8"))["format"].startswith("wonders-save/")
    page.click('#panel-play button[name="forward"]') if page.is_enabled('#panel-play button[name="forward"]') else None
    click_move(page)
    assert position(page)["turn"] == 5
    page.select_option('#panel-play select[name="load-path"]', "branch.json")
    page.click('#panel-play button[name="load"]')
    page.wait_for_function("window.__studio.play.turn === 4")
    assert city_text(page) == branched
    # saving again under the same name asks first
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.accept()))
    page.fill('#panel-play input[name="save-path"]', "branch.json")
    page.click('#panel-play button[name="save"]')
    page.wait_for_selector("#panel-play .play-message:has-text('Saved branch.json')")
    assert dialogs == ["branch.json exists: replace it?"]
    # the page's game outlives a reload of the page
    page.reload()
    page.wait_for_function("window.__studio && window.__studio.ready")
    page.click('#tabs button[data-panel="play"]')
    page.wait_for_function("window.__studio.play && window.__studio.play.turn === 4")
    assert city_text(page) == branched
    # a file that is not a position: said in words
    (folder / "zz-not-a-position.json").write_text('{"hello": 1}', encoding="utf-8")
    page.fill('#panel-play input[name="save-path"]', "x.json")
    page.evaluate("""() => { const s = document.querySelector('#panel-play select[name="load-path"]');
        s.append(new Option('zz-not-a-position.json', 'zz-not-a-position.json')); s.value = 'zz-not-a-position.json' }""")
    page.click('#panel-play button[name="load"]')
    page.wait_for_selector("#panel-play .play-message.error:has-text('is not a saved position')")
    context.close()
    assert problems == [], problems


@pytest.fixture
def hostile_studio(tmp_path):
    target = tmp_path / "content"
    shutil.copytree(ROOT / "content", target, ignore=shutil.ignore_patterns("second-edition"))
    for name in ("age1.wonders", "age2.wonders", "age3.wonders", "guilds.wonders"):
        path = target / name
        path.write_text(path.read_text(encoding="utf-8").replace('"Lumber Yard"', f'"{HOSTILE}"'), encoding="utf-8")
    server = Studio(target)
    yield server
    server.stop()


@pytest.mark.slow
def test_names_from_content_show_as_text_in_play(browser, hostile_studio):  # noqa: F811
    context, page, problems = open_play(browser, hostile_studio)
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    start(page, players="7", seed="1")
    for _ in range(6):
        if page.locator(f'#panel-play figcaption:text-is("{HOSTILE}"), #panel-play .chip:text-is("{HOSTILE}")').count():
            break
        click_move(page)
    assert page.locator(f'#panel-play figcaption:text-is("{HOSTILE}"), #panel-play .chip:text-is("{HOSTILE}")').count() >= 1
    assert page.evaluate("window.pwned") is None and dialogs == []
    assert page.locator("img[src='x'], body script").count() == 0
    context.close()
    assert problems == [], problems
