"""Rule set -> tables ready to run: numbered resources and cards, cost vectors, and each
card's effects sorted by when they act (while owned, when built, end of turn, scoring).

The engine reads only these tables; it never looks at names to decide anything.
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Callable, Hashable, Iterable
from typing import Any, NamedTuple, TypeVar

import attrs

from ..check.model import AgeDeal, Cost, RuleSet, RulesDef
from ..decks import deck_of
from .phases import PhaseOp, phase_ops, phase_statements, turn_runs
from ..kinds.statement_base import PhaseStatement
from .laws import NO_LAWS, LawProgram, compile_laws
from .held import held_by
from ..engine.held import Held, held_under
from ..engine.program import Events, Hook, Operation
from .program import hook_of as program_hook, number as numbered_program, number_events, \
    operation_of as program_operation
from .expressions import LENT, count_fn, value_fn
from ..engine.quantities import Check, Value
from ..syntax import ast
from ..syntax.ast_effects import UnhandledKind
from ..kinds.actions import kind_of
from ..kinds.expressions import EXPRESSIONS
from ..kinds.effect_base import PARTS
from ..kinds.effects import COST_CHANGERS, STATIC, effect_kind_of
from ..kinds.effects.cards_change import CARD_CHANGES
from ..rulesdata import PriceItems, written_cost


_T = TypeVar("_T")

# The effects that act while owned: the city adds them up as it grows (engine/city.py).
STATIC_KINDS = STATIC      # the kinds of kinds/effects/ that say so
# The static effects that change what a city pays for a card or stage (engine/discounts.py,
# and the bank's offer in engine/actions.py): COST_CHANGERS, the kinds of kinds/effects/
# that say so.


@attrs.define(slots=True, eq=False)
class Source:
    """A card, a wonder stage or a wonder board: something a city owns, with effects."""
    index: int
    name: str
    kind: str                      # "card", "stage" or "board"
    color: str | None
    age: int
    cost_coins: int
    cost: tuple[int, ...]          # units per resource index
    chains: frozenset[str]
    static: tuple[Any, ...]        # effects that act while owned
    when_built: tuple[Any, ...]    # actions run once, when built
    turn_end: tuple[Any, ...]      # actions run at the end of the turn it is built
    game_end: tuple[Any, ...]      # actions run when scoring (copying a card)
    scores: tuple[tuple[str, Any], ...]   # (category, expression)
    triggers: tuple[Any, ...]      # `on <event> ...` while owned, in declaration order
    points: int                    # plain `points N`
    points_category: str | None
    copies: tuple[int, ...] = ()
    deck: str = ""                 # a deck outside the ages, dealt by a phase
    laws: tuple[Any, ...] = ()     # `law ...`: effects for every city while it is in play (engine/laws.py)
    # its `static` effects resolved to numbers for the city's tables (engine/held.py `Held`)
    # and its score lines and its triggers' conditions as functions (`Run`): made for every
    # source when its Tables are (`_complete`), never during play
    held: Held = attrs.field(default=None, init=False)     # (None only until its Tables are made)
    run: Run = attrs.field(default=None, init=False)

    def __getstate__(self) -> dict[str, Any]:
        """Pickled (to worker processes) without what is compiled (functions do not pickle):
        the worker's Tables compile it again when loaded (`Tables.__setstate__`)."""
        return {f.name: getattr(self, f.name) for f in attrs.fields(Source) if f.name not in ("held", "run")}

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, value in state.items():
            setattr(self, name, value)
        self.held = self.run = None      # type: ignore[assignment]  # (until its Tables are loaded)


class Run(NamedTuple):
    """What the engine runs of a source (or of the rules), resolved once: its score lines,
    its actions as operations and its triggers as hooks (engine/program.py)."""
    scores: tuple[tuple[str, Value], ...]   # (category, function of a Where giving the points)
    triggers: tuple[Hook, ...]              # its triggers, in order
    when_built: tuple[Operation, ...] = ()
    turn_end: tuple[Operation, ...] = ()
    game_end: tuple[Operation, ...] = ()    # those run as the game ends
    scored: tuple[Operation, ...] = ()      # those that are the scoring's choices instead (a copy: `at_scoring`)


def run_of(source: Source) -> Run:
    """The source's compiled score lines and trigger conditions (`Source.run`)."""
    return source.run


def rules_run(tables: "Tables") -> Run:
    """The rules' own score lines and trigger conditions (`Tables.run`)."""
    return tables.run


@attrs.frozen
class SideInfo:
    wonder: str
    side: str
    board: Source
    stages: tuple[Source, ...]
    any_order: bool = False        # `stages in any order`: a stage action names the stage it builds


@attrs.frozen
class Tables:
    ruleset: RuleSet
    resources: tuple[str, ...]
    symbols: tuple[str, ...]
    cards: tuple[Source, ...]
    sides: tuple[SideInfo, ...]
    # name -> number, for the cities that add effects up (made once, not at every card built)
    resource_index: dict[str, int] = attrs.field(init=False, eq=False, repr=False)
    symbol_index: dict[str, int] = attrs.field(init=False, eq=False, repr=False)
    # what is worked out once per rule set by those who read it (the save digest, the
    # bots' models of the rules), kept with the rules rather than in module dictionaries;
    # what the engine runs is never here but in the fields below, made with the tables (the
    # engine keeps here only memos keyed by what a game meets: tests/test_compiled_program.py)
    cache: dict[Any, Any] = attrs.field(init=False, eq=False, repr=False)
    # whether any card, board or stage changes what a city pays (`... cost ... less`, a trade
    # rebate): when none does (the base game), the engine prices every card from the payment
    # tables alone, without looking for discounts on each card of each hand
    cost_changers: bool = attrs.field(init=False, eq=False, repr=False)
    rules: RulesDef = attrs.field(init=False, eq=False, repr=False)   # ruleset.rules (read at every step of play)
    # whether any card, board or stage holds a law: when none does (the shipped games), the
    # game never looks for laws in force (engine/laws.py)
    has_laws: bool = attrs.field(init=False, eq=False, repr=False)
    # the rules' own score lines and trigger conditions, compiled (`_complete`)
    run: Run = attrs.field(init=False, eq=False, repr=False)
    # each phase's statements as the engine's operations (`phase_ops`), and what each `play N
    # turns` shares with the others of its hands (`turn_runs`)
    phase_ops: tuple[tuple[PhaseOp, ...], ...] = attrs.field(init=False, eq=False, repr=False)
    turn_runs: dict[tuple[int, int], tuple[int, bool]] = attrs.field(init=False, eq=False, repr=False)
    # the kind of each statement that is an action kind's, by (phase, place) (`phase_statements`)
    phase_statements: dict[tuple[int, int], PhaseStatement] = attrs.field(init=False, eq=False, repr=False)
    # the run-time program (engine/program.py): every thing a game's flow can hold, numbered
    # in the order of the rule set (`_number`): the sources as they are, each trigger as a
    # `Hook`, each action as an `Operation`; a save writes each by its number (its `id`,
    # engine/save_flow.py), `numbers` giving the number of a run-time object or of the rule
    # object it was made of, by identity
    operations: tuple[Source | Hook | Operation, ...] = attrs.field(init=False, eq=False, repr=False)
    numbers: dict[int, int] = attrs.field(init=False, eq=False, repr=False)
    # the operations of the card uses' actions (`use a card for ...`), in order
    use_operations: tuple[Operation, ...] = attrs.field(init=False, eq=False, repr=False)
    # the laws of the sources and the rules, as the engine holds them (compile/laws.py)
    law_program: LawProgram = attrs.field(init=False, eq=False, repr=False)
    # the events of the program, numbered (engine/program.py `Events`, compile/program.py
    # `number_events`): the engine fires and hears their numbers
    events: Events = attrs.field(init=False, eq=False, repr=False)
    # the events some trigger listens to (the rules', a source's, a law's), by number: the
    # others need no look at the cities when they happen (engine/triggers.py `Dispatcher.may_act`)
    heard: frozenset[int] = attrs.field(init=False, eq=False, repr=False)
    # event (its number) -> the rules' own triggers for it, as (key, hook, its conditions compiled or None)
    rule_listeners: dict[int, list[tuple[str, Hook, Check | None]]] = attrs.field(init=False, eq=False, repr=False)
    # each offer's price (`may pay PRICE to ...`, by the id of its price's items, with the items
    # themselves, so that the id stays theirs) and each card use's (`use a card for ... paying
    # PRICE`), as (coins, units of each resource, tokens given up): `offer_price`
    offer_prices: dict[int, tuple[Any, tuple[int, tuple[int, ...], tuple[tuple[str, int], ...]]]] = \
        attrs.field(init=False, eq=False, repr=False)
    use_prices: tuple[tuple[int, tuple[int, ...], tuple[tuple[str, int], ...]], ...] = \
        attrs.field(init=False, eq=False, repr=False)
    # the most units of each resource one cost asks (`most_asked`), and what each source adds
    # to a city's tables under a law's change over cards, or as a board whose production the
    # city lost (`ruled`, engine/city_tables.py `ruled_held`): (id of the source, change) -> Held,
    # of every source when some law is over cards, else of the boards alone
    most_asked: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    ruled: dict[tuple[int, str], Held] = attrs.field(init=False, eq=False, repr=False)
    # each age's deck as the engine deals it (decks.py `dealing`) at every player count the
    # rules and their tables deal for, by (age number, player count): `dealt_decks`
    decks: dict[tuple[int, int], Any] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "rules", self.ruleset.rules)
        object.__setattr__(self, "resource_index", {r: i for i, r in enumerate(self.resources)})
        object.__setattr__(self, "symbol_index", {s: i for i, s in enumerate(self.symbols)})
        object.__setattr__(self, "cache", {})
        object.__setattr__(self, "phase_ops", phase_ops(self.rules))
        object.__setattr__(self, "turn_runs", turn_runs(self.rules, self.phase_ops))
        sources = self.sources()
        object.__setattr__(self, "has_laws", bool(self.rules.laws) or any(source.laws for source in sources))
        object.__setattr__(self, "cost_changers", any(isinstance(e, COST_CHANGERS) for source in sources
                                                      for e in (*source.static, *(law.effect for law in source.laws)))
                       or any(isinstance(law.effect, COST_CHANGERS) for law in self.rules.laws))
        self._complete()

    def _complete(self) -> None:
        """The run-time program: the operations and hooks numbered (`_number`), every
        source's `held` and `run`, and the rules' `run`, and the engine's tables
        (`_complete_tables`), compiled now, so that nothing is compiled during play."""
        self._number()
        for source in self.sources():
            self.compiled(source)
        rules = self.rules
        object.__setattr__(self, "run", self._run([(s.category.text, s.value) for s in rules.scores], rules.triggers))
        object.__setattr__(self, "use_operations", tuple(self.operation_of(use.action) for use in rules.card_uses))
        self._complete_tables()

    def _complete_tables(self) -> None:
        """What the engine reads of the rules as a whole, made once here rather than on
        first use in a game: the laws, the events heard and the rules' listeners, the
        written prices, the helds under laws over cards, the decks."""
        rules = self.rules
        sources = self.sources()
        object.__setattr__(self, "phase_statements", phase_statements(rules))
        object.__setattr__(self, "law_program", compile_laws(self, sources) if self.has_laws else NO_LAWS)
        events = self.events
        object.__setattr__(self, "heard", frozenset(events.number(t.event) for t in rules.triggers)
                           | frozenset(events.number(t.event) for source in sources for t in source.triggers)
                           | self.law_program.events)
        listeners: dict[int, list[tuple[str, Hook, Check | None]]] = {}
        for i, hook in enumerate(self.run.triggers):
            listeners.setdefault(hook.event, []).append((f"rules#{i}", hook, hook.check))
        object.__setattr__(self, "rule_listeners", listeners)
        object.__setattr__(self, "use_prices", tuple(self.written_price(use.price) for use in rules.card_uses))
        object.__setattr__(self, "offer_prices", {
            id(op.node.items): (op.node.items, self.written_price(op.node.items)) for op in self.operations
            if type(op) is Operation and op.kind.decision == "offer"})
        object.__setattr__(self, "most_asked", most_asked(self))
        program = self.law_program             # (a board's production lost needs its own; a law over cards, every source's)
        over_cards = any(law.effect is not None and law.effect.cards for laws in (program.rules, *program.sources.values())
                         for law in laws)
        object.__setattr__(self, "ruled", ruled_helds(sources if over_cards else [side.board for side in self.sides],
                                                      self.most_asked))
        object.__setattr__(self, "decks", dealt_decks(self))

    def sources(self) -> tuple[Source, ...]:
        """Every source of the rule set: the cards, then each side's board and stages."""
        return (*self.cards, *(s for side in self.sides for s in (side.board, *side.stages)))

    def written_price(self, items: PriceItems) -> tuple[int, tuple[int, ...], tuple[tuple[str, int], ...]]:
        """A price written as a card's cost (`may pay ...`, `use a card ... paying ...`) as
        (coins, units of each resource, the tokens given up as (kind, count))."""
        cost = written_cost(items)
        units = [0] * len(self.resources)
        for name, count in cost.resources:
            units[self.resource_index[name]] += count
        return cost.coins, tuple(units), cost.tokens

    def offer_price(self, items: PriceItems) -> tuple[int, tuple[int, ...], tuple[tuple[str, int], ...]]:
        """The price of an offer (`may pay PRICE to ...`) as `written_price` gives it:
        compiled with the rules (`offer_prices`); one made outside them (a test's) is
        worked out here."""
        found = self.offer_prices.get(id(items))
        return found[1] if found is not None and found[0] is items else self.written_price(items)

    def _number(self) -> None:
        """`events`, `operations` and `numbers` (compile/program.py `number_events`, `number`)."""
        object.__setattr__(self, "events", number_events(self))
        operations, numbers = numbered_program(self)
        object.__setattr__(self, "operations", operations)
        object.__setattr__(self, "numbers", numbers)

    def operation_of(self, action: Any) -> Operation:
        """The action's operation (compile/program.py `operation_of`)."""
        return program_operation(self, action)

    def hook_of(self, trigger: Any) -> Hook:
        """The trigger's hook (compile/program.py `hook_of`)."""
        return program_hook(self, trigger)

    def _run(self, scores: Iterable[tuple[str, Any]], triggers: Iterable[Any], when_built: Iterable[Any] = (),
             turn_end: Iterable[Any] = (), game_end: Iterable[Any] = ()) -> Run:
        """A source's score lines, triggers and actions as the engine runs them (`Run`)."""
        at_end = tuple(self.operation_of(a) for a in game_end)
        return Run(tuple((category, value_fn(value)) for category, value in scores),
                   tuple(self.hook_of(t) for t in triggers), tuple(self.operation_of(a) for a in when_built),
                   tuple(self.operation_of(a) for a in turn_end), tuple(op for op in at_end if not op.kind.at_scoring),
                   tuple(op for op in at_end if op.kind.at_scoring))

    def __getstate__(self) -> dict[str, Any]:
        """Pickled without `cache` and what is compiled (functions, which do not pickle):
        both are worked out again where the tables are loaded."""
        return {f.name: getattr(self, f.name) for f in attrs.fields(Tables)
                if f.name not in ("cache", "run", "events", "operations", "numbers", "use_operations", "law_program",
                                  "heard", "rule_listeners", "use_prices", "offer_prices", "most_asked", "ruled",
                                  "decks", "phase_statements")}

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, value in state.items():
            object.__setattr__(self, name, value)
        object.__setattr__(self, "cache", {})
        self._complete()

    def compiled(self, source: Source) -> Source:
        """`source` (one of these tables', or one made like them) with its program: its
        static effects resolved for a city's tables (`held`), its score lines and its
        triggers as hooks and its actions as operations (`run`)."""
        source.held = held_by(source.static, self)
        source.run = self._run(source.scores, source.triggers, source.when_built, source.turn_end, source.game_end)
        return source

    def content_digest(self) -> str:
        """A fingerprint of the effective content (variants applied), blind to layout and
        comments, from its syntax tree (engine/saves.py refuses a save made with other rules)."""
        from ..syntax.data import to_data
        text = json.dumps(to_data(tuple(self.ruleset.items)), sort_keys=True)
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    def cached(self, key: Hashable, make: Callable[[], _T]) -> _T:
        """`make()`, worked out once per rule set and key."""
        found: _T | None = self.cache.get(key)
        if found is None:
            found = self.cache[key] = make()
        return found

    def side(self, wonder: str, side: str) -> SideInfo:
        return next(s for s in self.sides if s.wonder == wonder and s.side == side)

    @staticmethod
    def count_of(quantity: Any) -> Callable[[Any], int]:
        """A count of the city's own (`shields N per QUANTITY`) as a function of the city
        (compile/expressions.py `count_fn`): what a kind's `hold` is lent besides the tables."""
        return count_fn(quantity)

    lent = LENT                # what a condition's kind is lent (kinds/condition_base.py `Engine`)

    def card_index(self, name: str, age: int | None = None) -> int:
        return next(c.index for c in self.cards if c.name == name and (age is None or c.age == age))


def this_stage(node: Any, number: int) -> Any:
    """`node` with every `this stage` in it (a card by its place `under`, a card put under the stage)
    set to the stage `number` (from 0) that says it: the engine reads numbers, not places.
    Nodes without one are returned as they are (the shipped stages: all of them)."""
    if isinstance(node, (tuple, list)):
        changed = [this_stage(n, number) for n in node]
        return node if all(a is b for a, b in zip(changed, node)) else type(node)(changed)
    if not attrs.has(type(node)):
        return node
    kind = kind_of(node) or EXPRESSIONS.get(type(node))
    if kind is not None and kind.says_this_stage(node):
        node = attrs.evolve(node, stage=number)
    changes: dict[str, Any] = {}
    for field in attrs.fields(type(node)):
        value = getattr(node, field.name)
        if field.init and (attrs.has(type(value)) or isinstance(value, (tuple, list))):
            new = this_stage(value, number)
            if new is not value:
                changes[field.name] = new
    return attrs.evolve(node, **changes) if changes else node


def most_asked(tables: Tables) -> tuple[int, ...]:
    """The most units of each resource that one cost of the rule set asks (a card's, a
    wonder stage's): as many as a city can ever need of it at once."""
    costs = [c.cost for c in tables.cards] + [s.cost for side in tables.sides for s in side.stages]
    return tuple(max([cost[r] for cost in costs], default=0) for r in range(len(tables.resources)))


def ruled_helds(sources: Iterable[Source], most: tuple[int, ...]) -> dict[tuple[int, str], Held]:
    """What each source adds to a city's tables under each change of a law over cards
    (engine/held.py `held_under`), by (id of the source, change)."""
    return {(id(source), change): held_under(source.held, change, most)
            for source in sources for change in CARD_CHANGES}


def dealt_decks(tables: Tables) -> dict[tuple[int, int], Any]:
    """Each age's deck (decks.py `deck_of`) at every player count the rules allow and every
    count a table of theirs deals for (`cards as for N players`), by (age number, count).
    An age whose deals differ (a phase's `deal N cards from age A, with ...` other than the
    age's own) is left to be worked out as it is dealt (decks.py `dealing`)."""
    rules = tables.rules
    deals: dict[int, list[Any]] = {}
    for age in rules.ages:
        deals.setdefault(age.number, []).append(age)
    for phase in rules.phases:
        for step in phase.steps:
            if isinstance(step, AgeDeal):
                deals.setdefault(step.number, []).append(step)
    counts = sorted({*range(rules.min_players, rules.max_players + 1), *(t.deal_as for t in tables.ruleset.tables)})
    return {(number, players): deck_of(tables, same[0], players) for number, same in deals.items()
            if all(d.random_additions == same[0].random_additions for d in same) for players in counts}


def compile_rules(ruleset: RuleSet) -> Tables:
    resources = ruleset.vocabulary.resources
    res_index = {r: i for i, r in enumerate(resources)}
    rules = ruleset.rules
    color_category = dict(rules.color_points_categories)

    def cost_vector(cost: Cost) -> tuple[int, ...]:
        vec = [0] * len(resources)
        for name, n in cost.resources:
            vec[res_index[name]] += n
        return tuple(vec)

    def source(index: int, name: str, kind: str, color: str | None, age: int, cost: Cost, chains: Iterable[str],
               effects: Iterable[Any], category: str | None, copies: tuple[int, ...] = ()) -> Source:
        filed: dict[str, list[Any]] = {part: [] for part in PARTS}
        for e in effects:
            effect_kind = effect_kind_of(e)
            if effect_kind is None:
                raise UnhandledKind(f"compile/tables.py has no place for the effect kind {type(e).__name__}")
            part, entry = effect_kind.filed(e, _LENT)       # its kind says where it goes
            filed[part].append(entry)
        made = Source(index, name, kind, color, age, cost.coins, cost_vector(cost), frozenset(chains),
                      tuple(filed["static"]), tuple(filed["when_built"]), tuple(filed["turn_end"]),
                      tuple(filed["game_end"]), tuple(filed["scores"]), tuple(filed["triggers"]),
                      sum(filed["points"]), category, copies)
        made.laws = tuple(filed["laws"])
        return made

    cards = tuple(source(i, c.name, "card", c.color, c.age, c.cost, c.chains, c.effects,
                         color_category.get(c.color), c.copies)
                  for i, c in enumerate(ruleset.cards))
    for card, checked in zip(cards, ruleset.cards):
        card.deck = checked.deck
    sides: list[SideInfo] = []
    for w in ruleset.wonders:
        for s in w.sides:
            board = source(-1, f"{w.name} {s.name}", "board", None, 0, Cost(), (), s.effects, None)
            stages = tuple(source(-1, f"{w.name} {s.name} stage {n}", "stage", None, 0, st.cost, (),
                                  this_stage(st.effects, n - 1), rules.stage_points_category)
                           for n, st in enumerate(s.stages, 1))
            sides.append(SideInfo(w.name, s.name, board, stages, s.any_order))
    return Tables(ruleset, resources, ruleset.vocabulary.symbols, cards, tuple(sides))


_LENT = sys.modules[__name__]      # what a kind's `filed` is lent: `kind_of`, the kinds of the actions it holds
