"""`each other city with fewer VALUE: ACTION` (or `with more`; docs/language.md, "Acting on
other cities"): the action acts only in the cities of the group whose VALUE, counted in
each as if it were the owner, is below (above) the owner's own.  Armada's taxes: the
cities whose yellow ship is behind the owner's lose coins (issue 37).  A VALUE the same in
every city is E1218, where it is written."""

from __future__ import annotations

from interpreter.check.load import check_paths
from interpreter.syntax import printer
from interpreter.syntax.parser import parse_text
from test_triggers import hand, new_game, started, variant, variant_folder

TAX = """card "Altar" {
    age I  color blue  copies 3+ 5+
    points 2
    when built: each other city with fewer commerce tokens: lose 2 coins
}"""


def _tax(tmp_path, trade=(2, 1, 2), items=TAX):
    tables = variant(tmp_path, items="tokens: commerce\n" + items)
    game = started(new_game(tables))
    for seat, n in enumerate(trade):
        game.cities[seat].kept["commerce"] = n
        game.cities[seat].coins = 5
        hand(game, seat, "Altar", "Baths", "Lumber Yard")
    for seat in range(3):
        wanted = "build Altar" if seat == 0 else "sell"
        game.choose(next(o for o in game.options_for(seat, "turn") if o.label(tables).startswith(wanted)), seat)
    return game


def test_only_the_cities_behind_the_owner_pay(tmp_path):
    game = _tax(tmp_path)                           # the owner has 2; seat 1 has 1, seat 2 has 2 too
    assert [c.coins for c in game.cities] == [5, 5 + 3 - 2, 5 + 3]


def test_with_more_reaches_the_cities_ahead(tmp_path):
    game = _tax(tmp_path, trade=(1, 0, 3), items=TAX.replace("with fewer", "with more"))
    assert [c.coins for c in game.cities] == [5, 5 + 3, 5 + 3 - 2]


def test_written_back_as_read(tmp_path):
    tree, problems = parse_text("tokens: commerce\n" + TAX, "t.wonders")
    assert problems == []
    text = printer.print_item(tree.items[1])
    assert "when built: each other city with fewer commerce tokens: lose 2 coins" in text
    again, problems = parse_text("tokens: commerce\n" + text, "t.wonders")
    assert problems == [] and printer.print_item(again.items[1]) == text


def test_a_value_the_same_in_every_city_is_e1218(tmp_path):
    folder = variant_folder(tmp_path, items="tokens: commerce\n" + TAX.replace("with fewer commerce tokens",
                                                                          "with fewer (players)"))
    found = [(d.code, d.span.line) for d in check_paths([folder]).diagnostics]
    assert [code for code, _line in found] == ["E1218"]
