"""Shared state of one check run: the diagnostics found so far and the declared names."""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import TypeVar

from ..diagnostics import Diagnostic, Note, Span, Spanned, did_you_mean
from ..syntax import ast
from .provenance import Provenance
from ..i18n import N_, _


STATEMENT_WORDS = {
    "AgeStmt": "age", "DeckStmt": "deck", "ColorStmt": "color", "CopiesStmt": "copies", "CostStmt": "cost",
    "PlayersStmt": "players", "StartingCoins": "starting coins", "SellPrice": "sell for",
    "TradePrice": "trade price", "ScorePad": "score pad",
    "TieBreak": "tie break", "HandSize": "hand", "Turns": "turns", "PassDirection": "pass",
    "LastCardDiscarded": "last card discarded", "VictoryValue": "victory",
    "ChainStmt": "free with", "AddRandom": "add", "effects": "effects", "CoinsOwed": "coins owed", "Teams": "teams",
    "StagesAnyOrder": "stages in any order",
}


VOCABULARY_CODES = ("E1001", "E1002", "E1003")


_Statement = TypeVar("_Statement", bound=Spanned)


# the kinds of name `known` checks, and the other things the checks' messages name, as
# they name them: `what_word` shows each in the chosen language
WHAT = {"colour": N_("colour"), "limit": N_("limit"), "resource": N_("resource"),
        "science symbol": N_("science symbol"), "score category": N_("score category"),
        "token kind": N_("token kind"), "resource group": N_("resource group"), "symbol": N_("symbol"),
        "shields": N_("shields"), "a discount": N_("a discount"), "a rebate": N_("a rebate"),
        "a production": N_("a production"), "a count of cards on top": N_("a count of cards on top"), "a price change": N_("a price change"), "a change of a token's value": N_("a change of a token's value"), "a number of units": N_("a number of units"), "copying": N_("copying"), "buying": N_("buying"),
        "one's own city": N_("one's own city"), "all cities": N_("all cities"), "card": N_("card"),
        "wonder": N_("wonder"), "side": N_("side"), "phase": N_("phase"), "zone": N_("zone"),
        "trigger": N_("trigger"), "pad line": N_("score pad line"), "score": N_("score line")}
PLURALS = {"colour": N_("colours"), "limit": N_("limits"), "resource": N_("resources"),
           "science symbol": N_("science symbols"), "score category": N_("score categories"),
           "token kind": N_("token kinds")}


# "unknown X" and "not a declared X" whole, one pair per thing `Context.known` names: a
# language whose adjective agrees with the noun (Dutch `onbekende kleur`, `onbekend
# wetenschapssymbool`) words each one itself
UNKNOWN = {"colour": (N_("unknown colour `{name}`"), N_("not a declared colour")),
           "limit": (N_("unknown limit `{name}`"), N_("not a limit")),
           "resource": (N_("unknown resource `{name}`"), N_("not a declared resource")),
           "science symbol": (N_("unknown science symbol `{name}`"), N_("not a declared science symbol")),
           "score category": (N_("unknown score category `{name}`"), N_("not a declared score category")),
           "token kind": (N_("unknown token kind `{name}`"), N_("not a declared token kind"))}


def what_word(what: str) -> str:
    """A thing a check's message names (WHAT), in the chosen language; code in backticks
    (`gain`) as it is."""
    return _(WHAT[what]) if what in WHAT else what


class Context:
    def __init__(self) -> None:
        self.diagnostics: list[Diagnostic] = []
        self.pack_files: frozenset[str] = frozenset()    # the designer's packs' files, as shown
        self.resources: tuple[str, ...] = ()
        self.groups: dict[str, tuple[str, ...]] = {}
        self.colors: tuple[str, ...] = ()
        self.symbols: tuple[str, ...] = ()
        self.tokens: tuple[str, ...] = ()     # kinds of kept token
        self.categories: tuple[str, ...] = ()
        self.rules_known = True      # False when the rules block is missing or broken
        self.vocabulary_known = True # False when no resource, colour or symbol is declared
        self._costly_suggestions = 200   # difflib over big pools is slow: a budget per run
        self.provenance = Provenance()   # which variant change touched what
        self.on_stage = False            # checking a wonder stage's effects (`this stage`)

    def report(self, code: str, message: str, span: Span | None, *, label: str = "",
               help: str | None = None, notes: tuple[Note, ...] = (), severity: str | None = None) -> None:
        if severity is None:
            severity = "warning" if code.startswith("W") else "error"
        self.diagnostics.append(Diagnostic(code, message, span, severity, label, help, notes))

    def known(self, name: ast.Name, pool: Collection[str], code: str, what: str) -> bool:
        """True if `name` is in `pool`; otherwise report it, suggesting the nearest name."""
        if name.text in pool:
            return True
        if not self.vocabulary_known and code in VOCABULARY_CODES:
            return False         # reported once, as E1211
        guess = self.suggest(name.text, pool)
        if guess:
            hint = _("did you mean `{guess}`?").format(guess=guess)
        elif pool:
            many = PLURALS.get(what, what + "s")
            hint = _("the {kinds} are: {names}").format(kinds=_(many), names=", ".join(pool))
        else:
            hint = _("no {what} is declared; declare them first").format(what=what_word(what))
        message, label = UNKNOWN[what]
        self.report(code, _(message).format(name=name.text), name.span, label=_(label), help=hint)
        return False

    def suggest(self, word: str, pool: Collection[str]) -> str | None:
        """The nearest name in `pool`, within a budget of searches over big pools."""
        if len(pool) > 100:
            if self._costly_suggestions <= 0:
                return None
            self._costly_suggestions -= 1
        return did_you_mean(word, pool)

    def known_category(self, name: ast.Name) -> bool:
        """Like `known` for score categories; silent when the rules could not be read, since
        every category would then look unknown."""
        if not self.rules_known:
            return True
        notes = self.provenance.notes(("categories",)) if name.text not in self.categories else ()
        if notes:                     # a variant set a score pad without this category
            self.report("E1005", _("unknown score category `{name}`").format(name=name.text), name.span, notes=notes,
                        label=_("not in the score pad the variant sets"),
                        help=_("in the variant, keep `{name}` in `set score pad: ...`").format(name=name.text))
            return False
        return self.known(name, self.categories, "E1005", "score category")

    def single(self, body: Iterable[object], kind: type[_Statement], owner: str, span: Span | None, *,
               required: str | None = None) -> _Statement | None:
        """The one statement of type `kind` in a block; reports repeats, and absence if required."""
        found = [s for s in body if isinstance(s, kind)]
        word = STATEMENT_WORDS.get(kind.__name__, required or "this")
        for extra in found[1:]:
            self.report("E1102", _("{owner} has two `{word}` statements").format(owner=owner, word=word), extra.span, label=_("repeated here"),
                        notes=(Note(_("first said here"), found[0].span),),
                        help=_("keep one of the two statements"))
        if not found and required:
            self.report("E1201", _("{owner} has no `{required}` statement").format(owner=owner, required=required), span,
                        help=_("add `{required} ...` inside the braces").format(required=required))
        return found[0] if found else None
