"""`on COLOUR card built`: a city builds a card of that colour, a family of events, one a
colour the rules declare (its words `blue card built`).  Its grammar rule is
`color_card_built` (syntax/builder/triggers.py); an action that builds fires the event of
the colour it builds, so the cycles of triggers follow the family as one event."""

from __future__ import annotations

from typing import Any

from ..event_base import Checks, EventKind
from ...i18n import _
from ...syntax.ast_base import COLOR_BUILT, Name


class ColourCardBuiltKind(EventKind):
    name = COLOR_BUILT
    family = True
    fired_by = "colour"             # when a building of the colour is built (engine/flow/resolve.py `built`)

    def check(self, event: str, span: Any, c: Checks) -> bool:
        return c.colour(Name(text=self.word(event), span=span))

    def followed(self, event: str) -> str:
        return self.name            # a building of any colour is one event

    def written(self, event: str) -> str:
        return event

    def words_en(self, event: str, w: Any) -> str:
        return f"on {event}"

    def words_nl(self, event: str, w: Any) -> str:
        return f"telkens als een {w.names().color(self.word(event))} gebouw gebouwd wordt"

    def chip(self, event: str, kit: Any) -> str:
        return _("{color} card built").format(color=kit.names().color(self.word(event)))


KIND = ColourCardBuiltKind()
