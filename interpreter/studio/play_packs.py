"""A designer's expansion packs in the studio's folder, offered by Play and Weigh like the
folder's rule sets (docs/studio.md, "Packs").

A pack is a folder of .wonders files without a `rules` block of its own whose variant
blocks say which rules they change (`changes "..."`), as a shipped pack's do
(docs/expansions.md, "Your own pack").  The studio finds them where a designer keeps
them: each folder of the studio's `expansions/` folder, and, when the studio's folder is
no rule set itself, each of its own subfolders (a folder inside a rule set is part of that
rule set's content).  A pack is played on the rules it changes: a rule set of the folder
with that name, else the shipped rule set with it.  What Play and Weigh play (`playable`)
and how it is compiled (`compile_edition`) live here, above play_rules.py, because both
need the packs.
"""

from __future__ import annotations

import re
from pathlib import Path

from ..inputs import MAX_FILE_BYTES, read_regular
from ..paths import EXPANSIONS, is_rule_set, join_rules, shipped_rules_names
from .play_rules import PlayError, as_shown, confined_files, editions

_CHANGES = re.compile(r'^\s*changes\s+"([^"\n]*)"', re.MULTILINE)
_RULES_NAME = re.compile(r'^\s*rules\s+"([^"\n]*)"', re.MULTILINE)


def _changes(folder: Path, root: Path) -> list[str]:
    """The rules the variant blocks of a folder's own files name (links leading out of the
    studio's folder passed over, as a pipe is)."""
    found = []
    for path in sorted(folder.glob("*.wonders")):
        if not path.resolve().is_relative_to(root.resolve()):
            continue
        try:
            found += _CHANGES.findall(read_regular(path, MAX_FILE_BYTES).decode("utf-8", errors="replace"))
        except OSError:
            continue
    return found


def packs(root: Path) -> list[Path]:
    """The packs of the studio's folder, sorted by path."""
    places = [root / EXPANSIONS]
    if not is_rule_set(root, confine=root):
        places.append(root)
    found = []
    for place in places:
        if not place.is_dir() or place.is_symlink():
            continue
        for sub in sorted(place.iterdir()):
            if sub.is_dir() and not sub.is_symlink() and sub.name not in ("variants", EXPANSIONS) \
                    and not sub.name.startswith(".") and not is_rule_set(sub, confine=root) and _changes(sub, root):
                found.append(sub)
    return sorted(found)


def is_pack(root: Path, folder: Path) -> bool:
    return folder in packs(root)


def rules_of(root: Path, edition: Path) -> str | None:
    """The name of a rule set's `rules` block (a quick look, as paths.py takes one)."""
    for path in sorted(edition.glob("*.wonders")):
        if not path.resolve().is_relative_to(root.resolve()):
            continue
        try:
            match = _RULES_NAME.search(read_regular(path, MAX_FILE_BYTES).decode("utf-8", errors="replace"))
        except OSError:
            continue
        if match:
            return match.group(1)
    return None


def pack_base(root: Path, pack: Path) -> tuple[Path | None, str | None]:
    """What a pack is played on: (a rule set of the folder, None) or (None, the shipped rule
    set's name), found by the rules its variants change; PlayError when neither has them."""
    changes = _changes(pack, root)
    for edition in editions(root):
        if rules_of(root, edition) in changes:
            return edition, None
    shipped = shipped_rules_names()
    for name in changes:
        if name in shipped:
            return None, shipped[name]
    raise PlayError(f"{as_shown(root, pack)} changes the rules \"{changes[0]}\", which neither the studio's "
                    "folder nor the shipped content has")


def check_inputs(root: Path, folder: Path, with_pack: bool = True) -> tuple[list[str], str | None]:
    """(content paths, shipped rule set's name) that `check_paths` reads for a rule set of
    the folder, or a pack on its rules (`with_pack` False: those rules alone).  The pack's
    files, all of them, must be inside the studio's folder."""
    if not is_pack(root, folder):
        return confined_files(root, folder), None
    edition, shipped = pack_base(root, folder)
    own = confined_files(root, folder)
    from ..check.locate import folder_files
    if len(own) != len(folder_files(folder)):
        raise PlayError(f"{as_shown(root, folder)}: a file of the pack is a link leading out of the studio's folder")
    if edition is not None:
        return confined_files(root, edition) + (own if with_pack else []), None
    return [], join_rules(shipped, (str(folder.resolve()),) if with_pack else ())


def label(root: Path, pack: Path) -> str:
    """How the page names a pack on its rules: `RULES with the pack FOLDER`."""
    try:
        edition, shipped = pack_base(root, pack)
    except PlayError:
        return as_shown(root, pack)
    rules = rules_of(root, edition) if edition is not None else \
        next(n for n, s in shipped_rules_names().items() if s == shipped)
    return f"{rules} with the pack {as_shown(root, pack)}"


def compile_edition(root: Path, edition: Path, variants: list[Path]):
    """The compiled rules of one rule set of the folder with its variants, or PlayError
    saying how many errors keep it from being played."""
    from ..check.load import check_paths
    from ..check.locate import UsageError
    from ..compile import compile_rules
    paths, rules = check_inputs(root, edition)          # a pack of the folder: on the rules it changes
    try:
        result = check_paths(paths or None, [str(v) for v in variants], rules)
    except UsageError as err:
        raise PlayError(str(err)) from None
    if result.ruleset is None:
        raise PlayError(f"{as_shown(root, edition)} has {result.errors} error(s) with these variants: "
                        "fix them (the Problems list) before playing")
    return compile_rules(result.ruleset)


def playable(root: Path) -> list[Path]:
    """What a game of the studio is played with: the folder's rule sets, then its packs
    (play_packs.py), each on the rules it changes."""
    return editions(root) + packs(root)
