"""The log of a search copy (Game.clone without its log): the steps that write the log
test for it and skip the work of the entries."""

from __future__ import annotations

from typing import Any


class NoLog(list[dict[str, Any]]):
    """The log of a search copy: entries are dropped (search never reads them)."""

    def append(self, entry: dict[str, Any]) -> None:
        pass
