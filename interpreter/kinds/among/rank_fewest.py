"""`rank of fewest VALUE [among SCOPE]`: the owner's place counted from the fewest, with the
tie rule of a rank (rank.py)."""

from __future__ import annotations

import operator
from typing import Callable

from ..among_base import Among
from .rank import RankKind


class RankFewestKind(RankKind):
    how = Among.RANK_FEWEST
    ahead: Callable[[int, int], bool] = staticmethod(operator.lt)
    first = ("fewest", "minste")
    written_as = "fewest "


KIND = RankFewestKind()
