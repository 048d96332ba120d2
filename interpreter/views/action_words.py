"""An action as people read it in the chosen language, and an action typed by name.

An action's label (engine/actions.py: `build NAME (I) paying 1 to left`) is data:
logs record it and replays match it, so it stays English.  What is shown is made from
it here: in English the label itself, in another language the same parts in its words.
"""

from __future__ import annotations

import re

from ..i18n import _, language, names, ngettext
from ..engine.moves import BUILD, COPY_STAGE

_LABEL = re.compile(r"^(?P<kind>build|wonder stage(?: (?P<stage>\d+))? with|sell|keep|copy|remove|put) "
                    r"(?:(?P<hidden>a card)|(?P<card>.+?) \((?P<age>[^()]*)\))"
                    r"(?P<free> free by (?:chain from (?P<link>.+?) \((?P<side>left|right) neighbour\)"
                    r"|(?:chain|power|phase|token)(?: \((?P<colour>[^()]+)\))?))?"
                    r"(?: paying (?:(?P<left>\d+) to left)?(?: and )?(?:(?P<right>\d+) to right)?"
                    r"(?: and )?(?:(?P<bank>\d+) to the bank)?)?"
                    r"(?P<discard> from the discard pile)?$")
_PRICE = re.compile(r"^pay the price(?: paying (?:(?P<left>\d+) to left)?(?: and )?(?:(?P<right>\d+) to right)?"
                    r"(?: and )?(?:(?P<bank>\d+) to the bank)?)?$")       # an offer accepted (kind "accept")
_STAGE_COPY = re.compile(r"^copy stage (?P<number>\d+) of (?P<wonder>.+) (?P<side>\S+)$")   # kind "copy stage"
_PAY = re.compile(r"^pay (?P<coins>\d+) coins? and take (?P<count>\d+) (?P<kind>.+?) tokens?$")


def shown_action(label: str, words=None) -> str:
    """The label in the chosen language, its card named by `words` (access/notation.py:
    the reader's notation; None: by name and age); unchanged in English words, or when
    not an action's."""
    if language() == "en" and (words is None or words.standard):
        return label
    if label == "pass":
        return _("pass")
    if label == "decline":                 # an offer (`may pay ... to ...`) not taken
        return _("decline")
    price = _PRICE.match(label)
    if price is not None:
        return _("pay the price") + _payments(price)
    copied = _STAGE_COPY.match(label)
    if copied is not None:                 # a neighbour's stage copied (`copy stage N of ...`)
        return _("copy stage {number} of {wonder} {side}").format(
            number=copied["number"], wonder=names().city(copied["wonder"]), side=copied["side"])
    paid = _PAY.match(label)
    if paid is not None:                   # a loss settled (engine/actions.py, kind "pay")
        count = int(paid["count"])
        tokens = ngettext("{count} {kind} token", "{count} {kind} tokens", count).format(
            count=count, kind=names().token(paid["kind"]))
        return ngettext("pay {coins} coin and take {tokens}", "pay {coins} coins and take {tokens}",
                        int(paid["coins"])).format(coins=paid["coins"], tokens=tokens)
    match = _LABEL.match(label)
    if match is None:
        return label
    if match["hidden"]:                    # a card face down, as others are told it (`face_down`)
        card = _("a card")
    elif words is None:
        card = f"{names().card(match['card'])} ({match['age']})"
    else:
        card = words.card_named(match["card"], match["age"])
    if match["stage"]:                     # a stage of a side of `stages in any order`
        text = _("wonder stage {number} with {card}").format(number=match["stage"], card=card)
    else:
        text = {"build": _("build {card}"), "wonder stage with": _("wonder stage with {card}"),
                "sell": _("sell {card}"), "keep": _("keep {card}"),
                "copy": _("copy {card}"), "remove": _("remove {card}"), "put": _("put {card}")}[match["kind"]].format(card=card)
    if match["link"]:                      # a neighbour's building (`chains from ...`)
        text += " " + (_("free by chain from {card} (left neighbour)") if match["side"] == "left" else
                       _("free by chain from {card} (right neighbour)")).format(card=names().card(match["link"]))
    elif match["free"] and match["free"].split()[2] == "token":     # paid by kept tokens: "(KIND)", "(N KIND)"
        *count, kind = match["colour"].split()
        many = int(count[0]) if count else 1
        tokens = ngettext("{count} {kind} token", "{count} {kind} tokens", many).format(
            count=many, kind=names().token(kind))
        text += " " + _("free by token ({tokens})").format(tokens=tokens)
    elif match["colour"]:                  # a power of one colour (engine/actions.py)
        text += " " + _("free by power ({colour})").format(colour=names().color(match["colour"]))
    elif match["free"]:
        text += " " + {"chain": _("free by chain"), "power": _("free by power"),
                       "phase": _("free by phase")}[match["free"].split()[2]]
    text += _payments(match)
    if match["discard"]:
        text += " " + _("from the discard pile")
    return text


def face_down(label: str) -> str:
    """The label as the other players are told it when its card ends face down (sold to
    the discard pile, put under a wonder stage): `sell a card`, `wonder stage 2 with a
    card paying 1 to left`; any other label unchanged."""
    match = _LABEL.match(label)
    if match is None or match["hidden"] or match["discard"] or not match["kind"].startswith(("sell", "wonder stage")):
        return label
    return label[:match.start("card")] + "a card" + label[match.end("age") + 1:]


def _payments(match) -> str:
    """` paying 1 to left and 2 to the bank` of a label's match, in the chosen language."""
    pays = [_("{coins} to left").format(coins=match["left"])] if match["left"] else []
    pays += [_("{coins} to right").format(coins=match["right"])] if match["right"] else []
    pays += [_("{coins} to the bank").format(coins=match["bank"])] if match["bank"] else []
    return " " + _("paying {payments}").format(payments=_(" and ").join(pays)) if pays else ""


def option_by_name(answer: str, options, tables) -> int | None:
    """The option an answer names, in either language: an option's words as shown or as
    labelled, or a card's name (its cheapest way to build it); None when it names none."""
    typed = " ".join(answer.split()).casefold()
    if not typed:
        return None
    for n, option in enumerate(options):
        label = option.label(tables)
        if typed in (label.casefold(), shown_action(label).casefold()):
            return n
    cards = {tables.cards[o.card].name for o in options if o.card >= 0 and o.kind != COPY_STAGE}
    card = names().to_english("card", typed, cards)
    if card is None:
        return None
    return next((n for n, o in enumerate(options) if o.kind == BUILD and tables.cards[o.card].name == card), None)
