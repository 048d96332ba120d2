"""The effect kinds that have a module of their own, and the registry the passes look them
up in: as for the actions (`kinds/actions/__init__.py`), every module of this folder is a
kind, found here by its file; each pass finds it by `effect_kind_of(effect)` and asks it for
its part (kinds/effect_base.py `EffectKind`).  Every effect kind has one."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Union

from ..base import kind_modules
from ..effect_base import EffectKind

MODULES = kind_modules(__path__, __name__, EffectKind)
# syntax class -> its kind
EFFECTS: dict[type, EffectKind[Any]] = {module.KIND.node: module.KIND for module in MODULES}
NODES: tuple[type, ...] = tuple(EFFECTS)

# The classes of each place (effect_base.PLACES), those that act while owned and those that
# change a cost, worked out once from the kinds' declarations: syntax/ast_effects.py's
# unions, compile/tables.py's STATIC_KINDS and COST_CHANGERS
IN_CITY = tuple(k.node for k in EFFECTS.values() if "city" in k.places)
IN_LAW = tuple(k.node for k in EFFECTS.values() if "law" in k.places)
if TYPE_CHECKING:
    # a Union made at import is no type to mypy: it reads the kinds' own nodes as Any
    LawEffect = Any
    Effect = Any
else:
    LawEffect = Union[IN_LAW]      # what a law may hold (re-exported as syntax/ast.py `LawEffect`)
    Effect = Union[IN_CITY]        # what a card, a board or a stage may hold (`ast.Effect`)
STATIC = tuple(k.node for k in EFFECTS.values() if k.static)
COST_CHANGERS = tuple(k.node for k in EFFECTS.values() if k.cost_changer)
# the classes of the effects a source files among its triggers (kinds/effects/trigger.py):
# what a save's flow may name as a trigger (engine/save_flow.py)
TRIGGERS = tuple(k.node for k in EFFECTS.values() if k.part == "triggers")


def effect_kind_of(effect: object) -> EffectKind[Any] | None:
    """The kind of `effect`, or None for what is no effect (a statement of the rules, a card)."""
    return EFFECTS.get(type(effect))


def part_of(effect: object) -> str | None:
    """The part of its source an effect is filed in (its kind's `part`: "scores" for a score
    line, "triggers", "laws", ...), or None for what is no effect: how the rules' block, the
    variants and the checks over the whole rule set tell a score line, a trigger or a law
    from their other statements without naming its class."""
    kind = EFFECTS.get(type(effect))
    return None if kind is None else kind.part


def held_of(effect: Any) -> Any:
    """The effect `effect` holds and acts through (a law's: its kind's `held`), or `effect`
    itself."""
    kind = EFFECTS.get(type(effect))
    held = None if kind is None else kind.held(effect)
    return effect if held is None else held


def production_of(effect: object) -> tuple[Any, ...] | None:
    """What `effect` produces as printed (its kind's `production`), or None."""
    kind = EFFECTS.get(type(effect))
    return None if kind is None else kind.production(effect)
