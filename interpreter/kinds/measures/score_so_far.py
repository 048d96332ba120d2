"""`score so far`: the city's total if the game were scored now (engine/scoring.py's score
pad, lent by the engine), counted in each city of the scope with its own neighbours.  A
score line cannot count it: scoring would count itself (E1217)."""

from __future__ import annotations

from typing import Any, Callable

from ..measure_base import Checks, Engine, Measure, MeasureKind, Printer, Words


class ScoreSoFarKind(MeasureKind):
    name = Measure.SCORE_SO_FAR
    rule = "score_so_far"                 # its grammar rule, built by syntax/builder/expressions.py
    counted_in = "each where"
    reads = "game"                      # not weighed: a move's worth is the score pad itself
    scored = False

    def check(self, q: Any, c: Checks) -> bool:
        return True                     # in a score line: refused from `scored`

    def value(self, q: Any, e: Engine) -> Callable[[Any], int]:
        return e.each_where(q, e.score_so_far)

    def written(self, q: Any, p: Printer, one: bool) -> str:
        return p.scoped("score so far", q.scope)

    def words_en(self, q: Any, w: Words, singular: bool) -> str:
        return w.counted_text(q, "point of the score so far" if singular else "the score so far", bare=True)

    def words_nl(self, q: Any, w: Words, singular: bool) -> str:
        text = "punt van de score tot nu toe" if singular else "de score tot nu toe"
        return w.counted_text(q, text, text, bare=True)

    def icons(self, q: Any, kit: Any, vocabulary: Any, title: str) -> list[Any]:
        return [kit.icons.chip(title)]


KIND = ScoreSoFarKind()
