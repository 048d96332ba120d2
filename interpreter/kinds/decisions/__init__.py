"""The decision kinds, one module each, and the registry the passes look them up in.  Every
module of this folder is a kind, found here by its file (a new kind is a new file, named
nowhere else); each pass finds a decision's kind by its name, `DECISIONS[kind]`, a dict's
get, and asks it for its part (kinds/decision_base.py `DecisionKind`).

The engine's closed vocabulary of their names (engine/decisions.py `DecisionKind`, `KINDS`)
is held equal to this registry when the engine is imported."""

from __future__ import annotations

from ..base import kind_modules
from ..decision_base import DecisionKind

MODULES = kind_modules(__path__, __name__, DecisionKind)
# name -> its kind
DECISIONS: dict[str, DecisionKind] = {module.KIND.name: module.KIND for module in MODULES}
if len(DECISIONS) != len(MODULES):
    raise TypeError("two decision kinds of kinds/decisions/ declare the same `name`")
