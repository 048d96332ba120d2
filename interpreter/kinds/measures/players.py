"""`players`: how many play (3 where a city is looked at without its table)."""

from __future__ import annotations

from ..measure_base import Measure, MeasureKind


class PlayersKind(MeasureKind):
    name = Measure.PLAYERS
    counted_in = "game"
    reads = "game"
    alone = False

    def check(self, q, c) -> bool:
        return True                     # written without a scope

    def value(self, q, e):
        return lambda where: len(where.everyone) if where.everyone else 3

    def written(self, q, p, one: bool) -> str:
        return p.scoped("players", q.scope)

    def words_en(self, q, w, singular: bool) -> str:
        return "the number of players"

    def words_nl(self, q, w, singular: bool) -> str:
        return "het aantal spelers"

    def icons(self, q, kit, vocabulary, title: str) -> list:
        return [kit.icons.chip(title)]


KIND = PlayersKind()
