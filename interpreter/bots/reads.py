"""What a score expression reads of the owner's city, and what a card or stage does.

The valuation scores a move by the score lines; a line that reads nothing the move
changes (a guild counting grey cards, for a red card) keeps its value, so only the lines
whose reads meet the move's changes are evaluated again.  This is read from the
expressions themselves, not from any card or rule: `reads` walks an expression; the
reads of a source's score lines are worked out once with its other `facts`, kept with the
compiled rules (Tables.cached), and the rule model keeps those of the rules' own lines.
"""

from __future__ import annotations

from typing import NamedTuple

import attrs

from ..syntax import ast
from ..syntax.ast_effects import UnhandledKind
from ..kinds.actions import ACTIONS
from ..kinds.effects import EFFECTS
from ..kinds.expressions import read
from ..kinds.measures import measure_kind
from ..kinds import scopes


def reads(expr) -> frozenset:
    """The parts of the owner's city `expr` depends on: ("cards", color), "stages",
    "tokens", "coins", "shields", "symbols"; plus "game" when it reads the age or the
    player count (which a move does not change, but which bind a cached value to a game)
    and "all" when it counts over every city."""
    return frozenset(_walk(expr))


def _walk(expr):
    for q in quantities(expr):
        if scopes.names_every(q.scope):
            yield "all"
        kind = measure_kind(q).reads          # what of the owner's city the measure reads (kinds/measures/)
        if kind == "game":
            yield "game"
        elif kind == "symbols" or scopes.reaches_owner(q.scope):
            if kind == "cards":
                yield from (("cards", c.text) for c in q.colors)
            else:
                yield kind


def quantities(expr):
    """Every quantity counted in `expr` (a value, a conditional score line), as the bots read
    it: its kind's (kinds/expressions/ `read`)."""
    return read(expr)


class Facts(NamedTuple):
    """What a card or wonder stage does, as the valuation asks it, read once per source."""
    changes: frozenset           # what it changes for the score lines (see `changes`)
    shields: int                 # its fixed shields (`shields N`)
    science: tuple               # its effects that give science symbols
    wild_science: bool           # a symbol of one's choice among several
    produces: tuple              # its effects that produce resources
    trades: tuple                # its trade prices (`buy ... from ... for N coins`)
    coin_actions: tuple          # the actions that gain or lose coins, when built or at a turn's end
    powers: tuple                # free builds (once per LIMIT, paid by tokens, the first of each ...), the last card
    #                              played, cards drawn into a zone, a card played from one, a build from the discard pile
    score_reads: tuple           # what each of its score lines reads (`reads`), in order
    discounts: tuple = ()        # its discounts (what building costs)
    gives_defeats: bool = False  # `defeat tokens go to the neighbour`
    kept: tuple = ()             # the actions that take kept tokens
    others: tuple = ()           # `each ... city: ...`: what it does to other cities
    city_powers: tuple = ()      # rebates, buying from the bank, a production that follows the city
    shields_per: bool = False    # `shields N per QUANTITY`: as many as the count makes in the city
    copies: tuple = ()           # a copy when built: a neighbour's card (stage) whose effects it takes
    removals: tuple = ()         # a card moved: a building that leaves the owner's or a neighbour's city;
    #                              `lose the board production`: the owner's board production lost
    given_back: tuple = ()       # `discard N ... tokens`: tokens the owner gives back


# What the valuation makes of each kind of effect and action, one row per kind: the Facts
# field a source's effect of that kind goes to (valuation.py weighs each field), or why it
# has none.  `facts` refuses a kind without a row (tests/test_effect_kinds.py checks that
# every kind has one), so a new kind cannot be silently left out of the bots' play.  Each
# kind declares its row (its `bots`, kinds/actions/ and kinds/effects/).
EFFECT_ROLES = {node: kind.bots for node, kind in EFFECTS.items() if "city" in kind.places}
ACTION_ROLES = {node: kind.bots for node, kind in ACTIONS.items()}


def role(kind_roles: dict, thing) -> str:
    """The row of `thing`'s kind, or UnhandledKind naming this module."""
    found = kind_roles.get(type(thing))
    if found is None:
        what = "effect" if kind_roles is EFFECT_ROLES else "action"
        raise UnhandledKind(f"bots/reads.py has no reading of the {what} kind {type(thing).__name__}")
    return found


def facts(source, tables) -> Facts:
    memo = tables.cached("facts", dict)         # source (by identity: sources compare so) -> facts
    found = memo.get(source)
    if found is not None:
        return found
    parts: dict[str, list] = {"produces": [], "shields": [], "science": [], "trades": [], "coin_actions": [],
                              "powers": [], "discounts": [], "gives_defeats": [], "kept": [], "others": [],
                              "city_powers": [], "copies": [], "removals": [], "given_back": []}
    for effect in source.static:
        parts.get(role(EFFECT_ROLES, effect), []).append(effect)
    for action in source.when_built + source.turn_end:
        parts.get(role(ACTION_ROLES, action), []).append(action)
    science = tuple(parts["science"])
    lasting = [ACTIONS[type(a)].counted(a) for a in parts["shields"] if type(a) in ACTIONS]   # `gain N shields`
    held = [EFFECTS[type(e)].counted(e) for e in parts["shields"] if type(e) in EFFECTS]    # `shields N [per ...]`
    shields = sum(amount for amount, per in held if per is None) + \
        sum(amount.value for amount, per in lasting if per is None and isinstance(amount, ast.Number))
    shields_per = any(per is not None for _amount, per in held)
    out = {("cards", source.color)} if source.kind == "card" else {"stages"}
    if shields or shields_per:
        out.add("shields")
    if science:
        out.add("symbols")
    made = Facts(frozenset(out), shields, science, any(len(e.symbols) > 1 for e in science),
                 tuple(parts["produces"]), tuple(parts["trades"]), tuple(parts["coin_actions"]),
                 tuple(parts["powers"]), tuple(reads(value) for _category, value in source.scores),
                 tuple(parts["discounts"]), bool(parts["gives_defeats"]), tuple(parts["kept"]),
                 tuple(parts["others"]), tuple(parts["city_powers"]), shields_per, tuple(parts["copies"]),
                 tuple(parts["removals"]), tuple(parts["given_back"]))
    memo[source] = made
    return made


def under_law(known: Facts, source, change: str, tables) -> Facts:
    """What a card to be built does under a law over cards in force in the city (engine/
    city.py `ruling`), as the engine will add it: with `no effect`, only what it does when
    built and its score lines (its colour still counts); with `nothing`, all but its
    production; with `as needed`, its fixed production as many times as the largest cost
    asks (`ruled_held`).  Worked out once per card and change."""
    memo = tables.cached("facts under laws", dict)
    key = (source.index, change)
    found = memo.get(key)
    if found is not None:
        return found
    if change == "no effect":
        found = known._replace(changes=frozenset({("cards", source.color)}), shields=0, science=(),
                               wild_science=False, produces=(), trades=(), discounts=(), gives_defeats=False,
                               city_powers=(), shields_per=False,
                               powers=tuple(p for p in known.powers if type(p) in ACTION_ROLES))
    elif change == "nothing":
        found = known._replace(produces=())
    else:
        most = tables.most_asked
        res = tables.resource_index
        found = known._replace(produces=tuple(
            e if e.choice else attrs.evolve(e, items=tuple(attrs.evolve(i, count=max(i.count, most[res[i.resource.text]]))
                                                           for i in e.items))
            for e in known.produces))
    memo[key] = found
    return found
