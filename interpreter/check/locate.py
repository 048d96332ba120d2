"""Which files a check reads: the caller's words (files and folders, `--rules NAME`,
`--expansion NAME`, `--variant NAME`) turned into the paths of .wonders files and the names
they are shown by, or a UsageError that says what was mistyped.

Apart from load.py, which judges what the files hold, because the front ends (the studio,
the language server, `--output`'s checks) list content without checking it, and because
where a file comes from is the caller's mistake to fix, never content's (no diagnostic)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from pathlib import Path

from ..diagnostics import did_you_mean
from ..errors import WondersError
from ..i18n import _
from ..paths import (DEFAULT_RULES, EXPANSIONS, PACK_JOIN, content_dir, expansion_packs, is_pack_path, is_rule_set,
                     join_rules, pack_label, rule_sets, shipped_rules_names, shown_path, split_rules)


class UsageError(WondersError):
    """A path that does not exist or holds no content: the caller's mistake, not content's."""


def content_files(paths: Iterable[str | Path]) -> list[tuple[Path, str]]:
    """Expand folders to their .wonders files, subfolders included except those named
    `variants` (variants apply only when asked for with --variant), those named `expansions`
    (packs apply only when asked for with --expansion) and rule sets inside a
    rule set (a subfolder with its own `rules` block: a rule set is a folder); (path, name
    to show) pairs, sorted."""
    found: list[tuple[Path, str]] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            files = folder_files(path)
            if not files:
                raise UsageError(_("{folder}: no .wonders files in this folder").format(folder=raw))
            found += [(f, str(f)) for f in files]
        elif path.exists():
            found.append((path, str(raw)))
        else:
            raise UsageError(_("{file}: no such file or folder").format(file=raw))
    return found


def folder_files(folder: Path) -> list[Path]:
    """The .wonders files of a folder and its subfolders, sorted by path: not those of a
    `variants/` folder, and not those of a rule set inside another rule set (a folder with
    its own `rules` block within a folder, or below one, that has its own).  A pipe, device
    or socket named `*.wonders` is listed too: reading it says what it is (E0007), never
    waits on it, and never passes over it in silence."""
    return _walk(folder)[0]


def nested_rule_sets(folder: Path) -> list[Path]:
    """The rule sets inside the folder's rule set that folder_files leaves out (each is
    checked on its own: check/folder.py), sorted by path."""
    return _walk(folder)[1]


def _walk(folder: Path) -> tuple[list[Path], list[Path]]:
    found: list[Path] = []
    nested: list[Path] = []

    def walk(here: Path, inside_rules: bool) -> None:
        inside_rules = inside_rules or is_rule_set(here)
        try:
            entries = list(here.iterdir())
        except OSError:                       # an unreadable folder holds nothing to check
            return
        for entry in entries:
            if entry.suffix == ".wonders" and not entry.is_dir():
                found.append(entry)
            elif entry.is_dir() and not entry.is_symlink() and entry.name not in ("variants", EXPANSIONS):
                if inside_rules and is_rule_set(entry):
                    nested.append(entry)
                else:
                    walk(entry, inside_rules)

    walk(folder, False)
    return sorted(found), sorted(nested)


def _guessed(name: str, known: Iterable[str]) -> str:
    """The hint for a mistyped name of a rule set or a pack: `did you mean 'X'? `, or nothing."""
    guess = did_you_mean(name, list(known))
    return f"did you mean {guess!r}? " if guess else ""


class UnknownRules(UsageError):
    """`--rules NAME` names no shipped rule set."""


def rules_folder(name: str | None) -> Path:
    """The folder of a shipped rule set, by name (None: the default; the packs of a name
    with packs are left out: pack_folders gives theirs)."""
    name = split_rules(name)[0]
    sets = rule_sets()
    if name is None:
        return sets[DEFAULT_RULES]
    if name not in sets:
        raise UnknownRules(f"no rule set named {name!r}; {_guessed(name, sets)}rule sets: {', '.join(sets)}")
    return sets[name]


def default_files(rules: str | None = None) -> list[tuple[Path, str]]:
    """The files of a shipped rule set, then those of each of its packs in the order named."""
    root = content_dir()
    folder = rules_folder(rules)
    files = sorted(folder.glob("*.wonders")) if folder == root else folder_files(folder)
    files += [f for pack in pack_folders(rules) for f in folder_files(pack)]
    return [(p, shown_path(p)) for p in files]


def pack_files_shown(rules: str | None) -> frozenset[str]:
    """The files of the designer's packs a rule set's name carries, as default_files shows
    them: their variant blocks are the pack's changes, as a shipped pack's are."""
    return frozenset(shown_path(f) for name, folder in zip(split_rules(rules)[1], pack_folders(rules))
                     if is_pack_path(name) for f in folder_files(folder))


class UnknownPack(UsageError):
    """`--expansion NAME` names no shipped pack, or a pack written for other rules."""


def pack_folders(rules: str | None) -> list[Path]:
    """The folders of the packs a rule set's name carries (`first-edition+NAME`)."""
    packs = expansion_packs()
    found = []
    for name in split_rules(rules)[1]:
        if is_pack_path(name):
            found.append(own_pack(name))
            continue
        if name not in packs:
            hint = _guessed(name, packs)
            if Path(name).is_dir():
                hint += f"to use the folder {name} of this folder, write --expansion ./{name}; "
            raise UnknownPack(f"no expansion named {name!r}; {hint}expansions: {', '.join(packs) or 'none'}")
        found.append(packs[name])
    return found


def own_pack(name: str) -> Path:
    """The folder of a designer's pack, given by its path: a folder holding .wonders files
    (its subfolders' too, as `wonders check FOLDER` reads them), else UnknownPack."""
    folder = Path(name)
    shown = pack_label(name)
    if PACK_JOIN in name:
        raise UnknownPack(f"{shown}: a pack's path may not hold {PACK_JOIN!r} (it joins the packs' names); "
                          "rename the folder")
    if not folder.is_dir():
        raise UnknownPack(f"{shown}: no such folder" if not folder.exists()
                          else f"{shown}: not a folder; --expansion takes a pack's folder (or a shipped pack's name)")
    if not folder_files(folder):
        raise UnknownPack(f"{shown}: no .wonders files in this folder")
    return folder


_CHANGES = re.compile(r'^\s*changes\s+"([^"\n]*)"', re.MULTILINE)


def with_expansions(rules: str | None, names: Sequence[str]) -> str | None:
    """The rule set `rules` with the packs `names` on top, as one name (None: the default
    rule set, no packs).  A pack names the rules it is written for in the `changes` line
    of its variant blocks; on any other rule set it is refused, never applied."""
    names = tuple(dict.fromkeys(str(Path(n).resolve()) if is_pack_path(n) else n for n in names))
    base, carried = split_rules(rules)
    combined = join_rules(base, carried + tuple(n for n in names if n not in carried))
    folders = pack_folders(combined)
    chosen = split_rules(combined)[0] or DEFAULT_RULES
    rules_folder(chosen)                           # an unknown rule set is named first
    for name, folder in zip(split_rules(combined)[1], folders):
        written_for = {shipped_rules_names().get(changed, changed)
                       for path in sorted(folder.glob("*.wonders"))
                       for changed in _CHANGES.findall(path.read_text(encoding="utf-8", errors="replace"))}
        if is_pack_path(name):             # a designer's misspelt `changes` is the checker's (E1402, located)
            written_for &= set(rule_sets())
        wrong = sorted(written_for - {chosen})
        if wrong:
            raise UnknownPack(f"the expansion {pack_label(name)!r} is written for the rules {', '.join(wrong)}, not "
                              f"{chosen}; leave out --rules {chosen} (or give --rules {wrong[0]})")
    return combined


def is_variant_path(name: str) -> bool:
    """`--variant` takes a path when it looks like one (a folder separator, or the
    `.wonders` ending); any other word names a variant of the content's `variants/` folder,
    whatever files the current folder holds (docs/variants.md, "Naming a variant")."""
    return "/" in name or "\\" in name or name.endswith(".wonders")


def variant_files(names: Iterable[str], paths: Sequence[str | Path] | None = None, rules: str | None = None) -> list[tuple[Path, str]]:
    """`--variant NAME`: a file path, or NAME.wonders in the `variants/` folder of the
    content (the packs' own first, then the rule set's, then the other shipped rule sets':
    a variant of other rules is then refused by name, E1402, rather than not found)."""
    shipped = content_dir()
    folders = [Path(p) for p in (paths or []) if Path(p).is_dir()]
    given = bool(folders)
    if not given:
        own = rules_folder(rules)
        folders = pack_folders(rules) + [own] + [f for f in rule_sets().values() if f != own]
    found = []
    for name in names:
        if is_variant_path(name):
            path = Path(name)
            if not path.exists() or path.is_dir():      # a pipe or device: reading it says so (E0007)
                raise UsageError((_("{file}: no such variant file (it is a folder)") if path.is_dir()
                                  else _("{file}: no such variant file")).format(file=name))
            found.append((path, str(name)))
            continue
        for folder in folders:
            candidate = folder / "variants" / f"{name}.wonders"
            if candidate.exists() and not candidate.is_dir():
                shown = (f"content/{candidate.relative_to(shipped).as_posix()}"
                         if not given else str(candidate))
                found.append((candidate, shown))
                break
        else:
            known = sorted(p.stem for f in folders for p in (f / "variants").glob("*.wonders"))
            guess = did_you_mean(name, known)
            hint = _("; did you mean {guess!r}?").format(guess=guess) if guess else \
                (_("; variants: {variants}").format(variants=", ".join(known)) if known else "")
            for file in (name, f"{name}.wonders"):
                if Path(file).is_file():
                    hint += _("; to use the file {file} of this folder, write --variant ./{file}").format(file=file)
                    break
            raise UsageError(_("{name}: no such variant").format(name=name) + hint)
    return found
