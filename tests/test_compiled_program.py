"""The compile pass makes the whole run-time program before the first game (issue 34, "A
whole compile pass"): nothing the engine runs is compiled or worked out on first use during
play; the rules' actions are operations and their triggers hooks (engine/program.py), which
the game's flow holds and runs; and every one a save's flow can hold, the laws' triggers and
their actions among them, has its number in the program, the number its rule object had
before there were operations, so a game saves at any decision point and older saves load."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from interpreter import api
from interpreter.bots import make_bot
from interpreter.check.load import check_paths
from interpreter.compile import Source, compile_rules
from interpreter.engine.game import Game
from interpreter.engine.program import FIXED_EVENTS, Hook, Operation
from interpreter.engine.saves import game_from_data, game_to_data
from interpreter.kinds.effects import part_of

EVERY_EFFECT = Path(__file__).parent / "every_effect.wonders"

# What the engine may still keep in `Tables.cache` during play: memos keyed by what only a
# game knows (each one's docstring says why it is not made by the compile pass):
# an action's words by the action (engine/labels.py), the actions of the cards interned by
# payment (engine/actions.py `made`), a step of the payment tables' signatures by the
# signatures (engine/city_tables.py `_sign_after`).  (An age's deck at a player count no
# game of the rules plays, decks.py `dealing`, is one too: not asked here.)
PLAY_MEMOS = {"labels", "actions", "signed after"}


def _name(key: object) -> object:
    return key[0] if isinstance(key, tuple) else key


def _rule_sets():
    yield "first edition", api.load("first-edition").tables
    yield "babel", api.load("first-edition", expansions=["babel"]).tables
    yield "every effect", compile_rules(check_paths([EVERY_EFFECT]).ruleset)


@pytest.mark.parametrize("name, tables", list(_rule_sets()), ids=lambda x: x if isinstance(x, str) else "")
def test_a_game_works_nothing_out_on_first_use_during_play(name, tables):
    for seed in (1, 2):
        before = set(tables.cache)
        game = Game(tables, 4, seed)
        game.play([make_bot("random", seed * 10 + seat) for seat in range(4)])
        assert game.finished
        new = {_name(key) for key in set(tables.cache) - before}
        assert new <= PLAY_MEMOS, f"{name}: worked out during play: {sorted(map(str, new - PLAY_MEMOS))}"


def decision_points(tables, seeds: int):
    """Each game (4 players, seeds 0 to `seeds` - 1) at every decision point, a random
    option chosen once the caller has looked."""
    for seed in range(seeds):
        game = Game(tables, 4, seed)
        rng = random.Random(seed)
        while (decision := game.decision()) is not None:
            yield game
            decision.choose(rng.randrange(len(decision.options)))


def test_a_game_saves_and_loads_in_the_middle_of_a_laws_trigger():
    """Babel's project tiles are laws whose triggers offer a choice (`may pay ... to ...`):
    the trigger acting and its action stand in the flow of a save made there."""
    loaded = api.load("first-edition", expansions=["babel"])
    tables = loaded.tables
    inside = 0
    for game in decision_points(tables, 3):
        if game.events.acting:                 # a chain of triggers is acting
            inside += 1
            data = game_to_data(game)
            copy = game_from_data(tables, data)
            assert game_to_data(copy) == data
    assert inside, "no save was made inside a chain of triggers"


def test_every_rule_object_a_flow_can_hold_is_numbered_and_the_old_numbers_stay():
    """The laws' triggers and actions come after every number older saves hold."""
    tables = api.load("first-edition", expansions=["babel"]).tables
    law_effects = [law.effect for card in tables.cards for law in card.laws if part_of(law.effect) == "triggers"]
    assert law_effects
    for effect in law_effects:
        assert id(effect) in tables.numbers
    first_law = min(tables.numbers[id(effect)] for effect in law_effects)
    assert all(not any(law.effect is getattr(thing, "node", thing) for card in tables.cards for law in card.laws)
               for thing in tables.operations[:first_law])


def test_the_prices_written_in_the_rules_are_compiled_with_them():
    """Every offer's price (`may pay PRICE to ...`) and every card use's is in the program,
    as (coins, units, tokens); a price made outside the rules is worked out when asked."""
    tables = api.load("first-edition", expansions=["babel"]).tables
    offers = [op.node for op in tables.operations if type(op) is Operation and type(op.node).__name__ == "MayPay"]
    assert offers
    for offer in offers:
        items, price = tables.offer_prices[id(offer.items)]
        assert items is offer.items and tables.offer_price(offer.items) == price == tables.written_price(items)
    assert tables.offer_price(()) == (0, (0,) * len(tables.resources), ())


def test_each_age_deck_is_made_for_every_player_count_the_rules_deal_for():
    from interpreter.decks import deck_of, dealing
    tables = api.load("first-edition").tables
    rules = tables.rules
    counts = set(range(rules.min_players, rules.max_players + 1)) | {t.deal_as for t in tables.ruleset.tables}
    assert set(tables.decks) == {(age.number, n) for age in rules.ages for n in counts}
    for age in rules.ages:
        for n in counts:
            assert dealing(tables, age, n) is tables.decks[(age.number, n)] == deck_of(tables, age, n)
    other = max(counts) + 1                   # a count no game of these rules deals for: worked out when asked
    assert dealing(tables, rules.ages[0], other) == deck_of(tables, rules.ages[0], other)
    assert ("dealing", rules.ages[0].number, other) in tables.cache


@pytest.mark.parametrize("name, tables", list(_rule_sets()), ids=lambda x: x if isinstance(x, str) else "")
def test_the_program_is_operations_and_hooks_numbered_where_their_rule_objects_stand(name, tables):
    """Each trigger of the program is a Hook, each action an Operation, numbered (`id`)
    where the rule object it was made of stands (the number a save holds, before and since
    there were operations); what each holds and what each source runs is the program's own."""
    program = tables.operations
    kinds = {Source: 0, Hook: 0, Operation: 0}
    for n, thing in enumerate(program):
        kinds[type(thing)] += 1
        if type(thing) is Source:
            assert tables.numbers[id(thing)] == n
            continue
        assert tables.numbers[id(thing)] == tables.numbers[id(thing.node)] == thing.id <= n
        assert program[thing.id] is thing
        held = thing.operation if type(thing) is Hook else thing.inner
        assert held is None or program[held.id] is held
    assert all(kinds.values()), f"{name}: {kinds}"
    for source in tables.sources():
        run = source.run
        for op in (*run.when_built, *run.turn_end, *run.game_end, *run.triggers):
            assert program[op.id] is op
        assert [hook.node for hook in run.triggers] == list(source.triggers)
        assert [op.node for op in run.when_built] == list(source.when_built)


@pytest.mark.parametrize("name, tables", [rule_set for rule_set in _rule_sets() if rule_set[0] != "first edition"],
                         ids=lambda x: x if isinstance(x, str) else "")
def test_the_flow_holds_and_runs_the_programs_operations(name, tables):
    """At every decision point the steps that run an action, the actions set aside for the
    turn's end and the chain of triggers acting hold the program's operations and hooks."""
    program = tables.operations
    held = 0
    for game in decision_points(tables, 4):
        ops = [step[1] for step in game.stack if step[0] in ("run", "each", "offer", "copy_from", "remove_from",
                                                             "put_from", "zone_play")]
        ops += [op for _seat, op, _source in game.pending]
        hooks = [*game.events.acting, *(step[3] for step in game.stack if step[0] == "trigger")]
        for thing in (*ops, *hooks):
            assert type(thing) in (Operation, Hook) and program[thing.id] is thing
        held += len(ops) + len(hooks)
    assert held, f"{name}: no operation stood in the flow at a decision"


@pytest.mark.parametrize("name, tables", list(_rule_sets()), ids=lambda x: x if isinstance(x, str) else "")
def test_the_events_are_numbered_by_the_compile_pass_and_the_engine_holds_their_numbers(name, tables):
    """Events are numbers in the program (engine/program.py `Events`): the events of their
    own at the same numbers in every rule set, then each event of a family that a rule
    names; every hook listens to a number, the dispatcher's tables are keyed by numbers."""
    from interpreter.kinds.event_base import Event
    events = tables.events
    assert events.names[:len(Event)] == tuple(Event) and all(events.number(e) == FIXED_EVENTS[e] for e in Event)
    assert all(events.names[events.numbers[words]] == words for words in events.names)
    assert len(set(events.names)) == len(events.names)
    for thing in tables.operations:
        if type(thing) is Hook:
            assert type(thing.event) is int and events.names[thing.event] == thing.node.event
    assert tables.heard and all(type(e) is int for e in tables.heard)
    assert all(type(e) is int for e in tables.rule_listeners)
    for colour, number in events.colour_built.items():
        assert events.names[number] == f"{colour} card built"
    assert events.number("tea time") == -1


def test_a_family_event_no_rule_names_is_not_numbered_and_so_never_fired():
    """Babel's tiles listen to `COLOUR card built` for some colours: those are numbered;
    a colour no rule names is not, and building it fires nothing beyond `building built`."""
    tables = api.load("first-edition", expansions=["babel"]).tables
    named = {t.event for card in tables.cards for law in card.laws if part_of(law.effect) == "triggers"
             for t in [law.effect]} | {t.event for s in tables.sources() for t in s.triggers}
    colours = {c for c in {card.color for card in tables.cards} if f"{c} card built" in named}
    assert set(tables.events.colour_built) == colours
    assert colours
    from interpreter.engine.flow.resolve import built
    game = Game(tables, 4, 0)
    named_colour = next(c for c in tables.cards if c.color in colours)
    other_colour = next(c for c in tables.cards if c.color not in colours)
    for card in (named_colour, other_colour):
        game.stack = []
        built(game, 0, card)
        fired = [step[1] for step in game.stack if step[0] == "fire"]
        colour_event = tables.events.colour_built.get(card.color)
        assert fired == [e for e in (colour_event, FIXED_EVENTS["building built"]) if e is not None and e in tables.heard]
        assert (colour_event in fired) == (card.color in colours)


def test_a_save_writes_each_event_by_its_words():
    """A save's flow writes an event as its words, as saves always have (the numbers are
    the program's own); a save in the middle of a chain of triggers loads with the same
    numbers."""
    tables = api.load("first-edition", expansions=["babel"]).tables
    written = 0
    for game in decision_points(tables, 3):
        steps = game_to_data(game)["flow"]["steps"]
        for step in steps:
            parts = step["list"]
            if parts[0] in ("fire", "trigger", "trigger_done"):
                words = parts[1] if parts[0] == "fire" else parts[5] if parts[0] == "trigger" else parts[3]
                assert isinstance(words, str) and tables.events.number(words) >= 0
                written += 1
        loaded = game_from_data(tables, game_to_data(game))
        assert loaded.stack == game.stack
    assert written, "no save held an event"


@pytest.mark.parametrize("name, tables", list(_rule_sets()), ids=lambda x: x if isinstance(x, str) else "")
def test_a_game_looks_no_measure_up_by_its_name_during_play(name, tables, monkeypatch):
    """Measures need no numbers: the compile pass made every quantity a function of a
    `Where` (compile/expressions.py `value_fn`), so the engine playing a game asks the registry of
    measures nothing (only the bots' weighing evaluates the tree; random bots do not)."""
    import interpreter.compile.expressions as expressions
    import interpreter.kinds.measures as measures

    class Refusing(dict):
        def __getitem__(self, key):
            raise AssertionError(f"{name}: the measure {key!r} was looked up during play")

        def get(self, key, default=None):
            return self[key]
    monkeypatch.setattr(expressions, "MEASURES", Refusing())
    monkeypatch.setattr(measures, "MEASURES", Refusing())
    for seed in (1, 2):
        game = Game(tables, 4, seed)
        game.play([make_bot("random", seed * 10 + seat) for seat in range(4)])
        assert game.finished and game.scores()
