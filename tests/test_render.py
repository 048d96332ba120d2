"""`wonders render`: every card and wonder side drawn from the rule set, as SVG files, one
HTML page and an A4 print sheet.  The command is run as a user runs it; the page is opened
in headless Chromium (tests/browser.py) to check what is drawn and to print it."""

from __future__ import annotations

import math
import re
import struct
import xml.etree.ElementTree as ET
from html import escape
from pathlib import Path

import pytest

from browser import browser, new_page, screenshot_path  # noqa: F401 - browser is a fixture
from conftest import ROOT, call_cli, start_cli, wait_until
from interpreter.check.load import check_paths
from interpreter.views.describe import cost_text, effect_text
from interpreter.views.render.colors import CSS_COLORS, derived_color, paint

pytestmark = pytest.mark.slow       # (pyproject.toml: what `slow` means)

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def rendered(tmp_path_factory):
    out = tmp_path_factory.mktemp("render") / "out"
    result = call_cli("render", "--out", str(out))
    assert result.returncode == 0, result.stderr
    return out, result


def _svg_texts(path: Path) -> str:
    root = ET.parse(path).getroot()
    assert root.tag == f"{SVG}svg"
    return " ".join(" ".join(t.itertext()) for t in root.iter(f"{SVG}text"))


def _words(text: str) -> list[str]:
    return re.findall(r"\S+", text)


def test_every_card_and_wonder_side_gets_an_svg(rendered, shipped_ruleset):
    out, result = rendered
    cards = sorted((out / "cards").glob("*.svg"))
    sides = sorted((out / "wonders").glob("*.svg"))
    assert len(cards) == len(shipped_ruleset.cards)
    assert len(sides) == sum(len(w.sides) for w in shipped_ruleset.wonders)
    assert f"{len(cards)} card(s) and {len(sides)} wonder side(s) drawn" in result.stdout
    assert "drawing" in result.stderr                         # progress goes to stderr
    assert not [p for p in out.rglob("*") if p.name.startswith(".") or p.suffix == ".tmp"]


def test_a_card_shows_its_name_cost_effects_chains_and_copies(rendered, shipped_ruleset):
    out, _ = rendered
    for card in shipped_ruleset.cards:
        path = out / "cards" / f"age{card.age}-{re.sub(r'[^a-z0-9]+', '-', card.name.lower()).strip('-')}.svg"
        svg = path.read_text(encoding="utf-8")
        shown = " ".join(_words(_svg_texts(path)))
        assert card.name in shown
        for effect in card.effects:               # the words, as wonders cards prints them
            assert " ".join(_words(effect_text(effect))) in shown, (card.name, effect_text(effect))
        for chain in card.chains:
            assert chain in shown and "free with:" in shown
        leads = [c.name for c in shipped_ruleset.cards if card.name in c.chains]
        for name in leads:
            assert name in shown and "leads to:" in shown
        assert f'fill="{paint(card.color)}"' in svg and f'data-color="{card.color}"' in svg
        if not card.cost.is_free:
            assert f"cost: {escape(cost_text(card.cost))}" in svg
        if card.copies:
            rules = shipped_ruleset.rules
            counts = [f"{p} {card.copies_at(p) or '–'}" for p in range(rules.min_players, rules.max_players + 1)]
            assert " ".join(counts) in shown, card.name
        else:
            assert "drawn at random" in shown


def test_a_wonder_side_shows_its_stages(rendered, shipped_ruleset):
    out, _ = rendered
    wonder = shipped_ruleset.wonders[0]
    for side in wonder.sides:
        path = out / "wonders" / f"{wonder.name.lower()}-{side.name.lower()}.svg"
        shown = " ".join(_words(_svg_texts(path)))
        assert wonder.name in shown and f"side {side.name}" in shown
        for i, stage in enumerate(side.stages, 1):
            assert f"stage {i}" in shown
            for effect in stage.effects:
                assert " ".join(_words(effect_text(effect))) in shown


def test_the_page_is_self_contained(rendered, shipped_ruleset):
    out, _ = rendered
    page = (out / "index.html").read_text(encoding="utf-8")
    assert page.count('<figure class="card"') == len(shipped_ruleset.cards)
    assert not re.search(r'(src|href)="(https?:)?//', page)          # nothing fetched from outside
    assert "<link" not in page and "<script" not in page
    sheet = (out / "print.html").read_text(encoding="utf-8")
    assert sheet.count('class="sheet"') == math.ceil(len(shipped_ruleset.cards) / 9)
    assert "@page { size: A4" in sheet


EVERY_EFFECT = ROOT / "tests" / "every_effect.wonders"


def test_every_kind_of_effect_is_drawn_in_icons_and_words(tmp_path):
    out = tmp_path / "out"
    result = call_cli("render", "--content", str(EVERY_EFFECT), "--out", str(out))
    assert result.returncode == 0, result.stderr
    ruleset = check_paths([str(EVERY_EFFECT)]).ruleset
    kinds = set()
    for card in ruleset.cards:
        path = out / "cards" / f"age{card.age}-{re.sub(r'[^a-z0-9]+', '-', card.name.lower()).strip('-')}.svg"
        group = next(g for g in ET.parse(path).getroot().iter(f"{SVG}g") if g.get("class") == "effect-icons")
        icons = [g.find(f"{SVG}title").text for g in group if g.find(f"{SVG}title") is not None]
        assert len(icons) >= len(card.effects), (card.name, icons)        # every effect has its icons
        shown = " ".join(_words(_svg_texts(path)))
        for effect in card.effects:
            kinds.add(type(effect).__name__)
            assert " ".join(_words(effect_text(effect))) in shown
    assert kinds >= {"Produces", "WhenBuilt", "TradeDiscount", "Trigger", "Shields", "AtGameEnd", "Science",
                     "FreeBuild", "FreeRule", "PlayLastCard", "Score"}


def test_band_colours_come_from_colour_names_not_card_names(tmp_path):
    out = tmp_path / "out"
    result = call_cli("render", "--content", str(EVERY_EFFECT), "--age", "I", "--out", str(out))
    assert result.returncode == 0, result.stderr
    red = (out / "cards" / "age1-red.svg").read_text(encoding="utf-8")      # a card named Red, coloured blue
    blue = (out / "cards" / "age1-blue.svg").read_text(encoding="utf-8")    # a card named Blue, coloured mauve
    assert f'fill="{paint("blue")}" stroke="#333333" stroke-width="4" data-color="blue"' in red
    assert paint("red") not in red
    mauve = derived_color("mauve")
    assert "mauve" not in CSS_COLORS and mauve == paint("mauve") == derived_color("mauve")
    assert f'fill="{mauve}" stroke="#333333" stroke-width="4" data-color="mauve"' in blue
    assert paint("Blue") == paint("blue")                   # CSS names are not case-sensitive


def test_age_filter_draws_only_that_age(tmp_path, shipped_ruleset):
    out = tmp_path / "out"
    result = call_cli("render", "--age", "2", "--out", str(out))
    assert result.returncode == 0, result.stderr
    assert {p.name.split("-")[0] for p in (out / "cards").glob("*.svg")} == {"age2"}
    assert len(list((out / "cards").glob("*.svg"))) == len(shipped_ruleset.cards_of_age(2))


def test_a_variant_card_is_drawn(tmp_path):
    out = tmp_path / "out"
    result = call_cli("render", "--variant", "colosseum", "--out", str(out))
    assert result.returncode == 0, result.stderr
    assert (out / "cards" / "age2-colosseum.svg").is_file()
    page = (out / "index.html").read_text(encoding="utf-8")
    assert 'data-card="Colosseum"' in page and "variants: The Colosseum" in page
    walls = " ".join(_words(_svg_texts(out / "cards" / "age2-walls.svg")))
    assert "3 – 4 – 5 – 6 – 7 1" in walls                              # the variant moved its copy to 7 players


def test_stale_svgs_go_other_files_stay(tmp_path):
    """What render wrote and no longer draws goes; the user's own files stay, SVGs too."""
    out = tmp_path / "out"
    first = call_cli("render", "--age", "1", "--out", str(out))
    assert first.returncode == 0, first.stderr
    assert (out / "cards" / "age1-clay-pool.svg").is_file() and (out / "wonders-render.json").is_file()
    (out / "cards" / "my-logo.svg").write_text("<svg/>", encoding="utf-8")
    (out / "pictures").mkdir()
    (out / "pictures" / "holiday.svg").write_text("<svg/>", encoding="utf-8")
    (out / "notes.txt").write_text("mine", encoding="utf-8")
    result = call_cli("render", "--age", "2", "--out", str(out))
    assert result.returncode == 0, result.stderr
    assert not (out / "cards" / "age1-clay-pool.svg").exists() and (out / "cards" / "age2-sawmill.svg").is_file()
    assert (out / "cards" / "my-logo.svg").read_text(encoding="utf-8") == "<svg/>"
    assert (out / "pictures" / "holiday.svg").read_text(encoding="utf-8") == "<svg/>"
    assert (out / "notes.txt").read_text(encoding="utf-8") == "mine"


@pytest.mark.parametrize("theirs", ["index.html", "cards/age1-clay-pool.svg", "wonders-render.json"])
def test_a_file_render_did_not_write_is_never_replaced(tmp_path, theirs):
    out = tmp_path / "out"
    (out / theirs).parent.mkdir(parents=True, exist_ok=True)
    (out / theirs).write_text("mine", encoding="utf-8")
    result = call_cli("render", "--age", "1", "--out", str(out))
    assert result.returncode == 2 and "--out" in result.stderr and theirs in result.stderr, result.stderr
    assert "did not write" in result.stderr and "Traceback" not in result.stderr
    assert (out / theirs).read_text(encoding="utf-8") == "mine"
    assert sorted(str(p.relative_to(out)) for p in out.rglob("*") if p.is_file()) == [theirs]


@pytest.mark.parametrize("case", ["file", "under-a-file", "missing-option", "bad-age"])
def test_bad_usage_exits_2(tmp_path, case):
    existing = tmp_path / "a-file"
    existing.write_text("x", encoding="utf-8")
    args = {"file": ["--out", str(existing)], "under-a-file": ["--out", str(existing / "sub")],
            "missing-option": [], "bad-age": ["--age", "9", "--out", str(tmp_path / "o")]}[case]
    result = call_cli("render", *args)
    assert result.returncode == 2, result.stderr
    assert ("--out" if case != "bad-age" else "--age") in result.stderr
    assert "Traceback" not in result.stderr
    assert existing.read_text(encoding="utf-8") == "x"


def test_content_errors_exit_1(tmp_path):
    bad = tmp_path / "bad.wonders"
    bad.write_text(EVERY_EFFECT.read_text(encoding="utf-8").replace("produces wood / stone", "produces wod / stone"),
                   encoding="utf-8")
    result = call_cli("render", "--content", str(bad), "--out", str(tmp_path / "o"))
    assert result.returncode == 1
    assert re.search(r"bad\.wonders:\d+:\d+", result.stderr) and "wod" in result.stderr
    assert not (tmp_path / "o").exists()


# ---------------------------------------------------------------- in a browser
def _png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_the_page_in_a_browser_draws_every_card(tmp_path, browser):
    out = tmp_path / "out"
    result = call_cli("render", "--variant", "colosseum", "--out", str(out))
    assert result.returncode == 0, result.stderr
    ruleset = check_paths(None, ["colosseum"]).ruleset
    page = new_page(browser, viewport={"width": 1280, "height": 900})
    page.goto((out / "index.html").as_uri())
    drawn = page.eval_on_selector_all(
        "figure.card", "els => els.map(e => { const r = e.querySelector('svg').getBoundingClientRect();"
                       " return [e.dataset.card, r.width, r.height]; })")
    assert sorted(name for name, _, _ in drawn) == sorted(c.name for c in ruleset.cards)
    assert all(w > 100 and h > 100 for _, w, h in drawn)
    assert "Colosseum" in {name for name, _, _ in drawn}
    page.locator('figure[data-card="Colosseum"]').scroll_into_view_if_needed()
    assert page.locator('figure[data-card="Colosseum"]').is_visible()
    bands = page.eval_on_selector_all("path.band", "els => els.map(e => [e.dataset.color, getComputedStyle(e).fill])")
    for color, fill in bands:
        r, g, b = (int(x) for x in re.findall(r"\d+", fill)[:3])
        assert "#%02x%02x%02x" % (r, g, b) == paint(color)
    wonders = page.eval_on_selector_all("figure.wonder", "els => els.length")
    assert wonders == sum(len(w.sides) for w in ruleset.wonders)
    page.goto((out / "index.html").as_uri())
    shot = screenshot_path("cards.png", tmp_path)
    page.screenshot(path=str(shot))
    assert _png_size(shot) == (1280, 900)
    colosseum = screenshot_path("variant-card.png", tmp_path)
    page.locator('figure[data-card="Colosseum"]').screenshot(path=str(colosseum))
    wonder = screenshot_path("wonder.png", tmp_path)
    page.locator("figure.wonder").first.screenshot(path=str(wonder))
    assert _png_size(wonder)[0] > 400


def test_the_print_sheet_has_nine_cards_an_a4_page(rendered, shipped_ruleset, browser):
    out, _ = rendered
    page = new_page(browser)
    page.goto((out / "print.html").as_uri())
    pdf = page.pdf(prefer_css_page_size=True, print_background=True)
    pages = len(re.findall(rb"/Type\s*/Page\b", pdf))
    assert pages == math.ceil(len(shipped_ruleset.cards) / 9)
    sizes = re.findall(rb"/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", pdf)
    assert sizes and all(abs(float(w) - 595.3) < 2 and abs(float(h) - 841.9) < 2 for w, h in sizes)  # A4
    page.emulate_media(media="print")
    mm = page.evaluate("() => { const d = document.createElement('div'); d.style.width = '100mm';"
                       " document.body.appendChild(d); const w = d.getBoundingClientRect().width; d.remove();"
                       " return w / 100; }")
    card = page.locator(".print-card svg").first.bounding_box()
    assert abs(card["width"] / mm - 63) < 0.5 and abs(card["height"] / mm - 88) < 0.5


def test_css_colour_names_are_drawn_as_chromium_draws_them(browser):
    page = new_page(browser)
    computed = page.evaluate("names => names.map(n => { const d = document.createElement('div');"
                             " d.style.color = n; document.body.appendChild(d);"
                             " const c = getComputedStyle(d).color; d.remove(); return c; })", list(CSS_COLORS))
    for name, css in zip(CSS_COLORS, computed):
        r, g, b = (int(x) for x in re.findall(r"\d+", css)[:3])
        assert "%02x%02x%02x" % (r, g, b) == CSS_COLORS[name], name


def test_an_interrupted_write_leaves_the_old_file_and_no_temporary(tmp_path, monkeypatch):
    import os

    from interpreter.atomic import write_atomic
    target = tmp_path / "index.html"
    write_atomic(target, "old page")

    def interrupted(*args):
        raise KeyboardInterrupt
    monkeypatch.setattr(os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        write_atomic(target, "new page, half written")
    assert target.read_text(encoding="utf-8") == "old page"
    assert [p.name for p in tmp_path.iterdir()] == ["index.html"]


def test_ctrl_c_during_render_exits_130(tmp_path):
    """SIGINT while drawing: exit 130 and no temporary file left in the folder."""
    import signal
    import subprocess
    process = start_cli("render", "--out", str(tmp_path / "o"), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                        text=True)
    wait_until(lambda: (tmp_path / "o" / "cards").exists() or process.poll() is not None, "the drawing to start")
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=60)
    if process.returncode == 0:
        pytest.skip("the render finished before the interrupt arrived")
    assert process.returncode == 130, err
    assert "interrupted" in err and "Traceback" not in err
    assert not [p for p in (tmp_path / "o").rglob("*") if p.name.startswith(".")]


def test_names_with_markup_characters_stay_text(tmp_path):
    """A card named with &, <, > and quotes is drawn as those characters: every SVG stays
    well-formed XML, and the page shows the name as text."""
    content = tmp_path / "odd.wonders"
    odd = "Tom & Jerry's <Inn>"
    content.write_text(EVERY_EFFECT.read_text(encoding="utf-8").replace('"Chain Start"', f'"{odd}"'),
                       encoding="utf-8")
    out = tmp_path / "out"
    result = call_cli("render", "--content", str(content), "--out", str(out))
    assert result.returncode == 0, result.stderr
    for svg in out.rglob("*.svg"):
        ET.parse(svg)                                         # raises on broken markup
    drawn = out / "cards" / "age1-tom-jerry-s-inn.svg"
    assert odd in _svg_texts(drawn)
    assert "leads to:" in _svg_texts(drawn) and odd in _svg_texts(out / "cards" / "age2-chain-end.svg")
    page = (out / "index.html").read_text(encoding="utf-8")
    assert 'data-card="Tom &amp; Jerry&#x27;s &lt;Inn&gt;"' in page and "<Inn>" not in page
