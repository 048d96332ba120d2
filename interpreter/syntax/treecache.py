"""Parsed content kept between runs, so that a command does not parse the same files again.

Parsing the shipped content with Lark is about half the processor time of `wonders check`
(loading the parse tables, lexing, building the tree).  A file that parses clean is kept
as its syntax tree in plain JSON, in the `parsed` folder of the per-user cache folder
(paths.cache_root), named by its key: the SHA-256 of the file's text and of the code that
builds trees (the grammar, the installed Lark, every module of interpreter/syntax/ and
diagnostics.py).  Any change to either is a miss.  The name a file is shown by, which the
tree's spans carry, is left out of the entry and put back when it is read, so the same
text at another path (a copy of the content) is found too.  The MAX_ENTRIES used last are
kept, the others deleted when an entry is written.  A file with a syntax error is never
kept (its messages are worded in the reader's language).

Nothing is ever unpickled: the JSON names its nodes, and only the syntax tree's own attrs
classes are built from it, through their constructors.  The folder and its entries are
kept by cachefiles.py, under the rules both caches keep: the folder is used only if it is
a folder of this user's that no one else may write, never through a link (else a warning,
once, and every file is parsed); an entry is read only if it is a regular file owned by
this user, writable by no one else, within a bound, and if it says it is one of ours
(format, version, key); anything else is ignored and parsed again.  Entries are written
whole, readable and writable by this user alone (0600) whatever the umask, and pruning
deletes only entries this cache wrote (their names and their first bytes say so), never
another `*.json` in the folder.  Reading or writing the cache never fails a command.
$WONDERS_PARSED_DIR, when set, names the folder instead of `parsed` in the cache folder
(the test suite shares one among its tests so).
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
from collections import OrderedDict
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs

from ..cachefiles import CacheFolder
from ..diagnostics import Span
from ..inputs import MAX_FILE_BYTES
from ..marked import N_
from ..paths import CACHE_ENV, cache_root, grammar_file
from ..errors import WondersError

if TYPE_CHECKING:
    from ..diagnostics import Diagnostic
    from .ast import File

FORMAT = "wonders-parsed-content"
VERSION = 1
FOLDER = "parsed"
PARSED_ENV = "WONDERS_PARSED_DIR"
MAX_ENTRIES = 256
MAX_ENTRY_BYTES = 40 * MAX_FILE_BYTES
_MARKER = ('{"format":' + json.dumps(FORMAT) + ",").encode("ascii")     # how every entry begins
_MEMO_SIZE = 64                  # trees kept in this process (a check reads each file more than once)
_memo: OrderedDict[tuple[str, str], File] = OrderedDict()


class _NotKept(WondersError):
    """A tree holding something the cache does not write (it is parsed again each run)."""


def parse_cached(text: str, shown: str) -> tuple[File, list[Diagnostic]]:
    """parse_text(text, shown), from the cache when this text was parsed clean before."""
    key = entry_key(text)
    tree = _memo.get((key, shown))
    if tree is None:
        cache = _cache()
        with cache.opened() as folder:
            tree = _read(cache, folder, key, shown) if folder is not None else None
            if tree is None:
                from .parser import parse_text
                tree, problems = parse_text(text, shown)
                if problems:
                    return tree, problems
                if folder is not None:
                    _write(cache, folder, key, tree, shown)
        _memo[key, shown] = tree
        while len(_memo) > _MEMO_SIZE:
            _memo.popitem(last=False)
    _memo.move_to_end((key, shown))
    return tree, []


def entry_key(text: str) -> str:
    digest = hashlib.sha256(code_digest().encode("ascii"))
    digest.update(text.encode("utf-8", errors="surrogatepass"))
    return digest.hexdigest()


@lru_cache(maxsize=1)
def code_digest() -> str:
    """The SHA-256 of everything that decides the tree a text parses to."""
    digest = hashlib.sha256(f"{FORMAT} {VERSION}\n".encode("ascii"))
    here = Path(__file__).resolve().parent
    lark = importlib.util.find_spec("lark")
    files = [grammar_file(), here.parent / "diagnostics.py", *sorted(here.rglob("*.py")),
             *sorted((here.parent / "kinds").rglob("*.py"))]     # the kinds' syntax classes
    if lark is not None and lark.origin:
        files.append(Path(lark.origin))               # its __init__ names Lark's version
    for path in files:
        data = path.read_bytes()
        digest.update(f"{path.name} {len(data)}\n".encode("utf-8") + data)
    return digest.hexdigest()


def cache_folder() -> Path:
    own = os.environ.get(PARSED_ENV)
    return Path(own) if own else cache_root() / FOLDER


def _cache() -> CacheFolder:
    return CacheFolder(cache_folder(), r"[0-9a-f]{64}\.json", MAX_ENTRY_BYTES, _MARKER, N_("parsed content"),
                       PARSED_ENV if os.environ.get(PARSED_ENV) else CACHE_ENV, pruned=True)


def entry_name(key: str) -> str:
    return f"{key}.json"


def entry_path(key: str) -> Path | None:
    """Where the tree of the text with this key is kept, or None: no usable cache folder."""
    try:
        cache = _cache()
    except RuntimeError:                            # no home folder to be found
        return None
    with cache.opened() as folder:
        return None if folder is None else cache.path / entry_name(key)


def _read(cache: CacheFolder, folder: int, key: str, shown: str) -> File | None:
    try:
        data = cache.read(folder, entry_name(key))
        if data is None:
            return None
        data = json.loads(data, object_hook=lambda obj: _decode(obj, shown))
        if not isinstance(data, dict) or (data.get("format"), data.get("version"), data.get("key")) \
                != (FORMAT, VERSION, key):
            return None
        from .ast import File as FileNode          # (at run time only: the tree's module imports this one's)
        tree = data.get("tree")
        return tree if isinstance(tree, FileNode) else None
    except (OSError, ValueError, TypeError, KeyError, RecursionError):
        return None


def _write(cache: CacheFolder, folder: int, key: str, tree: File, shown: str) -> None:
    try:
        text = json.dumps({"format": FORMAT, "version": VERSION, "key": key, "tree": _encode(tree, shown)},
                          separators=(",", ":"), ensure_ascii=False)
        cache.write(folder, entry_name(key), text.encode("utf-8"))
        cache.prune(folder, MAX_ENTRIES)
    except (OSError, _NotKept, RecursionError, ValueError):
        pass


# ---------------------------------------------------------------- the tree as JSON
_NODE, _FIELDS, _TUPLE, _HERE = "@", "f", "t", "s"      # _HERE: a Span in the file itself


@lru_cache(maxsize=1)
def node_classes() -> dict[str, tuple[type, tuple[str, ...]]]:
    """The classes a kept tree may hold, by name: the syntax tree's attrs classes (those of
    the kind modules too, kinds/actions/, kinds/effects/, kinds/conditions/,
    kinds/expressions/, kinds/amounts/, the value gathered over the table of
    kinds/among_base.py and the scope of kinds/scope_base.py) and Span, each with the names
    its constructor takes, in the order of its fields."""
    from . import ast, ast_base, ast_changes, ast_effects
    from ..kinds import actions, amounts, among_base, conditions, effects, expressions, scope_base
    found: dict[str, type] = {Span.__name__: Span}
    for module in (ast_base, ast_effects, ast_changes, ast, among_base, scope_base, *actions.MODULES,
                   *effects.MODULES, *conditions.MODULES, *expressions.MODULES, *amounts.MODULES):
        for value in vars(module).values():
            if isinstance(value, type) and attrs.has(value) and value.__module__ == module.__name__:
                if found.setdefault(value.__name__, value) is not value:
                    raise TypeError(f"two syntax tree classes are named {value.__name__}")
    classes: dict[str, tuple[type, tuple[str, ...]]] = {}
    for name, cls in found.items():
        fields = attrs.fields(cls)
        if all(f.init for f in fields):
            classes[name] = (cls, tuple(f.alias or f.name for f in fields))
    return classes


def _encode(value: Any, shown: str) -> object:     # (any node of the tree, a Span, a tuple or a leaf)
    """`value` as JSON; a Span in the file shown as `shown` without that name, as are the
    File's own path (put back by _decode)."""
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, tuple):
        return {_TUPLE: [_encode(v, shown) for v in value]}
    kind = type(value)
    if kind is Span and value.file == shown:
        return {_HERE: [value.line, value.column, value.end_line, value.end_column]}
    known = node_classes().get(kind.__name__)
    if known is None or known[0] is not kind:
        raise _NotKept(kind.__name__)
    fields = attrs.fields(kind)
    if kind.__name__ == "File":
        if value.path != shown:
            raise _NotKept("a File shown by another name")
        return {_NODE: "File", _FIELDS: [None, *(_encode(getattr(value, f.name), shown) for f in fields[1:])]}
    return {_NODE: kind.__name__, _FIELDS: [_encode(getattr(value, f.name), shown) for f in fields]}


def _decode(obj: dict[str, Any], shown: str) -> object:
    """One JSON object of a kept tree back to what it was (json.loads' object_hook: inner
    objects first), in the file shown as `shown`; a file naming anything else is refused
    (ValueError)."""
    if _HERE in obj:
        where = obj[_HERE]
        if len(obj) != 1 or not isinstance(where, list) or len(where) != 4 \
                or not all(type(n) is int for n in where):
            raise ValueError("not a span")
        return Span(shown, *where)
    if _TUPLE in obj:
        if len(obj) != 1 or not isinstance(obj[_TUPLE], list):
            raise ValueError("not a tuple")
        return tuple(obj[_TUPLE])
    if _NODE not in obj:
        return obj
    cls, names = node_classes()[obj[_NODE]]
    values = obj[_FIELDS]
    if cls.__name__ == "File" and isinstance(values, list) and values:
        values = [shown, *values[1:]]
    if len(obj) != 2 or not isinstance(values, list) or len(values) != len(names) \
            or any(type(v) is list for v in values):
        raise ValueError(f"not a {obj[_NODE]}")
    return cls(**dict(zip(names, values)))
