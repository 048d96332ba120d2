"""Where the grammar and the shipped content live, in a checkout and when installed, and
which rule sets the content offers.

In a source checkout they sit at the top of the repository beside `interpreter/`; an
installed wheel carries them inside the package (see pyproject.toml's force-include).

A rule set is a folder: the top-level content folder is the default rule set, offered
under the name DEFAULT_RULES, and every subfolder of it that holds a `rules` block of its
own (in a .wonders file directly inside it) is another, named after the folder.  A
`variants/` folder is never a rule set: its files apply only when asked for.

An expansion pack is a folder of .wonders files read on top of a rule set: a folder of
`content/expansions/`, chosen by its folder's name with `--expansion NAME`, or a designer's
own folder, chosen by its path (`--expansion ./my-pack`: a path holds a `/`).  Nothing in
a pack declares it one; a shipped pack and a designer's are read alike.  A rule set with
packs is named by the rule set's name and the packs' (a designer's by its absolute path),
joined with PACK_JOIN (`first-edition+NAME`): that one name is what commands pass on, and
what a log or a simulation's records carry.
"""

import os
import re
from functools import lru_cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent

DEFAULT_RULES = "first-edition"
EXPANSIONS = "expansions"       # the folder of the content that holds the packs, one subfolder each
PACK_JOIN = "+"
_RULES_BLOCK = re.compile(r'^\s*rules\s+"', re.MULTILINE)
_RULES_NAME = re.compile(r'^\s*rules\s+"([^"\n]*)"', re.MULTILINE)


def _data_dir(name: str) -> Path:
    for candidate in (_PACKAGE / name, _PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"the {name}/ folder is missing from this installation")


def grammar_file() -> Path:
    return _data_dir("grammar") / "wonders.lark"


def content_dir() -> Path:
    return _data_dir("content")


CACHE_ENV = "WONDERS_CACHE_DIR"


def cache_root() -> Path:
    """The per-user cache folder: $WONDERS_CACHE_DIR, else $XDG_CACHE_HOME/wonders, else
    ~/.cache/wonders (the adaptive bot's fits, parsed content: each in a folder of its own)."""
    own = os.environ.get(CACHE_ENV)
    if own:
        return Path(own)
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg) if xdg and os.path.isabs(xdg) else Path.home() / ".cache") / "wonders"


@lru_cache(maxsize=None)
def is_rule_set(folder: Path, confine: Path | None = None) -> bool:
    """A folder (other than `variants/`) whose own .wonders files hold a `rules` block;
    with `confine`, its files that are links leading out of that folder are not read."""
    if folder.name == "variants" or not folder.is_dir():
        return False
    from .inputs import MAX_FILE_BYTES, read_regular
    for path in sorted(folder.glob("*.wonders")):
        if confine is not None and not path.resolve().is_relative_to(confine.resolve()):
            continue
        try:                                # a pipe named *.wonders is passed over, not waited on
            if _RULES_BLOCK.search(read_regular(path, MAX_FILE_BYTES).decode("utf-8", errors="replace")):
                return True
        except OSError:
            continue
    return False


def rule_sets() -> dict[str, Path]:
    """Every shipped rule set by name, the default first."""
    root = content_dir()
    found = {DEFAULT_RULES: root}
    for sub in sorted(p for p in root.iterdir() if p.is_dir()):
        if sub.name != DEFAULT_RULES and is_rule_set(sub):
            found[sub.name] = sub
    return found


def expansion_packs() -> dict[str, Path]:
    """Every shipped expansion pack by name: each folder of content/expansions/ that holds
    .wonders files."""
    folder = content_dir() / EXPANSIONS
    if not folder.is_dir():
        return {}
    return {p.name: p for p in sorted(folder.iterdir()) if p.is_dir() and any(p.glob("*.wonders"))}


def is_pack_path(name: str) -> bool:
    """`--expansion` takes a folder's path when it looks like one (a folder separator);
    any other word names a shipped pack, whatever folders the current folder holds."""
    return "/" in name or "\\" in name


def pack_label(pack: str) -> str:
    """A pack as messages name it: a shipped pack by name, a designer's folder by its path
    (relative to the current folder when inside it)."""
    return shown_path(Path(pack)) if is_pack_path(pack) else pack


def shown_path(path: Path) -> str:
    """A file or folder as diagnostics name it: `content/...` for the shipped content's, else
    relative to the current folder when inside it, else absolute."""
    real = path.resolve()
    for root, prefix in ((content_dir().resolve(), "content/"), (Path.cwd().resolve(), "")):
        if real.is_relative_to(root) and real != root:
            return prefix + real.relative_to(root).as_posix()
    return str(path)


def split_rules(name: str | None) -> tuple[str | None, tuple[str, ...]]:
    """A rule set's name with packs (`first-edition+NAME`) as (rule set, pack names)."""
    if name is None:
        return None, ()
    base, *packs = name.split(PACK_JOIN)
    return base, tuple(packs)


def join_rules(base: str | None, packs) -> str | None:
    """The name of a rule set with packs; None (the default rule set) when there are none."""
    packs = tuple(packs)
    if not packs:
        return base
    return PACK_JOIN.join(((base or DEFAULT_RULES),) + packs)


@lru_cache(maxsize=None)
def shipped_rules_names() -> dict[str, str]:
    """The name of each shipped rule set's `rules` block -> the rule set's name (what
    `--rules` takes), so a variant of other shipped rules can be pointed at them."""
    found = {}
    for name, folder in rule_sets().items():
        for path in sorted(folder.glob("*.wonders")):
            try:
                match = _RULES_NAME.search(path.read_text(encoding="utf-8", errors="replace"))
            except OSError:
                continue
            if match:
                found.setdefault(match.group(1), name)
                break
    return found


def is_pack_file(shown: str, own_packs=frozenset()) -> bool:
    """Whether a file, as shown, is an expansion pack's: one of a folder of an `expansions/`
    folder (the shipped packs', or a designer's kept in the same layout, given among the
    content), or one of `own_packs` (the files, as shown, of the packs given with
    `--expansion PATH`).  Its variant blocks are the pack's changes to the rules, not
    variants the user asked for."""
    return EXPANSIONS in Path(shown).parts[:-2] or shown in own_packs


def is_shipped(shown: str) -> bool:
    """Whether a file, as a diagnostic names it, is one of the shipped content's (shown
    as `content/...`, or named by a path that leads there): a file the designer did not
    write, so no help asks them to edit it."""
    root = content_dir().resolve()
    for candidate in (Path(shown), content_dir().parent / shown):
        try:
            if candidate.is_file() and candidate.resolve().is_relative_to(root):
                return True
        except (OSError, ValueError):
            continue
    return False
