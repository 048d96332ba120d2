"""The small public façade of the interpreter: load a rule set, start a game, answer its
decisions, read its scores. A program that uses Wonders as a library starts here; the
modules behind it (check/, compile/tables.py, engine/) stay free to change.

It belongs to the core layer (docs/architecture.md, "Four layers"): it knows no bot, view
or command. A computer player is a decider of `interpreter.bots` (`make_bot(name, seed)`),
given to `play`; a person answers `decisions(game)` one by one with `answer`.

    from interpreter import api

    loaded = api.load("first-edition", expansions=["leaders"])
    if not loaded.ok:
        print(loaded.report())                  # the diagnostics, as `wonders check` shows them
    game = api.start(loaded, players=3, seed=1)
    while (open_ := api.decisions(game)):
        api.answer(open_[0], 0)                 # the first option of the first open decision
    print(api.scores(game), api.winners(game))
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from .check.load import check_paths
from .check.locate import UsageError, with_expansions
from .check.model import RuleSet
from .compile import Tables, compile_rules
from .diagnostics import Diagnostic, SourceCache, render_text
from .engine.decisions import Decision
from .engine.game import Game
from .i18n import _

__all__ = ["Loaded", "UsageError", "load", "start", "decisions", "answer", "play", "scores", "winners"]


@attrs.frozen
class Loaded:
    """A rule set checked: the rule set and its compiled tables when it has no errors (None
    otherwise), and every diagnostic (errors and warnings) either way."""
    ruleset: RuleSet | None
    tables: Tables | None
    diagnostics: tuple[Diagnostic, ...]
    sources: SourceCache

    @property
    def ok(self) -> bool:
        return self.tables is not None

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.is_error]

    def report(self) -> str:
        """The diagnostics as `wonders check` prints them: code, file, line and column, the
        source line."""
        return render_text(self.diagnostics, self.sources)


def load(rules: str | None = None, paths: Sequence[str] = (), variants: Sequence[str] = (),
         expansions: Sequence[str] = ()) -> Loaded:
    """Check a rule set: a shipped one by name (`rules`, None: the default one) with the
    shipped packs `expansions` on it, or the files and folders `paths`; each with the
    variants `variants` (names or files) applied. Content with errors is returned with its
    diagnostics, not raised; a path or name that does not exist raises UsageError."""
    if expansions:
        rules = with_expansions(rules, expansions)
    result = check_paths(list(paths) or None, list(variants), rules)
    ok = result.ruleset is not None and not result.errors
    return Loaded(result.ruleset if ok else None, compile_rules(result.ruleset) if ok else None,
                  tuple(result.diagnostics), result.sources)


def start(loaded: Loaded | Tables, players: int, seed: int = 0, sides: str = "random") -> Game:
    """A new game of the loaded rules for `players` seats; the same seed plays the same game."""
    tables = loaded.tables if isinstance(loaded, Loaded) else loaded
    if tables is None:
        errors = "; ".join(d.message for d in loaded.errors)
        raise UsageError(_("the rule set has errors: {errors}").format(errors=errors))
    return Game(tables, players=players, seed=seed, sides=sides)


def decisions(game: Game) -> list[Decision]:
    """The decisions the game waits for now (a turn's are open at once, for every player);
    empty when the game is over."""
    return game.decisions()


def answer(decision: Decision, option: int = 0) -> None:
    """Answer a decision with the index of one of its `options`; the game runs on to its next
    decision point once every open decision of the turn is answered."""
    decision.choose(option)


def play(game: Game, deciders: Sequence) -> None:
    """Play the game to its end, each seat asked through its decider (a bot of
    `interpreter.bots.make_bot`, or anything with `decide(game, seat, kind, options)`)."""
    game.play(list(deciders))


def scores(game: Game) -> list[dict[str, int]]:
    """Each seat's score pad: points by category, in the rules' order."""
    return game.scores()


def winners(game: Game) -> list[int]:
    """The seats that won (several when tied)."""
    return game.winners()
