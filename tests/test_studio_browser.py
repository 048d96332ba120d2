"""The studio in a real browser (Debian's Chromium driven by Playwright): write, see, weigh,
as a designer does it, with no script error in the console.  Screenshots go to docs/images/
with WONDERS_SCREENSHOTS=1 (the pictures of docs/studio.md)."""

from __future__ import annotations

import json
import re
import shutil
import time
from urllib.parse import unquote

import pytest

from browser import browser, new_context, screenshot_path  # noqa: F401  (the module's browser fixture)
from conftest import ROOT, call_cli
from studio_server import Studio, folder, studio  # noqa: F401  (module fixtures)

pytest.importorskip("starlette")


@pytest.fixture
def page(browser, studio):  # noqa: F811
    context = new_context(browser, viewport={"width": 1500, "height": 950})
    opened = context.new_page()
    problems: list[str] = []
    # a save refused because the file changed on disk is an answer the page handles (409)
    opened.on("console", lambda m: problems.append(m.text) if m.type == "error" and "status of 409" not in m.text
              else None)
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


def hover_at(page, path: str, text: str) -> None:
    """Move the mouse over the middle of `text` in the open editor of `path`."""
    put_cursor(page, path, text)
    box = page.evaluate("""([path, text]) => {
        const view = window.__studio.editors.docs.get(path).view
        const c = view.coordsAtPos(view.state.doc.toString().indexOf(text) + Math.floor(text.length / 2))
        return {x: (c.left + c.right) / 2, y: (c.top + c.bottom) / 2} }""", [path, text])
    page.mouse.move(box["x"], box["y"])
    page.mouse.move(box["x"] + 2, box["y"])


def drawn(page) -> str:
    return page.get_attribute("#panel-card img.drawing", "src") or ""


@pytest.mark.slow
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
    page.wait_for_selector("#problems-list li.error:has-text('`bleu`')")   # not a diagnostic of `b` half-typed
    page.wait_for_selector(".cm-lintRange-error")
    page.wait_for_selector("#panel-card .stale")               # the drawing of the last version that checked
    shown = page.inner_text("#problems-list")
    page.screenshot(path=str(screenshot_path("studio-diagnostic.png", tmp_path)))
    # the same code and message as `wonders check` on the same text
    page.keyboard.press("Control+s")
    page.wait_for_selector("#status:text('saved age1.wonders')")
    result = call_cli("check", str(folder), "--format", "json")
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
    # the status still says the first save's "saved age1.wonders": wait for the file itself
    deadline = time.monotonic() + 60
    while "color bleu" in (folder / "age1.wonders").read_text(encoding="utf-8") and time.monotonic() < deadline:
        time.sleep(0.05)
    assert call_cli("check", str(folder)).returncode == 0
    page.screenshot(path=str(screenshot_path("studio-write.png", tmp_path)))


@pytest.mark.slow
def test_the_gallery_draws_every_card_with_the_variant_applied(page, shipped_ruleset, tmp_path):
    page.click('#tabs button[data-panel="gallery"]')
    page.wait_for_selector("#panel-gallery .gallery-body figure.card")
    base = page.locator("#panel-gallery figure.card").count()
    # every card of the shipped rules, and not the one the folder's link out of it holds
    assert base == len(shipped_ruleset.cards)
    assert page.locator('#panel-gallery figure.card[data-card="Colosseum"]').count() == 0
    assert page.locator('#panel-gallery figure.card[data-card="Secret"]').count() == 0
    assert page.locator("#panel-gallery figure.wonder").count() == sum(len(w.sides) for w in shipped_ruleset.wonders)
    page.select_option("#panel-gallery select.variant-choice", "variants/colosseum.wonders")
    page.wait_for_selector('#panel-gallery figure.card[data-card="Colosseum"]')
    assert page.locator("#panel-gallery figure.card").count() == base + 1
    page.screenshot(path=str(screenshot_path("studio-gallery.png", tmp_path)))


HOSTILE = '<img src=x onerror=window.pwned=1><script>window.pwned=2</script>'


@pytest.fixture
def hostile_studio(tmp_path):
    """Content whose names are markup: a card, a file and a chain named with tags."""
    target = tmp_path / "content"
    shutil.copytree(ROOT / "content", target, ignore=shutil.ignore_patterns("second-edition"))
    age1 = target / "age1.wonders"
    age1.write_text(age1.read_text(encoding="utf-8").replace('card "Pawnshop"', f'card "{HOSTILE}"'), encoding="utf-8")
    (target / "variants" / "<img src=x onerror=window.pwned=3>.wonders").write_text(
        'variant "<b>bold</b>" {\n    changes "7 Wonders, first edition"\n'
        f'    modify card "{HOSTILE}" {{ free with "<i>nothing</i>" }}\n}}\n', encoding="utf-8")
    server = Studio(target)
    yield server
    server.stop()


@pytest.mark.slow
def test_names_from_content_are_shown_as_text_everywhere(browser, hostile_studio, tmp_path):  # noqa: F811
    context = new_context(browser, viewport={"width": 1500, "height": 950})
    page = context.new_page()
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.goto(hostile_studio.url)
    page.wait_for_function("window.__studio && window.__studio.ready")
    page.wait_for_selector("#status:text('ready')")
    # the tree, the card under the cursor, the hover
    assert page.locator("#tree button.file", has_text="<img src=x onerror=window.pwned=3>.wonders").count() == 1
    put_cursor(page, "age1.wonders", HOSTILE, within="")
    page.wait_for_selector("#panel-card h3.drawn-name")
    assert page.inner_text("#panel-card h3.drawn-name") == HOSTILE
    # the variant's problems name the card and the chain
    page.click('#tree button[data-path="variants/<img src=x onerror=window.pwned=3>.wonders"]')
    page.wait_for_selector("#problems-list li")
    assert "<i>nothing</i>" in page.inner_text("#problems-list")
    hover_at(page, "age1.wonders", HOSTILE)
    page.wait_for_selector(".cm-tooltip-hover")
    assert HOSTILE in page.inner_text(".cm-tooltip-hover")
    page.screenshot(path=str(screenshot_path("studio-escaped.png", tmp_path)))
    # the gallery with the hostile variant applied and not
    page.click('#tabs button[data-panel="gallery"]')
    page.wait_for_selector("#panel-gallery .gallery-body .error")         # the variant does not check
    assert "error(s)" in page.inner_text("#panel-gallery .gallery-body")
    page.select_option("#panel-gallery select.variant-choice", "")
    page.wait_for_selector(f'#panel-gallery figcaption:text-is("{HOSTILE}")')
    assert page.evaluate("window.pwned") is None and dialogs == []
    # no element came from a name: only the studio's own images are on the page
    assert page.locator("img[src='x'], body script").count() == 0
    context.close()


@pytest.mark.slow
def test_weigh_a_variant_figures_arrive_then_the_verdict_and_the_report(page, tmp_path):
    page.click('#tree button[data-path="variants/cheap-trade.wonders"]')
    page.wait_for_function("document.getElementById('file-name').textContent"   # the file opens after
                           ".startsWith('variants/cheap-trade.wonders')")         # a round trip
    page.click('#tabs button[data-panel="weigh"]')
    assert page.input_value("#panel-weigh select[name=variant]") == "variants/cheap-trade.wonders"
    page.fill("#panel-weigh input[name=games]", "30")
    assert page.input_value("#panel-weigh select[name=bots]") == "adaptive"      # the default (issue 38)
    page.select_option("#panel-weigh select[name=bots]", "greedy")      # no fit: a quick comparison
    page.click("#panel-weigh button.primary")
    page.wait_for_selector("#panel-weigh .figures tbody tr")            # figures before the end
    first = page.evaluate("document.querySelector('#panel-weigh progress').value")
    page.wait_for_selector("#panel-weigh .report-frame", timeout=120000)
    assert 0 < first <= 30 and page.evaluate("document.querySelector('#panel-weigh progress').value") == 30
    status = page.inner_text("#panel-weigh .weigh-status")
    assert status.startswith("Done: 30 game(s) under both rule sets")
    verdict = page.inner_text("#panel-weigh .verdict")
    assert "cards sold per city" in verdict                             # cheaper trade: more selling? the verdict says
    frame = page.frame_locator("#panel-weigh .report-frame")
    frame.locator(".plotly-graph-div").first.wait_for(timeout=60000)    # the report's charts drawn
    assert page.evaluate("document.querySelector('#panel-weigh .report-frame').sandbox.value") == "allow-scripts"
    page.screenshot(path=str(screenshot_path("studio-weigh.png", tmp_path)))


@pytest.mark.slow
def test_weigh_the_skill_tiers_of_a_variant(page, tmp_path):
    """Skill tiers ticked: each pair of tiers under both rule sets, its change with its interval,
    then the skill report in its frame."""
    page.click('#tabs button[data-panel="weigh"]')
    page.select_option("#panel-weigh select[name=variant]", "variants/cheap-trade.wonders")
    assert page.is_disabled("#panel-weigh input[name=tiers]")
    page.check("#panel-weigh input[name=skill]")
    assert page.is_disabled("#panel-weigh select[name=bots]") and page.is_disabled("#panel-weigh input[name=arc]")
    page.fill("#panel-weigh input[name=tiers]", "random, greedy, heuristic")
    page.fill("#panel-weigh input[name=players]", "3")
    page.fill("#panel-weigh input[name=games]", "4")
    page.click("#panel-weigh button.primary")
    page.wait_for_selector("#panel-weigh .report-frame", timeout=120000)
    assert page.inner_text("#panel-weigh .weigh-status").startswith("Done: 12 game(s) under both rule sets")
    assert page.evaluate("document.querySelector('#panel-weigh progress').value") == 12
    rows = [row.locator("td").first.inner_text() for row in page.locator("#panel-weigh table.skill tbody tr").all()]
    assert rows == ["greedy against random", "heuristic against random", "heuristic against greedy"]
    assert "Skill gap" in page.inner_text("#panel-weigh .verdict")
    frame = page.frame_locator("#panel-weigh .report-frame")
    frame.locator("#chart-skill-change .main-svg").first.wait_for(timeout=60000)
    page.screenshot(path=str(screenshot_path("studio-weigh-skill.png", tmp_path)))


@pytest.mark.slow
def test_weigh_with_the_arc_lists_its_figures(page):
    page.click('#tabs button[data-panel="weigh"]')
    page.select_option("#panel-weigh select[name=variant]", "variants/cheap-trade.wonders")
    page.check("#panel-weigh input[name=arc]")
    page.fill("#panel-weigh input[name=players]", "3")
    page.fill("#panel-weigh input[name=games]", "2")
    page.select_option("#panel-weigh select[name=bots]", "greedy")      # no fit: a quick comparison
    page.click("#panel-weigh button.primary")
    page.wait_for_selector("#panel-weigh .report-frame", timeout=180000)
    figures = page.inner_text("#panel-weigh .figures")
    assert "lead changes per game" in figures and "win rate of the city last after the first age" in figures


@pytest.mark.slow
def test_weigh_can_be_cancelled_and_keeps_what_finished(page):
    page.click('#tabs button[data-panel="weigh"]')
    page.select_option("#panel-weigh select[name=variant]", "variants/selling-gives-2.wonders")
    page.fill("#panel-weigh input[name=games]", "100000")
    page.select_option("#panel-weigh select[name=bots]", "greedy")      # no fit: a quick comparison
    page.click("#panel-weigh button.primary")
    page.wait_for_selector("#panel-weigh .figures tbody tr")
    page.click("#panel-weigh button:text('Cancel')")
    page.wait_for_selector("#panel-weigh .weigh-status:text('Stopped:')", timeout=60000)
    done = page.evaluate("document.querySelector('#panel-weigh progress').value")
    assert 0 < done < 100000
    assert page.is_enabled("#panel-weigh button.primary")                 # ready for another run


@pytest.mark.slow
def test_weigh_says_why_when_the_variant_does_not_check(page, folder):
    broken = folder / "variants" / "broken.wonders"
    broken.write_text('variant "Broken" {\n    changes "7 Wonders, first edition"\n    set trade price x\n}\n',
                      encoding="utf-8")
    try:
        page.click('#tabs button[data-panel="weigh"]')
        page.wait_for_selector('#panel-weigh select[name=variant] option[value="variants/broken.wonders"]',
                               state="attached")
        page.select_option("#panel-weigh select[name=variant]", "variants/broken.wonders")
        page.click("#panel-weigh button.primary")
        page.wait_for_selector("#panel-weigh .weigh-status.error", timeout=60000)
        assert "error" in page.inner_text("#panel-weigh .weigh-status")
    finally:
        broken.unlink()


@pytest.mark.slow
def test_weigh_notes_a_rise_bounded_by_the_cards_dealt(page, folder):
    grey = folder / "variants" / "grey-worth-3.wonders"
    shutil.copyfile(ROOT / "bench" / "variants" / "grey-worth-3.wonders", grey)
    try:
        page.click('#tabs button[data-panel="weigh"]')
        page.wait_for_selector('#panel-weigh select[name=variant] option[value="variants/grey-worth-3.wonders"]',
                               state="attached")
        page.select_option("#panel-weigh select[name=variant]", "variants/grey-worth-3.wonders")
        page.fill("#panel-weigh input[name=games]", "30")
        page.select_option("#panel-weigh select[name=bots]", "greedy")      # no fit: a quick comparison
        page.click("#panel-weigh button.primary")
        page.wait_for_selector("#panel-weigh .weigh-status:text('Done:')", timeout=120000)
        notes = page.locator("#panel-weigh .verdict p.note").all_inner_texts()
        assert len(notes) == 1 and notes[0].startswith("Note: rises bounded by the cards dealt (under grey-worth-3"), notes
        assert " of 1.50 dealt" in notes[0]
    finally:
        grey.unlink()


def editor_text(page, path: str) -> str:
    return page.evaluate("(path) => window.__studio.editors.docs.get(path).view.state.doc.toString()", path)


@pytest.mark.slow
def test_completion_offers_the_rules_words(page):
    put_cursor(page, "age1.wonders", "blue", within='card "Baths"')
    page.keyboard.press("Control+Shift+ArrowRight")
    page.keyboard.type("gr")
    page.wait_for_selector(".cm-tooltip-autocomplete")
    offered = page.inner_text(".cm-tooltip-autocomplete")
    assert "green" in offered and "grey" in offered


@pytest.mark.slow
def test_go_to_definition_opens_the_file_that_defines_the_name(page):
    put_cursor(page, "age2.wonders", '"Baths"', within="free with")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("F12")
    page.wait_for_selector('#editors .editor[data-path="age1.wonders"]:not([hidden])')
    line = page.evaluate("""() => { const v = window.__studio.editors.docs.get("age1.wonders").view
        return v.state.doc.lineAt(v.state.selection.main.head).text }""")
    assert line.startswith('card "Baths"')


@pytest.mark.slow
def test_rename_changes_every_file_that_names_it_even_those_not_open(page):
    put_cursor(page, "age1.wonders", "Baths", within='card "Baths"')
    assert page.locator('#editors .editor[data-path="age2.wonders"]').count() == 0      # age2 not open
    page.click("#rename")
    page.fill(".cm-lsp-rename-panel input[name=name]", "Bathhouse")
    page.keyboard.press("Enter")
    page.wait_for_selector("#status:text('renamed')")
    assert 'card "Bathhouse"' in editor_text(page, "age1.wonders")
    assert 'free with "Bathhouse"' in editor_text(page, "age2.wonders")
    assert '"Baths"' not in editor_text(page, "age1.wonders") + editor_text(page, "age2.wonders")
    assert page.locator('#tree button.file.dirty[data-path="age2.wonders"]').count() == 1
    page.wait_for_selector("#problem-count.good")           # both buffers renamed: the folder still checks


@pytest.mark.slow
def test_format_lays_the_file_out_as_wonders_fmt_does(page):
    from interpreter.syntax.formatter import format_text
    put_cursor(page, "variants/age-stipend.wonders", "variant")
    messy = 'variant   "Age stipend" {\nchanges "7 Wonders, first edition"\n      add trigger "age stipend" on age start: gain 1 coin }\n'
    page.evaluate("""(text) => { const v = window.__studio.editors.docs.get("variants/age-stipend.wonders").view
        v.dispatch({changes: {from: 0, to: v.state.doc.length, insert: text}}) }""", messy)
    page.click("#format")
    expected, problems = format_text(messy, "x.wonders")
    assert not problems and expected != messy
    page.wait_for_function("([path, text]) => window.__studio.editors.docs.get(path).view.state.doc.toString() === text",
                           arg=["variants/age-stipend.wonders", expected])


@pytest.mark.slow
def test_a_change_on_disk_is_followed_or_never_overwritten_in_silence(page, folder):
    path = "variants/unfinished-wonders.wonders"
    file = folder / path
    original = file.read_text(encoding="utf-8")
    try:
        put_cursor(page, path, "variant")
        # no unsaved change here: the editor follows the disk
        file.write_text("# edited elsewhere\n" + original, encoding="utf-8")
        page.wait_for_function("([p]) => window.__studio.editors.docs.get(p).view.state.doc.toString()"
                               ".startsWith('# edited elsewhere')", arg=[path])
        # unsaved changes here and a change on disk: the page asks, nothing is overwritten
        page.keyboard.type("# mine\n")
        file.write_text("# edited elsewhere again\n" + original, encoding="utf-8")
        page.keyboard.press("Control+s")
        page.wait_for_selector("#banner:not([hidden])")
        assert "changed on disk by another program" in page.inner_text("#banner")
        assert file.read_text(encoding="utf-8").startswith("# edited elsewhere again")
        page.click("#banner button:text('Keep mine')")
        page.wait_for_selector("#banner", state="hidden")
        assert file.read_text(encoding="utf-8") == editor_text(page, path)
        assert "# mine" in file.read_text(encoding="utf-8")
    finally:
        file.write_text(original, encoding="utf-8")


@pytest.mark.slow
def test_a_new_variant_is_made_from_the_tree_ready_to_weigh(page, folder):
    # the content folder's own variants/ (a pack's variants/ folder has its own "+ new" button)
    new = page.locator("#tree .folder", has=page.locator(".folder-name", has_text=re.compile(r"^variants/")))
    page.once("dialog", lambda dialog: dialog.accept("Cheaper wonders"))
    new.locator(".new-variant").click()
    path = "variants/cheaper-wonders.wonders"
    try:
        page.wait_for_selector(f'#editors .editor[data-path="{path}"]:not([hidden])')
        text = (folder / path).read_text(encoding="utf-8")
        assert 'variant "Cheaper wonders" {\n    changes "7 Wonders, first edition"\n}\n' in text
        assert editor_text(page, path) == text
        page.wait_for_selector(f'#tree button[data-path="{path}"]')
        page.wait_for_selector(f'#panel-weigh select[name=variant] option[value="{path}"]', state="attached")
        page.wait_for_selector("#problem-count.good")
        page.once("dialog", lambda dialog: dialog.accept("Cheaper wonders"))
        new.locator(".new-variant").click()                 # the same name again: refused, nothing lost
        page.wait_for_selector("#status:text('no new variant')")
        assert (folder / path).read_text(encoding="utf-8") == text
    finally:
        (folder / path).unlink(missing_ok=True)


@pytest.mark.slow
def test_the_wonder_side_under_the_cursor_is_drawn(page):
    put_cursor(page, "wonders.wonders", "side B", within='wonder "Babylon"')
    page.wait_for_selector('#panel-card .drawn.side[data-name="Babylon"]')
    assert page.inner_text("#panel-card h3.drawn-name") == "Babylon, side B"
    put_cursor(page, "wonders.wonders", "side A", within='wonder "Ephesos"')
    page.wait_for_selector('#panel-card .drawn.side[data-name="Ephesos"]')
    assert page.inner_text("#panel-card h3.drawn-name") == "Ephesos, side A"


@pytest.mark.slow
def test_a_rule_set_in_a_subfolder_is_checked_and_drawn_as_its_own(browser, tmp_path):  # noqa: F811
    """The shipped content with its second edition, a rule set of its own inside it (the
    expansions left out: checking and drawing them was most of the test's time)."""
    target = tmp_path / "content"
    shutil.copytree(ROOT / "content", target, ignore=shutil.ignore_patterns("expansions"))
    server = Studio(target)
    context = new_context(browser, viewport={"width": 1500, "height": 950})
    try:
        page = context.new_page()
        page.goto(server.url)
        page.wait_for_selector("#status:text('ready')")
        page.wait_for_selector("#problem-count.good")
        put_cursor(page, "second-edition/age1.wonders", 'card "')
        page.wait_for_selector("#panel-card .drawn.card")
        page.click('#tabs button[data-panel="gallery"]')
        page.wait_for_selector("#panel-gallery p.summary")
        assert page.inner_text("#panel-gallery p.summary").startswith("7 Wonders, second edition")
    finally:
        try:
            context.close()
        finally:
            server.stop()                  # (even when the browser is gone: no studio left behind)
