"""The checks of triggers over the whole rule set.

A trigger on a card or a wonder stage `on game setup` can never fire: nothing is built
when the game is set up (W1503).

Triggers that cause themselves, seen before any game: a trigger's action can cause an
event (building a card fires `building built`), which can fire triggers again.  A cycle
of triggers none of which has a limit or a condition would never stop: E1502.

(Cycles that a condition might break cannot be judged here; the engine stops them at run
time after a fixed depth, E1501.)
"""

from __future__ import annotations

from collections.abc import Iterable

from ..diagnostics import Note
from ..syntax import ast
from .context import Context
from ..kinds.actions import kind_of
from ..kinds.effects import part_of
from ..i18n import _
from ..kinds.events import event_kind
from .model import CardDef, RulesDef, WonderDef


def caused(action: object) -> tuple[str, ...]:
    """The events an action fires right away: its kind's (kinds/ `causes`); the kinds not
    yet moved there fire none that a trigger of the rules could wait on in a loop."""
    kind = kind_of(action)
    return kind.causes(action) if kind is not None else ()


def check_cycles(triggers: list[ast.Effect], ctx: Context) -> None:
    """A trigger is on a cycle when an event its action causes leads back to its own event.
    The search runs over events (a handful), each edge labelled by the first trigger that
    makes it, so its work is linear in the number of triggers, however many listen to one
    event."""
    free = [t for t in triggers if t.limit is None and not t.conditions]
    edges: dict[str, dict[str, ast.Effect]] = {}   # event -> {caused event: first trigger causing it}
    for t in free:
        for event in caused(t.action):
            edges.setdefault(_node(t.event), {}).setdefault(event, t)
    reported: set[int] = set()
    for start in free:
        if id(start) in reported:
            continue
        cycle = next((c for c in (_path_back(start, event, edges) for event in caused(start.action)) if c), None)
        if cycle is None:
            continue
        reported.update(id(t) for t in cycle)
        notes = tuple(Note(_("which fires `on {event}` here").format(event=t.event), t.span) for t in cycle[1:])
        ctx.report("E1502", _("this trigger causes itself: its action fires `{event}` again").format(event=start.event),
                   start.span, label=_("never stops"), notes=notes,
                   help=_("give it a limit (`once per turn`) or a condition"))


def _node(event: str) -> str:
    """The event as the search follows it, as its kind says (a building of any colour is
    one event: kinds/events/colour_card_built.py)."""
    kind = event_kind(event)
    return event if kind is None else kind.followed(event)


def _path_back(start: ast.Effect, event: str,
               edges: dict[str, dict[str, ast.Effect]]) -> list[ast.Effect] | None:
    """Triggers from `start` whose events lead from `event` back to `start`'s own event
    (breadth-first over events), or None."""
    back: dict[str, tuple[str, ast.Effect] | None] = {event: None}   # event -> (the one before, the trigger between)
    queue = [event]
    for here in queue:
        if here == _node(start.event):
            path = [start]
            steps = []
            came = back[here]
            while came is not None:
                here, trigger = came
                steps.append(trigger)
                came = back[here]
            return path + steps[::-1]
        for nxt, trigger in edges.get(here, {}).items():
            if nxt not in back:
                back[nxt] = (here, trigger)
                queue.append(nxt)
    return None


def check_never_fire(cards: Iterable[CardDef], wonders: Iterable[WonderDef], ctx: Context) -> None:
    built_later = [e for card in cards for e in card.effects if part_of(e) == "triggers"]
    built_later += [e for w in wonders for side in w.sides for stage in side.stages
                    for e in stage.effects if part_of(e) == "triggers"]
    for trigger in built_later:
        kind = event_kind(trigger.event)
        if kind is not None and kind.before_building:
            ctx.report("W1503", _("this trigger never fires: nothing is built when the game is set up"),
                       trigger.span, label=_("never fires"),
                       help=_("put it in the rules block or on a wonder board, or listen to another event"))


def all_triggers(rules: RulesDef | None, cards: Iterable[CardDef], wonders: Iterable[WonderDef]) -> list[ast.Effect]:
    found = list(rules.triggers) if rules else []
    for card in cards:
        found += [e for e in card.effects if part_of(e) == "triggers"]
    for wonder in wonders:
        for side in wonder.sides:
            found += [e for e in side.effects if part_of(e) == "triggers"]
            for stage in side.stages:
                found += [e for e in stage.effects if part_of(e) == "triggers"]
    return found
