"""The compile pass: a checked rule set (check/) made into the run-time program the engine
runs (engine/), whole, before any game starts; nothing is compiled during play.

- `tables.py`: `compile_rules` and its `Tables`, numbered resources, cards and sides, each
  source's effects sorted by when they act, and everything below made with them;
- `program.py`: the rules' actions and triggers as operations and hooks, numbered for
  saves, and the events numbered (engine/program.py holds what they are);
- `held.py`: what a source's static effects add to a city's tables;
- `laws.py`: the laws of the sources and the rules, as the engine holds them;
- `phases.py`: each phase's statements as the engine's operations;
- `expressions.py`: quantities, arithmetic and conditions as functions of a `Where`.

docs/architecture.md, "The run-time program", says what each makes.  The names below are
those the other layers use; the modules of the pass import one another directly.
"""

from ..syntax.ast_effects import UnhandledKind
from .tables import STATIC_KINDS, SideInfo, Source, Tables, compile_rules, rules_run, run_of

__all__ = ["STATIC_KINDS", "SideInfo", "Source", "Tables", "UnhandledKind", "compile_rules", "rules_run", "run_of"]
