"""The rule sets a game of the studio can be played with: the opened folder and each of its
subfolders with rules of their own, and the designer's packs (play_packs.py), each with the
variants of its `variants/` folder, and the bots that may play them (Play and Weigh alike).  A file of the folder that is a link
leading out of it is never read (as the editor's language server passes over it)."""

from __future__ import annotations

from pathlib import Path

from ..paths import content_dir, is_rule_set, rule_sets
from .fields import BadRequest


class PlayError(BadRequest):
    """What the page asked cannot be done: said in words, a 400."""


def installed_bot(spec: str) -> str:
    """`spec` when it names an installed bot (parameters aside), else PlayError.  The studio
    runs no code it was not installed with: a bot from a file (`helper.py:Bot`), asked for
    by a page or recorded in a saved position, is refused before anything is imported."""
    from ..bots.registry import bot_names
    names = [b for b in bot_names() if b != "human"]
    if not isinstance(spec, str) or spec.partition(":")[0].strip() not in names:
        raise PlayError(f"unknown bot {spec!r}: the studio plays installed bots only, by name ({', '.join(names)})")
    return spec


def editions(root: Path) -> list[Path]:
    """The folder's rule sets: the folder itself when its files hold a `rules` block, and
    every subfolder that holds one of its own (as interpreter/paths.py finds them), links
    leading out of the folder passed over."""
    found = [root] if is_rule_set(root, confine=root) else []
    found += sorted(p for p in root.iterdir() if p.is_dir() and not p.is_symlink() and is_rule_set(p, confine=root))
    return found


def confined_files(root: Path, folder: Path) -> list[str]:
    """The content files of `folder` as `wonders check` finds them, but for the links that
    lead out of `root`; PlayError when none is left."""
    from ..check.locate import folder_files
    real_root = root.resolve()
    found = [str(f) for f in folder_files(folder) if f.resolve().is_relative_to(real_root)]
    if not found:
        raise PlayError(f"{as_shown(root, folder)}: no .wonders file inside the studio's folder")
    return found


def variant_files(edition: Path) -> list[Path]:
    folder = edition / "variants"
    if not folder.is_dir() or folder.is_symlink():
        return []
    return sorted(p for p in folder.glob("*.wonders") if p.is_file() and not p.is_symlink())


def as_shown(root: Path, path: Path) -> str:
    """A path of the folder as the page shows it ("." for the folder itself)."""
    return path.relative_to(root).as_posix() or "."


def shipped_name(edition: Path) -> str | None:
    """The name `wonders play --rules` knows this folder by, when it is a shipped rule set."""
    try:
        if edition.resolve().is_relative_to(content_dir().resolve()):
            return next((n for n, p in rule_sets().items() if p.resolve() == edition.resolve()), None)
    except FileNotFoundError:
        return None
    return None
