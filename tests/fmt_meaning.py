"""What a set of content texts means, with every source position left out: the checked
rule set and the diagnostics.  Formatting must never change it."""

from __future__ import annotations

import attrs

from interpreter.check.load import check_files
from interpreter.diagnostics import Span
from interpreter.syntax.parser import parse_text


def without_spans(value):
    """A comparable copy of a value with every Span removed."""
    if isinstance(value, Span):
        return None
    if attrs.has(type(value)):
        return (type(value).__name__,) + tuple((f.name, without_spans(getattr(value, f.name)))
                                               for f in attrs.fields(type(value)) if f.name != "span")
    if isinstance(value, (list, tuple)):
        return tuple(without_spans(v) for v in value)
    if isinstance(value, dict):
        return tuple((k, without_spans(v)) for k, v in value.items())
    if isinstance(value, (set, frozenset)):
        return frozenset(without_spans(v) for v in value)
    return value


def meaning(texts: dict[str, str], complete: bool = True):
    """(rule set, diagnostics) of the texts taken as one content folder, spans removed;
    `complete=False` leaves out the whole-set checks (decks), as for a lone new card."""
    files, problems = [], []
    for name, text in texts.items():
        tree, found = parse_text(text, name)
        assert not found, [d.message for d in found]
        files.append(tree)
    ruleset, diagnostics = check_files(files, complete=complete)
    return without_spans(ruleset), sorted((d.code, d.severity, d.message) for d in diagnostics)
