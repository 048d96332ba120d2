"""A syntax tree as plain JSON data: what `wonders cards --format json` shows of an effect
(views/describe.effect_data) and what a save's content digest is made from
(engine/saves.content_digest), so it lives with the tree, below both."""

from __future__ import annotations

import re

import attrs

from ..diagnostics import Span
from . import ast


def _snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def to_data(value: object) -> object:
    """Syntax-tree objects as plain JSON data: `kind` names the construct, spans dropped."""
    if isinstance(value, ast.Name):
        return value.text
    if isinstance(value, Span):
        return None
    if isinstance(value, tuple):
        return [to_data(v) for v in value]
    if attrs.has(cls := type(value)):
        data: dict[str, object] = {"kind": _snake(cls.__name__)}
        for field in attrs.fields(cls):
            if field.name != "span":
                data[field.name] = to_data(getattr(value, field.name))
        return data
    return value
