"""The console examples of the docs, run as written (in this process through the user's entry
point, conftest.call_cli; a study that starts a pool of processes runs in a process of its
own): each `$ wonders ...` line must print what follows it (and exit 0, 1 where it shows a diagnostic, or 2 where it shows a usage
error).  A `...` line at the end shows only the start of the output; at the start,
the lines shown must appear together somewhere in it.  A ```wonders block tagged
`file=PATH` must be that file's text."""

from __future__ import annotations

import re
import shlex

import pytest

from conftest import ROOT, call_cli

pytestmark = pytest.mark.slow       # (pyproject.toml: what `slow` means)

DOCS = ["play.md", "tutorial.md", "variants.md", "cli.md", "leaders.md", "cities.md", "two-players.md", "editors.md",
        "workbench.md", "simulate.md", "editions.md", "bots.md", "accessibility.md", "localisation.md", "armada.md",
        "expansions.md"]


def examples(doc):
    text = (ROOT / "docs" / doc).read_text(encoding="utf-8")
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


@pytest.mark.parametrize("doc", DOCS)
def test_the_doc_has_examples(doc):
    assert len(examples(doc)) >= 1


@pytest.mark.parametrize("doc", DOCS)
def test_file_blocks_are_the_files(doc):
    text = (ROOT / "docs" / doc).read_text(encoding="utf-8")
    for path, body in re.findall(r"```wonders file=(\S+)\n(.*?)```", text, flags=re.S):
        assert (ROOT / path).read_text(encoding="utf-8") == body, path


def _shown_in(expected, shown) -> bool:
    if expected and expected[0] == "...":
        inner = expected[1:-1] if expected[-1] == "..." else expected[1:]
        return any(shown[i:i + len(inner)] == inner for i in range(len(shown) - len(inner) + 1)) \
            if "..." not in inner else all(line in shown for line in inner if line != "...")
    if expected and expected[-1] == "...":
        return shown[: len(expected) - 1] == expected[:-1]
    return shown == expected


@pytest.mark.parametrize("doc", DOCS)
def test_console_examples(doc):
    # run in order: later examples read the files earlier ones write
    made = [ROOT / "docs" / "examples" / n for n in ("game.json", "position.json")]
    try:
        for command, expected in examples(doc):
            args = shlex.split(command)
            assert args[0] == "wonders"
            result = call_cli(*args[1:])
            status = 2 if any(line.startswith(("Error: ", "Fout: ")) for line in expected) else \
                1 if any(line.startswith(("error:", "error[", "error E", "fout[", "fout:")) for line in expected) else 0
            assert result.returncode == status, (command, result.stderr)
            shown = (result.stdout + result.stderr).splitlines()
            assert _shown_in(expected, shown), (command, result.stdout[-2000:])
    finally:
        for path in made:
            path.unlink(missing_ok=True)
