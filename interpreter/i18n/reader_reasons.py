"""Why the JSON or TOML reader refused a file, in the chosen language.

Python's `json` and `tomllib` say what they expected in English (`Expecting value`, `Extra
data`, `Invalid value`), and the UTF-8 decoder names its byte in English too; the reasons
are translated here by the reader's own words (the line and column are given beside them
by the caller), and one this list does not know stays the reader's own words."""

from __future__ import annotations

import json

from . import N_, _

_REASONS = (                                   # (the start of the reader's words, ours)
    ("Expecting value", N_("a value is missing (a number, text in double quotes, true, false, null, [ or {)")),
    ("Extra data", N_("more follows the document's end")),
    ("Expecting property name enclosed in double quotes", N_("a field's name must stand in double quotes")),
    ("Expecting ':' delimiter", N_("a field's name must be followed by ':'")),
    ("Expecting ',' delimiter", N_("',' is missing between two values")),
    ("Unterminated string starting at", N_("the text that starts here has no closing double quote")),
    ("Invalid control character",
     N_("the text holds a control character (a tab or a line break): write it as an escape")),
    ("Invalid \\uXXXX escape",
     N_("the text holds a broken escape of a character by its number (u and four hexadecimal digits)")),
    ("Invalid \\escape", N_("the text holds an unknown escape after a backslash")),
    ("Illegal trailing comma", N_("a ',' stands before the end of a list or an object")),
)


def json_reason(err: json.JSONDecodeError | UnicodeDecodeError) -> str:
    """Why `err` happened, in words the reader reads (without its line and column)."""
    if isinstance(err, UnicodeDecodeError):
        return _("byte {byte} at position {position} is not UTF-8 (save the file as UTF-8)").format(
            byte=f"0x{err.object[err.start]:02x}", position=err.start)
    for start, ours in _REASONS:
        if err.msg.startswith(start):
            return _(ours)
    return err.msg


_TOML_REASONS = (
    ("Invalid value", N_("a value is missing or is not one (text in double quotes, a number, true, false, a "
                         "list or a table)")),
    ("Invalid statement", N_("a line is neither a key = value pair nor a [section]")),
    ("Expected '=' after a key", N_("a key must be followed by '='")),
    ("Expected ']' at the end of a table declaration", N_("a [section] has no closing ']'")),
    ("Expected ']]' at the end of an array declaration", N_("a [[section]] has no closing ']]'")),
    ("Invalid initial character for a key part", N_("a key starts with a character keys cannot start with")),
    ("Unterminated string", N_("the text that starts here has no closing quote")),
    ("Unclosed array", N_("a list has no closing ']'")),
    ("Unclosed inline table", N_("an inline table has no closing '}'")),
    ("Cannot declare", N_("a section is declared twice")),
    ("Cannot overwrite a value", N_("a key is given twice")),
    ("Duplicate inline table key", N_("a key is given twice in an inline table")),
    ("Illegal character", N_("the text holds a character TOML does not allow there")),
    ("Found invalid character", N_("the text holds a character TOML does not allow there")),
    ("Expected newline or end of document", N_("something follows a value on its line")),
)


def toml_reason(message: str) -> str:
    """Why `tomllib` refused a text (its message without the line and column), in words
    the reader reads."""
    for start, ours in _TOML_REASONS:
        if message.startswith(start):
            return _(ours)
    return message
