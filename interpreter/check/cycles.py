"""Trigger checks over the whole rule set.

A trigger on a card or a wonder stage `on game setup` can never fire: nothing is built
when the game is set up (W1503).

Triggers that cause themselves, seen before any game: a trigger's action can cause an
event (building a card fires `building built`), which can fire triggers again.  A cycle
of triggers none of which has a limit or a condition would never stop: E1502.

(Cycles that a condition might break cannot be judged here; the engine stops them at run
time after a fixed depth, E1501.)
"""

from __future__ import annotations

from ..diagnostics import Note
from ..syntax import ast
from .context import Context

# what each action can cause, right away
CAUSES = {ast.BuildFromDiscard: ("building built",)}


def caused(action) -> tuple[str, ...]:
    return CAUSES.get(type(action), ())


def check_cycles(triggers: list[ast.Trigger], ctx: Context) -> None:
    free = [t for t in triggers if t.limit is None and not t.conditions]
    edges = {id(t): [u for u in free if u.event in caused(t.action)] for t in free}
    reported: set[int] = set()
    for start in free:
        cycle = _cycle_from(start, edges)
        if cycle is None or id(start) in reported:
            continue
        reported.update(id(t) for t in cycle)
        notes = tuple(Note(f"which fires `on {t.event}` here", t.span) for t in cycle[1:])
        ctx.report("E1502", f"this trigger causes itself: its action fires `{start.event}` again",
                   start.span, label="never stops", notes=notes,
                   help="give it a limit (`once per turn`) or a condition")


def _cycle_from(start, edges):
    """A path of triggers from `start` back to itself, or None (depth-first)."""
    stack = [(start, [start])]
    seen = set()
    while stack:
        node, path = stack.pop()
        for nxt in edges[id(node)]:
            if nxt is start:
                return path
            if id(nxt) not in seen:
                seen.add(id(nxt))
                stack.append((nxt, path + [nxt]))
    return None


def check_never_fire(cards, wonders, ctx: Context) -> None:
    built_later = [e for card in cards for e in card.effects if isinstance(e, ast.Trigger)]
    built_later += [e for w in wonders for side in w.sides for stage in side.stages
                    for e in stage.effects if isinstance(e, ast.Trigger)]
    for trigger in built_later:
        if trigger.event == "game setup":
            ctx.report("W1503", "this trigger never fires: nothing is built when the game is set up",
                       trigger.span, label="never fires",
                       help="put it in the rules block or on a wonder board, or listen to another event")


def all_triggers(rules, cards, wonders) -> list[ast.Trigger]:
    found = list(rules.triggers) if rules else []
    for card in cards:
        found += [e for e in card.effects if isinstance(e, ast.Trigger)]
    for wonder in wonders:
        for side in wonder.sides:
            found += [e for e in side.effects if isinstance(e, ast.Trigger)]
            for stage in side.stages:
                found += [e for e in stage.effects if isinstance(e, ast.Trigger)]
    return found
