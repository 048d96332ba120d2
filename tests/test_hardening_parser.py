"""The parser comes from inside the package: no planted cache file runs code, no symlink in
the temporary folder makes `wonders` overwrite a file, and the shipped tables match the grammar."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
import tempfile
from pathlib import Path

import lark
import pytest

from conftest import ROOT
from interpreter.syntax import prebuilt

pytestmark = pytest.mark.slow       # (pyproject.toml: what `slow` means)


@pytest.fixture(scope="module")
def lark_cache_name(tmp_path_factory) -> str:
    """The file name Lark's `cache=True` uses for our grammar (found by letting Lark make it,
    once a module: the name depends on the grammar, its options and Lark's version only)."""
    scratch = tmp_path_factory.mktemp("lark-cache")
    saved = tempfile.tempdir
    tempfile.tempdir = str(scratch)
    try:
        lark.Lark(prebuilt.grammar_text(), cache=True, **prebuilt.OPTIONS)
    finally:
        tempfile.tempdir = saved
    (made,) = [p.name for p in scratch.iterdir()]
    return made


class _Payload:
    """Unpickling this writes a marker file: the proof that a planted cache ran code."""

    def __init__(self, marker: Path):
        self.marker = marker

    def __reduce__(self):
        return (exec, (f"open({str(self.marker)!r}, 'w').write('ran')",))


# every command that parses: `check` with the parser of the rules, `fmt` with the one that
# keeps comments (the language server uses both)
COMMANDS = [["check"], ["fmt", "--check", "content/base.wonders"]]


def _run_with_tmpdir(tmp: Path, command=("check",)) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "WONDERS_DEBUG"}
    env.update(TMPDIR=str(tmp), PYTHONPATH=str(ROOT), PYTHONIOENCODING="utf-8")
    return subprocess.run([sys.executable, "-c", "import cli; cli.run()", *command], cwd=str(ROOT),
                          env=env, capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("command", COMMANDS)
def test_a_planted_cache_pickle_runs_no_code(tmp_path, command, lark_cache_name):
    shared = tmp_path / "shared-tmp"
    shared.mkdir()
    name = lark_cache_name
    marker = tmp_path / "marker"
    with open(shared / name, "wb") as planted:
        planted.write(b"anything\n")
        pickle.dump(_Payload(marker), planted)
    result = _run_with_tmpdir(shared, command)
    assert result.returncode == 0, result.stderr
    assert not marker.exists(), "the planted cache file was unpickled"
    assert sorted(p.name for p in shared.iterdir()) == [name]


@pytest.mark.parametrize("command", COMMANDS)
def test_a_symlink_in_the_temporary_folder_is_never_written_through(tmp_path, command, lark_cache_name):
    shared = tmp_path / "shared-tmp"
    shared.mkdir()
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    (shared / lark_cache_name).symlink_to(victim)
    result = _run_with_tmpdir(shared, command)
    assert result.returncode == 0, result.stderr
    assert victim.read_text() == "precious\n"
    assert [p.name for p in shared.iterdir() if not p.is_symlink()] == []


@pytest.mark.parametrize("command", COMMANDS)
def test_the_parser_writes_nothing_at_run_time(tmp_path, command):
    result = _run_with_tmpdir(tmp_path, command)
    assert result.returncode == 0, result.stderr
    assert list(tmp_path.iterdir()) == []


def _canonical(parser: lark.Lark):
    """The LALR automaton with its states renumbered in the order a breadth-first walk from
    the start state meets them (tokens in name order): two builds of one grammar number
    their states differently (Lark walks sets of objects), but their canonical forms agree."""
    table = parser.parser.parser.parser.parse_table
    start, end = table.start_states["start"], table.end_states["start"]
    number, queue, rows = {start: 0}, [start], []
    for state in queue:
        row = []
        for token in sorted(table.states[state]):
            action, arg = table.states[state][token]
            if action.name == "Shift":
                if arg not in number:
                    number[arg] = len(number)
                    queue.append(arg)
                row.append((token, "shift", number[arg]))
            else:
                row.append((token, "reduce", str(arg.origin.name), tuple(str(s.name) for s in arg.expansion),
                            arg.order, str(arg.alias), repr(arg.options)))
        rows.append(row)
    terminals = sorted((t.name, repr(t.pattern), t.priority) for t in parser.terminals)
    return rows, number.get(end), terminals, sorted(parser.lexer_conf.ignore)


@pytest.fixture(scope="module")
def fresh() -> lark.Lark:
    """A parser built from the grammar now (about 0.3 s idle, once a module)."""
    return prebuilt.build()


def test_the_shipped_parser_was_built_from_this_grammar(fresh):
    stored = prebuilt.PREBUILT.read_text(encoding="utf-8")
    text = prebuilt.grammar_text()
    assert f'"grammar_sha256":"{prebuilt.grammar_digest(text)}"' in stored, \
        "grammar changed: regenerate with `python -m interpreter.syntax.prebuilt`"
    if f'"lark":"{lark.__version__}"' not in stored:
        pytest.skip(f"the shipped tables were made by another Lark than {lark.__version__}; "
                    "they are rebuilt in memory at run time")
    shipped = prebuilt.load()
    assert shipped.parser.parser.parser.parse_table.states     # loaded, not rebuilt
    assert _canonical(shipped) == _canonical(fresh)


def test_the_shipped_parser_parses_like_a_fresh_one(fresh):
    shipped = prebuilt.load()
    assert shipped is not fresh
    examples = [p for p in sorted((ROOT / "docs" / "examples").rglob("*.wonders"))
                if "tuning" not in p.parts]          # tuning files hold ranges: only `wonders tune` reads them
    for path in sorted((ROOT / "content").rglob("*.wonders")) + examples:
        text = path.read_text(encoding="utf-8")
        assert shipped.parse(text) == fresh.parse(text), path
    bad = 'card "X" { age I color brown cost 2 stone } }'
    with pytest.raises(lark.exceptions.UnexpectedInput) as from_shipped:
        shipped.parse(bad)
    with pytest.raises(lark.exceptions.UnexpectedInput) as from_fresh:
        fresh.parse(bad)
    assert (from_shipped.value.line, from_shipped.value.column) == (from_fresh.value.line, from_fresh.value.column)


def test_a_stale_or_damaged_prebuilt_file_falls_back_to_the_grammar(tmp_path, monkeypatch):
    damaged = tmp_path / "wonders_parser.json"
    damaged.write_text('{"grammar_sha256": "0", "lark": "0", "data": {}, "memo": {}}')
    monkeypatch.setattr(prebuilt, "PREBUILT", damaged)
    assert prebuilt.load().parse('card "X" { age I color brown }')
    damaged.write_text("not json")
    assert prebuilt.load().parse('card "X" { age I color brown }')


def test_a_syntax_error_names_every_expected_token_in_words_never_by_its_terminal_name():
    """`expected ... or _scope_and` and `... or compare` were printed (issue 21): every
    terminal the parser may expect reads as the text to write or as words."""
    from interpreter.syntax.parser import expected_words, lark_parser
    for term in lark_parser().terminals:
        if term.name in ("WS", "COMMENT"):
            continue
        shown = expected_words([term.name])
        assert shown.startswith(("`", "a ")), (term.name, shown)


@pytest.mark.parametrize("condition, label, help_words", [
    ("coins 3", "a comparison (`=`, `!=`, `<`, `<=`, `>`, `>=`)", None),
    ("coins < coins of left neighbour or coins < 2", "`:` or `and`", "a condition has no `or`"),
    # after a number the parser has already read it as a whole expression: what may follow
    # is told as arithmetic, `:` or `and` (the grammar of the packs' measures changed the
    # parse tables' states; `2 per blue card` is still accepted)
    ("coins < 2 or age = 3", "`:` or `and`", "a condition has no `or`"),
])
def test_a_condition_written_wrong_is_told_in_words(tmp_path, condition, label, help_words):
    from conftest import call_cli
    path = tmp_path / "v.wonders"
    path.write_text('variant "V" {\n    changes "7 Wonders, first edition"\n'
                    f'    add trigger "t" on age end if {condition}: gain 2 coins\n}}\n', encoding="utf-8")
    result = call_cli("check", "--variant", str(path))
    assert result.returncode == 1 and "error[E0001]" in result.stdout
    assert label in result.stdout and "_scope_and" not in result.stdout and " compare" not in result.stdout
    assert help_words is None or help_words in result.stdout
