"""The action kinds that have a module of their own, and the registry the passes look them
up in.  Every module of this folder is a kind, found here by its file (a new kind is a new
file, named nowhere else): each pass finds it by `kind_of(action)` and asks it for its
part (kinds/base.py `ActionKind`).

The action kinds not yet moved to a module of their own (tests/test_kind_modules.py lists
them) are still switched on by each pass, as before."""

from __future__ import annotations

import importlib
import pkgutil

from ..base import ActionKind


def kind_modules(path, package: str, interface: type = ActionKind) -> tuple:
    """The kind modules of the folder `path` (the package `package`), in the order of
    their names: a module without its KIND (an `interface`: ActionKind, or
    effect_base.py's EffectKind) fails the import of every kind."""
    found = []
    for module in sorted(pkgutil.iter_modules(path), key=lambda m: m.name):
        imported = importlib.import_module(f"{package}.{module.name}")
        if not isinstance(getattr(imported, "KIND", None), interface):
            raise TypeError(f"{package}.{module.name} has no KIND (an {interface.__name__}): "
                            f"interpreter/kinds/{interface.__module__.rsplit('.', 1)[1]}.py")
        found.append(imported)
    return tuple(found)


MODULES = kind_modules(__path__, __name__)
# syntax class -> its kind
ACTIONS: dict[type, ActionKind] = {module.KIND.node: module.KIND for module in MODULES}
NODES: tuple[type, ...] = tuple(ACTIONS)

# Classes the passes test often, worked out once from the kinds' declarations
COINS = tuple(k.node for k in ACTIONS.values() if k.gives == "coins")
GAINS = tuple(k.node for k in ACTIONS.values() if k.gives == "coins" and k.sign > 0)
LOSSES = tuple(k.node for k in ACTIONS.values() if k.gives == "coins" and k.sign < 0)


def kind_of(action) -> ActionKind | None:
    """The kind of `action` when it has a module of its own, else None (the old switches)."""
    return ACTIONS.get(type(action))
