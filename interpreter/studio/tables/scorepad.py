"""Where each point of a finished game came from: every city's score pad, line by line,
with the cards, wonder stages and board behind each line, and what the rules score
themselves (military tokens, coins, sets of symbols: the city's tokens and coins are
listed beside them).  What the end-of-game choices add (a symbol of one's choice, a copied
card) is the rest of a line, said as such: the pad is the engine's own (`Game.scores`).
A line the rules score from science symbols lists, beside its points, the sources whose
symbols it counted (`symbols_from`: the green cards, stages, boards), and the choice's
part those that give a symbol of one's choice."""

from __future__ import annotations

from ...bots.reads import reads
from ...compile import rules_run, run_of
from ...engine.quantities import Where
from ...kinds.effects import effect_kind_of


def score_sheet(game) -> dict:
    t = game.tables
    pads = game.scores()
    winners = game.winners(pads)
    categories = list(t.rules.score_pad)
    cities = []
    for seat, (city, pad) in enumerate(zip(game.cities, pads)):
        left, right = game.neighbours(seat)
        where = Where(city, left, right, None, tuple(game.cities), game.age.number, game.age.victory, tuple(city.symbols))
        lines = []
        for category in categories:
            items = _items(t, city, where, category)
            rules = sum(value(where) for c, value in rules_run(t).scores if c == category)
            if rules:
                items.append({"source": "the rules", "kind": "rules", "points": rules})
            rest = pad[category] - sum(i["points"] for i in items)
            if rest:
                items.append({"source": "choices at the game's end (a symbol of one's choice, a copied card)",
                              "kind": "choice", "points": rest})
            if any("symbols" in reads(s.value) for s in t.rules.scores if s.category.text == category):
                _symbols_from(city, items)
            lines.append({"category": category, "points": pad[category], "items": items})
        cities.append({"seat": seat, "name": city.name, "wonder": city.side.wonder, "side": city.side.side,
                       "total": sum(pad.values()), "coins": city.coins, "tokens": list(city.tokens),
                       "winner": seat in winners, "lines": lines})
    return {"categories": categories, "cities": cities, "winners": [game.cities[s].name for s in winners]}


def _items(t, city, where, category: str) -> list[dict]:
    found = []
    for source in city.owned_sources():
        points = source.points if source.points and source.points_category == category else 0
        if source.scores:
            points += sum(value(where) for c, value in (source.run or run_of(source)).scores if c == category)
        if points:
            found.append({"source": source.name, "kind": source.kind, "color": source.color, "points": points})
    return found


def _symbols_from(city, items: list[dict]) -> None:
    """Beside the rules' part of a line scored from symbols, the sources of the fixed
    symbols; beside the choice's part, those of the symbols of one's choice."""
    by_kind = {i["kind"]: i for i in items}
    for source in city.owned_sources():
        for effect in source.static:
            kind = effect_kind_of(effect)
            symbols = kind.symbols(effect) if kind is not None else ()
            if symbols:
                wild = len(symbols) > 1
                item = by_kind.get("choice" if wild else "rules") or by_kind.get("rules") or by_kind.get("choice")
                if item is not None:
                    item.setdefault("symbols_from", []).append(
                        {"source": source.name, "kind": source.kind, "color": source.color, "choice": wild,
                         "symbols": list(symbols)})
