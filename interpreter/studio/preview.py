"""The drawings of the See part: the card or wonder side under the cursor, and the gallery.

The folder is checked as the language server checks it (interpreter/lsp/analysis.py): the
editor's text in place of the file on disk, a variant applied when the file is one.  The
drawings are those of `wonders render` (interpreter/views/render/).  While the text has errors
the last rule set that checked is drawn, and the answer says so.
"""

from __future__ import annotations

import threading
from pathlib import Path

from ..lsp.analysis import Analyzer
from ..views.render.build import card_views
from ..views.render.card_svg import CardView, card_svg
from ..views.render.wonder_svg import wonder_side_svg
from ..syntax import ast
from .guard import inside


def _contains(span, line: int) -> bool:
    return span is not None and span.line <= line <= span.end_line


def _side_at(wonder: ast.Wonder, line: int) -> tuple[str, str] | None:
    sides = [s for s in wonder.sides if _contains(s.span, line)] or list(wonder.sides[:1])
    return ("side", wonder.name.text, sides[0].name.text) if sides else None


def _change_target(change: ast.Change, line: int):
    """What a variant's change draws: the card or wonder it adds, or the one it changes."""
    if isinstance(change.item, ast.Card):
        return "card", change.item.name.text
    if isinstance(change.item, ast.Wonder):
        return _side_at(change.item, line)
    target = change.target
    if isinstance(target, ast.WonderSide):
        return "side", target.wonder.text, target.side.text
    if isinstance(target, ast.CardRef):
        return "card", target.name.text
    if isinstance(change, ast.WonderChange):
        return "wonder", change.target.text
    return None


def target_at(tree: ast.File, line: int):
    """("card", name), ("side", wonder, side) or ("wonder", name) under the 1-based line."""
    for item in tree.items:
        if not _contains(item.span, line):
            continue
        if isinstance(item, ast.Card):
            return "card", item.name.text
        if isinstance(item, ast.Wonder):
            return _side_at(item, line)
        if isinstance(item, ast.Variant):
            for change in item.body:
                if _contains(change.span, line):
                    return _change_target(change, line)
    return None


class Previews:
    """One analyzer for the studio's drawings, used by one request at a time (the checks
    run in a worker thread, so the server keeps answering meanwhile)."""

    def __init__(self, root: Path):
        self.root = root
        self.analyzer = Analyzer(confine=root)
        self.lock = threading.Lock()

    def _checked(self, path: Path, overlays: dict[Path, str]):
        result = self.analyzer.check(path, overlays)
        errors = [d for d in result.diagnostics if d.severity == "error"]
        return self.analyzer.ruleset(path), len(errors)

    def under_cursor(self, relative: str, text: str, line: int) -> dict:
        path = inside(self.root, relative)
        overlays = {path: text}
        with self.lock:
            tree = self.analyzer.tree(path, overlays)
            found = target_at(tree, line) if tree is not None else None
            if found is None:
                return {"kind": None}
            ruleset, errors = self._checked(path, overlays)
        answer = {"kind": found[0], "name": found[1], "errors": errors}
        if ruleset is None:
            return {**answer, "svg": None, "why": "the rule set has errors and never checked yet"}
        svg = self._draw(ruleset, found)
        if svg is None:
            return {**answer, "svg": None, "why": f"{found[1]} is not in the checked rule set"}
        return {**answer, "svg": svg, "side": found[2] if len(found) > 2 else None, "stale": errors > 0}

    @staticmethod
    def _draw(ruleset, found) -> str | None:
        vocabulary = ruleset.vocabulary
        if found[0] == "card":
            view = next((v for v in card_views(ruleset) if v.card.name == found[1]), None)
            return None if view is None else card_svg(view, vocabulary)
        wonder = next((w for w in ruleset.wonders if w.name == found[1]), None)
        if wonder is None or not wonder.sides:
            return None
        side = next((s for s in wonder.sides if len(found) > 2 and s.name == found[2]), wonder.sides[0])
        return wonder_side_svg(wonder, side, vocabulary)

    def rules_name(self, folder: Path) -> str | None:
        """The name of the `rules` block the folder's content checks into (None: it has
        never checked)."""
        first = next(iter(self.analyzer.content_files(folder, {})), None)
        if first is None:
            return None
        with self.lock:
            ruleset, _ = self._checked(first, {})
        return None if ruleset is None else ruleset.rules.name

    def gallery(self, relative: str, overlays_rel: dict[str, str], variant: str | None) -> dict:
        """Every card and wonder side of the folder of `relative`, with `variant` (a file of
        the folder's variants/) applied."""
        path = inside(self.root, relative)
        overlays = {inside(self.root, k): v for k, v in overlays_rel.items()}
        folder, _ = Analyzer.folder_of(path)
        if variant:
            checked = inside(self.root, variant)
            if checked.parent != folder / "variants":
                raise ValueError(f"{variant} is not a variant of {folder.relative_to(self.root).as_posix() or '.'}")
        else:
            checked = path if path.parent == folder and path.parent.name != "variants" else None
            checked = checked or next(iter(self.analyzer.content_files(folder, overlays)), None)
            if checked is None:
                return {"cards": [], "wonders": [], "errors": 0, "rules": None}
        with self.lock:
            ruleset, errors = self._checked(checked, overlays)
        if ruleset is None:
            return {"cards": [], "wonders": [], "errors": errors, "rules": None}
        views: list[CardView] = card_views(ruleset)
        cards = [{"name": v.card.name, "age": v.card.age, "color": v.card.color,
                  "svg": card_svg(v, ruleset.vocabulary)} for v in views]
        sides = [{"name": w.name, "side": s.name, "svg": wonder_side_svg(w, s, ruleset.vocabulary)}
                 for w in ruleset.wonders for s in w.sides]
        return {"cards": cards, "wonders": sides, "errors": errors, "rules": ruleset.rules.name}
