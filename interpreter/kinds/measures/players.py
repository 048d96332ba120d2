"""`players`: how many play (3 where a city is looked at without its table)."""

from __future__ import annotations

from typing import Any, Callable

from ..measure_base import Checks, Engine, Measure, MeasureKind, Printer, Words


class PlayersKind(MeasureKind):
    name = Measure.PLAYERS
    counted_in = "game"
    reads = "game"
    alone = False

    def check(self, q: Any, c: Checks) -> bool:
        return True                     # written without a scope

    def value(self, q: Any, e: Engine) -> Callable[[Any], int]:
        return lambda where: len(where.everyone) if where.everyone else 3

    def written(self, q: Any, p: Printer, one: bool) -> str:
        return p.scoped("players", q.scope)

    def words_en(self, q: Any, w: Words, singular: bool) -> str:
        return "the number of players"

    def words_nl(self, q: Any, w: Words, singular: bool) -> str:
        return "het aantal spelers"

    def icons(self, q: Any, kit: Any, vocabulary: Any, title: str) -> list[Any]:
        return [kit.icons.chip(title)]


KIND = PlayersKind()
