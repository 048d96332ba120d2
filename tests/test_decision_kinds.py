"""One class per decision kind (issue 34, items 1 and 4): each kind of decision has its module
in interpreter/kinds/decisions/, declaring what every pass asks of it, and the passes look
it up by its name (`DECISIONS[kind]`) instead of comparing strings.  A phase's statement
that is an action too meets kinds/statement_base.py `PhaseStatement`.  The interfaces fail
a kind without one of its parts, or with a value not allowed, when it is made."""

from __future__ import annotations

import re

import pytest

from conftest import ROOT
from interpreter.engine import decisions
from interpreter.kinds import decision_base, statement_base
from interpreter.kinds.actions import ACTIONS, STATEMENTS, kind_modules
from interpreter.kinds.decisions import DECISIONS
from interpreter.syntax import ast


def test_every_decision_kind_has_its_module_named_as_the_engine_names_it():
    assert tuple(sorted(DECISIONS)) == tuple(sorted(decisions.KINDS))
    for name, kind in DECISIONS.items():
        module = type(kind).__module__.rsplit(".", 1)[1]
        assert module == name.replace(" ", "_"), (name, module)


def test_what_the_passes_read_of_the_kinds():
    """The declarations the old switches held, kind by kind (each pass reads them now)."""
    def having(field):
        return {name for name, kind in DECISIONS.items() if getattr(kind, field)}
    assert having("moves") == {"turn", "last card"}                 # was MOVE_KINDS
    assert having("phase") == {"draft", "zone"}                     # was flow/phases.py PHASE_KINDS
    assert having("collected") == {"turn", "neutral turn", "last card", "draft", "zone"}
    assert having("turn_cards") == {"turn"} and having("after_holder") == {"neutral turn"}
    assert {name: kind.hook for name, kind in DECISIONS.items() if kind.hook} == \
        {"debt": "settle", "offer": "take_offer"}                   # was bots/view.py HOOKS
    assert {name: kind.words for name, kind in DECISIONS.items()}["zone"] == "kept card"


def test_a_kind_module_of_decisions_imports_no_pass():
    allowed = re.compile(r"from (\.\.decision_base|\.\.\.i18n) import|from __future__|from typing import")
    for module in kind_modules([str(ROOT / "interpreter/kinds/decisions")], "interpreter.kinds.decisions",
                               decision_base.DecisionKind):
        text = open(module.__file__, encoding="utf-8").read()
        imports = [line for line in text.splitlines() if re.match(r"\s*(from|import) ", line)]
        assert all(allowed.match(line) for line in imports), (module.__name__, imports)


def test_no_pass_compares_a_decision_kind_with_a_string():
    """The switches on a decision's kind are gone: the passes that asked them look it up."""
    switch = re.compile(r'(?<![\w.])(?:(?:decision|view|self)\.)?kind (==|!=|in|not in) \(?"(turn|neutral turn|last card|discard|draft|zone|copy|debt|'
                        r'offer|remove|put)"')
    passes = ["engine/game.py", "engine/flow/machine.py", "engine/decisions.py", "engine/saves.py", "engine/save_flow.py",
              "views/replay.py", "commands/human.py", "studio/play.py", "studio/tables/views.py", "bots/view.py",
              "bots/rollout.py", "bots/determinize.py", "bots/heuristic.py", "bots/mcts.py", "sim/study.py",
              "studio/tables/table.py"]
    for path in passes:
        text = (ROOT / "interpreter" / path).read_text(encoding="utf-8")
        assert not switch.search(text), (path, switch.search(text))


class _Complete(decision_base.DecisionKind):
    name = "nap"
    words = "nap"

    def options(self, game, seat, engine): return []
    def answer(self, game, seat, action, engine): return True


def test_a_complete_decision_kind_is_made():
    assert _Complete().shows == "hand"


@pytest.mark.parametrize("missing", ["options", "answer"])
def test_a_decision_kind_without_a_part_fails_when_made(missing):
    parts = {k: v for k, v in vars(_Complete).items() if not k.startswith("_") and k != missing}
    lacking = type("Lacking", (decision_base.DecisionKind,), parts)
    with pytest.raises(TypeError, match=missing):
        lacking()


@pytest.mark.parametrize("declared, message", [
    ({"name": ""}, "`name`"), ({"words": None}, "`words`"), ({"shows": "everything"}, "`shows`"),
    ({"hook": "guess"}, "`hook`"), ({"held": "pocket"}, "`held`"), ({"phase": True}, "not `collected`"),
    ({"collected": True}, "`reopen`")])
def test_a_decision_kind_that_declares_badly_fails_when_made(declared, message):
    bad = type("Bad", (_Complete,), declared)
    with pytest.raises(TypeError, match=message):
        bad()


def test_the_engine_holds_its_names_equal_to_the_registry(monkeypatch):
    monkeypatch.setattr(decisions, "KINDS", (*decisions.KINDS, "nap"))
    with pytest.raises(TypeError, match="not the kinds of kinds/decisions/"):
        decisions._check_kinds()


def test_a_statement_that_asks_a_decision_not_of_a_phase_fails_at_import(monkeypatch):
    kind = STATEMENTS[ast.PlayFrom]
    monkeypatch.setattr(type(kind), "asks", "offer")
    with pytest.raises(TypeError, match="asks 'offer'"):
        decisions._check_kinds()


def test_the_statements_are_the_action_kinds_that_meet_the_statement_interface():
    assert set(STATEMENTS) == {ast.DrawInto, ast.PlayFrom}
    assert all(isinstance(ACTIONS[node], statement_base.PhaseStatement) for node in STATEMENTS)
    assert STATEMENTS[ast.PlayFrom].asks == "zone" and DECISIONS["zone"].phase


def test_a_statement_kind_that_stands_nowhere_fails_when_made():
    kind = type(STATEMENTS[ast.DrawInto])
    for places in ((), ("table",)):
        bad = type("Bad", (kind,), {"places": places})
        with pytest.raises(TypeError, match="not some of"):
            bad()


@pytest.mark.parametrize("missing", ["check_statement", "step", "rules_words"])
def test_a_statement_kind_without_a_part_fails_when_made(missing):
    from interpreter.kinds.base import ActionKind
    kind = type(STATEMENTS[ast.DrawInto])
    parts = {k: v for k, v in vars(kind).items() if not k.startswith("_") and k != missing}
    lacking = type("Lacking", (statement_base.PhaseStatement, ActionKind), parts)
    with pytest.raises(TypeError, match=missing):
        lacking()
