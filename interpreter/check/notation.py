"""Checking a rule set's notation table (notation/accessible.toml, read by
check/notation_table.py): each key must name a resource or science symbol of the rule set, or
a field of its section (E1604, with the key's line and column: a misspelt key would be
silently unused); the table must be TOML that notation.py can use (E1606); and every
resource and science symbol should have a mark (W1605, one warning listing the rest).
tomllib gives no positions, so the keys are found by a scan of the text's lines."""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Sequence
from pathlib import Path

from .notation_table import FIELDS, SECTIONS, TABLE_FILE, NotationError, read_table, table_path
from ..diagnostics import Diagnostic, Span, did_you_mean
from ..i18n import _, ngettext, worded
from ..i18n.reader_reasons import toml_reason
from .model import RuleSet

AT = re.compile(r"\s*\(at line (\d+), column (\d+)\)$")
KEY_PART = re.compile(r'\s*("(?:[^"\\]|\\.)*"|\'[^\']*\'|[A-Za-z0-9_-]+)\s*')


def keyed_sections(ruleset: RuleSet) -> dict[str, tuple[str, tuple[str, ...]]]:
    """The sections keyed on names of the rule set: (what a key names, the names)."""
    v = ruleset.vocabulary
    return {"resources": (_("resource"), tuple(v.resources)), "symbols": (_("science symbol"), tuple(v.symbols))}


def notation_tables(paths: Sequence[str | Path] | None, rules: str | None) -> list[tuple[Path, str]]:
    """(path, name shown) of the notation tables of the content checked: each folder
    given's own, or (none given) the one the shipped rule set's commands use."""
    from ..paths import content_dir
    if paths:
        found = [(Path(raw) / TABLE_FILE, str(Path(raw) / TABLE_FILE)) for raw in paths if Path(raw).is_dir()]
        return [(path, shown) for path, shown in found if path.is_file()]
    path = table_path((), rules)
    if not path.is_file():
        return []
    try:
        return [(path, "content/" + path.relative_to(content_dir()).as_posix())]
    except ValueError:
        return [(path, str(path))]


def _key_path(text: str, start: int) -> tuple[list[tuple[str, int, int]], int]:
    """The parts of a dotted key from `start`: (name, column, length) each, and where it ends."""
    parts: list[tuple[str, int, int]] = []
    at = start
    while True:
        m = KEY_PART.match(text, at)
        if not m:
            return parts, at
        raw = m.group(1)
        try:
            name: str = json.loads(raw) if raw.startswith('"') else raw.strip("'")   # (a JSON string: a str)
        except ValueError:
            name = raw[1:-1]
        parts.append((name, m.start(1) + 1, len(raw)))
        at = m.end()
        if not text.startswith(".", at):
            return parts, at
        at += 1


def key_places(text: str) -> dict[tuple[str, ...], tuple[int, int, int]]:
    """(line, column, length) of each `[section]` header and `key = ` line, by the key's
    full path (quoted and dotted keys read as TOML reads them)."""
    places: dict[tuple[str, ...], tuple[int, int, int]] = {}
    header: tuple[str, ...] = ()
    in_string: str | None = None
    for number, line in enumerate(text.splitlines(), 1):
        if in_string:                                  # inside a multi-line string value
            if in_string in line:
                in_string = None
            continue
        stripped = line.lstrip()
        if not stripped or stripped.startswith("#"):
            continue
        if stripped.startswith("["):
            opening = line.index("[") + (2 if stripped.startswith("[[") else 1)
            parts, _end = _key_path(line, opening)
            header = tuple(p[0] for p in parts)
            if parts:
                places.setdefault(header, (number, parts[0][1], parts[-1][1] + parts[-1][2] - parts[0][1]))
            continue
        parts, end = _key_path(line, 0)
        if not parts or not line.startswith("=", end):
            continue
        places.setdefault(header + tuple(p[0] for p in parts), (number, parts[-1][1], parts[-1][2]))
        for quotes in ('"""', "'''"):
            if line.count(quotes) % 2:
                in_string = quotes
    return places


def check_notation_table(path: Path, shown: str, ruleset: RuleSet) -> tuple[list[Diagnostic], str | None]:
    """(diagnostics, the table's text) of one notation table checked against a rule set."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        reason = (err.strerror or str(err)) if isinstance(err, OSError) else _("it is not UTF-8")
        return [_unusable(reason, Span(shown, 1, 1, 1, 2))], None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        m = AT.search(str(err))
        line, column = (int(m.group(1)), int(m.group(2))) if m else (1, 1)
        reason = _("not valid TOML: {error}").format(error=toml_reason(AT.sub("", str(err)).strip()))
        return [_unusable(reason, Span(shown, line, column, line, column + 1))], text
    places = key_places(text)

    def span(*key: str) -> Span:
        line, column, length = places.get(key) or places.get(key[:1]) or (1, 1, 1)
        return Span(shown, line, column, line, column + length)

    found: list[Diagnostic] = []
    keyed = keyed_sections(ruleset)
    for section, value in data.items():
        if section not in SECTIONS:
            guess = did_you_mean(section, SECTIONS)
            found.append(_unknown(_("unknown section [{section}] of a notation table").format(section=section),
                                  span(section), guess and f"[{guess}]", ", ".join(f"[{s}]" for s in SECTIONS)))
            continue
        if not isinstance(value, dict):
            continue                                   # read_table below names it
        for key in value:
            if section in keyed:
                what, names = keyed[section]
                if key not in names:
                    found.append(_unknown(
                        _("{key!r} is not a {what} of the rule set").format(what=what, key=key),
                        span(section, key), did_you_mean(key, names), ", ".join(names)))
            elif key not in FIELDS[section]:
                found.append(_unknown(_("unknown field {key!r} of [{section}]").format(key=key, section=section),
                                      span(section, key), did_you_mean(key, FIELDS[section]),
                                      ", ".join(FIELDS[section])))
    if not found:                                      # the rest of what makes the table usable
        try:
            read_table(path)
        except NotationError as err:
            reason = worded(err).removeprefix(f"{path}: ")
            m = re.search(r"\b(\w+)\.(\w+) ", reason) or re.search(r"\[(\w+)\]", reason)
            found.append(_unusable(reason, span(*m.groups()) if m else Span(shown, 1, 1, 1, 2)))
    unmarked = [(what, [n for n in names if not isinstance(data.get(section), dict) or n not in data[section]])
                for section, (what, names) in keyed.items()]
    missing = [(what, names) for what, names in unmarked if names]
    if missing:
        count = sum(len(names) for _what, names in missing)
        listed = "; ".join(f"{what}: {', '.join(names)}" for what, names in missing)
        found.append(Diagnostic(
            "W1605", ngettext("{count} name without a mark (written whole): {names}",
                              "{count} names without a mark (written whole): {names}", count).format(
                count=count, names=listed),
            Span(shown, 1, 1, 1, 2), severity="warning",
            help=_("give each a mark of its own in the table (docs/accessibility.md)")))
    return found, text


def _unknown(message: str, span: Span, guess: str | None, choices: str) -> Diagnostic:
    return Diagnostic("E1604", message, span, label=_("names nothing here"),
                      help=_("did you mean {name!r}?").format(name=guess) if guess
                      else _("a key is one of: {names}").format(names=choices))


def _unusable(reason: str, span: Span) -> Diagnostic:
    return Diagnostic("E1606", _("the notation table cannot be used: {reason}").format(reason=reason), span,
                      help=_("a notation table is TOML: [resources], [symbols], [marks], [amounts] and [words] "
                             "(docs/accessibility.md)"))
