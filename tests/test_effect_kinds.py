"""Every kind of effect and action has its place in every pass that must handle it
(the check, compile/tables.py, the city's tables, the trigger dispatcher, the decision points,
scoring, the English and Dutch describers, the printer, the cards' icons, the bots' reading
of a source and so their valuation): a kind left out fails here, never silently in a game
(issue 17, item 3).

The kinds are found in syntax/ast_effects.py (its `Effect` and `Action` unions, every class
of the module being a kind, an expression or a part of one), not in a list kept here.
tests/every_effect.wonders holds an example of every kind; each pass is given each example,
and its games run each of them through the engine.  A kind a pass does not know is refused
with UnhandledKind naming the pass."""

from __future__ import annotations

import inspect
import itertools
import typing
from pathlib import Path

import attrs
import pytest

from interpreter.views import describe, describe_nl
from interpreter.check.context import Context
from interpreter.check.effects import check_action, check_effect
from interpreter.check.load import check_paths
from interpreter.compile import STATIC_KINDS, UnhandledKind, compile_rules
from interpreter.bots import reads
from interpreter.engine.game import Game
from interpreter.views.render import effect_icons
from interpreter.syntax import ast, ast_effects, printer
from interpreter.syntax.ast_effects import EFFECT_TYPES
from interpreter.bots.seats import make_deciders

EVERY_EFFECT = Path(__file__).parent / "every_effect.wonders"
EFFECT_KINDS = typing.get_args(ast_effects.Effect)
ACTION_KINDS = typing.get_args(ast_effects.Action)
ACTION_TYPES = ACTION_KINDS       # (the name earlier tests used)


@pytest.fixture(scope="module")
def ruleset():
    result = check_paths([str(EVERY_EFFECT)])
    assert result.ruleset is not None
    return result.ruleset


def _kinds(node, found):
    found.add(type(node))
    if attrs.has(type(node)):
        for field in attrs.fields(type(node)):
            value = getattr(node, field.name)
            for item in value if isinstance(value, tuple) else (value,):
                if attrs.has(type(item)):
                    _kinds(item, found)
    return found


def test_the_fixture_holds_every_kind_of_effect_and_action(ruleset):
    found = set()
    for source in itertools.chain(ruleset.cards, *((s, *s.stages) for w in ruleset.wonders for s in w.sides)):
        for effect in source.effects:
            _kinds(effect, found)
    assert set(EFFECT_KINDS) <= found
    assert set(ACTION_KINDS) <= found


def _classes_named(hint, found):
    if inspect.isclass(hint):
        found.add(hint)
    for arg in typing.get_args(hint):
        _classes_named(arg, found)
    return found


def test_every_class_of_the_tree_of_effects_is_a_kind_or_a_part_of_one():
    """A node class added to ast_effects.py but to neither union would be met by no pass:
    every class there is an effect kind, an action kind, an expression, or a part named
    in the fields of another class."""
    defined = {c for _, c in inspect.getmembers(ast_effects, inspect.isclass)
               if c.__module__ == ast_effects.__name__ and attrs.has(c)}
    parts = set()
    kind_nodes = (*typing.get_args(ast_effects.Action), *ast_effects.LAW_EFFECTS, *EFFECT_KINDS)
    for cls in defined | {c for c in kind_nodes if c.__module__.startswith("interpreter.kinds.")}:
        for hint in typing.get_type_hints(cls, vars(ast_effects)).values():   # a kind module's parts too
            _classes_named(hint, parts)
    kinds = set(EFFECT_KINDS) | set(ACTION_KINDS) | set(typing.get_args(ast_effects.Expr))
    assert defined - kinds - parts == set()
    assert EFFECT_TYPES == EFFECT_KINDS          # the tuple the check filters items with
    assert ast.EFFECT_TYPES == EFFECT_KINDS and ast.Action == ast_effects.Action


@pytest.fixture(scope="module")
def examples(ruleset):
    """kind -> one example of it from the fixture."""
    found = {}

    def walk(node):
        found.setdefault(type(node), node)
        for field in attrs.fields(type(node)):
            value = getattr(node, field.name)
            for item in value if isinstance(value, tuple) else (value,):
                if attrs.has(type(item)):
                    walk(item)
    for source in itertools.chain(ruleset.cards, *((s, *s.stages) for w in ruleset.wonders for s in w.sides)):
        for effect in source.effects:
            walk(effect)
    return found


def _checked_effect(effect):
    check_effect(effect, Context())      # reports what an empty vocabulary lacks; never refuses the kind


def _compiled_effect(effect, ruleset):
    card = ruleset.cards[0]
    compile_rules(attrs.evolve(ruleset, cards=(attrs.evolve(card, effects=(effect,)),) + ruleset.cards[1:]))


def _city_adds(effect, ruleset):
    """A static kind is added up by the city; the others are compiled apart (see below)."""
    if isinstance(effect, STATIC_KINDS):
        tables = compile_rules(ruleset)
        Game(tables, 3, 0).cities[0]._add_static(tables.compiled(attrs.evolve(tables.cards[0], static=(effect,))))


def _bots_read_effect(effect, ruleset):
    """The bots' reading of a source (reads.facts, which valuation.py weighs) has a row for
    the kind; a kind the city adds up is read from a compiled source holding it."""
    assert reads.role(reads.EFFECT_ROLES, effect)
    if isinstance(effect, STATIC_KINDS):
        tables = compile_rules(ruleset)
        reads.facts(attrs.evolve(tables.cards[0], static=(effect,)), tables)


EFFECT_PASSES = {
    "check/effects.py": lambda e, rs: _checked_effect(e),
    "compile/tables.py": _compiled_effect,
    "engine/city.py": _city_adds,
    "describe.py": lambda e, rs: describe.effect_text(e),
    "describe_nl.py": lambda e, rs: describe_nl.effect_text(e),
    "syntax/printer.py": lambda e, rs: printer.effect(e),
    "render/effect_icons.py": lambda e, rs: effect_icons.effect(e, rs.vocabulary),
    "bots/reads.py": _bots_read_effect,
}


def _dispatched(action, ruleset):
    """The compile pass makes the action an operation, which the trigger dispatcher carries out."""
    game = Game(compile_rules(ruleset), 3, 0)
    game.events.run_operation(game.tables.operation_of(action), 0, game.events.where(0, game.neighbours(0)[0]))


def _bots_read_action(action, ruleset):
    assert reads.role(reads.ACTION_ROLES, action)
    tables = compile_rules(ruleset)
    reads.facts(attrs.evolve(tables.cards[0], when_built=(action,)), tables)


ACTION_PASSES = {
    "check/effects.py": lambda a, rs: check_action(a, Context(), neighbour=True),
    "compile/tables.py, engine/triggers.py": _dispatched,
    "describe.py": lambda a, rs: describe.action_text(a),
    "describe_nl.py": lambda a, rs: describe_nl.action_parts(a),
    "syntax/printer.py": lambda a, rs: printer.action(a),
    "render/effect_icons.py": lambda a, rs: effect_icons.action(a, rs.vocabulary),
    "bots/reads.py": _bots_read_action,
}


@pytest.mark.parametrize("kind", EFFECT_KINDS, ids=lambda k: k.__name__)
@pytest.mark.parametrize("name", EFFECT_PASSES)
def test_every_pass_handles_every_effect_kind(examples, ruleset, name, kind):
    EFFECT_PASSES[name](examples[kind], ruleset)


@pytest.mark.parametrize("kind", ACTION_KINDS, ids=lambda k: k.__name__)
@pytest.mark.parametrize("name", ACTION_PASSES)
def test_every_pass_handles_every_action_kind(examples, ruleset, name, kind):
    ACTION_PASSES[name](examples[kind], ruleset)


def test_every_static_kind_is_added_up_by_the_city():
    """Every effect kind is one of: compiled apart (points, scores, actions, triggers) or
    static, and every static kind has its branch in City._add_static."""
    apart = {ast.Points, ast.Score, ast.WhenBuilt, ast.AtGameEnd, ast.Trigger, ast.Law}   # laws: engine/laws.py
    assert set(EFFECT_TYPES) == apart | set(STATIC_KINDS)


@pytest.mark.parametrize("players", [3, 4])
def test_games_of_every_effect_run_every_kind(ruleset, players):
    tables = compile_rules(ruleset)
    for seed in range(6):
        game = Game(tables, players, seed)
        game.play(make_deciders(["random"], players, seed, None))
        assert game.finished


@attrs.frozen
class Teleport:
    """A kind of effect no pass knows (as if added to the grammar alone)."""
    span: object = None


def test_an_unknown_kind_is_refused_by_each_pass_naming_it(ruleset):
    card = ruleset.cards[0]
    strange = attrs.evolve(ruleset, cards=(attrs.evolve(card, effects=card.effects + (Teleport(),)),)
                           + ruleset.cards[1:])
    with pytest.raises(UnhandledKind, match="compile/tables.py has no place for the effect kind Teleport"):
        compile_rules(strange)
    tables = compile_rules(ruleset)
    game = Game(tables, 3, 0)
    with pytest.raises(UnhandledKind, match="compile/held.py .* Teleport"):     # compiled for the city
        tables.compiled(attrs.evolve(tables.cards[0], static=(Teleport(),)))
    with pytest.raises(UnhandledKind, match="compile/program.py cannot make an operation of the action kind Teleport"):
        tables.operation_of(Teleport())
    with pytest.raises(UnhandledKind, match="check/effects.py has no rule for the effect kind Teleport"):
        check_effect(Teleport(), Context())
    with pytest.raises(UnhandledKind, match="check/effects.py has no rule for the action kind Teleport"):
        check_action(Teleport(), Context())
    for describer in (describe, describe_nl):
        name = describer.__name__.rsplit(".", 1)[1]
        with pytest.raises(UnhandledKind, match=f"{name}.py has no words for the effect kind Teleport"):
            describer.effect_text(Teleport())
    with pytest.raises(UnhandledKind, match="describe.py has no words for the action kind Teleport"):
        describe.action_text(Teleport())
    with pytest.raises(UnhandledKind, match="describe_nl.py has no words for the action kind Teleport"):
        describe_nl.action_parts(Teleport())
    for what, call in (("effect", printer.effect), ("action", printer.action)):
        with pytest.raises(UnhandledKind, match=f"syntax/printer.py has no words for the {what} kind Teleport"):
            call(Teleport())
    for what, call in (("effect", effect_icons.effect), ("action", effect_icons.action)):
        with pytest.raises(UnhandledKind, match=f"render/effect_icons.py has no picture for the {what} kind Teleport"):
            call(Teleport(), ruleset.vocabulary)
    for what, field in (("effect", "static"), ("action", "when_built")):
        with pytest.raises(UnhandledKind, match=f"bots/reads.py has no reading of the {what} kind Teleport"):
            reads.facts(attrs.evolve(tables.cards[0], **{field: (Teleport(),)}), tables)


def test_an_unknown_event_is_refused_by_the_checker_and_the_printer_naming_it():
    """An event no kind of kinds/events/ knows (as if added to the grammar alone): refused
    as an unknown effect is, not an AttributeError of a missing kind (found by mypy)."""
    from interpreter.check.effects import _event
    with pytest.raises(UnhandledKind, match="check/effects.py has no rule for the event 'teleported'"):
        _event("teleported", None, Context())
    with pytest.raises(UnhandledKind, match="syntax/printer.py has no words for the event 'teleported'"):
        printer.event("teleported")


def test_the_bots_reading_has_one_row_per_kind_and_no_other():
    """reads.py's tables name every effect and action kind of the language, and nothing else."""
    assert set(reads.EFFECT_ROLES) == set(EFFECT_KINDS)
    assert set(reads.ACTION_ROLES) == set(ACTION_KINDS)



# The bots read what a source does through bots/reads.py's Facts; a kind is either read
# into one of its fields, or valued another way, named here with how.
BOTS_READ = {
    ast.Produces: "produces", ast.Shields: "shields", ast.Science: "science", ast.TradeDiscount: "trades",
    ast.FreeBuild: "powers", ast.PlayLastCard: "powers", ast.BuildFromDiscard: "powers",
    ast.FreeByToken: "powers",
    ast.GainCoins: "coin_actions", ast.LoseCoins: "coin_actions", ast.TakeKeptTokens: "kept",
    ast.InEachCity: "others", ast.TradeRebate: "city_powers", ast.BankPurchase: "city_powers",
    ast.ProducesLike: "city_powers", ast.Discount: "discounts", ast.DefeatsToNeighbour: "gives_defeats",
    ast.DiscardBuilt: "removals", ast.GainShields: "shields", ast.DiscardTokens: "given_back",
    ast.LoseBoardProduction: "removals",
}
BOTS_VALUE_OTHERWISE = {
    ast.Points: "the score pad", ast.Score: "the score pad", ast.AtGameEnd: "scored in full (score_city)",
    ast.CopyCard: "scored in full (score_city)", ast.CopyStage: "the best stage it may copy now (_copy_worth)",
    ast.CopySymbol: "scored in full (score_city)",
    ast.WhenBuilt: "its action", ast.AtTurnEnd: "its action (compiled apart)",
    ast.TakeToken: "the military model", ast.Trigger: "not valued: a trigger acts on events to come",
    ast.FreeRule: "not valued yet",
    ast.DrawInto: "not valued: the cards drawn are played later, each valued then",
    ast.PlayFrom: "not valued: the card played is a decision, valued then",
    ast.MayPay: "not valued when built: the offer is a decision, valued then (bots/offers.py)",
    ast.Law: "not valued as a building: it reaches every city alike; a law in force is in the cities' tables",
}


@pytest.mark.parametrize("kind", EFFECT_KINDS + ACTION_KINDS, ids=lambda k: k.__name__)
def test_the_bots_read_every_kind_or_say_how_they_value_it(ruleset, kind):
    from interpreter.bots.reads import facts
    assert (kind in BOTS_READ) != (kind in BOTS_VALUE_OTHERWISE), kind.__name__
    field = BOTS_READ.get(kind)
    if field is None:
        return
    tables = compile_rules(ruleset)
    for source in tables.cards:
        read = facts(source, tables)
        value = getattr(read, field)
        if value if isinstance(value, (bool, int)) else any(isinstance(item, kind) for item in value):
            return
    raise AssertionError(f"no source of the fixture has its {kind.__name__} in Facts.{field}")


def test_the_bots_value_harm_to_others_and_powers(ruleset):
    """A card hurting the other cities, or easing the owner's payments, is worth more to
    the appraiser than the same card without those effects."""
    from interpreter.bots.valuation import Appraiser
    tables = compile_rules(ruleset)
    game = Game(tables, 3, 0)
    for city in game.cities:
        city.coins = 5
    appraiser = Appraiser(game, 0)
    for name in ("Red", "Blue"):
        index = tables.card_index(name)
        with_them = appraiser._part("build", index)[0].points
        card = tables.cards[index]
        bare = attrs.evolve(card, when_built=(), turn_end=(), static=tuple(
            e for e in card.static if not isinstance(e, (ast.TradeRebate, ast.ProducesLike))))
        plain = Appraiser(game, 0)
        plain.tables = attrs.evolve(tables, cards=tuple(bare if c is card else c for c in tables.cards))
        without = plain._part("build", index)[0].points
        assert with_them > without, name
def test_the_bots_read_every_lasting_kind(ruleset):
    """Every kind that acts while owned is read by the bots' valuation (bots/reads.py
    `facts`), so a bot values a card or leader by what it does, never by its name."""
    from interpreter.bots.reads import facts
    tables = compile_rules(ruleset)
    sources = list(tables.cards) + [s for side in tables.sides for s in (side.board, *side.stages)]
    read = set()
    for source in sources:
        known = facts(source, tables)
        listed = known.science + known.produces + known.trades + known.powers + known.discounts + known.city_powers
        for effect in source.static:
            if effect in listed or (isinstance(effect, ast.Shields) and known.shields) or \
                    (isinstance(effect, ast.DefeatsToNeighbour) and known.gives_defeats):
                read.add(type(effect))
    assert read == set(STATIC_KINDS)


def test_every_event_has_words_on_a_chip():
    """A new event of the language is shown in the reader's words on a card's chip and in
    the log, not as its English key: each of ast.EVENTS is marked for the catalog where it
    is written and has its Dutch in nl.po."""
    from interpreter import i18n
    from interpreter.views.render.effect_icons import event_word
    from interpreter.syntax.ast_effects import EVENTS
    i18n.choose("nl")
    assert [e for e in EVENTS if event_word(e) == e] == []
