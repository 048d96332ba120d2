"""How fast `wonders studio` is as a designer sees it, in Debian's Chromium: the page usable
after opening it (the editor showing its file; target under 1 s), the first diagnostics,
the time from a keystroke to its diagnostics on screen (target under 150 ms, on a scratch
copy of the shipped content), and the time from pressing Weigh to the first figures
(target under 5 s).

    python bench/studio.py                 # 3 page loads, 40 keystrokes, 1 comparison
    python bench/studio.py --loads 5 --keys 100
    python bench/studio.py --pause 0       # each page the moment the last one is loaded

Lines to read:

    page usable: median 420 ms  max 610 ms  (3 loads)     the 1 s target
    first diagnostics: median 900 ms ...
    keystroke to diagnostics on screen: median 40.1  p90 60.2  max 80.3 ms  (40 keys)   the 150 ms target
    weigh: first figures 2.9 s after pressing Weigh   the 5 s target

Each keystroke alternately breaks and mends a colour (`blue` -> `bluex` -> `blue`), so each
has diagnostics of its own to wait for; the time runs from the editor taking the key to
the diagnostics drawn (both read in the page with performance.now()).  Figures live in
docs/performance.md; say what else ran (the load average is printed).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT))

from browser import ARGS, CHROMIUM  # noqa: E402
from studio_server import Studio  # noqa: E402


def percentile(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def open_page(browser, url):
    page = browser.new_page(viewport={"width": 1500, "height": 950})
    page.goto(url)
    page.wait_for_function("window.__studio && window.__studio.ready", timeout=60000)
    usable = page.evaluate("window.__studio.readyAt")            # since navigation began
    page.wait_for_function("window.__studio.diagnosticsLog.length > 0", timeout=60000)
    first = page.evaluate("window.__studio.diagnosticsLog[0].at")
    return page, usable, first


def keystrokes(page, count):
    page.evaluate("""() => { const v = window.__studio.editors.docs.get("age1.wonders").view
        const at = v.state.doc.toString().indexOf("color blue", v.state.doc.toString().indexOf('card "Baths"')) + 10
        v.dispatch({selection: {anchor: at}}); v.focus() }""")
    times = []
    for i in range(count):
        broken = i % 2 == 0
        before = page.evaluate("window.__studio.diagnosticsLog.length")
        page.keyboard.press("x" if broken else "Backspace")
        page.wait_for_function(f"window.__studio.diagnosticsLog.slice({before}).some(d => (d.count > 0) === {str(broken).lower()})",
                               timeout=30000)
        times.append(page.evaluate(f"""() => {{ const s = window.__studio
            const d = s.diagnosticsLog.slice({before}).find(d => (d.count > 0) === {str(broken).lower()})
            return d.at - s.lastChangeAt }}"""))
    return times


def weigh(page):
    page.click('#tree button[data-path="variants/cheap-trade.wonders"]')
    page.wait_for_function("document.getElementById('file-name').textContent"   # opened: Weigh takes it
                           ".startsWith('variants/cheap-trade.wonders')")
    page.click('#tabs button[data-panel="weigh"]')
    page.fill("#panel-weigh input[name=games]", "1000")
    page.select_option("#panel-weigh select[name=bots]", "greedy")     # the games' figures, not a first fit
    started = time.monotonic()
    page.click("#panel-weigh button.primary")
    page.wait_for_selector("#panel-weigh .figures tbody tr", timeout=60000)
    first = time.monotonic() - started
    print("at the first figures:", page.inner_text("#panel-weigh .weigh-status"))
    page.click("#panel-weigh button:text('Cancel')")
    page.wait_for_selector("#panel-weigh .weigh-status:text('Stopped:')", timeout=60000)
    return first


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--loads", type=int, default=3)
    parser.add_argument("--keys", type=int, default=40)
    parser.add_argument("--pause", type=float, default=5.0,
                        help="seconds before each page load, so the studio has readied the language server it hands "
                             "to the next page, as when a designer opens the page a moment after starting the studio "
                             "(0: each page right after the last)")
    options = parser.parse_args()
    from playwright.sync_api import sync_playwright
    scratch = Path(tempfile.mkdtemp(prefix="bench-studio-"))
    folder = scratch / "content"
    shutil.copytree(ROOT / "content", folder)
    studio = Studio(folder)
    try:
        with sync_playwright() as driver:
            browser = driver.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            loads, firsts = [], []
            for _ in range(options.loads):
                time.sleep(options.pause)
                page, usable, first = open_page(browser, studio.url)
                loads.append(usable)
                firsts.append(first)
                page.close()
            page, _, _ = open_page(browser, studio.url)
            keys = keystrokes(page, options.keys)
            first_figures = weigh(page)
            browser.close()
    finally:
        studio.stop()
        shutil.rmtree(scratch, ignore_errors=True)
    print(f"page usable: median {statistics.median(loads):.0f} ms  max {max(loads):.0f} ms  ({len(loads)} loads)")
    print(f"first diagnostics: median {statistics.median(firsts):.0f} ms  max {max(firsts):.0f} ms  "
          f"(each: {', '.join(f'{x:.0f}' for x in firsts)})")
    print(f"keystroke to diagnostics on screen: median {statistics.median(keys):.1f}  p90 {percentile(keys, 0.9):.1f}  "
          f"max {max(keys):.1f} ms  ({len(keys)} keys)")
    print(f"weigh: first figures {first_figures:.1f} s after pressing Weigh")
    print(f"load average: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
