"""The plain mode for screen readers (`--plain`, or the environment's WONDERS_PLAIN=1): one
fact a line, no tables, no rules of dashes, no colour, no progress bars redrawn in place.

It is a presentation setting of the whole run, like NO_COLOR: the option sets it once and
every table the run prints (views/table.render_table), every diagnostic
(diagnostics.render_one) and every progress display asks it. A setting, not a view: the
core and the players ask it too, so it lives in the base (views/access/plain.py writes
the plain tables).
"""

from __future__ import annotations

import os

_plain = False


def set_plain(on: bool) -> None:
    global _plain
    _plain = bool(on) or os.environ.get("WONDERS_PLAIN", "") not in ("", "0")


def is_plain() -> bool:
    return _plain
