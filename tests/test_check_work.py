"""`check` does work linear in the number of triggers and variant changes, counted as the
lines of interpreter/check/ it executes (not timed): doubling the input may double the
work above the shipped content's, not quadruple it."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

from interpreter.check.load import check_paths

ROOT = Path(__file__).resolve().parent.parent
CHECK = str(ROOT / "interpreter" / "check")
RULES_HEAD = 'rules "7 Wonders, first edition" {'


def lines_executed(paths) -> int:
    """Lines of interpreter/check/*.py run while checking `paths`."""
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
        result = check_paths([str(p) for p in paths])
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
