"""The effect kinds that have a module of their own, and the registry the passes look them
up in: as for the actions (`kinds/actions/__init__.py`), every module of this folder is a
kind, found here by its file; each pass finds it by `effect_kind_of(effect)` and asks it for
its part (kinds/effect_base.py `EffectKind`).

The effect kinds not yet moved (tests/test_kind_modules.py lists them) are still switched
on by each pass, as before."""

from __future__ import annotations

from ..actions import kind_modules
from ..effect_base import EffectKind

MODULES = kind_modules(__path__, __name__, EffectKind)
# syntax class -> its kind
EFFECTS: dict[type, EffectKind] = {module.KIND.node: module.KIND for module in MODULES}
NODES: tuple[type, ...] = tuple(EFFECTS)

# The classes of each place (effect_base.PLACES), those that act while owned and those that
# change a cost, worked out once from the kinds' declarations: syntax/ast_effects.py's
# unions, compile.py's STATIC_KINDS and COST_CHANGERS
IN_CITY = tuple(k.node for k in EFFECTS.values() if "city" in k.places)
IN_LAW = tuple(k.node for k in EFFECTS.values() if "law" in k.places)
STATIC = tuple(k.node for k in EFFECTS.values() if k.static)
COST_CHANGERS = tuple(k.node for k in EFFECTS.values() if k.cost_changer)


def effect_kind_of(effect) -> EffectKind | None:
    """The kind of `effect` when it has a module of its own, else None (the old switches)."""
    return EFFECTS.get(type(effect))


def production_of(effect) -> tuple | None:
    """What `effect` produces as printed (its kind's `production`), or None."""
    kind = EFFECTS.get(type(effect))
    return None if kind is None else kind.production(effect)
