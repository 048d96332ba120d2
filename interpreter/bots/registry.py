"""Finding a bot by name: the built-in ones, installed packages that declare an entry point
in the group `wonders.bots`, or a file (`path/to/mybot.py:ClassName`)."""

from __future__ import annotations

import importlib
import importlib.util
import sys
from pathlib import Path

from ..marked import N_
from .base import BotSpecError, Prepares, bot_code, convert_params, parse_bot_spec
from .view import BotSeat

ENTRY_POINT_GROUP = "wonders.bots"

BUILT_IN = {                        # name -> module:class, imported only when used
    "random": "interpreter.bots.simple:RandomBot",
    "greedy": "interpreter.bots.simple:GreedyBot",
    "heuristic": "interpreter.bots.heuristic:HeuristicBot",
    "mcts": "interpreter.bots.mcts:MCTSBot",
    "adaptive": "interpreter.bots.adaptive:AdaptiveBot",
}


_LOADED: dict[str, object] = {}     # a built-in bot's class, once imported (a run makes bots for every game)


def _load_object(target: str):
    found = _LOADED.get(target)
    if found is None:
        module, _, attr = target.partition(":")
        found = _LOADED[target] = getattr(importlib.import_module(module), attr)
    return found


def installed_bots() -> dict[str, object]:
    """Entry points of installed packages in the `wonders.bots` group, by name."""
    from importlib.metadata import entry_points     # here: its import is a tenth of a game's start-up
    return {ep.name: ep for ep in entry_points(group=ENTRY_POINT_GROUP)}


def bot_names() -> list[str]:
    """Every bot name that can be given to --bots (file bots aside)."""
    return list(BUILT_IN) + [n for n in sorted(installed_bots()) if n not in BUILT_IN]


def _from_file(name: str):
    path_text, _, class_name = name.rpartition(":")
    path = Path(path_text)
    from ..inputs import special_kind
    kind = special_kind(path)
    if kind is not None:                    # a pipe would hang the import: refused by name
        raise BotSpecError(N_("bot {name!r}: {path} is {kind}, not a Python file"), name=name, path=path_text, kind=kind)
    if not path.is_file():
        raise BotSpecError(N_("bot {name!r}: no file {path}"), name=name, path=path_text)
    module_name = f"wonders_bot_file_{abs(hash(str(path.resolve())))}"
    module = sys.modules.get(module_name)
    if module is None:
        spec = importlib.util.spec_from_file_location(module_name, path)
        module = importlib.util.module_from_spec(spec)
        with bot_code(name, f"loading {path_text}", BotSpecError):
            try:
                spec.loader.exec_module(module)
            except SyntaxError as err:
                raise BotSpecError(f"{path_text}:{err.lineno}:{err.offset or 0}: the bot's file has a "
                                   f"syntax error: {err.msg}") from None
        sys.modules[module_name] = module
    cls = getattr(module, class_name, None)
    if cls is None:
        found = [n for n, v in vars(module).items() if isinstance(v, type) and hasattr(v, "choose")
                 and v.__module__ == module_name]
        hint = f" (bot classes there: {', '.join(found)})" if found else ""
        raise BotSpecError(f"bot {name!r}: {path_text} has no class {class_name!r}{hint}")
    return cls


def bot_class(name: str):
    """The class of the bot called `name` (built-in, installed or from a file)."""
    if name in BUILT_IN:
        return _load_object(BUILT_IN[name])
    if ".py:" in name:
        return _from_file(name)
    found = installed_bots().get(name)
    if found is None:
        from ..diagnostics import did_you_mean
        names = bot_names()
        guess = did_you_mean(name, names)
        if guess:
            raise BotSpecError(N_("unknown bot {name!r}; did you mean {guess!r}? bots are {names}, or "
                                  "path/to/file.py:ClassName"), name=name, guess=guess, names=", ".join(names))
        raise BotSpecError(N_("unknown bot {name!r}; bots are {names}, or path/to/file.py:ClassName"), name=name,
                           names=", ".join(names))
    with bot_code(name, f"loading its entry point {found.value}", BotSpecError):
        return found.load()


def make_bot(spec: str, seed: int) -> BotSeat:
    """A decider for one seat from its spec (`name` or `name:key=value,...`); the seed
    makes its choices repeatable.  Raises BotSpecError for anything wrong in the spec."""
    name, given = parse_bot_spec(spec)
    cls = bot_class(name)
    if not isinstance(cls, type) or not callable(getattr(cls, "choose", None)):
        raise BotSpecError(f"bot {name!r} is not a class with a choose(view, options) method")
    params = convert_params(name, getattr(cls, "parameters", None), given)
    with bot_code(name, f"being made as {cls.__name__}(seed={seed}, ...)", BotSpecError):
        try:
            bot = cls(seed=seed, **params)
        except TypeError as err:
            raise BotSpecError(f"bot {name!r} cannot be made as {cls.__name__}(seed=..., ...): {err}") from None
    return BotSeat(bot, spec.strip())


def prepare_bots(specs, tables, players: int) -> None:
    """Before the games of a run: each bot whose class has `prepare(tables, players)` (one
    that fits itself to the rules, say) is made once and prepared, in this process."""
    for spec in dict.fromkeys(specs):
        seat = make_bot(spec, 0)
        if isinstance(seat.bot, Prepares):
            seat.bot.prepare(tables, players)


def unfitted(specs, tables, players: int) -> bool:
    """Whether preparing these bots would fit one of them now (a bot that says, with
    `fitted(tables, players)`, that its fit is not at hand): a fit takes every core."""
    for spec in dict.fromkeys(specs):
        bot = make_bot(spec, 0).bot
        fitted = getattr(bot, "fitted", None)
        if isinstance(bot, Prepares) and fitted is not None and not fitted(tables, players):
            return True
    return False


def not_adapting(specs) -> list[str]:
    """The bots among `specs` whose class does not declare `adapts_to_rules = True`: players
    whose choices do not respond to a rule change (their values are set, not fitted or searched)."""
    out = []
    for spec in dict.fromkeys(specs):
        name, _ = parse_bot_spec(spec)
        if not getattr(bot_class(name), "adapts_to_rules", False) and name not in out:
            out.append(name)
    return out
