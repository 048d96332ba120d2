"""Each statement of the rules' phases as the engine's operation (`PhaseOp`, made by the
compile pass for every phase: `Tables.phase_ops`), and what each `play N turns` shares with
the other `play` statements of its hands (`Tables.turn_runs`): engine/flow/phases.py runs
the phases by these names and numbers, never by the statements' classes."""

from __future__ import annotations

from enum import StrEnum

from ..check.model import AgeDeal, AgeEnd, AgeStart, RulesDef
from ..kinds.actions import STATEMENTS
from ..kinds.statement_base import PhaseStatement
from ..syntax import ast


class PhaseOp(StrEnum):
    """What each statement of a phase is to the engine, which runs it by this name
    (engine/flow/phases.py): an age's deal, start, turns and end, a phase's own deal, draft,
    discard and reveal, or a statement that is an action kind's (kinds/statement_base.py)."""
    AGE_DEAL = "age deal"
    AGE_START = "age start"
    PLAY_TURNS = "play turns"
    AGE_END = "age end"
    DEAL = "deal"
    DRAFT = "draft"
    DISCARD_ZONE = "discard zone"
    REVEAL = "reveal"
    STATEMENT = "statement"


# the statements by their class: an age's as the checker resolves them (rulesdata.py), a
# phase's own (syntax/ast.py); any other is an action kind's
_PHASE_OPS = {AgeDeal: PhaseOp.AGE_DEAL, AgeStart: PhaseOp.AGE_START, ast.PlayTurns: PhaseOp.PLAY_TURNS,
              AgeEnd: PhaseOp.AGE_END, ast.Deal: PhaseOp.DEAL, ast.Draft: PhaseOp.DRAFT,
              ast.DiscardZone: PhaseOp.DISCARD_ZONE, ast.Reveal: PhaseOp.REVEAL}
# the statements after which the hands are new (or empty)
_HANDS_MADE = (PhaseOp.AGE_DEAL, PhaseOp.DEAL, PhaseOp.DRAFT)


def phase_ops(rules: RulesDef) -> tuple[tuple[PhaseOp, ...], ...]:
    """Each phase's statements as the engine's operations, by phase and statement."""
    return tuple(tuple(_PHASE_OPS.get(type(step), PhaseOp.STATEMENT) for step in phase.steps)
                 for phase in rules.phases)


def phase_statements(rules: RulesDef) -> dict[tuple[int, int], PhaseStatement]:
    """The kind of each statement that is an action kind's (`PhaseOp.STATEMENT`), by phase
    and place: the engine carries it out through this kind (kinds/statement_base.py), looked
    up once here, not by the statement's class at each step."""
    return {(p, i): STATEMENTS[type(step)] for p, phase in enumerate(rules.phases)
            for i, step in enumerate(phase.steps) if type(step) not in _PHASE_OPS and type(step) in STATEMENTS}


def turn_runs(rules: RulesDef, ops: tuple[tuple[PhaseOp, ...], ...]) -> dict[tuple[int, int], tuple[int, bool]]:
    """Of each `play N turns` statement (its phase, its place): the turns the `play`
    statements before it played from the same hands, and whether another `play` follows
    from them.  Several `play` statements share the hands of the deal before them: the turns
    go on being counted in the age, the hands pass between them, and only the last one's end
    is the age's last card (docs/language.md, "Ages as phases")."""
    found: dict[tuple[int, int], tuple[int, bool]] = {}
    for p, (phase, kinds) in enumerate(zip(rules.phases, ops)):
        for i, op in enumerate(kinds):
            if op != PhaseOp.PLAY_TURNS:
                continue
            before = 0
            for step, kind in zip(reversed(phase.steps[:i]), reversed(kinds[:i])):
                if kind in _HANDS_MADE:
                    break
                if kind == PhaseOp.PLAY_TURNS:
                    before += step.count.value
            more = False
            for kind in kinds[i + 1:]:
                if kind in _HANDS_MADE:
                    break
                if kind == PhaseOp.PLAY_TURNS:
                    more = True
                    break
            found[(p, i)] = (before, more)
    return found
