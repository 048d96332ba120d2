"""What the language server knows of a content folder: its files (open buffers in place of
the files on disk), their syntax trees, the checked rule set and every diagnostic.

No LSP types here: the server (server.py) turns this into protocol messages.  A file's
folder is the folder holding it; a file in a `variants/` folder is a variant of the
folder above, checked with the variant applied, as `wonders check --variant` does.
Parsed trees are kept by text, so an edit reparses only the edited file; what only closed
documents needed is dropped when they close (forget), so memory does not grow with every
file ever opened.
"""

from __future__ import annotations

from pathlib import Path

import attrs

from ..check.load import CheckResult, check_sources
from ..check.model import RuleSet
from ..paths import is_rule_set
from ..syntax import ast
from ..syntax.parser import bounded_text, parse_text, read_source


@attrs.define
class Parsed:
    text: str
    tree: ast.File
    problems: list


class Analyzer:
    def __init__(self, confine: Path | None = None):
        self._parsed: dict[str, Parsed] = {}       # by path shown (absolute)
        # `wonders studio` confines it to the folder it opened: a file of the folder that is a
        # link leading out of it is passed over, never read (None: every file is read).
        self.confine = None if confine is None else confine.resolve()
        self.last_good: dict[Path, RuleSet] = {}    # per file: hover keeps working mid-edit
        self.parses = 0                             # files parsed so far (the work done)

    # ---------------------------------------------------------------- files
    def parse(self, text: str, shown: str):
        known = self._parsed.get(shown)
        if known is None or (known.text is not text and known.text != text):
            tree, problems = parse_text(text, shown)
            self.parses += 1
            known = self._parsed[shown] = Parsed(text, tree, problems)
        return known.tree, known.problems

    def known_text(self, shown: str) -> str | None:
        """The text last parsed under this name (None: not parsed)."""
        known = self._parsed.get(shown)
        return None if known is None else known.text

    def forget(self, open_files: set[Path], open_buffers: set[str]) -> None:
        """Keep only what the open documents need: the trees of the files of their folders
        (and of the unsaved buffers still open), and the rule sets of open files."""
        folders = {self.folder_of(p)[0] for p in open_files}

        def needed(shown: str) -> bool:
            return shown in open_buffers or any(f in Path(shown).parents for f in folders)
        self._parsed = {k: v for k, v in self._parsed.items() if needed(k)}
        self.last_good = {k: v for k, v in self.last_good.items() if k in open_files}

    def state(self) -> dict:
        """What the analyzer keeps, by file (for `wonders/state`)."""
        return {"parsed": sorted(self._parsed), "ruleSets": sorted(str(p) for p in self.last_good),
                "parses": self.parses}

    def tree(self, path: Path, overlays: dict[Path, str]) -> ast.File | None:
        text = self.text(path, overlays)
        return None if text is None else self.parse(text, str(path))[0]

    @staticmethod
    def text(path: Path, overlays: dict[Path, str]) -> str | None:
        return Analyzer.source(path, overlays)[0]

    @staticmethod
    def source(path: Path, overlays: dict[Path, str]) -> tuple[str | None, list]:
        """(text or None, why not): an open buffer, or the file on disk, each held to the
        same bound (a file too large, a pipe or a device is refused, never waited on)."""
        if path in overlays:
            return bounded_text(overlays[path], str(path))
        return read_source(path, str(path))

    # ---------------------------------------------------------------- folders
    @staticmethod
    def folder_of(path: Path) -> tuple[Path, Path | None]:
        """(content folder, the variant file or None) for a file."""
        if path.parent.name == "variants":
            return path.parent.parent, path
        return path.parent, None

    def content_files(self, folder: Path, overlays: dict[Path, str]) -> list[Path]:
        """The folder's content files (subfolders but not `variants/`, nor a rule set inside
        a rule set: the same files as `wonders check FOLDER`), open new files included."""
        from ..check.locate import folder_files
        found = set(folder_files(folder))
        found |= {p for p in overlays if p.suffix == ".wonders" and p.parent == folder}
        return self._confined(found)

    def variant_files(self, folder: Path, overlays: dict[Path, str]) -> list[Path]:
        found = {p for p in (folder / "variants").glob("*.wonders") if not p.is_dir()}
        found |= {p for p in overlays if p.parent == folder / "variants"}
        return self._confined(found)

    def _confined(self, found: set[Path]) -> list[Path]:
        if self.confine is not None:
            found = {p for p in found if p.resolve().is_relative_to(self.confine)}
        return sorted(found)

    def check(self, path: Path, overlays: dict[Path, str]) -> CheckResult:
        """The folder of `path` checked, with `path` applied if it is a variant."""
        folder, variant = self.folder_of(path)
        is_rule_set.cache_clear()           # a `rules` block may have been added or removed
        files = self.content_files(folder, overlays)
        if variant is None and path not in files:
            files.append(path)
        if variant is not None:
            files.append(variant)
        sources = [(str(file), *self.source(file, overlays)) for file in files]
        result = check_sources(sources, parse=self.parse)
        if result.ruleset is not None:
            self.last_good[path] = result.ruleset
        return result

    def ruleset(self, path: Path) -> RuleSet | None:
        return self.last_good.get(path)

    def all_trees(self, path: Path, overlays: dict[Path, str]) -> list[ast.File]:
        """Every tree of the folder, its variants included (for names and references)."""
        folder, _ = self.folder_of(path)
        files = self.content_files(folder, overlays) + self.variant_files(folder, overlays)
        if path not in files:
            files.append(path)
        trees = []
        for file in files:
            tree = self.tree(file, overlays)
            if tree is not None:
                trees.append(tree)
        return trees
