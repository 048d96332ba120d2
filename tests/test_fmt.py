"""`wonders fmt`: the canonical layout, kept comments and paragraphs, idempotence, the same
meaning before and after, and the command as a user runs it."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from conftest import ROOT, call_cli, run_cli
from fmt_meaning import meaning
from interpreter.syntax.formatter import format_text
from interpreter.syntax.parser import lark_parser

SHIPPED = sorted((ROOT / "content").glob("*.wonders"))
VARIANTS = sorted((ROOT / "content" / "variants").glob("*.wonders"))
EVERY_SHIPPED_FILE = sorted((ROOT / "content").rglob("*.wonders"))   # every rule set and its variants


def fmt(text: str) -> str:
    out, problems = format_text(text, "t.wonders")
    assert not problems, [d.message for d in problems]
    return out


def texts(paths) -> dict[str, str]:
    return {p.name: p.read_text(encoding="utf-8") for p in paths}


# ---------------------------------------------------------------- shipped content
@pytest.mark.parametrize("path", EVERY_SHIPPED_FILE, ids=lambda p: p.relative_to(ROOT / "content").as_posix())
def test_shipped_content_is_formatted(path):
    text = path.read_text(encoding="utf-8")
    assert fmt(text) == text, f"run `wonders fmt {path.relative_to(ROOT)}`"


def test_formatting_keeps_the_meaning_of_the_shipped_content():
    base = texts(SHIPPED)
    messy = {name: _messy(text) for name, text in base.items()}
    assert messy != base
    assert meaning({n: fmt(t) for n, t in messy.items()}) == meaning(base)


@pytest.mark.parametrize("path", VARIANTS, ids=lambda p: p.name)
def test_formatting_keeps_the_meaning_of_each_variant(path):
    both = {**texts(SHIPPED), path.name: _messy(path.read_text(encoding="utf-8"))}
    assert meaning({n: fmt(t) for n, t in both.items()}) == meaning(both)


def test_the_meaning_comparison_sees_a_change():
    base = texts(SHIPPED)
    changed = dict(base, **{"age1.wonders": base["age1.wonders"].replace("copies 3+ 5+", "copies 3+ 6+", 1)})
    assert meaning(changed) != meaning(base)


def _messy(text: str) -> str:
    """The same content written carelessly: statements run together with `;`, odd spacing."""
    text = re.sub(r"\n(\s+)(cost|produces|points)", r" ; \2", text)
    messy = {"{": " {   ", ", ": " ,", "\n}": "}\n"}
    return re.sub(r'"[^"\n]*"|#[^\n]*|\{|, |\n}', lambda m: messy.get(m.group(), m.group()), text)


# ---------------------------------------------------------------- the layout
def test_the_canonical_layout():
    text = ('resources raw:wood,stone\n'
            'card "Baths"{age I;color blue\ncopies 3+   7+ ; cost stone ;points 3}\n'
            'wonder "W" { side A { produces stone\n stage {cost 2 stone\n points 3}} }\n')
    assert fmt(text) == (
        'resources raw: wood, stone\n'
        '\n'
        'card "Baths" {\n'
        '    age I  color blue  copies 3+ 7+\n'
        '    cost stone\n'
        '    points 3\n'
        '}\n'
        '\n'
        'wonder "W" {\n'
        '    side A {\n'
        '        produces stone\n'
        '        stage { cost 2 stone; points 3 }\n'
        '    }\n'
        '}\n')


def test_a_long_block_opens_and_a_long_named_trigger_breaks_after_its_name():
    text = ('rules "R" { age III { hand 7; turns 6; pass left; last card discarded; victory 5; '
            'add players + 2 random purple cards }\n'
            'trigger "military victory" on age end for each neighbour if shields > shields of the neighbour: '
            'take token worth (age victory) }\n')
    assert fmt(text) == (
        'rules "R" {\n'
        '    age III {\n'
        '        hand 7\n'
        '        turns 6\n'
        '        pass left\n'
        '        last card discarded\n'
        '        victory 5\n'
        '        add players + 2 random purple cards\n'
        '    }\n'
        '    trigger "military victory"\n'
        '        on age end for each neighbour if shields > shields of the neighbour: take token worth (age victory)\n'
        '}\n')


def test_comments_and_paragraphs_stay_where_they_were():
    text = ('# header\n\n\n'
            '# about Baths\n'
            'card "Baths" {  # opening\n'
            '    age I  color blue   # head\n'
            '\n\n'
            '    # the price\n'
            '    cost stone\n'
            '    points # inside a statement\n'
            '      3\n'
            '    # at the end\n'
            '}  # after the card\n'
            '# last words\n')
    assert fmt(text) == ('# header\n'
                         '\n'
                         '# about Baths\n'
                         'card "Baths" {  # opening\n'
                         '    age I  color blue  # head\n'
                         '\n'
                         '    # the price\n'
                         '    cost stone\n'
                         '    # inside a statement\n'
                         '    points 3\n'
                         '    # at the end\n'
                         '}  # after the card\n'
                         '\n'
                         '# last words\n')


def test_a_comment_keeps_a_small_block_open():
    assert fmt('wonder "W" { side A { stage { cost stone  # why\n points 3 } } }') == (
        'wonder "W" {\n    side A {\n        stage {\n            cost stone  # why\n'
        '            points 3\n        }\n    }\n}\n')


def test_variants_tables_and_empty_blocks():
    text = ('variant "V" { changes "R" ; overrides "A","B"\n set trade price 1\n'
            ' modify card "Walls" of age II {copies 7+}\n remove stage 2 of wonder "W" side A\n'
            ' add stage to wonder "W" side B { cost stone; points 1 }\n add card "C" { age I color blue }\n}\n'
            'table for 2 players { neutral city "F" { draws from pile; holder in age I: left neighbor }\n'
            ' cards as for 3 players }\ncard "E" {}\n')
    assert fmt(text) == (
        'variant "V" {\n'
        '    changes "R"\n'
        '    overrides "A", "B"\n'
        '    set trade price 1\n'
        '    modify card "Walls" of age II { copies 7+ }\n'
        '    remove stage 2 of wonder "W" side A\n'
        '    add stage to wonder "W" side B { cost stone; points 1 }\n'
        '    add card "C" {\n'
        '        age I  color blue\n'
        '    }\n'
        '}\n'
        '\n'
        'table for 2 players {\n'
        '    neutral city "F" {\n'
        '        draws from a pile\n'
        '        holder in age I: left neighbour\n'
        '    }\n'
        '    cards as for 3 players\n'
        '}\n'
        '\n'
        'card "E" { }\n')


# ---------------------------------------------------------------- comments everywhere
def _token_ends(text: str) -> list[int]:
    ends, offsets, total = [], [], 0
    for line in text.split("\n"):
        offsets.append(total)
        total += len(line) + 1
    for tok in lark_parser().lex(text):
        ends.append(offsets[tok.end_line - 1] + tok.end_column - 1)
    return ends


@pytest.mark.slow
@pytest.mark.parametrize("path", SHIPPED + VARIANTS, ids=lambda p: p.name)
def test_a_comment_after_every_token_survives(path):
    text = path.read_text(encoding="utf-8")
    pieces, last = [], 0
    for n, end in enumerate(_token_ends(text)):
        pieces += [text[last:end], f" # c{n}\n"]
        last = end
    commented = "".join(pieces) + text[last:]
    out = fmt(commented)
    assert sorted(re.findall(r"# c\d+", out)) == sorted(re.findall(r"# c\d+", commented))
    assert fmt(out) == out
    context = texts(SHIPPED)
    assert meaning({**context, path.name: out}) == meaning({**context, path.name: text})


# ---------------------------------------------------------------- the command
def test_fmt_check_diff_and_write(tmp_path):
    loose = tmp_path / "loose.wonders"
    loose.write_text('card "Baths" { age I; color blue; copies 3+ }\n', encoding="utf-8")
    tidy = tmp_path / "sub" / "tidy.wonders"
    tidy.parent.mkdir()
    tidy.write_text('card "Altar" {\n    age I  color blue  copies 3+\n}\n', encoding="utf-8")
    os.chmod(loose, 0o640)

    check = call_cli("fmt", "--check", str(tmp_path))
    assert check.returncode == 1
    assert f"would reformat {loose}" in check.stderr and "tidy" not in check.stderr
    diff = call_cli("fmt", "--diff", str(loose))
    assert diff.returncode == 0
    assert '-card "Baths" { age I; color blue; copies 3+ }' in diff.stdout
    assert "+    age I  color blue  copies 3+" in diff.stdout
    assert loose.read_text(encoding="utf-8").startswith('card "Baths" { age')     # untouched

    done = call_cli("fmt", str(tmp_path))
    assert done.returncode == 0, done.stderr
    assert loose.read_text(encoding="utf-8") == 'card "Baths" {\n    age I  color blue  copies 3+\n}\n'
    assert loose.stat().st_mode & 0o777 == 0o640
    assert sorted(p.name for p in tmp_path.rglob("*")) == ["loose.wonders", "sub", "tidy.wonders"]
    assert call_cli("fmt", "--check", str(tmp_path)).returncode == 0


def test_fmt_keeps_windows_line_endings(tmp_path):
    """A file written with CRLF line endings is formatted with CRLF; once formatted, --check
    finds nothing to change."""
    crlf = tmp_path / "crlf.wonders"
    crlf.write_bytes(b'# Windows\r\ncard "Baths" { age I; color blue; copies 3+ }\r\n')
    assert call_cli("fmt", str(crlf)).returncode == 0
    assert crlf.read_bytes() == b'# Windows\r\ncard "Baths" {\r\n    age I  color blue  copies 3+\r\n}\r\n'
    again = call_cli("fmt", "--check", str(crlf))
    assert again.returncode == 0, again.stderr


def test_fmt_leaves_a_file_with_syntax_errors_untouched(tmp_path):
    bad = tmp_path / "bad.wonders"
    good = tmp_path / "good.wonders"
    bad.write_text('card "A" { age I  color }\ncard "B" { cost 2 stne,, }\n', encoding="utf-8")
    good.write_text('card "C" { age I }\n', encoding="utf-8")
    result = call_cli("fmt", str(tmp_path))
    assert result.returncode == 1
    assert f"--> {bad}:1:25" in result.stderr and f"--> {bad}:2:24" in result.stderr
    assert f"error: {bad}: not formatted" in result.stderr
    assert bad.read_text(encoding="utf-8").startswith('card "A" { age I  color }')
    assert good.read_text(encoding="utf-8") == 'card "C" {\n    age I\n}\n'


@pytest.mark.slow
def test_fmt_reads_standard_input():
    result = _stdin('colors:brown ,grey\n')                      # a process's stdin, as a user pipes it
    assert (result.returncode, result.stdout) == (0, "colors: brown, grey\n")
    assert call_cli("fmt", "--check", input="colors: brown\n").returncode == 0
    assert call_cli("fmt", "--check", input="colors:brown\n").returncode == 1
    broken = call_cli("fmt", input="colors brown\n")
    assert broken.returncode == 1 and "<stdin>:1:8" in broken.stderr and broken.stdout == ""


def test_fmt_usage_errors(tmp_path):
    for args in (["nowhere.wonders"], [str(tmp_path)], ["-", str(tmp_path)]):
        result = call_cli("fmt", *args)
        assert result.returncode == 2, args
        assert "Error:" in result.stderr and "Traceback" not in result.stderr


def test_fmt_refuses_a_file_that_is_not_text(tmp_path):
    binary = tmp_path / "b.wonders"
    binary.write_bytes(b'card "A" {\x00}')
    result = call_cli("fmt", str(binary))
    assert result.returncode == 1 and "E0004" in result.stderr
    assert binary.read_bytes() == b'card "A" {\x00}'


def _stdin(text: str, *args: str):
    import subprocess
    import sys
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONIOENCODING="utf-8")
    return subprocess.run([sys.executable, "-c", "import cli; cli.run()", "fmt", *args], input=text,
                          capture_output=True, text=True, cwd=str(ROOT), env=env, timeout=60)


def test_wonders_rules_prints_in_the_canonical_layout(shipped_ruleset):
    from interpreter.syntax.formatter import layout_text
    printed = layout_text(shipped_ruleset.items)
    assert fmt(printed) == printed
    assert 'card "Walls" {\n    age II  color red  copies 3+ 7+\n' in printed


# ---------------------------------------------------------------- issue 21: never change a meaning
POOR_RELIEF = ('variant "Poor relief" {\n    changes "7 Wonders, first edition"\n'
               '    add trigger "poor relief" on age end if coins <= (coins of left neighbour) and '
               'coins <= (coins of right neighbour): gain 2 coins\n'
               '    add trigger "even" on age end if coins > 2 and (wonder stages of left neighbour) = '
               '(wonder stages of right neighbour) and age = 2: gain 1 coin\n}\n')


def _same_tree(a: str, b: str) -> bool:
    from fmt_meaning import without_spans
    from interpreter.syntax.parser import parse_text
    (ta, pa), (tb, pb) = parse_text(a, "a.wonders"), parse_text(b, "b.wonders")
    assert not pa and not pb, [d.message for d in pa + pb]
    return without_spans(ta.items) == without_spans(tb.items)


def test_fmt_writes_a_scope_before_and_without_parentheses_and_keeps_the_meaning(tmp_path):
    """`and` after `coins of left neighbour` continues the scope only when a city follows, so
    the canonical text needs no parentheses there, and it parses to the same rules."""
    variant = tmp_path / "poor.wonders"
    variant.write_text(POOR_RELIEF, encoding="utf-8")
    result = call_cli("fmt", str(variant))
    assert result.returncode == 0, result.stderr
    out = variant.read_text(encoding="utf-8")
    assert "coins <= coins of left neighbour and coins <= coins of right neighbour: gain 2 coins" in out
    assert "wonder stages of left neighbour = wonder stages of right neighbour and age = 2" in out
    assert _same_tree(out, POOR_RELIEF)
    assert call_cli("fmt", "--check", str(variant)).returncode == 0


@pytest.mark.slow
@pytest.mark.parametrize("option", ["--full", "--diff"])
def test_wonders_rules_prints_text_that_parses_back(tmp_path, option):
    variant = tmp_path / "poor.wonders"
    variant.write_text(POOR_RELIEF, encoding="utf-8")
    result = call_cli("rules", option, "--variant", str(variant))
    assert result.returncode == 0, result.stderr
    printed = result.stdout
    if option == "--diff":
        printed = "\n".join(line[1:] for line in printed.splitlines() if line.startswith("+") and
                            not line.startswith("+++"))
        printed = 'variant "v" {\n' + printed.replace("trigger", "add trigger") + "\n}\n"
    assert "coins of left neighbour and coins <= coins of right neighbour" in printed
    assert "wonder stages of right neighbour and age = 2" in printed
    if option == "--full":
        assert fmt(printed) == printed


def test_fmt_writes_a_unit_in_the_singular_after_1_and_one_form_of_a_scope():
    text = ('rules "R" {\n    sell for 1 coins\n    age I { add 1 random purple cards }\n'
            '    score civilian: coins of neighbours + coins in left neighbour + coins of own city\n}\n'
            'card "C" {\n    buy raw from neighbours for 1 coins\n    cost 1 coins\n}\n')
    out = fmt(text)
    assert "sell for 1 coin\n" in out and "add 1 random purple card }" in out
    assert "buy raw from neighbours for 1 coin\n" in out and "cost 1 coin\n" in out
    assert "coins in neighbours + coins of left neighbour + coins in own city" in out
    assert _same_tree(out, text)


def test_the_english_descriptions_write_a_scope_as_the_printer_does():
    """One place decides `of` or `in` (printer.preposition): describe.py asks it too."""
    from interpreter.views.describe import quantity_text
    from interpreter.syntax import ast
    from interpreter.syntax.printer import quantity
    for parts in (("left",), ("neighbour",), ("left", "right"), ("own",), ("all",)):
        q = ast.Quantity(measure="coins", colors=(), scope=ast.Scope(parts=parts, span=None), span=None)
        assert quantity(q).split()[1] == quantity_text(q).split()[1], parts


def test_fmt_is_idempotent_with_a_comment_inside_a_head_statement():
    once = fmt('card "A" { age # the first age\n I color blue copies 3+ }\n')
    assert once == 'card "A" {\n    # the first age\n    age I  color blue  copies 3+\n}\n'
    assert fmt(once) == once
    between = fmt('card "A" {\n    age I  # why\n    color blue\n}\n')
    assert fmt(between) == between


def test_fmt_leaves_a_read_only_file_alone(tmp_path):
    locked = tmp_path / "locked.wonders"
    text = 'card "Baths" { age I; color blue }\n'
    locked.write_text(text, encoding="utf-8")
    tidy = tmp_path / "tidy.wonders"
    tidy.write_text('card "Altar" {\n    age I\n}\n', encoding="utf-8")
    os.chmod(locked, 0o444)
    os.chmod(tidy, 0o444)            # read-only but already formatted: nothing to refuse
    result = call_cli("fmt", str(tmp_path))
    assert result.returncode == 1
    assert f"error: {locked}: not formatted: the file is read-only" in result.stderr
    assert "2 file(s): 0 formatted, 1 with errors" in result.stderr
    assert locked.read_text(encoding="utf-8") == text
    assert call_cli("fmt", "--check", str(tidy)).returncode == 0


@pytest.mark.slow
def test_fmt_bounds_standard_input_as_it_bounds_files():
    huge = call_cli("fmt", input='card "A" { age I }\n' + "# padding\n" * 250_000)
    assert huge.returncode == 1 and "E0005" in huge.stderr and huge.stdout == ""
    assert "more than 2 MB" in huge.stderr and "Traceback" not in huge.stderr
    nul = call_cli("fmt", input='card "A" {\x00}\n')
    assert nul.returncode == 1 and "E0004" in nul.stderr
    deep = _stdin('card "A" { score civilian: 1' + " + 1" * 2000 + " }\n")
    assert deep.returncode == 1 and "E0008" in deep.stderr and "internal error" not in deep.stderr
    buffer = format_text('card "A" { age I }\n' + "# padding\n" * 250_000, "editor buffer")
    assert buffer[0] is None and [d.code for d in buffer[1]] == ["E0005"]     # the language server's route
    deep_file = format_text('card "A" { score civilian: ' + "-" * 2000 + "1 }\n", "d.wonders")
    assert deep_file[0] is None and [d.code for d in deep_file[1]] == ["E0008"]


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_fmt_refuses_a_pipe_named_like_content(tmp_path):
    os.mkfifo(tmp_path / "pipe.wonders")
    (tmp_path / "sub").mkdir()
    os.mkfifo(tmp_path / "sub" / "inner.wonders")
    for target in (tmp_path / "pipe.wonders", tmp_path):
        result = run_cli("fmt", str(target), timeout=60)
        assert result.returncode == 1, result.stderr
        assert "E0007" in result.stderr and "not a regular file" in result.stderr
    assert f"{tmp_path / 'sub' / 'inner.wonders'}" in result.stderr


@pytest.mark.parametrize("variant", [None, *VARIANTS], ids=lambda p: p.name if p else "base")
def test_the_printed_rule_set_parses_back_to_the_same_items(variant):
    """`wonders rules --full`, for the shipped rules and with each shipped variant applied:
    the text parses back to the very items of the effective rule set."""
    from fmt_meaning import without_spans
    from interpreter.check.load import check_paths
    from interpreter.syntax.formatter import layout_text
    from interpreter.syntax.parser import parse_text
    result = check_paths(None, variants=[str(variant)] if variant else [])
    assert result.ruleset is not None, [d.message for d in result.diagnostics]
    printed = layout_text(result.ruleset.items)
    tree, problems = parse_text(printed, "printed.wonders")
    assert not problems, [f"{d.span.line}:{d.span.column} {d.message}" for d in problems]
    assert without_spans(tree.items) == without_spans(tuple(result.ruleset.items))


def test_a_comment_between_the_and_neighbour_in_a_joined_scope_parses_and_is_kept():
    """Found by test_fmt_properties: `and the # note` + `neighbour` ended the scope at `and`."""
    from interpreter.syntax.parser import parse_text
    text = ('card "Gen" { age I produces wood\n    buy raw from own city and the # which one\n'
            '    neighbour for 0 coins\n}\n')
    _, problems = parse_text(text, "gen.wonders")
    assert problems == []
    formatted = fmt(text)
    assert "# which one" in formatted and fmt(formatted) == formatted


def test_fmt_keeps_the_scope_of_a_count_of_zone_cards():
    """`cards in "Z" of left neighbour` counts the neighbour's cards in the zone (the
    engine reads the scope); the printer used to drop the scope, so `fmt` silently made it
    count the owner's cards."""
    text = ('card "C" {\n    age I\n    color blue\n    copies 3+\n'
            '    when built: gain 1 coin per card in "Reserve" of left neighbour\n}\n')
    out = fmt(text)
    assert 'per card in "Reserve" of left neighbour' in out
    assert _same_tree(out, text)


def test_the_descriptions_say_whose_zone_cards_are_counted():
    from interpreter.syntax.parser import parse_text
    from interpreter.views import describe, describe_nl
    tree, errors = parse_text('card "C" {\n    when built: gain 1 coin per card in "Reserve" of neighbours\n}\n', "c.wonders")
    assert not errors
    (effect,) = tree.items[0].body
    assert "neighbours" in describe.effect_text(effect)
    assert "naburige steden" in describe_nl.effect_text(effect)
