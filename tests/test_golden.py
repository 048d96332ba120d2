"""Golden tests: `wonders check tests/golden/NAME.wonders`, run from the repository root,
must print exactly tests/golden/NAME.expected and exit 1 for errors, 0 for warnings only.
The command runs in this process (conftest.call_cli, once a file); tests/test_cli.py runs
`wonders check` in processes of their own.

Each golden file is a small complete rule set (3 players, 2-card hands) with one mistake,
or several when that is the point.  To regenerate the expected files after a deliberate
change of wording, run

    UPDATE_GOLDEN=1 python -m pytest tests/test_golden.py

and read the diff.  Files listed in KNOWN_BUGS hold hand-written output (what the checker
should print); they are never regenerated and fail (xfail, strict) until the bug is fixed.
"""

from __future__ import annotations

import functools
import os
import re

import pytest

from conftest import GOLDEN, call_cli

UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"
CASES = sorted(p.stem for p in GOLDEN.glob("*.wonders"))

# Files whose output shows a known checker bug (hand-written correct output, xfail strict).
KNOWN_BUGS: dict[str, str] = {}

# Known bugs that change or drop an expected diagnostic (the others only add to the output).
CHANGES_DIAGNOSTICS: set[str] = set()

# Codes the golden files must exercise between them.
REQUIRED_CODES = {"E0001", "E0002", "E0003", "E0006", "E1001", "E1002", "E1003", "E1004", "E1005",
                  "E1101", "E1102", "E1201", "E1202", "E1203", "E1205", "E1207", "E1301", "E1302",
                  "W1303", "E1304"}

# Parser-internal names that must never reach a user.
LARK_NAMES = re.compile(r"__ANON|\$END|\b(?:RBRACE|LBRACE|LPAR|RPAR|COMMA|COLON|SEMICOLON|NAME|STRING|INT"
                        r"|PLUS|MINUS|SLASH|_[A-Z]+)\b")


@functools.lru_cache(maxsize=None)
def check(name: str):
    return call_cli("check", f"tests/golden/{name}.wonders")


def expected_text(name: str) -> str:
    path = GOLDEN / f"{name}.expected"
    if not path.exists():
        pytest.fail(f"{path.name} is missing; create it with UPDATE_GOLDEN=1 python -m pytest tests/test_golden.py")
    return path.read_text(encoding="utf-8")


def expected_exit(text: str) -> int:
    summary = text.rstrip("\n").splitlines()[-1]
    match = re.match(r"\d+ file\(s\) checked: (\d+) error\(s\), \d+ warning\(s\)", summary)
    assert match, f"the last line of an expected file is the summary, not {summary!r}"
    return 1 if int(match.group(1)) else 0


def diagnostic_blocks(text: str) -> list[str]:
    """The rendered diagnostics of an output (each ends with a blank line), without the summary."""
    return [block + "\n" for block in text.rstrip("\n").split("\n\n")[:-1]]


def _param(name: str, bugs=KNOWN_BUGS):
    if name in bugs:
        return pytest.param(name, marks=pytest.mark.xfail(strict=True, reason=KNOWN_BUGS[name]))
    return name


def test_there_are_golden_files():
    assert len(CASES) >= 25
    assert set(KNOWN_BUGS) <= set(CASES), "KNOWN_BUGS names a golden file that does not exist"


@pytest.mark.parametrize("name", [_param(n) for n in CASES])
def test_golden_output(name):
    result = check(name)
    if UPDATE and name not in KNOWN_BUGS:
        (GOLDEN / f"{name}.expected").write_text(result.stdout, encoding="utf-8")
    expected = expected_text(name)
    assert result.stdout == expected
    assert result.returncode == expected_exit(expected), result.stderr
    assert result.stderr == ""


@pytest.mark.parametrize("name", [_param(n, CHANGES_DIAGNOSTICS) for n in CASES])
def test_expected_diagnostics_are_reported(name):
    """Weaker than the exact comparison: every diagnostic of the expected file is printed,
    word for word, and the exit status is right.  Most known bugs only add to the output,
    so this still guards their messages while the exact comparison is xfail."""
    result = check(name)
    expected = expected_text(name)
    for block in diagnostic_blocks(expected):
        assert block in result.stdout
    assert result.returncode == expected_exit(expected), result.stderr


@pytest.mark.parametrize("name", CASES)
def test_golden_file_is_described(name):
    text = (GOLDEN / f"{name}.wonders").read_text(encoding="utf-8")
    assert text.startswith("# Golden test: "), "say in the first line which mistake the file holds"


@pytest.mark.parametrize("name", CASES)
def test_output_has_no_parser_internals(name):
    assert not LARK_NAMES.search(check(name).stdout)


@pytest.mark.parametrize("name", CASES)
def test_locations_point_into_the_file(name):
    """Every `--> file:line:column` of the expected output exists in the golden file, and
    the source line printed under it is that line of the file."""
    lines = (GOLDEN / f"{name}.wonders").read_text(encoding="utf-8").splitlines()
    expected = expected_text(name)
    for block in diagnostic_blocks(expected):
        found = re.search(r"--> (\S+):(\d+):(\d+)\n.*\n(\d+) \| (.*)\n", block)
        if found is None:
            assert "-->" not in block
            continue
        path, line, column, shown_line, shown = found.groups()
        assert path == f"tests/golden/{name}.wonders"
        assert int(shown_line) == int(line)
        assert shown == lines[int(line) - 1]
        assert 1 <= int(column) <= len(lines[int(line) - 1]) + 1


def test_golden_files_cover_the_required_codes():
    codes = set()
    for name in CASES:
        codes |= set(re.findall(r"^(?:error|warning)\[(\w+)\]", expected_text(name), flags=re.M))
    assert REQUIRED_CODES <= codes, f"no golden file shows {sorted(REQUIRED_CODES - codes)}"


def test_several_syntax_errors_are_all_reported():
    text = expected_text("several_syntax_errors")
    assert len(re.findall(r"^error\[E000\d\]", text, flags=re.M)) >= 3
    assert len(set(re.findall(r":(\d+):\d+$", text, flags=re.M))) >= 3   # on different lines


def test_warnings_alone_exit_zero():
    result = check("never_in_deck")
    assert result.returncode == 0
    assert "warning[W1303]" in result.stdout
    assert "error[" not in result.stdout
