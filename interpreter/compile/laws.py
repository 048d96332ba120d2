"""The compiling half of the laws (`law [while ...]: EFFECT`, docs/language.md "Laws for the
whole table"): each law of a card, a board, a stage or of the rules as the engine holds it
(`CompiledLaw`), and what the engine reads of them all (`LawProgram`: the zones some law is
on top of, how deep each looks, the events their triggers listen to, whether one turns the
hands round), made by the compile pass with the tables (compile/tables.py `Tables._complete`).
engine/laws.py only runs them: which are in force, and what every city then holds."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from .held import held_by
from ..engine.held import CoinRate, Held
from .expressions import check_fn
from ..kinds.conditions import condition_kind
from ..kinds.effects import effect_kind_of, part_of

if TYPE_CHECKING:
    from .tables import Source, Tables
    from ..engine.program import Hook
    from ..engine.quantities import Where
    from ..kinds.effects import Effect

Check = Callable[["Where"], bool]                # comparisons compiled (compile/expressions.py `check_fn`)
# a trigger a law gives every city: (key, its hook, its conditions compiled or None)
LawTrigger = tuple[str, "Hook", "Check | None"]


class InForce(NamedTuple):
    """What a law adds to every city: a city's `Held` for a production, a discount or a
    trade price (`buy ... for N coins`), and the price changes of `for N coins more/less`
    as (direction, resource, coins added); `no free chains` as `chains_paid`; `hands pass
    the other way` as `turns_round` (read by the game, `Flow.passing`); `victory tokens
    taken ... are worth N less` as `tokens`, (kind, against a neighbour only, value added)
    (read as a city takes a token, engine/tokens.py `worth_under_laws`); a law over cards
    as `cards`: (the indexes of the cards it selects, its change), read by each city as it
    adds its cards (engine/city_tables.py `ruling`); `chains from SCOPE` as `chains_from` (the
    directions, "left" and "right"); `resources of ... are paid in coins, N a unit` as
    `coinage`: ((colours, or () for wonder stages), N)."""
    held: Held
    changes: tuple[tuple[str, int, int], ...]
    chains_paid: bool = False
    turns_round: bool = False
    tokens: tuple[tuple[str, bool, int], ...] = ()
    cards: tuple[tuple[frozenset[int], str], ...] = ()
    chains_from: tuple[str, ...] = ()
    coinage: CoinRate | tuple[()] = ()


class CompiledLaw(NamedTuple):
    zone: str | None                  # `on top of "Z"`, `in the top N of "Z"`: in play there, else while owned
    depth: "int | Callable[[Where], int]"   # how deep in Z: a number, or a function of the owner's Where
    check: Check | None               # its comparisons as a function of a Where, or None
    effect: InForce | None            # what it adds to every city's tables (None for a trigger)
    trigger: LawTrigger | None        # a trigger given to every city: (key, trigger, its conditions)
    revealed: bool = False            # `while revealed`: in play while its card is shown on the table


class LawProgram(NamedTuple):
    """Every law of a rule set, compiled: by source (a source compares by identity), the
    rules' own; the zones some card's law is on top of, in the order first said; of each
    such zone the deepest a law looks (-1: one counts its depth in its owner's city, then
    the zone's size bounds it); the events the laws' triggers listen to; whether some law
    can say `hands pass the other way`."""
    sources: dict[Source, tuple[CompiledLaw, ...]]
    rules: tuple[CompiledLaw, ...]
    zones: tuple[str, ...]
    depths: dict[str, int]
    events: frozenset[int]                # their numbers (engine/program.py `Events`)
    turns_round: bool


NO_LAWS = LawProgram({}, (), (), {}, frozenset(), False)    # rules without a law: the engine never looks


def compile_laws(tables: Tables, sources: tuple[Source, ...]) -> LawProgram:
    """The laws of `sources` (the tables' cards, boards and stages) and of the rules."""
    by_source = {source: tuple(_compile(law, tables, f"law {source.name}#{i}") for i, law in enumerate(source.laws))
                 for source in sources if source.laws}
    rules = tuple(_compile(law, tables, f"law rules#{i}") for i, law in enumerate(tables.rules.laws))
    every = (*tables.rules.laws, *(law for source in sources for law in source.laws))
    zones = tuple(dict.fromkeys(law.on_top.zone.text for card in tables.cards for law in card.laws
                                if law.on_top is not None))
    depths = {}
    for zone in zones:
        found = [law.depth for card in tables.cards for law in by_source.get(card, ()) if law.zone == zone]
        numbers = [d for d in found if isinstance(d, int)]
        depths[zone] = -1 if len(numbers) < len(found) else max(numbers, default=0)
    return LawProgram(by_source, rules, zones, depths,
                      frozenset(tables.events.number(law.effect.event) for law in every
                                if part_of(law.effect) == "triggers"),
                      any((law_force(law.effect, tables) or {}).get("turns_round") for law in every))


def _compile(law: Effect, tables: Tables, key: str) -> CompiledLaw:
    effect = law.effect
    trigger: LawTrigger | None = None
    force: dict[str, Any] = {}                  # fields of InForce, as the kind says (`law_force`)
    told = law_force(effect, tables)
    held: Held | None
    if told is not None:                        # a kind of kinds/effects/ says what it adds
        held, force = held_by((), tables), told
    elif part_of(effect) == "triggers":          # a trigger, every city's while in force
        hook = tables.hook_of(effect)            # (compiled with the program: `Tables.operations`)
        trigger = (key, hook, hook.check)
        held = None
    else:
        held = held_by((effect,), tables)
    top = law.on_top
    depth = 1 if top is None else condition_kind(top).depth(top, tables.lent)
    comparisons = law.comparisons
    return CompiledLaw(None if top is None else top.zone.text, depth,
                       check_fn(comparisons) if comparisons else None,
                       None if held is None else InForce(held, **{"changes": (), **force}),
                       trigger,
                       law.revealed is not None)


def law_force(effect: object, tables: Tables) -> dict[str, Any] | None:
    """The fields of `InForce` a law of `effect` sets, as its kind says
    (kinds/effect_base.py `in_force`), or None (a trigger, or an effect held as every
    city's own)."""
    kind = effect_kind_of(effect)
    return kind.in_force(effect, tables) if kind is not None else None
