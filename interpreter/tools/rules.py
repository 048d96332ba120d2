"""`wonders rules`: the effective rules as text, and what variants change (a diff)."""

from __future__ import annotations

import difflib

from ..check.model import RuleSet
from ..syntax import ast
from ..printable import printable
from ..syntax.formatter import layout_text as print_items


def rules_text(ruleset: RuleSet, full: bool) -> str:
    items = ruleset.items if full else [i for i in ruleset.items if isinstance(i, ast.Rules)]
    return printable(print_items(items), keep_newlines=True)


def diff_text(base: RuleSet, changed: RuleSet, variants: list[str]) -> str:
    before = print_items(base.items).splitlines(keepends=True)
    after = print_items(changed.items).splitlines(keepends=True)
    label = "with " + ", ".join(variants) if variants else "the same content"
    lines = list(difflib.unified_diff(before, after, "base", label, n=4))
    return printable("".join(lines), keep_newlines=True) if lines else "The variants change nothing.\n"
