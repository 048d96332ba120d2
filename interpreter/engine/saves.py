"""The whole game state as JSON, and back, at any decision point (or between two turns).

Hands, cities, piles, the random generator and the log, and what the game is in the
middle of (`flow`: the steps still to do, the open decisions, the choices of the turn
collected so far, the actions set aside for the turn's end, the chain of triggers
acting).  Rule objects in the flow (a trigger, an action, a card's effects) are saved as
their number in the compiled program (compile.py `Tables.operations`): a save is only ever loaded with the same
content (its digest is checked).  Derived city tables are rebuilt on load, never stored.
A save between two turns has nothing in flight and is written as format 1, as before
saves could hold the flow (older versions read it); one in the middle of a turn is
format 2, with the `flow`."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NoReturn, cast

from ..compile import PhaseOp, Tables
from ..kinds.effects import TRIGGERS
from ..marked import N_
from .actions import Action
from .city import City
from .decisions import KINDS
from ..kinds.decisions import DECISIONS
from .flow.machine import STEPS
from .game import Game
from .laws import refresh as refresh_laws
from .placed import share_zones
from .flow.phases import PHASE_STEP_ARGS, in_age
from .triggers import Dispatcher
from ..errors import WondersError

if TYPE_CHECKING:
    from ..kinds.effects import Effect

# A save is JSON: what json.loads gives (a dict whose values are of any JSON kind), read
# field by field and checked before use.
Data = dict[str, Any]
Cards = Callable[[object, str], list[int]]   # `game_from_data`'s reader of card references: (refs, field) -> indexes

FORMAT = "wonders-save/2"
FORMATS = ("wonders-save/1", FORMAT)


class SaveError(WondersError):
    """A save that does not fit these rules, or is not a save at all.  The engine speaks
    no language: `template` (marked with N_) and `params` let the command that shows it
    word it in the reader's language; str() is the English."""

    def __init__(self, template: str, **params: object) -> None:
        super().__init__(template.format(**params))
        self.template, self.params = template, params


def content_digest(tables: Tables) -> str:
    """A fingerprint of the effective content (variants applied), blind to layout and
    comments: a log or save made with other rules is refused.  Computed once per rule set
    (it describes every item: a tenth of a second, and saves are made every turn)."""
    found: str = tables.cached("content digest", tables.content_digest)
    return found


def _order_parts(c: Data, city: City, seat: int, cards: Cards) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """A city's cards under its stages and its copied stages (docs/language.md, "Order and
    removal"), checked: each a pair of a stage number and a card, or of a side and a stage."""
    tables = city.tables
    entombed, copied = c.get("entombed", []), c.get("copied_stages", [])
    field = f"cities[{seat}].entombed"
    if not isinstance(entombed, list) or not all(isinstance(p, list) and len(p) == 2 and type(p[0]) is int
                                                 and 0 <= p[0] < len(city.side.stages) for p in entombed):
        raise SaveError(N_('{field} must be a list of [stage number, "Name@age"]'), field=field)
    field = f"cities[{seat}].copied_stages"
    if not isinstance(copied, list) or not all(
            isinstance(p, list) and len(p) == 2 and all(type(n) is int and n >= 0 for n in p)
            and p[0] < len(tables.sides) and p[1] < len(tables.sides[p[0]].stages) for p in copied):
        raise SaveError(N_("{field} must be a list of [side, stage number]"), field=field)
    return ([(n, cards([ref], f"cities[{seat}].entombed")[0]) for n, ref in entombed],
            [(side, n) for side, n in copied])


def card_ref(tables: Tables, index: int) -> str:
    card = tables.cards[index]
    return f"{card.name}@{card.age}"


def game_to_data(game: Game) -> Data:
    t = game.tables

    def refs(indexes: list[int]) -> list[str]:
        return [card_ref(t, i) for i in indexes]
    version, internal, gauss = game.rng.getstate()
    between_turns = game.between_turns() and not game.pending and not game.events.stack
    data: Data = {
        "format": FORMATS[0] if between_turns else FORMAT,
        "content": content_digest(t),
        "options": game.options,
        "age_index": game.age_index, "turn": game.turn, "finished": game.finished,
        "started": game.started, "fired": dict(sorted(game.fired.items())),
        "at": list(game.at), "rounds": None if game.rounds is None else list(game.rounds),
        "holders": {str(seat): holder for seat, holder in sorted(game.holders.items())},
        "rng": [version, list(internal), gauss],
        "cities": [{"name": c.name, "wonder": c.side.wonder, "side": c.side.side, "coins": c.coins,
                    "built": refs(c.built), "stages": c.stages, "under_stages": refs(c.under_stages),
                    **({"stage_order": list(c.stage_order)} if c.side.any_order else {}),
                    "tokens": list(c.tokens), "free_build_used": list(c.free_build_used),
                    **({"kept": dict(sorted(c.kept.items()))} if c.kept else {}),
                    **({"copied": refs(c.copied)} if c.copied else {}),
                    **({"entombed": [[n, card_ref(t, i)] for n, i in c.entombed]} if c.entombed else {}),
                    **({"copied_stages": [list(p) for p in c.copied_stages]} if c.copied_stages else {}),
                    **({"bank_used": c.bank_used} if c.bank_used else {}),
                    **({"gained_shields": c.gained_shields} if c.gained_shields else {}),
                    **({"board_lost": True} if c.board_lost else {})}
                   for c in game.cities],
        "hands": [refs(h) for h in game.hands],
        "discard": refs(game.discard),
        "box": refs(game.box),
        "log": game.log,
    }
    if game.zones:                         # only rules with zones have them (older saves had none)
        data["zones"] = {zone: [refs(held) for held in seats] for zone, seats in game.zones.items()}
    if any(game.stacked.values()):         # zones for the table: the seats in the order their cards came
        data["stacked"] = {zone: list(order) for zone, order in game.stacked.items()}
    if game.revealed:                      # only rules that reveal cards have them
        data["revealed"] = [refs(batch) for batch in game.revealed]
    if not between_turns:                  # what format 1 (between two turns only) did not hold
        data["flow"] = _flow_to_data(game)
    return data


def game_from_data(tables: Tables, data: Data) -> Game:
    if not isinstance(data, dict) or data.get("format") not in FORMATS:
        raise SaveError(N_('not a saved game (expected "format": "{old}" or "{new}")'), old=FORMATS[0], new=FORMAT)
    if data.get("content") != content_digest(tables):
        raise SaveError(N_("the save was made with other content (its rules, cards or wonders differ)"))
    index = {card_ref(tables, c.index): c.index for c in tables.cards}

    def cards(refs: object, field: str) -> list[int]:
        if not isinstance(refs, list):
            raise SaveError(N_('{field} must be a list of cards, each written "Name@age"'), field=field)
        unknown = [r for r in refs if not isinstance(r, str) or r not in index]
        if unknown:
            raise SaveError(N_('{field}: unknown card {card!r} (cards are written "Name@age")'), field=field,
                            card=unknown[0])
        return [index[r] for r in refs]

    try:
        game = Game.__new__(Game)
        game.tables, game.options = tables, dict(data["options"])
        game.seed = game.options.get("seed", 0)
        game.rng = _random_state(data["rng"])
        game.age_index, game.turn, game.finished = data["age_index"], data["turn"], data["finished"]
        game.started, game.fired = bool(data["started"]), dict(data["fired"])
        game.at, game.rounds = _position(tables, data, game.age_index)
        game.players = int(game.options["players"])
        rules = tables.rules
        game.table = None if rules.min_players <= game.players <= rules.max_players \
            else tables.ruleset.table(game.players)
        game.neutrals = {game.players + i: n for i, n in enumerate(game.table.neutrals)} if game.table else {}
        game.holders = {int(seat): int(holder) for seat, holder in dict(data["holders"]).items()}
        game.events = Dispatcher(game)
        game.log = list(data["log"])
        game.pending = []
        game.reset_flow()
        game.hands = [cards(h, f"hands[{i}]") for i, h in enumerate(data["hands"])]
        game.discard = cards(data["discard"], "discard")
        game.box = cards(data["box"], "box")
        game.zones = _zones(data.get("zones", {}), rules.zones, game.players + len(game.neutrals), cards,
                            rules.table_zones)
        game.stacked = _stacked(data.get("stacked", {}), rules.table_zones, game.zones)
        revealed = data.get("revealed", [])
        if not isinstance(revealed, list):
            raise SaveError(N_('"revealed" must be a list of the cards each reveal put on the table'))
        game.revealed = [cards(batch, f"revealed[{i}]") for i, batch in enumerate(revealed) if batch]
        game.cities = []
        for seat, c in enumerate(data["cities"]):
            side = next((s for s in tables.sides if s.wonder == c["wonder"] and s.side == c["side"]), None)
            if side is None:
                raise SaveError(N_("cities[{seat}]: no wonder side {wonder} {side}"), seat=seat, wonder=c["wonder"],
                                side=c["side"])
            city = City(tables, seat, c["name"], side, c["coins"])
            city.built = cards(c["built"], f"cities[{seat}].built")
            city.names = {tables.cards[i].name for i in city.built}
            city.stages = c["stages"]
            city.stage_order = _stage_order(c.get("stage_order"), city, seat)
            city.under_stages = cards(c["under_stages"], f"cities[{seat}].under_stages")
            city.tokens = list(c["tokens"])
            city.kept = _kept(c.get("kept", {}), seat, tables)
            city.free_build_used = _free_builds_used(c["free_build_used"], seat)
            city.copied = cards(c.get("copied", []), f"cities[{seat}].copied")
            city.entombed, city.copied_stages = _order_parts(c, city, seat, cards)
            city.bank_used = _bank_used(c.get("bank_used", 0), seat)
            city.gained_shields = _gained_shields(c.get("gained_shields", 0), seat)
            city.board_lost = _board_lost(c.get("board_lost", False), seat)
            city.rebuild()
            game.cities.append(city)
        if game.revealed:                     # the cards shown are in play in every city: derived too
            game.show_revealed()
        share_zones(game)
        if data["format"] != FORMATS[0]:
            _flow_from_data(game, data["flow"], cards)
        if tables.has_laws:                   # derived, as the cities' tables are: never saved
            refresh_laws(game)
    except SaveError:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError, OverflowError) as err:
        if isinstance(err, KeyError) and err.args:
            raise SaveError(N_('the save is missing "{field}" or has a field of the wrong kind'),
                            field=err.args[0]) from None
        raise SaveError(N_("the save is missing a field or has a field of the wrong kind")) from None
    problem = _impossible(game)
    if problem:
        raise problem
    return game


# ---------------------------------------------------------------------------- the flow
def _flow_to_data(game: Game) -> Data:
    tables = game.tables
    number = tables.numbers

    def value(v: object) -> object:
        if v is None or type(v) in (bool, int, str):
            return v
        if isinstance(v, str):                # a word of the vocabulary (syntax/ast_base.py `Event`): its string
            return str(v)
        if type(v) is Action and v.kind == "copy stage":     # its `card` is a side: written as the bank's place
            return {"action": [v.kind, None, v.left, v.right, v.free, v.card, v.stage]}
        if type(v) is Action:
            written = [v.kind, card_ref(tables, v.card) if v.card >= 0 else None, v.left, v.right, v.free]
            if v.stage >= 0:                  # a stage of a side of `stages in any order`
                return {"action": written + [v.bank, v.stage]}
            return {"action": written + [v.bank] if v.bank else written}
        if type(v) in (tuple, list):
            return {"list": [value(x) for x in cast("tuple[object, ...] | list[object]", v)]}   # (a tuple or a list: above)
        return {"rule": number[id(v)]}
    return {"steps": [value(step) for step in game.stack],
            "waiting": [[seat, kind] for seat, kind in game.waiting],
            "chosen": [value(a) for a in game.chosen],
            "pending": [value(p) for p in game.pending],
            "chain": [value(t) for t in game.events.stack]}


# what each step takes: a seat, a seat or nothing, a whole number, text, an action of a
# player, a rule object of a kind, or a list of such
_SEAT, _NEIGHBOUR, _INT, _TEXT, _ACTION = "seat", "neighbour", "int", "text", "action"
_TRIGGER, _EFFECT, _SOURCE = "trigger", "effect", "source"
_ARGS = {
    "game_end_city": (_SEAT,), "resolve": ("choices",), "resolve_one": (_SEAT, _ACTION, _INT),
    "resolve_log": ("placed",), "pile_log": (_SEAT, _ACTION), "pend": (_SEAT, _SOURCE), "fire": (_TEXT, "seats"),
    "trigger": (_SEAT, _TEXT, _TRIGGER, _NEIGHBOUR, _TEXT), "trigger_done": (_SEAT, _TRIGGER, _TEXT, _INT),
    "run": (_EFFECT, _SEAT, _NEIGHBOUR, _TEXT), "copy_from": (_EFFECT, _SEAT), "settle": (_SEAT, _INT, _INT),
    "each": (_EFFECT, _SEAT, _SEAT, _TEXT), "coins_log": (_SEAT, _SEAT, _INT, _TEXT),
    "zone_play": (_EFFECT, _SEAT), "offer": (_EFFECT, _SEAT, _NEIGHBOUR, _TEXT),
    "remove_from": (_EFFECT, _SEAT, _SEAT), "put_from": (_EFFECT, _SEAT),
    **{name: (_INT,) * n for name, n in PHASE_STEP_ARGS.items()},
}


def _flow_from_data(game: Game, flow: object, cards: Cards) -> None:
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
        if kind not in ("build", "stage", "sell", "pass", "keep", "copy", "remove", "put", "use", "copy stage") \
                or not known_free \
                or type(left) is not int or type(right) is not int or left < 0 or right < 0 \
                or type(bank) is not int or bank < 0 or type(stage) is not int or stage < -1 \
                or (stage >= 0 and kind not in ("stage", "use", "copy stage", "remove")) \
                or (kind == "use" and stage >= len(game.tables.rules.card_uses)):
            fail(field, N_('"flow"."{field}" holds an action that no rule makes: {action!r}'), action=v["action"])
        if kind == "copy stage":               # a side's stage (the side written in the bank's place)
            if ref is not None or bank >= len(game.tables.sides) or stage >= len(game.tables.sides[bank].stages) \
                    or stage < 0:
                fail(field, N_('"flow"."{field}" holds an action that no rule makes: {action!r}'), action=v["action"])
            return Action(kind, bank, left, right, free, 0, stage)
        card = -1 if ref is None and kind == "pass" else cards([ref], field)[0]
        return Action(kind, card, left, right, free, bank, stage)

    def rule(v: object, field: str, kind: str | type) -> object:
        n = v.get("rule") if isinstance(v, dict) else None
        if type(n) is not int or not 0 <= n < len(objects):
            fail(field, N_('"flow"."{field}" refers to rule object {n!r}, not one of these rules\' {count}'), n=n,
                 count=len(objects))
        found = objects[n]
        ok = isinstance(found, Source) if kind == _SOURCE else isinstance(found, TRIGGERS) \
            if kind == _TRIGGER else not isinstance(found, (Source, *TRIGGERS))
        if not ok:
            fail(field, N_('"flow"."{field}" refers to rule object {n}, which is not a `{kind}`'), n=n,
                 kind=kind)
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
    pending = [(seat_of(p[0], "pending"), rule(p[1], "pending", _EFFECT), text_of(p[2], "pending"))
               for p in (items(x, "pending") for x in flow["pending"]) if len(p) == 3 or fail("pending", N_('"flow"."{field}" is broken'))]
    game.stack, game.waiting, game.chosen, game.pending = stack, waiting, chosen, pending
    game.events.stack = [cast("Effect", rule(t, "chain", _TRIGGER)) for t in flow["chain"]]   # (`rule` checked each is one)


def _position(tables: Tables, data: Data, age_index: int) -> tuple[tuple[int, int], tuple[int, int] | None]:
    """Where the game stands in the rules' sequence of phases: saved (`at`, `rounds`), or
    for a save made before the ages were phases, between two turns of its age."""
    rules = tables.rules
    if "at" not in data:
        position = in_age(tables, age_index + 1) if type(age_index) is int else None
        if position is None:
            raise SaveError(N_('"age_index" must be between 0 and {last}'), last=len(rules.ages) - 1)
        return position
    at, rounds = data["at"], data["rounds"]
    if not (isinstance(at, list) and len(at) == 2 and all(type(n) is int for n in at)
            and 0 <= at[0] <= len(rules.sequence) + 1):
        raise SaveError(N_('"at" must be [place in the sequence of phases, statement]'))
    if rounds is not None:
        if not (isinstance(rounds, list) and len(rounds) == 2 and all(type(n) is int for n in rounds)
                and 0 <= rounds[0] < len(rules.phases) and 0 <= rounds[1] < len(rules.phases[rounds[0]].steps)
                and tables.phase_ops[rounds[0]][rounds[1]] == PhaseOp.PLAY_TURNS):
            raise SaveError(N_('"rounds" must name a `play N turns` of these rules: [phase, statement], or null'))
        rounds = tuple(rounds)
    return tuple(at), rounds


def _stacked(saved: object, names: tuple[str, ...], zones: dict[str, list[list[int]]]) -> dict[str, list[int]]:
    """The order the cards of each zone for the table came in: a seat for each card put,
    as many times as that seat's pile holds cards (engine/placed.py)."""
    if not isinstance(saved, dict) or set(saved) - set(names):
        raise SaveError(N_('"stacked" must map zones for the table ({zones}) to the seats that put their cards'),
                        zones=", ".join(names) or "-")
    found = {}
    for name in names:
        order = saved.get(name, [])
        piles = zones.get(name, [])
        if not isinstance(order, list) or any(type(s) is not int or not 0 <= s < len(piles) for s in order) \
                or any(order.count(seat) != len(pile) for seat, pile in enumerate(piles)):
            raise SaveError(N_('"stacked"."{name}" must name, in order, the seat of each card of the zone'), name=name)
        found[name] = list(order)
    return found


def _zones(saved: object, names: tuple[str, ...], seats: int, cards: Cards,
           table: tuple[str, ...] = ()) -> dict[str, list[list[int]]]:
    """The cards each city keeps in each zone of the rules (none in a save without zones);
    a zone for the table has one pile more, the table's (engine/placed.py)."""
    if not isinstance(saved, dict) or set(saved) - set(names):
        raise SaveError(N_('"zones" must map zones of these rules ({zones}) to each city\'s cards'),
                        zones=", ".join(names) or "-")
    zones = {}
    for name in names:
        piles = seats + (name in table)
        held = saved.get(name, [[] for _ in range(piles)])
        if not isinstance(held, list) or len(held) != piles:
            raise SaveError(N_('"zones"."{name}" must hold a list of cards for each of the {seats} cities'), name=name,
                            seats=piles)
        zones[name] = [cards(h, f'zones."{name}"[{i}]') for i, h in enumerate(held)]
    return zones


def _random_state(saved: Any) -> random.Random:   # (JSON, checked here)
    """The random generator a save records: [version, 625 words, gauss], checked word by word
    (random.setstate itself fails with errors that name nothing)."""
    ok = isinstance(saved, list) and len(saved) == 3 and saved[0] == 3 and isinstance(saved[1], list) \
        and len(saved[1]) == 625 and all(type(w) is int and 0 <= w < 2 ** 32 for w in saved[1]) \
        and saved[1][-1] <= 624 and (saved[2] is None or type(saved[2]) is float)
    if not ok:
        raise SaveError(N_('"rng" must be the random generator\'s state as the game saved it '
                           "(3, 625 whole numbers from 0 to 4294967295, and null)"))
    rng = random.Random()
    rng.setstate((3, tuple(saved[1]), saved[2]))
    return rng


def _kept(kept: object, seat: int, tables: Tables) -> dict[str, int]:
    """A city's kept tokens from a save: kinds of the rule set, counts above 0."""
    field = f"cities[{seat}].kept"
    if not isinstance(kept, dict):
        raise SaveError(N_("{field} must map token kinds to counts"), field=field)
    for kind, count in kept.items():
        if kind not in tables.ruleset.vocabulary.tokens:
            raise SaveError(N_("{field}: {kind!r} is not a token kind of these rules"), field=field, kind=kind)
        if type(count) is not int or count < 1:
            raise SaveError(N_("{field}.{kind} must be a whole number above 0"), field=field, kind=kind)
    return dict(kept)


def _impossible(game: Game) -> SaveError | None:
    """Why a loaded state is one the rules could never reach (None when it is possible)."""
    rules = game.tables.rules
    seats = game.players + len(game.neutrals)
    if len(game.cities) != seats or len(game.hands) != seats:
        return SaveError(N_("{players} players need {seats} cities and hands, not {cities} and {hands}"),
                         players=game.players, seats=seats, cities=len(game.cities), hands=len(game.hands))
    if not isinstance(game.age_index, int) or not 0 <= game.age_index < len(rules.ages):
        return SaveError(N_('"age_index" must be between 0 and {last}'), last=len(rules.ages) - 1)
    first = 0 if any(p.when for p in rules.phases) else 1   # before age I's deal, a phase's turn is 0
    if not isinstance(game.turn, int) or not first <= game.turn <= game.age.turns:
        return SaveError(N_('"turn" must be a whole number from {first} to {last}'), first=first, last=game.age.turns)
    wonders = [c.side.wonder for c in game.cities]
    if len(set(wonders)) != len(wonders):
        return SaveError(N_("two cities have the same wonder"))
    for seat, city in enumerate(game.cities):
        where = f"cities[{seat}]"
        if not isinstance(city.name, str):
            return SaveError(N_("{where}.name must be text"), where=where)
        if not isinstance(city.coins, int) or city.coins < 0:
            return SaveError(N_("{where}.coins must be a whole number, at least 0"), where=where)
        if not isinstance(city.stages, int) or not 0 <= city.stages <= len(city.side.stages):
            return SaveError(N_("{where}.stages must be between 0 and {last}"), where=where, last=len(city.side.stages))
        if len(city.names) != len(city.built):
            return SaveError(N_("{where}.built holds two buildings of one name"), where=where)
        if any(game.tables.cards[i].age > game.age.number for i in city.built):
            return SaveError(N_("{where}.built holds a card of a later age"), where=where)
    for seat, holder in game.holders.items():
        if seat not in game.neutrals or not 0 <= holder < game.players:
            return SaveError(N_('"holders" must map each neutral city\'s seat to a player\'s seat'))
    return None


def _stage_order(value: object, city: City, seat: int) -> list[int]:
    """The stages a city built, by number from 0, in the order built: written on a side of
    `stages in any order`, else its first `stages` (a wrong count is `_impossible`'s to say)."""
    count = len(city.side.stages)
    if not city.side.any_order or value is None:
        return list(range(min(city.stages, count))) if type(city.stages) is int else []
    if not isinstance(value, list) or len(set(value)) != len(value) or len(value) != city.stages \
            or not all(type(n) is int and 0 <= n < count for n in value):
        raise SaveError(N_("cities[{seat}].stage_order: must list the {stages} stages built, each once, by their "
                           "numbers from 0 to {last}"), seat=seat, stages=city.stages, last=count - 1)
    return value


def _board_lost(value: object, seat: int) -> bool:
    """`cities[N].board_lost`: true once the city lost its board's production."""
    if type(value) is not bool:
        raise SaveError(N_("cities[{seat}].board_lost: must be true or false"), seat=seat)
    return value


def _bank_used(value: object, seat: int) -> int:
    """The units a city bought from the bank this turn (saved mid-turn, after a payment)."""
    if type(value) is not int or not 0 <= value <= 1000:
        raise SaveError(N_("cities[{seat}].bank_used: must be a whole number of units from 0 to 1000"), seat=seat)
    return value


def _gained_shields(value: object, seat: int) -> int:
    """The lasting shields a city's actions gave it (`gain 2 shields`)."""
    if type(value) is not int or value < 0:
        raise SaveError(N_("cities[{seat}].gained_shields: must be a whole number of shields, at least 0"), seat=seat)
    return value


def _free_builds_used(value: object, seat: int) -> tuple[str, ...]:
    """The colours of the free-build powers a city has used ("" for any colour); a save
    written before powers had colours holds true or false."""
    if type(value) is bool:
        return ("",) if value else ()
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        raise SaveError(N_('cities[{seat}].free_build_used: must be a list of colours ("" for any colour)'), seat=seat)
    return tuple(sorted(set(value)))

