"""Which variant change touched what.  A check that finds a fault in a base file (a chain
to a card no longer there, an age's deck that no longer deals its hands) asks here which
change of a variant is behind it, so the diagnostic names the change the designer wrote,
by file, line and column, and its help says what to do in the variant (issue 21, item 2).

The keys a change touches, and the checks that ask about them:
  ("card", name)   a card removed, added, replaced or modified (chains, E1004, E1202)
  ("deck", age)    the cards of an age or its rules (E1301, E1302, W1303)
  ("players",)     the player counts (every deck, the boards)
  ("wonders",)     a wonder added or removed (E1304)
  ("wonder", name) a wonder's board changed
  ("categories",)  the score pad (E1005)
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from ..diagnostics import Note, Span
from ..i18n import _

MAX_NOTES = 4
Key = tuple[str | int, ...]      # ("card", name), ("deck", age), ("players",) ...: above


@attrs.frozen
class Cause:
    variant: str
    does: str                  # what the change does, as words: 'removes the card "X"'
    span: Span


class Provenance:
    """The changes applied, by the keys they touch (see the module docstring)."""

    def __init__(self) -> None:
        self._by_key: dict[Key, list[Cause]] = {}

    def record(self, keys: Iterable[Key], variant: str, does: str, span: Span) -> None:
        cause = Cause(variant, does, span)
        for key in dict.fromkeys(keys):
            self._by_key.setdefault(key, []).append(cause)

    def causes(self, *keys: Key) -> list[Cause]:
        """The changes that touched any of the keys, in the order they are written."""
        found = [c for key in keys for c in self._by_key.get(key, ())]
        return sorted(dict.fromkeys(found), key=lambda c: (c.span.file, c.span.line, c.span.column))

    def notes(self, *keys: Key) -> tuple[Note, ...]:
        """A note per change behind the keys (the first few, then how many more)."""
        found = self.causes(*keys)
        notes = [Note(_('the variant "{variant}" {does}').format(variant=c.variant, does=c.does), c.span) for c in found[:MAX_NOTES]]
        if len(found) > MAX_NOTES:
            notes.append(Note(_("and {value} more change(s) of the variants").format(value=len(found) - MAX_NOTES)))
        return tuple(notes)
