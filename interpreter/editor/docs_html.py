"""Build the docs as HTML: README.md, CHANGELOG.md, docs/*.md and the lab's pages (lab/*.md,
which the docs link to for their measurements), code blocks highlighted with Pygments
(```wonders blocks with the Wonders lexer), links between the pages kept working.  A folder's
README.md is its index.html.

    python -m interpreter.editor.docs_html --out build/docs   # from a checkout

Needs the `docs` extra (markdown-it-py).  Each page is self-contained: the highlighting
style is inlined, images are referenced relative to the page as in the markdown.
"""

from __future__ import annotations

import argparse
import html
import re
import sys
from pathlib import Path

from pygments import highlight
from pygments.formatters import HtmlFormatter
from pygments.lexers import get_lexer_by_name
from pygments.util import ClassNotFound

from ..atomic import write_atomic
from .lexer import WondersLexer

STYLE = "default"
PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{title}</title>
<style>
body {{ font: 16px/1.5 system-ui, sans-serif; max-width: 52em; margin: 2em auto; padding: 0 1em; color: #222; }}
pre {{ padding: .7em 1em; overflow-x: auto; border-radius: 4px; background: #f6f8fa; }}
code {{ font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 90%; }}
table {{ border-collapse: collapse; }} td, th {{ border: 1px solid #ccc; padding: .2em .5em; }}
img {{ max-width: 100%; }}
{pygments_css}
</style></head>
<body>
{body}
</body></html>
"""


def highlight_code(code: str, language: str) -> str:
    """HTML for one code block: `wonders` with the Wonders lexer, other languages Pygments
    knows with theirs, anything else escaped as it is."""
    name = language.split()[0] if language.strip() else ""
    if name == "wonders":
        lexer = WondersLexer()
    else:
        try:
            lexer = get_lexer_by_name(name) if name else None
        except ClassNotFound:
            lexer = None
    body = html.escape(code) if lexer is None else highlight(code, lexer, HtmlFormatter(nowrap=True))
    return f'<pre class="highlight language-{html.escape(name) or "none"}"><code>{body}</code></pre>\n'


def _slug(title: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces to dashes."""
    text = re.sub(r"<[^>]+>", "", html.unescape(title)).strip().lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def _heading_ids(body: str) -> str:
    return re.sub(r"<h([1-6])>(.*?)</h\1>", lambda m: f'<h{m.group(1)} id="{_slug(m.group(2))}">{m.group(2)}</h{m.group(1)}>',
                  body)


def _html_link(match) -> str:
    """A link to a markdown page, made a link to its HTML page (README is the index)."""
    page = re.sub(r"(^|/)README$", r"\1index", match.group(1))
    return f'href="{page}.html{match.group(2) or ""}"'


def markdown_to_html(text: str, title: str) -> str:
    from markdown_it import MarkdownIt
    md = MarkdownIt("commonmark", {"html": False, "highlight": lambda code, lang, _attrs: highlight_code(code, lang)})
    md.enable("table")
    body = md.render(text)
    body = _heading_ids(re.sub(r'href="([^":#]+)\.md(#[^"]*)?"', _html_link, body))
    css = HtmlFormatter(style=STYLE).get_style_defs(".highlight")
    return PAGE.format(title=html.escape(title), pygments_css=css, body=body)


def pages(root: Path) -> list[Path]:
    """The markdown pages of a checkout that link to each other: the README, the changelog,
    the docs and the lab's pages (those present)."""
    found = [root / "README.md", root / "CHANGELOG.md"]
    found += sorted((root / "docs").glob("*.md")) + sorted((root / "lab").glob("*.md"))
    return [page for page in found if page.is_file()]


def build(root: Path, out: Path) -> list[Path]:
    """Render `pages(root)` into `out`, each at its place (a README as its folder's
    index.html); returns the pages written."""
    written = []
    for source in pages(root):
        relative = source.relative_to(root).with_suffix(".html")
        target = out / (relative.with_name("index.html") if relative.name == "README.html" else relative)
        target.parent.mkdir(parents=True, exist_ok=True)
        text = source.read_text(encoding="utf-8")
        heading = re.search(r"^# (.+)$", text, re.M)
        write_atomic(target, markdown_to_html(text, heading.group(1) if heading else source.stem))
        written.append(target)
    return written


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m interpreter.editor.docs_html", description=__doc__.split("\n")[0])
    parser.add_argument("--root", type=Path, default=Path("."), help="the repository (default: here)")
    parser.add_argument("--out", type=Path, required=True, help="folder for the HTML pages")
    args = parser.parse_args(argv)
    if not (args.root / "README.md").is_file() or not (args.root / "docs").is_dir():
        parser.error(f"{args.root}: not a checkout of wonders (README.md and docs/ are missing)")
    if args.out.exists() and not args.out.is_dir():
        parser.error(f"--out: {args.out} exists and is not a folder")
    try:
        written = build(args.root, args.out)
    except OSError as err:
        print(f"error: {err.filename}: {err.strerror}", file=sys.stderr)
        return 1
    print(f"{len(written)} page(s) written to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
