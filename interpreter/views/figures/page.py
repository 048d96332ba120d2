"""The page every HTML report is (`simulate`, `compare`, their `--skill` forms): one
self-contained file, plotly.js, the styles and the table sorter inline, nothing fetched; a
chart's place on it, the sortable tables, and the warning it opens with when games failed.

Every value from records, content and options is untrusted (a records file given to
`--resume` can hold anything): `escaped` escapes it for the page, and `chart_label` for
Plotly, which draws its own pseudo-HTML in names, ticks and hover text; Plotly's JSON
escapes `<`, so nothing can close the script element that carries it.  Apart from the
reports' sections (report.py, report_skill.py) so that each report writes only what it
shows, and the escaping is written once for all of them.
"""

from __future__ import annotations

import html

from ...i18n import _, decimal_sign, language


STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 1100px; color: #222; }
h1 { font-size: 1.6em; } h2 { margin-top: 2em; border-bottom: 1px solid #ddd; }
.facts { background: #f5f5f5; padding: .8em 1.2em; border-radius: 6px; }
table.sortable { border-collapse: collapse; font-size: .9em; width: 100%; }
table.sortable th { cursor: pointer; background: #eee; position: sticky; top: 0; }
table.sortable th, table.sortable td { padding: .3em .6em; border-bottom: 1px solid #e5e5e5; text-align: right; }
table.sortable td:first-child, table.sortable th:first-child { text-align: left; }
table.sortable th.asc::after { content: " \\25B2"; } table.sortable th.desc::after { content: " \\25BC"; }
.verdict li { margin: .3em 0; } .significant { font-weight: bold; }
.failed { background: #fde8e8; border: 2px solid #b42318; padding: .8em 1.2em; border-radius: 6px; }
"""


# Click a header to sort by that column (numbers by value; again to reverse).
SORTER = """
document.querySelectorAll('table.sortable').forEach(function (table) {
  table.querySelectorAll('th').forEach(function (th, column) {
    th.addEventListener('click', function () {
      var body = table.tBodies[0], rows = Array.from(body.rows);
      var ascending = !th.classList.contains('asc');
      table.querySelectorAll('th').forEach(function (h) { h.classList.remove('asc', 'desc'); });
      th.classList.add(ascending ? 'asc' : 'desc');
      rows.sort(function (a, b) {
        var x = a.cells[column].dataset.value, y = b.cells[column].dataset.value;
        var nx = parseFloat(x), ny = parseFloat(y);
        var order = (!isNaN(nx) && !isNaN(ny)) ? nx - ny : x.localeCompare(y);
        return ascending ? order : -order;
      });
      rows.forEach(function (row) { body.appendChild(row); });
    });
  });
});
"""


def escaped(value) -> str:
    """Any value as HTML text (quotes too, so it is safe inside an attribute)."""
    return html.escape(str(value), quote=True)


def element(tag: str, text) -> str:
    """A heading or paragraph of text (escaped)."""
    return f"<{tag}>{escaped(text)}</{tag}>"


def chart_label(value) -> str:
    """A name as Plotly shows it: its markup (`<b>`, `<a href>`, entities) escaped, so the
    chart shows the name as written and never a link or a tag."""
    return html.escape(str(value), quote=False)


def load_plotly():
    """Plotly's figures and its script, or a RuntimeError naming the install that brings them
    (Plotly is an optional dependency: `wonders[sim]`)."""
    try:
        import plotly.graph_objects as go
        from plotly.offline import get_plotlyjs
    except ImportError:
        raise RuntimeError("the HTML report needs Plotly: pip install 'wonders[sim]'") from None
    return go, get_plotlyjs


def chart_div(figure, name: str) -> str:
    """A chart as it stands on the page: every report's figures share one look and size."""
    figure.update_layout(template="plotly_white", margin={"l": 60, "r": 20, "t": 50, "b": 60}, height=420,
                         separators=decimal_sign(grouping=True))              # the axes' numbers: Dutch 12,5%
    return figure.to_html(full_html=False, include_plotlyjs=False, div_id=name,
                          config={"displaylogo": False, "responsive": True})


def page(title: str, body: list[str]) -> str:
    """The whole page: its language, styles, plotly.js and the table sorter around `body`."""
    _go, get_plotlyjs = load_plotly()
    return (f"<!DOCTYPE html>\n<html lang=\"{language()}\"><head><meta charset=\"utf-8\">"
            f"<title>{escaped(title)}</title>"
            f"<style>{STYLE}</style><script>{get_plotlyjs()}</script></head>\n<body>\n"
            + "\n".join(body) + f"\n<script>{SORTER}</script>\n</body></html>\n")


def sortable_table(headers: list[str], rows: list[list[tuple[str, object]]], name: str) -> str:
    """A sortable table; each cell is (text shown, value sorted by)."""
    head = "".join(f"<th>{escaped(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td data-value=\"{escaped(v)}\">{escaped(t)}</td>"
                                    for t, v in row) + "</tr>" for row in rows)
    return f"<table class=\"sortable\" id=\"{name}\"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def failures(failed: list[dict], finished: int) -> str:
    """The warning a report opens with when games failed: its figures leave them out."""
    if not failed:
        return ""
    game = _("game {game} (seed {seed})")
    rows = "".join(f"<li>{escaped(game.format(game=g.get('game'), seed=g.get('seed')))}: "
                   f"{escaped(g.get('error'))}<br>replay: <code>{escaped(g.get('replay'))}</code></li>"
                   for g in failed[:20])
    more = f"<li>... and {len(failed) - 20} more</li>" if len(failed) > 20 else ""
    warning = _("{failed} game(s) failed and are left out: the figures below come from the {finished} that "
                "finished, a biased sample.").format(failed=len(failed), finished=finished)
    return f"<div class=\"failed\" role=\"alert\"><p><strong>{escaped(warning)}</strong></p><ul>{rows}{more}</ul></div>"
