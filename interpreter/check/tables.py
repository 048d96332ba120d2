"""Check `table for N players` blocks: the player count, the deal, the neutral cities."""

from __future__ import annotations

from collections.abc import Iterable

from ..diagnostics import Note
from ..syntax import ast
from .context import Context
from .model import NeutralDef, RulesDef, TableDef
from .rules import quiet_age_number, roman
from ..i18n import _

FLAGS = ("draws from a pile", "holder changes every turn", "builds when it can", "chains when it can",
         "buys at any price", "cannot win")


def check_tables(items: Iterable[object], rules: RulesDef, ctx: Context) -> tuple[TableDef, ...]:
    tables: list[TableDef] = []
    seen: dict[int, ast.Table] = {}
    for table in (i for i in items if isinstance(i, ast.Table)):
        n = table.players.value
        if n in seen:
            ctx.report("E1101", _("two tables for {n} players").format(n=n), table.players.span,
                       notes=(Note(_("the first one is here"), seen[n].players.span),))
            continue
        seen[n] = table
        # the range may come from a variant's `set players`: show where it was set
        range_note = (Note(_("the rules' player range is set here"), rules.players_span),) if rules.players_span else ()
        drop = _(", or drop this table in the variant: `remove table for {n} players`").format(n=n) \
            if _set_by_variant(rules) else ""
        if rules.min_players <= n <= rules.max_players or n < 1:
            ctx.report("E1204", _("a table for {n} players, but the rules play {min_players} to {max_players} players "
                                  "themselves").format(n=n, min_players=rules.min_players, max_players=rules.max_players), table.players.span, notes=range_note,
                       help=_("a table sets up a player count the rules do not play themselves: leave {n} players out "
                              "of the rules' `players` range{drop}").format(n=n, drop=drop))
            continue
        deal_as = table.deal_as.value if table.deal_as else n
        if table.deal_as and not rules.min_players <= deal_as <= rules.max_players:
            ctx.report("E1204", _("cards as for {deal_as} players, but the rules play {min_players} to {max_players}").format(deal_as=deal_as, min_players=rules.min_players, max_players=rules.max_players), table.deal_as.span, notes=range_note,
                       help=_("a table's decks are made as for a player count within the rules' range") + drop)
            continue
        neutrals = tuple(_neutral(city, rules, ctx) for city in table.neutrals)
        hand = table.hand.amount.value if table.hand else None
        turns = table.turns.amount.value if table.turns else None
        if not _hand_fits(table, hand, turns, rules, ctx):
            continue
        if None not in neutrals:
            tables.append(TableDef(n, deal_as, neutrals, table.span, hand, turns))   # type: ignore[arg-type]  # (None not in neutrals)
    return tuple(tables)


def _hand_fits(table: ast.Table, hand: int | None, turns: int | None, rules: RulesDef, ctx: Context) -> bool:
    """A table's `hand` and `turns` make sense with every age: 1 <= turns <= hand, and
    fewer turns than cards only where the age discards the last cards, and more turns than
    an age plays before its last `play` statement (which plays the rest)."""
    for age in rules.ages:
        h, t = hand or age.hand, turns or age.turns
        stmt = table.turns or table.hand
        if stmt is None:
            return True
        if h < 1 or not 1 <= t <= h or turns and t <= age.earlier_turns:   # (the age's last `play` takes the rest)
            ctx.report("E1206", _("the table for {players} players plays {turns} turns from a hand of {hand} cards "
                                  "in age {age}").format(players=table.players.value, turns=t, hand=h,
                                                         age=roman(age.number)), stmt.span,
                       label=_("turns must be between 1 and the hand size"))
            return False
        if t < h and not age.last_card_discarded:
            ctx.report("E1201", _("at the table for {players} players, age {age} does not say what happens to the "
                                  "cards left after the last turn").format(players=table.players.value,
                                                                           age=roman(age.number)), stmt.span,
                       help=_("add `last card discarded` to the age, or play every card"))
            return False
    return True


def _set_by_variant(rules: RulesDef) -> bool:
    """Was the player range set by a variant (a `players` statement outside the rules block)?
    Then the variant is where the designer can also drop a table."""
    at, block = rules.players_span, rules.span
    if at is None or block is None:
        return False
    return at.file != block.file or not (block.line, block.column) <= (at.line, at.column) \
        <= (block.end_line, block.end_column)


def _neutral(city: ast.NeutralCity, rules: RulesDef, ctx: Context) -> NeutralDef | None:
    flags = {s.word for s in city.body if isinstance(s, ast.Flag)}
    holders = []
    ages = {a.number for a in rules.ages}
    for h in (s for s in city.body if isinstance(s, ast.HolderInAge)):
        age = quiet_age_number(h.age.text)
        if age not in ages:
            ctx.report("E1006", _("`{age}` is not an age of the rules").format(age=h.age.text), h.age.span,
                       help=_("the ages are {names}").format(names=', '.join(roman(a) for a in sorted(ages))))
            return None
        holders.append((age, h.direction))
    return NeutralDef(name=city.name.text, pile="draws from a pile" in flags, holders=tuple(holders),
                      rotates="holder changes every turn" in flags, must_build="builds when it can" in flags,
                      must_chain="chains when it can" in flags, any_price="buys at any price" in flags,
                      can_win="cannot win" not in flags)
