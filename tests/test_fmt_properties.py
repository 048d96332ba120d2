"""Formatting and printing generated content (Hypothesis, strategies in fmt_strategies.py):
every construct of the grammar, in random order, spacing, separators and comments, with
conditions, comparisons, scoped quantities and nested expressions.  The formatted text
(`wonders fmt`) and the printed text (`wonders rules --full`) parse to the same syntax tree
(spans aside), check to the same meaning, keep every comment and are already formatted.
`WONDERS_FUZZ_SCALE=10` runs ten times more examples."""

from __future__ import annotations

import os
import re

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from conftest import ROOT
from fmt_meaning import meaning, without_spans
from fmt_strategies import card, file_text
from interpreter.syntax.formatter import format_text, layout_text
from interpreter.syntax.parser import lark_parser, parse_text

pytestmark = pytest.mark.slow       # (pyproject.toml: what `slow` means)

SCALE = max(1, int(os.environ.get("WONDERS_FUZZ_SCALE", "1")))
BASE = {"base.wonders": (ROOT / "content" / "base.wonders").read_text(encoding="utf-8")}
SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


def _tree(text: str):
    tree, problems = parse_text(text, "gen.wonders")
    assert not problems, (text, [f"{d.span.line}:{d.span.column} {d.message}" for d in problems])
    return without_spans(tree.items)


def _comments(text: str) -> list[str]:
    return sorted(c.rstrip() for c in re.findall(r"#[^\n]*", text))


def _keeps_meaning(text: str) -> str:
    """The formatted text, checked: the same tree, every comment, already formatted."""
    out, problems = format_text(text, "gen.wonders")
    assert not problems
    assert _tree(out) == _tree(text), out
    assert _comments(out) == _comments(text)
    assert format_text(out, "gen.wonders")[0] == out, out
    return out


@settings(max_examples=60 * SCALE, **SETTINGS)
@given(card)
def test_formatting_a_generated_card_keeps_its_meaning(text):
    assume(not parse_text(text, "gen.wonders")[1])   # e.g. `a > coins of left neighbour and b > 1`
    out = _keeps_meaning(text)
    assert meaning({**BASE, "gen.wonders": out}, complete=False) == \
        meaning({**BASE, "gen.wonders": text}, complete=False)


@settings(max_examples=80 * SCALE, **SETTINGS)
@given(file_text())
def test_formatting_every_construct_keeps_its_meaning(text):
    assume(not parse_text(text, "gen.wonders")[1])
    _keeps_meaning(text)


@settings(max_examples=80 * SCALE, **SETTINGS)
@given(file_text())
def test_printing_every_construct_keeps_its_meaning(text):
    """What `wonders rules --full` and `--diff` print: the items alone, no source."""
    tree, problems = parse_text(text, "gen.wonders")
    assume(not problems)
    printed = layout_text(tree.items)
    assert _tree(printed) == without_spans(tree.items), printed
    assert format_text(printed, "gen.wonders")[0] == printed


@settings(max_examples=60 * SCALE, **SETTINGS)
@given(file_text(), st.data())
def test_a_comment_anywhere_is_kept_and_formatting_is_idempotent(text, data):
    """A comment after any token, inside a statement or between a block's head and its
    body: formatting keeps it, keeps the meaning, and a second run changes nothing."""
    assume(not parse_text(text, "gen.wonders")[1])
    ends = _token_ends(text)
    chosen = sorted(data.draw(st.lists(st.sampled_from(ends), min_size=1, max_size=3, unique=True)))
    pieces, last = [], 0
    for n, end in enumerate(chosen):
        pieces += [text[last:end], f" # c{n}\n"]
        last = end
    _keeps_meaning("".join(pieces) + text[last:])


def _token_ends(text: str) -> list[int]:
    offsets, total = [], 0
    for line in text.split("\n"):
        offsets.append(total)
        total += len(line) + 1
    return [offsets[tok.end_line - 1] + tok.end_column - 1 for tok in lark_parser().lex(text)]


SHIPPED = sorted((ROOT / "content").glob("*.wonders")) + sorted((ROOT / "content" / "variants").glob("*.wonders"))


@settings(max_examples=40 * SCALE, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(SHIPPED), st.data())
def test_formatting_mutated_content_keeps_its_tree_or_refuses(path, data):
    """Shipped content with a stretch cut out or moved: either syntax diagnostics (and no
    text), or a formatted text with the same tree and comments, already formatted."""
    text = path.read_text(encoding="utf-8")
    start = data.draw(st.integers(0, len(text) - 1))
    end = data.draw(st.integers(start, min(len(text), start + 80)))
    where = data.draw(st.integers(0, len(text) - (end - start)))
    rest = text[:start] + text[end:]
    mutated = rest[:where] + text[start:end] + rest[where:] if data.draw(st.booleans()) else rest
    out, problems = format_text(mutated, "m.wonders")
    tree, syntax = parse_text(mutated, "m.wonders")
    if syntax:
        assert out is None and [d.code for d in problems] == [d.code for d in syntax]
        return
    assert out is not None and not problems
    assert without_spans(parse_text(out, "m.wonders")[0].items) == without_spans(tree.items)
    assert sorted(re.findall(r"#[^\n]*", out)) == sorted(c.rstrip() for c in re.findall(r"#[^\n]*", mutated))
    assert format_text(out, "m.wonders")[0] == out
