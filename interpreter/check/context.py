"""Shared state of one check run: the diagnostics found so far and the declared names."""

from __future__ import annotations

from ..diagnostics import Diagnostic, Note, Span, did_you_mean
from ..syntax import ast
from .provenance import Provenance


STATEMENT_WORDS = {
    "AgeStmt": "age", "DeckStmt": "deck", "ColorStmt": "color", "CopiesStmt": "copies", "CostStmt": "cost",
    "PlayersStmt": "players", "StartingCoins": "starting coins", "SellPrice": "sell for",
    "TradePrice": "trade price", "ScorePad": "score pad",
    "TieBreak": "tie break", "HandSize": "hand", "Turns": "turns", "PassDirection": "pass",
    "LastCardDiscarded": "last card discarded", "VictoryValue": "victory",
    "ChainStmt": "free with", "AddRandom": "add", "effects": "effects", "CoinsOwed": "coins owed",
}


VOCABULARY_CODES = ("E1001", "E1002", "E1003")


class Context:
    def __init__(self) -> None:
        self.diagnostics: list[Diagnostic] = []
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

    def report(self, code: str, message: str, span: Span | None, *, label: str = "",
               help: str | None = None, notes: tuple[Note, ...] = (), severity: str | None = None) -> None:
        if severity is None:
            severity = "warning" if code.startswith("W") else "error"
        self.diagnostics.append(Diagnostic(code, message, span, severity, label, help, notes))

    def known(self, name: ast.Name, pool, code: str, what: str) -> bool:
        """True if `name` is in `pool`; otherwise report it, suggesting the nearest name."""
        if name.text in pool:
            return True
        if not self.vocabulary_known and code in VOCABULARY_CODES:
            return False         # reported once, as E1211
        guess = self.suggest(name.text, pool)
        many = what[:-1] + "ies" if what.endswith("y") else what + "s"
        if guess:
            hint = f"did you mean `{guess}`?"
        elif pool:
            hint = f"the {many} are: " + ", ".join(pool)
        else:
            hint = f"no {what} is declared; declare them first"
        self.report(code, f"unknown {what} `{name.text}`", name.span,
                    label=f"not a declared {what}" if code != "E1007" else f"not a {what}", help=hint)
        return False

    def suggest(self, word: str, pool) -> str | None:
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
            self.report("E1005", f"unknown score category `{name.text}`", name.span, notes=notes,
                        label="not in the score pad the variant sets",
                        help=f"in the variant, keep `{name.text}` in `set score pad: ...`")
            return False
        return self.known(name, self.categories, "E1005", "score category")

    def single(self, body, kind, owner: str, span: Span, *, required: str | None = None):
        """The one statement of type `kind` in a block; reports repeats, and absence if required."""
        found = [s for s in body if isinstance(s, kind)]
        word = STATEMENT_WORDS.get(kind.__name__, required or "this")
        for extra in found[1:]:
            self.report("E1102", f"{owner} has two `{word}` statements", extra.span, label="repeated here",
                        notes=(Note("first said here", found[0].span),),
                        help="keep one of the two statements")
        if not found and required:
            self.report("E1201", f"{owner} has no `{required}` statement", span,
                        help=f"add `{required} ...` inside the braces")
        return found[0] if found else None
