"""A tuning file: a variant whose numbers may be ranges (`set trade price 1..3`) and that
states targets (`target sides within 5`), read by `wonders tune` (docs/simulate.md,
"Tuning a rule").

Why text, not the grammar: a range may stand wherever the language takes a whole number,
so the tuner works on the file's text: it finds each range and each `target` line, and
each setting it tries is the file with every range replaced by one number and the targets
left out: an ordinary variant, read and checked like any other.  `wonders check` refuses a
range (E0009) and a `target` line (E0001 with a hint) so a tuning file is never played by
mistake.  Errors here are located diagnostics (E2050 to E2053, docs/errors.md).
"""

from __future__ import annotations

import re

import attrs

from ..diagnostics import Diagnostic, Span
from ..errors import WondersError
from ..i18n import _

RANGE = re.compile(r"(?<![\w.-])(-?\d+)\.\.(-?\d+)(?![\w.])")
KEY_WORDS = 4               # a range is named by its line and the last words before it
TARGET_LINE = re.compile(r"^(\s*)target\b(.*)$")
MOST_VALUES = 1000          # a range wider than this is refused: it is a typo, not a setting

_SIDES = re.compile(r"\s*sides\s+within\s+(\d+(?:\.\d+)?)\s*(?:points?)?\s*(?:of\s+(?:their\s+)?fair\s+share)?\s*$")
_SHARE = re.compile(r"\s*share\s+of\s+([A-Za-z_][\w]*)\s+(under|above)\s+(\d+(?:\.\d+)?)\s*%?\s*$")
_SKILL = re.compile(r"\s*skill\s+(\S+)\s+over\s+(\S+)\s+above\s+(\d+(?:\.\d+)?)\s*(?:points?)?\s*$")
FORMS = ("`target sides within N`", "`target share of CATEGORY under N` (or `above N`)", "`target skill BOT over BOT above N`")


@attrs.frozen
class Range:
    """One number to tune: `low..high` at line `line`, column `column` (from 1)."""
    key: str            # its name in the study and the report: `line 4: set trade price`
    line: int
    column: int
    end: int            # the column after the range
    low: int
    high: int


@attrs.frozen
class Target:
    """One target: `kind` is sides, share or skill; `span` locates the line's words."""
    kind: str
    bound: float                   # points (sides, skill) or percent (share)
    span: Span
    text: str                      # as written, after `target`
    category: str | None = None    # share
    above: bool = False            # share: `above` rather than `under`
    strong: str | None = None      # skill: the player expected to win more ...
    weak: str | None = None        # ... than its fair share among these


@attrs.frozen
class TuneFile:
    path: str
    text: str
    ranges: tuple[Range, ...]
    targets: tuple[Target, ...]

    def setting(self, values: dict[str, int], header: str = "") -> str:
        """The file with each range replaced by its value and each target line made a comment:
        an ordinary variant."""
        by_line: dict[int, list[Range]] = {}
        for r in self.ranges:
            by_line.setdefault(r.line, []).append(r)
        out = [header] if header else []
        for number, line in enumerate(self.text.split("\n"), 1):
            for r in sorted(by_line.get(number, ()), key=lambda r: -r.column):
                line = line[:r.column - 1] + str(values[r.key]) + line[r.end - 1:]
            found = TARGET_LINE.match(line)
            if found and _outside_strings(line, len(found.group(1))):
                line = f"{found.group(1)}# target{found.group(2)}"
            out.append(line)
        return "\n".join(out)


class TuneFileError(WondersError):
    """The tuning file cannot be tuned; `diagnostics` say where and why."""

    def __init__(self, diagnostics: list[Diagnostic]):
        super().__init__(diagnostics[0].message if diagnostics else "")
        self.diagnostics = diagnostics


def read_tune_file(path: str, text: str) -> TuneFile:
    """The ranges and targets of `text` (read from `path`), or TuneFileError."""
    ranges, targets, problems = [], [], []
    for number, line in enumerate(text.split("\n"), 1):
        code = _code_part(line)
        found = TARGET_LINE.match(code)
        if found and not code[:len(found.group(1))].strip():
            start = len(found.group(1)) + len("target") + 1
            target = _target(found.group(2), Span(path, number, start + 1, number, len(code.rstrip()) + 1))
            if isinstance(target, Diagnostic):
                problems.append(target)
            else:
                targets.append(target)
            continue
        for match in RANGE.finditer(code):
            low, high = int(match.group(1)), int(match.group(2))
            span = Span(path, number, match.start() + 1, number, match.end() + 1)
            if low >= high or high - low > MOST_VALUES:
                problems.append(Diagnostic("E2052", _("range {low}..{high} cannot be tuned").format(low=low, high=high),
                                           span, label=_("the first number must be the smaller, and at most {most} "
                                                         "values apart").format(most=MOST_VALUES)))
                continue
            words = " ".join(code[:match.start()].split()[-KEY_WORDS:])
            ranges.append(Range(f"line {number}: {words}" if words else f"line {number}", number, match.start() + 1,
                                match.end() + 1, low, high))
    if not problems and not ranges:
        problems.append(Diagnostic("E2052", _("nothing to tune: the file has no range"), Span(path, 1, 1, 1, 2),
                                   help=_("write a range where a number is tuned, e.g. `set trade price 1..3`")))
    if not problems and not targets:
        problems.append(Diagnostic("E2050", _("the file states no target"), Span(path, 1, 1, 1, 2),
                                   help=_("add a line such as: {forms}").format(forms="; ".join(FORMS))))
    if problems:
        raise TuneFileError(problems)
    return TuneFile(path, text, tuple(ranges), tuple(targets))


def _target(words: str, span: Span) -> Target | Diagnostic:
    text = words.strip()
    if found := _SIDES.match(words):
        return Target("sides", float(found.group(1)), span, text)
    if found := _SHARE.match(words):
        bound = float(found.group(3))
        if bound > 100:
            return Diagnostic("E2050", _("a share is at most 100 %"), span, label=_("{bound} %").format(bound=bound))
        return Target("share", bound, span, text, category=found.group(1), above=found.group(2) == "above")
    if found := _SKILL.match(words):
        return Target("skill", float(found.group(3)), span, text, strong=found.group(1), weak=found.group(2))
    return Diagnostic("E2050", _("target not understood"), span, label=_("not a target `wonders tune` knows"),
                      help=_("a target is one of: {forms}").format(forms="; ".join(FORMS)))


def _code_part(line: str) -> str:
    """The line up to its comment, with the text of quoted names blanked (a range or `target`
    inside a card's name is not one), keeping every column where it was."""
    out, quoted = [], False
    for char in line:
        if char == '"':
            quoted = not quoted
            out.append(char)
        elif quoted:
            out.append(" ")
        elif char == "#":
            break
        else:
            out.append(char)
    return "".join(out)


def _outside_strings(line: str, column: int) -> bool:
    return line[:column].count('"') % 2 == 0 and "#" not in line[:column]
