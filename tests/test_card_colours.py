"""The card colours as a table tells them apart: every colour word the shipped rule sets
use is drawn in a paint far from every other (CIE76 distance in Lab), raw-material brown
is not a red, and the ink on each band reads (WCAG contrast)."""

from __future__ import annotations

import colorsys
import itertools
import math

from conftest import ROOT
from interpreter.check.load import check_paths
from interpreter.views.render.colors import ink, paint


def _lab(color: str) -> tuple[float, float, float]:
    def linear(c):
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(int(color[i:i + 2], 16)) for i in (1, 3, 5))
    x, y, z = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047, 0.2126 * r + 0.7152 * g + 0.0722 * b, \
        (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
    f = [v ** (1 / 3) if v > 0.008856 else 7.787 * v + 16 / 116 for v in (x, y, z)]
    return 116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])


def _contrast(a: str, b: str) -> float:
    def lum(color):
        def ch(c):
            c /= 255
            return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
        r, g, b_ = (ch(int(color[i:i + 2], 16)) for i in (1, 3, 5))
        return 0.2126 * r + 0.7152 * g + 0.0722 * b_
    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def shipped_colours() -> list[str]:
    """Every colour word the shipped content declares (the base games' and the expansions')."""
    found = list(check_paths(None).ruleset.vocabulary.colors)
    for path in sorted((ROOT / "content").rglob("*.wonders")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip().startswith("colors:"):
                found += [c.strip() for c in line.split(":", 1)[1].split(",") if c.strip() not in found]
    return found


def test_every_card_colour_is_far_from_every_other():
    colours = shipped_colours()
    assert {"brown", "grey", "blue", "yellow", "red", "green", "purple"} <= set(colours)
    for a, b in itertools.combinations(colours, 2):
        distance = math.dist(_lab(paint(a)), _lab(paint(b)))
        assert distance > 25, (a, b, paint(a), paint(b), distance)


def test_brown_is_a_brown_not_a_red():
    hue = {c: colorsys.rgb_to_hls(*(int(paint(c)[i:i + 2], 16) / 255 for i in (1, 3, 5)))[0] * 360
           for c in ("brown", "red", "yellow")}
    assert hue["red"] < 10 or hue["red"] > 350
    assert 20 <= hue["brown"] <= 40 < hue["yellow"]          # an earth brown, between red and yellow


def test_the_ink_on_every_band_reads():
    for colour in shipped_colours():
        assert _contrast(paint(colour), ink(paint(colour))) >= 4.5, colour
