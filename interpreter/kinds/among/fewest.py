"""`fewest (EXPR) of SCOPE`: the value of the scope's city that has the fewest (most.py)."""

from __future__ import annotations

from typing import Callable

from ..among_base import Among
from .most import MostKind


class FewestKind(MostKind):
    how = Among.FEWEST
    pick: Callable[..., int] = staticmethod(min)
    dutch = "kleinste"


KIND = FewestKind()
