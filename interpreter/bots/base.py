"""What a bot is: a small class with one method, `choose(view, options) -> index`.

A bot never sees the game itself.  It gets a `SeatView` (interpreter/bots/view.py): what
its seat may see at the table (its hand, every city's public state, what it remembers
of earlier hands, the rule tables) and the legal options, and answers with the index of
the option it takes.  Parameters come from the spec `name:key=value,...`; a bot declares
the ones it takes in `parameters`, so a typo is refused before any game is played.
"""

from __future__ import annotations

import math
import random
import sys
from typing import TYPE_CHECKING, Any, Callable, Literal, NamedTuple, Protocol, Sequence, runtime_checkable

from ..marked import N_, Worded
from ..errors import WondersError

if TYPE_CHECKING:
    from ..compile import Tables
    from ..engine.actions import Action
    from .view import SeatView


class BotSpecError(Worded, ValueError):
    """A bot named in `--bots` that cannot be found or made, or parameters it does not take."""


_KINDS = {"int": N_("bot {bot!r}: parameter {key!r} must be a whole number, not {value!r}"),
          "float": N_("bot {bot!r}: parameter {key!r} must be a number, not {value!r}"),
          "positive int": N_("bot {bot!r}: parameter {key!r} must be a whole number above 0, not {value!r}"),
          "positive float": N_("bot {bot!r}: parameter {key!r} must be a number above 0, not {value!r}"),
          "non-negative int": N_("bot {bot!r}: parameter {key!r} must be a whole number, 0 or more, not {value!r}"),
          "non-negative float": N_("bot {bot!r}: parameter {key!r} must be a number, 0 or more, not {value!r}"),
          "seed": N_("bot {bot!r}: parameter {key!r} must be a whole number from 0 to 4294967295, not {value!r}")}


class BotError(RuntimeError, WondersError):
    """A bot that answered with something other than the index of a legal option, or whose
    code failed (raised, or called sys.exit) while it chose."""


class bot_code:  # noqa: N801 - used as `with bot_code(...)`, like a function
    """Run a bot's own code (a plug-in's, which we did not write): what it prints goes to
    standard error, never into the command's output (a JSON document on stdout); an
    exception or a sys.exit in it becomes `error` naming the bot, so the command ends
    with its documented status and a message, never a traceback or the bot's status.
    Ctrl-C and SIGTERM (KeyboardInterrupt) pass through.  (A class rather than a
    generator: it wraps every decision of every game.)"""

    __slots__ = ("name", "doing", "error", "saved")

    def __init__(self, name: str, doing: str, error: type[Exception] = BotError):
        self.name, self.doing, self.error = name, doing, error

    def __enter__(self) -> None:
        self.saved, sys.stdout = sys.stdout, sys.stderr

    def __exit__(self, kind: type[BaseException] | None, err: BaseException | None, _traceback: object) -> Literal[False]:
        sys.stdout = self.saved
        if err is None or isinstance(err, (BotError, BotSpecError)) or not isinstance(err, (Exception, SystemExit)):
            return False
        if isinstance(err, SystemExit):
            raise self.error(f"bot {self.name!r} called sys.exit({err.code!r}) while {self.doing}; a bot must "
                             "answer, not end the program") from None
        raise self.error(f"bot {self.name!r} failed while {self.doing}: {type(err).__name__}: {err}") from None


@runtime_checkable
class PlugInBot(Protocol):
    """What a bot is to the product: one method, `choose(view, options)`, the index of the
    option it takes (docs/bots.md "Writing a bot").  `Bot` below is the convenient base,
    but a plug-in need not derive from it; the optional methods a bot may add are the
    Protocols that follow, each asked for by `bots/view.py` `BotSeat` or `registry.py`."""

    def choose(self, view: SeatView, options: Sequence[Action]) -> int: ...


@runtime_checkable
class ChoosesMoves(Protocol):
    """A bot that always pays the cheapest way: asked a turn (or an age's last card) with
    `choose_move(view, moves)` among the cheapest option of each move."""

    def choose_move(self, view: SeatView, moves: Sequence[Action]) -> int: ...


@runtime_checkable
class Prepares(Protocol):
    """A bot fitted to the rules before a run's games: `prepare(tables, players)`, once."""

    def prepare(self, tables: Tables, players: int) -> None: ...


class Param(NamedTuple):
    """One parameter a bot takes: how to read it from text, its default, what it does."""
    kind: Callable[[str], Any]
    default: Any
    help: str = ""


class Bot:
    """Subclass this, give the bot a `name`, declare its `parameters` and write `choose`.

    The bot is made once per seat and game as `Bot(seed=..., key=value, ...)`: parameters
    arrive already converted (a declared `Param(int, 100)` arrives as an int), with the
    defaults filled in, and are also in `self.params`.  `self.rng` is seeded from the seed,
    so a bot that draws its randomness from it plays the same game again for the same seed.
    """

    name = ""
    parameters: dict[str, Param] = {}

    def __init__(self, seed: int = 0, **params: Any):
        self.seed = seed
        self.rng = random.Random(seed)
        self.params = params
        for key, value in params.items():
            setattr(self, key, value)

    def choose(self, view: SeatView, options: Sequence[Action]) -> int:
        """The index in `options` of the action to take.

        `view` is what this seat may see (a SeatView); `options` are the legal actions
        (interpreter.engine.actions.Action: kind "build", "stage", "sell" or "pass", the
        card's index in `view.tables.cards`, coins paid to the left and right neighbours,
        and `free` = "chain" or "power" when built without paying), cheapest payment first.
        `view.kind` says which decision this is: "turn", "last card", "discard" (a free
        building from the discard pile), "neutral turn" (for a neutral city you hold), or
        from a phase of the rules "draft" (options of kind "keep": the card kept from the
        hand) or "zone" (a card kept earlier, played: build, stage, sell, or "pass")."""
        raise NotImplementedError

    def settle(self, view: SeatView, options: Sequence[Action]) -> int:
        """The index in `options` of the way to settle a loss of coins (`view.kind` "debt";
        options of kind "pay": `left` coins paid, `right` debt tokens taken).  By default
        the best by `view.settle_values`: the rules' value of a coin against the score lines'
        of a token; a bot that values coins otherwise says so here."""
        values = view.settle_values(options)
        return values.index(max(values))


    def take_offer(self, view: SeatView, options: Sequence[Action]) -> int:
        """The index in `options` of the answer to an offer (`view.kind` "offer", from
        `may pay PRICE to ACTION`): "decline" first, then each way to pay of kind "accept"
        (`bank` coins of the price, `left` and `right` coins paid to the neighbours for
        resources).  By default the best by `view.offer_values` (the action's worth less the
        price, by the rules' values): a bot pays when the option is worth it."""
        values = view.offer_values(options)
        return values.index(max(values))


def parse_bot_spec(spec: str) -> tuple[str, dict[str, str]]:
    """`name`, `name:key=value,...`, `path/to/file.py:Class` or `path/to/file.py:Class:key=value,...`.

    The name of a file bot is `path/to/file.py:Class`."""
    text = spec.strip()
    name, _, rest = text.partition(":")
    if name.endswith(".py"):
        cls, _, rest = rest.partition(":")
        if not cls.strip():
            raise BotSpecError(N_("bot {spec!r}: a bot from a file is written path/to/file.py:ClassName"), spec=spec)
        name = f"{name}:{cls.strip()}"
    params: dict[str, str] = {}
    for item in filter(None, (p.strip() for p in rest.split(","))) if rest else ():
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise BotSpecError(N_("bot {spec!r}: parameters are written key=value, not {item!r}"), spec=spec, item=item)
        if key.strip() in params:
            raise BotSpecError(N_("bot {spec!r}: parameter {key!r} is given twice"), spec=spec, key=key.strip())
        params[key.strip()] = value.strip()
    if not name:
        raise BotSpecError(N_("bot {spec!r} has no name"), spec=spec)
    return name, params


def split_bot_list(text: str) -> list[str]:
    """`--bots a,mcts:iterations=200,seconds=1,greedy` -> ["a", "mcts:iterations=200,seconds=1", "greedy"]:
    a comma-separated item that is a `key=value` (with no `:` before its `=`) continues the
    parameters of the bot before it."""
    specs: list[str] = []
    for item in (p.strip() for p in text.split(",")):
        if not item:
            continue
        colon, equals = item.find(":"), item.find("=")
        if specs and equals > 0 and (colon < 0 or equals < colon) and ":" in specs[-1]:
            specs[-1] += "," + item
        else:
            specs.append(item)
    return specs


def convert_params(bot: str, declared: dict[str, Param] | None, given: dict[str, str]) -> dict[str, Any]:
    """The given parameters read with their declared kinds, defaults added; unknown ones refused.
    A bot that declares nothing (`parameters` absent) gets the strings as given."""
    if declared is None:
        return dict(given)
    unknown = [k for k in given if k not in declared]
    if unknown:
        if declared:
            raise BotSpecError(N_("bot {bot!r} has no parameter {name!r} (it takes {names})"), bot=bot,
                               name=unknown[0], names=", ".join(declared))
        raise BotSpecError(N_("bot {bot!r} has no parameter {name!r} (it takes no parameters)"), bot=bot,
                           name=unknown[0])
    out = {}
    for key, param in declared.items():
        if key not in given:
            out[key] = param.default
            continue
        try:
            out[key] = param.kind(given[key])
        except (TypeError, ValueError) as err:
            kind = getattr(param.kind, "__name__", "value")
            if kind in _KINDS:
                raise BotSpecError(_KINDS[kind], bot=bot, key=key, value=given[key]) from None
            raise BotSpecError(N_("bot {bot!r}: parameter {key!r} must be a {kind}, not {value!r}: {reason}"), bot=bot,
                               key=key, kind=kind, value=given[key], reason=err) from None
    return out


def positive(kind: Callable[[str], Any]) -> Callable[[str], Any]:
    """A parameter reader that refuses zero and negative numbers (and, for a float, nan and
    infinity, which pass every comparison or bound no time)."""
    return _checked(kind, lambda v: _finite(v) and v > 0, "must be more than 0", "positive")


def not_negative(kind: Callable[[str], Any]) -> Callable[[str], Any]:
    """A parameter reader that refuses negative numbers (and a float's nan and infinity)."""
    return _checked(kind, lambda v: _finite(v) and v >= 0, "must be 0 or more", "non-negative")


def seed_number(text: str) -> int:
    """A parameter reader for a seed: a whole number from 0 to 2**32 - 1 (what a random
    generator seeded with it takes; a larger one failed deep inside the fit)."""
    from ..fitdefaults import SEED_MAX
    value = int(text)
    if not 0 <= value <= SEED_MAX:
        raise ValueError(f"must be from 0 to {SEED_MAX}")
    return value


seed_number.__name__ = "seed"


def _finite(value: object) -> bool:
    return not isinstance(value, float) or math.isfinite(value)


def _checked(kind: Callable[[str], Any], ok: Callable[[Any], bool], message: str,
             adjective: str) -> Callable[[str], Any]:
    def read(text: str) -> Any:
        value = kind(text)
        if not ok(value):
            raise ValueError(message)
        return value
    read.__name__ = f"{adjective} {getattr(kind, '__name__', 'value')}"
    return read
