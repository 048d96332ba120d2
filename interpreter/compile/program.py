"""The compiling half of the run-time program (engine/program.py): every action of the
rules made an `Operation` and every trigger a `Hook`, numbered with the sources in the
order saves have always numbered the rule objects (`number`), and the events numbered
(`number_events`), made by the compile pass with the tables (compile/tables.py `Tables._complete`)
and never during play.  The engine only runs them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine.program import FIXED_EVENTS, Events, Hook, Operation
from .expressions import amount_fn, check_fn, value_fn
from ..kinds.actions import kind_of
from ..kinds.base import ActionKind, UnhandledKind
from ..kinds.events import event_kind
from ..kinds.effects import TRIGGERS, part_of

if TYPE_CHECKING:
    from .tables import Source, Tables

Program = tuple["Source | Hook | Operation", ...]


def number_events(tables: Tables) -> Events:
    """The events of the rules numbered (engine/program.py `Events`): the events of their own,
    then those of a family that some rule names, in the order named (the rules' triggers,
    the sources', the laws', then `sit out` and `partners face`)."""
    rules = tables.rules
    sources = tables.sources()
    named = [*(t.event for t in rules.triggers), *(t.event for source in sources for t in source.triggers),
             *(law.effect.event for law in (*rules.laws, *(law for source in sources for law in source.laws))
               if part_of(law.effect) == "triggers"),
             *(at for _kind, at, _once in rules.sit_out), *rules.partners_face_other]
    names = (*FIXED_EVENTS, *(event for event in dict.fromkeys(named) if event not in FIXED_EVENTS))
    numbers = {event: i for i, event in enumerate(names)}
    fired_by: dict[str, dict[Any, int]] = {"colour": {}, "kept": {}}    # a family's events by their word
    for event, i in numbers.items():
        kind = event_kind(event)
        if kind is not None and kind.family:
            fired_by[kind.fired_by][kind.word(event)] = i
    return Events(names, numbers, fired_by["colour"], fired_by["kept"],
                  tuple((kind, numbers[at], once) for kind, at, once in rules.sit_out),
                  frozenset(numbers[at] for at in rules.partners_face_other))


def number(tables: Tables) -> tuple[Program, dict[int, int]]:
    """The program and the numbers (by the id of a thing of the program, or of the rule
    object it was made of): the rules' triggers, then each source and the triggers and
    actions it holds (an action held by another after it), then the actions of the card
    uses, then the laws' triggers (the rules', then each source's) and their actions; each
    trigger made a `Hook` and each action an `Operation`, numbered where the rule object
    stands (a rule object met twice: one operation, with its first number)."""
    rules = tables.rules
    found: list[Any] = []

    def add(thing: Any) -> None:
        found.append(thing)
        if isinstance(thing, TRIGGERS):
            add(thing.action)
        elif (kind := kind_of(thing)) is not None and kind.inner(thing) is not None:
            add(kind.inner(thing))
    for trigger in rules.triggers:
        add(trigger)
    for source in tables.sources():
        found.append(source)
        for thing in (*source.triggers, *source.when_built, *source.turn_end, *source.game_end):
            add(thing)
    for use in rules.card_uses:              # `use a card for ...`: its action runs as a card's
        add(use.action)
    for law in (*rules.laws, *(law for source in tables.sources() for law in source.laws)):
        if part_of(law.effect) == "triggers":     # a law's trigger, and what it does (after the numbers
            add(law.effect)                       # saves made before laws' triggers were numbered hold)
    numbers: dict[int, int] = {}
    for i, thing in enumerate(found):
        numbers.setdefault(id(thing), i)
    operations: dict[int, Operation] = {}       # by the id of the action

    def operation(action: Any) -> Operation:
        """The action's operation, what it holds made first."""
        made = operations.get(id(action))
        if made is None:
            kind = kind_of(action)
            inner = None if kind is None else kind.inner(action)
            made = operations[id(action)] = make_operation(action, numbers[id(action)],
                                                           None if inner is None else operation(inner))
        return made
    program: list[Source | Hook | Operation] = [
        make_hook(thing, numbers[id(thing)], operation(thing.action), tables.events) if isinstance(thing, TRIGGERS) else
        operation(thing) if kind_of(thing) is not None else thing for thing in found]
    for thing in program:
        if isinstance(thing, (Hook, Operation)):
            numbers[id(thing)] = thing.id
    return tuple(program), numbers


def make_operation(action: Any, number: int, inner: Operation | None) -> Operation:
    """The action as an Operation: its kind's `run` (and `idle`, when the kind may be idle)
    bound, what it counts and compares compiled, the operation it holds."""
    kind = kind_of(action)
    if kind is None:
        raise UnhandledKind(f"compile/program.py cannot make an operation of the action kind {type(action).__name__}")
    amount, per = kind.counted(action)
    compared = action.value if kind.each_city else None      # `each ... city with fewer VALUE`
    idle = kind.idle if type(kind).idle is not ActionKind.idle else None     # (most kinds are never idle)
    return Operation(number, action, kind, kind.run, idle, None if amount is None else amount_fn(amount, per), inner,
                     None if compared is None else value_fn(compared), kind.gives == "coins",
                     kind.gives == "coins" and kind.sign < 0, getattr(action, "span", None))


def make_hook(trigger: Any, number: int, operation: Operation, events: Events) -> Hook:
    """The trigger as a Hook: its event numbered, its conditions compiled."""
    return Hook(number, trigger, events.number(trigger.event),
                check_fn(trigger.conditions) if trigger.conditions else None,
                operation, trigger.limit.text if trigger.limit is not None else None, trigger.each_neighbour,
                trigger.name.text if trigger.name else trigger.event, trigger.span)


def operation_of(tables: Tables, action: Any) -> Operation:
    """The operation of an action of the rules (compiled with them: `Tables.operations`);
    one made outside them (a test's) is compiled here, numbered -1 (no save can hold it)."""
    number = tables.numbers.get(id(action))
    if number is not None:
        found = tables.operations[number]
        if type(found) is Operation and found.node is action:
            return found
    kind = kind_of(action)
    inner = None if kind is None or kind.inner(action) is None else operation_of(tables, kind.inner(action))
    return make_operation(action, -1, inner)


def hook_of(tables: Tables, trigger: Any) -> Hook:
    """The hook of a trigger of the rules (`Tables.operations`); one made outside them, here."""
    number = tables.numbers.get(id(trigger))
    if number is not None:
        found = tables.operations[number]
        if type(found) is Hook and found.node is trigger:
            return found
    return make_hook(trigger, -1, operation_of(tables, trigger.action), tables.events)
