"""The documentation is tested.

- docs/errors.md has one section per code in CODES (and none other); every ```wonders
  example there produces exactly its section's code, and every ```text block that starts
  with `$ wonders ...` is exactly what that command prints.
- Every ```wonders block in docs/language.md and README.md parses; the complete ones
  (all but those tagged ```wonders excerpt) check cleanly inside the shipped content.
- The ```wonders examples of docs/language.md, taken together, use every event, every
  measure, every scope, operator, comparison, limit and action of the language.
- docs/cli.md names every option of `wonders check` and `wonders cards`; the reserved
  words of docs/language.md are the grammar's keywords; links between the pages (the docs,
  README, CHANGELOG and lab/: docs_html.pages) resolve.

After a change to a message, refresh the outputs in docs/errors.md with
`python tests/test_docs.py` and review the diff.
"""

from __future__ import annotations

import contextlib
import functools
import os
import re
import shlex
import shutil
import sys
import tempfile
from pathlib import Path

import attrs
import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:   # this checkout's interpreter and cli.py, also when run as a script
    sys.path.insert(0, str(ROOT))

from interpreter.check.load import check_paths  # noqa: E402
from interpreter.diagnostics import CODES  # noqa: E402
from interpreter.editor.docs_html import pages  # noqa: E402 - the pages that link to each other
from interpreter.paths import content_dir  # noqa: E402
from interpreter.syntax import ast  # noqa: E402
from interpreter.syntax.parser import MAX_FILE_BYTES, parse_text  # noqa: E402

DOCS = ROOT / "docs"
ERRORS_MD = DOCS / "errors.md"
LANGUAGE_MD = DOCS / "language.md"
CLI_MD = DOCS / "cli.md"
README = ROOT / "README.md"
BASE = DOCS / "examples" / "base.wonders"
BASE_SHOWN = "docs/examples/base.wonders"     # how the examples' commands name the base
EXAMPLE_SHOWN = "example.wonders"             # ... and the example itself
STANDALONE = "# standalone"

# The inputs of the sections that describe a file in words rather than show it.
WORDS_ONLY = ("E0004", "E0005", "E0007", "E1501")   # sections whose input is described in words
UNREPRODUCIBLE = ("locked.wonders",          # root reads any file: E0007's output is shown, not rerun
                  "wonders play")            # E1501 happens in a game: tests/test_variants.py plays it

SPECIAL_FILES = {
    # The card "Théâtre" saved by an editor set to Latin-1: é and â are single bytes.
    "latin1.wonders": 'card "Théâtre" {\n    age I  color blue  copies 3+\n    points 2\n}\n'
                      .encode("latin-1"),
    # 3,000,000 bytes of comment lines.
    "huge.wonders": b"# padding\n" * 300_000,
}

# Translation files (locales/LANG.po): their sections show a ```po example placed at its
# `path=`, and a partial translation also warns W1602 (names left to translate)
TRANSLATION_CODES = ("E1601", "W1602", "E1603")
# The notation table (notation/accessible.toml): its sections show a ```toml example placed
# at its `path=`, and a partial table also warns W1605 (names left without a mark)
NOTATION_CODES = ("E1604", "W1605", "E1606")

# Tuning files: `wonders tune` reads them (docs/simulate.md, "Tuning a rule"); their sections'
# commands run `wonders tune example.wonders --players 3`, refused before any game
TUNE_CODES = ("E2050", "E2051", "E2052")
TUNE_COMMAND = "wonders tune example.wonders --players 3"

# Deck arithmetic (whole-set checks that run only when nothing else is wrong): a new card
# added to the shipped content is bound to change the count of its age.
DECK_CODES = {"E1301", "W1303"}


# ---------------------------------------------------------------- reading markdown
FENCE = re.compile(r"^```([^\n`]*)\n(.*?)^```[ \t]*$", re.M | re.S)
HEADING = re.compile(r"^## (.*)$", re.M)
CODE_HEADING = re.compile(r"^(?P<code>[EW]\d{4}): (?P<title>.+)$")


def fences(markdown: str) -> list[tuple[str, str]]:
    """(info string, body) of every fenced code block."""
    return [(m.group(1).strip(), m.group(2)) for m in FENCE.finditer(markdown)]


def wonders_blocks(markdown: str) -> list[tuple[str, str]]:
    """The ```wonders blocks (and the ```po blocks of translation files and ```toml blocks
    of notation tables, which sections of docs/errors.md use as their example in the same way)."""
    return [(info, body) for info, body in fences(markdown) if info.split()[:1] in (["wonders"], ["po"], ["toml"])]


def sections(markdown: str) -> list[tuple[str, str]]:
    """(heading, body) of every `## ` section."""
    marks = list(HEADING.finditer(markdown))
    return [(m.group(1).strip(), markdown[m.end(): nxt.start() if nxt else len(markdown)])
            for m, nxt in zip(marks, marks[1:] + [None])]


def error_sections() -> list[tuple[str, str, str]]:
    """(code, title, body) of every section of docs/errors.md."""
    found = []
    for heading, body in sections(ERRORS_MD.read_text(encoding="utf-8")):
        m = CODE_HEADING.match(heading)
        found.append((m.group("code") if m else heading, m.group("title") if m else "", body))
    return found


def _section_ids():
    try:
        return [(code, body) for code, _, body in error_sections()]
    except OSError:
        return []


# ---------------------------------------------------------------- running commands
@contextlib.contextmanager
def example_dir(example: str | None, names=(), where: str = EXAMPLE_SHOWN):
    """A working folder laid out like the examples' commands expect: the example as
    example.wonders (or at `where`), the base at docs/examples/base.wonders, and any
    special files named."""
    old = os.getcwd()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "docs" / "examples").mkdir(parents=True)
        shutil.copy(BASE, folder / BASE_SHOWN)
        if example is not None:
            (folder / where).parent.mkdir(parents=True, exist_ok=True)
            (folder / where).write_text(example, encoding="utf-8")
        for name in names:
            if name in SPECIAL_FILES:
                (folder / name).write_bytes(SPECIAL_FILES[name])
        os.chdir(folder)
        try:
            yield folder
        finally:
            os.chdir(old)


def run_wonders(command: str, example: str | None, where: str = EXAMPLE_SHOWN) -> str:
    """What `command` (a `wonders ...` line) prints, run beside the example."""
    from click.testing import CliRunner

    from cli import main

    args = shlex.split(command)
    assert args[0] == "wonders", command
    with example_dir(example, args, where):
        result = CliRunner().invoke(main, args[1:], catch_exceptions=False)
    return result.output


def output_block(body: str) -> tuple[str, str] | None:
    """The (command, documented output) of a ```text block that starts with `$ wonders`."""
    for info, text in fences(body):
        if info == "text" and text.startswith("$ wonders "):
            command, _, output = text.partition("\n")
            return command[2:], output
    return None


def example_of(body: str) -> str | None:
    blocks = wonders_blocks(body)
    return blocks[0][1] if blocks else None


def example_place(body: str) -> str:
    """Where the example is put: example.wonders, or the `path=...` of its block (a file
    inside the examples' folder, checked as that folder: `wonders check docs/examples`)."""
    for info, _ in wonders_blocks(body):
        for word in info.split()[1:]:
            if word.startswith("path="):
                return word[len("path="):]
    return EXAMPLE_SHOWN


# ---------------------------------------------------------------- (a) one section per code
def test_every_code_has_a_section_and_every_section_a_code():
    found = error_sections()
    codes = [code for code, _, _ in found]
    assert sorted(set(CODES) - set(codes)) == [], "codes without a section in docs/errors.md"
    assert [c for c in codes if c not in CODES] == [], "sections for codes that CODES does not have"
    assert len(codes) == len(set(codes)), "a code has two sections"


def test_section_headings_use_the_registered_titles():
    for code, title, _ in error_sections():
        assert title == CODES[code], f"## {code}: {title}  (CODES says {CODES[code]!r})"


@pytest.mark.parametrize("code, body", _section_ids(), ids=[c for c, _ in _section_ids()])
def test_section_has_example_output_and_fix(code, body):
    blocks = wonders_blocks(body)
    if code in WORDS_ONLY:
        assert not blocks, "these sections describe their input in words"
    else:
        assert len(blocks) == 1, "one ```wonders example per section"
    assert output_block(body) is not None, "a ```text block starting with `$ wonders check ...`"
    assert "**Fix.**" in body


# ---------------------------------------------------------------- (b) examples give their code
@pytest.mark.parametrize("code, body", _section_ids(), ids=[c for c, _ in _section_ids()])
def test_example_produces_its_code(code, body, tmp_path, monkeypatch):
    example = example_of(body)
    if code == "E1501":   # a run-time error: the loop itself is played in tests/test_variants.py
        from interpreter.engine.triggers import MAX_DEPTH
        assert f"more than {MAX_DEPTH} times" in body
        return
    if code in TUNE_CODES:
        command, _ = output_block(body)
        assert command == TUNE_COMMAND
        assert f"error[{code}]" in run_wonders(command, example)
        return
    if code == "E0007":   # an unreadable file: root reads anything, so reading is made to fail
        path = tmp_path / "locked.wonders"
        path.write_text("", encoding="utf-8")
        import interpreter.syntax.parser as parser
        original = parser.read_regular

        def refuse(file, limit):
            if file == path:
                raise PermissionError(13, "Permission denied")
            return original(file, limit)
        monkeypatch.setattr(parser, "read_regular", refuse)
        result = check_paths([path, BASE])
        assert sorted({d.code for d in result.diagnostics}) == ["E0007"]
        return
    if example is None:   # E0004, E0005: the input is described in words, made here
        command, _ = output_block(body)
        (name,) = [arg for arg in shlex.split(command) if arg in SPECIAL_FILES]
        path = tmp_path / name
        path.write_bytes(SPECIAL_FILES[name])
        standalone = False
    elif example_place(body) != EXAMPLE_SHOWN:    # a file placed in the examples' folder
        from interpreter.check.folder import check_folder
        with example_dir(example, where=example_place(body)) as folder:
            result = check_folder([str(folder / "docs" / "examples")])
        codes = {d.code for d in result.diagnostics}
        if code in TRANSLATION_CODES:
            codes -= {"W1602"} - {code}
        if code in NOTATION_CODES:
            codes -= {"W1605"} - {code}
        assert sorted(codes) == [code]
        return
    else:
        path = tmp_path / EXAMPLE_SHOWN
        path.write_text(example, encoding="utf-8")
        standalone = example.splitlines()[0].strip() == STANDALONE
    result = check_paths([path] if standalone else [path, BASE])
    codes = sorted({d.code for d in result.diagnostics})
    assert codes == [code], "\n".join(f"{d.code} {d.message}" for d in result.diagnostics)


@pytest.mark.parametrize("code, body", _section_ids(), ids=[c for c, _ in _section_ids()])
def test_documented_output_is_what_wonders_prints(code, body):
    command, documented = output_block(body)
    if any(u in command for u in UNREPRODUCIBLE):
        pytest.skip("an unreadable file cannot be made for root; test_example_produces_its_code covers it")
    example, where = example_of(body), example_place(body)
    if example is not None and where != EXAMPLE_SHOWN:
        assert command == "wonders check docs/examples"
    elif code in TUNE_CODES:
        assert command == TUNE_COMMAND
    elif example is not None:
        standalone = example.splitlines()[0].strip() == STANDALONE
        expected = "wonders check " + EXAMPLE_SHOWN + ("" if standalone else " " + BASE_SHOWN)
        assert command == expected
    assert run_wonders(command, example, where).rstrip("\n") == documented.rstrip("\n"), \
        "refresh the outputs with `python tests/test_docs.py`"


def test_base_rule_set_is_clean():
    result = check_paths([BASE])
    assert result.diagnostics == ()
    assert result.ruleset is not None


# ---------------------------------------------------------------- (d) files that are not content
def test_binary_file_is_E0004(tmp_path):
    binary = tmp_path / "picture.wonders"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x01\x00")
    result = check_paths([binary, BASE])
    assert [d.code for d in result.diagnostics] == ["E0004"]


def test_latin1_file_is_E0004(tmp_path):
    path = tmp_path / "latin1.wonders"
    path.write_bytes(SPECIAL_FILES["latin1.wonders"])
    result = check_paths([path, BASE])
    (diagnostic,) = result.diagnostics
    assert diagnostic.code == "E0004"
    assert (diagnostic.span.line, diagnostic.span.column) == (1, 9)   # the é of Théâtre


def test_file_over_2_mb_is_E0005(tmp_path):
    big = tmp_path / "big.wonders"
    big.write_bytes(b"# padding\n" * (MAX_FILE_BYTES // 10 + 1))
    assert big.stat().st_size > 2 * 1024 * 1024
    result = check_paths([big, BASE])
    assert [d.code for d in result.diagnostics] == ["E0005"]


def test_file_of_exactly_2_mb_is_read(tmp_path):
    edge = tmp_path / "edge.wonders"
    edge.write_bytes(b"#" * (MAX_FILE_BYTES - 1) + b"\n")
    result = check_paths([edge, BASE])
    assert result.diagnostics == ()


# ---------------------------------------------------------------- (c) language.md and README
def _doc_blocks(complete_only: bool = False):
    found = []
    for doc in (LANGUAGE_MD, README):
        try:
            text = doc.read_text(encoding="utf-8")
        except OSError:
            continue
        for number, (info, body) in enumerate(wonders_blocks(text), 1):
            if complete_only and "excerpt" in info.split():
                continue
            found.append(pytest.param(info, body, id=f"{doc.name}-{number}"))
    return found


def test_language_md_has_examples():
    assert len(wonders_blocks(LANGUAGE_MD.read_text(encoding="utf-8"))) >= 40


@pytest.mark.parametrize("info, body", _doc_blocks())
def test_doc_example_parses(info, body):
    tree, diagnostics = parse_text(body, "doc")
    assert [f"{d.code} {d.message} at {d.span.line}:{d.span.column}" for d in diagnostics] == []
    assert tree.items, "an example with nothing in it"


@pytest.mark.slow
@pytest.mark.parametrize("info, body", _doc_blocks(complete_only=True))
def test_doc_example_checks_inside_the_shipped_content(info, body, tmp_path):
    """The example's cards, wonders, rules and declarations replace their namesakes in the
    shipped content; the result checks cleanly (deck arithmetic aside, when the example
    adds a card that the decks did not count).  Blocks tagged ```wonders excerpt (a few
    statements of a larger block) are only parsed."""
    example, _ = parse_text(body, "doc")
    folder = tmp_path / "content"
    folder.mkdir()
    for name, text, items in _shipped_files():
        (folder / name).write_text(_without(text, items, example.items), encoding="utf-8")
    (folder / "zz_example.wonders").write_text(body, encoding="utf-8")
    result = check_paths([folder])
    problems = [f"{d.code} {d.message}" for d in result.diagnostics if d.code not in DECK_CODES]
    assert problems == []


@functools.lru_cache(maxsize=None)
def _shipped_files() -> tuple:
    """(name, text, items) of each shipped content file, parsed once for all the examples
    (each replaces its namesakes in the same files: parsing them again for each of the
    hundred or more examples was most of the test's time)."""
    found = []
    for path in sorted(content_dir().glob("*.wonders")):
        text = path.read_text(encoding="utf-8")
        tree, _ = parse_text(text, path.name)
        found.append((path.name, text, tree.items))
    return tuple(found)


def _identity(item):
    if isinstance(item, ast.Card):
        age = next((s.age.text for s in item.body if isinstance(s, ast.AgeStmt)), None)
        return ("card", item.name.text, _age(age))
    if isinstance(item, ast.Wonder):
        return ("wonder", item.name.text)
    if isinstance(item, ast.Rules):
        return ("rules",)
    if isinstance(item, ast.ResourcesDecl):
        return ("resources", item.group.text)
    if isinstance(item, ast.ColorsDecl):
        return ("colors",)
    if isinstance(item, ast.SymbolsDecl):
        return ("symbols",)
    return None


def _age(text):
    roman = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5}
    if text is None:
        return None
    return int(text) if text.isdigit() else roman.get(text, text)


def _without(text: str, items, replacements) -> str:
    """`text` without the lines of the items that an item of `replacements` replaces."""
    replaced = {_identity(i) for i in replacements} - {None}
    lines = text.splitlines(keepends=True)
    for item in sorted(items, key=lambda i: -i.span.line):
        if _identity(item) in replaced:
            del lines[item.span.line - 1: item.span.end_line]
    return "".join(lines)


def _nodes(value):
    """Every syntax-tree node under `value` (a tree, a node or a tuple of them)."""
    if isinstance(value, (list, tuple)):
        for v in value:
            yield from _nodes(v)
    elif attrs.has(type(value)):
        yield value
        for field in attrs.fields(type(value)):
            yield from _nodes(getattr(value, field.name))


def _language_examples_nodes() -> list:
    nodes = []
    for _info, body in wonders_blocks(LANGUAGE_MD.read_text(encoding="utf-8")):
        tree, _ = parse_text(body, "doc")
        nodes += list(_nodes(tree.items))
    return nodes


def test_every_event_and_measure_has_an_example():
    """Each event of ast.EVENTS starts a trigger, and each measure of ast.MEASURES is
    counted, in some ```wonders example of docs/language.md."""
    nodes = _language_examples_nodes()
    events = {n.event for n in nodes if isinstance(n, ast.Trigger)}
    measures = {n.measure for n in nodes if isinstance(n, ast.Quantity)}
    extremes = {n.extreme for n in nodes if isinstance(n, ast.Quantity)}
    assert [e for e in ast.EVENTS if e not in events] == [], "events without an example"
    assert [m for m in ast.MEASURES if m not in measures] == [], "measures without an example"
    assert [x for x in ast.EXTREMES if x not in extremes] == [], "`most`/`fewest` without an example"


def test_every_scope_operator_comparison_and_limit_has_an_example():
    nodes = _language_examples_nodes()
    parts = {p for n in nodes if isinstance(n, ast.Scope) for p in n.parts}
    operators = {n.op for n in nodes if isinstance(n, ast.BinOp)}
    comparisons = {n.op for n in nodes if isinstance(n, ast.Comparison)}
    limits = {n.limit.text for n in nodes if isinstance(n, ast.Trigger) and n.limit is not None}
    kinds = {type(n) for n in nodes}
    assert parts >= {"own", "left", "right", "neighbour", "all"}
    assert operators >= {"+", "-", "*", "/"}
    assert comparisons >= {">", "<", ">=", "<=", "=", "!="}
    assert limits >= {"turn", "age", "game"}
    assert kinds >= {ast.Negative, ast.PerAmount, ast.GainCoins, ast.LoseCoins, ast.TakeToken,
                     ast.AtTurnEnd, ast.BuildFromDiscard, ast.CopyCard}
    assert any(isinstance(n, ast.Trigger) and n.each_neighbour for n in nodes)
    assert any(isinstance(n, ast.Trigger) and len(n.conditions) > 1 for n in nodes)


def test_reserved_words_are_the_grammars_keywords():
    from interpreter.syntax.parser import lark_parser

    keywords = {t.pattern.value for t in lark_parser().terminals
                if t.pattern.type == "str" and t.pattern.value.isalpha()}
    body = dict(sections(LANGUAGE_MD.read_text(encoding="utf-8")))["Writing text"]
    listed = body.split("### Reserved words", 1)[1]
    (words,) = [text for info, text in fences(listed)[:1] if info == "text"]
    assert sorted(words.split()) == sorted(keywords)


# ---------------------------------------------------------------- docs/cli.md
@pytest.mark.parametrize("name", ["check", "cards"])
def test_cli_md_names_every_option(name):
    from cli import main

    text = CLI_MD.read_text(encoding="utf-8")
    command = main.commands[name]
    assert f"## wonders {name}" in text
    for param in command.params:
        for option in param.opts:
            if option.startswith("-"):
                assert f"`{option}" in text, f"wonders {name} {option}"


# ---------------------------------------------------------------- links between the docs
LINK = re.compile(r"\]\(([^)\s]*)\)")


def _slug(heading: str) -> str:
    """GitHub's anchor for a heading."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


@pytest.mark.parametrize("doc", [p.relative_to(ROOT).as_posix() for p in pages(ROOT)])
def test_links_lead_somewhere(doc):
    page = ROOT / doc
    text = page.read_text(encoding="utf-8")
    for target in LINK.findall(text):
        if target.startswith(("http://", "https://", "mailto:")):
            continue
        path, _, anchor = target.partition("#")
        file = (page.parent / path).resolve() if path else page
        assert file.exists(), f"{doc}: link to {target}"
        if anchor:
            headings = re.findall(r"^#+ (.*)$", file.read_text(encoding="utf-8"), re.M)
            assert anchor in {_slug(h) for h in headings}, f"{doc}: link to {target}"


def test_the_index_lists_every_page_of_the_docs():
    """docs/README.md sorts the pages into guides, reference and development: a new page
    goes into one of them."""
    index = (DOCS / "README.md").read_text(encoding="utf-8")
    listed = set(re.findall(r"^\| \[([\w.-]+\.md)\]\(\1\)", index, re.M))
    assert listed == {p.name for p in DOCS.glob("*.md")} - {"README.md"}


# ---------------------------------------------------------------- refreshing the outputs
def refresh_outputs(path: Path = ERRORS_MD) -> int:
    """Rewrite every `$ wonders ...` output block of docs/errors.md with what it prints."""
    markdown = path.read_text(encoding="utf-8")
    changed = 0
    pieces, last = [], 0
    marks = list(HEADING.finditer(markdown)) + [None]
    for m, nxt in zip(marks, marks[1:]):
        start, end = m.end(), nxt.start() if nxt else len(markdown)
        body = markdown[start:end]
        found = output_block(body)
        if found is None:
            continue
        command, documented = found
        if any(u in command for u in UNREPRODUCIBLE):
            pieces.append(markdown[last:start] + body)
            last = end
            continue
        output = run_wonders(command, example_of(body), example_place(body))
        if output.rstrip("\n") != documented.rstrip("\n"):
            changed += 1
            old = f"$ {command}\n{documented}"
            new = f"$ {command}\n{output.rstrip(chr(10))}\n"
            body = body.replace(old, new, 1)
        pieces.append(markdown[last:start] + body)
        last = end
    pieces.append(markdown[last:])
    path.write_text("".join(pieces), encoding="utf-8")
    return changed


if __name__ == "__main__":
    print(f"{refresh_outputs()} output block(s) refreshed in {ERRORS_MD.relative_to(ROOT)}")
