"""The whole game state as JSON, and back, at any decision point (or between two turns).

Hands, cities, piles, the random generator and the log, and what the game is in the
middle of (`flow`: the steps still to do, the open decisions, the choices of the turn
collected so far, the actions set aside for the turn's end, the chain of triggers
acting).  Rule objects in the flow (a trigger, an action, a card's effects) are saved as
their number in the compiled program (compile/tables.py `Tables.operations`): a save is only ever loaded with the same
content (its digest is checked).  Derived city tables are rebuilt on load, never stored.
A save between two turns has nothing in flight and is written as format 1, as before
saves could hold the flow (older versions read it); one in the middle of a turn is
format 2, with the `flow`.  The fields read back one by one are engine/save_fields.py's,
the flow engine/save_flow.py's; here the whole, and what no rule could reach (`_impossible`)."""

from __future__ import annotations

from ..compile import Tables
from ..marked import N_
from .city import City
from .game import Game
from .laws import refresh as refresh_laws
from .placed import share_zones
from .save_fields import (Data, SaveError, bank_used, board_lost, card_ref, free_builds_used, gained_shields, kept,
                          order_parts, position, random_state, stacked, stage_order, zones)
from .save_flow import flow_from_data, flow_to_data

FORMAT = "wonders-save/2"
FORMATS = ("wonders-save/1", FORMAT)


def content_digest(tables: Tables) -> str:
    """A fingerprint of the effective content (variants applied), blind to layout and
    comments: a log or save made with other rules is refused.  Computed once per rule set
    (it describes every item: a tenth of a second, and saves are made every turn).  A memo,
    not made by the compile pass: it costs twice the pass, and most rule sets compiled (the
    checker's, the studio's, the tests') are never saved."""
    found: str = tables.cached("content digest", tables.content_digest)
    return found


def game_to_data(game: Game) -> Data:
    t = game.tables

    def refs(indexes: list[int]) -> list[str]:
        return [card_ref(t, i) for i in indexes]
    version, internal, gauss = game.rng.getstate()
    between_turns = game.between_turns() and not game.pending and not game.events.acting
    data: Data = {
        "format": FORMATS[0] if between_turns else FORMAT,
        "content": content_digest(t),
        "options": game.options,
        "age_index": game.age_index, "turn": game.turn, "finished": game.finished,
        "started": game.started, "fired": dict(sorted(game.fired.items())),
        "at": list(game.at), "rounds": None if game.rounds is None else list(game.rounds),
        "holders": {str(seat): holder for seat, holder in sorted(game.holders.items())},
        "rng": [version, list(internal), gauss],
        "cities": [{"name": c.name, "wonder": c.side.wonder, "side": c.side.side, "coins": c.coins,
                    "built": refs(c.built), "stages": c.stages, "under_stages": refs(c.under_stages),
                    **({"stage_order": list(c.stage_order)} if c.side.any_order else {}),
                    "tokens": list(c.tokens), "free_build_used": list(c.free_build_used),
                    **({"kept": dict(sorted(c.kept.items()))} if c.kept else {}),
                    **({"copied": refs(c.copied)} if c.copied else {}),
                    **({"entombed": [[n, card_ref(t, i)] for n, i in c.entombed]} if c.entombed else {}),
                    **({"copied_stages": [list(p) for p in c.copied_stages]} if c.copied_stages else {}),
                    **({"bank_used": c.bank_used} if c.bank_used else {}),
                    **({"gained_shields": c.gained_shields} if c.gained_shields else {}),
                    **({"board_lost": True} if c.board_lost else {})}
                   for c in game.cities],
        "hands": [refs(h) for h in game.hands],
        "discard": refs(game.discard),
        "box": refs(game.box),
        "log": game.log,
    }
    if game.zones:                         # only rules with zones have them (older saves had none)
        data["zones"] = {zone: [refs(held) for held in seats] for zone, seats in game.zones.items()}
    if any(game.stacked.values()):         # zones for the table: the seats in the order their cards came
        data["stacked"] = {zone: list(order) for zone, order in game.stacked.items()}
    if game.revealed:                      # only rules that reveal cards have them
        data["revealed"] = [refs(batch) for batch in game.revealed]
    if not between_turns:                  # what format 1 (between two turns only) did not hold
        data["flow"] = flow_to_data(game)
    return data


def game_from_data(tables: Tables, data: Data) -> Game:
    if not isinstance(data, dict) or data.get("format") not in FORMATS:
        raise SaveError(N_('not a saved game (expected "format": "{old}" or "{new}")'), old=FORMATS[0], new=FORMAT)
    if data.get("content") != content_digest(tables):
        raise SaveError(N_("the save was made with other content (its rules, cards or wonders differ)"))
    index = {card_ref(tables, c.index): c.index for c in tables.cards}

    def cards(refs: object, field: str) -> list[int]:
        if not isinstance(refs, list):
            raise SaveError(N_('{field} must be a list of cards, each written "Name@age"'), field=field)
        unknown = [r for r in refs if not isinstance(r, str) or r not in index]
        if unknown:
            raise SaveError(N_('{field}: unknown card {card!r} (cards are written "Name@age")'), field=field,
                            card=unknown[0])
        return [index[r] for r in refs]

    try:
        game = Game.__new__(Game)
        game.tables, game.options = tables, dict(data["options"])
        game.seed = game.options.get("seed", 0)
        game.rng = random_state(data["rng"])
        game.age_index, game.turn, game.finished = data["age_index"], data["turn"], data["finished"]
        game.started, game.fired = bool(data["started"]), dict(data["fired"])
        game.at, game.rounds = position(tables, data, game.age_index)
        game.players = int(game.options["players"])
        rules = tables.rules
        game.table = None if rules.min_players <= game.players <= rules.max_players \
            else tables.ruleset.table(game.players)
        game.neutrals = {game.players + i: n for i, n in enumerate(game.table.neutrals)} if game.table else {}
        game.holders = {int(seat): int(holder) for seat, holder in dict(data["holders"]).items()}
        game.reset_events()
        game.log = list(data["log"])
        game.pending = []
        game.reset_flow()
        game.hands = [cards(h, f"hands[{i}]") for i, h in enumerate(data["hands"])]
        game.discard = cards(data["discard"], "discard")
        game.box = cards(data["box"], "box")
        game.zones = zones(data.get("zones", {}), rules.zones, game.players + len(game.neutrals), cards,
                            rules.table_zones)
        game.stacked = stacked(data.get("stacked", {}), rules.table_zones, game.zones)
        revealed = data.get("revealed", [])
        if not isinstance(revealed, list):
            raise SaveError(N_('"revealed" must be a list of the cards each reveal put on the table'))
        game.revealed = [cards(batch, f"revealed[{i}]") for i, batch in enumerate(revealed) if batch]
        game.cities = []
        for seat, c in enumerate(data["cities"]):
            side = next((s for s in tables.sides if s.wonder == c["wonder"] and s.side == c["side"]), None)
            if side is None:
                raise SaveError(N_("cities[{seat}]: no wonder side {wonder} {side}"), seat=seat, wonder=c["wonder"],
                                side=c["side"])
            city = City(tables, seat, c["name"], side, c["coins"])
            city.built = cards(c["built"], f"cities[{seat}].built")
            city.names = {tables.cards[i].name for i in city.built}
            city.stages = c["stages"]
            city.stage_order = stage_order(c.get("stage_order"), city, seat)
            city.under_stages = cards(c["under_stages"], f"cities[{seat}].under_stages")
            city.tokens = list(c["tokens"])
            city.kept = kept(c.get("kept", {}), seat, tables)
            city.free_build_used = free_builds_used(c["free_build_used"], seat)
            city.copied = cards(c.get("copied", []), f"cities[{seat}].copied")
            city.entombed, city.copied_stages = order_parts(c, city, seat, cards)
            city.bank_used = bank_used(c.get("bank_used", 0), seat)
            city.gained_shields = gained_shields(c.get("gained_shields", 0), seat)
            city.board_lost = board_lost(c.get("board_lost", False), seat)
            city.rebuild()
            game.cities.append(city)
        if game.revealed:                     # the cards shown are in play in every city: derived too
            game.show_revealed()
        share_zones(game)
        if data["format"] != FORMATS[0]:
            flow_from_data(game, data["flow"], cards)
        if tables.has_laws:                   # derived, as the cities' tables are: never saved
            refresh_laws(game)
    except SaveError:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError, OverflowError) as err:
        if isinstance(err, KeyError) and err.args:
            raise SaveError(N_('the save is missing "{field}" or has a field of the wrong kind'),
                            field=err.args[0]) from None
        raise SaveError(N_("the save is missing a field or has a field of the wrong kind")) from None
    problem = _impossible(game)
    if problem:
        raise problem
    return game


def _impossible(game: Game) -> SaveError | None:
    """Why a loaded state is one the rules could never reach (None when it is possible)."""
    rules = game.tables.rules
    seats = game.players + len(game.neutrals)
    if len(game.cities) != seats or len(game.hands) != seats:
        return SaveError(N_("{players} players need {seats} cities and hands, not {cities} and {hands}"),
                         players=game.players, seats=seats, cities=len(game.cities), hands=len(game.hands))
    if not isinstance(game.age_index, int) or not 0 <= game.age_index < len(rules.ages):
        return SaveError(N_('"age_index" must be between 0 and {last}'), last=len(rules.ages) - 1)
    first = 0 if any(p.when for p in rules.phases) else 1   # before age I's deal, a phase's turn is 0
    if not isinstance(game.turn, int) or not first <= game.turn <= game.age.turns:
        return SaveError(N_('"turn" must be a whole number from {first} to {last}'), first=first, last=game.age.turns)
    wonders = [c.side.wonder for c in game.cities]
    if len(set(wonders)) != len(wonders):
        return SaveError(N_("two cities have the same wonder"))
    for seat, city in enumerate(game.cities):
        where = f"cities[{seat}]"
        if not isinstance(city.name, str):
            return SaveError(N_("{where}.name must be text"), where=where)
        if not isinstance(city.coins, int) or city.coins < 0:
            return SaveError(N_("{where}.coins must be a whole number, at least 0"), where=where)
        if not isinstance(city.stages, int) or not 0 <= city.stages <= len(city.side.stages):
            return SaveError(N_("{where}.stages must be between 0 and {last}"), where=where, last=len(city.side.stages))
        if len(city.names) != len(city.built):
            return SaveError(N_("{where}.built holds two buildings of one name"), where=where)
        if any(game.tables.cards[i].age > game.age.number for i in city.built):
            return SaveError(N_("{where}.built holds a card of a later age"), where=where)
    for seat, holder in game.holders.items():
        if seat not in game.neutrals or not 0 <= holder < game.players:
            return SaveError(N_('"holders" must map each neutral city\'s seat to a player\'s seat'))
    return None
