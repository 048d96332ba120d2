"""The Pygments lexer follows the grammar: every word of grammar/wonders.lark is a keyword
to it, all shipped content lexes without an Error token, text the grammar cannot hold
does give one, `pygmentize -l wonders` finds it through the entry point, and the docs
build renders every ```wonders block with it."""

from __future__ import annotations

import re
import subprocess
import sys
from importlib.metadata import entry_points

import pytest
from pygments.token import Error, Keyword, Name, String

from conftest import ROOT
from interpreter.editor.grammar_words import grammar_words
from interpreter.editor.lexer import WondersLexer

CONTENT_FILES = sorted((ROOT / "content").rglob("*.wonders"))
GRAMMAR_WORDS = sorted(set(re.findall(r'"([a-z]+)"', re.sub(r"//[^\n]*", "", (ROOT / "grammar" / "wonders.lark")
                                                                  .read_text(encoding="utf-8")))))


def tokens(text: str):
    return list(WondersLexer().get_tokens(text))


def test_shipped_content_is_found():
    assert len(CONTENT_FILES) >= 10
    assert any(p.parent.name == "variants" for p in CONTENT_FILES)


@pytest.mark.parametrize("path", CONTENT_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_shipped_content_has_no_error_tokens(path):
    text = path.read_text(encoding="utf-8")
    found = tokens(text)
    errors = [(value, text[:sum(len(v) for _, v in found[:i])].count("\n") + 1)
              for i, (kind, value) in enumerate(found) if kind in Error]
    assert errors == [], f"{path.name}: Error tokens (text, line): {errors[:10]}"
    assert "".join(v for _, v in found) == text + ("" if text.endswith("\n") else "\n")


def test_every_word_of_the_grammar_is_a_keyword():
    assert len(GRAMMAR_WORDS) > 100
    assert set(GRAMMAR_WORDS) == set(grammar_words().keywords)
    for word in GRAMMAR_WORDS:
        (kind, value), *_ = tokens(word)
        assert kind in Keyword and value == word, (word, kind)


def test_words_by_role():
    g = grammar_words()
    assert {"card", "wonder", "rules", "variant", "resources"} <= g.declarations
    assert {"produces", "points", "cost", "copies", "on", "gain", "score"} <= g.statements
    assert {"per", "of", "with", "neighbour"} <= g.others
    assert {"{", "}", "(", ")", ":", ",", ";"} == set(g.punctuation)
    assert {">=", "<=", "!=", ">", "<", "=", "+", "-", "*", "/"} == set(g.operators)


def test_names_strings_and_keyword_prefixes():
    found = [(k, v) for k, v in tokens('card "Baths" { cardsx wood_2 free with "Tree Farm" or "Mine" }')
             if v.strip()]
    assert found[0] == (Keyword.Declaration, "card")
    assert found[1] == (Name.Class, '"Baths"')
    assert (Name, "cardsx") in found and (Name, "wood_2") in found      # a name that starts like a keyword
    assert (Name.Class, '"Mine"') in found
    assert [k for k, v in tokens('"a string"') if v.strip()] == [String.Double]


def test_declaration_words_declare_only_where_an_item_starts():
    text = 'resources raw: wood\ncard "A" {\n    score x: 1 per wonder stage\n}\nvariant "V" { add card "B" {} }\n'
    found = [(k, v) for k, v in tokens(text) if v.strip()]
    assert (Keyword.Declaration, "resources") in found
    declared = [v for k, v in found if k is Keyword.Declaration]
    assert declared == ["resources", "card", "variant", "card"]          # `card "B"` names a card
    assert (Keyword.Pseudo, "wonder") in found                             # `per wonder stage`


@pytest.mark.parametrize("text", ["card 'Baths' {}", "card \"Baths {}", "points 3 @", "cost 2 vért", "x.y"])
def test_text_the_grammar_cannot_hold_gives_an_error_token(text):
    assert any(kind in Error for kind, _ in tokens(text)), text


def test_the_entry_point_names_the_lexer():
    found = [e for e in entry_points(group="pygments.lexers") if e.name == "wonders"]
    assert found, "the pygments.lexers entry point is missing: pip install -e . (or .) first"
    assert found[0].load() is WondersLexer or found[0].load().__name__ == "WondersLexer"


@pytest.mark.slow
def test_pygmentize_highlights_a_content_file():
    path = ROOT / "content" / "age1.wonders"
    result = subprocess.run([sys.executable, "-m", "pygments", "-l", "wonders", "-f", "html", str(path)],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert '<span class="kd">card</span>' in result.stdout and 'class="err"' not in result.stdout
    guessed = subprocess.run([sys.executable, "-m", "pygments", "-N", str(path)],
                             capture_output=True, text=True, timeout=60)
    assert guessed.stdout.strip() == "wonders"


# ---------------------------------------------------------------- the docs, rendered
@pytest.mark.slow
def test_docs_build_highlights_every_wonders_block(tmp_path):
    from interpreter.editor.docs_html import main
    from interpreter.syntax.parser import parse_text
    assert main(["--root", str(ROOT), "--out", str(tmp_path)]) == 0
    pages = {p.relative_to(tmp_path).as_posix(): p.read_text(encoding="utf-8") for p in tmp_path.rglob("*.html")}
    assert "index.html" in pages and "docs/language.html" in pages
    # every page a reader follows links to: the docs (their index, docs/README.md, is
    # docs/index.html), the top-level changelog and the lab's pages
    assert {"docs/index.html", "CHANGELOG.html", "lab/index.html", "lab/adaptive.html"} <= set(pages)
    for markdown in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        page = markdown.relative_to(ROOT).with_suffix(".html").as_posix().replace("README.html", "index.html")
        blocks = re.findall(r"^```wonders[^\n]*\n(.*?)^```", markdown.read_text(encoding="utf-8"), re.M | re.S)
        rendered = re.findall(r'<pre class="highlight language-wonders"><code>(.*?)</code></pre>', pages[page], re.S)
        assert len(rendered) == len(blocks), page
        for block, html in zip(blocks, rendered):
            assert '<span class="k' in html or not block.strip() or block.lstrip().startswith("#")
            # The lexer flags exactly what the parser calls a bad character or string.
            lexical = {d.code for d in parse_text(block, "block")[1]} & {"E0002", "E0003", "E0009"}  # E0009: a `..` the lexer knows not
            assert ('class="err"' in html) == bool(lexical), (page, block)
    for page, text in pages.items():
        for target in re.findall(r'href="([^"#:]+\.html)', text):
            assert (tmp_path / page).parent.joinpath(target).resolve().is_file(), (page, target)


def test_docs_build_refuses_a_folder_that_is_not_a_checkout(tmp_path, capsys):
    from interpreter.editor.docs_html import main
    with pytest.raises(SystemExit) as stop:
        main(["--root", str(tmp_path), "--out", str(tmp_path / "out")])
    assert stop.value.code == 2
    assert "not a checkout of wonders" in capsys.readouterr().err


@pytest.mark.slow
def test_highlighted_content_in_a_browser(tmp_path):
    """A content file as `pygmentize -f html -O full` shows it, and the docs built with the
    lexer: keywords, names and comments are drawn in colours of their own."""
    from pygments import highlight
    from pygments.formatters import HtmlFormatter

    from browser import chromium, new_page, screenshot_path
    from interpreter.editor.docs_html import main
    page_file = tmp_path / "age3.html"
    source = (ROOT / "content" / "age3.wonders").read_text(encoding="utf-8")
    page_file.write_text(highlight(source, WondersLexer(), HtmlFormatter(full=True, title="content/age3.wonders",
                                                                         linenos="table")), encoding="utf-8")
    assert main(["--root", str(ROOT), "--out", str(tmp_path / "docs-html")]) == 0
    with chromium() as browser:
        page = new_page(browser, viewport={"width": 900, "height": 640})
        page.goto(page_file.as_uri())
        colours = page.evaluate("() => ['kd', 'k', 'nc', 'c1', 'n'].map(c => "
                                "getComputedStyle(document.querySelector('.' + c)).color)")
        assert len(set(colours)) >= 4, colours          # declarations, keywords, names, comments differ
        page.screenshot(path=str(screenshot_path("highlight.png", tmp_path)))
        page.goto((tmp_path / "docs-html" / "docs" / "language.html").as_uri())
        block = page.locator("pre.language-wonders", has_text="free with").first
        assert block.locator("span.kd").count() >= 1 and block.locator("span.err").count() == 0
        block.screenshot(path=str(screenshot_path("docs-highlight.png", tmp_path)))
