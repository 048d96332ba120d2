"""Headless Chromium for tests that look at a page: Debian's /usr/bin/chromium driven by
Playwright's Python package (never a downloaded browser), skipped with the reason when
either is missing.  Screenshots go to pytest's temporary folder, or to docs/images/ when
WONDERS_SCREENSHOTS=1 (how the pictures in docs/editors.md are refreshed)."""

from __future__ import annotations

import contextlib
import importlib.util
import os
import shutil
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("WONDERS_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
IMAGES = Path(__file__).resolve().parent.parent / "docs" / "images"
# How long a page may take to do what a test waits for: an overall bound on a hang, generous
# because a loaded machine is slow (Playwright's own default is 30 s).
PAGE_TIMEOUT_MS = 180_000


def skip_reason() -> str | None:
    if not Path(CHROMIUM).is_file() and not shutil.which(CHROMIUM):
        return f"no browser: {CHROMIUM} is not installed (apt-get install chromium)"
    if importlib.util.find_spec("playwright") is None:      # found, not imported: asked at collection
        return "the playwright Python package is not installed (pip install '.[test]')"
    return None


@contextlib.contextmanager
def chromium():
    """A browser for the test; the test is skipped if none can be had."""
    reason = skip_reason()
    if reason:
        pytest.skip(reason)
    from playwright.sync_api import Error, sync_playwright
    with sync_playwright() as driver:
        try:
            browser = driver.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        except Error as err:
            pytest.skip(f"{CHROMIUM} would not start headless: {str(err).splitlines()[0]}")
        try:
            yield browser
        finally:
            browser.close()


def new_page(browser, **options):
    """A page of `browser` whose waits are bounded by PAGE_TIMEOUT_MS."""
    page = browser.new_page(**options)
    page.set_default_timeout(PAGE_TIMEOUT_MS)
    return page


def new_context(browser, **options):
    """A context of `browser` whose pages' waits are bounded by PAGE_TIMEOUT_MS, not by
    Playwright's own 30 s, which a loaded machine overruns."""
    context = browser.new_context(**options)
    context.set_default_timeout(PAGE_TIMEOUT_MS)
    return context


@pytest.fixture(scope="module")
def browser():
    """One browser for a test module (import this fixture into the module to use it)."""
    with chromium() as launched:
        yield launched


def screenshot_path(name: str, tmp_path: Path) -> Path:
    """Where a screenshot is saved: docs/images/NAME when refreshing the docs, else tmp."""
    if os.environ.get("WONDERS_SCREENSHOTS") == "1":
        IMAGES.mkdir(parents=True, exist_ok=True)
        return IMAGES / name
    return tmp_path / name
