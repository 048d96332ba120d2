"""What a score expression reads of the owner's city, and what a card or stage does.

The valuation scores a move by the score lines; a line that reads nothing the move
changes (a guild counting grey cards, for a red card) keeps its value, so only the lines
whose reads meet the move's changes are evaluated again.  This is read from the
expressions themselves, not from any card or rule: `reads` walks an expression once and
remembers the answer for it.
"""

from __future__ import annotations

from typing import NamedTuple

from ..syntax import ast

# a measure of the owner's city -> what it reads; the others (age, players) never change
_READS = {"cards": None, "card sets": None, "wonder stages": "stages", "unbuilt wonder stages": "stages",
          "defeat tokens": "tokens", "victory tokens": "tokens", "military tokens": "tokens",
          "coins": "coins", "shields": "shields", "complete sets": "symbols", "symbol squares": "symbols",
          "kept tokens": "kept"}
_OWN = frozenset({"own", "all"})

_memo: dict[int, tuple[object, frozenset]] = {}


def reads(expr) -> frozenset:
    """The parts of the owner's city `expr` depends on: ("cards", color), "stages",
    "tokens", "coins", "shields", "symbols"; plus "game" when it reads the age or the
    player count (which a move does not change, but which bind a cached value to a game)
    and "all" when it counts over every city."""
    found = _memo.get(id(expr))
    if found is not None and found[0] is expr:
        return found[1]
    out = frozenset(_walk(expr))
    if len(_memo) > 100_000:
        _memo.clear()
    _memo[id(expr)] = (expr, out)
    return out


def _walk(expr):
    for q in quantities(expr):
        if q.scope is not None and "all" in q.scope.parts:
            yield "all"
        if q.measure not in _READS:
            yield "game"
        elif q.measure in ("complete sets", "symbol squares") or q.scope is None \
                or _OWN.intersection(q.scope.parts):
            kind = _READS[q.measure]
            if kind is None:
                yield from (("cards", c.text) for c in q.colors)
            else:
                yield kind


def quantities(expr):
    """Every quantity counted in `expr` (a value, a conditional score line)."""
    if isinstance(expr, ast.Quantity):
        yield expr
    elif isinstance(expr, ast.PerAmount):
        yield expr.per.what
        if not isinstance(expr.amount, int):
            yield from quantities(expr.amount)
    elif isinstance(expr, ast.Negative):
        yield from quantities(expr.operand)
    elif isinstance(expr, ast.BinOp):
        yield from quantities(expr.left)
        yield from quantities(expr.right)
    elif isinstance(expr, ast.Conditional):
        yield from quantities(expr.value)
        for c in expr.conditions:
            yield from quantities(c.left)
            yield from quantities(c.right)


class Facts(NamedTuple):
    """What a card or wonder stage does, as the valuation asks it, read once per source."""
    changes: frozenset           # what it changes for the score lines (see `changes`)
    shields: int
    science: tuple               # its Science effects
    wild_science: bool           # a symbol of one's choice among several
    produces: tuple              # its Produces effects
    trades: tuple                # its TradeDiscount effects
    coin_actions: tuple          # GainCoins and LoseCoins, when built or at a turn's end
    powers: tuple                # FreeBuild, PlayLastCard, FreeRule and BuildFromDiscard
    discounts: tuple             # its Discount effects (what building costs)
    gives_defeats: bool          # DefeatsToNeighbour: its defeat tokens go to the neighbour
    kept: tuple = ()             # TakeKeptTokens the owner takes
    others: tuple = ()           # InEachCity: what it does to other cities
    city_powers: tuple = ()      # TradeRebate, ProducesLike


def facts(source) -> Facts:
    found = _memo.get(id(source))
    if found is not None and found[0] is source:
        return found[1]
    static, actions = source.static, source.when_built + source.turn_end
    out = {("cards", source.color)} if source.kind == "card" else {"stages"}
    science = tuple(e for e in static if isinstance(e, ast.Science))
    shields = sum(e.amount for e in static if isinstance(e, ast.Shields))
    if shields:
        out.add("shields")
    if science:
        out.add("symbols")
    made = Facts(frozenset(out), shields, science, any(len(e.symbols) > 1 for e in science),
                 tuple(e for e in static if isinstance(e, ast.Produces)),
                 tuple(e for e in static if isinstance(e, ast.TradeDiscount)),
                 tuple(a for a in actions if isinstance(a, (ast.GainCoins, ast.LoseCoins))),
                 tuple(e for e in static + actions if isinstance(e, (ast.FreeBuild, ast.PlayLastCard, ast.FreeRule,
                                                                     ast.BuildFromDiscard))),
                 tuple(e for e in static if isinstance(e, ast.Discount)),
                 any(isinstance(e, ast.DefeatsToNeighbour) for e in static),
                 tuple(a for a in actions if isinstance(a, ast.TakeKeptTokens)),
                 tuple(a for a in actions if isinstance(a, ast.InEachCity)),
                 tuple(e for e in static if isinstance(e, (ast.TradeRebate, ast.ProducesLike))))
    _memo[id(source)] = (source, made)
    return made
