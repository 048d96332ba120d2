"""The product's declared vocabulary, held by tests (issue 34, item 4): one root error
class every error of `interpreter` derives from, so a caller can tell the product's own
errors from Python's and a library's; the Protocols that say what a decider, a bot and a
simulation engine are, met by every one the product ships; and mypy in strict mode over
the modules listed in pyproject.toml."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import pytest

import interpreter
from interpreter.errors import WondersError


def _modules():
    """Every module of the interpreter package, imported; a module that needs an optional
    extra which is not installed is left out (its name and the missing module are kept)."""
    modules, missing = [], []
    for info in pkgutil.walk_packages(interpreter.__path__, "interpreter.",
                                      onerror=lambda name: missing.append((name, "walk"))):
        try:
            modules.append(importlib.import_module(info.name))
        except ModuleNotFoundError as error:
            if (error.name or "").partition(".")[0] in {"interpreter", "cli"}:
                raise                            # our own module missing is a bug, not an extra
            missing.append((info.name, error.name))
    return modules, missing


def _defined_errors():
    modules, _ = _modules()
    return [value for module in modules for value in vars(module).values()
            if inspect.isclass(value) and issubclass(value, Exception)
            and value.__module__ == module.__name__]


def test_the_walk_finds_the_known_errors():
    """The walk is not empty by accident: it sees errors of several layers."""
    names = {f"{error.__module__}.{error.__qualname__}" for error in _defined_errors()}
    assert {"interpreter.engine.game.RulesError", "interpreter.inputs.FileTooLarge",
            "interpreter.sim.store.StoreRefused", "interpreter.marked.Worded"} <= names
    assert len(names) > 40


def test_every_error_of_the_product_derives_from_wonders_error():
    """Every Exception subclass the package defines has WondersError among its bases
    (directly or through its own base). A BaseException that is no Exception
    (`commands.exits.Terminated`, a KeyboardInterrupt so that `except Exception` lets it
    through) is outside the rule by its nature; the package defines no Warning."""
    strays = sorted(f"{error.__module__}.{error.__qualname__}" for error in _defined_errors()
                    if not issubclass(error, WondersError))
    assert strays == []


def test_the_root_keeps_every_former_base():
    """Deriving from the root changed no `except` clause: an error that was an OSError,
    ValueError, TypeError or RuntimeError still is one."""
    from interpreter.bots.base import BotError, BotSpecError
    from interpreter.cachefiles import CacheRefused
    from interpreter.inputs import FileTooLarge, NotRegularFile
    from interpreter.studio.guard import Outside
    from interpreter.syntax.ast_effects import UnhandledKind
    for error, base in [(NotRegularFile, OSError), (FileTooLarge, OSError),
                        (CacheRefused, OSError), (BotSpecError, ValueError),
                        (Outside, ValueError), (UnhandledKind, TypeError),
                        (BotError, RuntimeError)]:
        assert issubclass(error, base) and issubclass(error, WondersError), error
    refused = CacheRefused("a link")
    assert str(refused) == "a link" and refused.reason == "a link"


def test_every_shipped_bot_is_a_plug_in_bot():
    """The built-in bots, and the example of docs/bots.md, meet `PlugInBot`; the random
    bot also says it picks moves, and the deciders it is wrapped in follow from that."""
    from interpreter.bots.base import ChoosesMoves, PlugInBot
    from interpreter.bots.registry import BUILT_IN, make_bot
    from interpreter.engine.decisions import Decider, picks_moves
    from conftest import ROOT
    specs = list(BUILT_IN) + [f"{ROOT / 'docs' / 'examples' / 'first_bot.py'}:PointsFirst"]
    for spec in specs:
        seat = make_bot(spec, 1)
        assert isinstance(seat.bot, PlugInBot), spec
        assert isinstance(seat, Decider), spec
        assert picks_moves(seat) == isinstance(seat.bot, ChoosesMoves) == (spec == "random"), spec


def test_the_engines_deciders_meet_the_decider_protocols():
    """A log, a person and the search's imagined players are deciders; the rollout policy
    says both that it names legal actions and that it picks moves, the tree walk only the
    first; a thing with no `decide` is no decider."""
    from interpreter.bots.rollout import FastPolicy, TreeWalk
    from interpreter.engine.decisions import Decider, NamesLegal, PicksMoves, names_legal, picks_moves
    from interpreter.engine.replay import ReplayDecider
    from interpreter.commands.human import HumanDecider
    for cls in (ReplayDecider, HumanDecider, FastPolicy, TreeWalk):
        assert issubclass(cls, Decider), cls
    assert names_legal.__doc__ and picks_moves.__doc__
    policy = FastPolicy.__new__(FastPolicy)            # its flags are the class's
    walk = TreeWalk.__new__(TreeWalk)
    assert isinstance(policy, NamesLegal) and isinstance(policy, PicksMoves)
    assert names_legal(policy) and picks_moves(policy)
    assert names_legal(walk) and not picks_moves(walk)
    assert not isinstance(object(), Decider)


def test_the_simulation_engines_share_one_interface():
    """The runner's engines (this process, a pool, a Dask cluster) all meet `Engine`."""
    from interpreter.sim.dask_engine import DaskEngine
    from interpreter.sim.runner import Engine, InProcess, ProcessPool
    for cls in (InProcess, ProcessPool, DaskEngine):
        assert issubclass(cls, Engine), cls
    assert not issubclass(int, Engine)


@pytest.mark.slow
def test_mypy_strict_over_the_typed_modules():
    """mypy, strict, over the files pyproject.toml's [tool.mypy] lists (it takes seconds:
    slow).  The list is read back so that a file cannot leave it without this test
    saying which are covered."""
    import subprocess
    import sys
    import tomllib
    from conftest import ROOT
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert config["strict"] is True and "interpreter/errors.py" in config["files"]
    done = subprocess.run([sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml")],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_decision_kinds_are_one_closed_vocabulary():
    """`decisions.DecisionKind` (the checker's Literal) and `decisions.KINDS` (the run
    time's tuple) name the same kinds, in the same order, and those of the registry of
    kinds/decisions/ (one module each): a kind added to one and not the others fails here
    (and when the engine is imported), not in a game."""
    import typing
    from interpreter.engine.decisions import KINDS, DecisionKind
    from interpreter.kinds.decisions import DECISIONS
    assert typing.get_args(DecisionKind) == KINDS
    assert sorted(KINDS) == sorted(DECISIONS)
    assert {name for name, kind in DECISIONS.items() if kind.moves} == {"turn", "last card"}


def test_each_kind_of_variant_change_is_a_class_the_checker_applies():
    """One class per kind of variant change (syntax/ast_changes.py), each typed and each
    applied by exactly one method of check/variant_apply.py: a class added to the union
    without its method would be parsed and then silently ignored."""
    import typing

    from interpreter.check import variant_apply
    from interpreter.syntax import ast, ast_changes
    classes = set(typing.get_args(ast_changes.Change))
    assert len(classes) >= 14
    on_items, on_rules = set(variant_apply._ON_ITEMS), set(variant_apply._ON_RULES)
    assert not on_items & on_rules
    assert on_items | on_rules == classes
    for cls in classes:
        assert isinstance(cls.verb, str) or "verb" in {f.name for f in __import__("attrs").fields(cls)}, cls
        assert hasattr(cls, "what") and hasattr(cls, "target"), cls
    assert ast.Change is ast_changes.Change


@pytest.mark.parametrize("text, cls, verb, what", [
    ('set trade price 1', "SetRule", "set", "TradePrice"),
    ('remove card "Loom" of age I', "CardChange", "remove", "card"),
    ('modify card "Loom" { points 1 }', "ModifyCard", "modify", "card"),
    ('remove stage 2 of wonder "Gizah" side A', "StageChange", "remove", "stage"),
    ('remove table for 2 players', "TableChange", "remove", "table"),
    ('remove phase "age I"', "PhaseChange", "remove", "phase"),
    ('move score pad line science after military', "PadLineChange", "move", "pad line"),
])
def test_a_change_is_parsed_into_its_class(text, cls, verb, what):
    from interpreter.syntax.parser import parse_text
    tree, errors = parse_text(f'variant "v" {{\n    changes "base"\n    {text}\n}}\n', "v.wonders")
    assert not errors, errors
    (change,) = tree.items[0].body
    assert (type(change).__name__, change.verb, change.what) == (cls, verb, what)


def _protocol_members(protocol: type) -> set[str]:
    """The members a Protocol declares: its annotated attributes and its methods."""
    return set(getattr(protocol, "__annotations__", {})) | {
        name for name, value in vars(protocol).items() if inspect.isfunction(value) and name != "__init__"}


def test_what_the_passes_lend_a_kind_has_every_member_the_kind_is_told_of():
    """kinds/lent.py declares what an action or effect kind is lent (the printer, the
    describers, the icons and the notation's kits, the bots' appraiser) and mypy checks the
    kinds against it; the lenders of the views and the bots are not strict, so here: each
    has every member its Protocol names, and a member of no lender would fail."""
    from interpreter.bots.valuation import Appraiser as BotsAppraiser
    from interpreter.kinds import lent
    from interpreter.syntax import printer
    from interpreter.views import describe, describe_nl
    from interpreter.views.access.notation import Kit
    from interpreter.views.render import effect_icons
    # set by the appraiser as it weighs a source (bots/powers_worth.py `_city_powers`), or
    # in its __init__: attributes of an instance, not of the class
    instance = {"game", "seat", "city", "model", "builds_left", "age_index", "weighed", "weighed_built"}
    for protocol, lender, besides in [(lent.Printer, printer, set()), (lent.WordsEn, describe, set()),
                                      (lent.WordsNl, describe_nl, set()), (lent.IconKit, effect_icons, set()),
                                      (lent.NotationKit, Kit, set()), (lent.Appraiser, BotsAppraiser, instance)]:
        members = _protocol_members(protocol)
        assert len(members) >= 6, protocol
        missing = sorted(name for name in members - besides if not hasattr(lender, name))
        assert missing == [], (protocol.__name__, missing)
    assert not hasattr(describe, "no_such_member") and "no_such_member" not in _protocol_members(lent.WordsEn)
