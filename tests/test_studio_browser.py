"""The studio in a real browser (Debian's Chromium driven by Playwright): write, see, weigh,
as a designer does it, with no script error in the console.  Screenshots go to docs/images/
with WONDERS_SCREENSHOTS=1 (the pictures of docs/studio.md)."""

from __future__ import annotations

import json
from urllib.parse import unquote

import pytest

from browser import browser, screenshot_path  # noqa: F401  (the module's browser fixture)
from conftest import run_cli
from studio_server import Studio, folder, studio  # noqa: F401  (module fixtures)

pytest.importorskip("starlette")


@pytest.fixture
def page(browser, studio):  # noqa: F811
    context = browser.new_context(viewport={"width": 1500, "height": 950})
    opened = context.new_page()
    problems: list[str] = []
    opened.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    opened.on("pageerror", lambda e: problems.append(str(e)))
    opened.goto(studio.url)
    opened.wait_for_function("window.__studio && window.__studio.ready")
    opened.wait_for_selector("#status:text('ready')")
    yield opened
    context.close()
    assert problems == [], problems                 # no script error in the console


def put_cursor(page, path: str, text: str, after: bool = False, within: str = "") -> None:
    """Click into the editor of `path` and put the cursor at `text` (or just after it), the
    first `text` after `within`."""
    page.click(f'#tree button[data-path="{path}"]')
    page.wait_for_selector(f'#editors .editor[data-path="{path}"]:not([hidden])')
    page.evaluate("""([path, text, after, within]) => {
        const view = window.__studio.editors.docs.get(path).view
        const all = view.state.doc.toString()
        const found = all.indexOf(text, all.indexOf(within))
        if (found < 0) throw new Error("no " + text)
        const at = found + (after ? text.length : 0)
        view.dispatch({selection: {anchor: at}, scrollIntoView: true}); view.focus() }""", [path, text, after, within])


def drawn(page) -> str:
    return page.get_attribute("#panel-card img.drawing", "src") or ""


def test_type_an_error_see_its_diagnostic_fix_it_and_see_the_card_change(page, folder, tmp_path):
    page.wait_for_selector("#problem-count.good")
    put_cursor(page, "age1.wonders", 'card "Theater"')
    page.wait_for_selector('#panel-card .drawn.card[data-name="Theater"]')
    before = drawn(page)
    put_cursor(page, "age1.wonders", "points 2", after=True, within='card "Theater"')
    page.keyboard.press("Backspace")
    page.keyboard.type("7")                                     # Theater now gives 7 points
    page.wait_for_function("([before]) => { const img = document.querySelector('#panel-card img.drawing');"
                           " return img && img.src !== before }", arg=[before])
    assert page.get_attribute("#panel-card .drawn", "data-name") == "Theater"
    assert "7 victory points" in unquote(drawn(page)) and "2 victory points" in unquote(before)
    # an error: a colour that does not exist
    put_cursor(page, "age1.wonders", "color blue", within='card "Theater"')
    page.keyboard.press("Control+ArrowRight")                   # after `color`
    page.keyboard.press("Control+Shift+ArrowRight")
    page.keyboard.type(" bleu")
    page.wait_for_selector("#problems-list li.error")
    page.wait_for_selector(".cm-lintRange-error")
    page.wait_for_selector("#panel-card .stale")               # the drawing of the last version that checked
    shown = page.inner_text("#problems-list")
    page.screenshot(path=str(screenshot_path("studio-diagnostic.png", tmp_path)))
    # the same code and message as `wonders check` on the same text
    page.keyboard.press("Control+s")
    page.wait_for_selector("#status:text('saved age1.wonders')")
    result = run_cli("check", str(folder), "--format", "json")
    [found] = json.loads(result.stdout)["diagnostics"]
    assert found["code"] == "E1002"
    assert f"age1.wonders:{found['line']}:{found['column']} {found['code']} {found['message']}: {found['label']}" in shown
    assert found["help"] in shown
    # fixed: no problem left, and the card drawn again from the text
    page.keyboard.press("Backspace")
    page.keyboard.press("Backspace")
    page.keyboard.press("Backspace")
    page.keyboard.type("lue")
    page.wait_for_selector("#problem-count.good")
    page.wait_for_selector("#panel-card .drawn.card[data-name='Theater']")
    page.wait_for_function("!document.querySelector('#panel-card .stale')")
    page.keyboard.press("Control+s")
    page.wait_for_selector("#status:text('saved age1.wonders')")
    assert run_cli("check", str(folder)).returncode == 0
    page.screenshot(path=str(screenshot_path("studio-write.png", tmp_path)))
