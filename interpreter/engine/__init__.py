"""The engine: cities, payments, the draft, wonder powers, military and scoring, driven
only by the compiled tables (interpreter/compile/tables.py)."""


def compiled() -> bool:
    """Whether this engine is the wheel's compiled one (hatch_build.py) rather than its
    Python: `wonders --version` says which."""
    from . import game
    return not game.__file__.endswith(".py")
