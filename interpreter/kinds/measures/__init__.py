"""The measures, one module each, and the registry the passes look them up in: every module
of this folder is a measure (kinds/measure_base.py `MeasureKind`), found here by its file as
the action kinds are (`kinds/actions/__init__.py`); each pass finds a quantity's by
`measure_kind(q)`, one dict look-up, and asks it for its part."""

from __future__ import annotations

from typing import Any

from ..base import kind_modules
from ..measure_base import Measure, MeasureKind

MODULES = kind_modules(__path__, __name__, MeasureKind)
# Measure -> its kind (a str key: a Measure is equal to its words)
MEASURES: dict[str, MeasureKind] = {module.KIND.name: module.KIND for module in MODULES}


def measure_kind(q: Any) -> MeasureKind:
    """The kind of the quantity `q`'s measure."""
    return MEASURES[q.measure]


__all__ = ["MEASURES", "Measure", "MeasureKind", "measure_kind"]
