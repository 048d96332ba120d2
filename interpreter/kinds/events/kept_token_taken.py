"""`on KIND token taken`: a city takes tokens of a kind the rules declare (`tokens: KIND`),
a family of events, one a kind (its words `ship token taken`; the military tokens' own are
`victory token taken` and `defeat token taken`).  Its grammar rule is `kept_taken`
(syntax/builder/triggers.py); the bots weigh a token of the kind by the triggers on it."""

from __future__ import annotations

from typing import Any

from ..event_base import Checks, EventKind
from ...i18n import _
from ...syntax.ast_base import KEPT_TAKEN, Name


class KeptTokenTakenKind(EventKind):
    name = KEPT_TAKEN
    family = True
    fired_by = "kept"               # when tokens of the kind are taken (engine/triggers.py `take_kept_tokens`)
    bots = "kept"                   # a token's worth: the triggers on its taking (bots/offers.py)

    def check(self, event: str, span: Any, c: Checks) -> bool:
        return c.token_kind(Name(text=self.word(event), span=span))

    def written(self, event: str) -> str:
        return event

    def words_en(self, event: str, w: Any) -> str:
        return f"on {event}"

    def words_nl(self, event: str, w: Any) -> str:
        return f"telkens als de stad {self.word(event)}-fiches krijgt"

    def chip(self, event: str, kit: Any) -> str:
        return _("{kind} token taken").format(kind=self.word(event))


KIND = KeptTokenTakenKind()
