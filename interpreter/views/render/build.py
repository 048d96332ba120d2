"""Render a rule set into a folder: index.html, print.html, cards/*.svg, wonders/*.svg.

Every file is written atomically.  The folder's manifest (wonders-render.json) lists the
files render wrote there: a file it lists that this run does not write (a card renamed or
removed since) is removed, and a file it does not list is never removed nor replaced (the
run is refused first), so the user's own files in the folder are safe."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import attrs

from ...atomic import write_atomic
from ...check.model import RuleSet
from ...i18n import _
from ..cards import pooled_names
from .card_svg import CardView, card_svg
from .page import index_page, print_page
from .wonder_svg import wonder_side_svg
from ...errors import WondersError


MANIFEST = "wonders-render.json"
# What a manifest may list: only such files are ever removed, whatever the manifest says.
OURS = re.compile(r"(cards|wonders)/[a-z0-9-]+\.svg|index\.html|print\.html")


class NotOurs(WondersError):
    """Files in the folder that render would replace but did not write."""

    def __init__(self, files: list[str]):
        super().__init__(", ".join(files))
        self.files = files


@attrs.frozen
class Rendered:
    cards: int
    wonder_sides: int
    pages: tuple[str, ...]


SLUG_LENGTH = 80        # a file name is at most 255 bytes, with the prefix, suffix and temporary's part


def slug(name: str) -> str:
    """A file name's part for `name`: its letters and digits; a long name is cut and ends
    in a digest of the whole, so that two long names that start alike stay apart."""
    whole = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "unnamed"
    if len(whole) <= SLUG_LENGTH:
        return whole
    digest = hashlib.sha256(name.encode("utf-8", errors="surrogatepass")).hexdigest()[:10]
    return f"{whole[:SLUG_LENGTH - len(digest) - 1].rstrip('-')}-{digest}"


def _unique(base: str, taken: set[str]) -> str:
    name, n = base, 2
    while name in taken:
        name, n = f"{base}-{n}", n + 1
    taken.add(name)
    return name


def card_views(ruleset: RuleSet, age: int | None = None) -> list[CardView]:
    """The cards to draw, with what leads from each and its copies at each player count."""
    pooled = pooled_names(ruleset)
    rules = ruleset.rules
    counts = range(rules.min_players, rules.max_players + 1)
    views = []
    for card in ruleset.cards:
        if age is not None and card.age != age:
            continue
        leads_to = tuple(c.name for c in ruleset.cards if card.name in c.chains)
        copies = None if card.name in pooled else tuple((p, card.copies_at(p)) for p in counts)
        views.append(CardView(card, leads_to, copies))
    return views


def written_before(out: Path) -> set[str] | None:
    """The files the folder's manifest lists: none if there is no manifest, None if the
    file in its place is not one render wrote."""
    path = out / MANIFEST
    if not path.exists():
        return set()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("written by") != "wonders render" or not isinstance(data.get("files"), list):
        return None
    return {f for f in data["files"] if isinstance(f, str) and OURS.fullmatch(f)}


def _write_manifest(out: Path, files) -> None:
    write_atomic(out / MANIFEST, json.dumps({"written by": "wonders render", "files": sorted(files)}, indent=1) + "\n")


def render(ruleset: RuleSet, out: Path, age: int | None = None, variants=(), progress=lambda text: None) -> Rendered:
    """Draw into `out`; raises NotOurs, before writing anything, when a file to write is
    already there and the manifest does not list it."""
    views = card_views(ruleset, age)
    vocabulary = ruleset.vocabulary
    taken: set[str] = set()
    cards = [(view, f"cards/{_unique(f'age{view.card.age}-{slug(view.card.name)}', taken)}.svg") for view in views]
    sides = [(wonder, side, f"wonders/{_unique(f'{slug(wonder.name)}-{slug(side.name)}', taken)}.svg")
             for wonder in ruleset.wonders for side in wonder.sides]
    planned = [file for _card, file in cards] + [file for _side, _view, file in sides] + ["index.html", "print.html"]
    before = written_before(out)
    if before is None:
        raise NotOurs([MANIFEST])
    foreign = [f for f in planned if (out / f).exists() and f not in before]
    if foreign:
        raise NotOurs(foreign)
    (out / "cards").mkdir(parents=True, exist_ok=True)
    (out / "wonders").mkdir(parents=True, exist_ok=True)
    _write_manifest(out, before | set(planned))            # an interrupted run still knows its files
    progress(_("drawing {count} card(s)").format(count=len(views)))
    drawn = []
    for view, file in cards:
        svg = card_svg(view, vocabulary)
        write_atomic(out / file, svg)
        drawn.append((view, svg, file))
    progress(_("drawing {count} wonder side(s)").format(count=len(sides)))
    boards = []
    for wonder, side, file in sides:
        svg = wonder_side_svg(wonder, side, vocabulary)
        write_atomic(out / file, svg)
        boards.append((wonder.name, side.name, svg, file))
    write_atomic(out / "index.html", index_page(ruleset, drawn, boards, list(variants)))
    write_atomic(out / "print.html", print_page(ruleset, drawn))
    for stale in sorted(before - set(planned)):
        (out / stale).unlink(missing_ok=True)
    _write_manifest(out, planned)
    return Rendered(len(drawn), len(boards), ("index.html", "print.html"))
