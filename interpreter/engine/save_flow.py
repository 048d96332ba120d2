"""What a game is in the middle of (a save's `flow`, format 2), as JSON and back: the steps
still to do, the open decisions, the choices of the turn collected so far, the actions set
aside for the turn's end, the chain of triggers acting.  The program's operations and hooks
(engine/program.py) and its sources are written as their number in the compiled program
(compile/tables.py `Tables.operations`: an operation's `id`, the same number the rule object had
before the program was made of operations, so older saves load); an event, which the
engine holds as its number (engine/program.py `Events`), is written as its words, as saves
always wrote it; each step's values are checked against what the step takes (`_ARGS`)."""

from __future__ import annotations

from typing import Any, NoReturn, cast

from ..kinds.decisions import DECISIONS
from ..marked import N_
from .actions import Action
from .decisions import KINDS
from .flow.machine import STEPS
from .flow.phases import PHASE_STEP_ARGS
from .game import Game
from .program import Hook, Operation
from .save_fields import Cards, Data, SaveError, card_ref
from .moves import COPY_STAGE, PASS, REMOVE, SAVED, STAGE, USE, Move



def flow_to_data(game: Game) -> Data:
    tables = game.tables
    number = tables.numbers

    def value(v: object) -> object:
        if v is None or type(v) in (bool, int, str):
            return v
        if isinstance(v, str):                # a word of the vocabulary (syntax/ast_base.py `Event`): its string
            return str(v)
        if type(v) is Action and v.kind == COPY_STAGE:     # its `card` is a side: written as the bank's place
            return {"action": [v.kind, None, v.left, v.right, v.free, v.card, v.stage]}
        if type(v) is Action:
            written = [v.kind, card_ref(tables, v.card) if v.card >= 0 else None, v.left, v.right, v.free]
            if v.stage >= 0:                  # a stage of a side of `stages in any order`
                return {"action": written + [v.bank, v.stage]}
            return {"action": written + [v.bank] if v.bank else written}
        if type(v) in (tuple, list):
            return {"list": [value(x) for x in cast("tuple[object, ...] | list[object]", v)]}   # (a tuple or a list: above)
        return {"rule": number[id(v)]}
    names = tables.events.names

    def step(s: tuple[Any, ...]) -> object:        # a step: its event (if it takes one) as its words
        kinds = _ARGS.get(s[0], ())
        return {"list": [s[0], *(names[v] if i < len(kinds) and kinds[i] == _EVENT else value(v)
                                 for i, v in enumerate(s[1:]))]}
    return {"steps": [step(s) for s in game.stack],
            "waiting": [[seat, kind] for seat, kind in game.waiting],
            "chosen": [value(a) for a in game.chosen],
            "pending": [value(p) for p in game.pending],
            "chain": [value(t) for t in game.events.acting]}


# what each step takes: a seat, a seat or nothing, a whole number, text, an event (its
# number, written as its words), an action of a player, a thing of the program (a source, a
# trigger's hook, an operation), or a list of such
_SEAT, _NEIGHBOUR, _INT, _TEXT, _EVENT, _ACTION = "seat", "neighbour", "int", "text", "event", "action"
_TRIGGER, _OPERATION, _SOURCE = "trigger", "operation", "source"
_ARGS = {
    "game_end_city": (_SEAT,), "resolve": ("choices",), "resolve_one": (_SEAT, _ACTION, _INT),
    "resolve_log": ("placed",), "pile_log": (_SEAT, _ACTION), "pend": (_SEAT, _SOURCE), "fire": (_EVENT, "seats"),
    "trigger": (_SEAT, _TEXT, _TRIGGER, _NEIGHBOUR, _EVENT), "trigger_done": (_SEAT, _TRIGGER, _EVENT, _INT),
    "run": (_OPERATION, _SEAT, _NEIGHBOUR, _TEXT), "copy_from": (_OPERATION, _SEAT), "settle": (_SEAT, _INT, _INT),
    "each": (_OPERATION, _SEAT, _SEAT, _TEXT), "coins_log": (_SEAT, _SEAT, _INT, _TEXT),
    "zone_play": (_OPERATION, _SEAT), "offer": (_OPERATION, _SEAT, _NEIGHBOUR, _TEXT),
    "remove_from": (_OPERATION, _SEAT, _SEAT), "put_from": (_OPERATION, _SEAT),
    **{name: (_INT,) * n for name, n in PHASE_STEP_ARGS.items()},
}



def flow_from_data(game: Game, flow: object, cards: Cards) -> None:
    """The flow of a save, checked piece by piece (a hand-edited save gets a message
    naming the field, never a failure later in the game)."""
    from ..compile import Source
    objects = game.tables.operations
    seats = len(game.cities)

    def fail(field: str, what: str, **params: object) -> NoReturn:   # `what`: a template marked with N_ that names "flow"."{field}"
        raise SaveError(what, field=field, **params)

    def action(v: Any, field: str) -> Action:   # (v: JSON, checked here)
        if not isinstance(v, dict) or not isinstance(v.get("action"), list) or len(v["action"]) not in (5, 6, 7):
            fail(field, N_('"flow"."{field}" must hold actions written {written} (and coins to the bank, when '
                           'some are paid)'), written='{"action": [kind, "Name@age", left, right, free]}')
        kind, ref, left, right, free, *rest = v["action"]
        bank, stage = (rest + [0, -1][len(rest):])[:2]
        known_free = free in ("", "chain", "power", "rule", "phase") or \
            (isinstance(free, str) and free.startswith(("power ", "token ", "chain left ", "chain right ")))
        if not isinstance(kind, str) or kind not in SAVED \
                or not known_free \
                or type(left) is not int or type(right) is not int or left < 0 or right < 0 \
                or type(bank) is not int or bank < 0 or type(stage) is not int or stage < -1 \
                or (stage >= 0 and kind not in (STAGE, USE, COPY_STAGE, REMOVE)) \
                or (kind == USE and stage >= len(game.tables.rules.card_uses)):
            fail(field, N_('"flow"."{field}" holds an action that no rule makes: {action!r}'), action=v["action"])
        if kind == COPY_STAGE:               # a side's stage (the side written in the bank's place)
            if ref is not None or bank >= len(game.tables.sides) or stage >= len(game.tables.sides[bank].stages) \
                    or stage < 0:
                fail(field, N_('"flow"."{field}" holds an action that no rule makes: {action!r}'), action=v["action"])
            return Action(Move(kind), bank, left, right, free, 0, stage)
        card = -1 if ref is None and kind == PASS else cards([ref], field)[0]
        return Action(Move(kind), card, left, right, free, bank, stage)

    def rule(v: object, field: str, kind: str | type) -> object:
        n = v.get("rule") if isinstance(v, dict) else None
        if type(n) is not int or not 0 <= n < len(objects):
            fail(field, N_('"flow"."{field}" refers to rule object {n!r}, not one of these rules\' {count}'), n=n,
                 count=len(objects))
        found = objects[n]
        ok = isinstance(found, Source) if kind == _SOURCE else isinstance(found, Hook) \
            if kind == _TRIGGER else isinstance(found, Operation)
        if not ok:
            fail(field, N_('"flow"."{field}" refers to rule object {n}, which is not a `{kind}`'), n=n,
                 kind="effect" if kind == _OPERATION else kind)
        return found

    def items(v: object, field: str) -> list[Any]:   # (a JSON list: its items are checked by whoever reads them)
        if not isinstance(v, dict) or not isinstance(v.get("list"), list):
            fail(field, N_('"flow"."{field}" must hold a list'))
        found: list[Any] = v["list"]
        return found

    def seat_of(v: object, field: str) -> int:
        if type(v) is not int or not 0 <= v < seats:
            fail(field, N_('"flow"."{field}" holds seat {seat!r}, not one of the {seats} cities'), seat=v, seats=seats)
        return v

    def text_of(v: object, field: str) -> str:
        if not isinstance(v, str):
            fail(field, N_('"flow"."{field}" holds {value!r}, not text'), value=v)
        return v

    def arg(kind: str, v: object, field: str) -> object:
        if kind in (_SEAT, _NEIGHBOUR):
            if v is None and kind == _NEIGHBOUR:
                return None
            return seat_of(v, field)
        if kind == _INT:
            if type(v) is not int:
                fail(field, N_('"flow"."{field}" holds {value!r}, not a whole number'), value=v)
            return v
        if kind == _TEXT:
            return text_of(v, field)
        if kind == _EVENT:
            number = game.tables.events.number(text_of(v, field))
            if number < 0:
                fail(field, N_('"flow"."{field}" names no event of these rules: {event!r}'), event=v)
            return number
        if kind == _ACTION:
            return action(v, field)
        if kind == "seats":
            return None if v is None else tuple(arg(_SEAT, s, field) for s in items(v, field))
        if kind == "choices":
            return tuple(None if a is None else action(a, field) for a in items(v, field))
        if kind == "placed":
            return tuple(tuple(pair) for pair in (
                (arg(_SEAT, p[0], field), action(p[1], field)) if len(p) == 2 else fail(field, N_('"flow"."{field}" is broken'))
                for p in (items(x, field) for x in items(v, field))))
        return rule(v, field, kind)

    if not isinstance(flow, dict):
        raise SaveError(N_('"flow" must be an object (what the game is in the middle of)'))
    stack = []
    for i, step in enumerate(flow["steps"]):
        parts = items(step, f"steps[{i}]")
        name = parts[0] if parts else None
        if name not in STEPS:
            fail(f"steps[{i}]", N_('"flow"."{field}" names no step of the game: {name!r}'), name=name)
        wanted = _ARGS.get(name, ())
        if name == "remove_from" and len(parts) == 3:   # saved before cards moved for an owner: its own
            parts = [*parts, parts[2]]
        if len(parts) - 1 != len(wanted):
            fail(f"steps[{i}]", N_('"flow"."{field}" gives {name!r} {given} values, not {wanted}'), name=name,
                 given=len(parts) - 1, wanted=len(wanted))
        stack.append((name, *(arg(k, v, f"steps[{i}]") for k, v in zip(wanted, parts[1:]))))
    waiting = []
    for pair in flow["waiting"]:
        if not isinstance(pair, list) or len(pair) != 2 or pair[1] not in KINDS:
            fail("waiting", N_('"flow"."{field}" must hold [seat, kind] pairs, the kinds being {kinds}'),
                 kinds=", ".join(f"`{k}`" for k in KINDS))
        waiting.append((seat_of(pair[0], "waiting"), pair[1]))
    chosen = [None if a is None else action(a, "chosen") for a in flow["chosen"]]
    from_zone = any(DECISIONS[k].held == "zones" for _s, k in waiting)
    for seat, a in enumerate(chosen):
        held = None if seat >= seats else \
            [c for zone in game.zones.values() for c in zone[seat]] + [-1] if from_zone else game.hands[seat]
        if a is not None and (held is None or a.card not in held):
            fail("chosen", N_('"flow"."{field}" holds a card for seat {seat} that is not in its hand'), seat=seat)
    for i, step in enumerate(stack):
        if step[0] in PHASE_STEP_ARGS and not (0 <= step[1] < len(game.tables.rules.phases) and (
                len(step) < 3 or 0 <= step[2] < len(game.tables.rules.phases[step[1]].steps))):
            fail(f"steps[{i}]", N_('"flow"."{field}" names no phase of these rules: {phase!r}'), phase=list(step[1:3]))
    for kind in dict.fromkeys(k for _s, k in waiting):      # the step each open decision stands on (kinds/decisions/)
        under = DECISIONS[kind].under
        if under and (not stack or stack[-1][0] not in under):
            fail("steps", N_('"flow"."{field}" must end with the step that the open {kind} decision belongs to '
                             '({steps})'), kind=kind, steps=", ".join(f"`{s}`" for s in under))
    if chosen and len(chosen) != seats or any(DECISIONS[k].collected for _s, k in waiting) and not chosen:
        fail("chosen", N_('"flow"."{field}" must hold a choice (or null) for each of the {seats} cities while a turn '
                           'is collected'), seats=seats)
    pending = [(seat_of(p[0], "pending"), rule(p[1], "pending", _OPERATION), text_of(p[2], "pending"))
               for p in (items(x, "pending") for x in flow["pending"]) if len(p) == 3 or fail("pending", N_('"flow"."{field}" is broken'))]
    game.stack, game.waiting, game.chosen, game.pending = stack, waiting, chosen, pending
    game.events.acting = [cast(Hook, rule(t, "chain", _TRIGGER)) for t in flow["chain"]]   # (`rule` checked each is one)
