"""Parsed content kept between runs (interpreter/syntax/treecache.py): the same trees as a
fresh parse, a miss on any change, and nothing read that this user's wonders did not write."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import OrderedDict
from pathlib import Path

import pytest

from conftest import ROOT, cli_env
from interpreter.syntax import parser, treecache

SHIPPED = sorted((ROOT / "content").rglob("*.wonders"))


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    """An empty cache folder of this test's own, and nothing remembered in this process."""
    monkeypatch.setenv("WONDERS_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv(treecache.PARSED_ENV, raising=False)
    monkeypatch.setattr(treecache, "_memo", OrderedDict())
    return tmp_path / "cache" / treecache.FOLDER


def forget(monkeypatch) -> None:
    monkeypatch.setattr(treecache, "_memo", OrderedDict())


def no_parsing(monkeypatch) -> None:
    def refuse(text, shown):
        raise AssertionError(f"{shown} was parsed, not read from the cache")
    monkeypatch.setattr(parser, "parse_text", refuse)


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: str(p.relative_to(ROOT / "content")))
def test_a_kept_tree_is_the_tree_a_fresh_parse_gives(path, cache, monkeypatch):
    text = path.read_text(encoding="utf-8")
    fresh, problems = parser.parse_text(text, str(path))
    assert problems == []
    assert treecache.parse_cached(text, str(path)) == (fresh, [])
    forget(monkeypatch)
    no_parsing(monkeypatch)
    kept, problems = treecache.parse_cached(text, str(path))
    assert problems == [] and kept == fresh and kept is not fresh


def test_a_changed_text_is_parsed_again_and_the_same_text_elsewhere_is_not(cache, monkeypatch):
    text = (ROOT / "content" / "variants" / "selling-gives-2.wonders").read_text(encoding="utf-8")
    first, _ = treecache.parse_cached(text, "a.wonders")
    forget(monkeypatch)
    changed, _ = treecache.parse_cached(text.replace("2", "3"), "a.wonders")
    assert changed != first and len(list(cache.iterdir())) == 2
    fresh, _ = parser.parse_text(text, "copy/b.wonders")
    forget(monkeypatch)
    no_parsing(monkeypatch)
    moved, _ = treecache.parse_cached(text, "copy/b.wonders")     # a copy of the file: read, not parsed
    assert moved == fresh and {s.file for s in spans(moved)} == {"copy/b.wonders"}
    assert len(list(cache.iterdir())) == 2


def test_only_the_entries_used_last_are_kept(cache, monkeypatch):
    monkeypatch.setattr(treecache, "MAX_ENTRIES", 2)
    texts = [f'variant "V{n}" {{\n    changes "7 Wonders, first edition"\n    set sell for {n} coins\n}}\n'
             for n in range(3)]
    for number, text in enumerate(texts[:2]):
        treecache.parse_cached(text, "v.wonders")
        os.utime(treecache.entry_path(treecache.entry_key(text)), (number, number))
    forget(monkeypatch)
    treecache.parse_cached(texts[0], "v.wonders")          # read: used last now
    treecache.parse_cached(texts[2], "v.wonders")          # written: the one used longest ago goes
    kept = {p.name for p in cache.iterdir()}
    assert kept == {treecache.entry_key(texts[n]) + ".json" for n in (0, 2)}


def spans(node):
    import attrs
    if isinstance(node, tuple):
        for item in node:
            yield from spans(item)
    elif attrs.has(type(node)):
        for field in attrs.fields(type(node)):
            value = getattr(node, field.name)
            if type(value).__name__ == "Span":
                yield value
            yield from spans(value)


def test_a_file_with_a_syntax_error_is_never_kept(cache):
    for _ in range(2):
        tree, problems = treecache.parse_cached('card "Broken" {\n  age\n}\n', "broken.wonders")
        assert problems and tree.items == ()
    assert not cache.exists() or list(cache.iterdir()) == []


def keep_one(cache) -> tuple[str, Path]:
    text = (ROOT / "content" / "variants" / "selling-gives-2.wonders").read_text(encoding="utf-8")
    treecache.parse_cached(text, "kept.wonders")
    return text, treecache.entry_path(treecache.entry_key(text))


def refused(text: str, monkeypatch) -> bool:
    """Whether the cache entry is passed over (parsed again) rather than read."""
    forget(monkeypatch)
    calls = []
    original = parser.parse_text

    def counting(*args):
        calls.append(args)
        return original(*args)
    monkeypatch.setattr(parser, "parse_text", counting)
    tree, problems = treecache.parse_cached(text, "kept.wonders")
    monkeypatch.setattr(parser, "parse_text", original)
    assert problems == [] and tree == original(text, "kept.wonders")[0]
    return bool(calls)


def test_an_entry_is_read_when_it_is_ours(cache, monkeypatch):
    text, entry = keep_one(cache)
    assert entry.is_file() and not refused(text, monkeypatch)


@pytest.mark.parametrize("change", ["another key", "another format", "a class from elsewhere", "not JSON",
                                    "a list for a node", "too few fields"])
def test_an_entry_that_is_not_what_we_wrote_is_parsed_again(change, cache, monkeypatch):
    text, entry = keep_one(cache)
    data = json.loads(entry.read_text(encoding="utf-8"))
    if change == "another key":
        data["key"] = "0" * 64
    elif change == "another format":
        data["format"] = "pickle"
    elif change == "a class from elsewhere":
        data["tree"] = {"@": "Popen", "f": [["sh", "-c", "echo pwned"]]}
    elif change == "a list for a node":
        data["tree"]["f"][1] = ["not", "a", "tuple"]
    elif change == "too few fields":
        data["tree"]["f"] = data["tree"]["f"][:1]
    entry.write_text("{not json" if change == "not JSON" else json.dumps(data), encoding="utf-8")
    assert refused(text, monkeypatch)
    assert not refused(text, monkeypatch)         # written again, whole and ours


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="file modes are POSIX")
def test_an_entry_others_may_write_or_a_symlink_is_not_read(cache, monkeypatch, tmp_path):
    text, entry = keep_one(cache)
    entry.chmod(0o666)
    assert refused(text, monkeypatch)
    elsewhere = tmp_path / "elsewhere.json"
    elsewhere.write_bytes(entry.read_bytes())
    entry.unlink()
    entry.symlink_to(elsewhere)
    assert refused(text, monkeypatch)


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="file modes are POSIX")
def test_a_cache_folder_others_may_write_is_not_used(cache, monkeypatch):
    text, entry = keep_one(cache)
    cache.chmod(0o777)
    assert treecache.entry_path(treecache.entry_key(text)) is None
    assert refused(text, monkeypatch)


@pytest.mark.slow
def test_the_command_reads_what_an_earlier_run_kept_and_says_the_same(tmp_path):
    """`wonders check` twice on an empty cache folder: the first run keeps the trees, the
    second reads them, and both say the same; an unusable folder changes nothing either."""
    outputs = []
    for folder in (tmp_path / "cache", tmp_path / "cache", tmp_path / "a-file"):
        (tmp_path / "a-file").write_text("", encoding="utf-8")
        env = cli_env({"WONDERS_CACHE_DIR": str(folder)})
        env.pop(treecache.PARSED_ENV, None)
        result = subprocess.run([sys.executable, "-c", "import cli; cli.run()", "check"], cwd=str(ROOT),
                                env=env, capture_output=True, text=True, encoding="utf-8", timeout=120)
        outputs.append((result.returncode, result.stdout, result.stderr))
        if len(outputs) == 1:
            kept = sorted(p.name for p in (folder / treecache.FOLDER).iterdir())
            assert kept
    assert outputs[0][0] == 0 and outputs[0] == outputs[1] == outputs[2]
    assert sorted(p.name for p in (tmp_path / "cache" / treecache.FOLDER).iterdir()) == kept


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="file modes are POSIX")
def test_an_entry_is_kept_for_this_user_alone_whatever_the_umask(cache, monkeypatch):
    """Under umask 0 (some containers) a new file is writable by all, and an entry once
    made so stayed so when written again: never read, parsed on every run."""
    before = os.umask(0)
    try:
        text, entry = keep_one(cache)
    finally:
        os.umask(before)
    assert entry.stat().st_mode & 0o777 == 0o600
    assert not refused(text, monkeypatch)
    entry.chmod(0o666)
    assert refused(text, monkeypatch)
    assert entry.stat().st_mode & 0o777 == 0o600 and not refused(text, monkeypatch)
