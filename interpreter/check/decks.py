"""Whole-set checks: duplicate definitions, chains between ages, the deck arithmetic
(every age deals exactly `hand` cards to each player at every allowed player count) and
the boards (a wonder board for every seat at the largest table)."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence

from ..decks import age_deck
from ..diagnostics import Note
from ..syntax import ast
from .context import Context
from .model import CardDef, RulesDef, TableDef, WonderDef
from .rules import quiet_age_number, roman
from ..i18n import _, ngettext


def check_duplicates(items: Iterable[object], ctx: Context) -> None:
    seen: dict[tuple[str, ...] | tuple[str, str, int | str | None], ast.Name] = {}
    for item in items:
        if isinstance(item, ast.Card):
            age_stmt = next((s for s in item.body if isinstance(s, ast.AgeStmt)), None)
            age = age_stmt.age.text if age_stmt else None
            key: tuple[str, ...] | tuple[str, str, int | str | None] = ("card", item.name.text, quiet_age_number(age) or age if age else None)
            what = (_('card "{name}" in age {age}').format(name=item.name.text, age=age_stmt.age.text) if age_stmt
                    else _('card "{name}"').format(name=item.name.text))
        elif isinstance(item, ast.Wonder):
            key, what = ("wonder", item.name.text), _('wonder "{name}"').format(name=item.name.text)
        else:
            continue
        if key in seen:
            ctx.report("E1101", _("{what} is defined twice").format(what=what), item.name.span, label=_("defined again"),
                       notes=(Note(_("first defined here"), seen[key].span),),
                       help=_("rename one of them or remove the copy"))
        else:
            seen[key] = item.name


def check_chains(cards: list[ast.Card], unparsed: Collection[str], ctx: Context) -> None:
    """Every chain names a card of an earlier age.  Works on the syntax tree, so a card
    with another error still has its chains checked and can still be chained to."""
    ages: dict[str, set[int | None]] = {name: {None} for name in unparsed}
    for card in cards:
        ages.setdefault(card.name.text, set()).add(_age_of(card))
    for card in cards:
        age = _age_of(card)
        for stmt in card.body:
            if not isinstance(stmt, ast.ChainStmt):
                continue
            for name in stmt.cards:
                if name.text not in ages:
                    _unknown_chain(card, name, list(ages), ctx)
                    continue
                known = {a for a in ages[name.text] if a is not None}
                if age is None or None in ages[name.text] or any(a < age for a in known):
                    continue
                notes = ctx.provenance.notes(("card", card.name.text), ("card", name.text))
                ctx.report("E1202", _('"{card}" (age {age}) chains from "{name}" (age {names})').format(card=card.name.text, age=roman(age), name=name.text, names=', '.join(roman(a) for a in sorted(known))), name.span,
                           label=_("not from an earlier age"), notes=notes,
                           help=_("a card can only be built free thanks to a building of an earlier age; in the "
                                  "variant, keep the two cards in different ages") if notes else
                           _("a card can only be built free thanks to a building of an earlier age"))


def _unknown_chain(card: ast.Card, name: ast.Name, pool: list[str], ctx: Context) -> None:
    """E1004 for a chain to no card; when a variant removed (or renamed) that card, the
    note points at the change and the help says what to do in the variant."""
    notes = ctx.provenance.notes(("card", name.text))
    if notes:
        help = _('in the variant, keep "{name}", or also `replace card "{card}"` with a version without '
                 '`free with "{name}"`').format(name=name.text, card=card.name.text)
    else:
        guess = ctx.suggest(name.text, pool)
        help = _('did you mean "{guess}"?').format(guess=guess) if guess else _("chains name a card of an earlier age")
    ctx.report("E1004", _('unknown card "{name}"').format(name=name.text), name.span, label=_("no card has this name"),
               notes=notes, help=help)


def _age_of(card: ast.Card) -> int | None:
    stmt = next((s for s in card.body if isinstance(s, ast.AgeStmt)), None)
    return quiet_age_number(stmt.age.text) if stmt else None


def check_ages_exist(cards: list[CardDef], rules: RulesDef, ctx: Context) -> list[CardDef]:
    known = {a.number for a in rules.ages}
    kept = []
    for card in cards:
        if card.age in known or card.deck:
            kept.append(card)
        else:
            ctx.report("E1006", _('"{card}" is in age {age}, which the rules do not define').format(card=card.name, age=roman(card.age)),
                       card.span, notes=ctx.provenance.notes(("card", card.name)), help=_("the rules define ages {names}").format(names=', '.join(roman(n) for n in sorted(known))))
    return kept


def check_decks(cards: list[CardDef], rules: RulesDef, ctx: Context, tables: Sequence[TableDef] = ()) -> None:
    """Every age deals `hand` cards to each seat, at every player count of the rules (and
    of each table, whose decks are made as for its `cards as for` count)."""
    players = range(rules.min_players, rules.max_players + 1)
    counts = [(p, p, p, None) for p in players] + [(t.players, t.deal_as, t.seats, t) for t in tables]
    pooled: set[str] = set()
    for age in rules.ages:
        for draw in age_deck(cards, age, rules.max_players).draws:
            add, pool = draw.addition, draw.pool
            colors = {c.text for c in add.colors}
            pooled.update(c.name for c in pool)
            needed = max(add.count.at(p) for p in players)
            if needed > len(pool):
                notes = ctx.provenance.notes(("deck", age.number), ("players",))
                ctx.report("E1302", _("age {number} draws {needed} random {names} cards at {max_players} players but only "
                                      "{count} can be drawn").format(number=roman(age.number), needed=needed, names='/'.join(sorted(colors)), max_players=rules.max_players, count=len(pool)), add.span, notes=notes,
                           help=_("in the variant, keep at least {needed} such cards in age {age} (`add card ...` "
                                  "with no `copies` line), or draw fewer (`set age {age} {{ add ... }}`)").format(
                               needed=needed, age=roman(age.number)) if notes else
                           _("cards in a random pool have no `copies` line; add cards or draw fewer"))
        wrong: list[str] = []
        first = 0                      # the first player count that is off
        for p, deal_as, seats, table in counts:
            dealt = age_deck(cards, age, deal_as).size
            hand = table.age(age).hand if table else age.hand
            if dealt != hand * seats:
                first = first or deal_as
                wrong.append(_("{dealt} at {players} players (needs {needed})").format(
                    dealt=dealt, players=p, needed=hand * seats))
        if wrong:
            each = ngettext("{count} card", "{count} cards", age.hand).format(count=age.hand)
            notes = ctx.provenance.notes(("deck", age.number), ("players",))
            ctx.report("E1301", _("age {age}'s deck does not deal {each} to each player: {counts}").format(
                           age=roman(age.number), each=each, counts="; ".join(wrong)), age.span,
                       help=_("in the variant, make age {age} deal {each} to each player again: add or remove "
                              "cards of that age (`add card`, `remove card`) or change their `copies` "
                              "(`modify card \"...\" {{ copies ... }}`)").format(age=roman(age.number), each=each)
                       if notes else _("check the `copies` lines of this age's cards"),
                       notes=notes + _deck_sources(cards, age.number, first))
    for card in cards:
        if card.name in pooled and card.color or card.deck:
            continue
        if not any(card.copies_at(p) for p in players) and card.name not in pooled:
            notes = ctx.provenance.notes(("card", card.name), ("players",))
            ctx.report("W1303", _('"{card}" never enters a deck').format(card=card.name), card.span, notes=notes,
                       help=(_("in the variant, give it `copies` that start at {players} players or fewer, or put it "
                               "in a random pool with `add ... random <colour> cards`") if notes else
                             _("give it `copies` that start at {players} players or fewer, or put it in a random "
                               "pool with `add ... random <colour> cards`")).format(players=rules.max_players))


def _deck_sources(cards: list[CardDef], age: int, players: int) -> tuple[Note, ...]:
    """Where an age's cards come from, file by file, when several files give them (a pack's
    cards beside the rules'): no variant statement changed the deck, so these notes show
    the designer which file's cards to count, each at the first of its cards."""
    by_file: dict[str, list[tuple[CardDef, int]]] = {}
    for card in cards:
        if card.age == age and not card.deck and card.copies_at(players):
            by_file.setdefault(card.span.file, []).append((card, card.copies_at(players)))
    if len(by_file) < 2:
        return ()
    notes = []
    for given in by_file.values():
        count = sum(n for _card, n in given)
        names = ", ".join(f'"{card.name}"' for card, _n in given[:3]) + (", ..." if len(given) > 3 else "")
        notes.append(Note(ngettext("{count} card of age {age} at {players} players comes from this file: {names}",
                                   "{count} cards of age {age} at {players} players come from this file: {names}",
                                   count).format(count=count, age=roman(age), players=players, names=names),
                          given[0][0].span))
    return tuple(notes)


def check_boards(wonders: Sequence[WonderDef], rules: RulesDef, ctx: Context, tables: Sequence[TableDef] = ()) -> None:
    """Every seat gets a wonder board of its own: at the rules' largest player count, and
    at each table (its players and neutral cities), there are at least as many wonders
    as seats, or no game at that count can be set up."""
    need = max([rules.max_players] + [t.seats for t in tables])
    if len(wonders) >= need:
        return
    have = {0: _("there are none"), 1: _("there is only 1")}.get(
        len(wonders), _("there are only {count}").format(count=len(wonders)))
    table = next((t for t in tables if t.seats == need), None) if need > rules.max_players else None
    if table is None:
        message = _("{need} players need {need} wonder boards, but {have}").format(need=need, have=have)
        span = rules.players_span or rules.span
    else:
        message = _("the table for {players} players seats {need} cities with its neutral cities, so it needs "
                    "{need} wonder boards, but {have}").format(players=table.players, need=need, have=have)
        span = table.span
    missing = need - len(wonders)
    notes = ctx.provenance.notes(("wonders",), ("players",))
    ctx.report("E1304", message, span, label=_("{need} cities at the largest table").format(need=need), notes=notes,
               help=_("in the variant, keep {need} wonders (or add {missing}), or allow fewer players "
                      "(`set players {low} to {high}`)").format(need=need, missing=missing, low=rules.min_players,
                                                              high=len(wonders)) if notes else
               ngettext("add {count} wonder, or play with fewer players",
                        "add {count} wonders, or play with fewer players", missing).format(count=missing))
