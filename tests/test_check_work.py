"""`check` does work linear in the number of triggers and variant changes, counted as the
lines of interpreter/check/ it executes (not timed): doubling the input may double the
work above the shipped content's, not quadruple it."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

from interpreter.check.load import check_paths

pytestmark = pytest.mark.slow       # (pyproject.toml: what `slow` means)

ROOT = Path(__file__).resolve().parent.parent
CHECK = str(ROOT / "interpreter" / "check")
RULES_HEAD = 'rules "7 Wonders, first edition" {'


def lines_executed(paths, variants=()) -> int:
    """Lines of interpreter/check/*.py run while checking `paths` with `variants` applied."""
    count = 0

    def local(frame, event, arg):
        nonlocal count
        if event == "line":
            count += 1
        return local

    def calls(frame, event, arg):
        return local if frame.f_code.co_filename.startswith(CHECK) else None

    sys.settrace(calls)
    try:
        result = check_paths([str(p) for p in paths] if paths else None, [str(v) for v in variants])
    finally:
        sys.settrace(None)
    assert not [d for d in result.diagnostics if d.severity == "error"], result.diagnostics[:3]
    return count


def content_with_rules_triggers(folder: Path, n: int) -> Path:
    shutil.copytree(ROOT / "content", folder, ignore=shutil.ignore_patterns("variants"))
    base = folder / "base.wonders"
    text = base.read_text(encoding="utf-8")
    triggers = "".join("    on card sold: gain 1 coin\n" for _ in range(n))
    base.write_text(text.replace(RULES_HEAD, RULES_HEAD + "\n" + triggers, 1), encoding="utf-8")
    return folder


def test_rules_triggers_cost_linear_work(tmp_path):
    """Found by hostile testing: 30,000 one-line triggers took 51 s to check, each trigger
    being compared with every other one for cycles."""
    base, once, twice = (lines_executed([content_with_rules_triggers(tmp_path / str(n), n)])
                         for n in (0, 300, 600))
    assert twice - base <= 2.2 * (once - base), (base, once, twice)


def variants_of_many_changes(folder: Path, n: int) -> list[Path]:
    """Two variants of 4n changes between them: "Many" adds n named triggers, n unnamed
    ones and n score lines; "More" overrides it and adds the same n named triggers, so
    n pairs of changes collide and are resolved by `overrides`."""
    folder.mkdir()
    rules = '    changes "7 Wonders, first edition"\n'
    many, more = folder / "many.wonders", folder / "more.wonders"
    many.write_text('variant "Many" {\n' + rules + "".join(
        f'    add trigger "t{i}" on card sold: gain 1 coin\n    add on age start: gain 1 coin\n'
        "    add score civilian: 1\n" for i in range(n)) + "}\n", encoding="utf-8")
    more.write_text('variant "More" {\n' + rules + '    overrides "Many"\n' + "".join(
        f'    add trigger "t{i}" on card sold: gain 2 coins\n' for i in range(n)) + "}\n", encoding="utf-8")
    return [many, more]


def test_variant_changes_cost_linear_work(tmp_path):
    """Found by hostile testing: applying a variant copied the rules' body for every change
    and compared every change's site with every other's (2,000 triggers took 9 s, 4,000
    took 19 s)."""
    base, once, twice = (lines_executed(None, variants_of_many_changes(tmp_path / str(n), n))
                         for n in (0, 300, 600))
    assert twice - base <= 2.2 * (once - base), (base, once, twice)
