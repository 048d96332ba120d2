"""`cards in "Z"`: the city's cards in zone Z (engine/placed.py, lent by the engine); the
zone is checked with the others by check/phases.py (`names` "zone")."""

from __future__ import annotations

from typing import Any, Callable

from ..measure_base import Checks, Engine, Measure, MeasureKind, Printer, Words


class ZoneCardsKind(MeasureKind):
    name = Measure.ZONE_CARDS
    counted_in = "each where"
    reads = "game"                      # not weighed by what a move changes
    names = "zone"

    def check(self, q: Any, c: Checks) -> bool:
        return True                     # the zone: check/phases.py `check_zone_actions`

    def value(self, q: Any, e: Engine) -> Callable[[Any], int]:
        zone = q.kind.text
        return e.each_where(q, lambda where: e.zone_count(where.city, zone))

    def written(self, q: Any, p: Printer, one: bool) -> str:
        return p.scoped(f'{"card" if one else "cards"} in "{q.kind.text}"', q.scope)

    def words_en(self, q: Any, w: Words, singular: bool) -> str:
        if q.scope is None:
            return f'card{"" if singular else "s"} of the city in "{q.kind.text}"'
        return w.counted_text(q, f'card{"" if singular else "s"} in "{q.kind.text}"')

    def words_nl(self, q: Any, w: Words, singular: bool) -> str:
        if q.scope is None:
            return f'kaart{"" if singular else "en"} van de stad in "{q.kind.text}"'
        text = f'kaart{"" if singular else "en"} in "{q.kind.text}"'
        return w.counted_text(q, text, text)

    def icons(self, q: Any, kit: Any, vocabulary: Any, title: str) -> list[Any]:
        return [kit.icons.chip(title)]


KIND = ZoneCardsKind()
