"""Diagnostics: every problem found in content is data, rendered from the source text.

A diagnostic names a stable code (listed in CODES and explained in docs/errors.md), a
severity, a message and the span it is about, with an optional label under the caret,
a help line and related notes ("first defined here").
"""

from __future__ import annotations

import json
from typing import Iterable, Protocol

import attrs


@attrs.frozen
class Span:
    file: str
    line: int
    column: int
    end_line: int
    end_column: int

    def to_dict(self) -> dict:
        return {"file": self.file, "line": self.line, "column": self.column,
                "end_line": self.end_line, "end_column": self.end_column}


class Spanned(Protocol):
    """A statement of the tree: it knows where it is written."""

    @property
    def span(self) -> Span: ...


@attrs.frozen
class Note:
    message: str
    span: Span | None = None


@attrs.frozen
class Diagnostic:
    code: str
    message: str
    span: Span | None
    severity: str = "error"
    label: str = ""
    help: str | None = None
    notes: tuple[Note, ...] = ()

    @property
    def is_error(self) -> bool:
        return self.severity == "error"

    def to_dict(self) -> dict:
        span = self.span
        data = {
            "code": self.code,
            "severity": self.severity,
            "message": self.message,
            "label": self.label,
            "file": span.file if span else None,
            "line": span.line if span else None,
            "column": span.column if span else None,
            "end": {"line": span.end_line, "column": span.end_column} if span else None,
        }
        if self.help:
            data["help"] = self.help
        if self.notes:
            data["notes"] = [{"message": n.message, **(n.span.to_dict() if n.span else {})}
                             for n in self.notes]
        return data


# The stable codes.  Each has an entry in docs/errors.md with an example and the fix;
# tests/test_docs.py runs every example and checks the code it produces.
CODES = {
    # reading and syntax
    "E0001": "unexpected token",
    "E0002": "unexpected character",
    "E0003": "unterminated string",
    "E0004": "file is not UTF-8 text",
    "E0005": "file too large",
    "E0006": "unexpected end of file",
    "E0007": "cannot read file",
    "E0008": "too deeply nested",
    "E0009": "a range outside `wonders tune`",
    # names
    "E1001": "unknown resource",
    "E1002": "unknown colour",
    "E1003": "unknown science symbol",
    "E1004": "unknown card",
    "E1005": "unknown score category",
    "E1006": "unknown age",
    "E1007": "unknown limit",
    "E1008": "unknown token kind",
    # duplicates
    "E1101": "duplicate definition",
    "E1102": "duplicate statement",
    "E1103": "duplicate vocabulary name",
    "W1104": "vocabulary name is a word of the language",
    # structure
    "E1201": "missing statement",
    "E1202": "chain to a card that is not earlier",
    "E1203": "wonder stage without cost",
    "E1204": "bad player counts",
    "E1205": "points without a category",
    "E1206": "bad number",
    "E1207": "wonder side without stages",
    "E1208": "missing rules",
    "E1209": "repeated choice",
    "E1210": "not allowed here",
    "E1211": "no vocabulary",
    "E1212": "free-build rule that names no card",
    "W1213": "condition that never changes",
    "E1214": "`most` or `fewest` of one city",
    "E1215": "partners without teams",
    "E1216": "shields that follow a changing count",
    "E1217": "`score so far` in a score line",
    "E1218": "a value over cities that no city changes",
    "E1219": "a priced choice that costs nothing",
    # variants
    "E1401": "variant without `changes`",
    "E1402": "variant of other rules",
    "E1403": "two variants change the same thing",
    "E1404": "added twice",
    "E1405": "nothing to change",
    "E1406": "ambiguous card",
    "E1407": "variants that override each other",
    "E1408": "not a variant in a variants folder",
    "W1409": "override of no variant",
    "E1410": "required variant not applied",
    # running
    "E1501": "triggers that never stop",
    "E1502": "trigger that causes itself",
    "W1503": "trigger that never fires",
    # deck arithmetic
    "E1301": "deck size does not fit the player count",
    "E1302": "not enough cards to draw from",
    "W1303": "card never enters a deck",
    "E1304": "fewer wonders than seats",
    # order and removal (docs/language.md, "Stages", "Removing a card")
    "E1801": "stages in any order on a side of one stage",
    "E1802": "a card discarded from several cities",
    "E2030": "this stage outside a wonder stage",
    "E2031": "colours compared by order",
    "E2032": "a card named by its place in several cities",
    "E2033": "a card moved into the zone it comes from",
    # phases (docs/language.md, "Phases")
    "E1701": "unknown zone",
    "E1702": "unknown deck",
    "E1703": "drafting more than dealt",
    "E1704": "dealing at the start of an age",
    "E1705": "deck too small for a phase",
    "E1706": "an incomplete age",
    "E1707": "an age's statements out of place",
    "E1708": "turns or an age's start or end out of the sequence",
    "E1709": "`set age` on an age written as a phase",
    "E1710": "turns from empty hands",
    # laws for the whole table (docs/language.md, "Laws for the whole table")
    "E1901": "a law that cannot be",
    # zones for the table (docs/language.md, "Zones for the table")
    "E2001": "a zone for the table where a city's own is needed",
    # tuning files (`wonders tune`, docs/simulate.md "Tuning a rule")
    "E2050": "target not understood",
    "E2051": "target that cannot be measured",
    "E2052": "range that cannot be tuned",
    # the turns, the card's uses, revealed cards, the rules' laws (docs/language.md)
    "E2040": "a law of the rules on top of a zone",
    "E2041": "more ways of passing than turns",
    "E2042": "a law revealed that is on no card",
    "E2020": "a revealed card that cannot act so",
    "E2043": "two uses of a card of one name",
    # tokens a city gives up: in a price, for a free build (docs/language.md)
    "E2090": "tokens in a card's cost",
    "E2091": "a price of no token",
    # tokens given back, shields gained, token values changed, own cards copied (docs/language.md)
    "E2060": "military tokens given back without saying which",
    "E2061": "shields gained at the end of the game",
    "E2062": "a law on military tokens without saying which",
    "E2063": "a card of one's own city copied before the end",
    # laws over cards, a board's production lost (docs/language.md, "Laws over cards")
    "E2070": "a law over cards that selects no card",
    "E2071": "unlimited production without a fixed production",
    "E2072": "a board's production lost where no board produces",
    # what a card costs under the laws (docs/language.md, "Laws for the whole table")
    "E2080": "chains from a city that is not a neighbour",
    "E2081": "resources paid in coins at no price",
    # translations (locales/LANG.po)
    "E1601": "translation of an unknown name",
    "W1602": "names without a translation",
    "E1603": "unreadable translation file",
    # the accessible notation table (notation/accessible.toml)
    "E1604": "notation key that names nothing",
    "W1605": "names without a mark",
    "E1606": "unusable notation table",
}


def sort_key(d: Diagnostic):
    s = d.span
    return (s.file, s.line, s.column, d.code) if s else ("", 0, 0, d.code)


class SourceCache:
    """Source lines by file, for rendering the line under a diagnostic."""

    def __init__(self, texts: dict[str, str] | None = None):
        self._lines: dict[str, list[str]] = {}
        for name, text in (texts or {}).items():
            self.add(name, text)

    def add(self, name: str, text: str) -> None:
        # split at "\n" only, as the parser counts lines (str.splitlines also splits at \f, \u2028, ...)
        self._lines[name] = [line.rstrip("\r") for line in text.split("\n")]

    def update(self, other: "SourceCache") -> None:
        """Add the files of another cache (a rule set checked beside this one)."""
        self._lines.update(other._lines)

    def line(self, name: str, number: int) -> str | None:
        lines = self._lines.get(name)
        if lines is None or not 1 <= number <= len(lines):
            return None
        return lines[number - 1]


def render_text(diagnostics: Iterable[Diagnostic], sources: SourceCache) -> str:
    return "".join(render_one(d, sources) + "\n" for d in diagnostics)


def render_one(d: Diagnostic, sources: SourceCache) -> str:
    """One diagnostic as text.  Everything taken from files (names in messages, the source
    line, file names) has its control characters escaped: a card named with an escape
    sequence must not drive the terminal (see interpreter/printable.py)."""
    from .plainmode import is_plain
    from .i18n import N_, _
    from .printable import printable
    if is_plain():                              # --plain: no gutter, carets or arrows
        return plain_diagnostic(d, sources)
    severity = {"error": N_("error"), "warning": N_("warning")}.get(d.severity, d.severity)
    note, help_ = _("note"), _("help")
    out = [f"{_(severity)}[{d.code}]: {printable(d.message)}"]
    span = d.span
    if span is not None:
        gutter = " " * len(str(span.line))
        out.append(f"{gutter}--> {printable(span.file)}:{span.line}:{span.column}")
        text = sources.line(span.file, span.line)
        if text is not None:
            text, column = _window(text, span.column)
            text = text.expandtabs(1)
            width = (span.end_column - span.column) if span.end_line == span.line else len(text) - column + 1
            width = max(1, min(width, max(1, len(text) - column + 1)))
            before, marked = text[:column - 1], text[column - 1:column - 1 + width]
            column, width = len(printable(before)) + 1, max(1, len(printable(marked)))
            text = printable(text)
            caret = " " * (column - 1) + "^" * width
            if d.label:
                caret += " " + printable(d.label)
            out += [f"{gutter} |", f"{span.line} | {text}", f"{gutter} | {caret}"]
        for n in d.notes:
            if n.span is not None:
                out.append(f"{gutter} = {note}: " + _("{message} at {place}").format(
                    message=printable(n.message), place=f"{printable(n.span.file)}:{n.span.line}:{n.span.column}"))
            else:
                out.append(f"{gutter} = {note}: {printable(n.message)}")
        if d.help:
            out.append(f"{gutter} = {help_}: {printable(d.help)}")
    else:
        for n in d.notes:
            out.append(f"  = {note}: {printable(n.message)}")
        if d.help:
            out.append(f"  = {help_}: {printable(d.help)}")
    return "\n".join(out) + "\n"


def _window(text: str, column: int, size: int = 160) -> tuple[str, int]:
    """A long line cut to `size` characters around `column`; the column within the cut."""
    if len(text) <= size:
        return text, column
    start = max(0, min(column - 1 - size // 2, len(text) - size))
    cut = text[start:start + size]
    prefix = "... " if start else ""
    suffix = " ..." if start + size < len(text) else ""
    return prefix + cut + suffix, column - start + len(prefix)


def render_json(diagnostics: Iterable[Diagnostic]) -> str:
    items = [d.to_dict() for d in diagnostics]
    errors = sum(1 for d in items if d["severity"] == "error")
    return json.dumps({"diagnostics": items, "errors": errors,
                       "warnings": len(items) - errors}, indent=2) + "\n"


def did_you_mean(word: str, candidates: Iterable[str]) -> str | None:
    import difflib
    pool = list(candidates)
    match = difflib.get_close_matches(word, pool, n=1, cutoff=0.6)
    if not match:
        lowered = {c.lower(): c for c in pool}
        match = difflib.get_close_matches(word.lower(), list(lowered), n=1, cutoff=0.6)
        match = [lowered[m] for m in match]
    return match[0] if match else None


def plain_diagnostic(d, sources) -> str:
    """A diagnostic as sentences a line: what, where (file, line, column and the label),
    the source line, each note and the help; no gutter, arrow or carets."""
    from .i18n import _
    from .printable import printable
    severity = {"error": _("error"), "warning": _("warning")}.get(d.severity, d.severity)
    out = [f"{severity} {d.code}: {printable(d.message)}"]
    span = d.span
    if span is not None:
        label = f": {printable(d.label)}" if d.label else ""
        out.append(_("at {file}, line {line}, column {column}").format(
            file=printable(span.file), line=span.line, column=span.column) + label)
        text = sources.line(span.file, span.line)
        if text is not None and text.strip():
            out.append(_("line {line} reads: {text}").format(line=span.line, text=printable(text.strip())))
    for note in d.notes:
        where = (" " + _("at {file}, line {line}, column {column}").format(
            file=printable(note.span.file), line=note.span.line, column=note.span.column)
            if note.span is not None else "")
        out.append(_("note") + f": {printable(note.message)}{where}")
    if d.help:
        out.append(_("help") + f": {printable(d.help)}")
    return "\n".join(out) + "\n"
