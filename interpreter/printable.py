"""Text from files shown on a terminal: control characters escaped.

Names come from content, tables, logs and saves that someone else may have written; an
escape sequence in a card's name (ESC, BEL, the C1 codes, a carriage return) could move
the cursor, retitle the window or hide text when printed raw.  Every name shown goes
through `printable`, which writes such characters as `\\x1b`, `\\u009b`, and so on.
"""

from __future__ import annotations

import re

# C0 (except tab and newline, which layout handles), DEL, C1, and the Unicode line and
# paragraph separators and bidirectional overrides that reorder what a terminal shows.
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
_ANY_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def _escape(match: re.Match) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text, keep_newlines: bool = False) -> str:
    """`text` with control characters escaped (tabs and newlines too, unless kept)."""
    text = str(text)
    return (_CONTROL if keep_newlines else _ANY_CONTROL).sub(_escape, text)
