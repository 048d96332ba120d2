"""`wonders check` on hostile input: never a Python traceback, always a defined exit status.

Each case runs the command as a user does, in a fresh process (`python -c "import cli;
cli.run()" check ...` from the repository root), and again with `--format json` in the test's
process (conftest.call_cli, the same entry point):

- no "Traceback (most recent call last)" and no "internal error" on stdout or stderr;
- exit status 0 (clean), 1 (content errors) or 2 (usage error), as the case expects;
- with `--format json`, stdout is one JSON document with the diagnostics (for a usage
  error, exit 2, click reports on stderr and stdout stays empty).

The tests after "regressions" pin bugs this file found and that are fixed; the last ones
check that big inputs cost linear work, by counting work rather than timing it.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import call_cli

ROOT = Path(__file__).resolve().parent.parent
CONTENT = ROOT / "content"
TIMEOUT = 120  # seconds per process: a hang fails the test instead of stalling the run


def wonders(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env.pop("WONDERS_DEBUG", None)  # with it, internal errors are re-raised on purpose
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    proc = subprocess.run([sys.executable, "-c", "import cli; cli.run()", *args], cwd=str(cwd),
                          env=env, capture_output=True, timeout=TIMEOUT)
    proc.stdout = proc.stdout.decode("utf-8", errors="replace")
    proc.stderr = proc.stderr.decode("utf-8", errors="replace")
    return proc


def assert_no_crash(proc: subprocess.CompletedProcess) -> None:
    for stream in (proc.stdout, proc.stderr):
        assert "Traceback (most recent call last)" not in stream, proc.stderr[-3000:]
        assert "internal error" not in stream, proc.stderr[-3000:]
    assert proc.returncode in (0, 1, 2), (proc.returncode, proc.stderr[-3000:])


def assert_json(proc: subprocess.CompletedProcess) -> dict | None:
    if proc.returncode == 2 and not proc.stdout.strip():
        assert "Error:" in proc.stderr, proc.stderr
        return None
    try:
        data = json.loads(proc.stdout)
    except json.JSONDecodeError as err:
        raise AssertionError(f"--format json printed no JSON ({err}): {proc.stdout[:500]!r}") from None
    assert set(data) >= {"diagnostics", "errors", "warnings"}, data.keys()
    assert data["errors"] == sum(1 for d in data["diagnostics"] if d["severity"] == "error")
    assert (data["errors"] > 0) == (proc.returncode == 1), (data["errors"], proc.returncode)
    for d in data["diagnostics"]:
        assert d["code"] and d["message"], d
        if d["line"] is not None:
            assert d["line"] >= 1 and d["column"] >= 1, d
    return data


def check_both_formats(path: Path | str, expected_status: set[int]) -> tuple[str, dict | None]:
    """Run `check PATH` in text and json format; returns (text stdout, json data).  The text
    run is a process of its own, bounded by TIMEOUT; the json run, the same check of the same
    input rendered otherwise, runs in this process (conftest.call_cli) once the first has
    shown that the input neither hangs nor crashes the command."""
    text = wonders("check", str(path))
    assert_no_crash(text)
    assert text.returncode in expected_status, (text.returncode, text.stdout[-2000:], text.stderr[-2000:])
    as_json = call_cli("check", str(path), "--format", "json")
    assert_no_crash(as_json)
    assert as_json.returncode == text.returncode, (as_json.returncode, text.returncode)
    return text.stdout, assert_json(as_json)


def codes(data: dict | None) -> set[str]:
    return {d["code"] for d in data["diagnostics"]} if data else set()


# ---------------------------------------------------------------- file contents
NESTING = 10_000


def _content_cases() -> dict[str, bytes]:
    rng = random.Random(20240607)
    return {
        "empty": b"",
        "only-comments": b"# nothing but comments\n#\n# card \"x\" {\n" * 50,
        "only-whitespace": b" \t\n\r\n\f  \n" * 100,
        "random-bytes": rng.randbytes(64 * 1024),
        "random-ascii": bytes(rng.choices(b'{}":;,/+-#\n abcdefgh0123', k=64 * 1024)),
        "nul-bytes": b"\x00" * 4096,
        "nul-inside-text": b'card "Altar" {\n    age I\x00 color blue\n}\n',
        "invalid-utf8": b'card "Caf\xe9" {\n    age I\n}\n',
        "truncated-utf8": b'card "x" { color \xe2\x82',
        "utf16-with-bom": '\ufeffcard "x" { age I }\n'.encode("utf-16"),
        "utf8-bom": '\ufeffcard "x" { age I }\n'.encode("utf-8"),
        "deep-braces": b"{" * NESTING,
        "deep-braces-closed": b"{" * NESTING + b"}" * NESTING,
        "deep-cards": b'card "x" {' * NESTING,
        "deep-cards-closed": b'card "x" {' * NESTING + b"}" * NESTING,
        "deep-at-end-of-turn": b'card "x" {\n age I color yellow\n when built: '
                               + b"at end of turn, " * NESTING + b"gain 1 coin\n}\n",
        "deep-parentheses": b"(" * NESTING + b")" * NESTING,
        "deep-parentheses-in-card": b'card "x" { points ' + b"(" * NESTING + b"1" + b")" * NESTING + b" }",
        "long-line-of-x": b"x" * 1_000_000,
        "long-comment-line": b"#" + b"x" * 1_000_000 + b"\n",
        "long-line-of-statements": b'card "x" { ' + b"points 1 " * 20_000 + b"}",
        "long-line-error-at-end": b'card "x" { age I ' + b" " * 200_000 + b"bogus }",
        "long-string": b'card "' + b"n" * 500_000 + b'" { age I color brown }',
        "unterminated-strings": b'card "x\n' * 2000,
        "many-lines": b"\n" * 500_000 + b"card",
    }


CASES = _content_cases()


@pytest.mark.slow
@pytest.mark.parametrize("name", list(CASES))
def test_hostile_file(tmp_path: Path, name: str) -> None:
    path = tmp_path / f"{name}.wonders"
    path.write_bytes(CASES[name])
    text, data = check_both_formats(path, {1})  # none of these is a complete, valid rule set
    assert data is not None and data["errors"] >= 1
    assert "file(s) checked" in text


def test_ten_megabyte_file(tmp_path: Path) -> None:
    card = (CONTENT / "age1.wonders").read_bytes()
    path = tmp_path / "huge.wonders"
    with path.open("wb") as out:
        while out.tell() < 10 * 2**20:
            out.write(card)
    _, data = check_both_formats(path, {1})
    assert "E0005" in codes(data)


def test_binary_is_reported_as_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "bin.wonders"
    path.write_bytes(b"\x7fELF\x02\x01\x01\x00" + bytes(range(256)) * 16)
    _, data = check_both_formats(path, {1})
    assert codes(data) == {"E0004"}


# ---------------------------------------------------------------- paths
@pytest.mark.slow
def test_directory_with_content(tmp_path: Path) -> None:
    shutil.copytree(CONTENT, tmp_path / "nested" / "content")
    (tmp_path / "nested" / "notes.txt").write_text("not content\n")
    text, data = check_both_formats(tmp_path, {0})
    assert data == {"diagnostics": [], "errors": 0, "warnings": 0}
    assert "13 file(s) checked: 0 error(s)" in text                   # second-edition/ too


@pytest.mark.slow
def test_directory_with_broken_content(tmp_path: Path) -> None:
    shutil.copytree(CONTENT, tmp_path / "content")
    (tmp_path / "content" / "zz-broken.wonders").write_bytes(b'card "x" {\x00')
    (tmp_path / "content" / "zz-empty.wonders").write_bytes(b"")
    _, data = check_both_formats(tmp_path, {1})
    assert "E0004" in codes(data)


@pytest.mark.slow
def test_directory_without_content(tmp_path: Path) -> None:
    (tmp_path / "readme.txt").write_text("no content here\n")
    (tmp_path / "sub").mkdir()
    check_both_formats(tmp_path, {2})
    proc = wonders("check", str(tmp_path))
    assert "no .wonders files" in proc.stderr


@pytest.mark.slow
def test_missing_path(tmp_path: Path) -> None:
    check_both_formats(tmp_path / "does-not-exist.wonders", {2})
    proc = wonders("check", str(tmp_path / "does-not-exist.wonders"))
    assert "no such file or folder" in proc.stderr


@pytest.mark.slow
def test_missing_path_beside_a_good_one(tmp_path: Path) -> None:
    check_both_formats(CONTENT, {0})
    proc = wonders("check", str(CONTENT), str(tmp_path / "nothing-here"))
    assert_no_crash(proc)
    assert proc.returncode == 2


def test_file_named_wonders_that_is_an_empty_directory(tmp_path: Path) -> None:
    (tmp_path / "x.wonders").mkdir()
    check_both_formats(tmp_path / "x.wonders", {2})


@pytest.mark.slow
def test_directory_named_wonders_inside_a_folder(tmp_path: Path) -> None:
    """rglob("*.wonders") also matches folders; they must be skipped, not read."""
    shutil.copytree(CONTENT, tmp_path / "content")
    (tmp_path / "content" / "folder.wonders").mkdir()
    (tmp_path / "content" / "folder.wonders" / "inner.txt").write_text("x")
    _, data = check_both_formats(tmp_path / "content", {0})
    assert data["errors"] == 0


@pytest.mark.slow
def test_shipped_content_default() -> None:
    proc = wonders("check")
    assert_no_crash(proc)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    proc = wonders("check", "--format", "json")
    assert_no_crash(proc)
    data = assert_json(proc)        # the one warning: Dutch names the Dutch rulebook does not give
    assert [d["code"] for d in data["diagnostics"]] == ["W1602"] and data["errors"] == 0


# ---------------------------------------------------------------- regressions
def _content_with(tmp_path: Path, file: str, old: str, new: str) -> Path:
    target = tmp_path / "content"
    shutil.copytree(CONTENT, target)
    text = (target / file).read_text(encoding="utf-8")
    assert old in text
    (target / file).write_text(text.replace(old, new, 1), encoding="utf-8")
    return target


@pytest.mark.slow
@pytest.mark.parametrize("where", ["shields", "age"])
def test_huge_number_is_a_diagnostic(tmp_path: Path, where: str) -> None:
    digits = "9" * 5000
    if where == "shields":
        content = _content_with(tmp_path, "age1.wonders", "shields 1", f"shields {digits}")
    else:
        content = _content_with(tmp_path, "age1.wonders", "age I", f"age {digits}")
    _, data = check_both_formats(content, {1})
    assert codes(data) == ({"E1206"} if where == "shields" else {"E1006"}), data


def test_syntax_error_means_no_ruleset(tmp_path: Path) -> None:
    """Regression (fixed in 88adafd): a syntax error used to leave a rule set without the
    broken card, and `wonders cards` listed it with exit 0."""
    from interpreter.check.load import check_paths
    content = _content_with(tmp_path, "age1.wonders", 'card "Clay Pit"', '"Clay Pit"')
    result = check_paths([str(content)])
    assert result.errors == 1
    assert result.ruleset is None
    proc = wonders("cards", "--content", str(content))
    assert_no_crash(proc)
    assert proc.returncode == 1 and "Clay Pool" not in proc.stdout


CPU_SECONDS = 10   # the shipped content checks in well under a second of CPU time
MEMORY_BYTES = 1 << 30


def _limit_work() -> None:  # in the child, before exec
    import resource
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_BYTES, MEMORY_BYTES))
    resource.setrlimit(resource.RLIMIT_CPU, (CPU_SECONDS, CPU_SECONDS + 5))   # SIGXCPU, then SIGKILL


def _check_within(content: Path) -> subprocess.CompletedProcess:
    """`wonders check CONTENT` within 10 s of CPU time and 1 GB of address space (POSIX):
    CPU time, unlike the clock, does not grow with the machine's load.  A wait that uses no
    CPU (a pipe read) is caught by the overall bound."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("WONDERS_DEBUG", None)
    try:
        proc = subprocess.run([sys.executable, "-c", "import cli; cli.run()", "check", str(content)],
                              cwd=str(ROOT), env=env, capture_output=True, text=True, errors="replace",
                              timeout=TIMEOUT, preexec_fn=_limit_work if os.name == "posix" else None)
    except subprocess.TimeoutExpired:
        raise AssertionError(f"`wonders check` waited more than {TIMEOUT} s") from None
    assert proc.returncode not in (-getattr(signal, "SIGXCPU", 0), -getattr(signal, "SIGKILL", 0)), \
        f"`wonders check` used more than {CPU_SECONDS} s of CPU"
    assert_no_crash(proc)
    return proc


@pytest.mark.slow
@pytest.mark.parametrize("players", ["100000000", "999999", "101"])
def test_huge_player_range_is_quick(tmp_path: Path, players: str) -> None:
    proc = _check_within(_content_with(tmp_path, "base.wonders", "players 3 to 7", f"players 3 to {players}"))
    assert proc.returncode == 1
    assert "E1206" in proc.stdout or "E1204" in proc.stdout, proc.stdout


def test_huge_age_number_in_rules_is_quick(tmp_path: Path) -> None:
    proc = _check_within(_content_with(tmp_path, "base.wonders", "start age III", "start age 100000000"))
    assert proc.returncode == 1 and "E1006" in proc.stdout, proc.stdout


@pytest.mark.slow
def test_huge_age_number_in_a_card_is_quick(tmp_path: Path) -> None:
    proc = _check_within(_content_with(tmp_path, "age3.wonders", "age III  color yellow  copies 3+ 5+ 7+",
                                       "age 99999999 color yellow copies 3+ 5+ 7+"))
    assert proc.returncode == 1 and "E1006" in proc.stdout, proc.stdout
    assert max(map(len, proc.stdout.splitlines())) < 400


@pytest.mark.parametrize("separator", ["\f", "\u2028", "\r"])
def test_rendered_line_is_the_reported_line(separator: str) -> None:
    from interpreter.diagnostics import SourceCache, render_text
    from interpreter.syntax.parser import parse_text
    text = f"# one{separator}two\ncard \"x\" {{ bogus }}\n"
    _, diagnostics = parse_text(text, "f.wonders")
    assert [d.span.line for d in diagnostics] == [2]
    out = render_text(diagnostics, SourceCache({"f.wonders": text}))
    assert '2 | card "x" { bogus }' in out, out


def test_caret_line_is_cut_with_the_source_line() -> None:
    from interpreter.diagnostics import SourceCache, render_text
    from interpreter.syntax.parser import parse_text
    text = 'card "x" { ' + " " * 10_000 + "bogus }"
    _, diagnostics = parse_text(text, "f.wonders")
    out = render_text(diagnostics, SourceCache({"f.wonders": text}))
    assert max(map(len, out.splitlines())) < 400, max(map(len, out.splitlines()))
    source, caret = [line for line in out.splitlines() if line.startswith(("1 |", "  |"))][-2:]
    at = caret.index("^")
    assert source[at:].startswith("bogus"), (source, caret)


posix_only = pytest.mark.skipif(os.name != "posix" or not hasattr(os, "mkfifo"), reason="POSIX special files")


@posix_only
def test_fifo_does_not_hang(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.wonders"
    os.mkfifo(fifo)
    proc = _check_within(fifo)
    assert proc.returncode == 1 and "E0007" in proc.stdout, proc.stdout


@posix_only
def test_endless_device_is_refused() -> None:
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero")
    proc = _check_within(Path("/dev/zero"))
    assert proc.returncode == 1 and "E0007" in proc.stdout, proc.stdout


# ---------------------------------------------------------------- linear work on big input
# Counted, not timed: speed figures belong in bench/, never in timed unit tests.
def test_rendering_expands_tabs_only_in_the_window(monkeypatch) -> None:
    """Each error renders a window of its line, not the whole line (once quadratic)."""
    from interpreter.diagnostics import Diagnostic, SourceCache, Span, render_text
    line = "x" * 100_000
    diagnostics = [Diagnostic("E0001", "unexpected `x`", Span("f.wonders", 1, c, 1, c + 1))
                   for c in range(1, 100_000, 2_000)]
    out = render_text(diagnostics, SourceCache({"f.wonders": line}))
    assert max(map(len, out.splitlines())) < 400
    assert len(out) < 400 * 6 * len(diagnostics)


def test_reparsing_items_of_one_long_line_parses_each_item_once(monkeypatch) -> None:
    """After a syntax error each item is parsed on its own, as written, not padded to its
    column (which made items on one long line quadratic)."""
    from interpreter.syntax import parser as parser_module
    text = 'card "x" { } ' * 2_000 + " ) "
    real = parser_module.lark_parser()
    parsed: list[int] = []

    class Counting:
        def parse(self, chunk):
            parsed.append(len(chunk))
            return real.parse(chunk)

        def __getattr__(self, name):
            return getattr(real, name)

    monkeypatch.setattr(parser_module, "lark_parser", lambda: Counting())
    _, diagnostics = parser_module.parse_text(text, "f.wonders")
    assert [d.code for d in diagnostics] == ["E0001"]
    assert diagnostics[0].span.column == len(text) - 1      # the `)`, 1-based
    assert sum(parsed) <= 2 * len(text) + 10


@pytest.mark.slow
def test_many_unknown_chains_ask_for_a_bounded_number_of_suggestions(monkeypatch) -> None:
    from interpreter.check import context
    from interpreter.check.load import check_files
    from interpreter.syntax.parser import parse_text
    base, _ = parse_text((CONTENT / "base.wonders").read_text(encoding="utf-8"), "base.wonders")
    text = "".join(f'card "Card number {i}" {{ age II color brown copies 3+ free with "Kard numbr {i}x" }}\n'
                   for i in range(400))
    cards, problems = parse_text(text, "cards.wonders")
    assert not problems
    big_searches = []
    real = context.did_you_mean

    def counting(word, pool):
        pool = list(pool)
        if len(pool) > 100:
            big_searches.append(word)
        return real(word, pool)

    monkeypatch.setattr(context, "did_you_mean", counting)
    _, diagnostics = check_files([base, cards])
    assert sum(d.code == "E1004" for d in diagnostics) == 400
    assert len(big_searches) <= 200


def test_too_large_number_costs_only_its_item() -> None:
    from interpreter.check.load import check_files
    from interpreter.syntax.parser import parse_text
    text = (CONTENT / "base.wonders").read_text(encoding="utf-8").replace("players 3 to 7", "players 3 to 1234567")
    tree, problems = parse_text(text, "base.wonders")
    assert [d.code for d in problems] == ["E1206"]
    assert any(type(i).__name__ == "ResourcesDecl" for i in tree.items)
    _, diagnostics = check_files([tree], complete=False)
    assert "E1211" not in {d.code for d in diagnostics}
