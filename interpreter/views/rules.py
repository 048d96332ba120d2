"""`wonders rules`: the effective rules as text, and what variants change (a diff)."""

from __future__ import annotations

import difflib

from ..check.model import RuleSet
from ..kinds.actions import STATEMENTS
from ..syntax import ast
from ..printable import printable
from .render.effect_icons import event_word
from ..syntax.formatter import layout_text as print_items


def rules_text(ruleset: RuleSet, full: bool) -> str:
    items = ruleset.items if full else [i for i in ruleset.items if isinstance(i, ast.Rules)]
    return printable(print_items(items), keep_newlines=True)


def rules_summary(ruleset: RuleSet) -> str:
    """The rules block in words of the chosen language, for a table that does not read the
    content's keywords: each statement from the model, effects by the describer."""
    from ..check.model import written_cost
    from .describe import describer, effect_text
    from ..i18n import _, names, ngettext
    r, n = ruleset.rules, names()
    coins = lambda k: ngettext("{count} coin", "{count} coins", k).format(count=k)  # noqa: E731
    out = [r.name, _("Players: {low} to {high}").format(low=r.min_players, high=r.max_players),
           _("Starting coins: {coins}").format(coins=coins(r.starting_coins)),
           _("Selling a card: {coins}").format(coins=coins(r.sell_coins)),
           _("Trade: {coins} a resource bought from a neighbour").format(coins=coins(r.trade_price))]
    ages = {age.number: age for age in r.ages}
    placed = [p for p in r.phases if p.when == "start"]
    for p in r.sequence:                          # the phases in the order the game runs them
        phase = r.phases[p]
        if not phase.when and phase.age in ages:
            out.append(_age_text(ages[phase.age], n))
        else:
            out.append(_phase_text(phase))
    out += [_phase_text(phase) for phase in placed]
    out += ["  " + effect_text(t) for t in r.triggers]
    out += ["  " + effect_text(law) for law in r.laws]
    words = describer()
    for use in r.card_uses:                       # `use a card for "NAME" [paying PRICE]: ACTION`
        price = ", " + _("paying {price}").format(price=words.cost_text(written_cost(use.price))) if use.price else ""
        out.append(_('A turn\'s card may be used for "{name}"{price}: {action}').format(
            name=use.name.text, price=price, action=words.action_text(use.action)))
    if r.debt:
        out.append(_("Coins a city does not pay become {kind} tokens (the city chooses)").format(kind=n.token(r.debt))
                   if r.debt_by_choice else
                   _("Coins a city cannot pay become {kind} tokens").format(kind=n.token(r.debt)))
    for kind, event, once in r.sit_out:
        out.append((_("A holder of a {kind} token faces each city once at the next {event} (and gives the token up)")
                    if once else _("A holder of a {kind} token sits out the next {event} (and gives the token up)"))
                   .format(kind=n.token(kind), event=event_word(event)))
    if r.team_size:
        out.append(_("Teams of {size} seated side by side: a team scores its players' total").format(size=r.team_size))
    for event in r.partners_face_other:
        out.append(_("At {event}, a city faces its other neighbour in place of a partner").format(event=event_word(event)))
    out.append(_("Score pad: {lines}").format(lines=", ".join(n.score(c) for c in r.score_pad)))
    if r.stage_points_category:
        out.append("  " + _("points of wonder stages count as {line}").format(line=n.score(r.stage_points_category)))
    for color, category in r.color_points_categories:
        out.append("  " + _("points of {color} cards count as {line}").format(color=n.color(color),
                                                                              line=n.score(category)))
    out += ["  " + effect_text(score) for score in r.scores]
    if r.tie_break:
        out.append(_("A tie is broken by the most coins"))
    return printable("\n".join(out), keep_newlines=True) + "\n"


def _age_text(age, n) -> str:
    from ..check.rules import roman
    from ..i18n import _, ngettext
    parts = [ngettext("a hand of {count} card", "a hand of {count} cards", age.hand).format(count=age.hand),
             ngettext("{count} turn", "{count} turns", age.turns).format(count=age.turns),
             _("hands pass to the {ways}, in turn").format(ways=_ways((age.direction, *age.then))) if age.then
             else _("hands pass to the left (clockwise)") if age.direction == "left"
             else _("hands pass to the right (counter-clockwise)")]
    if age.last_card_discarded:
        parts.append(_("the last card is discarded"))
    parts.append(_("a military victory is worth {value}").format(value=age.victory))
    for add in age.random_additions:
        count = add.count
        how = (_("the number of players plus {offset}").format(offset=count.offset) if count.offset > 0 else
               _("the number of players minus {offset}").format(offset=-count.offset) if count.offset < 0 else
               _("the number of players")) if count.per_player else str(count.offset)
        parts.append(_("{count} random {colors} cards are added").format(
            count=how, colors=_(" or ").join(n.color(c.text) for c in add.colors)))
    return _("Age {age}: {rules}").format(age=roman(age.number), rules="; ".join(parts))


def _ways(ways) -> str:
    """`left then right` in words: "left, then right"."""
    from ..i18n import _
    return _(", then ").join(_("left") if way == "left" else _("right") for way in ways)


def _phase_text(phase) -> str:
    """A phase besides the ages' own, in words: where it runs, then each statement."""
    from ..check.model import AgeDeal, AgeEnd, AgeStart
    from ..check.rules import roman
    from ..i18n import _, ngettext
    where = {"before": _("before age {age}"), "after": _("after age {age}"),
             "start": _("at the start of age {age}") if phase.age else _("at the start of each age"),
             "": _("in its turn")}[phase.when].format(age=roman(phase.age) if phase.age else "")
    said = []
    for step in phase.steps:
        kind = STATEMENTS.get(type(step))
        if kind is not None:                  # a statement of kinds/actions/ has its words
            said.append(kind.rules_words(step))
        elif isinstance(step, ast.Deal):
            said.append(ngettext('each player is dealt {count} card of the deck "{deck}"',
                                 'each player is dealt {count} cards of the deck "{deck}"',
                                 step.count.value).format(count=step.count.value, deck=step.deck.text))
        elif isinstance(step, AgeDeal):
            said.append(ngettext("each city is dealt {count} card of age {age}",
                                 "each city is dealt {count} cards of age {age}",
                                 step.count).format(count=step.count, age=roman(step.number)))
        elif isinstance(step, ast.Draft):
            said.append(ngettext('{count} card is drafted into "{zone}", the hands passing to the {side}',
                                 '{count} cards are drafted into "{zone}", the hands passing to the {side}',
                                 step.count.value).format(count=step.count.value, zone=step.zone.text,
                                                          side=_("left") if step.direction == "left" else _("right")))
        elif isinstance(step, ast.PlayTurns):
            said.append(ngettext("{count} turn, the hands passing to the {side}",
                                 "{count} turns, the hands passing to the {side}", step.count.value).format(
                count=step.count.value, side=_ways(step.directions))
                + ("; " + _("the last card is discarded") if step.discard_last else ""))
        elif isinstance(step, ast.Reveal):
            said.append(ngettext('{count} card of the deck "{deck}" is revealed to the whole table',
                                 '{count} cards of the deck "{deck}" are revealed to the whole table',
                                 step.count.value).format(count=step.count.value, deck=step.deck.text))
        elif isinstance(step, ast.DiscardZone):
            said.append(_('each player discards the cards of "{zone}"').format(zone=step.zone.text))
        elif isinstance(step, (AgeStart, AgeEnd)):
            said.append((_("age {age} starts") if isinstance(step, AgeStart) else _("age {age} ends"))
                        .format(age=roman(step.number)))
    return _('Phase "{name}" ({where}): {statements}').format(name=phase.name, where=where,
                                                            statements="; ".join(said))


def full_summary(ruleset: RuleSet) -> str:
    """The whole effective rule set in words of the chosen language: the rules block, then
    every card and every wonder side as its label (access/notation.Words), one fact a line."""
    from .access.listing import labels_text
    from .access.notation import Words
    from ..i18n import _, ngettext
    words = Words(ruleset)
    cards = [words.card_label(c) for c in ruleset.cards]
    sides = [words.side_label(w.name, s) for w in ruleset.wonders for s in w.sides]
    return (rules_summary(ruleset) + "\n" + _("Cards") + "\n\n"
            + labels_text(cards, ngettext("{count} card", "{count} cards", len(cards)).format(count=len(cards)))
            + "\n" + _("Wonders") + "\n\n"
            + labels_text(sides, ngettext("{count} wonder side", "{count} wonder sides", len(sides)).format(
                count=len(sides))))


def diff_text(base: RuleSet, changed: RuleSet, variants: list[str], in_words: bool = False) -> str:
    """What the variants (and expansion packs: `variants` names them all) change, as a
    unified diff of the content (or, `in_words`, of the rule set in words of the chosen
    language: full_summary)."""
    from ..i18n import _
    shown = full_summary if in_words else lambda r: print_items(r.items)
    before = shown(base).splitlines(keepends=True)
    after = shown(changed).splitlines(keepends=True)
    label = _("with {variants}").format(variants=", ".join(variants)) if variants else _("the same content")
    lines = list(difflib.unified_diff(before, after, _("base"), label, n=8 if in_words else 4))
    return printable("".join(lines), keep_newlines=True) if lines else _("The variants change nothing.") + "\n"
