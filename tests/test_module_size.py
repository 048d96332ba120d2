"""Small files (issue 34): no module of interpreter/ is longer than LIMIT lines, so a
newcomer finds one concept in a file that fits in the head.  A module that grows past the
limit is split along its concepts, not cut in halves (docs/architecture.md)."""

from __future__ import annotations

from pathlib import Path

from conftest import ROOT

LIMIT = 450

# The modules still over the limit, each waiting for the split that owns it.  This list
# must only shrink: the test fails on a module over the limit that is not here, and on an
# entry here that is no longer over it (remove it then); never add one.
OVER_THE_LIMIT: frozenset[str] = frozenset()


def long_modules(root: Path, limit: int = LIMIT) -> dict[str, int]:
    """Each module below `root`/interpreter longer than `limit` lines, with its length."""
    found = {}
    for path in sorted((root / "interpreter").rglob("*.py")):
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > limit:
            found[path.relative_to(root).as_posix()] = lines
    return found


def test_no_module_of_the_interpreter_is_over_the_limit():
    found = long_modules(ROOT)
    new = {name: lines for name, lines in found.items() if name not in OVER_THE_LIMIT}
    assert not new, (f"modules over {LIMIT} lines: {new}; split each along its concepts "
                     "(a module per concept, with a docstring that says why it exists)")
    stale = sorted(OVER_THE_LIMIT - set(found))
    assert not stale, f"no longer over {LIMIT} lines, remove from OVER_THE_LIMIT: {stale}"


def test_a_long_module_is_found(tmp_path):
    package = tmp_path / "interpreter" / "sub"
    package.mkdir(parents=True)
    (package / "long.py").write_text("x = 1\n" * 451)
    (package / "short.py").write_text("x = 1\n" * 450)
    (tmp_path / "interpreter" / "__init__.py").write_text("")
    assert long_modules(tmp_path) == {"interpreter/sub/long.py": 451}
