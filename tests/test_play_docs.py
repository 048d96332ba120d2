"""The console examples of docs/play.md, run as written: each `$ wonders ...` line must
print what follows it (only the shown start when the expected output ends with `...`)."""

from __future__ import annotations

import re
import shlex

import pytest

from conftest import ROOT, run_cli

DOC = ROOT / "docs" / "play.md"


def examples():
    text = DOC.read_text(encoding="utf-8")
    found = []
    for block in re.findall(r"```console\n(.*?)```", text, flags=re.S):
        command, expected = None, []
        for line in block.splitlines():
            if line.startswith("$ "):
                if command:
                    found.append((command, expected))
                command, expected = line[2:], []
            else:
                expected.append(line)
        if command:
            found.append((command, expected))
    return found


def test_the_doc_has_examples():
    assert len(examples()) >= 5


def test_console_examples(tmp_path):
    # run in order: later examples read the files earlier ones write
    made = [ROOT / "docs" / "examples" / n for n in ("game.json", "position.json")]
    try:
        for command, expected in examples():
            args = shlex.split(command)
            assert args[0] == "wonders"
            result = run_cli(*args[1:])
            status = 1 if any(line.startswith("error:") for line in expected) else 0
            assert result.returncode == status, (command, result.stderr)
            shown = (result.stdout + result.stderr).splitlines()
            if expected and expected[-1] == "...":
                assert shown[: len(expected) - 1] == expected[:-1], command
            else:
                assert shown == expected, command
    finally:
        for path in made:
            path.unlink(missing_ok=True)
