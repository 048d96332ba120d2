"""The product's declared vocabulary, held by tests (issue 34, item 4): one root error
class every error of `interpreter` derives from, so a caller can tell the product's own
errors from Python's and a library's; the Protocols that say what a decider, a bot and a
simulation engine are, met by every one the product ships; and mypy in strict mode over
the modules listed in pyproject.toml."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import interpreter
from interpreter.errors import WondersError


def _modules():
    """Every module of the interpreter package, imported; a module that needs an optional
    extra which is not installed is left out (its name and the missing module are kept)."""
    modules, missing = [], []
    for info in pkgutil.walk_packages(interpreter.__path__, "interpreter.",
                                      onerror=lambda name: missing.append((name, "walk"))):
        try:
            modules.append(importlib.import_module(info.name))
        except ModuleNotFoundError as error:
            if (error.name or "").partition(".")[0] in {"interpreter", "cli"}:
                raise                            # our own module missing is a bug, not an extra
            missing.append((info.name, error.name))
    return modules, missing


def _defined_errors():
    modules, _ = _modules()
    return [value for module in modules for value in vars(module).values()
            if inspect.isclass(value) and issubclass(value, Exception)
            and value.__module__ == module.__name__]


def test_the_walk_finds_the_known_errors():
    """The walk is not empty by accident: it sees errors of several layers."""
    names = {f"{error.__module__}.{error.__qualname__}" for error in _defined_errors()}
    assert {"interpreter.engine.game.RulesError", "interpreter.inputs.FileTooLarge",
            "interpreter.sim.store.StoreRefused", "interpreter.marked.Worded"} <= names
    assert len(names) > 40


def test_every_error_of_the_product_derives_from_wonders_error():
    """Every Exception subclass the package defines has WondersError among its bases
    (directly or through its own base). A BaseException that is no Exception
    (`commands.exits.Terminated`, a KeyboardInterrupt so that `except Exception` lets it
    through) is outside the rule by its nature; the package defines no Warning."""
    strays = sorted(f"{error.__module__}.{error.__qualname__}" for error in _defined_errors()
                    if not issubclass(error, WondersError))
    assert strays == []


def test_the_root_keeps_every_former_base():
    """Deriving from the root changed no `except` clause: an error that was an OSError,
    ValueError, TypeError or RuntimeError still is one."""
    from interpreter.bots.base import BotError, BotSpecError
    from interpreter.cachefiles import CacheRefused
    from interpreter.inputs import FileTooLarge, NotRegularFile
    from interpreter.studio.guard import Outside
    from interpreter.syntax.ast_effects import UnhandledKind
    for error, base in [(NotRegularFile, OSError), (FileTooLarge, OSError),
                        (CacheRefused, OSError), (BotSpecError, ValueError),
                        (Outside, ValueError), (UnhandledKind, TypeError),
                        (BotError, RuntimeError)]:
        assert issubclass(error, base) and issubclass(error, WondersError), error
    refused = CacheRefused("a link")
    assert str(refused) == "a link" and refused.reason == "a link"
