"""The events a trigger waits on, one module each (a family of events, `COLOUR card built`,
`KIND token taken`, one module too), and the registry the passes look them up in
(kinds/event_base.py `EventKind`): every module of this folder is an event, found here by
its file as the action kinds are; each pass finds a trigger's by `event_kind(event)`."""

from __future__ import annotations

from ..base import kind_modules
from ..event_base import EventKind

MODULES = kind_modules(__path__, __name__, EventKind)
# an event of its own (a member of Event: a str key, equal to its words) -> its kind
EVENTS: dict[str, EventKind] = {module.KIND.name: module.KIND for module in MODULES if not module.KIND.family}
# the families, each found by the words after the word it names
FAMILIES: tuple[EventKind, ...] = tuple(module.KIND for module in MODULES if module.KIND.family)
# what the bots read (event_base.py BOTS): the event of the age's conflicts (a kept token's
# taking, they find by its number: engine/program.py `Events.kept_taken`)
CONFLICTS: str = next(name for name, kind in EVENTS.items() if kind.bots == "conflicts")


def event_kind(event: str) -> EventKind | None:
    """The kind of the event `event` (a trigger's), or None for words that are no event."""
    kind = EVENTS.get(event)
    if kind is not None:
        return kind
    return next((family for family in FAMILIES if event.endswith(family.name) and len(event) > len(family.name)), None)


__all__ = ["CONFLICTS", "EVENTS", "FAMILIES", "EventKind", "event_kind"]
