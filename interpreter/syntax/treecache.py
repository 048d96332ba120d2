"""Parsed content kept between runs, so that a command does not parse the same files again.

Parsing the shipped content with Lark is about half the processor time of `wonders check`
(loading the parse tables, lexing, building the tree).  A file that parses clean is kept
as its syntax tree in plain JSON, in the `parsed` folder of the per-user cache folder
(paths.cache_root), one file per content file, under a key: the SHA-256 of the file's text,
the name it is shown by (the tree's spans carry it) and the code that builds trees (the
grammar, the installed Lark, every module of interpreter/syntax/ and diagnostics.py).  Any
change to one of them is a miss, and the entry is written again; a file with a syntax error
is never kept (its messages are worded in the reader's language).

Nothing is ever unpickled: the JSON names its nodes, and only the syntax tree's own attrs
classes are built from it, through their constructors.  A file is read only if it is a
regular file (never through a symlink) owned by this user, in a folder owned by this user,
neither writable by anyone else, and if it says it is one of ours (format, version, key);
anything else is ignored and parsed again.  Files are written whole (atomic.py).  Reading
or writing the cache never fails a command: an unusable folder only means parsing again.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import stat
from collections import OrderedDict
from functools import lru_cache
from pathlib import Path

import attrs

from ..diagnostics import Span
from ..inputs import MAX_FILE_BYTES
from ..paths import cache_root, grammar_file

FORMAT = "wonders-parsed-content"
VERSION = 1
FOLDER = "parsed"
_MEMO_SIZE = 64                  # trees kept in this process (a check reads each file more than once)
_memo: OrderedDict[str, object] = OrderedDict()


class _NotKept(Exception):
    """A tree holding something the cache does not write (it is parsed again each run)."""


def parse_cached(text: str, shown: str):
    """parse_text(text, shown), from the cache when this text was parsed clean before."""
    key = entry_key(text, shown)
    tree = _memo.get(key)
    if tree is None:
        path = entry_path(shown)
        tree = _read(path, key) if path is not None else None
        if tree is None:
            from .parser import parse_text
            tree, problems = parse_text(text, shown)
            if problems:
                return tree, problems
            if path is not None:
                _write(path, key, tree)
        _memo[key] = tree
        while len(_memo) > _MEMO_SIZE:
            _memo.popitem(last=False)
    _memo.move_to_end(key)
    return tree, []


def entry_key(text: str, shown: str) -> str:
    digest = hashlib.sha256(code_digest().encode("ascii"))
    for part in (shown, text):
        data = part.encode("utf-8", errors="surrogatepass")
        digest.update(len(data).to_bytes(8, "big") + data)
    return digest.hexdigest()


@lru_cache(maxsize=1)
def code_digest() -> str:
    """The SHA-256 of everything that decides the tree a text parses to."""
    digest = hashlib.sha256(f"{FORMAT} {VERSION}\n".encode("ascii"))
    here = Path(__file__).resolve().parent
    lark = importlib.util.find_spec("lark")
    files = [grammar_file(), here.parent / "diagnostics.py", *sorted(here.rglob("*.py"))]
    if lark is not None and lark.origin:
        files.append(Path(lark.origin))               # its __init__ names Lark's version
    for path in files:
        data = path.read_bytes()
        digest.update(f"{path.name} {len(data)}\n".encode("utf-8") + data)
    return digest.hexdigest()


def cache_folder() -> Path:
    return cache_root() / FOLDER


def entry_path(shown: str) -> Path | None:
    """Where the tree of the file shown as `shown` is kept, or None: no usable cache folder."""
    try:
        folder = cache_folder()
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        if not _ours(os.stat(folder)):
            return None
    except (OSError, RuntimeError):                 # RuntimeError: no home folder to be found
        return None
    return folder / (hashlib.sha256(shown.encode("utf-8", errors="surrogatepass")).hexdigest()[:32] + ".json")


def _ours(status: os.stat_result) -> bool:
    """Owned by this user and writable by no one else."""
    mine = not hasattr(os, "getuid") or status.st_uid == os.getuid()
    return mine and not status.st_mode & (stat.S_IWGRP | stat.S_IWOTH)


def _read(path: Path, key: str):
    try:
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return None
    try:
        status = os.fstat(handle)
        if not stat.S_ISREG(status.st_mode) or not _ours(status) or status.st_size > 40 * MAX_FILE_BYTES:
            return None
        with os.fdopen(handle, "rb") as stream:
            handle = None
            data = json.loads(stream.read(), object_hook=_decode)
        if not isinstance(data, dict) or (data.get("format"), data.get("version"), data.get("key")) \
                != (FORMAT, VERSION, key):
            return None
        from .ast import File
        tree = data.get("tree")
        return tree if isinstance(tree, File) else None
    except (OSError, ValueError, TypeError, KeyError, RecursionError):
        return None
    finally:
        if handle is not None:
            os.close(handle)


def _write(path: Path, key: str, tree) -> None:
    from ..atomic import write_atomic
    try:
        text = json.dumps({"format": FORMAT, "version": VERSION, "key": key, "tree": _encode(tree)},
                          separators=(",", ":"), ensure_ascii=False)
        write_atomic(path, text)
    except (OSError, _NotKept, RecursionError, ValueError):
        pass


# ---------------------------------------------------------------- the tree as JSON
_NODE, _FIELDS, _TUPLE = "@", "f", "t"


@lru_cache(maxsize=1)
def node_classes() -> dict[str, tuple[type, tuple[str, ...]]]:
    """The classes a kept tree may hold, by name: the syntax tree's attrs classes and Span,
    each with the names its constructor takes, in the order of its fields."""
    from . import ast, ast_base, ast_effects
    found = {Span.__name__: Span}
    for module in (ast_base, ast_effects, ast):
        for value in vars(module).values():
            if isinstance(value, type) and attrs.has(value) and value.__module__ == module.__name__:
                if found.setdefault(value.__name__, value) is not value:
                    raise TypeError(f"two syntax tree classes are named {value.__name__}")
    classes = {}
    for name, cls in found.items():
        fields = attrs.fields(cls)
        if all(f.init for f in fields):
            classes[name] = (cls, tuple(f.alias for f in fields))
    return classes


def _encode(value):
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, tuple):
        return {_TUPLE: [_encode(v) for v in value]}
    kind = type(value)
    known = node_classes().get(kind.__name__)
    if known is None or known[0] is not kind:
        raise _NotKept(kind.__name__)
    return {_NODE: kind.__name__, _FIELDS: [_encode(getattr(value, f.name)) for f in attrs.fields(kind)]}


def _decode(obj: dict):
    """One JSON object of a kept tree back to what it was (json.loads' object_hook: inner
    objects first); a file naming anything else is refused (ValueError)."""
    if _TUPLE in obj:
        if len(obj) != 1 or not isinstance(obj[_TUPLE], list):
            raise ValueError("not a tuple")
        return tuple(obj[_TUPLE])
    if _NODE not in obj:
        return obj
    cls, names = node_classes()[obj[_NODE]]
    values = obj[_FIELDS]
    if len(obj) != 2 or not isinstance(values, list) or len(values) != len(names) \
            or any(type(v) is list for v in values):
        raise ValueError(f"not a {obj[_NODE]}")
    return cls(**dict(zip(names, values)))
