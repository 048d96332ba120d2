"""Check the `rules` block: player counts, ages, prices, military and the score pad."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..diagnostics import Note
from ..syntax import ast
from .context import Context
from .effects import check_action, check_effect, price_ok
from ..kinds.effects import part_of
from .model import AgeDef, RulesDef
from ..rulesdata import roman as roman     # (re-exported: the ages' numerals, below the checker)
from ..diagnostics import Span
from ..i18n import _

_ROMAN = {"I": 1, "V": 5, "X": 10}


RESERVED_CATEGORIES = ("name", "total", "city")   # fields of the score pad's data
MAX_PLAYERS = 100
MAX_AGE = 20


def quiet_age_number(text: str) -> int | None:
    """`3` or `III` as a number (at most MAX_AGE), or None."""
    if text.isascii() and text.isdigit() and len(text) <= 3 and 0 < int(text) <= MAX_AGE:
        return int(text)
    if len(text) > 8:
        return None
    if text and all(ch in _ROMAN for ch in text):
        values = [_ROMAN[ch] for ch in text]
        total = sum(-v if i + 1 < len(values) and v < values[i + 1] else v for i, v in enumerate(values))
        if total <= MAX_AGE and roman(total) == text:
            return total
    return None


def age_number(name: ast.Name, ctx: Context) -> int | None:
    """`3` or `III` as a number; anything else is reported."""
    number = quiet_age_number(name.text)
    if number is not None:
        return number
    text = name.text
    ctx.report("E1006", _("`{text}` is not an age").format(text=text[:20]), name.span, label=_("expected a number or a roman numeral"),
               help=_("write the age as `I`, `II`, `III` or `1`, `2`, `3` (at most {MAX_AGE})").format(MAX_AGE=MAX_AGE))
    return None


def find_rules(items: Iterable[object], ctx: Context) -> ast.Rules | None:
    blocks = [i for i in items if isinstance(i, ast.Rules)]
    for extra in blocks[1:]:
        ctx.report("E1101", _("a second rules block `{extra}`").format(extra=extra.name.text), extra.name.span,
                   label=_("defined again"), notes=(Note(_("the first rules block is here"), blocks[0].name.span),),
                   help=_("a rule set has one `rules` block; change it with a variant instead"))
    if not blocks:
        ctx.report("E1208", _("no `rules` block in the content"), None,
                   help=_('add `rules "Name" { players 3 to 7 ... }` (see docs/language.md)'))
        return None
    return blocks[0]


def declare_categories(rules: ast.Rules | None, ctx: Context) -> None:
    if rules is None:
        return
    pad = ctx.single(rules.body, ast.ScorePad, _("the rules"), rules.span, required="score pad")
    if pad is not None:
        names: list[str] = []
        for cat in pad.categories:
            if cat.text in RESERVED_CATEGORIES:
                ctx.report("E1210", _("`{cat}` cannot name a score category").format(cat=cat.text), cat.span,
                           label=_("used by the score pad itself"),
                           help=_("the names {names} are taken; choose another").format(names=', '.join(RESERVED_CATEGORIES)))
                continue
            if cat.text in names:
                ctx.report("E1103", _("the score category `{cat}` is listed twice").format(cat=cat.text), cat.span)
            else:
                names.append(cat.text)
        ctx.categories = tuple(names)


def check_rules(rules: ast.Rules, ages: tuple[AgeDef, ...] | None, ctx: Context) -> RulesDef | None:
    """The checked rules; `ages` are those read from the phases (check/ages.py)."""
    body, owner = rules.body, _('the rules "{name}"').format(name=rules.name.text)

    def number(kind: type[ast.StartingCoins | ast.SellPrice | ast.TradePrice], word: str) -> int | None:
        stmt = ctx.single(body, kind, owner, rules.span, required=word)
        return None if stmt is None else stmt.amount.value

    players = ctx.single(body, ast.PlayersStmt, owner, rules.span, required="players")
    low = high = None
    if players is not None:
        low, high = players.low.value, players.high.value
        if not 1 <= low <= high or high > MAX_PLAYERS:
            ctx.report("E1204", _("players {low} to {high} is not a range of player counts").format(low=low, high=high), players.span,
                       help=_("the first number must be at least 1 and not above the second, and at most {MAX_PLAYERS}").format(MAX_PLAYERS=MAX_PLAYERS))
            low = high = None
    starting = number(ast.StartingCoins, "starting coins")
    sell = number(ast.SellPrice, "sell for")
    trade = number(ast.TradePrice, "trade price")
    pad = ctx.single(body, ast.ScorePad, owner, rules.span)

    stage_category = None
    color_categories: list[tuple[str, str]] = []
    mapped: dict[str, ast.Name] = {}
    for stmt in body:
        if isinstance(stmt, ast.PointsCategory) and ctx.known_category(stmt.category):
            sources = [(n.text, n) for n in stmt.colors] or [("wonder stages", stmt.category)]
            for key, name in sources:
                if key in mapped:
                    ctx.report("E1102", _("the points of {key} are given a category twice").format(key=key), name.span,
                               label=_("mapped again"), notes=(Note(_("first mapped here"), mapped[key].span),))
                    continue
                mapped[key] = name
                if not stmt.colors:
                    stage_category = stmt.category.text
                elif ctx.known(name, ctx.colors, "E1002", "colour"):
                    color_categories.append((key, stmt.category.text))
    scores = tuple(s for s in (check_effect(s, ctx) for s in body if part_of(s) == "scores") if s)
    tie = ctx.single(body, ast.TieBreak, owner, rules.span)

    triggers = tuple(t for t in (check_effect(t, ctx) for t in body if part_of(t) == "triggers") if t)
    named: dict[str, ast.Name] = {}
    for trigger in triggers:
        if trigger.name is not None:
            if trigger.name.text in named:
                ctx.report("E1101", _('two triggers are named "{trigger}"').format(trigger=trigger.name.text), trigger.name.span,
                           notes=(Note(_("the first one is here"), named[trigger.name.text].span),),
                           help=_("a variant names a trigger to replace or remove it: give each its own name"))
            named.setdefault(trigger.name.text, trigger.name)
    laws = tuple(law for law in (_rules_law(law, ctx) for law in body if part_of(law) == "laws") if law)
    card_uses = _card_uses([s for s in body if isinstance(s, ast.CardUse)], ctx)
    debt = ctx.single(body, ast.CoinsOwed, owner, rules.span)
    if debt is not None and not ctx.known(debt.kind, ctx.tokens, "E1008", "token kind"):
        debt = None
    sit_out = _sit_out(body, ctx)
    team_size, partners_at = _teams(body, ctx, owner, rules.span)
    if low is None or high is None or starting is None or sell is None or trade is None or pad is None or ages is None \
            or players is None:               # (players is None: low and high are too)
        return None
    return RulesDef(
        name=rules.name.text, min_players=low, max_players=high, starting_coins=starting,
        sell_coins=sell, trade_price=trade, ages=ages, triggers=triggers,
        score_pad=ctx.categories, stage_points_category=stage_category,
        color_points_categories=tuple(color_categories), scores=scores,
        tie_break=tuple(k.text for k in tie.keys) if tie else (), span=rules.span,
        players_span=players.span, debt=debt.kind.text if debt else None,
        debt_by_choice=bool(debt and debt.by_choice), sit_out=sit_out,
        team_size=team_size, partners_face_other=partners_at, laws=laws, card_uses=card_uses)


def _card_uses(uses: Iterable[ast.CardUse], ctx: Context) -> tuple[ast.CardUse, ...]:
    """The uses of a turn's card, each of its own name (E2043), its price a card's cost,
    its action one that may run."""
    named: dict[str, ast.Name] = {}
    kept: list[ast.CardUse] = []
    for use in uses:
        if use.name.text in named:
            ctx.report("E2043", _('two uses of a card are named "{name}"').format(name=use.name.text), use.name.span,
                       label=_("named again"), notes=(Note(_("the first one is here"), named[use.name.text].span),),
                       help=_("give each use its own name: the name tells the moves apart"))
            continue
        named[use.name.text] = use.name
        if price_ok(use.price, ctx) and check_action(use.action, ctx):
            kept.append(use)
    return tuple(kept)


def _rules_law(law: ast.Effect, ctx: Context) -> ast.Effect | None:
    """A law of the rules: as a card's, but in play always and with no card to be on top
    of a zone (E2040); its comparisons are read in each city."""
    top = law.on_top or law.revealed
    if law.revealed is not None:
        assert top is not None
        ctx.report("E2042", _("a law of the rules is no card: it is never revealed"), top.span,
                   label=_("only a card's law"), help=_("leave out `revealed`, or write the law on a card of the deck revealed"))
        return None
    if top is not None:
        ctx.report("E2040", _("a law of the rules is no card: it is on top of no zone"), top.span,
                   label=_("only a card's law"), help=_("leave out `on top of`, or write the law on a card dealt into the zone"))
        return None
    return check_effect(law, ctx)


def _sit_out(body: Iterable[object], ctx: Context) -> tuple[tuple[str, str, bool], ...]:
    """`holders of KIND tokens sit out the next EVENT`, one statement per kind."""
    found: dict[str, ast.SitOut] = {}
    for stmt in body:
        if not isinstance(stmt, ast.SitOut) or not ctx.known(stmt.kind, ctx.tokens, "E1008", "token kind"):
            continue
        if stmt.kind.text in found:
            ctx.report("E1102", _("the holders of {kind} tokens are told twice what they sit out").format(
                           kind=stmt.kind.text), stmt.span, label=_("said again"),
                       notes=(Note(_("first said here"), found[stmt.kind.text].span),),
                       help=_("keep one of the two statements"))
            continue
        found[stmt.kind.text] = stmt
    return tuple((kind, s.event, s.once) for kind, s in found.items())


def _teams(body: Sequence[object], ctx: Context, owner: str, span: Span | None) -> tuple[int | None, tuple[str, ...]]:
    """`teams of N seated side by side` (N at least 2) and the events at which partners
    face their other neighbour instead, which need teams to mean anything."""
    teams = ctx.single(body, ast.Teams, owner, span)
    size = None
    if teams is not None:
        if teams.size < 2:
            ctx.report("E1206", _("a team has at least 2 players, not {n}").format(n=teams.size), teams.span,
                       label=_("too few"), help=_("write `teams of 2 seated side by side`"))
        else:
            size = teams.size
    faces = [s for s in body if isinstance(s, ast.PartnersFace)]
    if faces and teams is None:
        ctx.report("E1215", _("partners face their other neighbour, but the rules make no teams"), faces[0].span,
                   label=_("no partners without teams"),
                   help=_("add `teams of 2 seated side by side` to the rules, or remove this statement"))
    return size, tuple(dict.fromkeys(s.event for s in faces))


