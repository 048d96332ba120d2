"""Property tests: whatever the text, parsing and checking give diagnostics, never an exception.

Three sources of input, each fed to `parse_text` and then `check_files` in-process:

- arbitrary Unicode text;
- random sequences of the language's own words and punctuation (taken from the grammar),
  mixed with names, quoted names and numbers, so the parser gets deep into the grammar;
- the shipped content with one to three small mutations (a token or line deleted,
  inserted, duplicated or swapped, a character changed, a number replaced by a small or
  a huge one), so the checker sees almost-valid content and runs its whole-set checks.

For every diagnostic: its code is one of `CODES`, its span (when it has one) names a
checked file, starts on a line of that file and at column >= 1, and ends at or after its
start; a syntax error (E0001, E0002) points at the token or character it names; and both
renderers accept the diagnostics.  About 20 s of processor time: the mutated content (each
example a check of the whole rule set) draws 500 examples, not 1,200 (38 s of the suite's
processor time at a load of 9); a run at a desk draws new ones each time, and 500 found a
parser that failed on one number value of fifteen in each of five runs with a fresh
example database.  `WONDERS_FUZZ_SCALE=10` for a deeper run.
"""

from __future__ import annotations

import json
import os
import re
from ast import literal_eval
from functools import lru_cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from interpreter.check.load import check_files
from interpreter.diagnostics import CODES, Diagnostic, SourceCache, render_json, render_text
from interpreter.syntax.parser import parse_text

pytestmark = pytest.mark.slow       # (pyproject.toml: what `slow` means)

ROOT = Path(__file__).resolve().parent.parent
GRAMMAR = ROOT / "grammar" / "wonders.lark"
CONTENT = sorted((ROOT / "content").glob("*.wonders"))

# WONDERS_FUZZ_SCALE=20 python -m pytest tests/test_fuzz.py runs 20 times more examples.
SCALE = max(1, int(os.environ.get("WONDERS_FUZZ_SCALE", "1")))


def examples(n: int) -> settings:
    return settings(max_examples=n * SCALE, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


FAST = examples(1000)


# ---------------------------------------------------------------- the invariants
def _line_count(text: str) -> int:
    return text.count("\n") + 1


def _check_points_at_culprit(d: Diagnostic, text: str) -> None:
    """A syntax error's span starts at the token (E0001) or character (E0002) it names."""
    line = text.split("\n")[d.span.line - 1]
    at = line[d.span.column - 1:]
    culprit = re.fullmatch(r"unexpected (?:character )?`(.*)`", d.message, re.S)
    assert culprit, d.message
    shown = culprit.group(1)
    if d.code == "E0002" and not at[:1].isprintable():
        shown = literal_eval(shown)  # the parser shows unprintable characters as repr()
    assert at.startswith(shown.split("\n")[0]), f"{d.message} but the span points at {at[:20]!r}: {d}"


def check_invariants(diagnostics: list[Diagnostic], texts: dict[str, str]) -> None:
    for d in diagnostics:
        assert isinstance(d, Diagnostic), d
        assert d.code in CODES, f"unknown code {d.code!r} in {d}"
        assert d.severity in ("error", "warning"), d
        spans = [d.span] + [n.span for n in d.notes]
        for span in spans:
            if span is None:
                continue
            assert span.file in texts, f"span names a file that was not checked: {d}"
            lines = _line_count(texts[span.file])
            assert 1 <= span.line <= lines, f"line {span.line} outside 1..{lines}: {d}"
            assert span.column >= 1, f"column {span.column} < 1: {d}"
            assert (span.end_line, span.end_column) >= (span.line, span.column), f"span ends before it starts: {d}"
        if d.span is not None and d.code in ("E0001", "E0002"):
            _check_points_at_culprit(d, texts[d.span.file])
    text_out = render_text(diagnostics, SourceCache(texts))
    assert isinstance(text_out, str)
    data = json.loads(render_json(diagnostics))
    assert len(data["diagnostics"]) == len(diagnostics)
    assert data["errors"] + data["warnings"] == len(diagnostics)


def run_pipeline(texts: dict[str, str], parsed_extra=()) -> list[Diagnostic]:
    """parse_text on each text, then check_files on all of them (plus already-parsed
    files), as check_paths does; returns every diagnostic after checking the invariants."""
    trees, diagnostics = list(parsed_extra), []
    for name, text in texts.items():
        tree, problems = parse_text(text, name)
        diagnostics += problems
        trees.append(tree)
    ruleset, problems = check_files(trees, complete=not diagnostics)
    # check_files builds no rule set when *it* found an error (syntax errors are the
    # caller's to weigh: see test_robustness.py::test_syntax_error_means_no_ruleset).
    if any(d.is_error for d in problems):
        assert ruleset is None, problems
    return diagnostics + problems


# ---------------------------------------------------------------- (a) arbitrary text
@FAST
@given(st.text())
def test_random_text(text):
    texts = {"fuzz.wonders": text}
    check_invariants(run_pipeline(texts), texts)


@FAST
@given(st.text(alphabet=st.sampled_from(list('{}"#:;,/+-\n\t 0123456789abcrdw')), max_size=200))
def test_random_punctuation(text):
    texts = {"fuzz.wonders": text}
    check_invariants(run_pipeline(texts), texts)


# ---------------------------------------------------------------- (b) the grammar's words
def grammar_words() -> list[str]:
    """Every literal of the grammar: keywords and punctuation (regex terminals left out)."""
    text = GRAMMAR.read_text(encoding="utf-8")
    text = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("//"))
    text = re.sub(r"(?m)^\s*[A-Z_]+\s*:\s*/.*$", "", text)  # NAME: /.../ and friends
    return sorted(set(re.findall(r'"([^"\\\n]+)"', text)))


WORDS = grammar_words()
# Names the shipped content declares, so that checking gets past "unknown name".
CONTENT_NAMES = ["wood", "stone", "clay", "ore", "glass", "papyrus", "loom", "raw", "manufactured",
                 "brown", "grey", "blue", "yellow", "red", "green", "purple", "compass", "gear",
                 "tablet", "I", "II", "III", "IV", "A", "B", "military", "treasury", "civilian",
                 "science", "commercial", "guilds", "xyzzy"]
TOKENS = st.one_of(
    st.sampled_from(WORDS),
    st.sampled_from(CONTENT_NAMES),
    st.sampled_from(['"Altar"', '"Baths"', '"x"', '""', '"unterminated', "0", "1", "3", "7", "99",
                     "-1", "1000", "4294967296", "9" * 5000, "\n", "# comment\n", "age", "card"]),
)


def test_grammar_words_extracted():
    for word in ("card", "wonder", "rules", "{", "}", ":", ",", "/", "produces", "at", "turn",
                 "neighbours", "coins", "squared"):
        assert word in WORDS, word
    assert not any(w.startswith("[") or "\\" in w for w in WORDS), WORDS


@FAST
@given(st.lists(TOKENS, max_size=60), st.sampled_from([" ", "\n", "  ", ""]))
def test_grammar_word_soup(tokens, sep):
    texts = {"soup.wonders": sep.join(tokens)}
    check_invariants(run_pipeline(texts), texts)


@FAST
@given(st.lists(TOKENS, max_size=40), st.sampled_from(["card", "wonder", "rules"]))
def test_grammar_words_inside_an_item(tokens, kind):
    """Word soup inside a well-formed item head, so statements of every block get tried."""
    head = {"card": 'card "Soup" {', "wonder": 'wonder "Soup" { side A {', "rules": 'rules "Soup" {'}[kind]
    texts = {"soup.wonders": head + "\n" + " ".join(tokens) + "\n}" + ("}" if kind == "wonder" else "")}
    check_invariants(run_pipeline(texts), texts)


# ---------------------------------------------------------------- (c) mutated content
@lru_cache(maxsize=None)
def content_texts() -> dict[str, str]:
    return {f"content/{p.name}": p.read_text(encoding="utf-8") for p in CONTENT}


@lru_cache(maxsize=None)
def content_trees() -> dict[str, object]:
    trees = {}
    for name, text in content_texts().items():
        tree, problems = parse_text(text, name)
        assert not problems, problems
        trees[name] = tree
    return trees


def test_shipped_content_is_clean():
    trees = content_trees()
    ruleset, problems = check_files(list(trees.values()))
    assert ruleset is not None and not problems, problems


_TOKEN = re.compile(r'"[^"\n]*"|#[^\n]*|[A-Za-z_][A-Za-z0-9_]*|[0-9]+|\s+|.', re.S)


def _mutate(text: str, data) -> str:
    kind = data.draw(st.sampled_from(["delete token", "insert token", "duplicate token", "swap tokens",
                                      "delete line", "duplicate line", "swap lines", "flip char",
                                      "change number"]),
                     label="mutation")
    if kind == "change number":
        numbers = [m.span() for m in re.finditer(r"\b[0-9]+\b", text)]
        start, end = data.draw(st.sampled_from(numbers), label="number")
        value = data.draw(st.sampled_from(["0", "1", "2", "3", "6", "7", "8", "13", "20", "21", "100",
                                           "999999", "1000000", "99999999", "9" * 5000]), label="value")
        return text[:start] + value + text[end:]
    if kind.endswith("line") or kind.endswith("lines"):
        lines = text.splitlines(keepends=True)
        i = data.draw(st.integers(0, len(lines) - 1), label="line")
        if kind == "delete line":
            del lines[i]
        elif kind == "duplicate line":
            lines.insert(i, lines[i])
        else:
            j = data.draw(st.integers(0, len(lines) - 1), label="other line")
            lines[i], lines[j] = lines[j], lines[i]
        return "".join(lines)
    if kind == "flip char":
        i = data.draw(st.integers(0, len(text) - 1), label="position")
        char = data.draw(st.one_of(st.sampled_from(list('{}"#:;,/+-\n 0a')), st.characters()), label="char")
        return text[:i] + char + text[i + 1:]
    tokens = [t for t in _TOKEN.findall(text)]
    solid = [k for k, t in enumerate(tokens) if not t.isspace()]
    i = data.draw(st.sampled_from(solid), label="token")
    if kind == "delete token":
        del tokens[i]
    elif kind == "insert token":
        tokens.insert(i, " " + data.draw(TOKENS, label="new token") + " ")
    elif kind == "duplicate token":
        tokens.insert(i, tokens[i] + " ")
    else:
        j = data.draw(st.sampled_from(solid), label="other token")
        tokens[i], tokens[j] = tokens[j], tokens[i]
    return "".join(tokens)


@examples(500)
@given(st.data())
def test_mutated_content(data):
    texts = content_texts()
    target = data.draw(st.sampled_from(sorted(texts)), label="file")
    mutated = dict(texts)
    for _ in range(data.draw(st.integers(1, 3), label="mutations")):
        mutated[target] = _mutate(mutated[target], data)
    others = [tree for name, tree in content_trees().items() if name != target]
    diagnostics = run_pipeline({target: mutated[target]}, parsed_extra=others)
    check_invariants(diagnostics, mutated)


@pytest.mark.parametrize("name", sorted(p.name for p in CONTENT))
def test_each_content_file_alone(name):
    """One shipped file checked without the others: errors (e.g. unknown names), never a crash."""
    texts = {f"content/{name}": content_texts()[f"content/{name}"]}
    check_invariants(run_pipeline(texts), texts)
